"""``python -m bezique bench net``: a hosted two-handed game over localhost, played as fast as the wire allows.

A host and two clients in this process, over real sockets: the clients play random legal moves (and ask for each
next deal) until `actions` moves have been made. Every move is timed from the client's send to the update that
shows it played (its round trip: the host's checks, the rules, building and sending both views); the messages
counted are every message each client sent and received. Figures, never a timed test.

``tunnelled``: the clients join by an invitation, through the iroh tunnel on this machine (relays off: nothing
leaves it), so the figures beside the direct ones are what the tunnel adds to each move.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from bezique.game_mode import GameMode
from bezique.net import internet
from bezique.net.client import Client
from bezique.net.host import Host, HostedSession
from bezique.net.limits import Limits
from bezique.net.relays import RelayKind, Relays
from bezique.presenter.session import new_seats
from bezique.rules import make_ruleset

WAIT_S = 60.0  # a guard against a hang only


@dataclass(frozen=True)
class NetFigures:
    actions: int
    messages: int
    seconds: float
    round_trips: tuple[float, ...]

    @property
    def per_second(self) -> float:
        return self.messages / self.seconds if self.seconds > 0 else 0.0

    @property
    def median_ms(self) -> float:
        return statistics.median(self.round_trips) * 1000 if self.round_trips else 0.0


def _caught_up(client: Client, version: int) -> None:
    """Read the client's inbox until it has the update of `version` (or a later one)."""
    while client.update is None or client.update.version < version:
        client.inbox.get(timeout=WAIT_S)


def bench_net(actions: int, seed: int = 1, clock: Callable[[], float] = time.perf_counter,
              tunnelled: bool = False) -> NetFigures:
    """Play `actions` moves of a hosted game between two clients (through the tunnel if `tunnelled`); the figures
    of it.

    Raises:
        internet.InternetUnavailable: `tunnelled` on a computer without iroh.
    """
    rules = make_ruleset("two_handed")
    session = HostedSession(rules, new_seats(2, GameMode.HOTSEAT, "en", seed), seed=seed)
    # the clients move as fast as the wire allows, far faster than the message rate a person is held to
    host = Host(session, [0, 1], bind="127.0.0.1", port=0, limits=Limits(messages_burst=float("inf")))
    host.start()
    invited = None
    if tunnelled:
        invited = internet.invite(host, Relays(RelayKind.OFF))
        clients: list[Client] = [internet.client_for(name, invited.invitation.text(), Relays(RelayKind.OFF))
                                 for name in "AB"]
    else:
        clients = [Client("A"), Client("B")]
    received = [0]

    def count(_text: str) -> None:
        received[0] += 1

    sent = 0
    rng = random.Random(seed)
    trips: list[float] = []
    try:
        for client in clients:
            client.on_text = count
            client.connect(client.code if isinstance(client, internet.InternetClient) else host.code)
            sent += 1
            while client.seat is None:
                client.inbox.get(timeout=WAIT_S)
        start = clock()
        while len(trips) < actions and not session.over:
            if host.may_deal():
                session.start_deal()
                continue
            if session.awaiting_deal:
                for seat in host.waiting():
                    _caught_up(clients[seat], host.version)
                    clients[seat].ready()
                    sent += 1
                while not host.may_deal():
                    host.poll(WAIT_S)
                continue
            mover = session.to_act
            assert mover is not None
            client = clients[mover]
            legal = session.legal()
            version = host.version
            _caught_up(client, version)
            began = clock()
            client.send_move(rng.choice(legal))
            sent += 1
            action = host.poll(WAIT_S)
            while action is None:
                action = host.poll(WAIT_S)
            session.make_move(action)
            _caught_up(client, version + 1)
            trips.append(clock() - began)
        seconds = clock() - start
    finally:
        host.stop()
        for client in clients:
            client.close()
        if invited is not None:
            invited.stop()
    return NetFigures(len(trips), sent + received[0], seconds, tuple(trips))
