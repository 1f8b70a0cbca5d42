"""Joining a game on two computers: the screen until the host's first update comes, then the seat's table.

``open_join`` (a friend, after typing the code) and ``open_hosted`` (the host's own seat, joined over loopback)
put a ``JoinScene`` in place of every screen: "Connecting to the host…" (or why it could not), until the host's
first update, which opens the seat's ``net_table.NetTableScene``. The client's thread wakes the window
(``app.wake``) whenever a message arrives, so nothing polls; the window's thread alone reads the client's inbox.
"""

from __future__ import annotations

import queue
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, cast

import pygame

from bezique.geometry import Box
from bezique.net.client import Client, LinkChange
from bezique.net.hosting import HostedGame
from bezique.net.protocol import CloseReason, Closing, Refused, Update
from bezique.net.relays import Relays
from bezique.presenter.seat_link import Link
from bezique.ui.app import wake
from bezique.ui.kit.assets import GOLD
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import Button, draw_fitted, scale_of
from bezique.ui.scene import Host, Scene, Window
from bezique.ui.scenes.net_invite import InvitePanel
from bezique.ui.scenes.net_leave import leave_game
from bezique.ui.scenes.net_table import WARN, NetHost, NetTableScene
from bezique.ui.speaking import sentences
from bezique.ui.table.options import TableOptions

if TYPE_CHECKING:
    from bezique.ui.app import App

class NetOwner(Host, Protocol):
    """What runs the window around a game on two computers (the shell): its ``Host`` and the table's settings."""

    def options(self, **overrides: Any) -> TableOptions: ...

    def relays(self) -> Relays:
        """The relays a game across the internet goes through (the config's ``internet``)."""


class JoinScene(Scene):
    """Until the host's first update comes: "Connecting to the host…" (or why it could not), then the table.

    Args:
        client: connecting already (``Client.connect``, or the host's own ``take_seat``).
        around: the window's host (the shell): Settings, How to play and the menu.
        options: the table's settings.
        hosted: this window hosts the game (its table shows the code; leaving stops hosting).
    """

    app: App  # the real window: the table it opens needs it

    def __init__(self, app: App, client: Client, around: NetOwner, options: TableOptions,
                 hosted: HostedGame | None = None) -> None:
        super().__init__(app)
        self.client = client
        self.around = around
        self.options = options
        self.hosted = hosted
        self.problem = ""
        self.left = False
        self.time = 0.0
        self.notice = ""  # as the table's: a problem of the host's saves, handed on to the table
        client.on_arrival = wake

    def leave(self, then: Callable[[], None] | None = None) -> None:
        """Done with the game before its table opened: as the table's ``leave``."""
        if not self.left:
            self.left = True
            leave_game(self.app, self.client, self.hosted, then)

    def back(self) -> None:
        self.leave(self.around.open_menu)

    def exit(self) -> None:
        self.leave()  # the window closed before the table opened

    def button(self) -> Button:
        w, h = self.app.size
        s = scale_of((w, h))
        return Button(Box(w / 2 - 130 * s, h / 2 + 40 * s, 260 * s, 50 * s), self.app.t("action.menu"), "menu")

    def spoken_title(self) -> str:
        return self.problem or self.app.t("net.connecting")

    def spoken_focus(self) -> str:
        return sentences(self.problem, self.app.t("speech.button", label=self.button().label))

    def handle_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE) or \
                (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.button().hit(event.pos)):
            self.app.sounds.play("click")
            self.back()

    def update(self, dt: float, active: bool) -> bool:
        self.time += dt
        while not self.problem:
            try:
                message = self.client.inbox.get_nowait()
            except queue.Empty:
                return True  # the dots move
            if isinstance(message, Update):
                self.seat(message)
                return True
            if isinstance(message, Closing):
                self.problem = self.app.t(f"net.ended_{message.reason}")
            elif isinstance(message, LinkChange) and message.link == Link.CLOSED:
                self.problem = self.app.t(f"net.ended_{message.reason or CloseReason.LEFT}")
            elif isinstance(message, Refused):
                self.problem = self.app.t(f"net.refused_{message.code}")
        return False

    def seat(self, first: Update) -> None:
        """The host's first update: the table of this seat takes this screen's place."""
        host = NetHost(self.around, self.hosted is not None)
        invite = InvitePanel(self.app, self.hosted, self.around.relays(), wake) if self.hosted is not None else None
        table = NetTableScene(self.app, self.client, first, host, self.options, self.hosted, invite)
        table.notice = self.notice
        self.left = True  # the table leaves from now on
        self.app.stack.clear()
        self.app.push(table)
        self.app.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        A, T = self.app.assets, self.app.t
        w, h = surface.get_size()
        s = scale_of((w, h))
        surface.blit(A.felt((w, h)), (0, 0))
        text = self.problem or T("net.connecting") + "." * (int(self.time * 2) % 3)
        # over the button (at h/2 + 40), three lines of heading at most before it is drawn smaller
        draw_fitted(surface, A, text, Type.HEADING * s, Box(100 * s, h / 2 - 70 * s, w - 200 * s, 104 * s),
                    WARN if self.problem else GOLD, "center", bold=True, shadow=True)
        button = self.button()
        button.draw(surface, A, s, hot=button.box.contains(*pygame.mouse.get_pos()))


def open_join(app: Window, client: Client, owner: NetOwner) -> None:
    """A friend's window: connecting, then its table, in place of every screen."""
    window = cast("App", app)  # the table needs the real window (a scene sees it as a ``Window``)
    window.stack.clear()
    window.push(JoinScene(window, client, owner, table_options(owner)))


def open_hosted(app: Window, hosted: HostedGame, owner: NetOwner) -> None:
    """The host's window of `hosted`: its own seat's table (joined over loopback like any friend's), in place of
    every screen."""
    if hosted.client is None:
        raise ValueError("a game hosted with nobody at this screen has no table here")
    window = cast("App", app)
    window.stack.clear()
    window.push(JoinScene(window, hosted.client, owner, table_options(owner), hosted))


def table_options(owner: NetOwner) -> TableOptions:
    """The player's settings, with the Hint button (a game between friends is a friendly one: each window's hints
    are its own player's, worked out from that seat's view alone) and room for the chat."""
    return owner.options(hints=True, chat=True)
