"""Leaving a game on two computers without the window waiting for it.

A host that stops hosting says goodbye to its friends, saves, and ends its threads (its loop, its tunnels, the
game's driver); a friend closes its connection politely. Either may take seconds when the other end does not answer,
so it runs on a thread of the net layer (``hosting.leave``) while ``LeavingScene`` shows, and says, what is
happening ("Stopping hosting…", "Leaving the game…"); the thread posts to the scene's mailbox when it is done and
wakes the window, which then goes on (to the menu) on its own thread.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from bezique.geometry import Box
from bezique.mailbox import Mailbox
from bezique.net import hosting
from bezique.net.client import Client
from bezique.net.hosting import HostedGame
from bezique.ui.app import wake
from bezique.ui.kit.assets import GOLD
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import draw_fitted, scale_of
from bezique.ui.scene import Scene, Window


class LeavingScene(Scene):
    """In place of every screen while the game is let go on its thread; `then` (the menu) once it has gone."""

    def __init__(self, app: Window, client: Client, hosted: HostedGame | None, then: Callable[[], None]) -> None:
        super().__init__(app)
        self.then = then
        self.words = app.t("net.stopping_hosting" if hosted is not None else "net.leaving_game")
        self.time = 0.0
        self.done: Mailbox[Client] = Mailbox(limit=1, wake=wake)
        hosting.leave(client, hosted, self.done)

    def update(self, dt: float, active: bool) -> bool:
        self.time += dt
        if self.done.drain():
            self.then()
        return True  # the dots move

    def spoken_title(self) -> str:
        return self.words

    def spoken_keys(self) -> str:
        return self.words  # no key does anything meanwhile: what is happening, again

    def draw(self, surface: pygame.Surface) -> None:
        A = self.app.assets
        w, h = surface.get_size()
        s = scale_of((w, h))
        surface.blit(A.felt((w, h)), (0, 0))
        text = self.words + "." * (int(self.time * 2) % 3)
        draw_fitted(surface, A, text, Type.HEADING.at(s), Box(100 * s, h / 2 - 80 * s, w - 200 * s, 120 * s), GOLD,
                    "center", bold=True)


def leave_game(app: Window, client: Client, hosted: HostedGame | None,
               then: Callable[[], None] | None = None) -> None:
    """The window is done with the game: a host stops hosting, a friend leaves, on a thread; the window shows that
    it is closing, then calls `then` (None: the window is closing or the screens were cleared, nothing to show)."""
    client.on_arrival = None
    if then is None:
        hosting.leave(client, hosted)
        return
    app.stack.clear()
    app.push(LeavingScene(app, client, hosted, then))
