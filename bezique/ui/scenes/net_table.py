"""The table of a game played on two computers: the window's own table, playing a seat of the host's game.

Each window (the host's and every friend's) reads only what the host sent its seat: the client's updates become
a ``SeatSession``, which the real table (``TableScene``) plays as it plays a game at one screen, with its
animations, hints, meld panel, score log and scoreboards; the table cannot hold a card its player may not know,
because the session holds none. What is the network's own is here:

* ``NetTableScene``: the table, reading the client's inbox each frame (updates, refusals, the end of the game at
  the host, the connection's changes), with the join code while friends are still to come, the line of what the
  game waits for, and a banner while the connection is down (the client rejoins by itself);
* ``NetCurtain``: the way out (the host stops hosting, its game saved; a friend leaves a game kept at the host)
  and the end of the game (back to the menu); ``EndedScene`` says over the table why the game ended here.

``net_join`` opens it, once the host's first update has come.
"""

from __future__ import annotations

import logging
import queue
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from bezique.geometry import Box
from bezique.net.client import Client, LinkChange
from bezique.net.hosting import HostedGame
from bezique.net.protocol import MAX_CHAT, ChatLine, CloseReason, Closing, Notice, NoticeKind, Refused, Update
from bezique.net.seat_session import SeatSession
from bezique.presenter.seat_link import Link
from bezique.presenter.words import illegal_text
from bezique.rules import Refusal
from bezique.speech.spelling import by_character, in_groups
from bezique.ui.kit.assets import CREAM, GOLD, MUTED
from bezique.ui.kit.chat import ChatPanel
from bezique.ui.kit.chat_layout import chat_size
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import Button, blit_text, panel, scale_of
from bezique.ui.scene import Host, Scene, Window
from bezique.ui.scenes.forms import draw_message
from bezique.ui.scenes.net_invite import InvitePanel
from bezique.ui.scenes.net_leave import leave_game
from bezique.ui.speaking import sentences, spelled
from bezique.ui.table.curtain import Curtain
from bezique.ui.table.options import TableOptions
from bezique.ui.table.overlays import PauseOverlay, PauseWords
from bezique.ui.table.scene import TableScene
from bezique.ui.table.turns import REFUSED_COLOUR

if TYPE_CHECKING:
    from bezique.ui.app import App

WARN = (255, 190, 160)
log = logging.getLogger("bezique.net")


def notice_words(notice: Notice, t: Callable[..., str]) -> str:
    """What the table says of a host's notice (wrong codes tried, a fault contained, a save that failed)."""
    if notice.kind == NoticeKind.FAULT and not notice.who:
        return t("net.notice_fault_here")
    return t(f"net.notice_{notice.kind}", who=notice.who, count=notice.count)


class NetHost:
    """The table's ``Host`` in a game on two computers: the window's own (`around`: the shell) for Settings and
    How to play; every way out of the game (`leave`, the table's: stop hosting, or leave the host's game) ends at
    the menu."""

    keeps_games = True  # the pause screen offers the way out to the menu (the game is kept at the host)

    def __init__(self, around: Host, hosting: bool) -> None:
        self.around = around
        self.hosting = hosting
        self.leave: Callable[[Callable[[], None]], None] = lambda then: then()  # the table's, once it is made

    @property
    def save_failing(self) -> bool:
        return self.hosting and self.around.save_failing

    def open_menu(self) -> None:
        self.leave(self.around.open_menu)  # the menu once the game has gone (the window draws on meanwhile)

    def new_game_screen(self) -> None:
        self.open_menu()  # a new game on two computers is hosted again from the menu

    def open_settings(self) -> None:
        self.around.open_settings()

    def open_review(self, doc: dict[str, Any], viewer: int, deal: int) -> None:
        """Never asked for: the record is kept at the host (``SeatSession.game`` is None)."""

    def open_howto(self, variant: str) -> None:
        self.around.open_howto(variant)


class NetCurtain(Curtain):
    """The curtain of a game on two computers: its pause screen says that the game goes on meanwhile and names
    the way out; after the game's end the scoreboard goes back to the menu."""

    def open_pause(self) -> None:
        host = self.host
        assert isinstance(host, NetHost)
        words = PauseWords("net.pause_title", "net.leave_hosting" if host.hosting else "net.leave_game",
                           "net.pause_note_host" if host.hosting else "net.pause_note_friend")
        self.app.push(PauseOverlay(self.app, host.open_menu, host.open_settings, saved_note=True,
                                   save_failing=host.save_failing, variant=self.session.rules.variant,
                                   howto=host.open_howto, words=words))

    def result_closed(self, game_over: bool, action: str) -> None:
        if game_over and self.host is not None:
            self.overlay_open = False
            self.host.open_menu()
            return
        super().result_closed(game_over, action)


class NetTableScene(TableScene[SeatSession]):
    """One seat's table in a hosted game (the host's own window, with `hosted`, and each friend's)."""

    def __init__(self, app: App, client: Client, first: Update, host: NetHost, options: TableOptions,
                 hosted: HostedGame | None = None, invite: InvitePanel | None = None) -> None:
        super().__init__(app, SeatSession(client, first), options, host, curtain=NetCurtain)
        host.leave = self.leave
        self.invite = invite  # the host's way to invite a friend across the internet, under the code
        self.net_host = host
        self.chat = ChatPanel(on_send=client.say, say=app.t, limit=MAX_CHAT)
        self.client = client
        self.hosted = hosted
        self.ended = ""  # why the game ended here (the host quit, ...), once it has
        self.left = False
        self.notice = ""  # a lasting problem of the host's saves, set by the shell on this thread (``read_reports``)
        self._noticed = ""  # the notice the table's banner shows, moved there on the window's thread
        self._dots = -1  # the wait indicator's step last drawn
        self.chat_seen = -1  # the last chat line shown (the host sends the chat again when this seat comes back)

    # --- what the host sends -----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        self.place_chat()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F3 and self.code_shown():
            self.app.voice.say(by_character(self.hosted.host.code if self.hosted else "", spelled(self.app.t)),
                               interrupt=True)
            return
        if self.chat.handle_event(event):  # while open, the chat takes the keyboard: typing plays no card
            return
        if self.invite is not None and self.code_shown() and \
                self.invite.handle_event(event, self.invite_box(), self.stage.layout.s):
            return
        super().handle_event(event)

    # --- speech ---------------------------------------------------------------------------------------------
    def code_shown(self) -> bool:
        """The join code is on show: this window hosts, and a friend is still to come (or to come back)."""
        seats = self.session.current.seats
        return self.hosted is not None and any(seat.link in (Link.OPEN, Link.DROPPED) for seat in seats)

    def spoken_title(self) -> str:
        if not self.code_shown():
            return super().spoken_title()
        assert self.hosted is not None
        host = self.hosted.host
        return sentences(self.app.t("speech.code", code=in_groups(host.code)),
                         self.app.t("net.address_label", address=f"{host.advertise}:{host.port}"),
                         self.invite.spoken() if self.invite is not None else "", super().spoken_title())

    def spoken_focus(self) -> str:
        if self.chat.is_open:
            return self.app.t("speech.field", label=self.app.t("chat.placeholder"),
                              value=self.chat.draft or self.app.t("speech.empty"))
        return super().spoken_focus()

    def spoken_keys(self) -> str:
        invite = self.invite.spoken() if self.invite is not None and self.code_shown() else ""
        return sentences(super().spoken_keys(), self.app.t("chat.hint" if self.chat.is_open else "speech.keys.chat"),
                         invite)

    def typing(self) -> bool:
        return self.chat.is_open

    def update(self, dt: float, active: bool) -> bool:
        read = self.read_inbox() | (self.invite is not None and self.invite.update())
        notice = self.notice
        if notice != self._noticed:  # the banner is the window thread's: the notice moves there here
            self.stage.clear_notice(self._noticed)
            if notice:
                self.stage.show_notice(notice)
            self._noticed, read = notice, True
        moving = super().update(dt, active)
        self.chat.update(dt)
        waiting = not self.ended and not self.session.over and self.session.to_act != self.session.seat
        dots = int(self.stage.time * 2) % 3 if waiting else -1  # the wait's dots: a frame when they move, not 60
        moved, self._dots = dots != self._dots, dots
        # the chat's toasts fade and its caret blinks: drawn every frame while they are there
        return moving or read or moved or bool(self.chat.toasts) or self.chat.is_open

    def read_inbox(self) -> bool:
        """Everything the client has received since the last frame; True when anything came."""
        came = False
        while True:
            try:
                message = self.client.inbox.get_nowait()
            except queue.Empty:
                return came
            came = True
            try:
                self._read(message)
            except Exception:  # contained: the game ends here, said, and the window goes on
                log.exception("a message from the host could not be shown")
                self._end(CloseReason.BAD_MESSAGE)

    def _read(self, message: Any) -> None:
        if isinstance(message, Update):
            self.session.receive(message)
        elif isinstance(message, Refused):
            self.session.refused()
            self.turns.drop_hint()
            words = illegal_text(Refusal(message.refusal, message.detail), self.app.lang) \
                if message.refusal is not None else self.app.t(f"net.refused_{message.code}")
            self.stage.say(words, REFUSED_COLOUR, seconds=6)
            self.app.sounds.play("illegal")
        elif isinstance(message, ChatLine):
            seats = self.session.current.seats
            if message.seat < len(seats) and message.index > self.chat_seen:  # each once: it comes again after a drop
                self.chat_seen = message.index
                self.chat.add(seats[message.seat].name, message.text, message.seat == self.session.seat)
                self.app.voice.say(self.app.t("speech.chat", name=seats[message.seat].name, text=message.text))
                if message.seat != self.session.seat:
                    self.app.sounds.play("click")
        elif isinstance(message, Notice):
            self.stage.say(notice_words(message, self.app.t), WARN, seconds=8)
        elif isinstance(message, Closing):
            self._end(message.reason)
        elif isinstance(message, LinkChange) and message.link == Link.CLOSED:
            self._end(message.reason or CloseReason.LEFT)

    def _end(self, reason: CloseReason) -> None:
        """The game is over here (the host quit, the seat was taken from another window...): say so, once."""
        if self.ended or self.left:
            return
        self.ended = reason
        self.app.push(EndedScene(self.app, self.app.t(f"net.ended_{self.ended}"), self.net_host.open_menu))

    # --- leaving -----------------------------------------------------------------------------------------------
    def leave(self, then: Callable[[], None] | None = None) -> None:
        """Off the table for good: a host tells its friends and stops (the game saved), a friend leaves, on a
        thread (``net_leave``); then `then` (None: the window is closing, nothing more to show)."""
        if not self.left:
            self.left = True
            leave_game(self.app, self.client, self.hosted, then)

    def exit(self) -> None:
        super().exit()
        self.leave()  # the window closed, or the stack was cleared

    # --- what is shown -----------------------------------------------------------------------------------------
    def idle_prompt(self) -> str:
        """What the game waits for while nobody here is to act."""
        T, session = self.app.t, self.session
        seats = session.current.seats
        if self.ended or session.over:
            return ""
        if any(seat.link == Link.OPEN for seat in seats):
            return T("net.waiting_join")
        waiting = [s for s in session.waiting_for if s != session.seat]
        if session.asked_deal and waiting:
            return T("net.waiting_next", name=", ".join(seats[s].name for s in waiting))
        return ""

    def place_chat(self) -> None:
        """The chat's corner: the right-hand column above the table's buttons, where the tab sits in the gap under
        the tricks won (its panel opens upwards over them)."""
        L = self.stage.layout
        s = L.s
        bottom = min(b.y for b in L.buttons) - 8 * s
        height = min(chat_size(s)[1], bottom - L.won.y)
        self.chat.layout(Box(L.won.x, bottom - height, L.won.w, height), s)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.stage.layout.s
        if self.code_shown():
            self._draw_code(surface, s)
        if self.client.link in (Link.DROPPED, Link.CONNECTING) and not self.ended:
            w = surface.get_width()
            banner = Box(w / 2 - 300 * s, 8 * s, 600 * s, 40 * s)
            panel(surface, banner, alpha=235, edge=WARN)
            blit_text(surface, self.app.assets, self.app.t("net.reconnecting"), Type.BODY * s, (banner.cx, banner.cy),
                      WARN, "center", max_width=banner.w - 20 * s)
        self.place_chat()
        self.chat.draw(surface, self.app.assets)

    def code_box(self) -> Box:
        """Where the join code shows while friends are still to come: over the trick's place, which is empty
        (taller with the way to invite a friend across the internet under it); wide enough for the whole code (one
        reaching a public address on another port is twenty-two characters), which is never cut."""
        L = self.stage.layout
        code = self.hosted.host.code if self.hosted is not None else ""
        w = max(500 * L.s, self.app.assets.font(Type.TITLE.at(L.s), True).size(code)[0] + 40 * L.s)  # as drawn
        height = 160 * L.s + (self.invite.height(w, L.s) if self.invite is not None else 0)
        return Box(L.trick.cx - w / 2, L.trick.cy - height / 2, w, height)

    def invite_box(self) -> Box:
        """The code box's lower part: the invitation's button and its note."""
        box, s = self.code_box(), self.stage.layout.s
        return Box(box.x, box.y + 156 * s, box.w, box.bottom - box.y - 160 * s)

    def _draw_code(self, surface: pygame.Surface, s: float) -> None:
        """The join code and the address, for the friends to type (while one is still to come, or to come back
        after a drop), and who is there."""
        assert self.hosted is not None
        A, T, host = self.app.assets, self.app.t, self.hosted.host
        box = self.code_box()
        panel(surface, box, alpha=235, edge=GOLD, edge_width=2)
        blit_text(surface, A, T("net.code_label"), Type.NOTE * s, (box.cx, box.y + 12 * s), MUTED, "midtop")
        blit_text(surface, A, host.code, Type.TITLE * s, (box.cx, box.y + 36 * s), GOLD, "midtop", bold=True)
        blit_text(surface, A, T("net.address_label", address=f"{host.advertise}:{host.port}"), Type.NOTE * s,
                  (box.cx, box.y + 92 * s), CREAM, "midtop")
        others = [seat for i, seat in enumerate(self.session.current.seats) if seat.link != Link.HERE
                  and i != self.session.seat]
        line = "   ".join(f"{seat.name}: {T(f'net.link_{seat.link}')}" for seat in others)
        blit_text(surface, A, line, Type.NOTE * s, (box.cx, box.y + 122 * s), MUTED, "midtop",
                  max_width=box.w - 24 * s)
        if self.invite is not None:
            self.invite.draw(surface, self.invite_box(), s)


class EndedScene(Scene):
    """Over the table: the game has ended here (`words` say why); the one way on is the menu (`to_menu`)."""

    overlay = True

    def __init__(self, app: Window, words: str, to_menu: Callable[[], None]) -> None:
        super().__init__(app)
        self.words = words
        self.to_menu = to_menu

    def button(self) -> Button:
        w, h = self.app.size
        s = scale_of((w, h))
        return Button(Box(w / 2 - 130 * s, h / 2 + 30 * s, 260 * s, 50 * s), self.app.t("net.back_to_menu"),
                      "menu", primary=True)

    def handle_event(self, event: pygame.event.Event) -> None:
        chosen = (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                                  pygame.K_ESCAPE, pygame.K_SPACE)) or \
            (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.button().hit(event.pos))
        if chosen:
            self.app.sounds.play("click")
            self.to_menu()

    def spoken_title(self) -> str:
        return self.words

    def spoken_focus(self) -> str:
        return self.app.t("speech.button", label=self.button().label)

    def draw(self, surface: pygame.Surface) -> None:
        s = draw_message(surface, self.app.assets, self.words)
        button = self.button()
        button.draw(surface, self.app.assets, s, hot=button.box.contains(*pygame.mouse.get_pos()))

