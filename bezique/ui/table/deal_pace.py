"""How fast the cards are dealt: a deal is for getting on with the game, not a ceremony to sit through.

The dealer's packets (RULES.md §1.3) are still dealt one after another, each card flying to its seat, but a packet
no longer waits for the last one to land: they follow each other on a fixed beat, so the whole deal takes about
``deal_seconds`` whatever the number of packets (two-handed: 6 packets, six-handed: 24), and then the turn-up or the
stock is laid. A click or a key deals the rest at once (``Stage.hurry``). Every figure is for the normal animation
speed and is scaled by the speed setting (``pause_time``); the tests step the animation clock to hold the totals.
"""

from __future__ import annotations

from bezique.presenter.model import Staging
from bezique.rules import EventKind
from bezique.ui.kit.tween import pause_time

# the events (and the stage's steps) that make up a deal on the table
DEAL_KINDS = frozenset({EventKind.DEAL_STARTED, Staging.PACKET, EventKind.TURN_UP, Staging.STOCK_LAID})
SHUFFLE_SECONDS = 0.3  # the pack gathered in the middle before the first packet leaves


def deal_seconds(seats: int) -> float:
    """The packets' part of a deal at the normal speed: two seats 1.3 s, each seat more 0.25 s (six: 2.3 s), so
    that with the shuffle and the landing a two-handed deal is dealt in about 2 s and a six-handed one in about 3."""
    return 1.3 + 0.25 * max(seats - 2, 0)


def packet_beat(seats: int, packets: int, speed: str) -> float:
    """Seconds from one packet's first card leaving to the next packet's, at `speed`."""
    return pause_time(deal_seconds(seats) / max(packets, 1), speed)


def card_stagger(beat: float, cards: int) -> float:
    """Seconds between the cards of one packet: they leave one after the other within the first part of its beat."""
    return beat * 0.6 / max(cards, 1)


def shuffle_pause(speed: str) -> float:
    return pause_time(SHUFFLE_SECONDS, speed)
