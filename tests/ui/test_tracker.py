"""The card tracker at the table, driven with real pygame events: off by default, C shows and hides it, shown
against the computer it marks the game assisted; on a stacked deal played by clicks it marks exactly the brisques
played and seen; its panel fits where the layout puts it (clear of every zone) at 1024×640, 1280×720 and 1920×1080
in every two-handed variant and language, with marks large enough to read there (and none touching the next), and a
table with three or four seats says it has no room; Settings offers it and keeps it."""

from __future__ import annotations

import dataclasses
import random

import pygame
import pytest
from text_spy import spy_on_blit_text
from ui_driver import DT, click, human_move, key, make_app, point_on, wait_rest

from bezique.i18n import t
from bezique.persist.user_settings import load_user_settings
from bezique.presenter.tracker import tracked_rows
from bezique.rules import RecordedGame, card_code, full_deck_faces, parse_code
from bezique.ui.scenes.settings import KEYS, SettingsScene
from bezique.ui.shell import Shell
from bezique.ui.shutdown import quit_pygame
from bezique.ui.table import tracker as tracker_module
from bezique.ui.table.scene import TableScene
from bezique.ui.table.tracker import SIZES

pytestmark = pytest.mark.usefixtures("pygame_quit")  # conftest: pygame shut down after each test

# seat 1 deals; the computer's hand, the turn-up's king aside, and the first four draws hold no tracked card, so
# whatever the computer plays, the tracker's marks are exactly the player's cards'
HAND0 = ["AS", "TS", "AH", "TC", "QS", "KD", "7C", "8S"]
HAND1 = ["9S", "8S", "9H", "8H", "9C", "8D", "7D", "9D"]
TURN_UP = "KH"
STOCK_TOP = ["7S", "7C", "8C", "7D"]


def stacked_table(**kw) -> tuple[object, TableScene]:
    """A table dealt from the deck above (seat 0 the elder, leading), the player's settings `kw`."""
    app, table = make_app(**kw)
    session = table.session
    session.first_dealer = 1
    session.game = RecordedGame.new(session.rules, session.game.players, 1, seed=session.seed)
    face = [parse_code(c)[0] for c in [*HAND0, *HAND1, TURN_UP, *STOCK_TOP]]
    h0, h1, turn, top = face[:8], face[8:16], face[16], face[17:]
    rest = full_deck_faces(2)
    for f in face:
        rest.remove(f)
    deck = h0[:3] + h1[:3] + h0[3:5] + h1[3:5] + h0[5:] + h1[5:] + [turn] + top + sorted(rest)
    session.rng = type("R", (), {"shuffle": lambda self, faces: faces.__setitem__(slice(None), deck)})()
    table.stage.cut_timer = 1e-6  # the stacked deal starts on the next tick
    return app, table


def marks(table: TableScene) -> dict[str, dict[str, tuple[int, int, int]]]:
    """What the panel marks, per row and card: (played, seen, not seen)."""
    rows = tracked_rows(table.session.view(table.stage.viewer))
    return {row.kind: {card_code(x.face)[:2]: (x.played, x.seen, x.unseen) for x in row.cards} for row in rows}


def play_card(app, table: TableScene, code: str) -> None:
    """Click the player's copy of `code` once it is their turn to lead or follow."""
    wait_rest(app)
    card = next(c for c in table.stage.model.hands[0] if card_code(c)[:2] == code)
    click(app, point_on(table, card))
    wait_rest(app)
    while table.human_turn() and table.session.state.phase == "declare":  # nothing declared: draw
        key(app, pygame.K_d)
        wait_rest(app)


def test_off_by_default_and_c_shows_it_and_marks_the_game_assisted() -> None:
    app, table = make_app(seed=4)
    wait_rest(app)
    assert table.tracker.box() is None and not table.session.assisted
    key(app, pygame.K_c)
    assert table.tracker.box() == table.stage.layout.tracker is not None
    app.tick(DT)
    assert table.session.assisted  # a game against the computer with the tracker counts as assisted
    key(app, pygame.K_c)
    assert table.tracker.box() is None and table.session.assisted  # hiding it again does not undo that


def test_a_stacked_deal_marks_exactly_the_brisques_played_and_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    app, table = stacked_table(card_tracker=True, speed="fast")
    wait_rest(app)
    assert table.session.state.trump == parse_code("KH")[0] >> 3
    before = marks(table)
    assert before["aces"] == {"AS": (0, 1, 1), "AH": (0, 1, 1), "AD": (0, 0, 2), "AC": (0, 0, 2)}
    assert before["sequence"]["KH"] == (0, 1, 1)  # the turn-up
    play_card(app, table, "AS")
    play_card(app, table, "TS")
    after = marks(table)
    assert after["aces"] == {"AS": (1, 0, 1), "AH": (0, 1, 1), "AD": (0, 0, 2), "AC": (0, 0, 2)}
    assert after["tens"] == {"TS": (1, 0, 1), "TH": (0, 0, 2), "TD": (0, 0, 2), "TC": (0, 1, 1)}
    assert after["bezique"] == {"QS": (0, 1, 1), "JD": (0, 0, 2)}
    assert after["sequence"] == {"AH": (0, 1, 1), "TH": (0, 0, 2), "KH": (0, 1, 1), "QH": (0, 0, 2),
                                 "JH": (0, 0, 2)}
    texts = spy_on_blit_text(monkeypatch)
    app.dirty = True
    app.tick(DT)
    box = table.tracker.box()
    assert box is not None
    ours = [(text, rect) for text, rect, _ in texts if text in (t("tracker.title", "en"), "A", "10", "Bezique",
                                                                    "Trumps", "played", "seen", "not seen")]
    assert {text for text, _ in ours} == {"Cards gone", "A", "10", "Bezique", "Trumps", "played", "seen",
                                          "not seen"}
    for text, rect in ours:
        assert box.x <= rect.x and rect.right <= box.right and box.y <= rect.y and rect.bottom <= box.bottom, text


MARK_ACROSS = {(1024, 640): 7, (1280, 720): 9, (1920, 1080): 13}  # px: a mark's least diameter at each window size


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", ["two_handed", "open", "rubicon", "chinese"])
@pytest.mark.parametrize("language", ["en", "it", "fr"])
def test_the_panel_fits_clear_of_every_zone(size: tuple[int, int], variant: str, language: str,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    app, table = make_app(seed=3, size=size, variant=variant, language=language, card_tracker=True)
    rng = random.Random(2)
    for _ in range(6):  # a few tricks: trumps made in Rubicon and Chinese often enough, melds on the tables
        wait_rest(app)
        if table.human_turn():
            human_move(app, rng)
    wait_rest(app)
    L = table.stage.layout
    box = table.tracker.box()
    assert box is not None and box == L.tracker
    assert box.x >= 0 and box.y >= 0 and box.right <= size[0] and box.bottom <= size[1]
    zones = [L.status, L.stock, L.trick, L.won, L.prompt, L.hand, L.decl_panel, L.banner, *L.buttons,
             *(zone for seat in L.seats for zone in seat[1:]), L.peek_button()]
    assert not any(box.intersects(zone) for zone in zones)
    rows = tracked_rows(table.session.view(0))
    assert any(table.tracker._fits(rows, box, size_ * L.s) for size_ in SIZES)  # drawn, not "no room"
    drawn: list[tuple[float, float, float]] = []  # each mark as drawn: its centre and radius
    real_mark = tracker_module._mark
    monkeypatch.setattr(tracker_module, "_mark", lambda surface, state, centre, radius: (
        drawn.append((*centre, radius)), real_mark(surface, state, centre, radius)))
    app.dirty = True
    app.tick(DT)
    if table.session.rules.packs > tracker_module.PIPS_UP_TO:  # Chinese: counts in figures, no marks in the rows
        return
    # a mark is a good part of the text's height (two rows of four copies in Rubicon: a little smaller)
    least = MARK_ACROSS[size] * (0.75 if table.session.rules.packs > 2 else 1)
    assert drawn and min(2 * r for _x, _y, r in drawn) >= least
    for i, (x, y, r) in enumerate(drawn):  # and apart: a gap of a pixel at least between any two
        assert all(((x - x2) ** 2 + (y - y2) ** 2) ** 0.5 >= r + r2 + 1 for x2, y2, r2 in drawn[i + 1:])


@pytest.mark.parametrize("variant", ["three_handed", "four_handed"])
def test_a_table_with_more_seats_says_it_has_no_room(variant: str) -> None:
    app, table = make_app(seed=3, variant=variant)
    wait_rest(app)
    assert table.stage.layout.tracker is None
    key(app, pygame.K_c)
    message = table.stage.message
    assert message is not None and message[0] == t("tracker.no_room", "en")
    assert table.tracker.box() is None
    app.tick(DT)
    assert not table.session.assisted  # nothing shown, nothing assisted


def test_two_at_one_screen_never_see_it_under_the_curtain_and_nothing_is_assisted(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app, table = make_app(seed=5, hotseat=True, card_tracker=True)
    texts = spy_on_blit_text(monkeypatch)
    table.curtain.hiding = True
    app.dirty = True
    app.tick(DT)
    assert t("tracker.title", "en") not in [text for text, _, _ in texts]
    assert not table.session.assisted


def test_settings_offers_it_and_keeps_it(shell_data: None) -> None:
    shell = Shell.create(size=(1280, 720), fullscreen=False)
    shell.settings = dataclasses.replace(shell.settings, animation_speed="instant")
    shell.open_menu()
    shell.open_settings()
    app = shell.app
    app.tick(DT)
    scene = app.stack.top
    assert isinstance(scene, SettingsScene) and "card_tracker" in KEYS
    assert scene.value("card_tracker") is False
    while scene.row != KEYS.index("card_tracker"):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    assert shell.settings.card_tracker is True
    assert load_user_settings().app.card_tracker is True
    assert scene.label("card_tracker", True) == t("option.card_tracker.true", "en")


@pytest.mark.parametrize(("size", "growth"), [((1024, 600), 1.05), ((1088, 640), 1.1), ((1920, 1080), 1.1)],
                         ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else str(v))
def test_its_words_grow_with_the_text_size(size: tuple[int, int], growth: float) -> None:
    """At the largest text size the panel's words are drawn larger than at the normal one (issue 43: they stayed
    the same, the panel falling back a step for each step the text grew): the layout gives it the room its lines
    take, the stock rising into the room under the other's badge (the smallest window has the least to give)."""
    drawn_px = {}
    for text_size in ("normal", "larger"):
        app, table = make_app(seed=3, size=size, card_tracker=True, text_size=text_size)
        rng = random.Random(2)
        for _ in range(4):
            wait_rest(app)
            if table.human_turn():
                human_move(app, rng)
        wait_rest(app)
        L, box = table.stage.layout, table.tracker.box()
        rows = tracked_rows(table.session.view(0))
        fitting = next(step for step in SIZES if table.tracker._fits(rows, box, step * L.s))
        drawn_px[text_size] = app.assets.px(fitting * L.s)
        zones = [L.stock, L.my_badge, L.opp_badge, L.status]
        assert not any(box.intersects(zone) for zone in zones)
        quit_pygame()
    assert drawn_px["larger"] >= drawn_px["normal"] * growth, drawn_px
