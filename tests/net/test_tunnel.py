"""A game across the internet, through the iroh tunnel, inside a loopback-only network namespace with relays off
(``conftest``'s ``netns``): friends join by the invitation, play a whole deal, drop and come back, a wrong secret
gets nobody in, and a peer that never reads holds up nobody else. Nothing here can reach the internet."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from contextlib import contextmanager

import iroh
import pytest
from websockets.exceptions import ConnectionClosed

from bezique.net import internet, tunnel
from bezique.net.channel import FriendExchange
from bezique.net.client import Client, LinkChange
from bezique.net.invitation import Invitation
from bezique.net.protocol import CloseReason, Closing, ErrorCode, Link, Refused, Update, Welcome
from bezique.net.relays import RelayKind, Relays
from bezique.net.tunnel import ClientTunnel
from bezique.rules import view_for
from tests.net.hosting import HANG_S, Bot, Hosted, hosting, latest, play_bots, wait_for

pytestmark = pytest.mark.netns
FLOOD = 2000  # messages the deaf peer sends, each refused with an answer it never reads
OFF = Relays(RelayKind.OFF)  # no relay: the namespace has no way out, and the test must not need one


def joined(hosted: Hosted, invited: internet.Invited, *names: str, auto_rejoin: bool = False) -> list[Client]:
    clients: list[Client] = []
    for name in names:
        client = internet.join(name, invited.invitation.text(), OFF, auto_rejoin)
        wait_for(client, Welcome)
        clients.append(client)
    return clients


@contextmanager
def invited_game() -> Iterator[tuple[Hosted, internet.Invited]]:
    """A two-handed game for two friends hosted on localhost and offered to the internet (relays off): the hosted
    game and its invitation's tunnel, which stops on the way out whatever the test did."""
    with hosting("two_handed", ["human", "human"], [0, 1]) as hosted:
        invited = internet.invite(hosted.host, OFF)
        try:
            yield hosted, invited
        finally:
            invited.stop()


def test_tunnel_friends_play_a_whole_deal_and_hear_the_host_quit() -> None:
    with invited_game() as (hosted, invited):
        assert 100 <= len(invited.invitation.ticket) <= 400
        a, b = joined(hosted, invited, "Ann", "Bob")
        assert (a.seat, b.seat) == (0, 1) and invited.tunnel.pipes == 2
        # the host sees each friend as its iroh peer, not as 127.0.0.1 like every other (its limits count them
        # apart), and its own loopback connections as no peer at all
        peers = {hosted.host.door.who(conn.ws) for conn in hosted.host.door.conns.values()}
        assert len(peers) == 2 and all(peer.startswith("internet:") for peer in peers), peers
        assert invited.tunnel.peer_of(("127.0.0.1", hosted.host.port)) is None
        play_bots([Bot(a, seed=1), Bot(b, seed=2)])
        session = hosted.session
        assert session.awaiting_deal and session.state.deal_index == 0
        for client in (a, b):  # each saw exactly its seat's view of the deal's end, through the tunnel
            assert latest(client, hosted.host).view == view_for(session.state, client.seat)
        hosted.host.stop()
        for client in (a, b):  # the host's goodbye comes through before its tunnel closes
            assert wait_for(client, Closing).reason == "host_quit"
        a.close()
        b.close()


def test_tunnel_a_cut_connection_is_a_drop_and_the_friend_rejoins_by_itself() -> None:
    with invited_game() as (hosted, invited):
        a, b = joined(hosted, invited, "Ann", "Bob", auto_rejoin=True)
        before = wait_for(a, Update, lambda u: u.view.phase != "await_deal")
        assert isinstance(before, Update) and isinstance(a, internet.InternetClient)
        a.tunnel.cut()  # the internet path fails: the tunnel's connection to the host is gone
        assert wait_for(a, LinkChange, lambda c: c.link == "dropped")
        assert wait_for(b, Update, lambda u: u.seats[0].link == "dropped")
        welcome = wait_for(a, Welcome)  # by itself, through a new connection
        assert (welcome.seat, welcome.token) == (0, a.token)
        back = wait_for(a, Update)
        assert isinstance(back, Update) and (back.version, back.view) == (before.version, before.view)
        assert wait_for(b, Update, lambda u: u.seats[0].link == "connected")
        play_bots([Bot(a, seed=3), Bot(b, seed=4)])
        assert hosted.session.awaiting_deal and invited.tunnel.pipes == 3
        a.close()
        b.close()


def test_tunnel_a_wrong_secret_gets_nobody_in() -> None:
    with invited_game() as (hosted, invited):
        wrong = Invitation(invited.invitation.ticket, hosted.host.secret ^ 1)
        stranger = internet.join("Eve", wrong.text(), OFF)
        refused = wait_for(stranger, Refused)
        assert refused.code == ErrorCode.BAD_CODE and stranger.seat is None
        assert hosted.host.links[0] == hosted.host.links[1] == "open"
        stranger.close()


def test_tunnel_a_peer_that_never_reads_holds_up_nobody() -> None:
    """A peer that knows the secret, opens the channel and then floods without ever reading the host's answers:
    the tunnel holds one chunk of it at most (QUIC's flow control stops the rest), the host's limits deal with it,
    and the friends play a whole deal through the same tunnel meanwhile."""
    from websockets.asyncio.client import connect

    with invited_game() as (hosted, invited):
        deaf = internet.join("Deaf", invited.invitation.text(), OFF)  # joins, then its tunnel is used raw below
        try:
            wait_for(deaf, Welcome)
            deaf.drop()  # its seat is dropped; a friend takes it back below by the invitation
            loop = asyncio.new_event_loop()

            async def flood() -> int:
                ws = await connect(f"ws://127.0.0.1:{deaf.tunnel.port}", max_queue=1, ping_interval=None)
                exchange = FriendExchange(hosted.host.secret)
                await ws.send(exchange.hello)
                sealer = exchange.finish(await ws.recv())  # the one thing it ever reads
                sent = 0
                try:
                    for seq in range(1, FLOOD + 1):  # each answered by the host with a refusal, none read
                        await ws.send(sealer.seal(json.dumps({"type": "bogus", "v": 1, "seq": seq})))
                        sent += 1
                except (ConnectionClosed, OSError):
                    return sent  # the host cut it, through the tunnel
                finally:
                    ws.transport.abort()
                return sent

            sent = loop.run_until_complete(asyncio.wait_for(flood(), HANG_S))
            loop.close()
            assert sent < FLOOD  # the host dropped the peer that read nothing long before its flood was over
            a, b = joined(hosted, invited, "Ann", "Bob")
            play_bots([Bot(a, seed=5), Bot(b, seed=6)])
            assert hosted.session.awaiting_deal
            a.close()
            b.close()
        finally:
            deaf.close()


def test_tunnel_an_invitation_whose_host_is_gone_says_so_in_its_own_words(caplog: pytest.LogCaptureFixture) -> None:
    with hosting("two_handed", ["human", "human"], [0, 1]) as hosted:
        invited = internet.invite(hosted.host, OFF)
        text = invited.invitation.text()
        invited.stop()  # the host stopped offering the game to the internet (or its computer went away)
        late = internet.join("Ann", text, OFF)
        try:
            closed = wait_for(late, LinkChange, lambda c: c.link == Link.CLOSED)
            assert closed.reason == CloseReason.UNREACHABLE_INTERNET and late.seat is None
        finally:
            late.close()  # its tunnel stops while still dialling the host that is gone: nothing to report
        assert not [r.getMessage() for r in caplog.records if r.name == "asyncio"]


def stranger_holding_a_connection(invited: internet.Invited) -> ClientTunnel:
    """A peer with the ticket (not the secret) that opens a connection and a stream to the host and then sends
    nothing: the host's tunnel holds a connection that proves nothing."""
    stranger = ClientTunnel(invited.invitation.ticket, OFF)
    stranger.start()
    stranger._loop.run(stranger._stream(), HANG_S)  # the host has taken the connection in once this returns
    return stranger


def test_tunnel_strangers_holding_every_connection_keep_no_friend_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """At the tunnel's limit the oldest connection that proved nothing is closed for a newcomer, as the door and
    the socket gate do (``limits.Unproven``); only when every connection has proven the code is one refused.
    Before, the tunnel refused every newcomer at the limit: strangers with the ticket kept friends out."""
    monkeypatch.setattr(tunnel, "MAX_CONNECTIONS", 2)
    with invited_game() as (hosted, invited):
        strangers = [stranger_holding_a_connection(invited) for _ in range(2)]
        try:
            a, b = joined(hosted, invited, "Ann", "Bob")  # each makes room: the oldest stranger goes, then the other
            assert (a.seat, b.seat) == (0, 1) and len(invited.tunnel._served) == 2
            late = ClientTunnel(invited.invitation.ticket, OFF)
            late.start()
            try:
                with pytest.raises(iroh.IrohError):  # both connections proved the code: the newcomer is refused
                    late._loop.run(late._stream(), HANG_S)
            finally:
                late.stop()
            a.close()
            b.close()
        finally:
            for stranger in strangers:
                stranger.stop()


def test_tunnel_a_connection_keeps_only_its_live_pipes() -> None:
    """Each rejoin over the same connection is a new stream: the pipes that ended are let go (they were kept for
    as long as the connection lasted)."""
    with invited_game() as (hosted, invited):
        a, b = joined(hosted, invited, "Ann", "Bob", auto_rejoin=True)

        def served() -> object:  # Ann's connection at the host's tunnel, by the loopback port her stream comes from
            return invited.tunnel._carriers[hosted.host.door.conns[a.seat].ws.remote_address[1]]

        first = served()
        for _ in range(3):
            ended = set(first.pipes)
            a.drop()  # the websocket is cut, not the internet path: the rejoin is a new stream on this connection
            wait_for(a, Welcome)
            invited.tunnel._loop.run(asyncio.wait(ended, timeout=HANG_S), HANG_S + 1)
            assert served() is first and len(first.pipes) == 1
        a.close()
        b.close()
