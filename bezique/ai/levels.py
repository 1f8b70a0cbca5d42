"""The registry of computer levels: names the menu shows and the factory that builds them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bezique.ai.base import Player
from bezique.ai.expert import ExpertPlayer, MasterPlayer
from bezique.ai.players import BeginnerPlayer, IntermediatePlayer
from bezique.ai.random_player import RandomPlayer

LEVELS: dict[str, Callable[..., Player]] = {
    "random": RandomPlayer,
    "beginner": BeginnerPlayer,
    "intermediate": IntermediatePlayer,
    "expert": ExpertPlayer,
}
# "master" (the expert with ai.master_time_ms, on all cores) is not offered until the arena shows it beats expert;
# make_player still builds it so that a config.yaml saying ``level: master`` keeps working.
HIDDEN_LEVELS: dict[str, Callable[..., Player]] = {"master": MasterPlayer}

MENU_LEVELS = ("beginner", "intermediate", "expert")  # what the menu offers, easiest first
SEATED_LEVELS = (*LEVELS, *HIDDEN_LEVELS)  # every level a game may seat (``--level``, a save, config.yaml)
DEFAULT_LEVEL = "intermediate"  # the opponent a game seats when the level it was given is no level at all

SEARCH_OPTIONS = ("time_ms", "iterations", "rule_tricks", "horizon", "cores")


def level_problem(level: str) -> str | None:
    """Why `level` cannot be seated, in one line naming it and what is allowed; None when it is a level."""
    if level in SEATED_LEVELS:
        return None
    return f"unknown computer level {level!r} (choose one of {', '.join(SEATED_LEVELS)}); playing {DEFAULT_LEVEL}"


def resolve_level(level: str) -> str:
    """The level a game seats for `level`: the one asked for when it is a level, shown in the menu or not (master,
    from ``--level`` or ``config.yaml``), else ``DEFAULT_LEVEL``, never the random player. Every way into a game
    (the command line, the settings, New game, a resumed save, the demo) asks here, so they cannot disagree;
    ``level_problem`` words the fallback for whoever can show it."""
    return level if level in SEATED_LEVELS else DEFAULT_LEVEL


def make_player(level: str, seed: int = 0, **options: Any) -> Player:
    """A player of `level` with its own seeded random generator.

    Options (search levels only, ignored by the others): ``time_ms`` thinking time per decision (expert default
    280, master 1000, from ``config.yaml``'s ``ai.expert_time_ms`` / ``ai.master_time_ms``), ``iterations`` a fixed
    number of sampled deals per decision instead of a time budget (reproducible whatever the machine; tests use it),
    ``cores`` the most thinking processes a decision shares its sampled deals between on the window's worker
    thread (expert default 2, master all the machine's, both at most all cores but one, which the window keeps:
    ``remote.thinking_cores``; the same deals give the same choice on any number).
    """
    try:
        factory = LEVELS[level] if level in LEVELS else HIDDEN_LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown computer level {level!r}; choose one of {', '.join(SEATED_LEVELS)}") from None
    unknown = set(options) - set(SEARCH_OPTIONS)
    if unknown:
        raise ValueError(f"unknown player option(s): {', '.join(sorted(unknown))}")
    if level in ("expert", "master"):
        return factory(seed, **{k: v for k, v in options.items() if v is not None})
    return factory(seed)
