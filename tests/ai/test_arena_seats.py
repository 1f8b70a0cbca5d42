"""The arena scores every seat of a level (three-handed puts a level in two seats) and prints each level's
decision times as median/p95/max."""

from __future__ import annotations

import argparse
import re
from types import SimpleNamespace

from bezique.ai import arena


def test_a_deal_is_scored_over_every_seat_of_each_level():
    # three sides: A holds sides 0 and 2, B side 1. A gained 100 and 40 (mean 70), B 10
    state = SimpleNamespace(scores=[300, 60, 90])
    assert arena._diff(state, [200, 50, 50], [0, 2], [1]) == 60.0


def test_a_three_handed_game_counts_both_seats_of_a_level():
    result = arena.play_arena_game((0, 0, False, "intermediate", "random", "three_handed", 500, 1, 5, {}))
    assert result["times"]["A"] and result["times"]["B"]  # A in seats 0 and 2, B in seat 1
    assert result["winner"] in ("A", "B", None)
    assert len(result["deal_diffs"]) == 1


def test_the_last_line_gives_median_p95_and_max_decision_times(capsys):
    parser = argparse.ArgumentParser()
    arena.add_arguments(parser)
    args = parser.parse_args(["--a", "intermediate", "--b", "random", "--games", "2", "--deals", "1", "--seed", "8",
                              "--variant", "three_handed"])
    assert arena.run(args) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.search(r" a_ms=\d+/\d+/\d+ b_ms=\d+/\d+/\d+$", last)
