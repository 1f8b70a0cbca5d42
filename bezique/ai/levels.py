"""The registry of computer levels: names the menu shows and the factory that builds them."""

from __future__ import annotations

from collections.abc import Callable

from bezique.ai.base import Player
from bezique.ai.random_player import RandomPlayer

LEVELS: dict[str, Callable[[int], Player]] = {
    "random": RandomPlayer,
}


def make_player(level: str, seed: int = 0) -> Player:
    """A player of `level` with its own seeded random generator."""
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown computer level {level!r}; choose one of {', '.join(LEVELS)}") from None
    return factory(seed)
