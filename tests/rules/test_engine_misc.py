"""Engine edges not covered by the §8 scenarios: the draw for first dealer, dealer rotation, refused decks and
actions with clear messages, the six-handed last stock trick, and a rule error that crosses processes."""

from __future__ import annotations

import pickle
import random
from itertools import pairwise

import pytest
from stacking import deal, done, play, play_out, to_last_stock_trick, win

from bezique.rules import (
    DONE_ACTION,
    EXCHANGE_ACTION,
    Action,
    IllegalActionError,
    Phase,
    RefusalCode,
    RulesetError,
    Verb,
    apply_checked,
    choose_first_dealer,
    make_ruleset,
    new_game,
    shuffled_deck,
    start_deal,
    strength,
    why_illegal,
)


@pytest.mark.parametrize(("variant", "rule", "pick"), [
    ("two_handed", "low_card_deals", min),
    ("two_handed", "high_card_deals", max),
    ("three_handed", "low_card_deals", min),
    ("four_handed", "low_card_deals", min),
])
def test_first_dealer_draw(variant, rule, pick):
    rules = make_ruleset(variant, {"first_dealer_rule": rule})
    redraws = 0
    for seed in range(200):
        dealer, rounds = choose_first_dealer(rules, random.Random(seed))
        assert rounds[0] and [seat for seat, _ in rounds[0]] == list(range(rules.players))
        for earlier, later in pairwise(rounds):
            best = pick(strength(f) for _, f in earlier)
            tied = [seat for seat, f in earlier if strength(f) == best]
            assert [seat for seat, _ in later] == tied, "only the tied seats draw again"
            redraws += 1
        last = rounds[-1]
        best = pick(strength(f) for _, f in last)
        assert [seat for seat, f in last if strength(f) == best] == [dealer]
    assert redraws > 0


def test_dealer_alternates_and_elder_leads():
    rules = make_ruleset("three_handed", {"target_score": 2000})
    state = new_game(rules, 1)
    rng = random.Random(3)
    for expected_dealer in (1, 2, 0, 1):
        if state.finished:
            break
        start_deal(state, shuffled_deck(rules, rng))
        assert state.dealer == expected_dealer and state.to_act == (expected_dealer + 1) % 3
        play_out(state)


def test_bad_decks_and_untimely_deals_are_refused():
    rules = make_ruleset()
    state = new_game(rules, 0)
    deck = shuffled_deck(rules, random.Random(1))
    with pytest.raises(IllegalActionError, match="63 cards"):
        start_deal(state, deck[:-1])
    with pytest.raises(IllegalActionError, match="every card 2 times"):
        start_deal(state, [*deck[:-1], deck[0]])
    start_deal(state, deck)
    with pytest.raises(IllegalActionError, match="previous one is over"):
        start_deal(state, deck)
    with pytest.raises(IllegalActionError):
        new_game(rules, 2)


def test_untimely_actions_say_why():
    s = deal(["AH", "8C"])
    assert "declaration step" in why_illegal(s, DONE_ACTION).text
    assert "declaration step" in why_illegal(s, Action(Verb.MELD, (0, 1))).text
    stranger = next(c for c in s.hands[1])
    with pytest.raises(IllegalActionError, match="not in seat 0's hand"):
        apply_checked(s, Action(Verb.PLAY, (stranger,)))
    assert why_illegal(s, Action("shuffle")) is not None
    play(s, "AH")
    play(s, "8C")
    assert "done" in why_illegal(s, Action(Verb.PLAY, (s.hands[0][0],))).text
    assert "no unspent seven" in why_illegal(s, EXCHANGE_ACTION).text
    assert "not a meld" in why_illegal(s, Action(Verb.MELD, tuple(s.hands[0][:2]))).text
    done(s)
    state = new_game(make_ruleset(), 0)
    assert state.phase == Phase.AWAIT_DEAL and why_illegal(state, DONE_ACTION) == (
        RefusalCode.NO_DEAL, "the deal has not started")


def test_six_handed_last_stock_trick():
    rules = make_ruleset("six_handed")
    s = deal([[]] * 6, turn_up="AD", rules=rules)
    assert len(s.stock) == 144 and s.to_act == 0
    to_last_stock_trick(s, 3)
    assert len(s.stock) == 6
    win(s, 3)
    order = list(reversed(s.stock))  # top first
    done(s)
    takers = [(3 + i) % 6 for i in range(6)]
    for seat, card in zip(takers, order, strict=True):
        assert card in s.hands[seat]
    assert takers[-1] == 2 and s.final_phase and all(len(h) == 8 for h in s.hands)


def test_ruleset_error_survives_pickling():
    """An arena worker's rule error reaches the parent process whole (key and message), not as a pickling crash."""
    try:
        make_ruleset("two_handed", {"target_score": 5000})
    except RulesetError as error:
        copy = pickle.loads(pickle.dumps(error))
        assert (copy.key, str(copy)) == (error.key, str(error)) == ("target_score", str(error))
        assert "500, 1000, 2000" in str(copy)
    else:
        raise AssertionError("target_score 5000 was accepted")
