"""The window's side of a game on two computers: Join refuses a mistyped code at once; the host's table shows the
code and the address, waits for the friend, says whose turn it is and sends a click on a card to the host; Esc
quits hosting, telling the friend and leaving a save."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from text_spy import drawn_texts, spy_on_blit_text
from ui_driver import DT, click, key

from bezique.i18n import t
from bezique.net.client import Client
from bezique.net.hosting import host_game
from bezique.net.protocol import Closing, Update, Welcome
from bezique.persist import saves
from bezique.rules import make_ruleset
from bezique.ui.scenes.menu import MenuScene
from bezique.ui.scenes.net_table import NetTableScene
from bezique.ui.scenes.network import NetworkScene
from bezique.ui.shell import Shell

HANG_S = 60.0  # a guard against a hang only


def make_shell() -> Shell:
    shell = Shell.create(size=(1280, 720), fullscreen=False)
    shell.app.lang = "en"
    shell.open_menu()
    shell.app.tick(DT)
    return shell


def next_of(client: Client, kind: type, where=lambda m: True):
    while True:
        message = client.inbox.get(timeout=HANG_S)
        if isinstance(message, kind) and where(message):
            return message


def pump(scene: NetTableScene, until) -> None:
    """Hand the scene what its client receives (waiting on the client's queue) until `until(scene)` holds."""
    while not until(scene):
        scene._read(scene.client.inbox.get(timeout=HANG_S))


def test_join_refuses_a_mistyped_code_before_sending_anything(shell_data: None) -> None:
    shell = make_shell()
    app = shell.app
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    menu.choose("network")
    scene = app.stack.top
    assert isinstance(scene, NetworkScene)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="K7QU"))
    app.tick(DT)
    assert scene.values["code"] == "K7QU"
    scene.choose("join")
    assert app.stack.top is scene and "'U' is not a character of a join code" in scene.problem
    assert scene.problem in drawn_texts(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)


def test_the_host_table_shows_the_code_waits_for_the_friend_and_plays_a_click(shell_data: None) -> None:
    shell = make_shell()
    app = shell.app
    hosted = host_game(make_ruleset("two_handed"), ["human", "human"], ["Alice"], "beginner", "en", seed=3,
                       bind="127.0.0.1", port=0)
    scene = NetTableScene(app, hosted.client, shell.open_menu, hosted)
    app.push(scene)
    pump(scene, lambda s: s.update_msg is not None)
    texts = drawn_texts(app)
    assert hosted.host.code in texts and "Waiting for your friend to join…" in texts
    friend = Client("Bruno")
    friend.connect(hosted.host.code)
    assert next_of(friend, Welcome).seat == 1
    dealt = next_of(friend, Update, lambda u: u.view.phase == "play")
    pump(scene, lambda s: s.update_msg is not None and s.update_msg.version == dealt.version)
    mine = scene.screen.to_act == 0
    texts = drawn_texts(app)
    assert ("Your turn" if mine else "Waiting for Bruno.") in "".join(texts)
    assert "Bruno" in texts and "connected" in texts
    if not mine:  # the friend leads; then it is the host's player's turn
        friend.act(dealt.legal[0])
        pump(scene, lambda s: s.screen.to_act == 0 and s.update_msg.version == dealt.version + 1)
    version = scene.update_msg.version
    drawn_texts(app)  # lays out the hand
    box, action = next((b, a) for b, a in scene._cards if a is not None)
    click(app, (box.cx, box.cy))
    after = next_of(friend, Update, lambda u: u.version == version + 1).view
    assert action.cards[0] in after.played and action.cards[0] not in hosted.host.session.state.hands[0]
    key(app, pygame.K_ESCAPE)  # quit hosting: the friend is told, the game saved
    assert isinstance(app.stack.top, MenuScene)
    assert next_of(friend, Closing).reason == "host_quit"
    loaded = saves.load_saved_game()
    assert loaded.game is not None and loaded.game.to_dict() == hosted.host.session.game.to_dict()
    friend.close()


@pytest.fixture(autouse=True)
def _instant(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shell's settings as the other window tests use them (no animation to wait for)."""
    real = Shell.create

    def create(*args, **kwargs):
        shell = real(*args, **kwargs)
        shell.settings = dataclasses.replace(shell.settings, animation_speed="instant")
        return shell

    monkeypatch.setattr(Shell, "create", create)


def test_new_game_hosts_the_chosen_game_for_its_people(shell_data: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from bezique.net import hosting
    from bezique.ui.scenes.newgame import NewGameScene
    real = hosting.host_game
    made = []

    def on_localhost(*args, **kwargs):
        made.append(real(*args, **{**kwargs, "bind": "127.0.0.1", "port": 0}))
        return made[-1]

    monkeypatch.setattr(hosting, "host_game", on_localhost)
    shell = make_shell()
    app = shell.app
    shell.new_game_screen()
    scene = app.stack.top
    assert isinstance(scene, NewGameScene)
    host_button = next(b for b in scene.controls() if b.action == "host")
    assert not host_button.enabled  # one person: nobody to host for
    scene.setup.variant = "three_handed"
    scene.setup.people = [False, True, False, False, False]
    host_button = next(b for b in scene.controls() if b.action == "host")
    assert host_button.enabled
    click(app, (host_button.box.cx, host_button.box.cy))
    table = app.stack.top
    assert isinstance(table, NetTableScene) and made and table.hosted is made[0]
    session = made[0].host.session
    assert session.rules.variant == "three_handed" and [s.kind for s in session.seats] == ["human", "ai", "human"]
    assert made[0].host.remote == (0, 2)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)


@pytest.mark.parametrize("lang", ["en", "it", "fr"])
def test_the_network_screen_says_its_hints_whole_at_the_smallest_window(shell_data: None, monkeypatch, lang) -> None:
    """At 1024x640 the Italian and French hints are wider than their column: they wrap into lines that each fit,
    never cut short with "…"."""
    shell = Shell.create(size=(1024, 640), fullscreen=False)
    shell.app.lang = lang
    shell.open_menu()
    shell.app.tick(DT)
    menu = shell.app.stack.top
    assert isinstance(menu, MenuScene)
    menu.choose("network")
    drawn: list[tuple[str, bool]] = []  # each text drawn, and whether it fits the width it was given

    def judge(surface, assets, text, size, rect, max_width, bold) -> None:
        drawn.append((text, max_width is None or assets.font(size, bold).size(text)[0] <= max_width))

    spy_on_blit_text(monkeypatch, judge)
    shell.app.draw()
    texts = [text for text, _ in drawn]
    for hint in ("net.host_hint", "net.join_hint"):
        whole = t(hint, lang)
        start = next(i for i, text in enumerate(texts) if len(text) > 12 and whole.startswith(text))  # not a field's
        end = start + 1
        while " ".join(texts[start:end]) != whole:
            end += 1
            assert end <= len(texts) and whole.startswith(" ".join(texts[start:end])), texts[start:end]
        assert all(fits for _, fits in drawn[start:end]), drawn[start:end]
