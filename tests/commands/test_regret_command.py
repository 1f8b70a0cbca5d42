"""``python -m bezique regret``: the levels read from ``--levels``, each level's regret as printed, the oracle's
values kept in a file (read back, another run's replaced, a damaged one set aside), and the command end to end."""

from __future__ import annotations

import json

import pytest

from bezique.ai.regret import Judged
from bezique.commands.cli import main
from bezique.commands.regret import parse_level, read_oracle, report, split_levels, write_oracle

KEY = {"positions": 2, "seed": 1, "target": 500, "rollouts": 4}


def test_regret_is_the_oracles_best_less_the_value_chosen_paired_with_the_first_level():
    judged = [Judged("lead", "stock over 30", [10.0, 4.0], [0, 1]),
              Judged("follow", "stock over 30", [1.0, 3.0, 2.0], [1, 2]),
              Judged("declare", "10 or less", [0.0, 5.0], [1, 1])]
    assert [j.regret(0) for j in judged] == [0.0, 0.0, 0.0]
    assert [j.regret(1) for j in judged] == [6.0, 1.0, 0.0]
    first, second = report(judged, ["sighted", "other"])
    assert first.startswith("sighted: regret 0.00 ± 0.00 a decision (lead 0.00, follow 0.00, declare 0.00; stock "
                            "over 30 0.00, 10 or less 0.00); the oracle's best 100%")
    assert second.startswith("other: regret 2.33 ± ")
    assert "(lead 6.00, follow 1.00, declare 0.00; stock over 30 3.50, 10 or less 0.00)" in second
    assert "the oracle's best 33%" in second
    assert second.endswith("against sighted: +2.33 ± 1.86 (other choice in 2)")


def test_levels_and_their_options_are_read_and_unknown_ones_named():
    assert parse_level("expert:time_ms=840,horizon=12") == ("expert", {"time_ms": 840, "horizon": 12})
    assert parse_level("rules") == ("rules", {})
    assert split_levels("expert,expert:horizon=3,iterations=78,rules") == [
        "expert", "expert:horizon=3,iterations=78", "rules"]
    with pytest.raises(ValueError, match="unknown level 'grandmaster'"):
        parse_level("grandmaster")
    with pytest.raises(ValueError, match="unknown option 'depth'"):
        parse_level("expert:depth=3")


def test_the_oracles_values_are_kept_read_back_and_a_damaged_file_set_aside(tmp_path):
    path = str(tmp_path / "oracle.json")
    said: list[str] = []
    assert read_oracle(path, KEY, said.append) is None and not said  # no file yet: nothing to say
    write_oracle(path, KEY, [[1.0, 2.5], [0.0, -3.0, 4.0]])
    assert read_oracle(path, KEY, said.append) == [[1.0, 2.5], [0.0, -3.0, 4.0]]
    assert read_oracle(path, {**KEY, "rollouts": 8}, said.append) is None  # another run's: replaced, kept meanwhile
    assert "another run's" in said[-1] and (tmp_path / "oracle.json").exists()
    assert read_oracle(path, {**KEY, "positions": 3}, said.append) is None  # another size is another run too
    assert "another run's" in said[-1] and not (tmp_path / "oracle.json.damaged").exists()
    (tmp_path / "oracle.json").write_text("{not json", encoding="utf-8")
    assert read_oracle(path, KEY, said.append) is None
    assert "cannot be read" in said[-1] and (tmp_path / "oracle.json.damaged").read_text() == "{not json"
    (tmp_path / "oracle.json").write_text(json.dumps({"key": KEY, "values": [[1, "x"]]}), encoding="utf-8")
    assert read_oracle(path, KEY, said.append) is None and "no table of 2 positions" in said[-1]
    assert not list(tmp_path.glob(".*.tmp"))  # no temporary file left behind


def test_the_command_prints_each_levels_regret_and_reuses_the_oracles_values(tmp_path, capsys):
    path = str(tmp_path / "oracle.json")
    argv = ["regret", "--positions", "2", "--rollouts", "2", "--iterations", "6", "--seed", "1",
            "--levels", "expert,rules,intermediate", "--oracle", path]
    assert main(argv) == 0
    captured = capsys.readouterr()
    first = captured.out.splitlines()
    assert "  oracle: 2/2 positions" in captured.err.splitlines() and "  levels: 2/2 positions" in captured.err
    assert first[0].startswith("regret: 2 positions (seed 1, games to 500), the oracle 2 rollouts an action")
    assert [line.split(":")[0] for line in first[1:]] == ["expert", "rules", "intermediate"]
    kept = json.loads((tmp_path / "oracle.json").read_text(encoding="utf-8"))
    assert kept["key"] == {"positions": 2, "seed": 1, "target": 500, "rollouts": 2} and len(kept["values"]) == 2
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines() == first  # the same figures, the oracle read back: it does not think again
    assert "oracle:" not in captured.err
    assert main(["regret", "--levels", "expert,grandmaster"]) == 2
    assert "unknown level 'grandmaster'" in capsys.readouterr().err
