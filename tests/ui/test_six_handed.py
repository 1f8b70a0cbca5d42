"""Six-handed at the table (RULES.md §4.3): the six seats laid out at 1024×640, 1280×720 and 1920×1080 without
overlaps, partners in alternate seats, a whole deal against the computer through clicks, hot-seat and mixed tables
whose hand-overs go only to people, and New game / the commands / the config offering it."""

from __future__ import annotations

import argparse
import random
from itertools import combinations

import pytest
from test_variants import inside, play_deal
from text_spy import drawn_texts
from ui_driver import DT, button, click, human_move, make_app, table_of, wait_rest

from bezique.presenter.layout import Layout, card_box
from bezique.presenter.model import stock_depth
from bezique.presenter.setup import SEATABLE_VARIANTS
from bezique.rules import Verb, make_ruleset
from bezique.ui.table.overlays import HandOverScene, ResultOverlay

pytestmark = pytest.mark.usefixtures("pygame_quit")

SIZES = [(1024, 640), (1280, 720), (1920, 1080)]


def zones(L: Layout) -> dict[str, object]:
    """Every zone of the table by name: the shared ones, each seat's badge, hand and melds, and the buttons."""
    out = {"status": L.status, "stock": L.stock, "trick": L.trick, "won": L.won, "prompt": L.prompt}
    for rel, seat in enumerate(L.seats):
        out[f"badge{rel}"], out[f"hand{rel}"], out[f"melds{rel}"] = seat.badge, seat.hand, seat.melds
    for i, b in enumerate(L.buttons):
        out[f"button{i}"] = b
    return out


@pytest.mark.parametrize("size", SIZES)
def test_six_seats_fit_inside_and_apart(size):
    w, h = size
    L = Layout.for_size(w, h, 6)
    assert len(L.seats) == 6
    assert [seat.pos for seat in L.seats] == ["bottom", "left", "top_left", "top", "top_right", "right"]
    boxes = zones(L)
    for name, box in boxes.items():
        assert inside(box, w, h), (name, box)
    for (a, box_a), (b, box_b) in combinations(boxes.items(), 2):
        if {a, b} == {"hand0", "prompt"}:  # the prompt sits on the hand's raised arc, as at every table
            continue
        assert not box_a.intersects(box_b), (a, b, box_a, box_b)
    # the declaration panel lies where the trick was, clear of every seat and of the side columns
    for name, box in boxes.items():
        if name not in ("trick", "hand0"):
            assert not L.decl_panel.intersects(box), name
    assert L.decl_panel.h >= 140 * L.s  # a title, two meld rows and Draw
    # the seats' cards stay in their zones: eight concealed cards, four meld groups
    for rel in range(1, 6):
        seat = L.seats[rel]
        for slot in L.opp_hand_slots(8, rel):
            box = card_box(slot)
            assert seat.hand.x - 1 <= box.x and box.right <= seat.hand.right + 1, rel
            assert seat.hand.y - 1 <= box.y and box.bottom <= seat.hand.bottom + 1, rel
        for rows in L.meld_rows(seat.melds, [4, 2, 3, 2]):
            for slot in rows[0]:
                box = card_box(slot)
                assert seat.melds.x - 1 <= box.x and box.right <= seat.melds.right + 1
                assert seat.melds.y - 1 <= box.y and box.bottom <= seat.melds.bottom + 1
            assert rows[1].bottom <= seat.melds.bottom + 1  # the caption too
    # the stock (its full height) lies under the stock note's two lines and over its count
    top = card_box(L.stock_slot(stock_depth(144)))
    assert top.y >= L.stock.y + 76 * L.s and card_box(L.stock_slot()).bottom <= L.stock.bottom - 28 * L.s
    assert L.stock.contains(L.turn_up_slot().cx, L.turn_up_slot().cy)
    # the trick: six places, apart, between the row of seats and the player's own melds; six won piles
    slots = [L.trick_slot(i, rel) for i, rel in enumerate(range(6))]
    assert len({(round(s.cx), round(s.cy)) for s in slots}) == 6
    for slot in slots:
        box = card_box(slot)
        assert box.y >= L.seats[1].melds.bottom and box.bottom <= L.my_melds.y
        assert L.stock.right < box.x and box.right < L.won.x
    piles = [L.won_slot(rel) for rel in range(6)]
    assert all(L.won.contains(p.cx, p.cy) for p in piles) and len({round(p.cy) for p in piles}) == 6
    assert piles[-1].cy + piles[-1].height * 0.7 / 2 < L.peek_button().y  # the last pile clears its button


def test_partners_sit_in_alternate_seats_and_share_their_points():
    rules = make_ruleset("six_handed", {})
    assert rules.partnership and rules.players == 6
    assert [rules.side_of(seat) for seat in range(6)] == [0, 1, 0, 1, 0, 1]
    app, table = make_app(variant="six_handed", seed=5)
    wait_rest(app)
    texts = drawn_texts(app)
    partners, opponents = texts.count("Partner"), texts.count("Opponent")  # each tag measured, then drawn
    assert partners and partners * 3 == opponents * 2 and "Your side" in texts  # two partners, three opponents
    assert len(table.stage.model.scores) == 2  # one score per side, on each of its badges


def test_a_six_handed_deal_against_the_computer_through_clicks():
    app, table = make_app(variant="six_handed", seed=7, level="beginner")
    wait_rest(app)
    state = table.session.state
    assert len(state.stock) == 144 and state.turn_up == state.stock[0]  # 192 cards: eight each, the turn-up under
    model = table.stage.model  # the seats before the viewer have led and followed already
    assert sum(len(model.hands[s]) for s in range(6)) + len(model.trick) == 48
    moves = play_deal(app, random.Random(2))
    assert moves.count("play") == 32  # 24 tricks while the stock lasts, then the last 8
    assert isinstance(app.stack.top, ResultOverlay)
    state = table.session.state
    assert len(state.scores) == 2 and table.stage.model.scores == list(state.scores)
    assert sum(len(pile) for pile in table.stage.model.won.values()) == 192
    assert table.sync_errors == 0 and table.stage.deals_seen == 1


def _hand_overs(app, limit: int) -> list[int]:
    """Play on (random clicks for whoever is at the screen) until `limit` hand-overs; the seats handed to.
    Checks on the way that nobody at the screen ever sees another person's concealed hand."""
    rng = random.Random(4)
    seats = []
    for _ in range(6000):
        wait_rest(app)
        top = app.stack.top
        if isinstance(top, ResultOverlay) or len(seats) >= limit:
            break
        if isinstance(top, HandOverScene):
            seats.append(top.seat)
            top.time = 1.0
            click(app, (10, 10))
            assert table_of(app).stage.viewer == top.seat
            continue
        table = table_of(app)
        for seat in table.stage.model.others:
            if table.session.seats[seat].kind == "human":
                assert all(k < 0 for k in table.stage.model.hands[seat]), seat
        if table.human_turn():
            assert not table.curtain.hiding and table.session.to_act == table.stage.viewer
            human_move(app, rng)
        else:
            app.tick(DT)
    return seats


def test_hot_seat_hands_the_screen_round_all_six():
    app, table = make_app(variant="six_handed", seed=3, hotseat=True)
    assert [s.kind for s in table.session.seats] == ["human"] * 6
    seats = _hand_overs(app, 14)
    assert len(seats) >= 14 and set(seats) == set(range(6))


def test_a_mixed_table_hands_over_only_to_its_people():
    from bezique.ui.shell import Shell
    shell = Shell.create(size=(1280, 720), fullscreen=False)
    app = shell.app
    setup = shell.default_setup()
    setup.variant, setup.target, setup.seed = "six_handed", 1000, 9
    setup.people = [False, False, True, False, False]  # seat 3, an opponent, is a person too
    shell.start_game(setup)
    table = table_of(app)
    assert [s.kind for s in table.session.seats] == ["human", "ai", "ai", "human", "ai", "ai"]
    seats = _hand_overs(app, 6)
    assert len(seats) >= 6 and set(seats) == {0, 3}


@pytest.mark.usefixtures("shell_data")
def test_new_game_offers_six_handed_and_starts_it():
    from test_new_game_house_rules import chip, make_shell, press
    shell = make_shell()
    app = shell.app
    form = app.stack.top
    assert "six_handed" in [v for _, v in form._options("variant")]
    press(app, chip(form, "variant", "six_handed"))
    press(app, "start")
    table = table_of(app)
    assert table.session.rules.variant == "six_handed" and len(table.stage.layout.seats) == 6
    assert [s.kind for s in table.session.seats] == ["human", *["ai"] * 5]


def test_the_commands_and_the_config_offer_six_handed(monkeypatch, tmp_path):
    from bezique import config as config_module
    from bezique.commands import play
    from bezique.games import defaults as start
    assert "six_handed" in SEATABLE_VARIANTS
    parser = argparse.ArgumentParser()
    play.add_arguments(parser)
    assert parser.parse_args(["--variant", "six_handed"]).variant == "six_handed"
    path = tmp_path / "config.yaml"
    path.write_text("variant: six_handed\n", encoding="utf-8")
    monkeypatch.setattr(start, "load_config", lambda: config_module.load_config(path))
    config, problems = start.load_config_settings()
    assert config.variant == "six_handed" and config.rules.players == 6 and not problems


def test_the_winner_of_a_trick_may_pass_to_either_teammate():
    """RULES.md §4.3: with two teammates there are two passes; the panel shows both, a row each (side by side they
    took half the panel and cut the melds' words), and each click passes to the teammate it names."""
    app, _ = make_app(variant="six_handed", seed=7)
    rng = random.Random(4)
    passed: list[int] = []

    def maybe_pass(app, table):
        seats = [a.seat for a in table.session.legal() if a.verb == Verb.PASS_TO_PARTNER]
        if len(seats) < 2 or len(passed) >= 2:
            return None
        first, second = button(table, f"pass:{seats[0]}"), button(table, f"pass:{seats[1]}")
        assert first is not None and second is not None
        assert first.box.x == second.box.x and not first.box.intersects(second.box)  # a row each
        names = {table.session.seats[s].name for s in seats}
        assert {first.label, second.label} == {table.app.t("action.pass_to_partner", name=n) for n in names}
        choice = seats[len(passed) % 2]  # the first time the first teammate, then the second
        b = first if choice == seats[0] else second
        click(app, (b.box.cx, b.box.cy))
        assert table.session.state.step_actor == choice
        passed.append(choice)
        return "pass"

    play_deal(app, rng, maybe_pass)
    assert len(passed) == 2 and len(set(passed)) == 2


@pytest.mark.parametrize("size", SIZES)
def test_the_trick_is_one_row_round_the_table_with_no_card_over_another(size):
    """The viewer's card first, then the row of seats' in the order of their panels above it; no card covers any
    part of another, and all six lie inside the trick's zone, clear of the melds above and the player's below."""
    L = Layout.for_size(*size, 6)
    slots = [L.trick_slot(i, rel) for i, rel in enumerate(range(6))]
    assert [s.cx for s in slots] == sorted(s.cx for s in slots)
    assert [L.badge_of(rel).cx for rel in range(1, 6)] == sorted(L.badge_of(rel).cx for rel in range(1, 6))
    boxes = [card_box(s) for s in slots]
    assert not any(a.intersects(b) for a, b in combinations(boxes, 2))
    for box in boxes:
        assert L.trick.x <= box.x and box.right <= L.trick.right and L.trick.y <= box.y and box.bottom <= L.trick.bottom
        assert box.y > L.seats[1].melds.bottom + 14 * L.s and box.bottom + 14 * L.s < L.my_melds.y  # names' room
