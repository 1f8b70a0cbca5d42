"""The uniform random player: the floor every level is measured against in the arena."""

from __future__ import annotations

from collections.abc import Sequence

from bezique.ai.base import Hint, Player, StopFlag
from bezique.rules import Action, PlayerView


class RandomPlayer(Player):
    """Chooses uniformly among the legal actions."""

    level = "random"

    def choose(self, view: PlayerView, legal: Sequence[Action], stop: StopFlag | None = None) -> Action:
        return self.rng.choice(list(legal))

    def hint(self, view: PlayerView, legal: Sequence[Action]) -> Hint:
        return Hint(self.choose(view, legal), "random")
