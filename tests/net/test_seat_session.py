"""The friend's side of a hosted game as the table plays it (``SeatSession``), fed the host's updates by hand: a
move sent leaves nobody to act here until the host answers; news comes one update at a time, naming the seat that
moved, and a version skipped (updates lost in a drop) asks for the table to be redrawn; "next deal" is sent only
when the host waits for this seat; a refused move may be chosen again; at the game's end the hands the host laid
down are shown; the rules' refusals and the copy a click means are the rules' own."""

from __future__ import annotations

from bezique.net.protocol import Link, SeatState, Update
from bezique.net.seat_session import SeatSession
from bezique.presenter.session import GameSession, new_seats
from bezique.rules import Action, Phase, RefusalCode, SeatKind, Verb, make_ruleset, redact_event, view_for

SEATS = (SeatState("Ann", SeatKind.HUMAN, Link.HERE), SeatState("Bob", SeatKind.HUMAN, Link.CONNECTED))


class Link:
    def __init__(self) -> None:
        self.sent: list[object] = []

    def send_move(self, action: Action) -> None:
        self.sent.append(action)

    def ready(self) -> None:
        self.sent.append("ready")


def game(seed: int = 4) -> GameSession:
    rules = make_ruleset("two_handed")
    return GameSession(rules, new_seats(2, "hotseat", "en", seed), seed=seed)


def update(session: GameSession, version: int, events=(), seat: int = 1, waiting=()) -> Update:
    state = session.state
    view = view_for(state, seat)
    laid = {s: tuple(h) for s, h in enumerate(state.hands) if s != seat} if session.over else {}
    return Update(version, view, tuple(redact_event(e, seat, state) for e in events), view.legal, SEATS,
                  tuple(waiting), laid)


def seat_of_bob() -> tuple[GameSession, SeatSession, Link]:
    """A game dealt, Bob (seat 1) to act: the host's game and Bob's session after the deal's news."""
    host = game()
    link = Link()
    bob = SeatSession(link, update(host, 0))
    events = host.start_deal()
    while host.to_act != 1:
        events = host.make_move(host.legal()[0])
    bob.receive(update(host, 1, events))
    bob.take_news()
    return host, bob, link


def test_a_move_sent_leaves_nobody_to_act_until_the_host_answers_and_a_refusal_lets_it_be_chosen_again() -> None:
    host, bob, link = seat_of_bob()
    assert bob.to_act == 1 and bob.legal()
    move = bob.legal()[0]
    assert bob.why_illegal(move) is None
    assert bob.make_move(move) == [] and link.sent == [move]
    assert bob.to_act is None and bob.legal() == []
    refusal = bob.why_illegal(move)
    assert refusal is not None and refusal.code == RefusalCode.NOT_YOUR_TURN  # no second move while one is sent
    bob.refused()
    assert bob.to_act == 1 and bob.why_illegal(move) is None
    bob.make_move(move)
    events = host.make_move(move)
    bob.receive(update(host, 2, events))
    assert bob.to_act is None  # the answer is not shown yet: it waits for the table
    news = bob.take_news()
    assert news.actor == 1 and not news.whole and news.events
    assert bob.to_act == host.to_act


def test_news_names_the_seat_that_moved_and_a_skipped_version_asks_for_the_whole_view() -> None:
    host, bob, _ = seat_of_bob()
    assert bob.next_news() is None
    events = host.make_move(host.legal()[0])  # Bob's move, made by the host for the test
    bob.receive(update(host, 2, events))
    assert bob.next_news() == bob.next_news()  # peeking changes nothing
    assert bob.take_news().actor == 1
    host.make_move(host.legal()[0])
    events = host.make_move(host.legal()[0])
    bob.receive(update(host, 4, events))  # version 3 never came
    news = bob.take_news()
    assert news.whole and news.actor is None
    assert bob.screen(1).hand == view_for(host.state, 1).hand


def test_next_deal_is_sent_only_when_the_host_waits_for_this_seat() -> None:
    host = game()
    link = Link()
    bob = SeatSession(link, update(host, 0))
    assert bob.awaiting_deal
    assert bob.start_deal() == [] and link.sent == []  # the first deal waits only for everyone to join
    assert not bob.awaiting_deal
    bob.receive(update(host, 0, waiting=(1,)))
    bob.take_news()
    bob.asked_deal = False
    bob.start_deal()
    assert link.sent == ["ready"] and not bob.awaiting_deal
    bob.receive(update(host, 1, host.start_deal()))
    news = bob.take_news()
    assert news.actor is None and any(e.kind == "deal_started" for e in news.events)
    assert bob.screen(1).phase != Phase.AWAIT_DEAL and not bob.asked_deal


def test_the_game_over_shows_the_hands_laid_down_and_undo_is_never_offered() -> None:
    host, bob, _ = seat_of_bob()
    version = 1
    while not host.over:
        events = host.start_deal() if host.awaiting_deal else host.make_move(host.legal()[0])
        version += 1
        bob.receive(update(host, version, events))
        bob.take_news()
    screen = bob.screen(1)
    assert screen.shown == {0: tuple(host.state.hands[0])}
    assert bob.over and bob.to_act is None
    assert bob.capabilities.undo is None  # a move reaches the others at once: none is taken back


def test_the_rules_refuse_and_read_a_click_from_the_seat_s_own_cards() -> None:
    host, bob, _ = seat_of_bob()
    screen = bob.screen(1)
    assert screen.phase == Phase.PLAY
    legal = [a for a in screen.legal if a.verb == Verb.PLAY]
    for card in screen.hand:
        meant = bob.play_meant(1, card)
        assert meant == host.play_meant(1, card)
    not_held = next(c for c in range(64) if c not in screen.hand and c not in screen.tables[1])
    refusal = bob.why_illegal(Action(Verb.PLAY, (not_held,)))
    assert refusal is not None and refusal.code == RefusalCode.NOT_IN_HAND
    assert all(bob.why_illegal(a) is None for a in legal)
