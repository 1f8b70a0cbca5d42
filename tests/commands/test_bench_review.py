"""``bench review`` weighs whole deals as the Review screen does and ends with the figure the issue asks for."""

from __future__ import annotations

import re

import pytest

from bezique.commands.cli import main


def test_bench_review_ends_with_seconds_per_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "review", "--deals", "1", "--samples", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert re.fullmatch(r"deal 1: \d+ decisions weighed, \d+ costly \(\d+ points\); .+", lines[0])
    assert re.fullmatch(r"review: \d+\.\d s per deal", lines[-1])
