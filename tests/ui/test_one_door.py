"""Every way into a game makes the same game from the same defaults (``bezique.games.door``): with a config.yaml
that is not the default (four-handed, to 500, its computers at expert) under settings that are not either (the
computer at beginner, no games kept in Past games), New game's Start and Host buttons, the network screen's Host,
``play``'s options, ``play --host`` and a headless host each start four-handed to 500 against beginners, and each
counts the saved game it replaces as abandoned without keeping it. Before the one door, a game hosted from the
network screen or ``play --host`` played to 1000, at the network screen's own level, and kept the replaced game
whatever the setting said. Hosted games listen on 127.0.0.1 (real sockets) and are stopped at the end.
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from net_driver import make_shell
from ui_driver import DT, key

from bezique.commands import play
from bezique.config import AISettings, AppSettings, load_config
from bezique.games import defaults
from bezique.games.books import Books, say_on_stderr
from bezique.games.door import Hosting, Started, start_game
from bezique.net.hosting import HostedGame
from bezique.persist import history, saves, stats
from bezique.persist.user_settings import save_user_settings
from bezique.presenter.session import GameSession
from bezique.rules import legal_actions
from bezique.ui.bare import open_table
from bezique.ui.scenes.forms import ConfirmScene
from bezique.ui.scenes.menu import MenuScene
from bezique.ui.scenes.net_join import JoinScene
from bezique.ui.scenes.network import NetworkScene
from bezique.ui.scenes.newgame import NewGameScene
from bezique.ui.shell import Shell
from tests.net.rehosting import ON_LOCALHOST, people_game

pytestmark = pytest.mark.usefixtures("shell_data")  # conftest: a fresh data folder, English

CONFIG = "variant: four_handed\ntarget_score: 500\nai:\n  level: expert\n"


@pytest.fixture(autouse=True)
def house(shell_data: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In a fresh data folder (``shell_data``): the config above, settings at beginner keeping no games, and a
    hot-seat game saved a move in."""
    path = tmp_path / "config.yaml"
    path.write_text(CONFIG, encoding="utf-8")
    monkeypatch.setattr(defaults, "load_config", lambda: load_config(path))
    save_user_settings(dataclasses.replace(AppSettings(), kept_games=0), dataclasses.replace(AISettings(),
                                                                                             level="beginner"))
    left = people_game()
    left.make_move(legal_actions(left.state)[0])
    saves.save_game(left.game, saves.new_game_meta("hotseat"))


@pytest.fixture
def hosted_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[HostedGame]]:
    """Every game a shell hosts (on 127.0.0.1, at a free port), stopped at the end."""
    made: list[HostedGame] = []
    create, host = Shell.create, Shell.host

    def on_localhost(*args: Any, **kwargs: Any) -> Shell:
        shell = create(*args, **kwargs)
        shell.hosting = ON_LOCALHOST
        return shell

    def kept(shell: Shell, setup: Any) -> Started:
        started = host(shell, setup)
        assert started.hosted is not None
        made.append(started.hosted)
        return started

    monkeypatch.setattr(Shell, "create", on_localhost)
    monkeypatch.setattr(Shell, "host", kept)
    yield made
    for hosted in made:
        hosted.stop()


def parse_play(argv: list[str]) -> argparse.Namespace:
    """`argv` read by ``play``'s own parser, drawing one frame and returning instead of looping."""
    parser = argparse.ArgumentParser()
    play.add_arguments(parser)
    return parser.parse_args([*argv, "--first-frame-exit"])


def made_as_configured(session: GameSession, meta: dict[str, Any], variant: str = "four_handed",
                       level: str = "beginner") -> None:
    """The game is `variant` to config.yaml's 500 against the settings' level, and the game it replaced was
    counted abandoned and, with no games kept, not kept."""
    assert session.rules.variant == variant and session.rules.target_score == 500
    assert {seat.level for seat in session.seats if seat.kind == "ai"} == {level}
    assert meta["level"] == level
    assert stats.load_stats().stats.hotseat.abandoned == 1
    assert history.list_games().games == []


def yes(app: Any) -> None:
    """Answer the question whether the saved game may be replaced: yes."""
    assert isinstance(app.stack.top, ConfirmScene)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)


def test_new_games_start_button() -> None:
    shell = make_shell()
    shell.new_game_screen()
    scene = shell.app.stack.top
    assert isinstance(scene, NewGameScene)
    scene.start()
    yes(shell.app)
    table = shell.table
    assert table is not None and shell.meta is not None
    made_as_configured(table.session, shell.meta)
    assert saves.load_saved_game().meta["game_id"] == shell.meta["game_id"]  # the new game took the save's place


def test_new_games_host_button(hosted_games: list[HostedGame]) -> None:
    shell = make_shell()
    shell.new_game_screen()
    scene = shell.app.stack.top
    assert isinstance(scene, NewGameScene)
    scene.setup.people[0] = True  # the second seat is a friend's
    scene.host()
    yes(shell.app)
    [hosted] = hosted_games
    assert isinstance(shell.app.stack.top, JoinScene)
    assert hosted.host.save_meta is not None
    made_as_configured(hosted.host.session, hosted.host.save_meta)
    assert hosted.host.remote == (0, 1)


def test_the_network_screens_host_button(hosted_games: list[HostedGame]) -> None:
    shell = make_shell()
    menu = shell.app.stack.top
    assert isinstance(menu, MenuScene)
    menu.choose("network")
    scene = shell.app.stack.top
    assert isinstance(scene, NetworkScene)
    assert scene.variant_id == "four_handed" and scene.setup.level == "beginner"  # not two-handed at beginner
    scene.choose("level")
    scene.choose("level")
    scene.choose("level")  # round the menu's levels, back to the settings' one
    scene.choose("host")
    yes(shell.app)
    [hosted] = hosted_games
    assert hosted.host.save_meta is not None
    made_as_configured(hosted.host.session, hosted.host.save_meta)
    assert [seat.kind for seat in hosted.host.session.seats] == ["human", "human", "ai", "ai"]
    assert hosted.host.session.seats[0].name == "You"  # the name field's


def test_play_host(hosted_games: list[HostedGame], capsys: pytest.CaptureFixture[str]) -> None:
    assert play._open_window(parse_play(["--host", "--name", "Alice"])) == 0
    [hosted] = hosted_games
    assert hosted.host.save_meta is not None
    made_as_configured(hosted.host.session, hosted.host.save_meta)
    assert hosted.host.session.seats[0].name == "Alice"
    assert f"code {hosted.host.code}" in capsys.readouterr().out


def test_plays_options(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[Shell] = []
    create = Shell.create

    def keep(*args: Any, **kwargs: Any) -> Shell:
        made.append(create(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(Shell, "create", keep)
    assert play._open_window(parse_play(["--variant", "three_handed", "--seed", "4"])) == 0
    [shell] = made
    assert shell.table is not None and shell.meta is not None
    made_as_configured(shell.table.session, shell.meta, variant="three_handed")  # 500 is a three-handed target


def test_a_headless_host(capsys: pytest.CaptureFixture[str]) -> None:
    """How a command with no window hosts a game: the same defaults, the same door, its books saying on stderr."""
    loaded = defaults.load_defaults()
    setup, _ = loaded.new_setup()
    setup.people[0] = True
    books = Books(say_on_stderr, loaded.app.kept_games)
    started = start_game(setup, loaded, "en", books, Hosting(port=0, bind="127.0.0.1", here=False))
    hosted = started.hosted
    assert hosted is not None and hosted.client is None  # nobody plays at the host: every person from afar
    try:
        assert hosted.host.remote == (0, 1) and started.meta["network"]["remote"] == [0, 1]
        made_as_configured(started.session, started.meta)
        assert hosted.host.saver == books.keep_up
    finally:
        hosted.stop()


def test_the_bare_window_plays_config_yamls_game() -> None:
    """The demo's window (nothing remembered, nothing saved or replaced) deals config.yaml's game, its computers
    at config.yaml's level."""
    config, problems = defaults.load_config_settings()
    app, table = open_table(config, problems, size=(1280, 720), demo=True, seed=2, fullscreen=False, language="en")
    app.tick(DT)
    rules = table.session.rules
    assert rules.variant == "four_handed" and rules.target_score == 500
    assert {seat.level for seat in table.session.seats} == {"expert"}
    assert saves.has_saved_game() and stats.load_stats().stats.hotseat.abandoned == 0
