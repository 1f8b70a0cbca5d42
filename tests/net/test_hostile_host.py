"""A hostile host cannot grow a friend's window without end: a host that sends far faster than the window reads is
left once the window holds ``UNREAD_MAX`` messages unread, and the window is told why. Real sockets on localhost:
the host here is a bare websocket server that does the key exchange right and then floods."""

from __future__ import annotations

import socket
import threading

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.server import ServerConnection, serve

from bezique.net.channel import host_exchange
from bezique.net.client import UNREAD_MAX, UNSENT_MAX, Client, LinkChange
from bezique.net.joincode import JoinCode
from bezique.net.protocol import ChatLine, CloseReason, Closing, Link, Welcome, encode
from tests.net.hosting import HANG_S, wait_for

SECRET = 0x2F0C_1A3B5


def test_a_host_that_floods_a_window_is_left_and_the_window_holds_a_bounded_inbox() -> None:
    flooded = threading.Event()
    sent = [0]

    def flood(ws: ServerConnection) -> None:
        answer, sealer = host_exchange(SECRET, ws.recv(timeout=HANG_S))
        ws.send(answer)
        ws.recv(timeout=HANG_S)  # the friend's join, unread
        ws.send(sealer.seal(encode(Welcome(1, "t" * 16))))
        try:
            while sent[0] < UNREAD_MAX * 20:  # a bound for the test only: the window leaves long before
                ws.send(sealer.seal(encode(ChatLine(0, "spam", sent[0]))))
                sent[0] += 1
        except ConnectionClosed:
            pass
        finally:
            flooded.set()

    with serve(flood, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        client = Client("Bruno")
        try:
            client.connect(JoinCode("127.0.0.1", server.socket.getsockname()[1], SECRET).text())
            assert flooded.wait(HANG_S), "the flooding host was never left"
            last: LinkChange | None = None
            seen = []
            while last is None or last.link is not Link.CLOSED:
                message = client.inbox.get(timeout=HANG_S)
                seen.append(message)
                if isinstance(message, LinkChange):
                    last = message
        finally:
            client.close()
            server.shutdown()
    assert sent[0] < UNREAD_MAX * 20, "the window read the whole flood instead of leaving"
    chat = [m for m in seen if isinstance(m, ChatLine)]
    # beside the chat: connecting, connected, the welcome; after it: the window's own closing and its last link
    assert len(seen) <= UNREAD_MAX + 2, "the inbox held more than its bound"
    assert len(chat) >= UNREAD_MAX - 3, "the window left an honest burst"
    assert Closing(CloseReason.HOST_FLOODED) in seen
    assert last.reason is CloseReason.HOST_FLOODED


def test_a_host_that_never_reads_is_left_and_the_window_holds_a_bounded_outbox(
        caplog: pytest.LogCaptureFixture) -> None:
    """A host that seats the window and then reads nothing: what the window says piles up in the system's buffers,
    then in its outbox until ``UNSENT_MAX`` lines wait unsent, and then the window cuts that connection (as the host
    cuts a friend who reads nothing) instead of growing without end."""
    done = threading.Event()

    def deaf(ws: ServerConnection) -> None:
        answer, sealer = host_exchange(SECRET, ws.recv(timeout=HANG_S))
        ws.send(answer)
        ws.recv(timeout=HANG_S)  # the friend's join; nothing after it is ever read
        ws.send(sealer.seal(encode(Welcome(1, "t" * 16))))
        done.wait(HANG_S)

    with serve(deaf, "127.0.0.1", 0) as server:
        server.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)  # the host's side holds little unread
        threading.Thread(target=server.serve_forever, daemon=True).start()
        client = Client("Bruno")
        try:
            client.connect(JoinCode("127.0.0.1", server.socket.getsockname()[1], SECRET).text())
            wait_for(client, Welcome)
            said, cut = 0, f"read nothing while {UNSENT_MAX} messages waited"
            # until the window's loop cuts the connection: it says so as it cuts, and the link is told as dropped
            # once the connection has ended (a loaded machine may take a while: the test then stops saying)
            while client.link == Link.CONNECTED and cut not in caplog.text:
                assert said < 5000, "the window never left a host that reads nothing"
                client.say("\U0001f600" * 300)  # 3.6 kB a line on the wire (JSON escapes)
                said += 1
                if said % 32 == 0:  # the loop has queued every line said so far (its callbacks run in order)
                    queued = threading.Event()
                    client._loop.call_soon_threadsafe(queued.set)
                    assert queued.wait(HANG_S)
            assert wait_for(client, LinkChange).link == Link.DROPPED
            assert cut in caplog.text
        finally:
            done.set()
            client.close()
            server.shutdown()
