"""``lab/compare_arena.py``: two arena logs of the same decks compared game by game, on logs whose figures are
worked out by hand."""

from __future__ import annotations

import json
from pathlib import Path

from lab_scripts import load_script


def _log(path: Path, games: list[tuple[int, int, str | None, list[float]]]) -> str:
    key = {"a": "expert", "b": "intermediate", "variant": "two_handed", "target": 500, "deals": 0, "seed": 7,
           "options": {}}
    lines = [json.dumps({"arena": key, "game": {"index": i, "pair": p, "winner": w, "deal_diffs": d,
                                                 "times": {"A": [], "B": []}, "scores": [0, 0]}})
             for i, p, w, d in games]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def test_the_comparison_pairs_the_same_games_and_decks(tmp_path: Path) -> None:
    tool = load_script("compare_arena")
    first = tool.load(_log(tmp_path / "a.jsonl", [(0, 0, "A", [10.0, 30.0]), (1, 0, "B", [-40.0]),
                                                   (2, 1, "A", [20.0]), (3, 1, "A", [0.0])]))
    # the second run's games split between two logs (as when two processes shared a run), game 3 not played
    second = tool.load(",".join([_log(tmp_path / "b1.jsonl", [(0, 0, "A", [50.0]), (1, 0, "A", [0.0])]),
                                 _log(tmp_path / "b2.jsonl", [(2, 1, "B", [-20.0])])]))
    lines = tool.compare(first, second)
    assert lines[0] == "first: win 0.667 [0.208, 0.939] over 3 games, +5.0 points a deal"
    assert lines[1] == "second: win 0.667 [0.208, 0.939] over 3 games, +10.0 points a deal"
    # by game: 0 -> 0, +1, -1
    assert lines[2].startswith("win, second - first, paired by game: +0.000 [")
    # the one whole pair (0): first 0/3 a deal, second 50/2 = +25.0
    assert lines[3] == "points a deal, second - first, paired by pair: +25.0 [+25.0, +25.0] over 1 pairs"
    # its first deck: ((50 - 10) + (0 - -40)) / 2
    assert lines[4] == "first deal, second - first, paired by deck: +40.0 [+40.0, +40.0] over 1 decks"


def test_logs_with_no_game_in_common_say_so(tmp_path: Path) -> None:
    tool = load_script("compare_arena")
    first = tool.load(_log(tmp_path / "a.jsonl", [(0, 0, "A", [10.0])]))
    second = tool.load(_log(tmp_path / "b.jsonl", [(1, 0, "A", [10.0])]))
    assert tool.compare(first, second) == ["no game is in both logs"]
