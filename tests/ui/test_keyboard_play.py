"""The whole game with the keyboard alone: real KEYDOWN events choose and play cards, declare, exchange the seven,
draw, pass the hot-seat hand-over and close the scoreboard; the focus shows only once a key is used and follows the
mouse. Stepped time and iteration budgets, no sleeps; the assertions are on the game's state."""

import random

import pygame
import pytest
from test_table import stacked_app
from text_spy import drawn_texts
from ui_driver import DT, button, finish_thinking, key, make_app, move, point_on, step, table_of, wait_rest

from bezique.i18n import t
from bezique.rules import Phase, Verb, parse_code
from bezique.ui.table.overlays import HandOverScene, ResultOverlay

pytestmark = pytest.mark.usefixtures("pygame_quit")  # conftest: pygame shut down after each test
REFUSALS = {t(k, "en") for k in ("table.must_follow", "table.must_trump", "table.must_beat")}


def focus_on_card(app, table, card) -> None:
    """Right until the focus is on `card` (the first key only shows it); at most one turn round the hand."""
    for _ in range(len(table.controls.focus_cards()) + 1):
        if table.controls.focus.shown and table.controls.focused_card() == card:
            return
        key(app, pygame.K_RIGHT)
    raise AssertionError(f"the focus never reached card {card}")


def focus_on_row(app, table, row) -> None:
    """Down until the focus is on the declaration row `row`."""
    for _ in range(len(table.controls.focus_rows()) + 1):
        if table.controls.focus.shown and table.controls.focus_outline()[1] == button(table, row).box:
            return
        key(app, pygame.K_DOWN)
    raise AssertionError(f"the focus never reached row {row}")


def keyboard_move(app, table, rng: random.Random, refused: list[str]) -> str:
    """One move of the player at the screen by keys alone; checks the game took it."""
    session = table.session
    legal = session.legal()
    seat = session.to_act
    if session.state.phase == Phase.PLAY:
        cards = table.controls.focus_cards()
        ok = {a.cards[0] & 31 for a in legal if a.verb == Verb.PLAY}
        bad = [c for c in cards if c & 31 not in ok]
        if bad and not refused:  # once: an illegal card says why, and stays in the hand
            focus_on_card(app, table, bad[0])
            key(app, pygame.K_RETURN)
            assert table.stage.message is not None and table.stage.message[0] in REFUSALS
            assert app.sounds.played[-1] == "illegal"
            assert bad[0] in session.state.hands[seat] + session.state.tables[seat]
            refused.append(table.stage.message[0])
        card = rng.choice([c for c in cards if c & 31 in ok])
        focus_on_card(app, table, card)
        assert table.controls.focus_outline()[0] is table.stage.sprites[card]  # the outline is round it
        done = len(session.game.deals[-1]["actions"])
        key(app, pygame.K_SPACE if rng.random() < 0.5 else pygame.K_RETURN)
        played = session.game.deals[-1]["actions"][done]  # the next move recorded: this card (or its twin)
        assert played["player"] == seat and parse_code(played["play"])[0] == card & 31
        return "play"
    assert session.state.phase == Phase.DECLARE
    verbs = {a.verb for a in legal}
    if Verb.PASS_TO_PARTNER in verbs and rng.random() < 0.5:
        partner = next(a.seat for a in legal if a.verb == Verb.PASS_TO_PARTNER)
        focus_on_row(app, table, f"pass:{partner}")
        key(app, pygame.K_RETURN)
        assert session.state.step_actor == partner != seat
        return "pass"
    if Verb.EXCHANGE_SEVEN in verbs:
        focus_on_row(app, table, "exchange")
        key(app, pygame.K_RETURN)
        assert Verb.EXCHANGE_SEVEN not in {a.verb for a in session.legal()}
        return "exchange"
    if Verb.MELD in verbs and rng.random() < 0.6:
        melds = table.controls.decl_melds()
        i = rng.randrange(len(melds))
        scores = list(session.state.scores)
        focus_on_row(app, table, f"meld:{i}")
        assert table.controls.hover_meld == i  # its cards light up, as under the pointer
        key(app, pygame.K_RETURN)
        assert session.state.scores != scores, "the focused meld was declared"
        return "meld"
    focus_on_row(app, table, "done")
    key(app, pygame.K_RETURN)
    assert session.state.phase != Phase.DECLARE or session.to_act != seat
    return "done"


def play_by_keys(app, rng: random.Random, deals: int = 1, budget: int = 4000) -> list[str]:
    """Play until `deals` deals are scored, every input a key: the moves, the hand-over, the scoreboard."""
    moves: list[str] = []
    refused: list[str] = []
    for _ in range(budget):
        wait_rest(app)
        top = app.stack.top
        table = table_of(app)
        if isinstance(top, ResultOverlay):
            if table.stage.deals_seen >= deals:
                return moves
            key(app, pygame.K_RETURN)
            moves.append("next deal")
        elif isinstance(top, HandOverScene):
            for _ in range(30):  # the screen ignores a key in its first quarter second (a key meant for the table)
                app.tick(DT)
            key(app, pygame.K_RETURN)
            assert app.stack.top is table, "Enter closes the hand-over"
            moves.append("handover")
        elif table.human_turn():
            moves.append(keyboard_move(app, table, rng, refused))
        else:
            app.tick(DT)
            if table.turns.worker.busy:
                finish_thinking(table)
    raise AssertionError("the deal never ended")


def test_a_whole_two_handed_deal_by_keyboard():
    app, table = make_app(seed=1)
    moves = play_by_keys(app, random.Random(2))
    assert moves.count("play") >= 16 and "meld" in moves and "done" in moves
    assert table.stage.deals_seen == 1 and table.sync_errors == 0
    assert sum(table.session.state.scores) > 0
    key(app, pygame.K_RETURN)  # the scoreboard's Next deal
    wait_rest(app)
    assert table.session.state.deal_index == 1


def test_an_illegal_card_by_keyboard_says_why():
    app, table = make_app(seed=3)
    refused: list[str] = []
    rng = random.Random(5)
    for _ in range(4000):
        wait_rest(app)
        if refused or isinstance(app.stack.top, ResultOverlay):
            break
        if table.human_turn():
            keyboard_move(app, table, rng, refused)
    assert refused and refused[0] in REFUSALS


def test_a_three_handed_deal_by_keyboard():
    app, table = make_app(variant="three_handed", seed=4)
    moves = play_by_keys(app, random.Random(3))
    assert moves.count("play") >= 24
    assert table.stage.deals_seen == 1 and table.sync_errors == 0


def test_a_four_handed_deal_by_keyboard_with_pass_to_partner():
    app, table = make_app(variant="four_handed", seed=6)
    moves = play_by_keys(app, random.Random(8))
    assert "pass" in moves and moves.count("play") >= 16
    assert table.stage.deals_seen == 1 and table.sync_errors == 0


def test_hot_seat_by_keyboard():
    app, table = make_app(hotseat=True, seed=5)
    moves = play_by_keys(app, random.Random(4))
    assert moves.count("handover") >= 10 and moves.count("play") >= 32 and "exchange" in moves
    assert table.stage.deals_seen == 1 and table.sync_errors == 0


def take_the_hint_by_keys(app, table) -> None:
    """H asks for a hint (the computer's thinking finished at once): a card to play, which the focus moves to and
    shows; then a single Enter plays that card."""
    key(app, pygame.K_h)
    for _ in range(100):
        finish_thinking(table)
        app.tick(DT)
        if table.turns.hint is not None:
            break
    hint = table.turns.hint[0]
    controls = table.controls
    assert hint.verb == Verb.PLAY and controls.focused_card() == hint.cards[0] and controls.focus.shown
    done = len(table.session.game.deals[-1]["actions"])
    key(app, pygame.K_RETURN)
    assert parse_code(table.session.game.deals[-1]["actions"][done]["play"])[0] == hint.cards[0] & 31


def test_the_focus_is_hidden_until_a_key_and_follows_the_mouse():
    app, table = make_app(seed=11)
    wait_rest(app)
    controls = table.controls
    assert table.human_turn() and table.session.state.phase == Phase.PLAY
    assert controls.focus_outline() == (None, None)  # a mouse player never sees it
    cards = controls.focus_cards()
    hovered = next(c for c in cards if controls._playable(c))
    move(app, point_on(table, hovered))
    assert controls.focus.card == hovered and not controls.focus.shown
    move(app, (5, 5))
    key(app, pygame.K_RIGHT)  # the first key shows the focus where the pointer left it
    assert controls.focus_outline()[0] is table.stage.sprites[hovered]
    key(app, pygame.K_RIGHT)
    nxt = cards[(cards.index(hovered) + 1) % len(cards)]
    assert controls.focused_card() == nxt and table.stage.sprites[nxt].lift_target > 0
    assert table.stage.sprites[hovered].lift_target == 0
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert controls.focused_card() == hovered
    take_the_hint_by_keys(app, table)  # the keys that were there still work: a hint, the focus on its card


@pytest.mark.parametrize("variant", ["two_handed", "three_handed", "four_handed"])
def test_one_enter_takes_a_hint_asked_for_first(variant):
    """H before any other key (the focus still hidden): the hint's card is focused and shown, and a single Enter
    plays it (it took two at three and four seats)."""
    app, table = make_app(seed=11, variant=variant)
    rng = random.Random(3)
    for _ in range(200):
        wait_rest(app)
        if table.human_turn() and table.session.state.phase == Phase.PLAY:
            break
        step(app, rng)
    assert not table.controls.focus.shown
    take_the_hint_by_keys(app, table)


def test_the_focus_scrolls_the_declaration_panel_to_every_meld():
    # Seat 0 leads the ace of trumps (unbeatable) and then holds more melds than the panel shows at 720p.
    app, table = stacked_app(["AS", "KS", "QS", "KH", "QH", "KD", "QD", "KC"], "9S")
    wait_rest(app)
    focus_on_card(app, table, next(c for c in table.controls.focus_cards() if c & 31 == parse_code("AS")[0]))
    key(app, pygame.K_RETURN)
    wait_rest(app)
    melds = table.controls.decl_melds()
    assert len(melds) > table.controls.decl_rows()
    last = f"meld:{len(melds) - 1}"
    assert button(table, last) is None  # scrolled out of sight
    key(app, pygame.K_UP)  # from the first row up to Draw, then up again to the last meld
    assert table.controls.focus_outline()[1] == button(table, "done").box
    key(app, pygame.K_UP)
    assert button(table, last) is not None and table.controls.focus_outline()[1] == button(table, last).box
    key(app, pygame.K_RETURN)
    assert any(entry[3] == melds[-1].kind for entry in table.session.state.log)


@pytest.mark.parametrize("language", ["en", "it", "fr"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_the_keys_line_names_the_arrows_whole(language, size):
    app, _table = make_app(language=language, size=size)
    wait_rest(app)
    keys = t("table.keys", language)
    assert "←→" in keys and keys in drawn_texts(app)  # drawn whole, not cut short with "…"
