"""A game on two computers played through the real table: the host's window (its seat joined over loopback) and
a friend's window each play a seat of the host's game with real clicks, over real localhost sockets, while the
other seat is a client that plays by chance (``tests.net.hosting.Bot``). The table is the one a game at one screen
uses: its picture follows the host's game move by move and never holds a card its seat may not know."""

from __future__ import annotations

import dataclasses
import random
import threading

import pygame
import pytest
from text_spy import drawn_texts
from ui_driver import DT, click, key, point_on

from bezique.net.client import Client
from bezique.net.hosting import host_game
from bezique.net.protocol import Welcome
from bezique.rules import Phase, Verb, make_ruleset
from bezique.ui.scenes.menu import MenuScene
from bezique.ui.scenes.net_table import JoinScene, NetTableScene, open_hosted, open_join
from bezique.ui.shell import Shell
from tests.net.hosting import Bot, hosting, wait_for

TICKS = 200_000  # a guard against a hang only


@pytest.fixture(autouse=True)
def _instant(monkeypatch: pytest.MonkeyPatch) -> None:
    real = Shell.create

    def create(*args, **kwargs):
        shell = real(*args, **kwargs)
        shell.settings = dataclasses.replace(shell.settings, animation_speed="instant", computer_pace="instant",
                                             trick_pause="off")
        return shell

    monkeypatch.setattr(Shell, "create", create)


def make_shell() -> Shell:
    shell = Shell.create(size=(1280, 720), fullscreen=False)
    shell.app.lang = "en"
    shell.open_menu()
    shell.app.tick(DT)
    return shell


def table_of(app) -> NetTableScene:
    for _ in range(TICKS):
        table = next((s for s in app.stack.scenes if isinstance(s, NetTableScene)), None)
        if table is not None:
            return table
        pygame.time.wait(1)
        app.tick(DT)
    raise AssertionError("the table never opened")


def play_through_window(app, table: NetTableScene, rng: random.Random, until) -> int:
    """Tick the window; whenever its player may act, click a legal card or press a declaration's button; close
    each scoreboard. Returns how many moves were made through the window."""
    moves = 0
    for _ in range(TICKS):
        if until():
            return moves
        top = app.stack.top
        if top is not table:
            if hasattr(top, "on_close"):  # the scoreboard: its main button
                key(app, pygame.K_RETURN)
                continue
        if table.human_turn():
            screen = table.stage.screen
            legal = list(screen.legal)
            if screen.phase == Phase.PLAY:
                card = rng.choice([a for a in legal if a.verb == Verb.PLAY]).cards[0]
                click(app, point_on(table, card))
            else:
                assert table.act(rng.choice(legal))
            moves += 1
            continue
        pygame.time.wait(1)
        app.tick(DT)
    raise AssertionError("the game did not get there")


def test_the_host_window_plays_a_whole_deal_against_a_friend(shell_data: None) -> None:
    shell = make_shell()
    app = shell.app
    hosted = host_game(make_ruleset("two_handed"), ["human", "human"], ["Alice"], "beginner", "en", seed=5,
                       bind="127.0.0.1", port=0)
    open_hosted(app, hosted, shell)
    assert isinstance(app.stack.top, JoinScene)
    table = table_of(app)
    app.tick(DT)
    texts = drawn_texts(app)
    assert hosted.host.code in texts and "Waiting for your friend to join…" in texts
    friend = Client("Bruno")
    friend.connect(hosted.host.code)
    assert wait_for(friend, Welcome).seat == 1
    bot = Bot(friend, seed=2, deals=1)
    thread = threading.Thread(target=bot.run, daemon=True)
    thread.start()
    session = hosted.host.session
    moves = play_through_window(app, table, random.Random(1), lambda: session.state.deal_index >= 0
                                and session.awaiting_deal)
    assert moves > 20
    assert table.sync_errors == 0
    thread.join(60)
    assert bot.error is None
    key(app, pygame.K_ESCAPE)
    friend.close()
    hosted.stop()


def test_a_friend_window_plays_a_deal_hosted_elsewhere(shell_data: None) -> None:
    shell = make_shell()
    app = shell.app
    with hosting("two_handed", ["human", "human"], [0, 1], seed=11) as hosted:
        other = Client("Carla")
        other.connect(hosted.host.code)
        wait_for(other, Welcome)
        bot = Bot(other, seed=3, deals=1)
        thread = threading.Thread(target=bot.run, daemon=True)
        thread.start()
        client = Client("Dario", auto_rejoin=True)
        client.connect(hosted.host.code)
        open_join(app, client, shell)
        table = table_of(app)
        session = hosted.session
        play_through_window(app, table, random.Random(4), lambda: session.state.deal_index >= 0
                            and session.awaiting_deal)
        assert table.sync_errors == 0
        thread.join(60)
        other.close()
        key(app, pygame.K_ESCAPE)
