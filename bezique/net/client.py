"""A friend's end of a hosted game: it joins with the host's code, keeps the latest view, events and legal actions
the host sent, and sends its seat's choices back; after a drop it rejoins with its token and resumes exactly where
it was (the host's next update carries the whole view).

Every connection starts with the key exchange of ``channel`` for the code's secret (kept for the rejoins), and
every message after it is sealed: a host that does not know the code cannot read the friend, nor the friend it.

Threads: the websockets client runs on an asyncio loop in a background thread; the caller (the window, a test)
calls ``send_move`` / ``ready`` from its own thread and reads ``inbox`` (every message from the host, and each
change of ``link``, in order) without ever blocking on a socket. The client never decides a rule: it chooses among
the legal actions it was sent, and the host may still refuse (a ``Refused`` arrives in the inbox).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from bezique.net import joincode
from bezique.net.channel import BAD_CODE_CLOSE, BUSY_CLOSE, ChannelError, FriendExchange
from bezique.net.link import CLOSE, PING_INTERVAL_S, PING_TIMEOUT_S, drain, outbox, put
from bezique.net.protocol import (
    HOST_MESSAGE_MAX,
    Act,
    Chat,
    ClientMessage,
    CloseReason,
    Closing,
    ErrorCode,
    HostMessage,
    Join,
    ProtocolError,
    Ready,
    Refused,
    Rejoin,
    Update,
    Welcome,
    encode,
    parse_host,
)
from bezique.presenter.seat_link import Link
from bezique.rules import Action, action_to_json

log = logging.getLogger("bezique.net")

REJOIN_DELAYS_S = (0.5, 1.0, 2.0, 4.0, 8.0)  # automatic rejoins after a drop (then every 8 s until closed)
OPEN_TIMEOUT_S = 10.0
CLOSE_GRACE_S = 3.0  # how long a leaving client waits for the host to see its goodbye
# The host's messages this window may hold unread. A game sends a few a move, and the window reads them every frame,
# so an honest host never comes near it; a hostile one that sends as fast as it can would otherwise grow the
# window's memory without end. Past it the window leaves that host (HOST_FLOODED), as the host drops a friend who
# reads nothing.
UNREAD_MAX = 512
# What this window may have waiting to send. A person's moves and chat lines never come near it; a host that reads
# none of them (hostile, or wedged) would otherwise grow the window's memory: the connection is cut (``link.put``), as
# the host cuts a friend who reads nothing, and the window rejoins or says the game ended.
UNSENT_MAX = 64


@dataclass(frozen=True)
class LinkChange:
    """``Client.link`` changed: connecting, connected, dropped (will rejoin), closed (the game is over here:
    ``reason`` says why)."""

    link: Link
    reason: CloseReason | None = None


def target(code: str, address: str | None = None) -> tuple[str, int]:
    """Where to connect: `address` ("host" or "host:port") if typed, else the address the code carries.

    Raises:
        joincode.JoinCodeError: the code cannot be read (and no address was typed), or the port is not a number.
    """
    if address and address.strip():
        host, _, port = address.strip().rpartition(":") if ":" in address else (address.strip(), "", "")
        if port and not port.isdigit():
            raise joincode.JoinCodeError(joincode.Mistake.PORT, port)
        return host or address.strip(), int(port) if port else joincode.DEFAULT_PORT
    parsed = joincode.parse(code)
    return parsed.address, parsed.port


class Client:
    """One friend's connection to a host.

    Args:
        name: the name shown to the other players.
        auto_rejoin: rejoin by itself after a drop (the window); tests call ``rejoin`` when they choose.
    """

    UNREACHABLE = CloseReason.UNREACHABLE  # said when the first connection fails (``InternetClient`` has its own)

    def __init__(self, name: str, auto_rejoin: bool = False) -> None:
        self.name = name
        self.auto_rejoin = auto_rejoin
        self.link = Link.CLOSED
        self.seat: int | None = None
        self.token: str | None = None
        self.update: Update | None = None
        self.inbox: queue.Queue[HostMessage | LinkChange] = queue.Queue()
        self.on_text: Callable[[str], None] | None = None  # every text received, before it is read (tests)
        # after each message put in the inbox, on the client's thread: the window wakes up to read it
        self.on_arrival: Callable[[], None] | None = None
        self._where: tuple[str, int] = ("", 0)
        self._secret = 0  # the code's: the password of every connection's key exchange
        self._seq = 0
        self._ws: ClientConnection | None = None
        self._outbox: asyncio.Queue[Any] | None = None
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="bezique-client", daemon=True)
        self._thread.start()
        self._running: asyncio.Task[Any] | None = None
        self._leaving = False

    @property
    def version(self) -> int:
        return self.update.version if self.update is not None else 0

    def connect(self, code: str, address: str | None = None) -> None:
        """Join the game whose code is `code` (at `address` if typed, else where the code says). Returns at once;
        the inbox says what came of it.

        Raises:
            joincode.JoinCodeError: the code (or address) cannot be read: nothing was sent.
        """
        self._where = target(code, address)
        secret = joincode.secret_of(code)
        if secret is None:
            joincode.parse(code)  # raises, saying what is wrong with it
            raise joincode.JoinCodeError(joincode.Mistake.EMPTY)
        self._secret = secret
        self._start(lambda seq: Join(seq, self.name))

    def take_seat(self, address: str, token: str, secret: int) -> None:
        """Connect to `address` ("host:port") and take the seat `token` was reserved for (``Host.reserve``), the
        game's `secret` known (the host's own player)."""
        self._where = target("", address)
        self.token = token
        self._secret = secret
        self._start(self._rejoin_message)

    def rejoin(self) -> None:
        """Connect again and take back this client's seat with its token (after a drop)."""
        if self.token is None:
            raise RuntimeError("rejoin needs the token of an earlier join")
        self._start(self._rejoin_message)

    def _rejoin_message(self, seq: int) -> ClientMessage:
        assert self.token is not None
        return Rejoin(seq, self.token)

    def send_move(self, action: Action) -> None:
        """Ask the host to play `action` for this client's seat (one of the update's legal actions)."""
        assert self.seat is not None
        self.send(Act(self._next(), self.version, action_to_json(self.seat, action)))

    def ready(self) -> None:
        """Ask for the next deal."""
        self.send(Ready(self._next(), self.version))

    def say(self, text: str) -> None:
        self.send(Chat(self._next(), text))

    def send(self, message: ClientMessage) -> None:
        self.send_text(encode(message))

    def send_text(self, text: str) -> None:
        """Queue `text` for the host as it is (the tests send bad messages this way)."""
        ws, box = self._ws, self._outbox
        if ws is not None and box is not None:
            self._loop.call_soon_threadsafe(put, ws, box, text)

    def next_seq(self) -> int:
        """The next sequence number (the tests build messages by hand with it)."""
        return self._next()

    def _next(self) -> int:
        self._seq += 1
        return self._seq

    def drop(self) -> None:
        """Cut the connection without a goodbye, as a network that fails does (tests)."""
        ws = self._ws
        if ws is not None:
            self._loop.call_soon_threadsafe(ws.transport.abort)

    def close(self) -> None:
        """Leave: close the connection politely (or stop waiting to rejoin), end every task of the client's loop
        and its thread."""
        self._leaving = True
        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop).result(CLOSE_GRACE_S * 2)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(CLOSE_GRACE_S * 2)
        if not self._thread.is_alive():
            self._loop.close()

    async def _shutdown(self) -> None:
        running = self._running
        if self._ws is not None and self._outbox is not None and running is not None:
            put(self._ws, self._outbox, CLOSE)  # the session ends once the host has seen the goodbye
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(running), CLOSE_GRACE_S)
        others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in others:  # between connections (waiting to rejoin), or a host that did not answer
            task.cancel()
        await asyncio.gather(*others, return_exceptions=True)

    def _start(self, first: Callable[[int], ClientMessage]) -> None:
        self._leaving = False
        asyncio.run_coroutine_threadsafe(self._session(first), self._loop)

    def _set_link(self, link: Link, reason: CloseReason | None = None) -> None:
        self.link = link
        self._put(LinkChange(link, reason))

    def _put(self, message: HostMessage | LinkChange) -> None:
        self.inbox.put(message)
        if self.on_arrival is not None:
            self.on_arrival()

    async def _session(self, first: Callable[[int], ClientMessage]) -> None:
        """Connect, send `first`, read until the connection ends; then rejoin by itself if asked to. A fault is
        logged and ends the game here, said as such (never a client silently stuck)."""
        try:
            await self._sessions(first)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the connection to the host failed")
            self._set_link(Link.CLOSED, CloseReason.FAULT)

    async def _sessions(self, first: Callable[[int], ClientMessage]) -> None:
        self._running = asyncio.current_task()
        attempt = 0
        while True:
            ended = await self._connection(first)
            if ended is not None or not self.auto_rejoin or self.token is None or self._leaving:
                self._set_link(Link.CLOSED if ended is not None or self._leaving else Link.DROPPED, ended)
                return
            self._set_link(Link.DROPPED)
            await asyncio.sleep(REJOIN_DELAYS_S[min(attempt, len(REJOIN_DELAYS_S) - 1)])
            attempt += 1
            first = self._rejoin_message

    async def _connection(self, first: Callable[[int], ClientMessage]) -> CloseReason | None:
        """One connection: None when it dropped, else why the game ended here."""
        self._set_link(Link.CONNECTING)
        host, port = self._where
        self._seq = 0
        try:
            ws = await connect(f"ws://{host}:{port}", max_size=HOST_MESSAGE_MAX, open_timeout=OPEN_TIMEOUT_S,
                               ping_interval=PING_INTERVAL_S, ping_timeout=PING_TIMEOUT_S)
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI):
            return None if self.token is not None else self.UNREACHABLE
        ended: CloseReason | None = None
        writer: asyncio.Task[None] | None = None
        try:
            exchange = FriendExchange(self._secret)
            await ws.send(exchange.hello)
            sealer = exchange.finish(await asyncio.wait_for(ws.recv(), OPEN_TIMEOUT_S))
            self._ws, self._outbox = ws, outbox(UNSENT_MAX)
            writer = asyncio.create_task(drain(ws, self._outbox, sealer))
            self._outbox.put_nowait(encode(first(self._next())))
            async for frame in ws:
                try:
                    text = sealer.open(frame)
                    if self.on_text is not None:
                        self.on_text(text)
                    message = parse_host(text)
                except (ChannelError, ProtocolError) as exc:
                    self._put(Closing(CloseReason.BAD_MESSAGE))
                    log.warning("the host sent what this program cannot read: %s", exc)
                    ended = CloseReason.BAD_MESSAGE
                    break
                ended = self._read(message) or ended
                if ended is CloseReason.HOST_FLOODED:
                    break
        except ConnectionClosed as exc:
            ended = self._refused_by(exc) or ended
        except (ChannelError, TimeoutError):
            ended = CloseReason.BAD_MESSAGE
        finally:
            if writer is not None:
                writer.cancel()
            with contextlib.suppress(Exception):
                await ws.close()
            self._ws = self._outbox = None
        return ended or (CloseReason.LEFT if self._leaving else None)

    def _refused_by(self, closed: ConnectionClosed) -> CloseReason | None:
        """The host's closing of the key exchange, said as a refusal: a wrong code ends the game here; "busy"
        (too many attempts) ends it too unless the client has its seat's token and will try again."""
        code = closed.rcvd.code if closed.rcvd is not None else None
        if code == BAD_CODE_CLOSE:
            self._put(Refused(None, ErrorCode.BAD_CODE, "that is not this game's code"))
            return CloseReason.REFUSED
        if code == BUSY_CLOSE:
            self._put(Refused(None, ErrorCode.BUSY, "the host refuses attempts for a moment"))
            return None if self.token is not None else CloseReason.REFUSED
        return None

    def _read(self, message: HostMessage) -> CloseReason | None:
        if self.inbox.qsize() >= UNREAD_MAX:
            log.warning("the host sent %d messages this window has not read: leaving it", UNREAD_MAX)
            self._put(Closing(CloseReason.HOST_FLOODED))
            return CloseReason.HOST_FLOODED
        if isinstance(message, Welcome):
            self.seat, self.token = message.seat, message.token
            self._set_link(Link.CONNECTED)
        elif isinstance(message, Update):
            self.update = message
        self._put(message)
        return message.reason if isinstance(message, Closing) else None
