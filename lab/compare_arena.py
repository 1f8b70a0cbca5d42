"""Two arena logs of the same decks, compared game by game: did a change of the play move the result?

An arena run with a search constant set (``lab/regret_constants.set_constant``) or on another commit writes its
own log; with the same seed its game i is dealt the same decks as game i of the other log, so the difference of
the two is measured on the same cards, far sharper than two win rates side by side. Printed, over the games both
logs hold:

- each log's win rate (Wilson interval) and its points a deal;
- the win difference (second - first), paired by game;
- the points a deal difference, paired by the pair of games that shares its decks (the two seatings);
- the first deal's difference, paired by deck (both seatings of a pair's first deck: every game has one, and
  later deals depend on the scores the earlier ones left).

Usage (several logs joined with commas, as when the games of a run were shared between processes):

    python lab/compare_arena.py lab/arena/OLD.jsonl lab/arena/NEW_part1.jsonl,lab/arena/NEW_part2.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bezique.ai.arena import mean_ci, wilson

Games = dict[int, dict]  # game index -> the game's entry in the log


def load(paths: str) -> Games:
    """The games of the comma-separated logs `paths`, by index (a game found twice: the last one read)."""
    games: Games = {}
    for path in paths.split(","):
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if line.strip():
                game = json.loads(line)["game"]
                games[game["index"]] = game
    return games


def won(game: dict) -> float:
    """Side A's result of one game: 1 won, 0.5 drawn, 0 lost."""
    return 1.0 if game["winner"] == "A" else 0.5 if game["winner"] is None else 0.0


def points_a_deal(games: Games, indices: list[int]) -> float:
    """A's points over B's a deal, over the games `indices`."""
    deals = sum(len(games[i]["deal_diffs"]) for i in indices)
    return sum(sum(games[i]["deal_diffs"]) for i in indices) / max(deals, 1)


def _ci(values: list[float], digits: int) -> str:
    mean, low, high = mean_ci(values)
    return f"{mean:+.{digits}f} [{low:+.{digits}f}, {high:+.{digits}f}]"


def compare(first: Games, second: Games) -> list[str]:
    """The lines of the comparison of `second` with `first` over the games both hold."""
    common = sorted(set(first) & set(second))
    if not common:
        return ["no game is in both logs"]
    lines = []
    for name, games in (("first", first), ("second", second)):
        wins = sum(won(games[i]) for i in common)
        low, high = wilson(wins, len(common))
        lines.append(f"{name}: win {wins / len(common):.3f} [{low:.3f}, {high:.3f}] over {len(common)} games, "
                     f"{points_a_deal(games, common):+.1f} points a deal")
    lines.append(f"win, second - first, paired by game: {_ci([won(second[i]) - won(first[i]) for i in common], 3)}")
    pairs: dict[int, list[int]] = {}
    for i in common:
        pairs.setdefault(first[i]["pair"], []).append(i)
    whole = [games for games in pairs.values() if len(games) == 2]
    by_pair = [points_a_deal(second, games) - points_a_deal(first, games) for games in whole]
    lines.append(f"points a deal, second - first, paired by pair: {_ci(by_pair, 1)} over {len(whole)} pairs")
    first_deal = [sum(second[i]["deal_diffs"][0] - first[i]["deal_diffs"][0] for i in games) / 2 for games in whole]
    lines.append(f"first deal, second - first, paired by deck: {_ci(first_deal, 1)} over {len(whole)} decks")
    return lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first", help="the log (or comma-separated logs) compared with")
    parser.add_argument("second", help="the log (or logs) of the change")
    args = parser.parse_args(argv)
    for line in compare(load(args.first), load(args.second)):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
