"""A game on two computers in the window: the host's window (its seat joined over loopback like any friend's) and
a friend's window each play a seat of the host's game at the real table, with real clicks, over real localhost
sockets, the other seat a client that plays by chance (``tests.net.hosting.Bot``). The picture follows the host's
game move by move; the pause screen names the way out (the host stops hosting, its game saved; the friend leaves),
the end of the game at the host is said over the table, a dropped connection is shown and the table picks up where
the game is after the rejoin. Join refuses a mistyped code at once; New game hosts the game it sets up."""

from __future__ import annotations

import dataclasses
import random
import threading
from contextlib import contextmanager

import pygame
import pytest
from net_driver import TICKS, leave_by_the_pause_screen, left_for_the_menu, make_shell, net_table_of, tick_until
from text_spy import drawn_texts, spy_on_blit_text
from ui_driver import DT, click, key, point_on

from bezique.i18n import t
from bezique.net.channel import BAD_CODE_CLOSE
from bezique.net.client import Client
from bezique.net.hosting import HostedGame
from bezique.net.protocol import Closing, Welcome
from bezique.persist import saves
from bezique.presenter.setup import SEATABLE_VARIANTS
from bezique.rules import Phase, Verb, make_ruleset
from bezique.ui.app import App
from bezique.ui.scenes.menu import MenuScene
from bezique.ui.scenes.net_join import JoinScene, open_hosted, open_join
from bezique.ui.scenes.net_table import EndedScene, NetTableScene
from bezique.ui.scenes.network import NetworkScene
from bezique.ui.shell import Shell
from bezique.ui.table.overlays import PauseOverlay
from bezique.ui.table.scoreboard import ResultOverlay
from tests.net.hosting import Bot, hosting, wait_for
from tests.net.peers import Peer
from tests.net.rehosting import host_new


@pytest.fixture(autouse=True)
def _instant(monkeypatch: pytest.MonkeyPatch) -> None:
    real = Shell.create

    def create(*args, **kwargs):
        shell = real(*args, **kwargs)
        shell.settings = dataclasses.replace(shell.settings, animation_speed="instant", computer_pace="instant",
                                             trick_pause="off")
        return shell

    monkeypatch.setattr(Shell, "create", create)


@contextmanager
def friend_window(seed: int, variant: str = "two_handed", carla_plays: bool = True):
    """A game of `variant` hosted headless on localhost, the host's computers in the seats beyond two: Carla joins
    first, then Dario in a new window; yields his window's app, the host, his client, his table and Carla's client.
    Where `carla_plays`, Carla is a ``Bot`` and the way out checks, when the deal was played out, that she played it
    without an error; else she only sits there (and talks when a test says so)."""
    shell = make_shell()
    players = make_ruleset(variant).players
    with hosting(variant, ["human", "human", *["ai"] * (players - 2)], [0, 1], seed=seed) as hosted:
        other = Client("Carla")
        other.connect(hosted.host.code)
        wait_for(other, Welcome)
        bot = Bot(other, seed=seed + 1, deals=1)
        thread = threading.Thread(target=bot.run, daemon=True)
        if carla_plays:
            thread.start()
        client = Client("Dario", auto_rejoin=True)
        client.connect(hosted.host.code)
        open_join(shell.app, client, shell)
        yield shell.app, hosted, client, net_table_of(shell.app), other
        if carla_plays and (hosted.session.awaiting_deal or hosted.session.over):  # else she waits for her turn
            thread.join(60)
            assert bot.error is None
        other.close()


def play_through_window(app, table: NetTableScene, rng: random.Random, until) -> int:
    """Tick the window; whenever its player may act, click a legal card or press a declaration's button; close
    each scoreboard. Returns how many moves were made through the window."""
    moves = 0
    for _ in range(TICKS):
        if until():
            return moves
        if isinstance(app.stack.top, ResultOverlay):  # the scoreboard: its main button, the next deal
            key(app, pygame.K_RETURN)
            continue
        if table.human_turn():
            screen = table.stage.screen
            legal = list(screen.legal)
            if screen.phase == Phase.PLAY:
                card = rng.choice([a for a in legal if a.verb == Verb.PLAY]).cards[0]
                click(app, point_on(table, card))
            else:
                assert table.try_move(rng.choice(legal))
            moves += 1
            continue
        pygame.time.wait(1)
        app.tick(DT)
    raise AssertionError(f"the game did not get there: top {app.stack.top}, seat view phase {table.session.view.phase}"
                         f" to act {table.session.to_act}, news {table.session.next_news()}, "
                         f"rest {table.stage.at_rest()} human {table.human_turn()} legal {table.session.legal()}")


def test_the_host_window_plays_a_whole_deal_against_a_friend(shell_data: None) -> None:
    shell = make_shell()
    app = shell.app
    hosted = host_new(seed=5)
    open_hosted(app, hosted, shell)
    assert isinstance(app.stack.top, JoinScene)
    table = net_table_of(app)
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
    leave_by_the_pause_screen(app)
    assert isinstance(app.stack.top, MenuScene) and hosted.host.closed
    friend.close()


@pytest.mark.parametrize("variant", SEATABLE_VARIANTS)
def test_a_friend_window_plays_a_deal_hosted_elsewhere(shell_data: None, variant: str) -> None:
    """Every variant the window seats, its deal played out by clicks at the friend's table, which never falls out
    of step with the host's game."""
    with friend_window(seed=11, variant=variant) as (app, hosted, client, table, _carla):
        session = hosted.session
        play_through_window(app, table, random.Random(4), lambda: session.state.deal_index >= 0
                            and (session.awaiting_deal or session.over))
        if session.over:  # a game of one deal (Chinese Bezique to its target): its last scoreboard, then the menu
            tick_until(app, lambda: isinstance(app.stack.top, ResultOverlay))
            assert table.sync_errors == 0 and app.stack.top.game_over
            key(app, pygame.K_RETURN)
            left_for_the_menu(app)
        else:
            assert table.sync_errors == 0
            assert "Leave the game" in leave_by_the_pause_screen(app)
        assert isinstance(app.stack.top, MenuScene) and client.link == "closed"


def host_window(seed: int) -> tuple[App, HostedGame, NetTableScene, Client]:
    """This window hosts a new two-handed game (``host_new``) and Bruno joins it from a headless client: the app,
    the hosted game, the host's table and Bruno's client, once the host has welcomed him to the second seat."""
    shell = make_shell()
    hosted = host_new(seed=seed)
    open_hosted(shell.app, hosted, shell)
    friend = Client("Bruno")
    friend.connect(hosted.host.code)
    assert wait_for(friend, Welcome).seat == 1
    return shell.app, hosted, net_table_of(shell.app), friend


def test_the_pause_screen_says_the_game_goes_on_and_stopping_hosting_tells_the_friend(shell_data: None) -> None:
    app, hosted, table, friend = host_window(seed=8)
    tick_until(app, lambda: table.session.view.phase != Phase.AWAIT_DEAL)  # everyone came: the first deal
    texts = leave_by_the_pause_screen(app)
    assert "The game goes on" in texts and "Stop hosting: to the menu" in texts
    assert t("net.pause_note_host", "en") in texts
    assert isinstance(app.stack.top, MenuScene) and hosted.host.closed
    assert wait_for(friend, Closing).reason == "host_quit"
    loaded = saves.load_saved_game()
    assert loaded.game is not None and loaded.game.to_dict() == hosted.host.session.game.to_dict()
    friend.close()


def test_a_friend_is_told_over_the_table_when_the_host_quits(shell_data: None) -> None:
    with friend_window(seed=12, carla_plays=False) as (app, hosted, _client, table, _carla):
        tick_until(app, lambda: table.session.view.phase != Phase.AWAIT_DEAL)
        texts = drawn_texts(app)
        assert "Carla" in texts and "Dario" in texts
        hosted.host.stop()
        tick_until(app, lambda: isinstance(app.stack.top, EndedScene))
        assert t("net.ended_host_quit", "en") in drawn_texts(app)
        button = app.stack.top.button()
        click(app, (button.box.cx, button.box.cy))
        left_for_the_menu(app)
        assert isinstance(app.stack.top, MenuScene)


def test_after_a_drop_the_friend_table_says_so_rejoins_and_plays_on_from_where_the_game_is(shell_data: None) -> None:
    with friend_window(seed=13) as (app, hosted, client, table, _carla):
        session = hosted.session
        rng = random.Random(6)
        play_through_window(app, table, rng, lambda: len(session.state.tricks_log) >= 3)
        client.drop()
        tick_until(app, lambda: client.link != "connected")
        assert t("net.reconnecting", "en") in drawn_texts(app)
        tick_until(app, lambda: client.link == "connected")
        play_through_window(app, table, rng, lambda: session.state.deal_index >= 0 and session.awaiting_deal)
        assert table.sync_errors == 0
        leave_by_the_pause_screen(app)


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
    table = net_table_of(app)
    assert made and table.hosted is made[0]
    session = made[0].host.session
    assert session.rules.variant == "three_handed" and [s.kind for s in session.seats] == ["human", "ai", "human"]
    assert made[0].host.remote == (0, 2)
    leave_by_the_pause_screen(app)
    assert isinstance(app.stack.top, MenuScene) and made[0].host.closed


@pytest.mark.parametrize("lang", ["en", "it", "fr"])
def test_the_network_screen_says_its_hints_whole_at_the_smallest_window(shell_data: None, monkeypatch, lang) -> None:
    """At 1024x640 the Italian and French hints are wider than their column: they wrap into lines that each fit,
    never cut short with "…"."""
    shell = make_shell((1024, 640), lang)
    menu = shell.app.stack.top
    assert isinstance(menu, MenuScene)
    menu.choose("network")
    drawn = drawn_fitting(monkeypatch, shell.app)
    for hint in ("net.host_hint", "net.join_hint"):
        lines = lines_saying(drawn, t(hint, lang))
        assert all(fits for _, fits in lines), lines


def drawn_fitting(monkeypatch, app) -> list[tuple[str, bool]]:
    """Each text one frame draws, and whether it fits the width it was given."""
    drawn: list[tuple[str, bool]] = []

    def judge(surface, assets, text, size, rect, max_width, bold) -> None:
        drawn.append((text, max_width is None or assets.font(size, bold).size(text)[0] <= max_width))

    spy_on_blit_text(monkeypatch, judge)
    app.draw()
    return drawn


def lines_saying(drawn: list[tuple[str, bool]], whole: str) -> list[tuple[str, bool]]:
    """The lines drawn one after the other that together say `whole` (wrapped, never cut short)."""
    texts = [text for text, _ in drawn]
    start = next(i for i, text in enumerate(texts) if len(text) > 12 and whole.startswith(text))  # not a field's
    end = start + 1
    while " ".join(texts[start:end]) != whole:
        end += 1
        assert end <= len(texts) and whole.startswith(" ".join(texts[start:end])), texts[start:end]
    return drawn[start:end]


@pytest.mark.parametrize("lang", ["en", "it", "fr"])
@pytest.mark.parametrize("role", ["host", "friend"])
def test_the_pause_note_of_a_game_on_two_computers_is_said_whole_at_the_smallest_window(
        shell_data: None, monkeypatch, lang, role) -> None:
    """The note wraps onto a second line where a language needs it, each line within the screen's width."""
    shell = make_shell((1024, 640), lang)
    app = shell.app
    hosted = host_new(seed=3, lang=lang)
    if role == "host":
        open_hosted(app, hosted, shell)
    else:
        client = Client("Bruno")
        client.connect(hosted.host.code)
        open_join(app, client, shell)
    net_table_of(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseOverlay)
    lines = lines_saying(drawn_fitting(monkeypatch, app), t(f"net.pause_note_{role}", lang))
    assert all(fits for _, fits in lines), lines
    hosted.stop()


def test_the_chat_shows_each_line_once_and_the_lines_said_during_a_drop_after_it(shell_data: None) -> None:
    with friend_window(seed=17) as (app, _hosted, client, table, carla):
        key(app, pygame.K_m)  # Dario types in his window: his line comes back from the host, shown once
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Ciao Carla"))
        key(app, pygame.K_RETURN)
        tick_until(app, lambda: len(table.chat.lines) == 1)
        carla.say("Ciao Dario")
        tick_until(app, lambda: len(table.chat.lines) == 2)
        client.drop()
        tick_until(app, lambda: client.link != "connected")
        carla.say("Ci sei ancora?")  # said while Dario is away
        tick_until(app, lambda: client.link == "connected" and len(table.chat.lines) == 3)
        for _ in range(100):  # the chat sent again on the rejoin has been read
            app.tick(DT)
        assert [(line.name, line.text, line.mine) for line in table.chat.lines] == [
            ("Dario", "Ciao Carla", True), ("Carla", "Ciao Dario", False), ("Carla", "Ci sei ancora?", False)]
        leave_by_the_pause_screen(app)


def test_the_host_table_is_told_of_wrong_codes_and_marks_the_friend_s_seat(shell_data: None) -> None:
    app, hosted, table, friend = host_window(seed=5)
    host = hosted.host
    for guess in range(3):  # someone on the network tries three codes: none gets past the key exchange
        guesser = Peer(host.port, host.secret ^ (guess + 1))
        guesser.send("join", name="Eve")
        assert guesser.closed_code() == BAD_CODE_CLOSE
    words = t("net.notice_wrong_codes", "en", who="127.0.0.1", count=3)
    tick_until(app, lambda: words in drawn_texts(app))
    tick_until(app, lambda: f"Bruno  ·  {t('net.link_connected', 'en')}" in drawn_texts(app))
    assert table.session.current.seats[0].link == "here"  # the host's own seat is not marked a friend's
    s = table.stage.layout.s  # the code (here twenty-two characters: loopback on another port) fits its panel whole
    assert len(host.code) == 22 and table.code_box().w >= app.assets.font(44 * s, True).size(host.code)[0] + 40 * s
    leave_by_the_pause_screen(app)
    friend.close()


def test_a_message_the_table_cannot_show_ends_the_game_here_and_the_window_goes_on(shell_data: None) -> None:
    with friend_window(seed=12, carla_plays=False) as (app, _hosted, client, table, carla):
        tick_until(app, lambda: table.session.view.phase != Phase.AWAIT_DEAL)

        def broken(_update: object) -> None:
            raise RuntimeError("a bug met by one update")

        table.session.receive = broken  # type: ignore[method-assign]
        carla.say("anything")  # the host's next message: the table's handling of it fails once
        client.inbox.put(client.update)
        tick_until(app, lambda: isinstance(app.stack.top, EndedScene))
        assert t("net.ended_bad_message", "en") in drawn_texts(app)
        app.tick(DT)  # the window goes on drawing


def test_the_code_box_is_measured_at_the_size_the_code_is_drawn(shell_data: None) -> None:
    """A code reaching a public address on another port is the longest (twenty-two characters): the box is the
    code's width as drawn and its margins, neither cut nor wider than it (it was measured at another size), at the
    largest text (at the normal size the box's least width holds it)."""
    from bezique.ui.kit import drawn
    app, hosted, table, friend = host_window(seed=8)
    app.set_text_size("larger")
    friend.close()
    tick_until(app, table.code_shown)
    hosted.host.advertise = "203.0.113.7"
    code = hosted.host.code
    assert len(code) >= 22
    with drawn.recording() as frame:
        app.draw()
    shown = next(text for text in frame.texts if text.whole == code)
    box, s = table.code_box(), table.stage.layout.s
    assert not shown.cut and shown.box.w + 40 * s > 500 * s and abs(box.w - (shown.box.w + 40 * s)) <= 1
    leave_by_the_pause_screen(app)
