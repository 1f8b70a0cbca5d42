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
        session.make_move(rng.choice(session.legal()))
    return session


@pytest.mark.parametrize("variant", ["two_handed", "four_handed", "rubicon"])
def test_against_the_computer_the_screen_is_the_players_own_view(variant: str) -> None:
    session = played_session(variant, "computer")
    screen = session.screen(0)
    assert screen.seat == 0 and screen.shown == {} and not session.shows_all
    assert screen.seat_view() == view_for(session.state, 0)  # the rules' own view of the seat, and nothing more
    assert screen.stock_count == len(session.state.stock) and screen.scores == tuple(session.state.scores)


def test_hot_seat_shows_the_seat_at_the_screen_only() -> None:
    session = played_session("two_handed", "hotseat")
    for seat in (0, 1):
        screen = session.screen(seat)
        assert screen.seat_view() == view_for(session.state, seat) and screen.shown == {}


def test_open_bezique_and_the_demo_show_every_hand() -> None:
    for variant, mode in (("open", "computer"), ("two_handed", "demo")):
        session = played_session(variant, mode)
        screen = session.screen(0)
        assert session.shows_all and screen.shown == {1: tuple(session.state.hands[1])}


def test_a_network_client_builds_the_same_view_from_the_player_view_alone() -> None:
    for variant in ("two_handed", "open"):
        session = played_session(variant, "computer")
        assert ScreenView.of(view_for(session.state, 0)) == session.screen(0)


def test_the_view_follows_every_change_and_is_built_once_per_position() -> None:
    session = played_session("two_handed", "computer", moves=0)
    first = session.screen(0)
    assert session.screen(0) is first
    session.make_move(session.legal()[0])
    assert session.screen(0) is not first and session.screen(0).to_act != first.to_act


def test_the_screen_is_shown_events_redacted_for_its_seat_unless_it_shows_every_hand() -> None:
    rules = make_ruleset("two_handed")
    session = GameSession(rules, new_seats(2, "computer", "en", 2), seed=2)
    dealt = {e.seat: e for e in session.shown_events(session.start_deal(), 0) if e.kind == "dealt"}
    assert dealt[0].cards == tuple(session.state.hands[0]) and dealt[1].cards == ()
    demo = GameSession(rules, new_seats(2, "demo", "en", 2), seed=2)
    dealt = {e.seat: e for e in demo.shown_events(demo.start_deal(), 0) if e.kind == "dealt"}
    assert dealt[1].cards == tuple(demo.state.hands[1])


def test_the_computer_decides_only_for_its_own_seats() -> None:
    session = played_session("two_handed", "computer", moves=0)
    assert session.computer_view(1) == view_for(session.state, 1)
    with pytest.raises(ValueError, match="seat 0 is a person's"):
        session.computer_view(0)


def test_a_preview_changes_nothing_and_hides_what_the_actor_may_not_see() -> None:
    session = played_session("two_handed", "computer", moves=0)
    before, version = session.state.clone().hands, session.version
    action = session.legal()[0]
    previewed = session.preview(action)
    assert session.state.hands == before and session.version == version
    assert [e.kind for e in previewed] == [e.kind for e in session.make_move(action)]
    assert session.version == version + 1
