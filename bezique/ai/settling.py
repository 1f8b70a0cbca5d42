"""What a Rubicon or Chinese rollout is worth: the settlement the deal comes to (RULES.md §5.6, §6.4), and the match.

In a settlement variant the points of a deal count only as the rules settle them at its end: the winner gains the
difference of the rounded totals plus the game bonus, or, when the loser is rubiconed (short of the threshold), both
totals and the rubicon bonuses; brisques count only in a tie or a rubicon. Raw points are the wrong currency there:
a lead of 100 is worth 600 or nothing near a tie, and keeping the opponent under the threshold doubles a win.

A rollout that reaches the end of the deal is valued by what the rules settled. One cut short at its horizon is
valued by the expected settlement (the rules' ``settle_deal``) of its projected totals: each seat's raw points so
far, plus what its cards are worth (``search.horizon_value``, relative to the other seat), plus the points the rest
of the deal usually brings (``DEAL_FUTURE`` x ``_share``), with a spread that shrinks as the stock runs out, averaged
over a 3 x 3 Gauss-Hermite grid. With a match target the settled points count up to what each seat still needs, and
reaching it is worth ``game_bonus`` more (a match won is a match won, whatever the margin).

The final tricks of the search's own decision are solved exactly against that same currency
(``final_tricks_value``): there the raw points, the brisques won and the match are known but for the last trick and
the brisques still in the hands, so the settlement of every way the deal can end is known too. Counted in raw
points, a solve would take six brisques (60) over the last trick (50) where the brisques count for nothing.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from bezique.rules import BrisqueTiming, GameEndMode, GameState, Phase, Ruleset, settle_deal

# A seat's raw points in the rest of a deal from its start, and their standard deviation, by packs: measured on
# 150 Rubicon (4 packs) and 80 Chinese (6 packs) deals of intermediate self-play (the rollouts' own play).
DEAL_FUTURE = {4: (1010.0, 485.0), 6: (3970.0, 2170.0)}
FUTURE_CURVE = 1.7  # the share of a deal's future points still to come with a fraction x of the stock left:
#                     1 - (1 - x) ** FUTURE_CURVE (melds come faster while the hands fill up), fitted on the same deals
GRID = ((-math.sqrt(3.0), 1.0 / 6.0), (0.0, 2.0 / 3.0), (math.sqrt(3.0), 1.0 / 6.0))  # 3-point Gauss-Hermite


def settles(rules: Ruleset) -> bool:
    """Rubicon and Chinese: the deal's points count only as the rules settle them (two seats)."""
    return rules.game_end_mode == GameEndMode.SETTLEMENT and rules.players == 2


def settlement_value(state: GameState, me: int, base: tuple[int, ...], worth: tuple[float, float]) -> float:
    """A rollout's end for seat `me` in a settlement variant, in match points: my settled gain less the
    opponent's, counted against the match (``match_value``). `base` is the match score at the decision; `worth`
    what each seat's cards are still worth this deal beyond the points scored (``search.horizon_value``)."""
    rules = state.rules
    opp = 1 - me
    if state.phase not in (Phase.PLAY, Phase.DECLARE):  # the deal is settled: the scores say how
        gained = (state.scores[me] - base[me], state.scores[opp] - base[opp])
        return match_value(rules, base[me], base[opp], gained[0], gained[1])
    future, spread = _future(rules, len(state.stock))
    lead = (worth[0] - worth[1]) / 2.0
    mine, theirs = state.deal_points[me] + future + lead, state.deal_points[opp] + future - lead
    counts = _brisques(state, me)
    value = 0.0
    for za, wa in GRID:
        for zb, wb in GRID:
            raw = (max(0, int(mine + spread * za)), max(0, int(theirs + spread * zb)))
            settled = settle_deal(rules, raw, counts).settled
            value += wa * wb * match_value(rules, base[me], base[opp], settled[0], settled[1])
    return value


def final_settlement_value(state: GameState, me: int, base: tuple[int, ...], points: int) -> float:
    """``settlement_value`` where the final tricks, solved exactly, bring me `points` more than the opponent (the
    solver's count: the last trick, and the deal's brisques where they may count): the deal's totals are then known
    but for that split. The brisques already won are the rules' to count or not; what the final tricks bring beyond
    them is put to the raw points (it is mostly the last trick)."""
    rules = state.rules
    opp = 1 - me
    if rules.brisque_timing != BrisqueTiming.NONE:  # the solver counts the brisques won, which it cannot change
        points -= rules.brisque_value * (_won_brisques(state, me) - _won_brisques(state, opp))
    raw = (state.deal_points[me] + max(points, 0), state.deal_points[opp] + max(-points, 0))
    settled = settle_deal(rules, raw, _brisques(state, me)).settled
    return match_value(rules, base[me], base[opp], settled[0], settled[1])


def final_tricks_value(state: GameState, me: int) -> Callable[[int, int, int, int], int]:
    """For the exact solver of a settlement deal's final tricks (``solver.EndValue``), from `state` at the solve's
    start, the match scores as they stand: the value for seat `me`, in match points as ``settlement_value``
    counts them, of the deal ending with (`pm`, `po`) more raw points (the last trick) and (`bm`, `bo`) more
    brisques won by (me, the opponent)."""
    rules = state.rules
    opp = 1 - me
    raw = (state.deal_points[me], state.deal_points[opp])
    won = (_won_brisques(state, me), _won_brisques(state, opp))
    base = (state.scores[me], state.scores[opp])

    def value(pm: int, po: int, bm: int, bo: int) -> int:
        settled = settle_deal(rules, (raw[0] + pm, raw[1] + po), (won[0] + bm, won[1] + bo)).settled
        return round(match_value(rules, base[0], base[1], settled[0], settled[1]))

    return value


def match_value(rules: Ruleset, mine: int, theirs: int, gain: int, their_gain: int) -> float:
    """My settled `gain` less the opponent's, from match scores `mine` and `theirs`: without a match target the
    points as they are; with one, each side's gain counts up to what it still needs, and reaching the target adds
    ``game_bonus`` (beyond it a margin is worth nothing: the match is over)."""
    target = rules.match_target
    if target is None:
        return float(gain - their_gain)

    def counted(score: int, points: int) -> float:
        need = max(0, target - score)
        return float(need + rules.game_bonus) if points >= need else float(points)

    return counted(mine, gain) - counted(theirs, their_gain)


def _future(rules: Ruleset, stock: int) -> tuple[float, float]:
    """(a seat's expected raw points in the rest of the deal, their standard deviation) with `stock` cards left."""
    total, spread = DEAL_FUTURE.get(rules.packs, DEAL_FUTURE[4])
    share = 1.0 - (1.0 - min(1.0, stock / max(1, rules.stock_size))) ** FUTURE_CURVE
    return total * share, spread * math.sqrt(share)


def _won_brisques(state: GameState, seat: int) -> int:
    return sum(1 for c in state.won[seat] if c & 7 <= 1)


def _brisques(state: GameState, me: int) -> tuple[int, int]:
    """The brisques (mine, the opponent's) the deal will end with, as expected: those won so far, and half each of
    those still to be won."""
    mine, theirs = _won_brisques(state, me), _won_brisques(state, 1 - me)
    left = 8 * state.rules.packs - mine - theirs
    return round(mine + left / 2), round(theirs + left / 2)
