"""One thread owns the window (docs/ARCHITECTURE.md, "Threads"): no code of ``bezique/ui/`` runs on any other
thread, but ``app.wake``, which only posts SDL an event. Watched by a profile hook on every thread the test starts
(the host's loop, the hosted game's driver, the clients' loops), through a hosted game played over real localhost
sockets whose saves fail and then succeed again, with a chat line and the host's goodbye: what the driver thread
learns reaches the window through the shell's mailbox, read on the window's thread. Before the mailbox, the driver
ran ``Shell.keep_up`` and wrote the shell's notices and a table's notice itself.
"""

from __future__ import annotations

import threading
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from net_driver import leave_by_the_pause_screen, make_shell, net_table_of
from test_net_invite import TICKET
from ui_driver import DT, Disk

import bezique.ui
from bezique.i18n import t
from bezique.net import internet
from bezique.net.client import Client
from bezique.net.invitation import Invitation
from bezique.net.protocol import Update, Welcome
from bezique.presenter.setup import GameSetup
from bezique.ui.scenes.network import NetworkScene
from tests.net.hosting import hosting, wait_for
from tests.net.rehosting import ON_LOCALHOST, play_moves

pytestmark = pytest.mark.usefixtures("shell_data")  # conftest: a fresh data folder, English

UI = str(Path(bezique.ui.__file__).parent)
MAY_RUN_ELSEWHERE = {("app.py", "wake")}  # posts SDL an event (SDL's queue takes them from any thread)


class OffThread:
    """Every function of ``bezique/ui/`` called on a thread other than the one that entered (the window's), as
    (thread name, file under ui/, function): a profile hook on each thread started while it watches."""

    def __init__(self) -> None:
        self.window = threading.get_ident()
        self.seen: set[tuple[str, str, str]] = set()

    def hook(self, frame: FrameType, event: str, arg: Any) -> None:
        if event == "call" and threading.get_ident() != self.window and frame.f_code.co_filename.startswith(UI):
            where = frame.f_code.co_filename[len(UI) + 1:]
            self.seen.add((threading.current_thread().name, where, frame.f_code.co_name))

    def breaches(self) -> set[tuple[str, str, str]]:
        return {seen for seen in self.seen if seen[1:] not in MAY_RUN_ELSEWHERE}

    def __enter__(self) -> OffThread:
        threading.setprofile(self.hook)
        return self

    def __exit__(self, *exc: object) -> None:
        threading.setprofile(None)  # type: ignore[arg-type]  # None: no hook (typeshed wants a function)


def test_the_watch_sees_window_code_run_on_another_thread() -> None:
    """The check can fail: the shell reading its reports on a thread of its own is seen."""
    shell = make_shell()
    with OffThread() as watch:
        other = threading.Thread(target=shell.read_reports, name="not-the-window")
        other.start()
        other.join()
    assert ("not-the-window", "shell.py", "read_reports") in watch.breaches()


def test_a_hosted_game_runs_no_window_code_off_the_windows_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    with OffThread() as watch:
        shell = make_shell()
        app = shell.app
        shell.hosting = ON_LOCALHOST
        setup = GameSetup(level="beginner", seed=5)
        setup.people[0], setup.names[0] = True, "Alice"
        hosted = shell.host(setup).hosted
        assert hosted is not None and hosted.client is not None
        table = net_table_of(app)
        friend = Client("Bruno")
        friend.connect(hosted.host.code)
        assert wait_for(friend, Welcome).seat == 1
        wait_for(friend, Update, lambda u: u.view.phase == "play")
        disk = Disk(monkeypatch)
        disk.full = True
        play_moves([hosted.client, friend], hosted.host, 2)  # the driver's saves fail: it posts, once
        problem = t("problem.save_failed", "en", reason="No space left on device")
        assert shell.save_problem is None  # nothing of the window's was written on the driver's thread
        app.tick(DT)
        assert shell.save_problem == problem and table.notice == problem
        disk.full = False
        friend.say("well played")
        play_moves([hosted.client, friend], hosted.host, 1)  # saved again: posted
        app.tick(DT)
        assert shell.save_problem is None and table.notice == ""
        leave_by_the_pause_screen(app)
        friend.close()
    names = {name for name, _, _ in watch.seen}
    assert "bezique-hosted-game" in names and "bezique-client" in names  # the watch was on the other threads
    assert "bezique-leave" in names  # stopping hosting: the goodbyes said on a thread, the window told
    assert watch.breaches() == set()


def test_joining_by_an_invitation_runs_no_window_code_off_the_windows_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """The join's thread starts the tunnel (here a client over localhost instead) and posts the client; the window
    opens its table on its own thread."""
    with hosting("two_handed", ["human", "human"], [0, 1], seed=3) as hosted:
        def join_here(name: str, *args: object, **kwargs: object) -> Client:
            client = Client(name, auto_rejoin=True)
            client.connect(hosted.host.code)
            return client

        monkeypatch.setattr(internet, "join", join_here)
        with OffThread() as watch:
            shell = make_shell()
            app = shell.app
            app.push(NetworkScene(app, shell))
            scene = app.stack.top
            assert isinstance(scene, NetworkScene)
            scene.paste(Invitation(TICKET, 7).text())
            scene.choose("join")
            table = net_table_of(app)
            table.leave()
    names = {name for name, _, _ in watch.seen}
    assert "bezique-join" in names and "bezique-client" in names
    assert watch.breaches() == set()
