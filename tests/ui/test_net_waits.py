"""The window never waits on the network: leaving a game on two computers (a host's goodbyes, its threads and
tunnels stopped; a friend's polite close) and joining by an invitation (the tunnel looking for the host) each take
seconds when the other end is slow, so they run on threads of their own while the window draws on and shows, and
says, what is happening. Each test holds that thread at a gate (a bounded wait) and drives the window meanwhile:
before the threads, the window itself stood at the gate (and the test failed when the gate's guard ran out)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pygame
import pytest
from net_driver import GUARD_S, Gate, left_for_the_menu, make_shell, net_table_of, tick_until
from test_net_invite import TICKET
from test_speech_screens import Ear, heard_t
from text_spy import drawn_texts
from ui_driver import DT, click, key

from bezique.i18n import t
from bezique.net import internet
from bezique.net.client import Client
from bezique.net.hosting import HostedGame
from bezique.net.invitation import Invitation
from bezique.net.protocol import Closing, Welcome
from bezique.speech import Voice
from bezique.ui.scenes.menu import MenuScene
from bezique.ui.scenes.net_join import JoinScene, open_hosted
from bezique.ui.scenes.net_leave import LeavingScene
from bezique.ui.scenes.network import NetworkScene
from bezique.ui.table.overlays import PauseOverlay
from tests.net.hosting import hosting, wait_for
from tests.net.rehosting import host_new


@pytest.mark.parametrize("lang", ["en", "it", "fr"])
def test_stopping_hosting_draws_on_and_says_so_while_the_game_is_let_go(shell_data: None, tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch,
                                                                        lang: str) -> None:
    gate = Gate()
    monkeypatch.setattr(HostedGame, "stop", gate.wrap(HostedGame.stop))
    shell = make_shell(lang=lang)
    app = shell.app
    hosted = host_new(seed=5, lang=lang)
    open_hosted(app, hosted, shell)
    net_table_of(app)
    friend = Client("Bruno")
    friend.connect(hosted.host.code)
    assert wait_for(friend, Welcome).seat == 1
    app.use_voice(Voice(log_path=tmp_path / "speech.log", enabled=True))
    ear = Ear(tmp_path / "speech.log")
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay)
    leave = next(b for b in pause._buttons() if b.action == "menu")
    ear.new()
    click(app, (leave.box.cx, leave.box.cy))
    try:
        assert gate.reached.wait(GUARD_S)  # the goodbyes are held on the leaving thread
        words = t("net.stopping_hosting", lang)
        for _ in range(3):  # the window draws on meanwhile, saying what is happening
            app.tick(DT)
            assert isinstance(app.stack.top, LeavingScene) and words in drawn_texts(app)
        assert heard_t("net.stopping_hosting", lang) in ear.new()
        assert not hosted.host.closed
    finally:
        gate.release()
    left_for_the_menu(app)
    assert isinstance(app.stack.top, MenuScene) and hosted.host.closed
    assert wait_for(friend, Closing).reason == "host_quit"
    friend.close()


def test_a_friend_leaving_the_joining_screen_draws_on_while_the_connection_closes(
        shell_data: None, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = Gate()
    monkeypatch.setattr(Client, "close", gate.wrap(Client.close))
    shell = make_shell()
    app = shell.app
    with hosting("two_handed", ["human", "human"], [0, 1], seed=3) as hosted:
        client = Client("Dario", auto_rejoin=True)
        client.connect(hosted.host.code)
        app.stack.clear()
        app.push(JoinScene(app, client, shell, shell.options()))
        try:
            key(app, pygame.K_ESCAPE)  # before the host's first update: the joining screen's way back
            assert gate.reached.wait(GUARD_S)
            app.tick(DT)
            assert isinstance(app.stack.top, LeavingScene) and t("net.leaving_game", "en") in drawn_texts(app)
        finally:
            gate.release()
        left_for_the_menu(app)
        assert isinstance(app.stack.top, MenuScene) and not client._thread.is_alive()  # closed, its loop ended


def joining_screen(shell, code: str) -> NetworkScene:
    app = shell.app
    app.push(NetworkScene(app, shell))
    scene = app.stack.top
    assert isinstance(scene, NetworkScene)
    scene.paste(code)
    return scene


def test_joining_by_invitation_says_it_is_connecting_then_why_not_in_the_player_s_words(
        shell_data: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = Gate()
    raw = "Failed to bind sockets: Address already in use (os error 98)"

    def tunnel_fails(*args: Any, **kwargs: Any) -> internet.InternetClient:
        raise RuntimeError(raw)  # as iroh says it

    monkeypatch.setattr(internet, "join", gate.wrap(tunnel_fails))
    shell = make_shell()
    app = shell.app
    app.use_voice(Voice(log_path=tmp_path / "speech.log", enabled=True))
    ear = Ear(tmp_path / "speech.log")
    scene = joining_screen(shell, Invitation(TICKET, 7).text())
    try:
        key(app, pygame.K_RETURN)
        assert gate.reached.wait(GUARD_S)
        app.tick(DT)
        assert app.stack.top is scene and t("net.joining_internet", "en") in drawn_texts(app)
        assert t("net.joining_internet", "en") in ear.new()
        join = next(b for b in scene.buttons() if b.action == "join")
        assert not join.enabled  # one join at a time
    finally:
        gate.release()
    tick_until(app, lambda: scene.joining is None)
    app.tick(DT)
    assert scene.problem == t("net.join_failed", "en") and scene.problem in drawn_texts(app)
    assert not any(raw in text for text in drawn_texts(app))  # the tunnel's own words are for the log
    assert scene.problem in ear.new()


def test_leaving_join_while_the_tunnel_starts_lets_go_of_the_client_it_brings(
        shell_data: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The player goes back before the tunnel came: the client it brings later is closed on the joining thread,
    and takes no seat unseen."""
    gate = Gate()
    shell = make_shell()
    app = shell.app
    with hosting("two_handed", ["human", "human"], [0, 1], seed=3) as hosted:
        came: list[Client] = []

        def join_here(name: str, *args: Any, **kwargs: Any) -> Client:  # a real client, over localhost
            client = Client(name)
            client.connect(hosted.host.code)
            came.append(client)
            return client

        monkeypatch.setattr(internet, "join", gate.wrap(join_here))
        scene = joining_screen(shell, Invitation(TICKET, 7).text())
        key(app, pygame.K_RETURN)
        assert gate.reached.wait(GUARD_S)
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.stack.top, MenuScene) and scene.joining is None
        joining = next(thread for thread in threading.enumerate() if thread.name == "bezique-join")
        gate.release()
        joining.join(GUARD_S)
        assert not joining.is_alive() and came and not came[0]._thread.is_alive()  # closed, its loop ended


def test_an_invitation_opened_from_the_desktop_joins_on_the_network_screen(
        shell_data: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """``play --join bezique://…`` (a clicked link) opens Join with the invitation in it and connects there: the
    window draws meanwhile, and a failure is said where the player can try again."""
    import argparse

    from bezique.commands import play

    gate = Gate()

    def tunnel_fails(*args: Any, **kwargs: Any) -> internet.InternetClient:
        raise RuntimeError("no route to the relay")

    monkeypatch.setattr(internet, "join", gate.wrap(tunnel_fails))
    shell = make_shell()
    app = shell.app
    invitation = Invitation(TICKET, 7).text()
    play._join(shell, argparse.Namespace(join=f"<{invitation}>", name="Dario", address=None))
    scene = app.stack.top
    try:
        assert isinstance(scene, NetworkScene) and scene.values == {"name": "Dario", "code": invitation, "address": ""}
        assert gate.reached.wait(GUARD_S)
        app.tick(DT)
        assert t("net.joining_internet", "en") in drawn_texts(app)
    finally:
        gate.release()
    tick_until(app, lambda: scene.joining is None)
    assert scene.problem == t("net.join_failed", "en") and app.stack.top is scene
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)
