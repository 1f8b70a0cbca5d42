"""Saving that tells the truth: a save that fails (full disk, read-only folder) is said once at the table and on
the menu, in the player's language; it is tried again at every move, and the notice goes when a save succeeds; the
pause screen only promises saving while saves succeed."""

from __future__ import annotations

import dataclasses
import errno
import random
from pathlib import Path

import pygame
import pytest
from ui_driver import DT, Disk, key, step

from bezique.i18n import t
from bezique.persist import saves, storage
from bezique.ui.scenes.menu import MenuScene
from bezique.ui.shell import Shell
from bezique.ui.table.overlays import PauseOverlay
from bezique.ui.table.scene import TableScene

pytestmark = pytest.mark.usefixtures("shell_data")  # conftest: a fresh data folder, English


def start(lang: str = "en") -> tuple[Shell, TableScene]:
    shell = Shell.create(size=(1280, 720), fullscreen=False)
    shell.settings = dataclasses.replace(shell.settings, animation_speed="instant", computer_pace="instant")
    shell.app.lang = lang
    shell.open_menu()
    shell.app.tick(DT)
    setup = shell.default_setup()
    setup.seed, setup.level = 4, "beginner"
    return shell, shell.start_game(setup)


def moves(shell: Shell, disk: Disk, count: int) -> None:
    """Play on until `count` more saves were tried."""
    rng = random.Random(3)
    goal = disk.attempts + count
    for _ in range(5000):
        if disk.attempts >= goal:
            return
        step(shell.app, rng)
    raise AssertionError("the game made no moves")


def save_notices(shell: Shell, table: TableScene) -> tuple[list[str], list[str]]:
    failed = t("problem.save_failed", shell.lang, reason="").split(":")[0]
    return [n for n in table.stage.banner if n.startswith(failed)], [n for n in shell.notices if n.startswith(failed)]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_failing_save_is_said_once_retried_every_move_and_cleared_when_it_works(monkeypatch, lang):
    disk = Disk(monkeypatch)
    shell, table = start(lang)
    assert save_notices(shell, table) == ([], []) and not shell.save_failing
    disk.full = True
    moves(shell, disk, 6)
    banner, menu = save_notices(shell, table)
    assert len(banner) == 1 and menu == banner and shell.save_failing  # one notice, not one per move
    assert "No space left on device" in banner[0] and banner[0].startswith(
        t("problem.save_failed", lang, reason="").split(":")[0])
    before = disk.attempts
    moves(shell, disk, 2)
    assert disk.attempts > before  # still trying at every move
    disk.full = False
    moves(shell, disk, 1)
    assert save_notices(shell, table) == ([], []) and not shell.save_failing
    assert saves.load_saved_game().game is not None  # the moves since are in the save
    disk.full = True
    moves(shell, disk, 3)
    assert [len(found) for found in save_notices(shell, table)] == [1, 1]


def test_the_pause_note_says_what_is_true(monkeypatch):
    disk = Disk(monkeypatch)
    shell, table = start()
    app = shell.app
    for full, note in ((False, "pause.saved_note"), (True, "pause.not_saved_note"), (False, "pause.saved_note")):
        disk.full = full
        moves(shell, disk, 1)
        while not isinstance(app.stack.top, TableScene):
            step(app, random.Random(1))
        key(app, pygame.K_ESCAPE)  # the pause screen
        pause = app.stack.top
        assert isinstance(pause, PauseOverlay) and pause.saved_note
        assert pause.save_failing == full, note
        app.tick(DT)  # it draws its note
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is table


def test_the_menu_keeps_at_most_one_save_notice(monkeypatch):
    disk = Disk(monkeypatch)
    shell, table = start()
    disk.full = True
    moves(shell, disk, 20)
    shell.open_menu()
    assert isinstance(shell.app.stack.top, MenuScene)
    assert len(save_notices(shell, table)[1]) == 1


def _no_folder(tmp_path, monkeypatch) -> str:
    """A file stands where the data folder should be: the folder can never be made."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be\n")
    monkeypatch.setenv("BEZIQUE_DATA_DIR", str(blocker / "data"))
    return "Not a directory"


def _read_only_folder(tmp_path, monkeypatch) -> str:
    """The folder exists and reads, but the system refuses every new file in it (a read-only disk or mount). Made
    by refusing the temporary file every write starts with, as permission bits do not stop root."""
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("BEZIQUE_DATA_DIR", str(folder))
    real = storage.tempfile.mkstemp

    def refuse(*args, **kwargs):
        if Path(kwargs.get("dir", "")) == folder:
            raise OSError(errno.EROFS, "Read-only file system")
        return real(*args, **kwargs)

    monkeypatch.setattr(storage.tempfile, "mkstemp", refuse)
    return "Read-only file system"


@pytest.mark.parametrize("folder", [_no_folder, _read_only_folder], ids=["no folder", "read-only folder"])
@pytest.mark.parametrize("lang", ["en", "it"])
def test_without_a_writable_data_folder_the_game_plays_and_says_once_that_nothing_is_kept(tmp_path, monkeypatch,
                                                                                           lang, folder):
    reason = folder(tmp_path, monkeypatch)
    monkeypatch.setenv("LANG", "it_IT.UTF-8" if lang == "it" else "en_GB.UTF-8")
    shell = Shell.create(size=(1280, 720), fullscreen=False)
    shell.settings = dataclasses.replace(shell.settings, animation_speed="instant", computer_pace="instant")
    shell.app.lang = lang
    said = t("problem.nothing_kept", lang, reason=reason)
    assert shell.notices == [said] and shell.save_failing
    shell.open_menu()
    shell.app.tick(DT)
    setup = shell.default_setup()
    setup.seed, setup.level = 4, "beginner"
    table = shell.start_game(setup)
    assert table.stage.banner.count(said) == 1
    rng = random.Random(2)
    for _ in range(2000):
        if len(table.session.game.deals[-1]["actions"]) >= 12:
            break
        step(shell.app, rng)
    assert len(table.session.game.deals[-1]["actions"]) >= 12  # it plays
    assert shell.notices == [said] and table.stage.banner.count(said) == 1 and len(table.stage.banner) == 1
    key(shell.app, pygame.K_ESCAPE)
    pause = shell.app.stack.top
    assert isinstance(pause, PauseOverlay) and pause.save_failing
    assert not saves.has_saved_game() and saves.load_saved_game().game is None


def test_a_problem_reported_again_is_one_notice_on_the_menu() -> None:
    """While the disk fails, every deal's bookkeeping reports that the game could not be kept and the statistics
    not written: the menu holds each problem once (it showed only the newest while the list grew without end)."""
    from bezique.games.books import Happened, Report

    shell = Shell.create(size=(1280, 720), fullscreen=False)
    shell.open_menu()
    for _ in range(5):  # five deals' reports
        shell.reports.post(Report(Happened.KEEP_FAILED, "No space left on device"))
        shell.reports.post(Report(Happened.STATS_FAILED, "No space left on device"))
        shell.read_reports()
    kept = t("problem.keep_failed", "en", reason="No space left on device")
    stats = t("problem.stats_failed", "en", reason="No space left on device")
    assert shell.notices == [kept, stats]
    shell.reports.post(Report(Happened.KEEP_FAILED, "No space left on device"))
    shell.read_reports()
    assert shell.notices == [stats, kept]  # the problem reported last is the one the menu shows
