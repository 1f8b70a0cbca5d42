"""``bench net`` runs on a tiny budget and prints both of its figures."""

from __future__ import annotations

import re

import pytest

from bezique.commands.cli import main
from bezique.net.bench import bench_net


def test_bench_net_prints_messages_per_second_and_the_round_trip_median(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "net", "--actions", "12"]) == 0
    out = capsys.readouterr().out
    assert "12 moves over localhost" in out
    assert re.search(r"^net: \d+ messages/s, round trip median \d+\.\d\d ms$", out, re.M), out


def test_every_move_is_timed_and_its_messages_counted() -> None:
    ticks = iter(range(10_000))
    figures = bench_net(5, clock=lambda: float(next(ticks)))  # a stepped clock: one tick a reading
    assert figures.actions == len(figures.round_trips) == 5
    assert all(trip == 1.0 for trip in figures.round_trips)  # began, then the update seen: one tick apart
    # each move: the mover's act and both clients' updates; before them the joins, welcomes and the first deal
    assert figures.messages >= 5 * 3 + 2 * 2
