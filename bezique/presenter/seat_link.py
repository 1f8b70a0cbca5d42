"""How a seat, or a client, is connected in a game on several computers: the one link vocabulary.

The table reads it on each ``Seat`` (a name plate's "dropped", the wait for a friend to join) and the network carries
it (``net.protocol``'s seat and link messages), so it is defined here, below both: the presenter never imports the
network, and the network imports this. Its values are the words the wire carries.
"""

from __future__ import annotations

from enum import StrEnum


class Link(StrEnum):
    """How a seat, or this client, is connected: the one vocabulary of both ends."""

    HERE = "here"  # at the host (its own player, the computers)
    OPEN = "open"  # nobody has joined it yet
    CONNECTING = "connecting"  # this client, on its way
    CONNECTED = "connected"
    DROPPED = "dropped"  # the connection was lost: the seat waits (the client rejoins by itself)
    CLOSED = "closed"  # this client: the game is over here
