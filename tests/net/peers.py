"""A hostile peer for the network tests, made of the protocol's own pieces: it does the key exchange (with the
right secret or a guess), then sends whatever a test tells it, sealed, and reads only when told to, over a socket
whose receive buffer a test may shrink (a peer that never reads). Every wait is bounded by ``HANG_S`` only."""

from __future__ import annotations

import json
import socket
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from bezique.net.channel import FriendExchange, Sealer
from bezique.net.protocol import PROTOCOL_VERSION, HostMessage, parse_host
from tests.net.hosting import HANG_S


class Peer:
    """A connection to the host on `port`, its key exchange done for `secret` (None: no exchange at all), from
    `source` (another loopback address stands for another computer)."""

    def __init__(self, port: int, secret: int | None, receive_buffer: int | None = None,
                 source: str = "127.0.0.1") -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if receive_buffer is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        sock.bind((source, 0))
        sock.connect(("127.0.0.1", port))
        self.ws: ClientConnection = connect(f"ws://127.0.0.1:{port}", sock=sock, max_queue=1, open_timeout=HANG_S,
                                                legacy=True)
        self.seq = 0
        self.sealer: Sealer | None = None
        self.refused: int | None = None  # the close code of a host that ended the key exchange
        if secret is not None:
            exchange = FriendExchange(secret)
            self.ws.send(exchange.hello)
            try:
                self.sealer = exchange.finish(self.ws.recv(timeout=HANG_S))
            except ConnectionClosed as exc:
                self.refused = exc.rcvd.code if exc.rcvd is not None else None

    def send(self, kind: str, **body: Any) -> None:
        """A message of `kind` with the next sequence number (JSON escapes let it carry a lone surrogate); nothing
        once the host has refused the key exchange."""
        if self.sealer is None:
            return
        self.seq += 1
        self.send_text(json.dumps({"type": kind, "v": PROTOCOL_VERSION, "seq": self.seq, **body}))

    def send_text(self, text: str) -> None:
        assert self.sealer is not None
        self.ws.send(self.sealer.seal(text))

    def read(self) -> HostMessage:
        assert self.sealer is not None
        return parse_host(self.sealer.open(self.ws.recv(timeout=HANG_S)))

    def read_until(self, kind: type) -> Any:
        while True:
            message = self.read()
            if isinstance(message, kind):
                return message

    def closed_code(self) -> int | None:
        """Wait for the host to close the connection; the close code it gave (None: cut without one)."""
        if self.sealer is None and self.refused is not None:
            return self.refused
        try:
            while True:
                self.ws.recv(timeout=HANG_S)
        except ConnectionClosed as exc:
            return exc.rcvd.code if exc.rcvd is not None else None

    def close(self) -> None:
        self.ws.close()
