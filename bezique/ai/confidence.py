"""When the search may overrule the rules' choice: a paired confidence test on the same sampled deals, and the
table of the candidates' values it reads (``DealTable``).

Every candidate is played out on the same sampled deals with the same random stream as the rules' choice, so the
test is on the paired differences: their mean less a critical value times their standard error must clear
``MARGIN`` points. The critical value is Student's t (a handful of deals gives a standard error that is itself
noise, so a normal quantile there lets luck through), and overruling a meld the rules declare (declining it, or
declaring a smaller one) must clear a family-wise test over all the challengers (``DECLINE_ALPHA``): a free meld
is given up only when the search is confident, never because one of several candidates was lucky.

The table takes the values deal by deal in deal order, whatever order they come in (the sampled deals are shared
between several processes, ``expert``), and prunes and stops on what deals 0..n-1 say, exactly as one process that
played them in turn would: the same deals give the same table and the same choice on any number of cores.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from statistics import NormalDist

from bezique.rules import Action, Verb

MARGIN = 2.0  # points a candidate must gain over the rules' choice, beyond the critical value's standard errors
CONFIDENCE_Z = 1.5  # one-sided normal quantile of the gain an ordinary candidate must clear (and that prunes it)
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


def clearly_worse(xs: list[float], ys: list[float]) -> bool:
    """Candidate values `xs` can no longer be shown better than the rules' choice `ys` (so pruning it is safe)."""
    mean, se = paired(xs, ys)
    return mean + t_quantile(CONFIDENCE_Z, len(xs)) * se < MARGIN


def required_z(prior: Action, challenger: Action, challengers: int) -> float:
    """The one-sided normal quantile `challenger` must clear to replace the rules' `prior` among `challengers`
    others: the ordinary ``CONFIDENCE_Z``, or, against a meld the rules declare, the family-wise
    ``DECLINE_ALPHA`` (Bonferroni over the challengers)."""
    if prior.verb == Verb.MELD and challenger != prior:
        return NormalDist().inv_cdf(1.0 - DECLINE_ALPHA / max(1, challengers))
    return CONFIDENCE_Z


def overrule_score(xs: list[float], ys: list[float], z: float) -> tuple[float, float]:
    """(how far candidate `xs` clears the test against the rules' `ys` at quantile `z`: positive means it
    overrules them; its mean paired gain). Never positive on fewer than ``MIN_DEALS`` deals."""
    mean, se = paired(xs, ys)
    n = min(len(xs), len(ys))
    if n < MIN_DEALS:
        return -math.inf, mean
    return mean - t_quantile(z, n) * se - MARGIN, mean


class DealTable:
    """The candidates' values on the sampled deals 0..n-1, the candidates still searched (``live``: the others
    were found clearly worse than the rules' choice `prior` at a check every ``PRUNE_EVERY`` deals), and whether
    the search is over (``done``: `iterations` deals, when not 0, or no challenger left)."""

    def __init__(self, candidates: list[Action], prior: Action, iterations: int) -> None:
        self.candidates = candidates
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
                kept = [i for i in self.live if i == p or not clearly_worse(values[i], values[p])]
                pruned, self.live = pruned or len(kept) < len(self.live), kept
                self.done = len(kept) == 1  # every other candidate is clearly worse: the rules' choice stands
        return list(self.live) if pruned else None

    def pick(self) -> tuple[int, float]:
        """(index of the candidate chosen, its mean paired gain over the rules' choice): the rules' choice, unless
        a live candidate beats it clearly (``overrule_score`` at ``required_z``), the one that clears the test
        by most."""
        p, values = self.prior, self.values
        prior = self.candidates[p]
        best_i, best_score, best_gain = p, 0.0, 0.0
        challengers = len(self.candidates) - 1
        for i in self.live:
            if i == p:
                continue
            score, mean = overrule_score(values[i], values[p], required_z(prior, self.candidates[i], challengers))
            if score > best_score:
                best_i, best_score, best_gain = i, score, mean
        return best_i, best_gain
