"""``python -m bezique arena``: play two computer levels against each other and measure them.

Games are played in duplicate: each pair of games uses the same sequence of shuffled decks and the same first
dealer, with the levels' seats swapped, so the luck of the cards cancels. Printed: A's win rate with a 95% Wilson
interval; the mean point difference per deal (A minus B), paired by deck (the mean of the two seatings of the same
deck), with a 95% normal interval (in Rubicon and Chinese also as the match counts it: each side's gain only up to
what it still needed to reach the match target); and each level's decision time (median, 95th percentile and
maximum, over decisions with more than one legal action). With ``--log FILE`` every game is appended to FILE (a JSON
line) as it ends, and a run that finds games of the same arena there plays only the others: a long arena stopped
halfway goes on where it stopped, and the figures are over every game in the log. With more than two players every
seat of a level counts: a deal's difference is the mean gain of A's sides less that of B's, and a game is A's when
one of A's sides wins it. The last line is machine-readable:

    arena: A=expert B=intermediate win=0.72 ci=[0.66,0.78] diff=+41 diff_ci=[+30,+52] games=200 deals=361 ...
    ... a_ms=281/562/880 b_ms=2/5/31

Never imports pygame.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import shutil
import statistics
import sys
import time

from bezique.ai.levels import HIDDEN_LEVELS, LEVELS, make_player
from bezique.rules import Action, GameState, Ruleset, make_ruleset, new_game, play_game, view_for


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


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_ci(values: list[float], z: float = 1.96) -> tuple[float, float, float]:
    if not values:
        return 0.0, 0.0, 0.0
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean, mean
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def play_arena_game(job: tuple) -> dict:
    """One game. `swap` puts A in seat 1. Returns the winner's level letter and per-deal A-minus-B points."""
    index, pair, swap, a, b, variant, target, max_deals, seed, options = job
    rules = make_ruleset(variant, {"target_score": target})
    seats = rules.players
    letters = seat_letters(rules, swap)
    players = [make_player(a if letters[s] == "A" else b, seed * 1_000_003 + index * 101 + s, **options)
               for s in range(seats)]
    times: dict[str, list[float]] = {"A": [], "B": []}
    deal_diffs: list[float] = []
    match_diffs: list[float] = []  # with a match target: each side's gain counted up to what it still needed
    sides_a = sorted({rules.side_of(s) for s in range(seats) if letters[s] == "A"})
    sides_b = sorted({rules.side_of(s) for s in range(seats) if letters[s] == "B"})
    start_scores = [0] * rules.sides

    def choose(state: GameState, seat: int) -> Action:
        view = view_for(state, seat)
        legal = view.legal
        t0 = time.perf_counter()
        action = players[seat].choose(view, legal)
        if len(legal) > 1:
            times[letters[seat]].append((time.perf_counter() - t0) * 1000.0)
        return action

    def deal_done(state: GameState) -> None:
        deal_diffs.append(_diff(state, start_scores, sides_a, sides_b))
        if rules.match_target is not None:
            match_diffs.append(_diff(state, start_scores, sides_a, sides_b, rules.match_target))

    def deal_due(state: GameState) -> None:
        nonlocal start_scores
        if state.deal_index >= 0:
            deal_done(state)
        start_scores = list(state.scores)

    state = play_game(new_game(rules, 0), [choose] * seats, lambda deal: random.Random(f"{seed}-{pair}-{deal}"),
                      max_deals=max_deals, on_deal=deal_due)
    best_a = max(state.scores[s] for s in sides_a)
    best_b = max(state.scores[s] for s in sides_b)
    if state.finished:
        deal_done(state)
        winner = None if state.winner is None else ("A" if state.winner in sides_a else "B")
    else:
        winner = "A" if best_a > best_b else "B" if best_b > best_a else None
    result = {"index": index, "pair": pair, "winner": winner, "deal_diffs": deal_diffs, "times": times,
              "scores": (best_a, best_b)}
    if rules.match_target is not None:
        result["match_diffs"] = match_diffs
    return result


def seat_letters(rules: Ruleset, swap: bool) -> list[str]:
    """Each seat's level, "A" or "B", in alternate seats (A first unless `swap`): partners sit in alternate seats,
    so every seat of a side plays the same level, and the swapped game of a pair seats the other level there."""
    first, second = ("B", "A") if swap else ("A", "B")
    letters = [first if s % 2 == 0 else second for s in range(rules.players)]
    assert all(letters[s] == letters[rules.side_of(s)] for s in range(rules.players))  # one level a side
    return letters


def _diff(state: GameState, start: list[int], sides_a: list[int], sides_b: list[int],
          target: int | None = None) -> float:
    """A deal's points, A minus B: the mean gain of A's sides less the mean gain of B's (every seat of a level
    counts: three-handed puts A in two seats and B in one, then the other way round). With a match `target`
    (Rubicon, Chinese), each gain counted only up to what its side still needed to reach it: what the match
    scores (a deal that wins the match by 3000 wins it as one that wins by 1500)."""
    gain = [state.scores[s] - start[s] for s in range(len(state.scores))]
    if target is not None:
        gain = [min(g, max(0, target - start[s])) for s, g in enumerate(gain)]
    return statistics.fmean(gain[s] for s in sides_a) - statistics.fmean(gain[s] for s in sides_b)


def run(args: argparse.Namespace) -> int:
    options = {}
    if args.time_ms is not None:
        options["time_ms"] = args.time_ms
    if args.iterations:
        options["iterations"] = args.iterations
    say = (lambda *_: None) if args.quiet else (lambda text: print(text, flush=True))
    arena_key = {"a": args.a, "b": args.b, "variant": args.variant, "target": args.target, "deals": args.deals,
                 "seed": args.seed, "options": options}
    try:
        results = read_log(args.log, arena_key, say) if args.log else []
        if args.log:  # a log that cannot be written says so now, not after the first game's minutes
            with open(args.log, "a", encoding="utf-8"):
                pass
    except OSError as exc:
        print(f"arena: cannot use the log {args.log}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    done = {r["index"] for r in results}
    jobs = [(i, i // 2, i % 2 == 1, args.a, args.b, args.variant, args.target, args.deals, args.seed, options)
            for i in range(args.first, args.games) if i not in done]
    say(f"arena: {args.a} (A) against {args.b} (B), {args.games} games to {args.target}, duplicate decks, "
        f"seed {args.seed}, {args.jobs} job(s)" + (f", {len(done)} already in {args.log}" if done else ""))
    started = time.perf_counter()

    def finished(result: dict) -> None:
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


def paired_by_deck(results: list[dict], key: str) -> list[float]:
    """Each deck's figure `key` (a list per game, one a deal), paired: deal k of both games of a pair used the same
    deck, so its figure is the mean of the two seatings (a game without its pair counts alone)."""
    paired: list[float] = []
    by_pair: dict[int, list[dict]] = {}
    for r in results:
        by_pair.setdefault(r["pair"], []).append(r)
    for games in by_pair.values():
        if len(games) == 2:
            d0, d1 = games[0].get(key, []), games[1].get(key, [])
            paired.extend((x + y) / 2 for x, y in zip(d0, d1, strict=False))
        else:
            paired.extend(games[0].get(key, []))
    return paired


def read_log(path: str, arena_key: dict, say) -> list[dict]:
    """The games of the arena `arena_key` that the log at `path` holds (none if there is no file yet). A line
    that is not one of its games (damaged, or of another arena) is named; if there is one, a copy of the file is set
    aside as `path`.damaged (never deleted), then the readable games of this arena replace `path` in one rename:
    stopped at any point, the log is the old one or the repaired one, never a part."""
    try:
        with open(path, encoding="utf-8") as file:
            lines = file.read().splitlines()
    except FileNotFoundError:
        return []
    games: dict[int, dict] = {}
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


def append_log(path: str, arena_key: dict, result: dict) -> None:
    """Append one finished game to the log at `path` (decision times rounded to the millisecond), flushed."""
    with open(path, "a", encoding="utf-8") as file:
        file.write(log_line(arena_key, result))
        file.flush()


def log_line(arena_key: dict, result: dict) -> str:
    """One game's line of the log (decision times rounded to the millisecond)."""
    kept = dict(result, times={k: [round(t) for t in v] for k, v in result["times"].items()})
    return json.dumps({"arena": arena_key, "game": kept}, separators=(",", ":")) + "\n"


def _times(values: list[float]) -> str:
    """Decision times as ``median/p95/max`` in milliseconds."""
    return f"{percentile(values, 0.5):.0f}/{percentile(values, 0.95):.0f}/{max(values, default=0.0):.0f}"


def _progress(say, results: list[dict], played: int, total: int) -> None:
    """Every tenth of this run's `total` games: how many it played, and A's wins over every game (the log's too)."""
    step = max(1, total // 10)
    if played % step == 0 or played == total:
        wins = sum(1.0 if r["winner"] == "A" else 0.5 if r["winner"] is None else 0.0 for r in results)
        say(f"  {played}/{total} games played, A wins {wins:g} of {len(results)}")
