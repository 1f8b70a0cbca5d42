"""The final-tricks solver against brute force, and a tiny arena run."""

from __future__ import annotations

import random

import pytest
from ai_positions import random_states

from bezique.ai import arena, make_player
from bezique.ai import solver as solver_module
from bezique.ai.search import POINT_SHARE, WIN_VALUE, deal_value, final_value, rollout, win_chance
from bezique.ai.solver import WIN, solvable, solve, solved_value
from bezique.i18n.advice import advice_line
from bezique.rules import (
    Phase,
    apply,
    card_unicode,
    legal_actions,
    make_ruleset,
    new_game,
    shuffled_deck,
    start_deal,
    view_for,
)
from tests.dealing import dealt_game


def _endgame(seed: int, cards_left: int, target: int, must_win: bool = False):
    rng = random.Random(seed)
    rules = make_ruleset("two_handed", {"target_score": target, "endgame_must_win_trick": must_win})
    state = new_game(rules, seed % 2)
    if target < 1000:  # near the target, so the last-trick bonus or the brisques can end the game
        state.scores = [rng.randrange(target - 120, target), rng.randrange(target - 120, target)]
    start_deal(state, shuffled_deck(rules, rng))
    while not state.finished and not (solvable(state) and len(state.hands[state.to_act]) <= cards_left):
        apply(state, rng.choice(legal_actions(state)))
    return None if state.finished else state


def _brute(state, me: int, base: int) -> int:
    if state.finished or state.phase == Phase.AWAIT_DEAL:
        outcome = 0 if not state.finished or state.winner is None else (1 if state.winner == me else -1)
        return WIN * outcome + (state.scores[me] - state.scores[1 - me]) - base
    values = []
    for action in legal_actions(state):
        child = state.clone()
        apply(child, action)
        values.append(_brute(child, me, base))
    return max(values) if state.to_act == me else min(values)


@pytest.mark.parametrize("must_win", (False, True))
def test_solver_matches_brute_force(must_win):
    checked = 0
    for seed in range(60):
        state = _endgame(seed, cards_left=2 + seed % 4, target=500 if seed % 3 else 1000, must_win=must_win)
        if state is None:
            continue
        me = state.to_act
        card, values = solve(state, me)
        exact = _brute(state, me, state.scores[me] - state.scores[1 - me])
        assert max(values.values()) == exact
        child = state.clone()  # the card chosen really achieves the value
        apply(child, next(a for a in legal_actions(state) if a.cards[0] & 31 == card & 31))
        assert _brute(child, me, state.scores[me] - state.scores[1 - me]) == exact
        checked += 1
    assert checked >= 40


def _general_only(monkeypatch) -> None:
    """Force the solver's general path (points carried in the memo key, target checks) even far from the target."""
    init = solver_module._Solver.__init__

    def general(self, state, me, give_up=None, end_value=None):
        init(self, state, me, give_up, end_value)
        self.additive = False
        self.memo = {}  # the fast path's shared memo holds values that do not count the scores

    monkeypatch.setattr(solver_module._Solver, "__init__", general)


def test_the_fast_path_far_from_the_target_agrees_with_the_general_solver(monkeypatch):
    # far from the target the solver memoises positions without the points made so far and merges cards that win
    # and lose the same tricks; on full eight-card endgames (too big for brute force) it must give the same value
    # as the general path, and its chosen card must be worth that value
    fast = []
    for seed in range(70):
        state = _endgame(seed, cards_left=8, target=1000)
        if state is not None:
            fast.append((state, solve(state, state.to_act)))
    assert len(fast) >= 50
    _general_only(monkeypatch)
    for state, (card, values) in fast:
        _card, general = solve(state, state.to_act)
        assert max(values.values()) == max(general.values())
        assert general[card & 31] == max(general.values())


def test_solved_value_is_the_same_game_seen_from_either_seat():
    state = _endgame(5, cards_left=8, target=1000)
    me = state.to_act
    outcome, points = solved_value(state, me)
    assert outcome == 0 and max(solve(state, me)[1].values()) == points
    assert solved_value(state, 1 - me) == (0, -points)


def test_rollouts_near_the_end_of_the_stock_stop_for_the_solver():
    rng = random.Random(4)
    rules = make_ruleset("two_handed", {"target_score": 1000})
    state = dealt_game(rules, 0, rng)
    rollout(state, rng, rule_tricks=99, to_final=True)
    assert solvable(state) and len(state.hands[0]) == len(state.hands[1]) == 8
    base = (0, 0)
    _outcome, points = solved_value(state, 0)
    lead = state.scores[0] - state.scores[1] + points
    mine, theirs = state.scores[0] + max(points, 0), state.scores[1] + max(-points, 0)
    chance = win_chance(lead, max(mine, theirs), 1000)
    assert final_value(state, 0, base) == pytest.approx(WIN_VALUE * (2 * chance - 1) + POINT_SHARE * lead)
    rollout(state, rng, rule_tricks=99)  # played out by rule: the deal is over, and valued as any other
    assert state.phase == Phase.AWAIT_DEAL
    assert final_value(state, 0, base) == deal_value(state, 0, base)


def test_expert_plays_the_solver_in_the_final_tricks():
    state = _endgame(3, cards_left=8, target=1000)
    view = view_for(state, state.to_act)
    hint = make_player("expert", 1, iterations=2).hint(view, view.legal)
    assert hint.code.startswith("solver")
    assert advice_line(hint.code, hint.args, "en", card_unicode).startswith("Exact count")
    card, _ = solve(state, state.to_act)
    assert hint.action.cards[0] & 31 == card & 31



def test_wilson_interval():
    low, high = arena.wilson(140, 200)
    assert 0.63 < low < 0.64 and 0.75 < high < 0.76


def test_random_states_helper_gives_decisions():
    assert all(len(legal_actions(s)) > 1 for s in random_states(3, seed=1))
