"""``tricks_left``: the tricks of the deal still to be played, as any seat's view tells it (the table's "Final tricks:
N left"), on stacked deals of two, three, four and six players and through whole random deals of every variant."""

from __future__ import annotations

import random

import pytest
from stacking import deal, done, final_tricks, play, to_last_stock_trick, win

from bezique.rules import (
    VARIANTS,
    Phase,
    Verb,
    apply,
    face_code,
    legal_actions,
    make_ruleset,
    tricks_left,
    view_for,
)
from tests.dealing import dealt_game


def left(state, seat: int = 0) -> int:
    return tricks_left(view_for(state, seat))


def any_card(state) -> str:
    """A card the seat to act may play."""
    return face_code(next(a.cards[0] for a in legal_actions(state) if a.verb == Verb.PLAY))


def test_a_two_handed_deal_is_32_tricks_counted_down_as_each_is_completed():
    s = deal([])
    assert left(s) == left(s, 1) == 32  # 64 cards, two a trick
    win(s, 0)
    assert s.phase == Phase.DECLARE and left(s) == 31  # the trick is complete; the stock's cards are still to come
    done(s)
    assert left(s) == 31


def test_the_trick_on_the_table_counts_until_its_last_card():
    s = final_tricks("AD")
    assert s.final_phase and [len(h) for h in s.hands] == [8, 8] and left(s) == 8
    play(s, any_card(s))
    assert left(s) == left(s, 1) == 8  # the follower still holds a card for this trick
    play(s, any_card(s))
    assert left(s) == 7


def test_the_last_trick_then_none():
    s = final_tricks("AD")
    while left(s) > 1:
        play(s, any_card(s))
    assert s.final_phase and [len(h) for h in s.hands] == [1, 1]
    play(s, any_card(s))
    play(s, any_card(s))
    assert s.phase in (Phase.AWAIT_DEAL, Phase.OVER) and left(s) == 0


@pytest.mark.parametrize("variant", ["three_handed", "four_handed", "six_handed"])
def test_more_players_count_one_card_from_each_seat_a_trick(variant: str):
    rules = make_ruleset(variant)
    s = deal([[]] * rules.players, turn_up="AD", rules=rules)
    assert all(left(s, seat) == 32 for seat in range(rules.players))  # a pack per player, 32 cards each
    to_last_stock_trick(s, 0)
    assert len(s.stock) == rules.players and left(s) == 9  # the last stock trick, then eight final tricks
    win(s, 0)
    done(s)
    assert s.final_phase and left(s) == 8 == max(len(h) for h in s.hands)


@pytest.mark.parametrize("variant", VARIANTS)
def test_in_every_variant_it_falls_by_one_a_trick_and_is_the_longest_hand_in_the_final_phase(variant: str):
    rules = make_ruleset(variant)
    rng = random.Random(7)
    state = dealt_game(rules, rng.randrange(rules.players), rng)
    before, played = left(state), len(state.tricks_log)
    assert before * rules.players == rules.packs * 32
    while state.phase not in (Phase.AWAIT_DEAL, Phase.OVER):
        actions = legal_actions(state)
        plays = [a for a in actions if a.verb == Verb.PLAY]
        apply(state, rng.choice(plays or actions))
        now = [left(state, seat) for seat in range(rules.players)]
        assert len(set(now)) == 1  # every seat's view says the same
        if state.phase in (Phase.AWAIT_DEAL, Phase.OVER):
            break
        assert now[0] == before - (len(state.tricks_log) - played)
        if state.final_phase and state.phase == Phase.PLAY:
            assert now[0] == max(len(h) for h in state.hands)
    assert left(state) == 0
