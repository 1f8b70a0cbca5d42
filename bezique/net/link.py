"""What host and client share of a websockets connection: a bounded outbox drained in order by one writer task,
which seals each text with the connection's key.

Why an outbox: the game runs on another thread than the asyncio loop (the window's, or the host's driver), so it
hands a text to the loop with ``call_soon_threadsafe`` and one task per connection seals and sends them one after
the other, in the order they were made (the channel's nonces count them); ``CLOSE`` after the last ends the
connection politely. Why bounded: a peer that reads nothing would otherwise grow the other end's memory without
end; when its outbox is full it is dropped (``put``). Why the writer catches everything: one connection's fault
(a text that cannot be sent, a socket in a bad state) is logged and ends that connection only, never another's
writer or the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from typing import Any

from websockets.exceptions import ConnectionClosed

from bezique.net.channel import Sealer

CLOSE = object()  # put in an outbox: close the connection once what is before it has been sent
PING_INTERVAL_S = 5.0  # websockets' keepalive: a friend whose network is gone is seen as dropped within seconds
PING_TIMEOUT_S = 10.0
log = logging.getLogger("bezique.net")


def outbox(size: int) -> asyncio.Queue[Any]:
    """An outbox holding at most `size` messages."""
    return asyncio.Queue(maxsize=size)


def put(ws: Any, box: asyncio.Queue[Any], item: Any) -> bool:
    """Queue `item` for `ws` on the loop thread; a peer whose outbox is full reads nothing: its connection is cut
    (False)."""
    try:
        box.put_nowait(item)
        return True
    except asyncio.QueueFull:
        if not ws.transport.is_closing():
            log.warning("a peer read nothing while %d messages waited for it: dropped", box.maxsize)
            ws.transport.abort()
        return False


async def drain(ws: Any, box: asyncio.Queue[Any], sealer: Sealer) -> None:
    """Seal and send what `box` holds, in order, until ``CLOSE`` or the connection ends."""
    try:
        while True:
            text = await box.get()
            if text is CLOSE:
                await ws.close()
                return
            await ws.send(sealer.seal(text))
    except ConnectionClosed:
        pass
    except asyncio.CancelledError:
        raise
    except Exception:  # contained: this connection ends, the others and the game go on
        log.exception("a connection's writer failed: that connection is closed")
        with contextlib.suppress(Exception):
            ws.transport.abort()


def lan_address() -> str:
    """This machine's address on the local network (the one its default route leaves from), else loopback.

    Connecting a UDP socket sends nothing; it only asks the system which interface it would use.
    """
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
        return str(probe.getsockname()[0])
    return "127.0.0.1"
