"""The one interface every computer level (and the window's human seat) shares.

A player is given a seat's ``PlayerView`` and its legal actions and chooses one. It owns a seeded
``random.Random``, so the same seed and the same views give the same choices; it keeps no state that another
thread touches, so the window can run it on a worker thread; ``stop`` lets the window cut a search short
(closing the window while the computer thinks must quit at once).
"""

from __future__ import annotations

import random
import threading
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from bezique.rules import Action, PlayerView

StopFlag = threading.Event


class Hint(NamedTuple):
    """A suggestion for the hint button: the action, and why as a reason code with its arguments (the texts word
    it: ``bezique.i18n.advice.advice_line``)."""

    action: Action
    code: str
    args: Mapping[str, Any] = {}


class Decision(NamedTuple):
    """An action with the reason code and arguments that make its hint (worded by
    ``bezique.i18n.advice.advice_line``)."""

    action: Action
    code: str
    args: dict[str, Any] | None = None


class Player(ABC):
    """A decision maker for one seat."""

    level: str = ""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, view: PlayerView, legal: Sequence[Action], stop: StopFlag | None = None) -> Action:
        """Pick one of `legal` (never empty) for the seat `view` belongs to."""

    def hint(self, view: PlayerView, legal: Sequence[Action]) -> Hint:
        """What this level would play here, and why (a level that cannot say why gives the plain "random")."""
        return Hint(self.choose(view, legal), "random")
