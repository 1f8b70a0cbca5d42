"""Continue on the host's computer hosts a saved network game again, and a hosted game is kept like any other.

The menu's Continue line says the game is on two computers; Continue hosts it (the same seats, the code the friend
knows, exactly the position saved) instead of seating everyone at this screen, while a save of a game at one
screen (or one whose network part is damaged) still opens the one-screen table. A hosted game that ends lands in
Past games and the statistics and its save goes; a save that fails is said at the hosted table and on the menu;
a port that cannot be listened on is said on the menu, the save left as it was. Real sockets on 127.0.0.1; every
wait is on a client's queue (a guard against a hang only), never a sleep.
"""

from __future__ import annotations

import dataclasses
import errno
from typing import Any

import pytest
from net_driver import leave_by_the_pause_screen, make_shell, net_table_of
from text_spy import drawn_texts
from ui_driver import DT, Disk, click

from bezique.i18n import t
from bezique.net import hosting
from bezique.net.client import Client
from bezique.net.host import Host
from bezique.net.protocol import Closing, Update, Welcome
from bezique.persist import history, saves, stats
from bezique.presenter.setup import GameSetup
from bezique.rules import view_for
from bezique.ui.scenes.menu import MenuScene
from bezique.ui.scenes.net_table import NetTableScene
from bezique.ui.shell import Shell
from bezique.ui.table.scene import TableScene
from tests.net.hosting import latest, wait_for
from tests.net.rehosting import ON_LOCALHOST, action_of, hosted_meta, one_move_from_the_end, people_game, play_moves

pytestmark = pytest.mark.usefixtures("shell_data")  # conftest: a fresh data folder, English


@pytest.fixture(autouse=True)
def _instant(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shell's settings as the other window tests use them (no animation to wait for)."""
    real = Shell.create

    def create(*args: Any, **kwargs: Any) -> Shell:
        shell = real(*args, **kwargs)
        shell.settings = dataclasses.replace(shell.settings, animation_speed="instant", computer_pace="instant")
        return shell

    monkeypatch.setattr(Shell, "create", create)


class Rehosts:
    """``hosting.rehost_game`` on 127.0.0.1 (at `port`, 0: any free one), every hosted game it made kept."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, port: int = 0) -> None:
        self.port = port
        self.made: list[hosting.HostedGame] = []
        real = hosting.rehost_game

        def on_localhost(*args: Any, **kwargs: Any) -> hosting.HostedGame:
            self.made.append(real(*args, **{**kwargs, "bind": "127.0.0.1", "port": self.port}))
            return self.made[-1]

        monkeypatch.setattr(hosting, "rehost_game", on_localhost)


def menu_of(shell: Shell) -> MenuScene:
    menu = shell.app.stack.top
    assert isinstance(menu, MenuScene)
    return menu


def press(shell: Shell, action: str) -> None:
    button = next(b for b in menu_of(shell).buttons() if b.action == action)
    assert button.enabled
    click(shell.app, (button.box.cx, button.box.cy))


def hosted_table(shell: Shell) -> NetTableScene:
    """The hosted game's table, once its seat's first update has come."""
    table = net_table_of(shell.app)
    assert table.hosted is not None
    return table


def joined(code: str, seat: int, name: str = "Bruno") -> Client:
    friend = Client(name)
    friend.connect(code)
    assert wait_for(friend, Welcome).seat == seat
    return friend


def test_continue_hosts_a_saved_network_game_again_with_the_same_code(monkeypatch: pytest.MonkeyPatch) -> None:
    shell = make_shell()
    app = shell.app
    setup = GameSetup(level="beginner", seed=5)
    setup.people[0], setup.names[0] = True, "Alice"
    shell.hosting = ON_LOCALHOST
    first = shell.host(setup).hosted  # as New game hosts it
    assert first is not None
    hosted_table(shell)
    friend = joined(first.host.code, 1)
    wait_for(friend, Update, lambda u: u.view.phase == "play")
    play_moves([first.client, friend], first.host, 4)
    code, position, played = first.host.code, first.host.session.state, first.host.session.game.to_dict()
    leave_by_the_pause_screen(app)  # the host leaves: the friend is told, the game is saved
    assert wait_for(friend, Closing).reason == "host_quit"
    friend.close()

    menu = menu_of(shell)
    assert menu.saved is not None and menu.saved.network
    variant = t("menu.saved_variant_network", "en", variant=t("variant.two_handed", "en"))
    assert any(text.startswith(f"{variant} · Alice ") for text in drawn_texts(app))
    rehosts = Rehosts(monkeypatch, port=first.host.port)
    press(shell, "continue")
    table = hosted_table(shell)
    again = table.hosted
    assert again is rehosts.made[0] and again.host.code == code and again.host.remote == (0, 1)
    assert again.host.saver == shell.books.keep_up  # counted and kept by the shell, as a game at one screen
    assert code in drawn_texts(app)  # shown while the friend is still to come back
    friend = joined(code, 1)
    assert latest(friend, again.host).view == view_for(position, 1)  # exactly where it stopped
    play_moves([again.client, friend], again.host, 1)
    saved = saves.load_saved_game()
    assert saved.game is not None and saved.meta["network"]["remote"] == [1]
    assert saved.meta["network"]["secret"] == first.host.secret
    assert saved.game.to_dict()["deals"][-1]["actions"][:-1] == played["deals"][-1]["actions"]
    leave_by_the_pause_screen(app)
    assert isinstance(app.stack.top, MenuScene) and wait_for(friend, Closing).reason == "host_quit"
    friend.close()


@pytest.mark.parametrize("network", [None, {"remote": [7]}, {"remote": "everyone"}])
def test_continue_of_a_game_at_one_screen_opens_the_one_screen_table(network: Any) -> None:
    session = people_game()
    meta = saves.new_game_meta("hotseat", None)
    if network is not None:  # a damaged network part: the game is not lost, it is played at this screen
        meta["network"] = network
    saves.save_game(session.game, meta)
    shell = make_shell()
    assert menu_of(shell).saved is not None and not menu_of(shell).saved.network
    network_words = t("menu.saved_variant_network", "en", variant="")
    assert not any(network_words in text for text in drawn_texts(shell.app))
    press(shell, "continue")
    table = next(s for s in shell.app.stack.scenes if isinstance(s, TableScene))
    assert table.session.game.to_dict() == session.game.to_dict()
    assert not any(isinstance(s, NetTableScene) for s in shell.app.stack.scenes)


def test_a_finished_hosted_game_lands_in_past_games_and_the_statistics(monkeypatch: pytest.MonkeyPatch) -> None:
    game, last = one_move_from_the_end()
    saves.save_game(game, hosted_meta([1]))
    rehosts = Rehosts(monkeypatch)
    shell = make_shell()
    press(shell, "continue")
    again = hosted_table(shell).hosted
    assert again is rehosts.made[0]
    friend = joined(again.host.code, 1)
    clients = {0: again.client, 1: friend}
    mover = clients[game.state.to_act]
    if mover.seat is None:
        wait_for(mover, Welcome)
    update = latest(mover, again.host)
    mover.send_move(action_of(game, last))  # the move that ends the game
    for client in clients.values():  # the host counts and keeps the game before it tells anyone
        assert wait_for(client, Update, lambda u, v=update.version: u.version == v + 1).view.finished
    assert not saves.has_saved_game()
    kept = history.list_games().games
    assert len(kept) == 1 and kept[0].finished and not kept[0].abandoned and kept[0].mode == "hotseat"
    assert stats.load_stats().stats.hotseat.games == 1
    leave_by_the_pause_screen(shell.app)
    assert menu_of(shell).saved is None  # nothing left to continue
    friend.close()


def test_a_hosted_game_whose_save_fails_says_so_at_its_table_and_on_the_menu(monkeypatch: pytest.MonkeyPatch) -> None:
    saves.save_game(people_game().game, hosted_meta([1]))
    Rehosts(monkeypatch)
    shell = make_shell()
    press(shell, "continue")
    table = hosted_table(shell)
    again = table.hosted
    friend = joined(again.host.code, 1)
    disk = Disk(monkeypatch)
    disk.full = True
    play_moves([again.client, friend], again.host, 2)  # posted once, from the driver thread; the game goes on
    problem = t("problem.save_failed", "en", reason="No space left on device")
    assert shell.save_problem is None and not shell.notices  # the driver thread wrote nothing of the window's
    shell.app.tick(DT)  # the window's thread reads the report: the menu's notice, the table's banner
    assert shell.save_problem == problem and shell.notices.count(problem) == 1 and table.notice == problem
    assert problem in drawn_texts(shell.app)
    disk.full = False
    play_moves([again.client, friend], again.host, 1)
    assert len(saves.load_saved_game().game.deals[-1]["actions"]) == 3
    shell.app.tick(DT)
    assert shell.save_problem is None and problem not in shell.notices and table.notice == ""
    assert problem not in drawn_texts(shell.app)
    leave_by_the_pause_screen(shell.app)
    friend.close()


def test_a_port_that_cannot_be_listened_on_is_said_on_the_menu_and_loses_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    saves.save_game(people_game().game, hosted_meta([1]))
    before = saves.save_path().read_bytes()

    def taken(self: Host) -> None:
        raise OSError(errno.EADDRINUSE, "Address already in use")

    monkeypatch.setattr(Host, "start", taken)
    Rehosts(monkeypatch)
    shell = make_shell()
    press(shell, "continue")
    menu = menu_of(shell)
    problem = t("net.cannot_host", "en", reason="Address already in use")
    assert shell.notices[-1] == problem and problem in drawn_texts(shell.app)
    assert saves.save_path().read_bytes() == before and menu.saved is not None and menu.saved.network
