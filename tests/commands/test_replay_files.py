"""``python -m bezique replay`` refuses any malformed file with exit status 2 and one readable line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bezique.commands.cli import main

ROOT = Path(__file__).resolve().parents[2]
HEADER = {"format": "bezique-record", "version": 1, "variant": "two_handed",
          "players": [{"name": "Anna", "type": "human"}, {"name": "Computer", "type": "ai"}], "first_dealer": 0}


def test_a_record_nested_100000_deep_exits_2_with_one_line(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "bezique", "replay", str(path)], cwd=ROOT, capture_output=True,
                            text=True, timeout=60, check=False)
    assert (result.returncode, result.stdout, result.stderr) == (
        2, "", f"replay: {path} is not usable JSON: nested too deeply\n")


@pytest.mark.parametrize(("text", "line"), [
    ('{"format": "bezique-record", "version": ' + "7" * 5000 + "}",
     "{path} is not valid JSON: Exceeds the limit (4300 digits) for integer string conversion: value has 5000 "
     "digits; use sys.set_int_max_str_digits() to increase the limit"),
    (json.dumps({**HEADER, "variant": ["two_handed"], "deals": []}), "variant: must be the name of a variant"),
    (json.dumps({**HEADER, "variant": {"a": 1}, "deals": []}), "variant: must be the name of a variant"),
    (json.dumps({**HEADER, "seed": "x" * 10_000_000, "deals": []}),
     "seed: must be a whole number, not '" + "x" * 245 + "… (10000036 characters)"),
])
def test_malformed_records_exit_2_with_one_short_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      text: str, line: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"replay: {line.format(path=path)}\n")
