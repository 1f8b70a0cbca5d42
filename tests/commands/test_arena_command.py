"""``python -m bezique arena``: it prints each level's decision times as median/p95/max and, with a match target,
the match points a deal; its log keeps every game, so that a long arena goes on where it stopped, and a log that
cannot be used or kept is named."""

from __future__ import annotations

import argparse
import json
import re

from bezique.commands import arena


def _arena_args(*extra: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    arena.add_arguments(parser)
    return parser.parse_args(["--a", "intermediate", "--b", "random", "--deals", "1", "--seed", "8", *extra])






def test_the_last_line_gives_median_p95_and_max_decision_times(capsys):
    assert arena.run(_arena_args("--games", "2", "--variant", "three_handed")) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.search(r" a_ms=\d+/\d+/\d+ b_ms=\d+/\d+/\d+$", last)


def test_a_logged_arena_goes_on_where_it_stopped_and_sums_every_game(tmp_path, capsys):
    log = tmp_path / "arena.jsonl"
    assert arena.run(_arena_args("--games", "2", "--log", str(log))) == 0
    first = capsys.readouterr().out.strip().splitlines()[-1]
    assert len(log.read_text().splitlines()) == 2 and "games=2" in first
    assert arena.run(_arena_args("--games", "4", "--log", str(log))) == 0
    out = capsys.readouterr().out
    assert "2 already in" in out and "games=4" in out.splitlines()[-1]
    assert re.search(r"^  2/2 games played, A wins [\d.]+ of 4$", out, re.M)  # this run's games, then all of them
    assert sorted(json.loads(line)["game"]["index"] for line in log.read_text().splitlines()) == [0, 1, 2, 3]
    # the same four games played in one run give the same figures (the decks and players are seeded)
    assert arena.run(_arena_args("--games", "4", "--quiet")) == 0
    whole = capsys.readouterr().out.strip()
    assert re.sub(r" a_ms=.*", "", whole) == re.sub(r" a_ms=.*", "", out.splitlines()[-1])


def test_a_damaged_log_is_set_aside_and_its_readable_games_kept(tmp_path, capsys):
    log = tmp_path / "arena.jsonl"
    assert arena.run(_arena_args("--games", "2", "--log", str(log))) == 0
    good = log.read_text()
    other = json.loads(good.splitlines()[0])
    other["arena"]["seed"] = 9  # a game of another arena
    timeless = json.loads(good.splitlines()[0])
    del timeless["game"]["times"]  # a game of this arena with a part missing
    log.write_text(good + "{not json\n" + json.dumps(other) + "\n" + json.dumps(timeless) + "\n")
    capsys.readouterr()
    assert arena.run(_arena_args("--games", "2", "--log", str(log))) == 0
    out = capsys.readouterr().out
    assert "line 3, line 4, line 5 not a game of this arena" in out and "2 already in" in out
    assert (tmp_path / "arena.jsonl.damaged").read_text().startswith(good)  # set aside whole, never deleted
    assert log.read_text().splitlines() == good.splitlines()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["arena.jsonl", "arena.jsonl.damaged"]  # no leftovers


def test_runs_sharing_an_arena_by_first_game_add_up_to_the_whole(tmp_path, capsys):
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    assert arena.run(_arena_args("--games", "2", "--log", str(first), "--quiet")) == 0
    assert arena.run(_arena_args("--games", "4", "--first", "2", "--log", str(second), "--quiet")) == 0
    assert [json.loads(line)["game"]["index"] for line in second.read_text().splitlines()] == [2, 3]
    both = tmp_path / "both.jsonl"
    both.write_text(first.read_text() + second.read_text())
    capsys.readouterr()
    assert arena.run(_arena_args("--games", "4", "--log", str(both), "--quiet")) == 0
    joined = capsys.readouterr().out.strip()
    assert arena.run(_arena_args("--games", "4", "--quiet")) == 0
    assert re.sub(r" a_ms=.*", "", capsys.readouterr().out.strip()) == re.sub(r" a_ms=.*", "", joined)




def test_a_rubicon_arena_prints_the_match_points_a_deal(capsys):
    assert arena.run(_arena_args("--games", "2", "--seed", "3", "--variant", "rubicon")) == 0
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if line.startswith("match points per deal"))
    assert re.search(r"paired by deck: [+-]\d+\.\d  95% CI \[[+-]\d+\.\d, [+-]\d+\.\d\] over 1 decks$", line)


def test_a_log_that_cannot_be_used_is_named_before_any_game(tmp_path, capsys):
    folder = tmp_path / "a-folder"
    folder.mkdir()
    assert arena.run(_arena_args("--games", "2", "--log", str(folder))) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"arena: cannot use the log {folder}: ")


def test_a_game_the_log_cannot_keep_is_named_and_the_arena_goes_on(tmp_path, capsys, monkeypatch):
    def full(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(arena, "append_log", full)
    assert arena.run(_arena_args("--games", "2", "--log", str(tmp_path / "arena.jsonl"))) == 0
    out, err = capsys.readouterr()
    assert "game 0 not kept in" in err and "No space left on device" in err and "game 1 not kept" in err
    assert "games=2" in out.splitlines()[-1]


def test_arena_smoke(capsys):
    assert arena.run(_arena_args("--games", "2", "--seed", "3")) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.match(r"^arena: A=intermediate B=random win=\d\.\d\d ci=\[\d\.\d\d,\d\.\d\d\] diff=[+-]\d+ ", last)
