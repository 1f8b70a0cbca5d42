"""Which relays carry a game across the internet when no direct path can be punched: the config's ``internet``
settings as the tunnel reads them.

A relay sees only encrypted bytes (QUIC's, and the game's own inside); it is there because two home routers often
cannot reach each other directly. ``public`` uses n0's free public relays; a URL names a relay the players run
themselves (``iroh-relay``), with the token it asks for; ``off`` uses none (the tests, and a network with no way
out). This module needs no iroh, so the settings are read and checked on any computer.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class RelayKind(enum.Enum):
    PUBLIC = "public"  # n0's public relays (the default)
    OWN = "own"  # a relay the players run themselves, at `url`, with its token
    OFF = "off"  # no relay: only direct paths


@dataclass(frozen=True)
class Relays:
    """The relays an endpoint uses."""

    kind: RelayKind = RelayKind.PUBLIC
    url: str = ""
    token: str = ""


def relays_from(relay: str, token: str = "") -> Relays:
    """The relays the config's ``internet.relay`` names ("public", "off" or a relay's URL) with its token."""
    if relay in (RelayKind.PUBLIC.value, RelayKind.OFF.value):
        return Relays(RelayKind(relay))
    return Relays(RelayKind.OWN, relay, token)
