"""The computer's meld knowledge is the rules' own: for every variant and trump (and no trump where the variant
plays without a turn-up), every meld shape ``classify`` accepts is in ``melds.meld_catalogue`` and in the computer's
templates, with the same points, and the computer's quick estimates value it at those points."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest
from random_points import points

from bezique.ai.knowledge import meld_facts
from bezique.ai.policy import _quick_meld, meld_value
from bezique.rules import (
    JACK,
    KING,
    QUARTET_NAMES,
    QUEEN,
    SEQUENCE_RANKS,
    VARIANTS,
    Action,
    GameState,
    Phase,
    Verb,
    card_may_score,
    classify,
    legal_melds,
    make_card,
    make_face,
    make_ruleset,
    meld_catalogue,
)


def trumps_of(rules) -> list[int | None]:
    return [0, 1, 2, 3] if rules.turn_up_trump else [None, 0, 1, 2, 3]


def cards_of(faces: list[int]) -> tuple[int, ...]:
    """Physical cards for `faces`, the copies of a face numbered in order."""
    seen: dict[int, int] = {}
    out = []
    for face in faces:
        out.append(make_card(face, seen.get(face, 0)))
        seen[face] = seen.get(face, 0) + 1
    return tuple(out)


def every_shape(rules, trump):
    """Every (kind, points, faces) that some set of cards forms under `trump`, by ``classify`` alone."""
    sets = []
    for suit in range(4):
        sets.append([make_face(suit, KING), make_face(suit, QUEEN)])
        sets.append([make_face(suit, rank) for rank in SEQUENCE_RANKS])
    for queen_suit in range(4):
        for jack_suit in range(4):
            for level in range(1, rules.packs + 1):
                sets.append([make_face(queen_suit, QUEEN)] * level + [make_face(jack_suit, JACK)] * level)
    for rank in QUARTET_NAMES:
        for suits in combinations_with_replacement(range(4), 4):
            sets.append([make_face(suit, rank) for suit in suits])
    found = []
    for faces in sets:
        if max(faces.count(f) for f in faces) > rules.packs:
            continue
        shape = classify(rules, trump, cards_of(faces))
        if shape is not None:
            found.append((shape, tuple(sorted(faces))))
    return found


CASES = [(variant, trump) for variant in VARIANTS for trump in trumps_of(make_ruleset(variant))]


@pytest.mark.parametrize(("variant", "trump"), CASES)
def test_the_catalogue_is_every_shape_the_rules_allow(variant, trump):
    rules = make_ruleset(variant)
    catalogue = meld_catalogue(rules, trump)
    for shape, faces in every_shape(rules, trump):
        matches = [p for p in catalogue if p.shape.kind == shape.kind and (
            (p.faces == () and {f & 7 for f in faces} == {p.rank}) or tuple(sorted(p.faces)) == faces)]
        assert matches, f"{variant}, trump {trump}: {shape.kind} {faces} is missing from the catalogue"
        assert all(p.shape.value == shape.value and p.shape.sets_trump == shape.sets_trump for p in matches)
    for pattern in catalogue:  # and nothing the rules refuse
        faces = list(pattern.faces) or [make_face(suit, pattern.rank) for suit in range(4)]
        shape = classify(rules, trump, cards_of(faces))
        assert shape is not None and (shape.kind, shape.value) == (pattern.shape.kind, pattern.shape.value)


@pytest.mark.parametrize(("variant", "trump"), CASES)
def test_the_computer_knows_every_meld_at_its_points(variant, trump):
    rules = make_ruleset(variant)
    facts = meld_facts(rules, trump)
    state = GameState(rules, 0)
    state.trump = trump
    for shape, faces in every_shape(rules, trump):
        known = [t for t in facts.templates if t.kind == shape.kind and (
            (t.quartet and {f & 7 for f in faces} == {t.faces[0]}) or tuple(sorted(t.faces)) == faces)]
        assert known and all(t.value == shape.value for t in known), f"{variant}, trump {trump}: {shape.kind}"
        cards = cards_of(list(faces))
        assert meld_value(state, Action(Verb.MELD, cards, shape.kind)) == shape.value
        state.hands[0] = list(cards)
        assert _quick_meld(state, 0, trump) == shape.value, f"{variant}, trump {trump}: {shape.kind} {faces}"


def test_chinese_trump_quartets_and_the_trump_following_bezique():
    rules = make_ruleset("chinese")
    state = GameState(rules, 0)
    state.trump = 2  # diamonds: the bezique is Q♦ + J♠
    assert meld_value(state, Action(Verb.MELD, (), "four_trump_kings")) == 800
    assert meld_facts(rules, 2).pair == (make_face(2, QUEEN), make_face(0, JACK))
    assert {t.kind for t in meld_facts(rules, 2).templates} >= {"four_trump_aces", "backdoor_sequence"}


@pytest.mark.parametrize("variant", ["two_handed", "rubicon", "chinese", "four_handed"])
def test_card_may_score_is_what_legal_declarations_need_of_each_card(variant):
    checked = 0
    for state in (s for seed in (1, 2) for s in points(variant, seed)):
        if state.phase != Phase.DECLARE or not state.records:
            continue
        seat = state.step_actor
        legal = legal_melds(state, seat)
        for shape, cards in legal:
            assert all(card_may_score(state, card, shape) for card in cards)
        for pattern in meld_catalogue(state.rules, state.trump):
            for card in [*state.hands[seat], *state.tables[seat]]:
                if not card_may_score(state, card, pattern.shape):
                    assert not any(shape.kind == pattern.shape.kind and card in cards for shape, cards in legal)
                    checked += 1
    assert checked > 50
