"""The window's side of a game on two computers, as its tests drive it: a shell at the menu, the seat's table once
the host's first update has come, the way out through the pause screen, and a gate that holds a network thread
while the test looks at what the window says meanwhile. Every wait ticks the window, with a guard against a hang
only."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pygame
from text_spy import drawn_texts
from ui_driver import DT, click, key

from bezique.ui.scenes.net_leave import LeavingScene
from bezique.ui.scenes.net_table import NetTableScene
from bezique.ui.shell import Shell
from bezique.ui.table.overlays import PauseOverlay

TICKS = 200_000  # a guard against a hang only
GUARD_S = 30.0  # a guard against a hang only: the gate is opened by the test


def make_shell(size: tuple[int, int] = (1280, 720), lang: str = "en") -> Shell:
    """A shell showing its menu, in `lang`."""
    shell = Shell.create(size=size, fullscreen=False)
    shell.app.lang = lang
    shell.open_menu()
    shell.app.tick(DT)
    return shell


def tick_until(app, until: Callable[[], bool], never: str = "it never happened") -> None:
    """Tick the window, a millisecond's rest between ticks for the network's threads, until `until()` holds."""
    for _ in range(TICKS):
        if until():
            return
        pygame.time.wait(1)
        app.tick(DT)
    raise AssertionError(never)


def net_table_of(app) -> NetTableScene:
    """The seat's table, once the host's first update has opened it (the window ticked meanwhile)."""

    def table() -> NetTableScene | None:
        return next((s for s in app.stack.scenes if isinstance(s, NetTableScene)), None)

    tick_until(app, lambda: table() is not None, "the table never opened")
    opened = table()
    assert opened is not None
    return opened


def leave_by_the_pause_screen(app) -> list[str]:
    """Esc, then the pause screen's way out (the host stops hosting, a friend leaves), through the screen that says
    so while it happens, to the menu; the pause screen's texts."""
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay)
    texts = drawn_texts(app)
    leave = next(b for b in pause._buttons() if b.action == "menu")
    click(app, (leave.box.cx, leave.box.cy))
    left_for_the_menu(app)
    return texts


def left_for_the_menu(app) -> None:
    """Tick the window until the screen that says the game is being let go has given way (to the menu)."""
    tick_until(app, lambda: not isinstance(app.stack.top, LeavingScene), "the game was never let go")


class Gate:
    """Holds whoever calls the wrapped function until the test opens it (``release``)."""

    def __init__(self) -> None:
        self.reached = threading.Event()
        self.opened = threading.Event()

    def wrap(self, real: Callable[..., Any]) -> Callable[..., Any]:
        def gated(*args: Any, **kwargs: Any) -> Any:
            self.reached.set()
            assert self.opened.wait(GUARD_S), "the gate was never opened: the window waited at it"
            return real(*args, **kwargs)
        return gated

    def release(self) -> None:
        self.opened.set()
