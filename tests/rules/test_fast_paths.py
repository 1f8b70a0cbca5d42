"""The rules' fast paths agree with the plain statement of the rule they speed up, at many points of seeded random
games: ``GameState.clone`` (shares only what is immutable), the meld enumerator's ``_multichoose`` (every distinct
count vector, lowest copies) and the sevens of trumps found by face. The enumerator as a whole is checked against
a brute force in ``test_properties``, the lowest copies in ``test_tricks``."""

from __future__ import annotations

import random
from itertools import product

import pytest
from random_points import points

from bezique.rules import (
    SEVEN,
    GameState,
    Phase,
    Ruleset,
    apply,
    legal_actions,
    legal_plays,
    lowest_copies,
    ordered_plays,
    rank_of,
    suit_of,
)
from bezique.rules.engine import _unspent_sevens
from bezique.rules.melds import _multichoose

VARIANTS = ["two_handed", "three_handed", "four_handed", "rubicon", "chinese"]
IMMUTABLE = (int, bool, str, tuple, frozenset, type(None), Ruleset, Phase)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_clone_shares_only_immutable_values_and_changes_apart(variant):
    for n, state in enumerate(points(variant, 5, limit=600)):
        if n % 7:
            continue
        other = state.clone()
        for name in GameState.__slots__:
            mine, theirs = getattr(state, name), getattr(other, name)
            assert mine == theirs, name
            if not isinstance(mine, IMMUTABLE):
                assert mine is not theirs, f"{name} is shared by the clone"
                if isinstance(mine, list) and mine and isinstance(mine[0], list):
                    assert all(a is not b for a, b in zip(mine, theirs, strict=True)), f"{name}'s lists are shared"
        before = [repr(getattr(state, name)) for name in GameState.__slots__]
        apply(other, legal_actions(other)[0])
        assert [repr(getattr(state, name)) for name in GameState.__slots__] == before


def plain_multichoose(classes: list[list[int]], k: int) -> set[tuple[int, ...]]:
    """The rule: take k cards, so many from each class, always its lowest copies; one result per count vector."""
    out = set()
    for counts in product(*(range(len(cls) + 1) for cls in classes)):
        if sum(counts) == k:
            out.add(tuple(sorted(c for cls, n in zip(classes, counts, strict=True) for c in cls[:n])))
    return out


def test_multichoose_gives_every_count_vector_once_with_the_lowest_copies():
    rng = random.Random(8)
    for _ in range(400):
        cards = rng.sample(range(200), rng.randint(1, 9))
        classes, at = [], 0
        while at < len(cards):
            size = rng.choice((1, 1, 1, 2, 3))
            classes.append(sorted(cards[at:at + size]))
            at += size
        k = rng.randint(1, 5)
        chosen = [tuple(sorted(c)) for c in _multichoose(classes, k)]
        assert len(chosen) == len(set(chosen))
        assert set(chosen) == plain_multichoose(classes, k)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_unspent_sevens_are_the_sevens_of_trumps_not_yet_scored(variant):
    seen = 0
    for state in points(variant, 9, limit=1500):
        for seat in range(state.rules.players):
            plain = sorted(c for c in state.hands[seat]
                           if rank_of(c) == SEVEN and suit_of(c) == state.trump and c not in state.spent)
            assert _unspent_sevens(state, seat) == plain
            seen += bool(plain)
    assert seen


@pytest.mark.parametrize("variant", [*VARIANTS, "six_handed", "open"])
def test_the_stock_plays_are_the_lowest_copies_of_hand_and_table_and_ordered_plays_the_actions_cards(variant):
    """``legal_plays`` gives ``lowest_copies`` the stock phase's hand and table apart (no card looked for on the
    table): the same cards, in the same order, as ``lowest_copies`` of the two together; ``ordered_plays`` is
    ``legal_actions``' cards."""
    tabled = 0
    for state in points(variant, 11, limit=1500):
        if state.phase != Phase.PLAY:
            continue
        seat = state.to_act
        if not state.final_phase:
            plain = lowest_copies(state, seat, state.hands[seat] + state.tables[seat])
            assert legal_plays(state) == plain
            tabled += bool(state.tables[seat])
        assert ordered_plays(state) == [a.cards[0] for a in legal_actions(state)]
    assert tabled
