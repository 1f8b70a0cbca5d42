"""The host's door, on its asyncio loop thread: who may connect, the key exchange that proves the code, who takes
which seat, and each connection's messages checked before the game thread sees them.

Why a class of its own: everything here runs on the loop thread and touches only the connections, the seats'
links and names and the tokens; the game thread (``host.Host``) never blocks on it and gets only what passed
(``Inbound``, through ``hand_on``). Each connection is contained: whatever goes wrong while reading or writing it
(a hostile frame, a bug met by one message) is logged and ends that connection, never another's or the game.

The limits (``limits.Limits``) are enforced here: connections per address and not yet seated, the time to take a
seat, the key exchanges (each a guess of the code) per address and from everyone, messages and chat lines, and
the outbox of a peer that reads nothing. Repeated wrong codes from one address are told to the table
(``Notice``). Tokens are kept by their hash (``kept_tokens``), so that the save can carry them and a friend's
automatic rejoin is admitted by a host continued from it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
import socket
import threading
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from bezique.net.channel import BAD_CODE_CLOSE, BUSY_CLOSE, ChannelError, Sealer, host_exchange
from bezique.net.limits import Limits, Rate, Unproven
from bezique.net.link import CLOSE, drain, outbox, put
from bezique.net.peer_text import name_key
from bezique.net.protocol import (
    Chat,
    ClientMessage,
    CloseReason,
    Closing,
    ErrorCode,
    Join,
    Notice,
    NoticeKind,
    ProtocolError,
    Refused,
    Rejoin,
    Welcome,
    encode,
    parse_client,
)
from bezique.presenter.seat_link import Link

log = logging.getLogger("bezique.net")


class Forwarder(Protocol):
    """Something in this process that forwards other computers' connections to the host (the internet tunnel,
    ``tunnel.HostTunnel``): all of them reach the door from 127.0.0.1, so the door asks it who is behind each, and
    tells it which proved the code (it keeps its own connections within its limit by the same policy)."""

    def peer_of(self, address: Any) -> str | None:
        """Who is behind a connection from `address` (its ``remote_address``); None: not one it forwarded."""

    def proven(self, address: Any) -> None:
        """The connection from `address` proved the join code."""


@dataclass(eq=False)
class Conn:
    """One client connection, on the loop thread."""

    ws: ServerConnection
    address: str
    box: asyncio.Queue[Any]
    messages: Rate
    seat: int | None = None
    last_seq: int = 0
    writer: asyncio.Task[None] | None = None
    ending: bool = False  # told to go (flooded, replaced): what it still sends is dropped unread, unlogged
    after_end: int = 0  # frames it sent since


@dataclass(frozen=True)
class Inbound:
    """What the loop thread hands the game thread: a seat joined or dropped (`message` None) or a message."""

    seat: int
    message: ClientMessage | None = None
    conn: Conn | None = None


def token_key(token: str) -> str:
    """What the host keeps of a token (its hash): the save holds no token a reader could use elsewhere."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def refusal(seq: int | None, exc: ProtocolError) -> str:
    return encode(Refused(seq, exc.code, exc.detail, None if exc.refusal is None else exc.refusal.code))


@dataclass
class Doorway:
    """The seats friends play (`remote`), who sits in them, and the connections, for the code's `secret`."""

    secret: int
    remote: Sequence[int]
    names: list[str]
    limits: Limits
    hand_on: Callable[[Inbound | Notice], None]  # to the game thread
    tokens: dict[str, int] = field(default_factory=dict)  # token_key -> seat
    links: list[Link] = field(default_factory=list)
    reserved: set[int] = field(default_factory=set)  # seats a code cannot take (the host's own player's)
    conns: dict[int, Conn] = field(default_factory=dict)  # each remote seat's live connection
    _per_address: Counter[str] = field(default_factory=Counter)
    _unseated: int = 0
    _wrong_codes: Counter[str] = field(default_factory=Counter)
    _wrong_in_all: int = 0
    _unproven: Unproven[Conn] = field(default_factory=Unproven)  # connections yet to prove the code
    proven: Callable[[ServerConnection], None] = lambda _ws: None  # told when a connection proved the code
    _chat: dict[int, Rate] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)  # the tokens, read by the game thread's save
    # what forwards peers to the door from this process (the internet tunnel: every tunnelled peer comes from
    # 127.0.0.1), asked who is behind a connection so that each is counted apart; None: the address itself
    forwarder: Forwarder | None = None

    def __post_init__(self) -> None:
        if not self.links:  # a seat whose friend's token a save kept (a continued host) waits for their rejoin
            kept = set(self.tokens.values())
            self.links = [Link.HERE if s not in self.remote else Link.DROPPED if s in kept else Link.OPEN
                          for s in range(len(self.names))]

    def reserve(self, seat: int) -> str:
        """Keep remote `seat` for whoever holds the token returned (the host's own player)."""
        token = secrets.token_urlsafe(18)
        with self._lock:
            self.reserved.add(seat)
            self.tokens[token_key(token)] = seat
        return token

    def kept_tokens(self) -> dict[str, int]:
        """The friends' tokens (hashed) for the save: a host continued from it admits their rejoins."""
        with self._lock:
            return {key: seat for key, seat in self.tokens.items() if seat not in self.reserved}

    # --- a connection, from its first byte to its end -------------------------------------------------------

    def who(self, ws: ServerConnection) -> str:
        """Whom a connection's limits are counted for: the peer the tunnel names, else its address."""
        named = self.forwarder.peer_of(ws.remote_address) if self.forwarder is not None else None
        return named or (str(ws.remote_address[0]) if ws.remote_address else "?")

    async def connection(self, ws: ServerConnection) -> None:
        address = self.who(ws)
        if self._per_address[address] >= self.limits.connections_per_address or \
                (self._unseated >= self.limits.unjoined and not self._make_room()):
            await ws.close(BUSY_CLOSE, "too many connections")
            return
        sock = ws.transport.get_extra_info("socket")
        if sock is not None:  # what waits unsent for a peer is bounded in the system too, not only in the outbox
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.limits.send_buffer)
        conn = Conn(ws, address, outbox(self.limits.outbox), self.limits.message_rate())
        self._unproven.add(conn)
        self._per_address[address] += 1
        self._unseated += 1
        late = asyncio.get_running_loop().call_later(self.limits.join_timeout_s, self._late, conn)
        try:
            await self._serve(conn)
        except ConnectionClosed:
            pass
        except Exception:  # contained: this connection ends, the others and the game go on
            log.exception("a connection from %s failed: it is closed", address)
            ws.transport.abort()
        finally:
            self._unproven.settle(conn)
            late.cancel()
            if conn.writer is not None:
                conn.writer.cancel()
            self._per_address[address] -= 1
            if not self._per_address[address]:
                del self._per_address[address]
            if conn.seat is None:
                self._unseated -= 1
            elif self.conns.get(conn.seat) is conn:
                del self.conns[conn.seat]
                self.links[conn.seat] = Link.DROPPED
                self.hand_on(Inbound(conn.seat))

    def _make_room(self) -> bool:
        """Cut the oldest connection that has not proven the code, for a newcomer when those not yet playing are
        at their limit (``limits.Unproven``); False if every one of them has proven it (the newcomer is refused)."""
        return self._unproven.make_room(self._cut)

    @staticmethod
    def _cut(victim: Conn) -> None:
        log.info("a connection from %s that had not proven the code was closed to make room", victim.address)
        victim.ws.transport.abort()

    def _late(self, conn: Conn) -> None:
        if conn.seat is None:
            log.info("a connection from %s took no seat in time: closed", conn.address)
            conn.ws.transport.abort()

    async def _serve(self, conn: Conn) -> None:
        """The key exchange, then every message until the connection ends."""
        ws = conn.ws
        hello = await ws.recv()
        if not self.limits.exchange_allowed(conn.address):
            await ws.close(BUSY_CLOSE, "too many attempts: try again in a minute")
            return
        try:
            answer, sealer = await asyncio.to_thread(host_exchange, self.secret, hello)
        except ChannelError as exc:
            await ws.close(BAD_CODE_CLOSE, str(exc)[:100])
            return
        await ws.send(answer)
        first = await ws.recv()
        try:
            text = sealer.open(first)
        except ChannelError:
            self._wrong_code(conn.address)
            await ws.close(BAD_CODE_CLOSE, "that is not this game's code")
            return
        self._unproven.settle(conn)  # it knows the code: from now on only the game's limits hold it
        self.proven(ws)
        if self.forwarder is not None:
            self.forwarder.proven(ws.remote_address)
        conn.writer = asyncio.create_task(drain(ws, conn.box, sealer))
        self._read(conn, text)
        await self._messages(conn, sealer)

    async def _messages(self, conn: Conn, sealer: Sealer) -> None:
        async for frame in conn.ws:
            if conn.ending:  # told to go: what was on its way is dropped unopened and unlogged, a flood goes on is cut
                conn.after_end += 1
                if conn.after_end > self.limits.frames_after_goodbye:
                    conn.ws.transport.abort()
                    return
                continue
            try:
                text = sealer.open(frame)
            except ChannelError as exc:  # altered or replayed on the way: nothing from it can be trusted
                log.warning("a frame from %s did not open (%s): the connection is closed", conn.address, exc)
                conn.ws.transport.abort()
                return
            self._read(conn, text)

    def _wrong_code(self, address: str) -> None:
        if len(self._wrong_codes) > 10_000:
            self._wrong_codes.clear()
        self._wrong_codes[address] += 1
        count = self._wrong_codes[address]
        if count % self.limits.wrong_codes_notice == 0:
            log.warning("%d wrong codes tried from %s", count, address)
            self.hand_on(Notice(NoticeKind.WRONG_CODES, address, count))
        self._wrong_in_all += 1  # a guesser spread over many addresses, each below the notice, is told too
        if len(self._wrong_codes) > 1 and self._wrong_in_all % self.limits.wrong_codes_notice_everyone == 0:
            log.warning("%d wrong codes tried from %d addresses", self._wrong_in_all, len(self._wrong_codes))
            self.hand_on(Notice(NoticeKind.WRONG_CODES_SPREAD, str(len(self._wrong_codes)), self._wrong_in_all))

    # --- each message --------------------------------------------------------------------------------------

    def _read(self, conn: Conn, text: str) -> None:
        """Check one message as far as it can be without the game, and hand the rest to the game thread."""
        if conn.ending:
            return
        if not conn.messages.allow():
            log.warning("%s sent more than a player can: closed", conn.address)
            self.close(conn, CloseReason.FLOODED)
            return
        seq = None
        try:
            message = parse_client(text)
            seq = message.seq
            if seq <= conn.last_seq:
                raise ProtocolError(ErrorCode.REPLAYED, f"sequence number {seq} is not above {conn.last_seq}")
            conn.last_seq = seq
            if isinstance(message, Join | Rejoin):
                self._seat(conn, message)
                return
            if conn.seat is None:
                raise ProtocolError(ErrorCode.NOT_JOINED, "join the game first")
            if isinstance(message, Chat) and not self._chat_rate(conn.seat).allow():
                raise ProtocolError(ErrorCode.TOO_FAST, "more lines than anyone types: wait a moment")
            self.hand_on(Inbound(conn.seat, message, conn))
        except ProtocolError as exc:
            self.send(conn, refusal(seq, exc))

    def _chat_rate(self, seat: int) -> Rate:
        rate = self._chat.get(seat)
        if rate is None:
            rate = self._chat[seat] = self.limits.chat_rate()
        return rate

    def _seat(self, conn: Conn, message: Join | Rejoin) -> None:
        """Give `conn` its seat: the one its token names, or a free one (the key exchange proved the code)."""
        if conn.seat is not None:
            raise ProtocolError(ErrorCode.ALREADY_JOINED, f"this connection plays seat {conn.seat}")
        token = message.token if isinstance(message, Rejoin) else secrets.token_urlsafe(18)
        if isinstance(message, Rejoin):
            seat = self.tokens.get(token_key(message.token))
            if seat is None:
                raise ProtocolError(ErrorCode.BAD_TOKEN, "this game gave no such token: join with the code")
        else:
            seats = [s for s in self.remote if s not in self.reserved]
            free = [s for s in seats if self.links[s] == Link.OPEN] or \
                [s for s in seats if self.links[s] == Link.DROPPED]
            if not free:
                raise ProtocolError(ErrorCode.SEAT_TAKEN, "every seat of this game has its player")
            seat = free[0]
            with self._lock:  # the dropped player's token ends
                self.tokens = {t: s for t, s in self.tokens.items() if s != seat}
                self.tokens[token_key(token)] = seat
            if message.name:
                self.names[seat] = self.unique_name(message.name, seat)
        old = self.conns.get(seat)
        if old is not None:  # the same player back from another connection before the host saw the first drop
            old.seat = None
            self._unseated += 1  # counted again when it ends
            self.close(old, CloseReason.REPLACED)
        conn.seat = seat
        self._unseated -= 1
        self.conns[seat] = conn
        self.links[seat] = Link.CONNECTED
        self.send(conn, encode(Welcome(seat, token)))
        self.hand_on(Inbound(seat))

    def unique_name(self, name: str, seat: int) -> str:
        """`name`, or with a number after it when another seat at the table has it, or one that reads the same
        (``name_key``: letter case, full-width letters)."""
        taken = {name_key(n) for s, n in enumerate(self.names) if s != seat}
        candidate, number = name, 1
        while name_key(candidate) in taken:
            number += 1
            candidate = f"{name} {number}"
        return candidate

    # --- sending -------------------------------------------------------------------------------------------

    def send(self, conn: Conn, text: Any) -> None:
        put(conn.ws, conn.box, text)

    def send_seat(self, seat: int, text: str) -> None:
        conn = self.conns.get(seat)
        if conn is not None:
            self.send(conn, text)

    def close(self, conn: Conn, reason: CloseReason) -> None:
        """Tell `conn` why and close it once what is queued before has gone (cut at once if it reads nothing); from
        then on nothing it sends is read."""
        if conn.ending:
            return
        conn.ending = True
        if put(conn.ws, conn.box, encode(Closing(reason))):
            put(conn.ws, conn.box, CLOSE)

    def goodbye(self, reason: CloseReason) -> list[asyncio.Task[None]]:
        """Every connection told `reason` and closed; the writers to wait for."""
        for conn in list(self.conns.values()):
            with contextlib.suppress(Exception):
                self.close(conn, reason)
        return [c.writer for c in self.conns.values() if c.writer is not None]


def seat_of_tokens(kept: object, seats: int) -> dict[str, int]:
    """The tokens a save kept (``kept_tokens``), those that name a seat of the game; nothing from a damaged file."""
    if not isinstance(kept, Mapping):
        return {}
    return {k: v for k, v in kept.items() if isinstance(k, str) and len(k) == 64 and isinstance(v, int)
            and not isinstance(v, bool) and 0 <= v < seats}
