"""``python -m bezique arena``: play two computer levels against each other and measure them.

The games are the arena's (``bezique.ai.arena``: duplicate decks, the levels' seats swapped in each pair). Printed:
A's win rate with a 95% Wilson interval; the mean point difference per deal (A minus B), paired by deck (the mean of
the two seatings of the same deck), with a 95% normal interval (in Rubicon and Chinese also as the match counts it:
each side's gain only up to what it still needed to reach the match target); and each level's decision time
(median, 95th percentile and maximum, over decisions with more than one legal action). With ``--log FILE`` every
game is appended to FILE (a JSON line) as it ends, and a run that finds games of the same arena there plays only the
others: a long arena stopped halfway goes on where it stopped, and the figures are over every game in the log. The
last line is machine-readable:

    arena: A=expert B=intermediate win=0.72 ci=[0.66,0.78] diff=+41 diff_ci=[+30,+52] games=200 deals=361 ...
    ... a_ms=281/562/880 b_ms=2/5/31

Never imports pygame.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import shutil
import sys
import time
from collections.abc import Callable

from bezique.ai.arena import ArenaJob, GameResult, mean_ci, paired_by_deck, percentile, play_arena_game, wilson
from bezique.ai.levels import HIDDEN_LEVELS, LEVELS

ArenaKey = dict[str, object]  # what makes an arena the same one (its levels, variant, seed, options…): the log's check
Say = Callable[[str], None]  # where the progress lines go


def add_arguments(parser: argparse.ArgumentParser) -> None:
    names = [*LEVELS, *HIDDEN_LEVELS]
    levels = ", ".join(names)
    parser.add_argument("--a", required=True, choices=names, metavar="LEVEL", help=f"level A ({levels})")
    parser.add_argument("--b", required=True, choices=names, metavar="LEVEL", help="level B")
    parser.add_argument("--games", type=int, default=20, help="games to play (in seat-swapped pairs; default 20)")
    parser.add_argument("--first", type=int, default=0, metavar="N",
                        help="start at game N (even: a pair's first game), for one arena shared between runs")
    parser.add_argument("--target", type=int, default=500, choices=(500, 1000, 2000),
                        help="points to win a game (default 500)")
    parser.add_argument("--deals", type=int, default=0,
                        help="stop each game after this many deals (the higher score then wins; 0 = no limit)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the decks and the players (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--variant", default="two_handed", help="rules variant (default two_handed)")
    parser.add_argument("--time-ms", type=int, default=None, help="thinking time of the search levels per move")
    parser.add_argument("--iterations", type=int, default=0,
                        help="fixed sampled deals per move for the search levels instead of a time budget")
    parser.add_argument("--log", default=None, metavar="FILE",
                        help="append each finished game to FILE (JSON lines) and play only the games not in it yet")
    parser.add_argument("--quiet", action="store_true", help="print only the last line")


def run(args: argparse.Namespace) -> int:
    options: dict[str, int] = {}
    if args.time_ms is not None:
        options["time_ms"] = args.time_ms
    if args.iterations:
        options["iterations"] = args.iterations
    say: Say = (lambda _text: None) if args.quiet else (lambda text: print(text, flush=True))
    arena_key: ArenaKey = {"a": args.a, "b": args.b, "variant": args.variant, "target": args.target,
                           "deals": args.deals, "seed": args.seed, "options": options}
    try:
        results = read_log(args.log, arena_key, say) if args.log else []
        if args.log:  # a log that cannot be written says so now, not after the first game's minutes
            with open(args.log, "a", encoding="utf-8"):
                pass
    except OSError as exc:
        print(f"arena: cannot use the log {args.log}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    done = {r["index"] for r in results}
    jobs = [ArenaJob(i, i // 2, i % 2 == 1, args.a, args.b, args.variant, args.target, args.deals, args.seed, options)
            for i in range(args.first, args.games) if i not in done]
    say(f"arena: {args.a} (A) against {args.b} (B), {args.games} games to {args.target}, duplicate decks, "
        f"seed {args.seed}, {args.jobs} job(s)" + (f", {len(done)} already in {args.log}" if done else ""))
    started = time.perf_counter()

    def finished(result: GameResult) -> None:
        results.append(result)
        if args.log:
            try:
                append_log(args.log, arena_key, result)
            except OSError as exc:  # the games go on, and the figures at the end still count this one
                print(f"arena: game {result['index']} not kept in {args.log}: {exc.strerror or exc}", file=sys.stderr)
        _progress(say, results, len(results) - len(done), len(jobs))

    if args.jobs > 1 and jobs:
        with multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork").Pool(args.jobs) as pool:
            for result in pool.imap_unordered(play_arena_game, jobs):
                finished(result)
    else:
        for job in jobs:
            finished(play_arena_game(job))
    results.sort(key=lambda r: r["index"])
    wins = sum(1.0 if r["winner"] == "A" else 0.5 if r["winner"] is None else 0.0 for r in results)
    n = len(results)
    low, high = wilson(wins, n)
    paired = paired_by_deck(results, "deal_diffs")
    mean, dlow, dhigh = mean_ci(paired)
    ta = [t for r in results for t in r["times"]["A"]]
    tb = [t for r in results for t in r["times"]["B"]]
    deals = sum(len(r["deal_diffs"]) for r in results)
    elapsed = time.perf_counter() - started
    say(f"games {n}, deals {deals}, {elapsed:.0f} s")
    say(f"win rate of A: {wins / max(1, n):.3f}  95% Wilson CI [{low:.3f}, {high:.3f}]")
    say(f"points per deal, A minus B, paired by deck: {mean:+.1f}  95% CI [{dlow:+.1f}, {dhigh:+.1f}] "
        f"over {len(paired)} decks")
    if any("match_diffs" in r for r in results):
        matched = paired_by_deck(results, "match_diffs")
        mmean, mlow, mhigh = mean_ci(matched)
        say(f"match points per deal (each side's gain up to what it still needed), A minus B, paired by deck: "
            f"{mmean:+.1f}  95% CI [{mlow:+.1f}, {mhigh:+.1f}] over {len(matched)} decks")
    for letter, ts in (("A", ta), ("B", tb)):
        say(f"decision time {letter}: median {percentile(ts, 0.5):.1f} ms, p95 {percentile(ts, 0.95):.1f} ms, "
            f"max {max(ts, default=0.0):.1f} ms ({len(ts)} decisions)")
    print(f"arena: A={args.a} B={args.b} win={wins / max(1, n):.2f} ci=[{low:.2f},{high:.2f}] diff={mean:+.0f} "
          f"diff_ci=[{dlow:+.0f},{dhigh:+.0f}] games={n} deals={deals} target={args.target} "
          f"a_ms={_times(ta)} b_ms={_times(tb)}", flush=True)
    return 0


def read_log(path: str, arena_key: ArenaKey, say: Say) -> list[GameResult]:
    """The games of the arena `arena_key` that the log at `path` holds (none if there is no file yet). A line
    that is not one of its games (damaged, or of another arena) is named; if there is one, a copy of the file is set
    aside as `path`.damaged (never deleted), then the readable games of this arena replace `path` in one rename:
    stopped at any point, the log is the old one or the repaired one, never a part."""
    try:
        with open(path, encoding="utf-8") as file:
            lines = file.read().splitlines()
    except FileNotFoundError:
        return []
    games: dict[int, GameResult] = {}
    bad: list[str] = []
    for number, line in enumerate(lines, 1):
        try:
            entry = json.loads(line)
            result = entry["game"]
            valid = entry["arena"] == arena_key and isinstance(result["index"], int) and "deal_diffs" in result
            result["times"] = {k: [float(t) for t in v] for k, v in result["times"].items()}
        except (ValueError, KeyError, TypeError, AttributeError):
            valid = False
        if not valid:
            bad.append(f"line {number}")
            continue
        games[result["index"]] = result
    if bad:  # the log is whole at every moment: a copy set aside first, then the readable games put in its place
        aside = path + ".damaged"
        shutil.copyfile(path, aside)
        repaired = path + ".repaired"
        with open(repaired, "w", encoding="utf-8") as file:
            for result in sorted(games.values(), key=lambda r: r["index"]):
                file.write(log_line(arena_key, result))
        os.replace(repaired, path)
        say(f"{path}: {', '.join(bad[:5])}{' ...' if len(bad) > 5 else ''} not a game of this arena (damaged, or "
            f"another arena's); a copy was set aside as {aside}, its {len(games)} readable game(s) kept")
    return list(games.values())


def append_log(path: str, arena_key: ArenaKey, result: GameResult) -> None:
    """Append one finished game to the log at `path` (decision times rounded to the millisecond), flushed."""
    with open(path, "a", encoding="utf-8") as file:
        file.write(log_line(arena_key, result))
        file.flush()


def log_line(arena_key: ArenaKey, result: GameResult) -> str:
    """One game's line of the log (decision times rounded to the millisecond)."""
    kept = dict(result, times={k: [round(t) for t in v] for k, v in result["times"].items()})
    return json.dumps({"arena": arena_key, "game": kept}, separators=(",", ":")) + "\n"


def _times(values: list[float]) -> str:
    """Decision times as ``median/p95/max`` in milliseconds."""
    return f"{percentile(values, 0.5):.0f}/{percentile(values, 0.95):.0f}/{max(values, default=0.0):.0f}"


def _progress(say: Say, results: list[GameResult], played: int, total: int) -> None:
    """Every tenth of this run's `total` games: how many it played, and A's wins over every game (the log's too)."""
    step = max(1, total // 10)
    if played % step == 0 or played == total:
        wins = sum(1.0 if r["winner"] == "A" else 0.5 if r["winner"] is None else 0.0 for r in results)
        say(f"  {played}/{total} games played, A wins {wins:g} of {len(results)}")
