"""What the expert's search did in one decision, counted, on a clock of the test's own: sampled deals, rollouts,
and a ``time.perf_counter`` that moves only by a fixed cost per rollout. The search's budgets (iterations, time,
a stop request) are then tested on what it did, never on the seconds a busy machine takes."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bezique.ai import expert
from bezique.ai.inference import Belief


class SearchCounter:
    """Counts the deals the search samples (``Belief.deal``) and the rollouts it plays; each rollout advances the
    search's clock by `rollout_seconds`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, rollout_seconds: float) -> None:
        self.deals = 0
        self.rollouts = 0
        self.now = 0.0
        deal, rollout = Belief.deal, expert.rollout

        def counted_deal(belief, rng):
            self.deals += 1
            return deal(belief, rng)

        def counted_rollout(*args, **kwargs):
            self.rollouts += 1
            self.now += rollout_seconds
            return rollout(*args, **kwargs)

        monkeypatch.setattr(Belief, "deal", counted_deal)
        monkeypatch.setattr(expert, "rollout", counted_rollout)
        monkeypatch.setattr(expert, "time", SimpleNamespace(perf_counter=lambda: self.now))

    @property
    def per_deal(self) -> float:
        """Rollouts per sampled deal: the candidates still searched (one rollout each, on the same deal)."""
        return self.rollouts / self.deals
