"""check-config and the game agree on a missing config.yaml: defaults, not a problem; a PATH given must exist."""

from __future__ import annotations

from pathlib import Path

import pytest

from bezique.commands import check_config
from bezique.commands.cli import main


def test_no_path_and_no_config_yaml_means_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(check_config, "DEFAULT_CONFIG_PATH", tmp_path / "config.yaml")  # as if never shipped
    assert main(["check-config"]) == 0
    assert capsys.readouterr().out == "no config.yaml: the game uses its defaults\n"


def test_a_given_path_that_does_not_exist_is_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(check_config, "DEFAULT_CONFIG_PATH", tmp_path / "config.yaml")
    missing = tmp_path / "config.yaml"
    assert main(["check-config", str(missing)]) == 2
    assert capsys.readouterr().out == f"config.yaml: not found at {missing} — using defaults\n"


def test_no_path_reads_config_yaml_when_it_is_there(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.yaml"
    config.write_text("variant: rubicon\n", encoding="utf-8")
    monkeypatch.setattr(check_config, "DEFAULT_CONFIG_PATH", config)
    assert main(["check-config"]) == 0
    assert capsys.readouterr().out == f"config OK: {config} (variant rubicon, target 1000)\n"
