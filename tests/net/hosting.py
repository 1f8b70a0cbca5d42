"""Helpers for the network tests: a host on localhost with a headless driver, and clients that play by chance.

Everything waits on queues with a generous timeout that only guards against a hang (``HANG_S``): no test measures
time or sleeps.
"""

from __future__ import annotations

import queue
import random
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from bezique.ai.levels import make_player
from bezique.net.client import Client, LinkChange
from bezique.net.host import Host, HostedSession, Saver, drive
from bezique.net.limits import Limits
from bezique.net.protocol import HostMessage, Refused, Update, Welcome
from bezique.presenter.session import new_seats
from bezique.rules import make_ruleset

HANG_S = 60.0  # a guard against a hang only: every wait ends long before it when things work


@dataclass
class Hosted:
    host: Host
    driver: threading.Thread
    stop: threading.Event

    @property
    def session(self) -> HostedSession:
        return self.host.session


def make_session(variant: str, kinds: list[str], seed: int = 7, target: int | None = None) -> HostedSession:
    rules = make_ruleset(variant, {"target_score": target} if target else None)
    seats = new_seats(rules.players, "computer", "en", seed, "beginner", kinds=kinds)
    return HostedSession(rules, seats, seed=seed)


@contextmanager
def hosting(variant: str, kinds: list[str], remote: list[int], seed: int = 7,
            target: int | None = None, save_meta: dict | None = None, limits: Limits | None = None,
            saver: Saver | None = None) -> Iterator[Hosted]:
    """A host on 127.0.0.1 (a free port) whose computers (the "ai" kinds) play at once, driven on a thread."""
    session = make_session(variant, kinds, seed, target)
    host = Host(session, remote, bind="127.0.0.1", port=0, save_meta=save_meta, limits=limits, saver=saver)
    host.start()
    players = {s: make_player("beginner", seed + s) for s, k in enumerate(kinds) if k == "ai"}
    stop = threading.Event()
    driver = threading.Thread(target=drive, args=(host, players, stop), daemon=True)
    driver.start()
    try:
        yield Hosted(host, driver, stop)
    finally:
        stop.set()
        host.stop()
        driver.join(HANG_S)


def next_message(client: Client) -> HostMessage | LinkChange:
    try:
        return client.inbox.get(timeout=HANG_S)
    except queue.Empty:
        raise AssertionError(f"{client.name}: nothing from the host (link {client.link})") from None


def wait_for(client: Client, kind: type, where=lambda m: True) -> HostMessage | LinkChange:
    """The next message of `kind` matching `where` (the ones before it are passed over)."""
    while True:
        message = next_message(client)
        if isinstance(message, kind) and where(message):
            return message


@dataclass
class Bot:
    """A client that plays a random legal action whenever the host says it may, and asks for each next deal."""

    client: Client
    seed: int
    deals: int = 1  # stop once this many deals are over
    refused: list[Refused] = field(default_factory=list)
    error: BaseException | None = None

    def run(self) -> None:
        try:
            self._play()
        except BaseException as exc:  # reported on the test's thread
            self.error = exc

    def _play(self) -> None:
        rng = random.Random(self.seed)
        acted = -1
        current = self.client.update  # the update already read, if the test read it: the bot starts from it
        while True:
            message, current = current or next_message(self.client), None
            if isinstance(message, Refused):
                self.refused.append(message)
                continue
            if not isinstance(message, Update):
                continue
            view = message.view
            done = view.deal_index + 1 - (view.phase != "await_deal")
            if view.finished or done >= self.deals:
                return
            if message.version == acted:
                continue
            if message.legal and view.to_act == self.client.seat:
                acted = message.version
                self.client.send_move(rng.choice(message.legal))
            elif self.client.seat in message.waiting:
                acted = message.version
                self.client.ready()


def latest(client: Client, host: Host) -> Update:
    """The client's update for the host's current version (the ones before it are passed over)."""
    if client.update is not None and client.update.version == host.version:
        return client.update
    message = wait_for(client, Update, lambda u: u.version == host.version)
    assert isinstance(message, Update)
    return message


def joined(hosted: Hosted, *names: str) -> list[Client]:
    """Clients that joined one after the other (so the first has the first remote seat), each seen its welcome."""
    clients = []
    for name in names:
        client = Client(name)
        client.connect(hosted.host.code)
        wait_for(client, Welcome)
        clients.append(client)
    return clients


def play_bots(bots: list[Bot]) -> None:
    threads = [threading.Thread(target=b.run, daemon=True) for b in bots]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(HANG_S * 10)
        assert not thread.is_alive(), "a client hung"
    for bot in bots:
        if bot.error is not None:
            raise bot.error
