"""When the search may overrule the rules' choice: a paired confidence test on the same sampled deals, and the
table of the candidates' values it reads (``DealTable``).

Every candidate is played out on the same sampled deals with the same random stream as the rules' choice, so the
test is on the paired differences: their mean less a critical value times their standard error must clear a
margin (the game's ``Bar``: ``bar_for``). The critical value is Student's t (a handful of deals gives a standard
error that is itself noise, so a normal quantile there lets luck through), and overruling a meld the rules
declare (declining it, or declaring a smaller one) must clear a family-wise test over all the challengers
(``DECLINE_ALPHA``): a free meld is given up only when the search is confident, never because one of several
candidates was lucky.

The table takes the values deal by deal in deal order, whatever order they come in (the sampled deals are shared
between several processes, ``expert``), and prunes and stops on what deals 0..n-1 say, exactly as one process that
played them in turn would: the same deals give the same table and the same choice on any number of cores.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from statistics import NormalDist
from typing import NamedTuple

from bezique.ai.settling import settles
from bezique.rules import Action, Ruleset, Verb


class Bar(NamedTuple):
    """What an ordinary candidate must clear to overrule the rules' choice (and under which it is pruned)."""

    z: float  # one-sided normal quantile of its mean paired gain (Student's t on the deals it has)
    margin: float  # points it must gain beyond that many standard errors


# Two hidden hands racing to the target: at 50 deals (the default budget) the cautious bar held the search back:
# it overruled the rules in 44 of the regret oracle's 300 positions, and a lower bar gained 1.15 +- 0.56 points a
# decision there (lab/regret). The arena shows no difference either way (lab/arena): paired game by game, +0.033
# [-0.030, +0.097] of the games to 500 (stop 29) and -0.013 [-0.105, +0.078] of the games to 1000 on fresh decks
# (stop 30), so the lower bar rests on the oracle's evidence. With three players it lost points on the same decks
# (-13 [-45, +18] a deal: the search's values are noisier there), and the other games are not measured with it:
# they keep the cautious one.
TWO_HANDED_BAR = Bar(z=1.0, margin=0.0)
CAUTIOUS_BAR = Bar(z=1.5, margin=2.0)
DECLINE_ALPHA = 0.01  # family-wise one-sided error allowed in overruling a meld the rules declare
MIN_DEALS = 6  # fewer paired deals than this never overrule the rules' choice
PRUNE_EVERY = 8  # sampled deals between checks that drop candidates clearly worse than the rules' choice


def paired(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """Mean and standard error of the paired differences x - y (over the samples both have)."""
    diffs = [x - y for x, y in zip(xs, ys, strict=False)]
    n = len(diffs)
    if n == 0:
        return 0.0, float("inf")
    mean = sum(diffs) / n
    if n < 2:
        return mean, float("inf")
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def t_quantile(z: float, n: int) -> float:
    """Student's t quantile with n - 1 degrees of freedom at the level of the normal quantile `z` (Cornish-Fisher
    expansion: within a percent from four degrees of freedom on, and larger, so stricter, below)."""
    nu = max(1, n - 1)
    z3, z5 = z ** 3, z ** 5
    return z + (z3 + z) / (4 * nu) + (5 * z5 + 16 * z3 + 3 * z) / (96 * nu * nu)


def bar_for(rules: Ruleset) -> Bar:
    """The bar of a game played by `rules`: ``TWO_HANDED_BAR`` where it was measured (two concealed hands racing to
    the target), else ``CAUTIOUS_BAR``."""
    if rules.players == 2 and not rules.open_hands and not settles(rules):
        return TWO_HANDED_BAR
    return CAUTIOUS_BAR


def clearly_worse(xs: list[float], ys: list[float], bar: Bar) -> bool:
    """Candidate values `xs` can no longer be shown better than the rules' choice `ys` over `bar` (so pruning it
    is safe)."""
    mean, se = paired(xs, ys)
    return mean + t_quantile(bar.z, len(xs)) * se < bar.margin


def required_z(prior: Action, challenger: Action, challengers: int, bar: Bar) -> float:
    """The one-sided normal quantile `challenger` must clear to replace the rules' `prior` among `challengers`
    others: the ordinary ``bar.z``, or, against a meld the rules declare, the family-wise ``DECLINE_ALPHA``
    (Bonferroni over the challengers)."""
    if prior.verb == Verb.MELD and challenger != prior:
        return NormalDist().inv_cdf(1.0 - DECLINE_ALPHA / max(1, challengers))
    return bar.z


def overrule_score(xs: list[float], ys: list[float], z: float, margin: float) -> tuple[float, float]:
    """(how far candidate `xs` clears the test against the rules' `ys` at quantile `z` and `margin` points:
    positive means it overrules them; its mean paired gain). Never positive on fewer than ``MIN_DEALS`` deals."""
    mean, se = paired(xs, ys)
    n = min(len(xs), len(ys))
    if n < MIN_DEALS:
        return -math.inf, mean
    return mean - t_quantile(z, n) * se - margin, mean


class DealTable:
    """The candidates' values on the sampled deals 0..n-1, the candidates still searched (``live``: the others
    were found clearly worse than the rules' choice `prior` over `bar` at a check every ``PRUNE_EVERY`` deals),
    and whether the search is over (``done``: `iterations` deals, when not 0, or no challenger left)."""

    def __init__(self, candidates: list[Action], prior: Action, iterations: int, bar: Bar) -> None:
        self.candidates = candidates
        self.bar = bar
        self.prior = candidates.index(prior)
        self.iterations = iterations
        self.values: list[list[float]] = [[] for _ in candidates]
        self.live = list(range(len(candidates)))
        self.n = 0
        self.done = False
        self._early: dict[int, Mapping[int, float]] = {}  # rows of deals after one still missing

    def add(self, deal: int, row: Mapping[int, float]) -> list[int] | None:
        """Deal `deal`'s values, candidate index -> value, for at least the candidates live when its worker
        played it (a superset of those live now: pruning only ever drops). Returns the live candidates when this
        row (and those waiting for it) pruned some, else None. A deal heard twice, or after the end, is ignored."""
        if self.done or deal < self.n:
            return None
        self._early[deal] = row
        pruned = False
        while not self.done and self.n in self._early:
            row = self._early.pop(self.n)
            for i in self.live:
                self.values[i].append(row[i])
            self.n += 1
            if self.iterations and self.n >= self.iterations:
                self.done = True
            elif self.n % PRUNE_EVERY == 0 and len(self.live) > 1:
                p, values = self.prior, self.values
                kept = [i for i in self.live if i == p or not clearly_worse(values[i], values[p], self.bar)]
                pruned, self.live = pruned or len(kept) < len(self.live), kept
                self.done = len(kept) == 1  # every other candidate is clearly worse: the rules' choice stands
        return list(self.live) if pruned else None

    def pick(self) -> tuple[int, float]:
        """(index of the candidate chosen, its mean paired gain over the rules' choice): the rules' choice, unless
        a live candidate beats it clearly (``overrule_score`` at ``required_z`` and the bar's margin), the one that
        clears the test by most."""
        p, values = self.prior, self.values
        prior = self.candidates[p]
        best_i, best_score, best_gain = p, 0.0, 0.0
        challengers = len(self.candidates) - 1
        for i in self.live:
            if i == p:
                continue
            z = required_z(prior, self.candidates[i], challengers, self.bar)
            score, mean = overrule_score(values[i], values[p], z, self.bar.margin)
            if score > best_score:
                best_i, best_score, best_gain = i, score, mean
        return best_i, best_gain
