"""The expert's search helpers: the horizon value of held cards, distinct candidates, pruning, the time budget."""

from __future__ import annotations

import pytest
from ai_positions import cards, position

from bezique.ai import make_player
from bezique.ai.search import (
    HORIZON_FEATURES,
    HORIZON_WEIGHTS,
    _clearly_worse,
    _paired,
    distinct,
    horizon_features,
    horizon_value,
)
from bezique.rules.actions import PLAY, Action
from bezique.rules.engine import legal_actions
from bezique.rules.view import view_for


def feature(state, name: str) -> float:
    return horizon_features(state, 0)[HORIZON_FEATURES.index(name)]


def test_held_trumps_brisques_and_the_seven_are_worth_keeping():
    state = position("AS TS 7S AH 8C 9C 8D JH", turn_up="KS")
    plain = position("8S 9S JC 8H 8C 9C 8D JH", turn_up="KS")
    assert horizon_value(state, 0) > horizon_value(plain, 0) + 20
    seven = position("7S 8C 9C 8D JH 9H 8H 9D", turn_up="KS")
    eight = position("7H 8C 9C 8D JH 9H 8H 9D", turn_up="KS")
    assert feature(seven, "unspent_seven") - feature(eight, "unspent_seven") == 1
    gap = horizon_value(seven, 0) - horizon_value(eight, 0)
    assert gap == pytest.approx(HORIZON_WEIGHTS[HORIZON_FEATURES.index("unspent_seven")])


def test_unfinished_melds_are_worth_keeping_at_the_horizon():
    # QS QS#1 JD: one jack of diamonds short of the double bezique (500); the other hand holds a plain 8 instead
    double = position("QS QS#1 JD 8C 9C 8D 7H 9H", turn_up="AH", stock=30)
    single = position("QS 8H#1 JD 8C 9C 8D 7H 9H", turn_up="AH", stock=30)
    gap = feature(double, "meld_prospects") - feature(single, "meld_prospects")
    assert 40 < gap < 500
    assert horizon_value(double, 0) > horizon_value(single, 0) + 10


def test_every_horizon_feature_has_a_positive_weight():
    # a held brisque, trump, seven or meld chance never counts against its holder: a refit that says otherwise is
    # noise, not Bezique
    assert len(HORIZON_WEIGHTS) == len(HORIZON_FEATURES)
    assert all(w > 0 for w in HORIZON_WEIGHTS)
    assert HORIZON_WEIGHTS[HORIZON_FEATURES.index("brisque_points_won")] == 1.0


def test_copies_of_a_face_are_one_candidate():
    state = position("9C 9C#1 8D 8D#1 KH QS JD 7H", turn_up="AS")
    legal = legal_actions(state)
    prior = Action(PLAY, (cards("8D#1")[0],))
    kept = distinct(state, 0, legal, prior)
    faces = [a.cards[0] & 31 for a in kept]
    assert len(faces) == len(set(faces)) == 6
    assert prior in kept


def test_pruning_statistics():
    mean, se = _paired([10.0, 12.0, 11.0], [0.0, 1.0, 2.0])
    assert mean == 10.0 and se > 0
    assert _clearly_worse([0.0] * 20, [30.0 + (i % 3) for i in range(20)])
    assert not _clearly_worse([30.0 + (i % 3) for i in range(20)], [0.0] * 20)


def test_expert_plays_within_its_time_budget():
    import time

    state = position("9C 9C#1 8D 8D#1 KH QS JD 7H", turn_up="AS", led="TC")
    view = view_for(state, 0)
    t0 = time.perf_counter()
    action = make_player("expert", 3, time_ms=60).choose(view, view.legal)
    assert action in view.legal
    assert time.perf_counter() - t0 < 1.0
