"""The screen's view (issue 39): what the players at the screen may see, per kind of table, built from the session
or from a bare ``PlayerView`` (a network client's), and the events the screen is shown."""

from __future__ import annotations

import random

import pytest

from bezique.presenter.screen_view import ScreenView
from bezique.presenter.session import GameSession, new_seats
from bezique.rules import make_ruleset, view_for


def played_session(variant: str, mode: str, moves: int = 9, seed: int = 4) -> GameSession:
    """A session of `variant` dealt and `moves` random legal moves into the deal."""
    rules = make_ruleset(variant)
    session = GameSession(rules, new_seats(rules.players, mode, "en", seed), seed=seed)
    session.start_deal()
    rng = random.Random(seed)
    for _ in range(moves):
        session.act(rng.choice(session.legal()))
    return session


def concealed_elsewhere(session: GameSession, seat: int) -> set[int]:
    """The cards hidden from `seat`: the other hands' cards it has not seen, and the stock under the turn-up."""
    state = session.state
    hidden = {c for s, hand in enumerate(state.hands) if s != seat for c in hand if c not in state.exposed}
    return hidden | {c for c in state.stock if c != state.turn_up}


def held(screen: ScreenView) -> set[int]:
    """Every card the screen view names anywhere."""
    cards = {*screen.hand, *screen.played, *(c for t in screen.tables for c in t),
             *(c for k in screen.known for c in k), *(c for r in screen.records for c in r.cards),
             *(c for h in screen.shown.values() for c in h)}
    return cards | ({screen.turn_up} if screen.turn_up is not None else set())


@pytest.mark.parametrize("variant", ["two_handed", "four_handed", "rubicon"])
def test_against_the_computer_the_screen_knows_no_concealed_card(variant: str) -> None:
    session = played_session(variant, "computer")
    screen = session.screen(0)
    assert screen.seat == 0 and screen.shown == {} and not screen.shows_all
    assert screen.hand == tuple(session.state.hands[0])
    assert not held(screen) & concealed_elsewhere(session, 0)
    assert screen.stock_count == len(session.state.stock) and screen.scores == tuple(session.state.scores)


def test_hot_seat_shows_the_seat_at_the_screen_only() -> None:
    session = played_session("two_handed", "hotseat")
    for seat in (0, 1):
        screen = session.screen(seat)
        assert screen.hand == tuple(session.state.hands[seat]) and screen.shown == {}
        assert not held(screen) & concealed_elsewhere(session, seat)


def test_open_bezique_and_the_demo_show_every_hand() -> None:
    for variant, mode in (("open", "computer"), ("two_handed", "demo")):
        session = played_session(variant, mode)
        screen = session.screen(0)
        assert screen.shows_all and screen.shown == {1: tuple(session.state.hands[1])}


def test_a_network_client_builds_the_same_view_from_the_player_view_alone() -> None:
    for variant in ("two_handed", "open"):
        session = played_session(variant, "computer")
        assert ScreenView.of(view_for(session.state, 0)) == session.screen(0)


def test_the_view_follows_every_change_and_is_built_once_per_position() -> None:
    session = played_session("two_handed", "computer", moves=0)
    first = session.screen(0)
    assert session.screen(0) is first
    session.act(session.legal()[0])
    assert session.screen(0) is not first and session.screen(0).to_act != first.to_act


def test_the_screen_is_shown_events_redacted_for_its_seat_unless_it_shows_every_hand() -> None:
    rules = make_ruleset("two_handed")
    session = GameSession(rules, new_seats(2, "computer", "en", 2), seed=2)
    dealt = {e.seat: e for e in session.shown_events(session.start_deal(), 0) if e.kind == "dealt"}
    assert dealt[0].cards == tuple(session.state.hands[0]) and dealt[1].cards == ()
    demo = GameSession(rules, new_seats(2, "demo", "en", 2), seed=2)
    dealt = {e.seat: e for e in demo.shown_events(demo.start_deal(), 0) if e.kind == "dealt"}
    assert dealt[1].cards == tuple(demo.state.hands[1])
