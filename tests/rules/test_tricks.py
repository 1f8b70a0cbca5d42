"""The trick rules in one place (rules.tricks): who wins a trick (RULES.md §1.4), what may follow in the final tricks
(§1.9 step 3), and which copies play alike (RECORD.md), checked against the contract's own pseudo-code."""

from __future__ import annotations

import random
from itertools import product

import pytest
from random_points import points

from bezique.rules import (
    VARIANTS,
    Phase,
    beats,
    copy_key,
    follow_options,
    legal_plays,
    lowest_copies,
    strength,
    suit_of,
    winning_index,
)

TRUMPS = (None, 0, 1, 2, 3)


def contract_beats(c: int, best: int, trump: int | None) -> bool:
    """RULES.md §1.4, as written there."""
    if trump is not None and suit_of(c) == trump and suit_of(best) != trump:
        return True
    return suit_of(c) == suit_of(best) and strength(c) > strength(best)


def contract_follow(hand: list[int], trick: list[int], trump: int | None, must_win: bool, w: int) -> list[int]:
    """RULES.md §1.9 step 3, as written there."""
    led = suit_of(trick[0])
    same = [c for c in hand if suit_of(c) == led]
    if same:
        if must_win and suit_of(w) == led:
            higher = [c for c in same if strength(c) > strength(w)]
            if higher:
                return higher
        return same
    trumps = [c for c in hand if trump is not None and suit_of(c) == trump]
    if trumps:
        if must_win and suit_of(w) == trump:
            higher = [t for t in trumps if strength(t) > strength(w)]
            return higher if higher else hand
        return trumps
    return hand


def test_beats_is_the_contracts_for_every_pair_of_cards_and_trump():
    for card, best, trump in product(range(64), range(64), TRUMPS):
        assert beats(card, best, trump) == contract_beats(card, best, trump), (card, best, trump)


def test_an_identical_card_never_takes_the_trick():
    assert not any(beats(face + 32, face, trump) for face in range(32) for trump in TRUMPS)


def test_winning_index_is_the_card_no_later_card_beat():
    rng = random.Random(3)
    for _ in range(2000):
        cards = rng.sample(range(128), rng.randint(1, 6))
        trump = rng.choice(TRUMPS)
        best = 0
        for i in range(1, len(cards)):
            if contract_beats(cards[i], cards[best], trump):
                best = i
        assert winning_index(cards, trump) == best


def test_follow_options_are_the_contracts():
    rng = random.Random(4)
    for _ in range(5000):
        cards = rng.sample(range(192), rng.randint(3, 14))
        trick_size = rng.randint(1, min(5, len(cards) - 1))
        trick, hand = cards[:trick_size], cards[trick_size:]
        trump = rng.choice(TRUMPS)
        must_win = rng.random() < 0.5
        w = trick[winning_index(trick, trump)]
        assert follow_options(hand, trick[0], w, trump, must_win) == contract_follow(hand, trick, trump, must_win, w)


@pytest.mark.parametrize("variant", VARIANTS)
def test_legal_plays_are_the_lowest_copy_of_each_equivalence_class(variant):
    for state in points(variant, 11, limit=400):
        if state.phase != Phase.PLAY:
            continue
        seat = state.to_act
        mine = state.hands[seat] + state.tables[seat]
        allowed = mine if not state.final_phase or not state.trick else follow_options(
            state.hands[seat], state.trick[0], state.trick[state.best], state.trump, state.rules.endgame_must_win_trick)
        classes: dict[tuple, list[int]] = {}
        for card in allowed:
            classes.setdefault(copy_key(state, seat, card, card in state.tables[seat]), []).append(card)
        assert sorted(legal_plays(state)) == sorted(min(cards) for cards in classes.values())
        assert lowest_copies(state, seat, allowed) == legal_plays(state)


def test_once_the_stock_is_gone_copies_differ_by_face_only():
    state = next(s for s in points("three_handed", 2, limit=2000) if s.final_phase)
    seat = state.to_act
    hand = state.hands[seat]
    assert len({copy_key(state, seat, card, False) for card in hand}) == len({card & 31 for card in hand})
