"""Every way into a game seats the computer ``ai.resolve_level`` decides: master as asked (from ``--level``,
``config.yaml``, the settings, the demo), a name that is no level as the default opponent with a line saying so,
never the random player that the window's own game-maker used to seat."""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path

import pytest

from bezique.ai import DEFAULT_LEVEL, SEATED_LEVELS, level_problem, resolve_level
from bezique.ai.expert import MasterPlayer
from bezique.ai.players import IntermediatePlayer
from bezique.commands import play
from bezique.config import AISettings, AppSettings, Config, load_config
from bezique.games.defaults import Defaults
from bezique.games.door import start_game
from bezique.presenter.setup import GameSetup
from bezique.ui.bare import open_table
from bezique.ui.scenes.newgame import NewGameScene
from bezique.ui.shell import Shell
from bezique.ui.table.scene import TableScene

pytestmark = pytest.mark.usefixtures("shell_data")  # conftest: a fresh data folder, English


def computer_of(table: TableScene) -> object:
    """The player object sitting in the table's computer seat."""
    (player,) = table.turns.players.values()
    return player


def test_the_rule_seats_every_level_as_asked_and_anything_else_as_the_default() -> None:
    assert [resolve_level(level) for level in SEATED_LEVELS] == list(SEATED_LEVELS)
    assert "master" in SEATED_LEVELS and "random" in SEATED_LEVELS
    assert resolve_level("grandmaster") == resolve_level("") == DEFAULT_LEVEL == "intermediate"
    assert level_problem("expert") is None
    problem = level_problem("grandmaster")
    assert problem is not None and "'grandmaster'" in problem and "master" in problem and "intermediate" in problem
    assert "\n" not in problem


@pytest.mark.parametrize(("asked", "seated"), [("master", "master"), ("beginner", "beginner"),
                                               ("grandmaster", "intermediate")])
def test_the_door_seats_the_resolved_level(asked: str, seated: str) -> None:
    setup = GameSetup(level=asked, seed=3)
    session = start_game(setup, Defaults(Config(), AppSettings(), AISettings()), "en", books=None).session
    assert session.seats[1].level == seated


def test_the_command_line_level_master_seats_the_master(monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    shells = capture_shells(monkeypatch)
    args = parse_play(["--level", "master", "--seed", "5"])
    assert play._open_window(args) == 0
    table = shells[0].table
    assert table is not None and table.session.seats[1].level == "master"
    assert type(computer_of(table)) is MasterPlayer
    assert capsys.readouterr().err == ""


def test_the_command_line_names_a_wrong_level_and_plays_the_default(monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    shells = capture_shells(monkeypatch)
    assert play._open_window(parse_play(["--level", "grandmaster"])) == 0
    table = shells[0].table
    assert table is not None and type(computer_of(table)) is IntermediatePlayer
    said = capsys.readouterr().err.strip()
    assert said == f"bezique: {level_problem('grandmaster')}"
    assert table.opt.problems[-1] == level_problem("grandmaster")  # the window says it too


def test_the_settings_level_master_reaches_default_setup_and_the_game() -> None:
    shell = Shell.create(size=(1280, 720), fullscreen=False)
    shell.ai = dataclasses.replace(shell.ai, level="master")
    setup = shell.default_setup()
    assert setup.level == "master"
    setup.seed = 2
    table = shell.start_game(setup)
    assert type(computer_of(table)) is MasterPlayer


def test_new_game_offers_the_menus_default_for_a_level_it_does_not_show() -> None:
    shell = Shell.create(size=(1280, 720), fullscreen=False)
    shell.ai = dataclasses.replace(shell.ai, level="master")
    assert NewGameScene(shell.app, shell).setup.level == DEFAULT_LEVEL


def test_the_demo_seats_the_master_a_config_file_names(tmp_path: Path) -> None:
    path = tmp_path / "config.yaml"
    path.write_text("ai:\n  level: master\n", encoding="utf-8")
    loaded = load_config(path)
    assert loaded.problems == ()
    config = loaded.config
    _app, table = open_table(config, [], size=(1280, 720), demo=True, seed=1, fullscreen=False, language="en")
    assert {seat.level for seat in table.session.seats} == {"master"}
    assert {type(player) for player in table.turns.players.values()} == {MasterPlayer}


def parse_play(argv: list[str]) -> argparse.Namespace:
    """`argv` read by ``play``'s own parser, as ``python -m bezique play`` reads it."""
    parser = argparse.ArgumentParser()
    play.add_arguments(parser)
    return parser.parse_args([*argv, "--first-frame-exit"])  # draw one frame, then return instead of looping


def capture_shells(monkeypatch: pytest.MonkeyPatch) -> list[Shell]:
    """The shells ``play`` creates, kept for the test to look at once the window is closed."""
    made: list[Shell] = []
    create = Shell.create

    def keep(**kwargs: object) -> Shell:
        shell = create(**kwargs)  # type: ignore[arg-type]
        made.append(shell)
        return shell

    monkeypatch.setattr(Shell, "create", keep)
    return made
