"""The arena scores every seat of a level (three-handed puts a level in two seats) and, with a match target, each
deal as the match counts it (the command that prints the figures: tests/commands/test_arena_command.py)."""

from __future__ import annotations

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


def test_with_a_match_target_a_deal_counts_what_the_match_scores():
    # Rubicon's match to 1500: A (seat 0) at 600 settles 2800, B at 0 nothing: the match counts 900 of it
    state = SimpleNamespace(scores=[3400, 0])
    assert arena._diff(state, [600, 0], [0], [1]) == 2800.0
    assert arena._diff(state, [600, 0], [0], [1], 1500) == 900.0
    state = SimpleNamespace(scores=[0, 1200])
    assert arena._diff(state, [0, 0], [0], [1], 1500) == -1200.0


def test_a_rubicon_game_counts_each_deal_also_as_the_match_does():
    game = arena.play_arena_game((0, 0, False, "intermediate", "random", "rubicon", 500, 1, 3, {}))
    assert len(game["match_diffs"]) == len(game["deal_diffs"]) == 1
    assert abs(game["match_diffs"][0]) <= min(1500, abs(game["deal_diffs"][0]))
