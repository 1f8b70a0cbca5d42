"""The value table of each decision the expert's search made (the caller's side of its split, ``expert._Gathered``),
recorded for the tests that compare a search shared between workers with one done by a single worker (a helper
module, not a test file)."""

from __future__ import annotations

import pytest

from bezique.ai import expert
from bezique.ai.confidence import PRUNE_EVERY, Bar
from bezique.rules import Action

ITERATIONS = 2 * PRUNE_EVERY + 3  # past two pruning checks, and not a multiple of the workers


class Tables:
    """Every decision's gathered table (the caller's side of the split), in order."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.gathered: list[expert._Gathered] = []
        self.told: list[list[tuple[int, int]]] = []  # each decision's rows as told: (worker, deal)
        record, told = self.gathered, self.told
        real = expert._Gathered

        class Recorded(real):
            def __init__(self, iterations: int, bar: Bar) -> None:
                super().__init__(iterations, bar)
                record.append(self)
                told.append([])

            def heard(self, worker, message):
                if isinstance(message, expert._Row):
                    told[-1].append((worker, message.deal))
                return super().heard(worker, message)

        monkeypatch.setattr(expert, "_Gathered", Recorded)

    def table(self) -> tuple[list[Action], list[list[float]], list[int], int] | None:
        """The last decision's candidates, values, live candidates and deals (None: decided without a search)."""
        table = self.gathered[-1].table
        return None if table is None else (table.candidates, table.values, table.live, table.n)
