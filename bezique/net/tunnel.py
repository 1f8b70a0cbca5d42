"""The game's websocket carried across the internet by iroh (QUIC with hole punching, a relay where none punches).

Why a tunnel rather than a second protocol: the host's websocket server stays the only door into a game. Each iroh
stream is piped, byte for byte, to that server on loopback (``HostTunnel``), and the friend's ``Client`` connects to
a loopback port whose every connection becomes an iroh stream to the host (``ClientTunnel``). So a friend across
the internet goes through the very same checks as one across the room: one protocol, one validation of what a peer
sends, the same key exchange on the join code's secret and encryption inside, the same per-seat views, rejoin and
limits. iroh adds its own encryption (QUIC's TLS, to the host's key named in the ticket) around it.

Flow control, not buffers: each direction of a pipe holds at most one chunk (``CHUNK``); a peer that never reads
fills QUIC's window, the pipe stops reading the host's socket, and the host's own bounded outbox decides. A stream
that ends or fails closes its socket, so the host sees a drop exactly as on the local network, and a client's
rejoin opens a new stream (dialling the host again if the connection is gone).

Each tunnel runs its own asyncio loop on a thread of its own; nothing here touches the window or the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import socket
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

import iroh

from bezique.net.limits import Unproven
from bezique.net.relays import RelayKind, Relays

ALPN = b"bezique/1"  # what the host's endpoint answers to: iroh refuses any other protocol at the handshake
CHUNK = 1 << 16  # the most a pipe holds in either direction
ONLINE_S = 8.0  # how long the host waits for a relay to answer before it gives the invitation without one
HANDSHAKE_S = 20.0  # a connection or a stream that does not complete its handshake in this time is dropped
STOP_GRACE_S = 5.0  # how long a stopping tunnel lets the last bytes (the host's goodbyes) through
MAX_CONNECTIONS = 16  # live connections the host holds at once (a friend needs one; see ``HostTunnel._accept``)
STREAMS_PER_CONNECTION = 2  # a friend's connection and its rejoin, overlapping for a moment
_T = TypeVar("_T")


class TunnelError(RuntimeError):
    """The tunnel could not start (its endpoint could not be bound, or a ticket cannot be read)."""


def _options(relays: Relays) -> iroh.EndpointOptions:
    if relays.kind is RelayKind.OFF:
        return iroh.EndpointOptions(preset=iroh.preset_minimal(), relay_mode=iroh.RelayMode.disabled(),
                                    alpns=[ALPN])
    if relays.kind is RelayKind.OWN:
        relay_map = iroh.RelayMap.empty()
        relay_map.insert(iroh.RelayConfig(url=relays.url, auth_token=relays.token or None))
        return iroh.EndpointOptions(preset=iroh.preset_n0(), relay_mode=iroh.RelayMode.custom(relay_map),
                                    alpns=[ALPN])
    return iroh.EndpointOptions(preset=iroh.preset_n0(), alpns=[ALPN])


class _LoopThread:
    """An asyncio loop on a thread of its own, and a way to run a coroutine on it from any other thread."""

    def __init__(self, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name=name, daemon=True)
        self._thread.start()

    def run(self, coroutine: Coroutine[Any, Any, _T], timeout: float) -> _T:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def end(self) -> None:
        """End every task still on the loop (so no iroh call completes into a closed loop), then the loop."""
        if not self.loop.is_closed():
            with contextlib.suppress(Exception):
                self.run(_cancel_all(), STOP_GRACE_S)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(STOP_GRACE_S * 2)
        if not self._thread.is_alive():
            self.loop.close()


async def _cancel_all() -> None:
    tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, recv: Any, send: Any) -> None:
    """Carry bytes both ways between a socket and an iroh stream until either side ends; then end both."""

    async def socket_to_stream() -> None:
        while chunk := await reader.read(CHUNK):
            await send.write_all(chunk)
        await send.finish()

    async def stream_to_socket() -> None:
        while chunk := await recv.read(CHUNK):
            writer.write(chunk)
            await writer.drain()
        writer.write_eof()

    sending, receiving = asyncio.create_task(socket_to_stream()), asyncio.create_task(stream_to_socket())
    try:
        done, pending = await asyncio.wait((sending, receiving), return_when=asyncio.FIRST_COMPLETED)
        if pending and all(task.exception() is None for task in done):  # let the other side's last bytes through
            await asyncio.wait(pending, timeout=STOP_GRACE_S)
    finally:
        finished = sending.done() and not sending.cancelled() and sending.exception() is None
        for task in (sending, receiving):
            task.cancel()
        await asyncio.gather(sending, receiving, return_exceptions=True)
        writer.close()
        if not finished:  # a reset would throw away the bytes a finished stream still has to deliver
            with contextlib.suppress(Exception):
                await send.reset(0)
        with contextlib.suppress(Exception):
            await recv.stop(0)


class _Served:
    """One peer's iroh connection at the host: the task serving it, the connection once its handshake is done,
    and its streams' pipes (each gone from here when it ends)."""

    def __init__(self) -> None:
        self.task: asyncio.Task[None] | None = None
        self.connection: Any = None
        self.pipes: set[asyncio.Task[None]] = set()


class HostTunnel:
    """The host's end: an iroh endpoint whose every stream is piped to the websocket server at loopback `port`.

    ``start`` binds it and returns the ticket a friend's ``ClientTunnel`` dials; ``relay_answered`` says whether a
    relay took the host in (False: none answered, so only a direct path can reach it; None: no relay was asked).
    """

    def __init__(self, port: int, relays: Relays) -> None:
        self.port = port
        self.relays = relays
        self.ticket = ""
        self.relay_answered: bool | None = None
        self.pipes = 0  # streams piped so far (tests, the bench)
        self._loop = _LoopThread("bezique-host-tunnel")
        self._endpoint: Any = None
        self._accepting: asyncio.Task[None] | None = None
        self._served: set[_Served] = set()  # the live connections
        self._unproven: Unproven[_Served] = Unproven()  # those that have carried no stream that proved the code
        self._pipes: set[asyncio.Task[None]] = set()
        self._peers: dict[int, str] = {}  # loopback port -> the iroh peer piped from it (``peer_of``)
        self._carriers: dict[int, _Served] = {}  # loopback port -> the connection piped from it (``proven``)

    def start(self) -> str:
        """Bind the endpoint (waiting up to ``ONLINE_S`` for a relay) and return the ticket.

        Raises:
            TunnelError: the endpoint cannot be bound.
        """
        try:
            return self._loop.run(self._start(), ONLINE_S + HANDSHAKE_S)
        except (iroh.IrohError, OSError, TimeoutError) as exc:
            self._loop.end()
            raise TunnelError(_said(exc)) from None

    async def _start(self) -> str:
        self._endpoint = endpoint = await iroh.Endpoint.bind(_options(self.relays))
        if self.relays.kind is not RelayKind.OFF:
            try:
                await asyncio.wait_for(endpoint.online(), ONLINE_S)
                self.relay_answered = True
            except TimeoutError:
                self.relay_answered = False
        self.ticket = str(iroh.EndpointTicket.from_addr(endpoint.addr()))
        self._accepting = asyncio.create_task(self._accept())
        return self.ticket

    async def _accept(self) -> None:
        """Serve each connection that comes; at ``MAX_CONNECTIONS``, make room by the door's own policy
        (``limits.Unproven``): the oldest connection that has carried no stream proving the code is closed for the
        newcomer, which is refused only when every one has proven it."""
        while (incoming := await self._endpoint.accept_next()) is not None:
            if len(self._served) >= MAX_CONNECTIONS and not self._unproven.make_room(_cut):
                with contextlib.suppress(iroh.IrohError):
                    await incoming.refuse()
                continue
            served = _Served()
            self._served.add(served)
            self._unproven.add(served)
            served.task = asyncio.create_task(self._serve(incoming, served))
            served.task.add_done_callback(functools.partial(self._gone, served))

    def _gone(self, served: _Served, _task: asyncio.Task[None]) -> None:
        """A connection has ended (or was cut, perhaps before its task began): it is counted no more."""
        self._served.discard(served)
        self._unproven.settle(served)

    async def _serve(self, incoming: Any, served: _Served) -> None:
        """One peer's connection: each stream it opens is piped to the host's websocket server."""
        try:
            accepting = await incoming.accept()
            connection = served.connection = await asyncio.wait_for(accepting.connect(), HANDSHAKE_S)
            connection.set_max_concurrent_bi_streams(STREAMS_PER_CONNECTION)
            peer = f"internet:{connection.remote_id().fmt_short()}"  # as the host's notices name it
            try:
                while True:
                    stream = await connection.accept_bi()
                    pipe = asyncio.create_task(self._to_host(stream, peer, served))
                    for pipes in (served.pipes, self._pipes):
                        pipes.add(pipe)
                        pipe.add_done_callback(pipes.discard)
            finally:  # the connection is gone: its pipes end with their streams (or are cancelled by ``stop``)
                await asyncio.gather(*served.pipes, return_exceptions=True)
        except (iroh.IrohError, TimeoutError):
            return  # the connection ended (or never completed): its streams' sockets are closed

    async def _to_host(self, stream: Any, peer: str, served: _Served) -> None:
        """Pipe `stream` (of the connection `served`) to the host's websocket server, from a loopback port
        registered as `peer`'s before the connection is made (so the host never sees it unnamed)."""
        sock, port = socket.socket(socket.AF_INET, socket.SOCK_STREAM), 0
        try:
            sock.setblocking(False)
            sock.bind(("127.0.0.1", 0))
            port = int(sock.getsockname()[1])
            self._peers[port] = peer
            self._carriers[port] = served
            await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", self.port))
            reader, writer = await asyncio.open_connection(sock=sock)
        except OSError:
            sock.close()
            self._peers.pop(port, None)
            self._carriers.pop(port, None)
            with contextlib.suppress(iroh.IrohError):
                await stream.send().reset(0)
            return
        self.pipes += 1
        try:
            with contextlib.suppress(iroh.IrohError, OSError):
                await _pipe(reader, writer, stream.recv(), stream.send())
        finally:
            self._peers.pop(port, None)
            self._carriers.pop(port, None)

    def peer_of(self, address: tuple[str, int] | Any) -> str | None:
        """Who is behind a connection the host accepted from `address` (its ``remote_address``): the iroh peer
        ("internet:" and the start of its key) when it came through this tunnel, else None. Any thread may ask.

        Why: every tunnelled connection reaches the host from 127.0.0.1, as the host's own player's does; limits
        kept per address must count each internet peer apart, not all of them (and the host) as one."""
        if not isinstance(address, tuple) or len(address) < 2 or address[0] != "127.0.0.1":
            return None
        return self._peers.get(address[1])

    def proven(self, address: tuple[str, int] | Any) -> None:
        """The host's door says the connection from `address` proved the join code: the iroh connection it came
        through is never closed to make room. Any thread may tell (a stopped tunnel ignores it)."""
        if isinstance(address, tuple) and len(address) >= 2 and address[0] == "127.0.0.1":
            with contextlib.suppress(RuntimeError):  # the loop has closed: nothing is held any more
                self._loop.loop.call_soon_threadsafe(self._settle, address[1])

    def _settle(self, port: int) -> None:
        served = self._carriers.get(port)
        if served is not None:
            self._unproven.settle(served)

    def stop(self) -> None:
        """Let the last bytes through (the host has said its goodbyes), close the endpoint and end the thread."""
        with contextlib.suppress(Exception):
            self._loop.run(self._stop(), STOP_GRACE_S * 2)
        self._loop.end()

    async def _stop(self) -> None:
        if self._pipes:  # each ends once the host has closed its socket, its goodbye carried
            await asyncio.wait(self._pipes, timeout=STOP_GRACE_S)
        serving = {served.task for served in self._served if served.task is not None}
        await _close(self._endpoint, self._accepting, self._pipes | serving)


class ClientTunnel:
    """The friend's end: a loopback port whose every connection is carried to the host `ticket` names.

    The friend's ``Client`` connects to ``port`` as it would to a host on the local network; one iroh connection
    to the host carries a stream for each, and is dialled again when it is gone (a rejoin after a drop).
    """

    def __init__(self, ticket: str, relays: Relays) -> None:
        self.ticket = ticket
        self.relays = relays
        self.port = 0
        self._loop = _LoopThread("bezique-client-tunnel")
        self._endpoint: Any = None
        self._address: Any = None
        self._connection: Any = None
        self._server: asyncio.Server | None = None
        self._pipes: set[asyncio.Task[None]] = set()

    def start(self) -> int:
        """Read the ticket, bind the endpoint and the loopback port; the port.

        Raises:
            TunnelError: the ticket cannot be read, or the endpoint or the port cannot be bound.
        """
        try:
            return self._loop.run(self._start(), HANDSHAKE_S)
        except (iroh.IrohError, OSError, TimeoutError) as exc:
            self._loop.end()
            raise TunnelError(_said(exc)) from None

    async def _start(self) -> int:
        self._address = iroh.EndpointTicket.from_string(self.ticket).endpoint_addr()
        self._endpoint = await iroh.Endpoint.bind(_options(self.relays))
        self._server = await asyncio.start_server(self._carry, "127.0.0.1", 0)
        self.port = int(self._server.sockets[0].getsockname()[1])
        return self.port

    async def _carry(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._pipes.add(task)
        try:
            stream = await asyncio.wait_for(self._stream(), HANDSHAKE_S)
            await _pipe(reader, writer, stream.recv(), stream.send())
        except (iroh.IrohError, OSError, TimeoutError):
            writer.close()  # the host cannot be reached: the client sees its connection fail and says so
        except asyncio.CancelledError:  # the tunnel stops while this pipe still dials or carries: it ends here,
            writer.close()  # quietly (Python 3.11's start_server logs a handler that ends cancelled as a failure)
        finally:
            self._pipes.discard(task)

    async def _stream(self) -> Any:
        """A new stream to the host, on the connection there is or on a new one."""
        if self._connection is None or self._connection.close_reason() is not None:
            self._connection = await self._endpoint.connect(self._address, ALPN)
        try:
            return await self._connection.open_bi()
        except iroh.IrohError:  # the connection died since it was last used: dial once more
            self._connection = await self._endpoint.connect(self._address, ALPN)
            return await self._connection.open_bi()

    def cut(self) -> None:
        """Close the connection to the host at once, as a network that fails does (tests, the bench)."""
        self._loop.loop.call_soon_threadsafe(self._cut)

    def _cut(self) -> None:
        if self._connection is not None:
            self._connection.close(0, b"cut")

    def stop(self) -> None:
        """Close the port, the connection and the endpoint, and end the thread."""
        with contextlib.suppress(Exception):
            self._loop.run(self._stop(), STOP_GRACE_S * 2)
        self._loop.end()

    async def _stop(self) -> None:
        if self._server is not None:
            self._server.close()
        if self._pipes:
            await asyncio.wait(self._pipes, timeout=STOP_GRACE_S)
        await _close(self._endpoint, None, self._pipes)


def _cut(served: _Served) -> None:
    """Close a connection that proved nothing, to make room for a newcomer: its streams' pipes and its task end,
    and the peer is told (iroh's close)."""
    for pipe in served.pipes:
        pipe.cancel()
    if served.task is not None:
        served.task.cancel()
    if served.connection is not None:
        with contextlib.suppress(iroh.IrohError):
            served.connection.close(0, b"room")


async def _close(endpoint: Any, accepting: asyncio.Task[None] | None, tasks: set[asyncio.Task[None]]) -> None:
    """End `accepting` and what is left of `tasks`, then close `endpoint` (iroh says goodbye to its peers)."""
    for task in [*tasks, *([accepting] if accepting is not None else [])]:
        task.cancel()
    await asyncio.gather(*tasks, *([accepting] if accepting is not None else []), return_exceptions=True)
    if endpoint is not None:
        with contextlib.suppress(iroh.IrohError):
            await asyncio.wait_for(endpoint.close(), STOP_GRACE_S)


def _said(exc: BaseException) -> str:
    """A failure in a sentence (iroh's errors carry their message apart)."""
    if isinstance(exc, iroh.IrohError):
        return str(exc.message())
    return str(exc) or type(exc).__name__
