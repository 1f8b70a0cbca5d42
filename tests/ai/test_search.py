"""The expert's search helpers: the horizon value of held cards, the chance of winning the race and a rollout's
value, the expert's own rule weights, distinct candidates, pruning, the iteration and time budgets."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from ai_positions import cards, position
from search_budget import SearchCounter

from bezique.ai import make_player
from bezique.ai.confidence import CAUTIOUS_BAR, TWO_HANDED_BAR, clearly_worse, paired
from bezique.ai.expert import distinct, rules_decision_for
from bezique.ai.knowledge import EXPERT_CRAFT, INTERMEDIATE
from bezique.ai.policy import intermediate_decision
from bezique.ai.search import (
    HORIZON_FEATURES,
    HORIZON_WEIGHTS,
    POINT_SHARE,
    ROLLOUT_WIN,
    SURE_WIN,
    WIN_VALUE,
    deal_value,
    game_value,
    horizon_features,
    horizon_value,
    races,
    win_chance,
)
from bezique.rules import Action, Verb, legal_actions, make_ruleset, view_for


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


def test_the_chance_of_winning_is_even_symmetric_and_steeper_near_the_target():
    assert win_chance(0, 300, 500) == 0.5
    assert win_chance(120, 300, 500) + win_chance(-120, 300, 500) == pytest.approx(1.0)
    assert 0.5 < win_chance(50, 150, 500) < win_chance(50, 480, 500) < win_chance(150, 480, 500) < 1.0
    assert win_chance(-10_000, 500, 500) == pytest.approx(0.0, abs=1e-9)  # no overflow far from even


def test_a_rollout_is_valued_by_the_race_to_the_target():
    state = position("AS TS 7S AH 8C 9C 8D JH", turn_up="KS")
    state.scores = [420, 380]
    base = (400, 400)
    mine, theirs = 420 + horizon_value(state, 0), 380 + horizon_value(state, 1)
    chance = win_chance(mine - theirs, max(mine, theirs), 1000)
    points = (mine - 400) - (theirs - 400)
    assert deal_value(state, 0, base) == pytest.approx(WIN_VALUE * (2 * chance - 1) + POINT_SHARE * points)
    assert deal_value(state, 1, base) == pytest.approx(-deal_value(state, 0, base))
    state.finished, state.winner = True, 1  # the race lost: the game, whatever the points
    assert deal_value(state, 0, base) == pytest.approx(-WIN_VALUE - SURE_WIN)


def test_only_a_two_sided_race_to_the_target_is_valued_by_its_chance():
    # Rubicon and Chinese settle each deal on their own, and three players race each other: there the value is the
    # points, with the game beside them
    assert races(make_ruleset("two_handed")) and races(make_ruleset("four_handed"))
    assert not races(make_ruleset("rubicon")) and not races(make_ruleset("three_handed"))
    rubicon = SimpleNamespace(rules=make_ruleset("rubicon"), finished=False, winner=None)
    assert game_value(rubicon, 0, 80.0, 200.0, 120.0) == 80.0
    rubicon.finished, rubicon.winner = True, 0
    assert game_value(rubicon, 0, 80.0, 200.0, 120.0) == 80.0 + ROLLOUT_WIN


def test_the_expert_rules_keep_a_trump_the_intermediate_spends_on_a_worthless_trick():
    # seat 1 leads the 8 of clubs: nothing to take, nothing to meld. The only winner is the 9 of trumps (spades).
    # The intermediate rules trump it (the opponent might meld); the expert's own weights (EXPERT_CRAFT, tuned by
    # duplicate deals) value the trump more and the opponent's next meld less, and throw a plain seven
    state = position("9S 8H 8D 9D 7H 9H 7D 7C", turn_up="KS", led="8C", stock=30)
    legal = legal_actions(state)
    nine, plain_sevens = cards("9S")[0], set(cards("7H 7D 7C"))
    assert INTERMEDIATE != EXPERT_CRAFT
    assert intermediate_decision(state, 0, legal, random.Random(0)).action.cards == (nine,)
    assert intermediate_decision(state, 0, legal, random.Random(0), EXPERT_CRAFT).action.cards[0] in plain_sevens
    assert rules_decision_for(state, 0, legal, random.Random(0)).action.cards[0] in plain_sevens


def test_copies_of_a_face_are_one_candidate():
    state = position("9C 9C#1 8D 8D#1 KH QS JD 7H", turn_up="AS")
    legal = legal_actions(state)
    prior = Action(Verb.PLAY, (cards("8D#1")[0],))
    kept = distinct(state, 0, legal, prior)
    faces = [a.cards[0] & 31 for a in kept]
    assert len(faces) == len(set(faces)) == 6
    assert prior in kept


def test_pruning_statistics():
    mean, se = paired([10.0, 12.0, 11.0], [0.0, 1.0, 2.0])
    assert mean == 10.0 and se > 0
    for bar in (CAUTIOUS_BAR, TWO_HANDED_BAR):
        assert clearly_worse([0.0] * 20, [30.0 + (i % 3) for i in range(20)], bar)
        assert not clearly_worse([30.0 + (i % 3) for i in range(20)], [0.0] * 20, bar)


def _following_a_club_lead():
    state = position("9C 9C#1 8D 8D#1 KH QS JD 7H", turn_up="AS", led="TC")
    return view_for(state, 0)


def test_expert_samples_exactly_its_iteration_budget_however_slow_each_rollout(monkeypatch):
    # each rollout "takes" ten seconds on the search's clock, far past the 60 ms budget: a fixed number of
    # iterations still means that many sampled deals, each played out for every candidate
    counter = SearchCounter(monkeypatch, rollout_seconds=10.0)
    view = _following_a_club_lead()
    action = make_player("expert", 3, time_ms=60, iterations=5).choose(view, view.legal)
    assert action in view.legal
    assert counter.deals == 5
    assert counter.per_deal == 6 and counter.rollouts == 30  # six candidates, each played out on each deal


def test_expert_stops_at_the_first_check_past_its_time_budget(monkeypatch):
    # 2.5 ms a rollout on the search's own clock, six candidates: 15 ms a sampled deal. With a 70 ms budget it
    # plays four deals (60 ms) and stops in the fifth at the rollout that reaches 70 ms, its fourth: that deal,
    # not played out for every candidate, is dropped, and nothing runs past the budget
    counter = SearchCounter(monkeypatch, rollout_seconds=0.0025)
    view = _following_a_club_lead()
    player = make_player("expert", 3, time_ms=70)
    action = player.choose(view, view.legal)
    assert action in view.legal
    assert counter.deals == 5 and counter.rollouts == 4 * 6 + 4 and counter.now == pytest.approx(0.070)
    assert player.bank == 0.0  # the whole budget was spent: nothing carried over to the next decision
