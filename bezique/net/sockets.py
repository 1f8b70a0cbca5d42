"""The host's first limit: TCP connections from other computers counted from the moment the system accepts them,
before a byte is read, and one over the limits cut at once.

Why here and not only once the websocket is open (``doorway``'s limits): a stranger may open sockets and never
begin the websocket's handshake, each holding one of the host's files until websockets' own timeout (10 s) ends
it, and open more as fast as those end. On a system allowing 256 open files, as macOS does, the host would have
none left for a friend's join or for writing its save. This machine's own connections (the host's player, and the
internet tunnel, which bounds its own: ``tunnel.MAX_CONNECTIONS``) come from 127.0.0.1 and are not counted.

When all from other computers are at their limit, the oldest that has not proven the join code (``proven``, told by
the door after the key exchange) is cut to make room, rather than the newcomer refused: a friend proves the code
within a round trip, so a stranger cannot keep the door shut by opening sockets once and holding them.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter

from websockets.asyncio.server import ServerConnection

from bezique.net.limits import Limits, Unproven

THIS_MACHINE = frozenset({"127.0.0.1", "::1", "::ffff:127.0.0.1"})  # the addresses not counted
log = logging.getLogger("bezique.net")


class SocketGate:
    """The TCP connections open from each other computer, within `limits` (``connections_per_address`` from one,
    ``connections_from_afar`` from all)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.open: Counter[str] = Counter()
        self._counted: dict[ServerConnection, str] = {}  # each counted connection's address
        self._unproven: Unproven[ServerConnection] = Unproven()  # those yet to prove the code
        self._full_said = False  # the refusals at the limit are logged once while it lasts, not once a socket

    def admit(self, connection: ServerConnection, transport: asyncio.Transport) -> str | None:
        """Count a connection the system accepted, or cut it at once if it is over the limits. The address it is
        counted for (None: not counted, for this machine's own or one cut)."""
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        if address in THIS_MACHINE:
            return None
        if self.open[address] >= self.limits.connections_per_address or \
                (self.open.total() >= self.limits.connections_from_afar and not self._make_room()):
            if not self._full_said:
                log.warning("connections from other computers at their limit (%d open, %d from %s): more are refused",
                            self.open.total(), self.open[address], address)
            self._full_said = True
            transport.abort()
            return None
        self._full_said = False
        self.open[address] += 1
        self._counted[connection] = address
        self._unproven.add(connection)
        return address

    def _make_room(self) -> bool:
        return self._unproven.make_room(self._cut)

    def _cut(self, connection: ServerConnection) -> None:
        self.release(connection)
        connection.transport.abort()

    def proven(self, connection: ServerConnection) -> None:
        """`connection` proved the join code: it is never cut to make room."""
        self._unproven.settle(connection)

    def release(self, connection: ServerConnection) -> None:
        """`connection` ended (or was cut to make room): it is counted no more."""
        address = self._counted.pop(connection, None)
        if address is None:
            return
        self._unproven.settle(connection)
        self.open[address] -= 1
        if not self.open[address]:
            del self.open[address]

    def connection_class(self) -> type[ServerConnection]:
        """The server's connections, each admitted by this gate when the system accepts it and released when it
        ends (websockets' ``create_connection``)."""
        gate = self

        class Gated(ServerConnection):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                super().connection_made(transport)
                assert isinstance(transport, asyncio.Transport)
                gate.admit(self, transport)

            def connection_lost(self, exc: Exception | None) -> None:
                super().connection_lost(exc)
                gate.release(self)

        return Gated
