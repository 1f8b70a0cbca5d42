"""Every decision on its budget: the exact solve gives up when told (deadline or cancel), the search then answers
with what it has, Chinese hands are never solved exactly inside rollouts (``bench ai``'s figures are in
``test_benchmark``)."""

from __future__ import annotations

import random
import threading

import pytest
from ai_positions import position
from search_budget import SearchCounter

from bezique.ai import expert, make_player, solver
from bezique.ai.confidence import MIN_DEALS
from bezique.ai.knowledge import may_meld
from bezique.ai.policy import declaration
from bezique.ai.search import EXACT_HAND
from bezique.ai.solver import OutOfTime, solvable, solve
from bezique.rules import (
    DONE_ACTION,
    EXCHANGE_ACTION,
    Phase,
    Verb,
    apply,
    can_exchange_seven,
    legal_actions,
    make_ruleset,
    view_for,
)
from tests.dealing import dealt_game

FAST = {"iterations": 3}


def _final_tricks(variant: str, seed: int):
    """A deal of `variant` played at random up to its final tricks (both hands known: solvable)."""
    rules = make_ruleset(variant)
    rng = random.Random(seed)
    state = dealt_game(rules, 0, rng)
    while not solvable(state) and state.phase in (Phase.PLAY, Phase.DECLARE):
        apply(state, rng.choice(legal_actions(state)))
    assert solvable(state)
    return state


def test_the_solver_gives_up_when_told_and_only_then(monkeypatch):
    monkeypatch.setattr(solver, "_SHARED", {})  # no bounds left by earlier solves
    state = _final_tricks("chinese", 3)  # twelve cards a hand: tens of thousands of nodes
    asked = []

    def give_up() -> bool:
        asked.append(1)
        return len(asked) >= 2

    with pytest.raises(OutOfTime):
        solve(state, state.to_act, give_up)
    assert len(asked) == 2
    card, values = solve(_final_tricks("two_handed", 3), _final_tricks("two_handed", 3).to_act, lambda: False)
    assert card & 31 in values


def test_a_final_trick_solve_cut_short_falls_back_to_the_rules():
    state = _final_tricks("chinese", 5)
    view = view_for(state, state.to_act)
    stop = threading.Event()
    stop.set()  # cancelled at once: the solve gives up at its first question, the final-trick rules answer
    decision = make_player("expert", 1).decide(view, view.legal, stop)
    assert decision.action in view.legal
    assert not decision.code.startswith("solver")


def test_chinese_hands_are_too_large_for_the_exact_solver_inside_rollouts():
    assert make_ruleset("chinese").hand_size > EXACT_HAND >= make_ruleset("rubicon").hand_size
    assert make_ruleset("two_handed").hand_size <= EXACT_HAND


@pytest.mark.parametrize("variant", ["two_handed", "three_handed", "rubicon", "chinese"])
def test_a_declaration_step_without_a_possible_meld_is_the_rules_own_choice(variant):
    # the rollouts skip the rules' search of the melds when the cards cover no meld of the catalogue: that must
    # never hide a legal meld, and the action taken must be the one the rules' declaration would choose
    rules = make_ruleset(variant)
    rng = random.Random(11)
    seen = skipped = 0
    for _game in range(12):
        state = dealt_game(rules, 0, rng)
        while state.phase in (Phase.PLAY, Phase.DECLARE) and not state.final_phase:
            legal = legal_actions(state)
            if state.phase == Phase.DECLARE:
                seen += 1
                melds = [a for a in legal if a.verb == Verb.MELD]
                if not may_meld(state, state.to_act):
                    skipped += 1
                    assert not melds
                    expected = EXCHANGE_ACTION if can_exchange_seven(state) else DONE_ACTION
                    assert declaration(state, state.to_act, legal, "intermediate").action == expected
            apply(state, rng.choice(legal))
    assert seen > skipped > 0


def test_the_last_stock_trick_is_played_out_by_rule_when_exact_values_cost_too_much(monkeypatch):
    # two cards left in the stock: the deals are valued by the exact solver of the final tricks, here made to
    # "take" 0.2 s on the search's clock, more than a sixth of the 600 ms budget: the search drops that deal and
    # plays out every deal by the rules instead, so it samples many deals, not one
    counter = SearchCounter(monkeypatch, rollout_seconds=0.002)
    exact_calls = []

    def slow_final_value(state, me, base, give_up=None):
        exact_calls.append(1)
        counter.now += 0.2
        return 0.0

    monkeypatch.setattr(expert, "final_value", slow_final_value)
    state = position("9C 9C#1 8D 8D#1 KH QS JD 7H", turn_up="AS", stock=2)
    view = view_for(state, 0)
    player = make_player("expert", 2, time_ms=600)
    assert player.choose(view, view.legal) in view.legal
    assert len(exact_calls) == 1
    assert player.last_deals >= MIN_DEALS and counter.deals > MIN_DEALS


def test_with_a_fixed_number_of_deals_the_last_stock_trick_is_always_valued_exactly(monkeypatch):
    exact_calls = []
    real = expert.final_value

    def counted(state, me, base, give_up=None):
        exact_calls.append(1)
        return real(state, me, base, give_up)

    monkeypatch.setattr(expert, "final_value", counted)
    state = position("9C 9C#1 8D 8D#1 KH QS JD 7H", turn_up="AS", stock=2)
    view = view_for(state, 0)
    player = make_player("expert", 2, iterations=3)
    player.choose(view, view.legal)
    assert player.last_deals == 3 and len(exact_calls) >= 3
