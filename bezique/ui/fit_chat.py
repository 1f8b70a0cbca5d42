"""The fit audit's tour of the chat (``fit_tour`` tours the rest): a game on two computers hosted by the audited
window on this computer's loopback address, a friend's client joined over a real socket, the lines said by both
through the host as in any game (a long one, a word longer than a row, text a stranger might send: right-to-left
overrides, zero-width characters, a right-to-left script, accents piled up), then the chat looked at closed (the
newest lines as toasts by its tab) and open with a line being typed.

Why real sockets: what the chat shows is what the host's one check of a peer's text (``net.peer_text``) let
through, so the audit judges the words a stranger's hostile line really becomes on screen. Everything is stopped on
the way out (the host's threads and sockets, the friend's client), whatever happened.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from typing import TypeVar

import pygame

from bezique.games.door import Hosting
from bezique.net.client import Client
from bezique.net.protocol import MAX_CHAT, Welcome
from bezique.presenter.seat_link import Link
from bezique.presenter.setup import GameSetup
from bezique.ui.shell import Shell

DT = 1 / 60
HANG_S = 60.0  # a guard against a hang only: on loopback everything comes within a frame or two
FRIEND = "Bartholomew"  # (the chat's own test has a name of the protocol's length: 24 characters)
TYPED = "Anyone for a rematch after this deal? I will shuffle better next time, promise"
LONG_WORD = "ha" * 60  # a laugh (or a link) with no space: broken across rows, never run out of the panel
SAID = (  # (the friend says it, what): a few lines as friends say them, and a stranger's
    (True, "Hi! Good luck"),
    (False, "Thanks, you too. I have been practising the bezique all week, so watch out for a double one before "
            "the stock runs out, and do not count on my brisques"),
    (True, LONG_WORD),
    (True, "\u202eevil\u202c name \u200bzero\u200bwidth \u2067isolate\u2069 and \u05e9\u05dc\u05d5\u05dd"),
    (False, "Z\u0301\u0302\u0303\u0304algo te\u0300\u0301\u0302xt " + "x" * 40 + " " + "y" * 40),
    (True, "Nice trick!"),
)
Look = Callable[[str], None]
T = TypeVar("T")


def chat(shell: Shell, look: Look) -> None:
    """Host a two-handed game here on 127.0.0.1 (a free port), a friend's client joins over the socket; the lines
    of ``SAID`` said; the chat looked at closed with its toasts, then open with ``TYPED`` typed. Stops hosting and
    the friend's client whatever happens."""
    app = shell.app
    kept_hosting = shell.hosting
    shell.hosting = Hosting(port=0, bind="127.0.0.1")
    setup = GameSetup(variant="two_handed", seed=5)
    setup.people[0] = True  # the second seat a person: the friend on the other computer
    friend = Client(FRIEND)
    started = None
    try:
        started = shell.host(setup)
        hosted = started.hosted
        assert hosted is not None and hosted.client is not None
        friend.connect(hosted.host.code)
        _wait_for(friend, Welcome)
        from bezique.ui.scenes.net_table import NetTableScene
        table = until(shell, lambda: next((s for s in app.stack.scenes if isinstance(s, NetTableScene)
                                             and not any(seat.link == Link.OPEN
                                                         for seat in s.session.current.seats)), None))
        for friends, text in SAID:  # each line heard before the next is said: always one order
            assert len(text) <= MAX_CHAT
            heard = len(table.chat.lines) + 1
            (friend.say if friends else hosted.client.say)(text)
            until(shell, lambda: len(table.chat.lines) >= heard or None)  # noqa: B023 (waited for at once)
        look("chat: closed, the newest lines beside its tab")
        _key(shell, pygame.K_m)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=TYPED))
        app.tick(DT)
        if not table.chat.is_open or table.chat.draft != TYPED:
            raise RuntimeError("the chat did not open with M and take the typing")
        look("chat: open, a line being typed")
        _key(shell, pygame.K_ESCAPE)
    finally:
        app.stack.clear()  # the table leaves: the host tells the friend, saves and stops its threads and sockets
        if started is not None and started.hosted is not None:
            started.hosted.stop()
        friend.close()
        shell.hosting = kept_hosting
        shell.open_menu()
        app.tick(DT)


def _key(shell: Shell, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    shell.app.tick(DT)


def _wait_for(client: Client, kind: type) -> object:
    """The first message of `kind` in `client`'s inbox (what comes before it is passed over)."""
    deadline = time.monotonic() + HANG_S
    while time.monotonic() < deadline:
        try:
            message = client.inbox.get(timeout=deadline - time.monotonic())
        except queue.Empty:
            break
        if isinstance(message, kind):
            return message
    raise RuntimeError(f"the friend's client never got {kind.__name__}")


def until(shell: Shell, found: Callable[[], T | None]) -> T:
    """Tick the window until `found` gives something; between frames it waits for the client's thread to wake it
    (``net_join`` hands the client ``app.wake``), so nothing spins."""
    deadline = time.monotonic() + HANG_S
    while time.monotonic() < deadline:
        shell.app.tick(DT)
        got = found()
        if got is not None:
            return got
        event = pygame.event.wait(50)  # woken by the client's arrival (``app.wake``): kept for the next tick
        if event.type != pygame.NOEVENT:
            pygame.event.post(event)
    raise RuntimeError("the game on two computers never got there")
