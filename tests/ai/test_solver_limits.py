"""The exact count of the final tricks valued as Rubicon settles a deal (against brute force through the rules'
own settlement), and the solver's work limit: deterministic, with the Expert's fallbacks when it is reached."""

from __future__ import annotations

import random

import pytest

from bezique.ai import expert as expert_module
from bezique.ai import make_player
from bezique.ai import solver as solver_module
from bezique.ai.settling import final_tricks_value, match_value
from bezique.ai.solver import OutOfWork, WorkLimit, solvable, solve
from bezique.rules import (
    Phase,
    apply,
    legal_actions,
    make_ruleset,
    view_for,
)
from tests.dealing import dealt_game

RUBICON = make_ruleset("rubicon")


def _rubicon_endgame(seed: int, cards_left: int):
    """A Rubicon deal played at random into its final tricks with `cards_left` cards in the hand to act, its raw
    totals then set near the rubicon threshold and each other (where the brisques may count: a tie or a
    rubicon), or None if the deal ended first."""
    rng = random.Random(seed)
    state = dealt_game(RUBICON, seed % 2, rng)
    while state.phase in (Phase.PLAY, Phase.DECLARE) and not (
            solvable(state) and len(state.hands[state.to_act]) <= cards_left and not state.trick):
        apply(state, rng.choice(legal_actions(state)))
    if not solvable(state):
        return None
    low = rng.choice((900, 950, 980, 1000))
    state.deal_points = [low + rng.randrange(0, 80), low + rng.randrange(0, 80)]
    state.scores = [rng.choice((0, 800, 1300)), rng.choice((0, 800, 1300))]
    return state


def _settled(state, me: int, base: tuple[int, int]) -> int:
    """Brute force through the rules: the best match value for `me` (``match_value``) of the deal's end, every
    trick played by ``apply``, the settlement the rules' own."""
    if state.phase not in (Phase.PLAY, Phase.DECLARE):
        gains = (state.scores[me] - base[0], state.scores[1 - me] - base[1])
        return round(match_value(state.rules, base[0], base[1], gains[0], gains[1]))
    values = []
    for action in legal_actions(state):
        child = state.clone()
        apply(child, action)
        values.append(_settled(child, me, base))
    return max(values) if state.to_act == me else min(values)


def test_the_settled_count_matches_brute_force_through_the_rules_settlement():
    checked = 0
    for seed in range(40):
        state = _rubicon_endgame(seed, cards_left=2 + seed % 3)
        if state is None:
            continue
        me = state.to_act
        base = (state.scores[me], state.scores[1 - me])
        card, values = solve(state, me, end_value=final_tricks_value(state, me))
        exact = _settled(state, me, base)
        assert max(values.values()) == exact
        child = state.clone()  # the card chosen really achieves the value
        apply(child, next(a for a in legal_actions(state) if a.cards[0] & 31 == card & 31))
        assert _settled(child, me, base) == exact
        checked += 1
    assert checked >= 25


def test_where_raw_points_lose_the_deal_the_settled_count_wins_it():
    # four cards each, raw totals near the threshold: counted in raw points (every brisque worth 10) the best card
    # loses the deal (-500 in match points), while the settled count's card wins it (+500)
    state = _rubicon_endgame(95, cards_left=4)
    assert state is not None
    me = state.to_act
    base = (state.scores[me], state.scores[1 - me])
    card, values = solve(state, me, end_value=final_tricks_value(state, me))
    raw_card, _raw = solve(state, me)
    assert (max(values.values()), _settled_after(state, me, base, card)) == (500, 500)
    assert _settled_after(state, me, base, raw_card) == -500
    view = view_for(state, me)
    decision = make_player("expert", 1, iterations=3).decide(view, view.legal)
    assert decision.code == "solver_settled" and decision.action.cards[0] & 31 == card & 31


def _settled_after(state, me: int, base: tuple[int, int], card: int) -> int:
    """``_settled`` once `me` has played `card`."""
    child = state.clone()
    apply(child, next(a for a in legal_actions(state) if a.cards[0] & 31 == card & 31))
    return _settled(child, me, base)


def test_a_work_limit_stops_a_big_count_every_time_and_an_ample_one_changes_nothing():
    state = _rubicon_endgame(3, cards_left=9)
    assert state is not None and len(state.hands[state.to_act]) == 9
    me = state.to_act
    for _ in range(2):  # nine cards a hand take more than a thousand nodes: stopped at the first check, each time
        with pytest.raises(OutOfWork):
            solve(state, me, WorkLimit(1))
    assert solve(state, me, WorkLimit(10 ** 7)) == solve(state, me)


def test_two_handed_counts_share_the_memo_and_are_not_limited():
    # eight cards a hand, far from the target: the fast path's shared memo, whose counts are small by
    # construction; a limit there would depend on what earlier solves left in the memo, so it does not apply
    rules = make_ruleset("two_handed")
    rng = random.Random(4)
    state = dealt_game(rules, 0, rng)
    while not solvable(state):
        apply(state, rng.choice(legal_actions(state)))
    assert len(state.hands[state.to_act]) == 8
    assert solve(state, state.to_act, WorkLimit(1)) == solve(state, state.to_act)


def _near_target_endgame(seed: int):
    """A two-handed deal to 500 played at random into its final tricks, eight cards a hand, the scores set where the
    last trick or the brisques can end the game (the solver's general path), or None if the deal ended first."""
    rules = make_ruleset("two_handed", {"target_score": 500})
    rng = random.Random(seed)
    state = dealt_game(rules, seed % 2, rng)
    while state.phase in (Phase.PLAY, Phase.DECLARE) and not solvable(state):
        apply(state, rng.choice(legal_actions(state)))
    if not solvable(state):
        return None
    state.scores = [rng.randrange(400, 500), rng.randrange(400, 500)]
    return state


def _memo_size() -> int:
    return sum(len(memo) for memo in solver_module._SHARED.values())


def test_counts_near_the_target_share_a_memo_that_changes_no_value():
    # near the target a count's value depends on the scores, so its memo is shared only by counts of the same
    # scores: a search's candidates and deals meet the same final hands, and a count found in the memo is free.
    # Whatever earlier counts left there, every value is the one a count with a memo of its own finds.
    states = [s for s in (_near_target_endgame(seed) for seed in range(40)) if s is not None]
    assert len(states) >= 30
    assert all(not solver_module._Solver(s, s.to_act).additive for s in states)
    fresh = []
    searched = 0  # positions the counts with a memo of their own searched
    for state in states:
        solver_module._SHARED.clear()
        fresh.append(solve(state, state.to_act))
        searched += _memo_size()
    solver_module._SHARED.clear()
    for state in states:  # twice each, in turn: the memo full of the other counts and of this one's own
        solve(state, state.to_act)
    before = _memo_size()
    for state, alone in zip(states, fresh, strict=True):
        assert solve(state, state.to_act) == alone
    assert _memo_size() - before < searched / 10  # found in the memo, hardly searched again
    # the same hands at other scores: each count its own, not one of the others' found in the memo
    grid = [(495, 400), (480, 490), (440, 495), (470, 470), (420, 430)]
    for state in states[:8]:
        alone = {}
        for scores in grid:
            state.scores = list(scores)
            solver_module._SHARED.clear()
            alone[scores] = solve(state, state.to_act)
        for scores in grid + grid[::-1]:
            state.scores = list(scores)
            assert solve(state, state.to_act) == alone[scores]


def test_counts_near_the_target_are_shared_so_not_limited():
    # a limit would depend on what earlier counts left in the shared memo (a different choice on another core)
    state = next(s for s in (_near_target_endgame(seed) for seed in range(10)) if s is not None)
    assert solve(state, state.to_act, WorkLimit(1)) == solve(state, state.to_act)


def test_the_shared_memos_start_afresh_past_their_size(monkeypatch):
    monkeypatch.setattr(solver_module, "SHARED_ENTRIES", 50)
    solver_module._SHARED.clear()
    states = [s for s in (_near_target_endgame(seed) for seed in range(8)) if s is not None]
    for state in states:
        solve(state, state.to_act)
        assert _memo_size() > 0
    # each count begins with at most SHARED_ENTRIES kept from earlier ones, so the memos never grow far past it
    assert len(solver_module._SHARED) == 1


def test_the_expert_falls_back_on_the_rules_when_its_final_count_is_too_big(monkeypatch):
    state = _rubicon_endgame(3, cards_left=9)
    assert state is not None
    view = view_for(state, state.to_act)
    solved = make_player("expert", 1, iterations=3).decide(view, view.legal)
    assert solved.code == "solver_settled"
    monkeypatch.setattr(expert_module, "SOLVE_NODES", 1)  # stopped at its first check: neither count fits
    fallback = make_player("expert", 1, iterations=3).decide(view, view.legal)
    assert fallback.code.startswith("final_") and fallback.action in view.legal


def test_rollout_counts_over_the_limit_are_played_out_by_the_rules_the_same_every_time(monkeypatch):
    # a Rubicon decision with two cards left in the stock: each rollout ends in an exact count of nine-card hands
    rng = random.Random(11)
    state = dealt_game(RUBICON, 0, rng)
    while not (state.phase == Phase.PLAY and len(state.stock) <= 2 and len(legal_actions(state)) > 1):
        apply(state, rng.choice(legal_actions(state)))
    view = view_for(state, state.to_act)
    counted = []
    real_row = expert_module.ExpertPlayer.row

    def row(self, det, seed, candidates, live, seat, exact, stop_here):
        counted.append(exact)
        return real_row(self, det, seed, candidates, live, seat, exact, stop_here)

    monkeypatch.setattr(expert_module.ExpertPlayer, "row", row)
    monkeypatch.setattr(expert_module, "ROLLOUT_NODES", 1)  # no nine-card count fits
    first = make_player("expert", 2, iterations=4).decide(view, view.legal)
    assert first.action in view.legal
    assert True in counted and False in counted  # each exact deal was played again by the rules
    assert make_player("expert", 2, iterations=4).decide(view, view.legal) == first
