"""The guided first deal without a window (issue 18, part 1): the prepared deck deals what the lesson shows, and the
coach's tips follow the rules' own answers (legal plays, legal melds and their points) whatever the player does."""

from __future__ import annotations

import random

import pytest

from bezique.ai import make_player
from bezique.presenter.guide import (
    COMPUTER,
    PLAYER,
    Coach,
    lesson_deck,
    lesson_rules,
    lesson_session,
    moment_of,
)
from bezique.rules import (
    Action,
    Phase,
    Verb,
    check_deck,
    classify,
    face_code,
    parse_code,
    suit_of,
)


def test_the_prepared_deck_is_a_whole_deck_dealt_as_the_lesson_says() -> None:
    rules = lesson_rules()
    check_deck(rules, lesson_deck(rules))
    session = lesson_session("en")
    assert session.first_dealer == COMPUTER and not session.cut and session.seats[COMPUTER].level == "beginner"
    session.start_deal()
    state = session.state
    hand = sorted(face_code(c) for c in state.hands[PLAYER])
    assert hand == sorted(["7H", "QS", "JD", "KS", "AC", "TC", "8D", "9C"])
    assert face_code(state.turn_up) == "AH" and state.to_act == PLAYER
    assert lesson_deck(rules) == lesson_deck(rules)  # the same every time


def test_the_first_lead_welcomes_with_the_trump_suit_and_points_at_the_advised_card() -> None:
    session = lesson_session("en")
    session.start_deal()
    seven = next(a for a in session.legal() if face_code(a.cards[0]) == "7H")
    tip = Coach().tip(moment_of(session, PLAYER, advice=seven))
    assert tip is not None and tip.key == "guide.welcome" and tip.extra == "guide.why_seven"
    assert tip.target is not None and tip.target.card == seven.cards[0]
    assert tip.args["suit"] == ("suit", suit_of(session.state.turn_up))
    other = next(a for a in session.legal() if face_code(a.cards[0]) == "8D")
    tip = Coach().tip(moment_of(session, PLAYER, advice=other))
    assert tip.extra == "guide.why_meld" and tip.args["points"] == 40  # the bezique in hand, to keep


def test_the_trick_won_then_the_meld_with_the_rules_points() -> None:
    session = lesson_session("en")
    session.start_deal()
    coach = Coach()
    session.make_move(next(a for a in session.legal() if face_code(a.cards[0]) == "7H"))
    beginner = make_player("beginner", seed=session.seed + COMPUTER)  # the table's beginner, seeded as there
    view = session.view(COMPUTER)
    session.make_move(beginner.choose(view, list(view.legal)))
    assert session.state.trick_winner == PLAYER
    winner, card = PLAYER, session.state.last_trick[0][1]
    assert coach.tip(moment_of(session, PLAYER, reading=(winner, card))).key == "guide.won_first"
    tip = coach.tip(moment_of(session, PLAYER))
    assert tip.key == "guide.meld_first" and tip.target.kind == "action"
    meld = tip.target.action
    assert meld in session.legal()
    assert tip.args["points"] == classify(session.rules, session.state.trump, meld.cards).value


def test_the_seven_of_trumps_is_offered_for_exchange_when_the_rules_allow_it() -> None:
    session = lesson_session("en")
    session.start_deal()
    session.make_move(next(a for a in session.legal() if face_code(a.cards[0]) == "AC"))  # the seven is kept
    view = session.view(COMPUTER)
    low = min((a for a in view.legal), key=lambda a: (suit_of(a.cards[0]) == 1, -(a.cards[0] & 7)))
    session.make_move(low)  # a low card of another suit: the ace of clubs takes the trick
    assert session.state.to_act == PLAYER and session.state.phase == Phase.DECLARE
    tip = Coach().tip(moment_of(session, PLAYER))
    assert tip.key == "guide.seven" and tip.target.action == Action(Verb.EXCHANGE_SEVEN)
    assert tip.args["card"] == ("card", session.state.turn_up) and tip.args["points"] == 10


@pytest.mark.parametrize("seed", range(6))
def test_every_tip_points_at_what_the_rules_allow_whatever_the_player_plays(seed: int) -> None:
    """A player who ignores the coach: every tip still names a legal card, a legal meld with its rules' points, the
    final tricks' obligation as the legal plays show it; the lesson's moments all come, in order."""
    session = lesson_session("en")
    session.start_deal()
    coach = Coach()
    rng = random.Random(seed)
    beginner = make_player("beginner", seed=session.seed + COMPUTER)
    keys: list[str] = []
    while not session.awaiting_deal:
        if session.to_act == COMPUTER:
            view = session.view(COMPUTER)
            session.make_move(beginner.choose(view, list(view.legal)))
            continue
        legal = session.legal()
        tip = coach.tip(moment_of(session, PLAYER))
        assert tip is not None
        keys.append(tip.key)
        target = tip.target
        assert target is not None
        if target.kind == "card":
            assert target.card in {a.cards[0] for a in legal if a.verb == Verb.PLAY}
        else:
            assert target.kind == "action" and target.action in legal
        if tip.key.startswith("guide.meld"):
            assert tip.args["points"] == classify(session.rules, session.state.trump, target.action.cards).value
        if tip.key == "guide.must_follow":
            led = suit_of(session.view(PLAYER).trick[0][1])
            assert all(suit_of(a.cards[0]) == led for a in legal)
        if tip.key == "guide.must_trump":
            assert all(suit_of(a.cards[0]) == session.state.trump for a in legal)
        session.make_move(rng.choice(legal))
    assert coach.tip(moment_of(session, PLAYER)) is None  # the deal is over: the summary speaks
    order = ["guide.welcome", "guide.last_stock", "guide.final_last"]
    assert [k for k in keys if k in order] == order
    assert "guide.final_start" in keys or "guide.final_lead" in keys


def test_the_deck_codes_parse() -> None:
    rules = lesson_rules()
    assert all(parse_code(face_code(f))[0] == f for f in lesson_deck(rules))
