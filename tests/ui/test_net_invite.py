"""Inviting a friend across the internet in the window: the host's table offers it under the code, opens the game
to the internet (key I) and copies the invitation to the clipboard; a friend pastes it into Join (Ctrl+V) and plays
at the table, which rejoins by itself after the internet path fails. The tunnel's tests run in a loopback-only
network namespace with relays off (``netns``); without iroh, both windows say so in plain words and nothing else
changes."""

from __future__ import annotations

import sys

import pygame
import pytest
from net_driver import Gate, make_shell, net_table_of, tick_until
from text_spy import drawn_texts
from ui_driver import DT, click, key

from bezique.geometry import Box
from bezique.i18n import t
from bezique.net import internet
from bezique.net.client import Client
from bezique.net.invitation import TEXT_MAX, Flaw, Invitation, parse
from bezique.net.joincode import Mistake
from bezique.net.protocol import Welcome
from bezique.net.relays import RelayKind, Relays
from bezique.ui.scenes.net_invite import BUTTON_ROOM, Stage
from bezique.ui.scenes.net_join import JoinScene, open_hosted
from bezique.ui.scenes.net_table import NetTableScene
from bezique.ui.scenes.network import NetworkScene
from bezique.ui.shell import Shell
from tests.net.hosting import hosting, wait_for
from tests.net.rehosting import host_new

OFF = Relays(RelayKind.OFF)
TICKET = ("endpointabkpequhj2lbn3rt7qpstckk2nh6hvx7q3bf4ttroetzgiwe4luyiaqbab7qaaabxxjaeaibaaaaaaaaaaaaaa"
          "aaaaaaaaaagbjkaq")


@pytest.fixture
def relays_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Shell, "relays", lambda self: OFF)


def hosting_window(shell: Shell):
    hosted = host_new(seed=5)
    open_hosted(shell.app, hosted, shell)
    table = net_table_of(shell.app)
    shell.app.tick(DT)
    return hosted, table


@pytest.mark.netns
def test_tunnel_the_host_copies_an_invitation_that_lets_a_friend_in(shell_data: None, relays_off: None,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    gate = Gate()  # the tunnel opens only when the test has seen the panel say so (with relays off it can open
    # before the window's next look at the panel's mailbox, even in the tick that took the key)
    monkeypatch.setattr(internet, "invite", gate.wrap(internet.invite))
    shell = make_shell()
    app = shell.app
    hosted, table = hosting_window(shell)
    try:
        assert t("net.play_internet", "en") in drawn_texts(app) and hosted.host.code in drawn_texts(app)
        invite = table.invite
        assert invite is not None and invite.stage is Stage.OFFER
        button = invite.button(table.invite_box(), table.stage.layout.s)
        assert button is not None and table.code_box().contains(button.box.cx, button.box.bottom - 1)
        key(app, pygame.K_i)
        assert invite.stage is Stage.OPENING and t("net.internet_opening", "en") in drawn_texts(app)
        gate.release()
        tick_until(app, lambda: invite.stage is not Stage.OPENING)
        assert invite.stage is Stage.READY, invite.note
        texts = drawn_texts(app)
        assert t("net.copy_invitation", "en") in texts and t("net.invitation_ready", "en") in " ".join(texts)
        button = invite.button(table.invite_box(), table.stage.layout.s)
        assert button is not None
        click(app, (button.box.cx, button.box.cy))  # the mouse's way; I is the keyboard's
        copied = pygame.scrap.get_text()
        assert parse(copied).secret == hosted.host.secret and invite.note == t("net.invitation_copied", "en")
        friend = internet.join("Bruno", copied, OFF)
        assert wait_for(friend, Welcome).seat == 1
        tick_until(app, lambda: not table.code_shown())  # everyone is here: the code and the invitation go
        friend.close()
    finally:
        gate.release()
        hosted.stop()
    assert not any(part.tunnel._loop._thread.is_alive() for part in hosted.attached)  # stopped with the game


@pytest.mark.netns
def test_tunnel_a_friend_pastes_the_invitation_plays_and_rejoins_after_a_cut(shell_data: None,
                                                                            relays_off: None) -> None:
    shell = make_shell()
    app = shell.app
    with hosting("two_handed", ["human", "human"], [0, 1], seed=3) as hosted:
        invited = internet.invite(hosted.host, OFF)
        try:
            other = internet.join("Carla", invited.invitation.text(), OFF)
            wait_for(other, Welcome)
            app.push(NetworkScene(app, shell))
            app.tick(DT)
            pygame.scrap.put_text(f"  <{invited.invitation.text()}>\n")  # as a messenger hands it over
            key(app, pygame.K_v, pygame.KMOD_CTRL)
            scene = app.stack.top
            assert isinstance(scene, NetworkScene) and scene.values["code"] == invited.invitation.text()
            key(app, pygame.K_RETURN)  # the tunnel starts on a thread: the screen says it connects meanwhile
            tick_until(app, lambda: isinstance(app.stack.top, JoinScene))
            table = net_table_of(app)
            client = table.client
            assert isinstance(client, internet.InternetClient) and client.seat == 1
            client.tunnel.cut()  # the internet path fails under the table
            tick_until(app, lambda: client.link in ("dropped", "connecting"))
            app.tick(DT)
            assert t("net.reconnecting", "en") in drawn_texts(app)
            tick_until(app, lambda: client.link == "connected")
            assert isinstance(app.stack.top, NetTableScene) and not table.ended
            tick_until(app, lambda: client.update is not None and client.update.version == hosted.host.version)
            app.tick(DT)
            assert t("net.reconnecting", "en") not in drawn_texts(app)  # the table goes on where the game is
            table.leave()
            other.close()
        finally:
            invited.stop()


def test_without_iroh_both_windows_say_so_and_the_code_still_works(shell_data: None,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "iroh", None)  # a computer where iroh has no wheel
    monkeypatch.delitem(sys.modules, "bezique.net.tunnel", raising=False)
    shell = make_shell()
    app = shell.app
    hosted, table = hosting_window(shell)
    try:
        words = t("net.internet_unavailable", "en")
        assert words in " ".join(drawn_texts(app))  # the note under the code, wrapped as its box allows
        assert table.invite is not None and table.invite.button(table.invite_box(), 1.0) is None
        key(app, pygame.K_i)  # nothing to open: the table takes the key as before
        assert table.invite.stage is Stage.FAILED and not hosted.attached
        friend = Client("Bruno")  # the local network's way in is as it was
        friend.connect(hosted.host.code)
        assert wait_for(friend, Welcome).seat == 1
        friend.close()
    finally:
        hosted.stop()
    shell.open_menu()
    app.push(NetworkScene(app, shell))
    scene = app.stack.top
    assert isinstance(scene, NetworkScene)
    scene.paste(Invitation(TICKET, 7).text())
    scene.choose("join")
    tick_until(app, lambda: scene.joining is None)  # found on the joining thread
    assert scene.problem == t("net.internet_unavailable", "en")
    scene.paste("bezique://join/nothing-here/K7Q2M")
    scene.choose("join")
    assert scene.problem.startswith(t("net.bad_invitation", "en", reason="")[:20])
    assert isinstance(app.stack.top, NetworkScene)  # nothing was started: Join is as it was


@pytest.mark.parametrize("text_size", ["normal", "larger"])
@pytest.mark.parametrize("lang", ["en", "it", "fr"])
def test_every_word_of_the_panel_fits_its_box_at_every_size(shell_data: None, lang: str, text_size: str) -> None:
    """The panel's notes, the longest together (copied, and no relay answered), drawn whole in the room the panel
    asks for, from the smallest window to a large one, at the normal and the largest text size."""
    from bezique.ui.kit import drawn
    from bezique.ui.kit.widgets import scale_of
    from bezique.ui.scenes.net_invite import InvitePanel
    shell = make_shell(lang=lang)
    shell.app.assets.set_text_size(text_size)
    panel = InvitePanel(shell.app, None, OFF)  # type: ignore[arg-type]  # drawing needs no game
    T = shell.app.t
    notes = [(Stage.OFFER, ""), (Stage.OPENING, T("net.internet_opening")), (Stage.READY, T("net.invitation_ready")),
             (Stage.READY, T("net.invitation_copied") + " " + T("net.no_relay")),
             (Stage.READY, T("net.no_clipboard") + " " + T("net.no_relay")),
             (Stage.FAILED, T("net.internet_unavailable")),
             (Stage.FAILED, T("net.internet_failed"))]
    for size in ((1024, 640), (1280, 720), (1920, 1080)):
        s = scale_of(size)
        surface = pygame.Surface(size)
        for stage, note in notes:
            panel.stage, panel.note = stage, note
            box = Box(size[0] / 2 - 250 * s, size[1] / 4, 500 * s, panel.height(500 * s, s))
            with drawn.recording() as frame:
                panel.draw(surface, box, s)
            assert not frame.cuts and not [text.whole for text in frame.texts if text.cut], (size, note)
            assert all(box.contains(text.box.x, text.box.y) for text in frame.texts), (size, note)


def test_typing_after_pasting_an_invitation_keeps_it_whole(shell_data: None) -> None:
    """An invitation is three to five times the other fields' length: a key typed after pasting one (a slip, then
    Backspace) must not cut it to a code's length."""
    shell = make_shell()
    app = shell.app
    app.push(NetworkScene(app, shell))
    scene = app.stack.top
    assert isinstance(scene, NetworkScene)
    invitation = Invitation(TICKET, 7).text()
    scene.paste(invitation)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="x"))
    app.tick(DT)
    assert scene.values["code"] == invitation + "x"
    key(app, pygame.K_BACKSPACE)
    assert scene.values["code"] == invitation and parse(scene.values["code"]).secret == 7
    longest = Invitation("endpoint" + "a" * 392, 7).text()  # the longest ticket read: typing stops after it
    assert len(longest) == TEXT_MAX
    scene.paste(longest)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="x"))
    app.tick(DT)
    assert scene.values["code"] == longest


def test_a_note_of_any_length_keeps_the_panel_within_its_lines(shell_data: None) -> None:
    """However long a note comes (words nobody wrote for it), the panel asks for no more than its lines, and the
    note is fitted into them rather than drawn past the box."""
    from bezique.ui.kit import drawn
    from bezique.ui.scenes.net_invite import NOTE_LINES, InvitePanel
    shell = make_shell()
    panel = InvitePanel(shell.app, None, OFF)  # type: ignore[arg-type]  # drawing needs no game
    panel.stage = Stage.FAILED
    panel.note = "The tunnel said: " + "error sending request for url (https://relay.example.org/) " * 40
    lines = NOTE_LINES * shell.app.assets.font(18.0).get_linesize()
    height = panel.height(500, 1.0)
    assert height <= BUTTON_ROOM + lines + 8
    surface = pygame.Surface((1280, 720))
    box = Box(390, 180, 500, height)
    with drawn.recording() as frame:
        panel.draw(surface, box, 1.0)
    assert frame.texts and all(box.contains(text.box.x, text.box.bottom - 1) for text in frame.texts)


def test_every_flaw_of_an_invitation_and_mistake_of_a_code_is_worded_in_every_language() -> None:
    from bezique.i18n import TABLES
    keys = [f"net.bad_invitation_{flaw}" for flaw in Flaw] + [f"net.bad_code_{mistake}" for mistake in Mistake]
    assert [(lang, key) for lang, table in TABLES.items() for key in keys if key not in table] == []


@pytest.mark.parametrize("lang", ["en", "it", "fr"])
def test_join_says_a_mistyped_code_or_a_damaged_invitation_in_the_player_s_language(shell_data: None,
                                                                                      lang: str) -> None:
    shell = make_shell(lang=lang)
    app = shell.app
    app.push(NetworkScene(app, shell))
    scene = app.stack.top
    assert isinstance(scene, NetworkScene)
    tried = [("K7Q2-M9XU-P3R", "", "net.bad_code_typed", t("net.bad_code_character", lang, what="U")),
             ("K7Q2-M9XA-P3R", "example.org:x1", "net.bad_code_typed", t("net.bad_code_port", lang, what="x1")),
             (f"bezique://join/{TICKET}/K7Q2", "", "net.bad_invitation",
              t("net.bad_invitation_secret_damaged", lang)),
             (f"bezique://join/{TICKET}", "", "net.bad_invitation", t("net.bad_invitation_cut_short", lang))]
    for code, address, words, reason in tried:
        scene.values["code"], scene.values["address"] = code, address
        scene.choose("join")
        assert scene.problem == t(words, lang, reason=reason) and app.stack.top is scene
        app.tick(DT)
        assert scene.problem in drawn_texts(app)


def test_the_invitation_is_printed_only_when_the_clipboard_did_not_take_it(
        shell_data: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """It carries the game's secret: a terminal (or a log of it) keeps it only when there is no other way."""
    from types import SimpleNamespace

    from bezique.ui.scenes.net_invite import InvitePanel
    shell = make_shell()
    panel = InvitePanel(shell.app, None, OFF)  # type: ignore[arg-type]  # copying needs no game
    invitation = Invitation(TICKET, 7)
    panel.invited = SimpleNamespace(invitation=invitation, relay_answered=True)  # type: ignore[assignment]
    panel.stage = Stage.READY
    capsys.readouterr()
    panel.copy()
    assert pygame.scrap.get_text() == invitation.text() and panel.note == t("net.invitation_copied", "en")
    assert invitation.text() not in capsys.readouterr().out

    def refused(text: str) -> None:
        raise pygame.error("no clipboard here")

    monkeypatch.setattr(pygame.scrap, "put_text", refused)
    panel.copy()
    assert panel.note == t("net.no_clipboard", "en") and invitation.text() in capsys.readouterr().out
