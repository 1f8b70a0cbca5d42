"""The table holds no card its players may not know (issue 39): seeded games played through the real window, with
the table checked after every tick against the whole game (which only the test reads).

A card the seat at the screen may not know (another seat's concealed card it has not seen, the stock under the
turn-up) must appear nowhere in what the table holds: not in the screen view it reads its facts from, not as a key
of its picture (a key >= 0 names the card; the face-down cards are negative keys), not as a sprite, not in the
carte blanche on show, not in what the scoreboard reads. The picture is checked whenever it has caught up with
the game (at rest): while a new deal's cards are still to be dealt, the last deal's tricks lie on the table under
their names, cards the new deal has since hidden again. Once the game is over the hands still held are laid down.
"""

from __future__ import annotations

import random

import pytest
from ui_driver import make_app, step, table_of

from bezique.presenter import model as tm
from bezique.presenter.screen_view import ScreenView
from bezique.presenter.session import GameSession
from bezique.ui.table.scene import TableScene
from bezique.ui.table.scoreboard import ResultOverlay


def hidden_from(session: GameSession, seat: int) -> set[int]:
    """The cards `seat` may not know now (read from the whole game: the test may, the window may not)."""
    state = session.state
    if state.rules.open_hands or session.over:
        return {c for c in state.stock if c != state.turn_up}
    others = {c for s, hand in enumerate(state.hands) if s != seat for c in hand if c not in state.exposed}
    return others | {c for c in state.stock if c != state.turn_up}


def screen_cards(screen: ScreenView) -> set[int]:
    """Every card a screen view names."""
    cards = {*screen.hand, *screen.played, *(c for t in screen.tables for c in t),
             *(c for k in screen.known for c in k), *(c for r in screen.records for c in r.cards),
             *(c for h in screen.shown.values() for c in h), *(c for a in screen.legal for c in a.cards)}
    return cards | ({screen.turn_up} if screen.turn_up is not None else set())


def held_by(table: TableScene) -> set[int]:
    """Every card the table holds by name: its screen view; at rest, its picture's keys, its sprites, a shown
    hand."""
    stage = table.stage
    held = screen_cards(stage.screen)
    if not stage.at_rest():
        return held
    held |= {k for k in tm.all_keys(stage.model) if k >= 0} | set(stage.sprites)
    if stage.shown_cards is not None:
        held |= set(stage.shown_cards[1])
    return held


def play_and_check(app, steps: int, rng: random.Random) -> int:
    """Play `steps` steps through the window, checking the table after each; returns how many cards it showed."""
    table = table_of(app)
    session = table.session
    seen = rests = played = 0
    for _ in range(steps):
        if session.over or not app.running:
            break
        step(app, rng)
        played += 1
        viewer = table.stage.viewer
        assert table.stage.screen.seat == viewer and table.stage.screen == session.screen(viewer)
        leaked = held_by(table) & hidden_from(session, viewer)
        assert not leaked, f"the table holds {sorted(leaked)}, hidden from seat {viewer}"
        top = app.stack.top
        if isinstance(top, ResultOverlay) and not session.over:
            assert top.screen.seat == viewer and not top.screen.shown
            assert not screen_cards(top.screen) & hidden_from(session, viewer)
        rests += table.stage.at_rest()
        seen = max(seen, len({k for k in table.stage.sprites if k >= 0}))
    assert played >= 50 and rests >= played // 4  # the picture was checked often, not only the view
    return seen


@pytest.mark.parametrize(("variant", "hotseat", "seed"), [("two_handed", False, 11), ("four_handed", False, 12),
                                                          ("rubicon", False, 13), ("two_handed", True, 14)])
def test_the_table_holds_no_card_hidden_from_the_seat_at_the_screen(variant: str, hotseat: bool, seed: int,
                                                                      pygame_quit) -> None:
    app, table = make_app(seed=seed, hotseat=hotseat, variant=variant, level="intermediate")
    shown = play_and_check(app, 260, random.Random(seed))
    assert shown >= 8  # the check looked at a table showing cards (the player's hand at least), not an empty one
    assert table.sync_errors == 0


def test_the_check_would_see_a_hidden_card_on_the_table(pygame_quit) -> None:
    """The same check, given a table that holds the opponent's hand face up, finds it."""
    app, table = make_app(seed=3)
    rng = random.Random(3)
    for _ in range(5):
        step(app, rng)
    session = table.session
    opponent = set(session.state.hands[1]) - session.state.exposed
    assert opponent and not held_by(table) & hidden_from(session, 0)
    stage = table.stage
    stage.model = tm.from_view(stage.screen, True, top_cards={1: list(session.state.hands[1])})
    stage.retarget(snap=True)
    assert held_by(table) & hidden_from(session, 0) == opponent
