"""What an attacker found at the host's door after issue 44's first round, each closed and tried again here over
real sockets on localhost (other loopback addresses stand for other computers), on a stepped clock, never a wait:
a flood said once in the log (not once a frame already buffered), names that read the same told apart, wrong
codes spread over many addresses told to the host, sockets and connections that prove nothing bounded and
unable to keep a friend out,
and a continued host showing its friends' seats as waiting for their rejoin."""

from __future__ import annotations

import contextlib
import logging
import queue
import socket
from collections.abc import Iterator

import pytest
from websockets.exceptions import ConnectionClosed

from bezique.net.doorway import Doorway, token_key
from bezique.net.limits import Limits
from bezique.net.peer_text import name_key
from bezique.net.protocol import ChatLine, Link, Notice, NoticeKind, Update, Welcome
from tests.net.hosting import HANG_S, hosting, joined, wait_for
from tests.net.peers import Peer


class Clock:
    """A clock the test steps by hand (it never moves here: no bucket refills while a test floods)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def other_addresses() -> Iterator[list[str]]:
    """Loopback addresses besides 127.0.0.1, standing for other computers (Linux routes all of 127/8; a system
    that does not is skipped by name)."""
    addresses = [f"127.0.0.{n}" for n in range(2, 9)]
    probe = socket.socket()
    try:
        probe.bind((addresses[-1], 0))
    except OSError:
        pytest.skip("this system has no loopback address but 127.0.0.1")
    finally:
        probe.close()
    yield addresses


def test_a_flood_is_said_once_in_the_log_however_much_was_buffered(caplog: pytest.LogCaptureFixture) -> None:
    limits = Limits(clock=Clock(), messages_burst=20, messages_per_minute=60)
    caplog.set_level(logging.INFO, logger="bezique.net")
    with hosting("two_handed", ["human", "human"], [0, 1], limits=limits) as hosted:
        (ann,) = joined(hosted, "Ann")
        flooder = Peer(hosted.host.port, hosted.host.secret)
        flooder.send("join", name="Flood")
        with contextlib.suppress(ConnectionClosed):
            for _ in range(400):  # many on their way before the host has read the twenty-first
                flooder.send("chat", text="spam")
        wait_for(ann, Update, lambda u: u.seats[1].link == Link.DROPPED)  # the host has read the last frame
        flooder.close()
        said = [r.getMessage() for r in caplog.records if r.name == "bezique.net"]
        assert sum("sent more than a player can" in line for line in said) == 1, said
        assert not any("read nothing" in line for line in said)
        ann.say("still here")  # the table goes on
        ann.close()


def test_names_that_read_the_same_are_told_apart_at_the_table() -> None:
    assert name_key("\uff22\uff4f\uff42") == name_key("BOB") == name_key("bob")  # full-width, letter case
    assert name_key("\ufb01n") == name_key("fin")  # a ligature and its letters
    assert name_key("B\u043eb") != name_key("Bob")  # a Cyrillic о: another script, not folded (the README says)
    with hosting("three_handed", ["human", "human", "human"], [0, 1, 2]) as hosted:
        clients = joined(hosted, "bob", "\uff22\uff2f\uff22", "\ufb01n")
        hosted.host.poll()
        assert hosted.host.names == ["bob", "\uff22\uff2f\uff22 2", "\ufb01n"]
        for client in clients:
            client.close()


def test_wrong_codes_spread_over_many_addresses_are_told(other_addresses: list[str]) -> None:
    limits = Limits(clock=Clock(), wrong_codes_notice=3, wrong_codes_notice_everyone=5)
    with hosting("two_handed", ["human", "human"], [0, 1], limits=limits) as hosted:
        host = hosted.host
        told: queue.Queue[Notice] = queue.Queue()
        host.on_notice = told.put
        for number, address in enumerate(other_addresses[:5]):  # two from each: none reaches three alone
            for again in range(2):
                peer = Peer(host.port, host.secret ^ (1 + number * 2 + again), source=address)
                peer.send("join", name="Eve")
                peer.closed_code()
        notices = [told.get(timeout=HANG_S), told.get(timeout=HANG_S)]
        assert [(n.kind, n.who, n.count) for n in notices] == [
            (NoticeKind.WRONG_CODES_SPREAD, "3", 5), (NoticeKind.WRONG_CODES_SPREAD, "5", 10)]
        assert told.empty()


def test_sockets_that_never_begin_the_handshake_are_bounded_and_cannot_keep_a_friend_out(
        other_addresses: list[str]) -> None:
    limits = Limits(connections_per_address=2, connections_from_afar=4)
    with hosting("two_handed", ["human", "human"], [0, 1], limits=limits) as hosted:
        port = hosted.host.port

        def raw(source: str) -> socket.socket:
            sock = socket.socket()
            sock.settimeout(HANG_S)
            sock.bind((source, 0))
            sock.connect(("127.0.0.1", port))
            return sock

        def cut(sock: socket.socket) -> bool:
            try:
                return sock.recv(1) == b""
            except ConnectionResetError:
                return True

        first = [raw(other_addresses[0]) for _ in range(2)]
        assert cut(raw(other_addresses[0]))  # a third from one address is refused
        second = [raw(other_addresses[1]) for _ in range(2)]
        newcomer = raw(other_addresses[2])  # a fifth from all: the oldest that proved nothing makes room
        assert cut(first[0])
        assert hosted.host.gate.open == {other_addresses[0]: 1, other_addresses[1]: 2, other_addresses[2]: 1}
        friend = Peer(port, hosted.host.secret, source=other_addresses[3])  # proves the code: never cut for room
        friend.send("join", name="Ann")
        assert friend.read_until(Welcome).seat == 0
        assert cut(first[1])
        more = [raw(other_addresses[n]) for n in (4, 4, 5, 5)]  # strangers keep coming: they cut each other
        assert cut(second[0]) and cut(second[1]) and cut(newcomer)
        friend.send("chat", text="still here")
        assert friend.read_until(ChatLine).text == "still here"
        (own,) = joined(hosted, "Bob")  # from this machine: not counted, never kept out
        assert wait_for(own, Update).seats[0].link == Link.CONNECTED
        for sock in more:
            sock.close()
        friend.close()
        own.close()


def test_connections_that_prove_nothing_cannot_keep_a_friend_out_of_the_door() -> None:
    with hosting("two_handed", ["human", "human"], [0, 1], limits=Limits(unjoined=2)) as hosted:
        port = hosted.host.port
        idle = [Peer(port, None), Peer(port, None)]  # open websockets that never begin the key exchange
        friend = Peer(port, hosted.host.secret)  # the door is full of strangers: the oldest makes room
        assert idle[0].closed_code() is None
        friend.send("join", name="Ann")
        assert friend.read_until(Welcome).seat == 0
        holder = Peer(port, hosted.host.secret)  # proves the code and waits: it is not cut for the next
        later = Peer(port, None)
        assert idle[1].closed_code() is None
        holder.send("join", name="Bob")
        assert holder.read_until(Welcome).seat == 1
        for peer in (friend, holder, later):
            peer.close()


def test_a_continued_host_shows_its_friends_seats_as_waiting_for_their_rejoin() -> None:
    door = Doorway(7, [1, 2], ["Host", "Ann", "Bob"], Limits(), lambda _item: None, {token_key("ann's"): 1})
    assert door.links == [Link.HERE, Link.DROPPED, Link.OPEN]  # Ann's token was kept: she comes back by herself
