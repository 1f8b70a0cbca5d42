"""What the host allows a peer: how many connections, how many key exchanges (each one a guess of the code), how
many chat lines, how much unread, how long to join. One place, so the arithmetic of guessing (``guess_years``)
is made from the very numbers the host enforces.

Why a token bucket (``Rate``): it lets a person's burst through (a friend who mistypes the code twice, a quick
"gg" "wp" "again?") and holds any machine to the long-run rate. Its clock is injected, so the tests step time
instead of waiting for it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from bezique.net.joincode import SECRET_BITS

SECONDS_PER_YEAR = 365.25 * 24 * 3600
Held = TypeVar("Held", bound=Hashable)


class Rate:
    """At most `per_minute` events a minute in the long run, `burst` at once; ``allow`` takes one if it may."""

    def __init__(self, per_minute: float, burst: float, clock: Callable[[], float]) -> None:
        self.per_second = per_minute / 60
        self.burst = burst
        self.clock = clock
        self._tokens = burst
        self._at = clock()

    def allow(self) -> bool:
        now = self.clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.per_second)
        self._at = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True


@dataclass
class Limits:
    """The host's limits (a test gives smaller ones, and its own clock)."""

    clock: Callable[[], float] = time.monotonic
    connections_per_address: int = 8  # open at once from one address
    connections_from_afar: int = 64  # TCP connections open at once from other computers, at any stage (those
    # that never begin the websocket's handshake too): what bounds the host's open files
    unjoined: int = 32  # open at once and not yet playing a seat, from everyone
    join_timeout_s: float = 20.0  # a connection that has not taken a seat by then is closed
    exchanges_per_minute: float = 60  # key exchanges (each a guess of the code) from everyone
    exchanges_burst: float = 30
    exchanges_per_minute_per_address: float = 12
    exchanges_burst_per_address: float = 6
    chat_per_minute: float = 30  # lines one seat may say
    chat_burst: float = 10
    messages_per_minute: float = 600  # anything one connection sends (ten a second)
    messages_burst: float = 120
    outbox: int = 256  # messages waiting to be sent to one connection: a peer that reads none is dropped
    frames_after_goodbye: int = 16  # a connection told to go (flooded) that sends more than this is cut at once
    send_buffer: int = 1 << 16  # bytes the system may hold unsent for one connection (beside the outbox)
    wrong_codes_notice: int = 3  # the table is told when an address has tried this many wrong codes (and again
    # every `wrong_codes_notice` more)
    wrong_codes_notice_everyone: int = 10  # and when this many in all came from several addresses (each of which
    # may have tried fewer than `wrong_codes_notice`), and every as many more
    _rates: dict[str, Rate] = field(default_factory=dict, repr=False)
    _everyone: Rate | None = field(default=None, repr=False)

    def exchange_allowed(self, address: str) -> bool:
        """Whether a key exchange from `address` may go ahead now (it is counted if so)."""
        if self._everyone is None:
            self._everyone = Rate(self.exchanges_per_minute, self.exchanges_burst, self.clock)
        mine = self._rates.get(address)
        if mine is None:
            if len(self._rates) > 10_000:  # bounded: the oldest addresses' buckets go (they were full again)
                self._rates.clear()
            mine = self._rates[address] = Rate(self.exchanges_per_minute_per_address,
                                               self.exchanges_burst_per_address, self.clock)
        return mine.allow() and self._everyone.allow()

    def chat_rate(self) -> Rate:
        return Rate(self.chat_per_minute, self.chat_burst, self.clock)

    def message_rate(self) -> Rate:
        return Rate(self.messages_per_minute, self.messages_burst, self.clock)


def guess_years(limits: Limits, secret_bits: int = SECRET_BITS) -> float:
    """How long finding the code by guessing takes on average at the best rate `limits` allow, from every address
    together: half the secrets are tried, one key exchange each (the first burst is a rounding error)."""
    guesses = 1 << (secret_bits - 1)
    return (guesses - limits.exchanges_burst) / (limits.exchanges_per_minute / 60) / SECONDS_PER_YEAR


class Unproven(Generic[Held]):
    """The connections that have not yet proven the join code, oldest first, and the one policy for a newcomer when
    connections are at their limit: the oldest of them is cut to make room (``make_room``), never one that proved
    the code; the newcomer is refused only when every one has. Kept by each place that counts connections: the
    sockets from other computers (``sockets.SocketGate``), the door's connections not yet playing (``doorway``)
    and the internet tunnel's connections (``tunnel.HostTunnel``).

    Why the oldest stranger goes rather than the newcomer: a friend proves the code within a round trip of
    connecting, so a stranger who holds connections open can no longer keep a friend out by opening them once;
    they would have to open them faster than a friend's key exchange takes."""

    def __init__(self) -> None:
        self._oldest_first: dict[Held, None] = {}

    def __len__(self) -> int:
        return len(self._oldest_first)

    def __contains__(self, held: object) -> bool:
        return held in self._oldest_first

    def add(self, held: Held) -> None:
        """A newcomer, yet to prove the code."""
        self._oldest_first[held] = None

    def settle(self, held: Held) -> None:
        """`held` proved the code, or ended: it is never cut to make room."""
        self._oldest_first.pop(held, None)

    def make_room(self, cut: Callable[[Held], None]) -> bool:
        """`cut` the oldest that has not proven the code (it is settled first); False when there is none."""
        oldest = next(iter(self._oldest_first), None)
        if oldest is None:
            return False
        self.settle(oldest)
        cut(oldest)
        return True
