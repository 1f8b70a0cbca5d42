"""What host and client share of a websockets connection: an outbox drained in order by one writer task.

Why an outbox: the game runs on another thread than the asyncio loop (the window's, or the host's driver), so it
hands a text to the loop with ``call_soon_threadsafe`` and one task per connection sends them one after the
other, in the order they were made; ``CLOSE`` after the last ends the connection politely.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from typing import Any

from websockets.exceptions import ConnectionClosed

CLOSE = object()  # put in an outbox: close the connection once what is before it has been sent
PING_INTERVAL_S = 5.0  # websockets' keepalive: a friend whose network is gone is seen as dropped within seconds
PING_TIMEOUT_S = 10.0


async def drain(ws: Any, outbox: asyncio.Queue[Any]) -> None:
    """Send what `outbox` holds, in order, until ``CLOSE`` or the connection ends."""
    with contextlib.suppress(ConnectionClosed):
        while True:
            text = await outbox.get()
            if text is CLOSE:
                await ws.close()
                return
            await ws.send(text)


def lan_address() -> str:
    """This machine's address on the local network (the one its default route leaves from), else loopback.

    Connecting a UDP socket sends nothing; it only asks the system which interface it would use.
    """
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
        return str(probe.getsockname()[0])
    return "127.0.0.1"
