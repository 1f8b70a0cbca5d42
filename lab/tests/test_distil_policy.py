"""``lab/distil_policy.py``: a linear policy fitted to the search's values, against the rules' choice."""

from __future__ import annotations

import random

from lab_scripts import load_script

from bezique.ai.confidence import TWO_HANDED_BAR, DealTable
from bezique.ai.knowledge import EXPERT_CRAFT, Knowledge
from bezique.ai.policy import follow_scores
from bezique.rules import (
    PLAY_ACTIONS,
    GameState,
    apply,
    beats,
    legal_actions,
    legal_plays,
    make_ruleset,
    new_game,
    shuffled_deck,
    start_deal,
)


def a_follow() -> GameState:
    """A fresh two-handed deal after its first lead: the follower to play."""
    rules = make_ruleset("two_handed")
    state = new_game(rules, 1)
    start_deal(state, shuffled_deck(rules, random.Random(4)))
    apply(state, legal_actions(state)[0])
    assert state.trick and state.to_act == 1
    return state


def test_a_follow_reads_the_rules_score_first_and_whether_it_takes_the_trick() -> None:
    tool = load_script("distil_policy")
    state = a_follow()
    cards = legal_plays(state)
    feats = tool.features(state, 1, cards)
    know = Knowledge(state, 1, EXPERT_CRAFT)
    scores = follow_scores(state, know, cards, know.keep_values(cards))
    assert set(feats) == set(cards)
    assert len({len(f) for f in feats.values()}) == 1
    for c in cards:
        assert feats[c][0] == scores[c][0]
        assert feats[c][-6] == (1.0 if beats(c, state.trick[0], state.trump) else 0.0)


def decision(tool, gains: list[float], signal: list[float], prior: int = 0) -> object:
    """A made-up searched lead whose candidates' second feature is `signal` (the first, the rules' score, 0)."""
    return tool.Searched("lead", [tool.Candidate([0.0, s, 1.0], g, 20) for g, s in zip(gains, signal, strict=True)],
                         prior)


def test_the_fit_learns_a_feature_that_tells_the_best_card() -> None:
    tool = load_script("distil_policy")
    rng = random.Random(2)
    made = []
    for _ in range(60):
        signal = [rng.random() for _ in range(4)]
        made.append(decision(tool, [5.0 * s - 2.0 for s in signal], signal))
    weights = tool.fit(made, steps=80)
    mine, best = tool.held_out_gains(made, weights)
    assert weights[1] > 0
    assert mine == best  # the highest signal is the highest gain in every decision


def test_a_candidate_searched_on_too_few_deals_does_not_count_but_the_rules_choice_always_does() -> None:
    tool = load_script("distil_policy")
    made = tool.Searched("follow", [tool.Candidate([0.0], 0.0, 0), tool.Candidate([1.0], 9.0, tool.MIN_SEEN - 1),
                                    tool.Candidate([2.0], 3.0, tool.MIN_SEEN)], 0)
    assert tool.counted(made) == [0, 2]
    assert tool.pick(made, [1.0]) == 2
    assert tool.held_out_gains([made], [-1.0]) == (0.0, 3.0)


def test_a_deal_gives_the_searched_plays_with_the_rules_choice_at_no_gain() -> None:
    tool = load_script("distil_policy")
    found = tool.searched_deal((0, 8, 3))
    assert len(found) >= 5
    assert {d.kind for d in found} == {"lead", "follow"}
    for d in found:
        assert d.candidates[d.prior].gain == 0.0 and len(d.candidates) >= 2
        assert len({len(c.features) for c in d.candidates}) == 1
    lines = tool.report(found, steps=5)
    assert [line.split(":")[0] for line in lines] == ["lead", "follow"]


def half_table(*values: list[float]) -> DealTable:
    """A decision's table of the given candidates' values (the first is the rules' choice), as the search fills it."""
    candidates = [PLAY_ACTIONS[c] for c in range(len(values))]
    table = DealTable(candidates, candidates[0], 0, TWO_HANDED_BAR)
    table.values = [list(v) for v in values]
    return table


def test_the_split_gains_value_the_half_deals_choices_on_the_other_half() -> None:
    tool = load_script("distil_policy")
    rules = [0.0] * 40
    lucky = [5.0, -1.0] * 20  # best on the even deals, worse than the rules' choice on the odd ones
    steady = [1.0] * 40
    assert tool.split_gains(half_table(rules, lucky, steady)) == (-1.0, -1.0)  # clears the bar too: no noise
    assert tool.split_gains(half_table(rules, lucky[:3], steady)) == (1.0, 1.0)  # too few deals: not a choice
    assert tool.split_gains(half_table(rules, [-2.0] * 40)) == (0.0, 0.0)  # nothing beats the rules' choice
    noisy = [4.0, -4.0, -3.0, 3.0] * 10  # +0.5 a deal on the even deals, far from clearing the bar
    assert tool.split_gains(half_table(rules, noisy)) == (-0.5, 0.0)
