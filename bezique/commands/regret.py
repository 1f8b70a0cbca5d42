"""``python -m bezique regret``: how much each level's decisions give away, measured against a sighted oracle.

The measure is ``bezique.ai.regret``'s (its positions, its oracle, each level's choice); this is the command
around it: the levels and their options read from ``--levels``, the oracle's values kept in a file (``--oracle``)
so that a second run of the same positions only lets the levels think, progress on the error stream, and each
level's mean regret printed, by kind and by the stock left, and paired with the first level named. Never imports
pygame.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Sequence
from functools import partial

from bezique.ai.levels import HIDDEN_LEVELS, LEVELS, SEARCH_OPTIONS
from bezique.ai.regret import (
    KINDS,
    RULES_LEVEL,
    STAGES,
    Judged,
    Position,
    choices_table,
    mean_se,
    oracle_table,
    sample_positions,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--levels", default="expert,rules",
                        help="levels to measure, comma-separated, the first the others are paired with; a search "
                             "level may take options: expert:horizon=3,iterations=78 (default expert,rules)")
    parser.add_argument("--positions", type=int, default=300, help="positions to judge (default 300)")
    parser.add_argument("--rollouts", type=int, default=48, help="oracle rollouts an action (default 48)")
    parser.add_argument("--iterations", type=int, default=50,
                        help="sampled deals a decision of the search levels, unless a level sets its own "
                             "(default 50: what the default budget buys on a quiet core; 0 = their time budget)")
    parser.add_argument("--target", type=int, default=500, choices=(500, 1000), help="the sampled games' target")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games, the oracle and the levels")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--oracle", default=None, metavar="FILE",
                        help="keep the oracle's values in FILE (JSON) and read them from it on the next run of the "
                             "same positions, seed, target and rollouts: then only the levels think")


def run(args: argparse.Namespace) -> int:
    names = split_levels(args.levels)
    try:
        levels = [parse_level(text) for text in names]
    except ValueError as exc:
        print(f"regret: {exc}", file=sys.stderr)
        return 2
    measured: list[tuple[str, dict[str, int]]] = []
    for name, options in levels:
        if name in ("expert", "master") and "iterations" not in options and "time_ms" not in options:
            options = {**options, "iterations": args.iterations}
        measured.append((name, options))
    positions = sample_positions(args.positions, args.seed, args.target)
    say = partial(print, flush=True)
    say(f"regret: {len(positions)} positions (seed {args.seed}, games to {args.target}), the oracle "
        f"{args.rollouts} rollouts an action (both hands known, the stock shuffled)")
    key = {"positions": args.positions, "seed": args.seed, "target": args.target, "rollouts": args.rollouts}
    values = kept_oracle(positions, key, args.oracle, args.jobs, say)
    choices = choices_table(positions, args.seed, measured, args.jobs, _progress("levels", len(positions)))
    judged = [Judged(p.kind, p.stage, v, c) for p, v, c in zip(positions, values, choices, strict=True)]
    for line in report(judged, names):
        say(line)
    return 0


def parse_level(text: str) -> tuple[str, dict[str, int]]:
    """``expert`` or ``expert:time_ms=840,iterations=0``: a level and its search options."""
    name, _, rest = text.partition(":")
    if name != RULES_LEVEL and name not in LEVELS and name not in HIDDEN_LEVELS:
        raise ValueError(f"unknown level {name!r}")
    options: dict[str, int] = {}
    for item in filter(None, rest.split(",")):
        key, _, value = item.partition("=")
        if key not in SEARCH_OPTIONS or key == "cores":
            raise ValueError(f"unknown option {key!r} of level {name!r}")
        options[key] = int(value)
    return name, options


def split_levels(text: str) -> list[str]:
    """The levels of ``--levels``, each with its options: the list is split at its commas, and an item that is only
    an option (``iterations=78``) goes on with the level before it, so ``expert,expert:horizon=3,iterations=78``
    names two levels."""
    levels: list[str] = []
    for item in text.split(","):
        if levels and "=" in item and ":" not in item:
            levels[-1] += "," + item
        else:
            levels.append(item)
    return levels


def kept_oracle(positions: list[Position], key: dict[str, int], path: str | None, jobs: int,
                say: Callable[[str], None]) -> list[list[float]]:
    """The oracle's values of run `key` (positions, seed, target, rollouts) on `positions`: read from `path` when
    it keeps them, else worked out and kept there (a failed write is said, and the values still serve)."""
    values = read_oracle(path, key, say) if path else None
    if values is None:
        values = oracle_table(positions, key["seed"], key["rollouts"], jobs, _progress("oracle", len(positions)))
        if path:
            try:
                write_oracle(path, key, values)
            except OSError as exc:
                say(f"regret: the oracle's values not kept in {path}: {exc.strerror or exc}")
    return values


def read_oracle(path: str, key: dict[str, int], say: Callable[[str], None]) -> list[list[float]] | None:
    """The oracle values kept in `path` for the run `key` (positions, seed, target, rollouts), or None: no file, a
    file of another run (it will be replaced), or a damaged one (set aside as ``path.damaged``, never deleted)."""
    try:
        with open(path, encoding="utf-8") as f:
            kept = json.load(f)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        say(f"regret: the oracle file {path} cannot be read ({exc}); set aside as {path}.damaged")
        _set_aside(path, say)
        return None
    values = kept.get("values") if isinstance(kept, dict) else None
    if isinstance(values, list) and all(isinstance(v, list) and all(isinstance(x, (int, float)) for x in v)
                                        for v in values):
        if kept.get("key") != key:  # a sound table of another run (perhaps of another size): not damaged
            say(f"regret: the oracle file {path} is another run's ({kept.get('key')}); it will be replaced")
            return None
        if len(values) == key["positions"]:
            return [[float(x) for x in v] for v in values]
    say(f"regret: the oracle file {path} holds no table of {key['positions']} positions; set aside as {path}.damaged")
    _set_aside(path, say)
    return None


def _set_aside(path: str, say: Callable[[str], None]) -> None:
    try:
        os.replace(path, path + ".damaged")
    except OSError as exc:
        say(f"regret: {path} could not be set aside: {exc.strerror or exc}")


def write_oracle(path: str, key: dict[str, int], values: list[list[float]]) -> None:
    """Keep the oracle values of run `key` in `path`, atomically (a temporary file beside it, then one rename). The
    file is made as any other (the user's permissions): a table worth half an hour is meant to be shared."""
    folder, name = os.path.split(os.path.abspath(path))
    temporary = os.path.join(folder, f".{name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "x", encoding="utf-8") as f:
            json.dump({"key": key, "values": values}, f)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def report(judged: list[Judged], names: Sequence[str]) -> list[str]:
    """The lines printed: each level's mean regret (by kind), how often it chose the oracle's best action and how
    often it chose unlike the first level, and its regret paired with the first level's."""
    lines = []
    for level, name in enumerate(names):
        regrets = [j.regret(level) for j in judged]
        mean, se = mean_se(regrets)
        by_kind = ", ".join(f"{kind} {mean_se([j.regret(level) for j in judged if j.kind == kind])[0]:.2f}"
                            for kind in KINDS if any(j.kind == kind for j in judged))
        by_stage = ", ".join(f"{stage} {mean_se([j.regret(level) for j in judged if j.stage == stage])[0]:.2f}"
                             for stage, _ in STAGES if any(j.stage == stage for j in judged))
        best = sum(1 for r in regrets if r <= 1e-9) / max(1, len(judged))
        line = (f"{name}: regret {mean:.2f} ± {se:.2f} a decision ({by_kind}; {by_stage}); "
                f"the oracle's best {best:.0%}")
        if level:
            paired = [j.regret(level) - j.regret(0) for j in judged]
            diff, diff_se = mean_se(paired)
            unlike = sum(1 for j in judged if j.choices[level] != j.choices[0])
            line += f"; against {names[0]}: {diff:+.2f} ± {diff_se:.2f} (other choice in {unlike})"
        lines.append(line)
    return lines


def _progress(what: str, total: int) -> Callable[[int], None]:
    """A progress that prints, on the error stream, when each tenth of `total` positions is done."""
    def done(count: int) -> None:
        if count * 10 // total != (count - 1) * 10 // total:
            print(f"  {what}: {count}/{total} positions", file=sys.stderr, flush=True)
    return done
