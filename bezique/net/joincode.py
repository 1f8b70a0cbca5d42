"""The join code: the host's LAN address, its port and the game's secret in one short code a friend can type.

Why one code: a friend across the room reads eleven to fourteen characters off the host's screen, not an address, a
port and a password. The alphabet is Crockford's base 32 (no I, L, O or U; typed O is read as 0, I and L as 1,
case and dashes ignored), so what is misread still decodes. The bits, most significant first: a 2-bit tag saying
which private range the address is in (192.168/16: 16 bits follow, 10/8: 24, 172.16/12: 20, any other: all 32),
then 1 bit "another port than the default" (and then the 16-bit port), then the 35-bit secret; padded with zero
bits to whole characters and shown in groups of four. A typical home network gives ``K7Q2-M9XA-P3R``.

The secret alone (``secret_of``) is the password of the key exchange (``channel.secret_bytes``): it never crosses
the wire, and a friend who joins by typing the host's address still types the code, of which only the secret is
used. This module and ``channel`` are the whole of the code's handling: another way of inviting (over the
internet) carries the same secret and derives the same key.
"""

from __future__ import annotations

import ipaddress
import secrets
from dataclasses import dataclass
from enum import StrEnum

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_READ = {ch: i for i, ch in enumerate(ALPHABET)} | {"O": 0, "I": 1, "L": 1}
DEFAULT_PORT = 47338
SECRET_BITS = 35  # guessing it takes centuries at the rate the host allows (limits.guess_years)
# (network, bits kept of the address) in tag order; the last tag keeps the whole address
_RANGES = (("192.168.0.0/16", 16), ("10.0.0.0/8", 24), ("172.16.0.0/12", 20), ("0.0.0.0/0", 32))


class Mistake(StrEnum):
    """Why a typed code (or address) cannot be read, worded for the player by the window
    (``net.bad_code_<mistake>`` in every language, with the character or port at fault)."""

    CHARACTER = "character"  # a character outside the alphabet
    EMPTY = "empty"
    TOO_SHORT = "too_short"
    TOO_LONG = "too_long"
    PORT = "port"  # the typed address's port is not a number


class JoinCodeError(ValueError):
    """A code that cannot be read: `mistake` says why, `what` names the character or port at fault (the message,
    for logs, says both)."""

    def __init__(self, mistake: Mistake, what: str = "") -> None:
        super().__init__(f"{mistake.value} {what!r}" if what else mistake.value)
        self.mistake = mistake
        self.what = what


@dataclass(frozen=True)
class JoinCode:
    """Where the host listens and the game's secret."""

    address: str  # dotted IPv4
    port: int
    secret: int  # SECRET_BITS bits

    @classmethod
    def fresh(cls, address: str, port: int) -> JoinCode:
        """A code for a new game at `address`:`port`, with a new random secret."""
        return cls(address, port, secrets.randbits(SECRET_BITS))

    def text(self) -> str:
        """The code as the host shows it, e.g. ``K7Q2-M9XA-P``."""
        value, bits = 0, 0

        def put(number: int, width: int) -> None:
            nonlocal value, bits
            value = (value << width) | number
            bits += width

        ip = int(ipaddress.IPv4Address(self.address))
        for tag, (network, kept) in enumerate(_RANGES):
            if ipaddress.IPv4Address(self.address) in ipaddress.IPv4Network(network):
                put(tag, 2)
                put(ip & ((1 << kept) - 1), kept)
                break
        other_port = self.port != DEFAULT_PORT
        put(int(other_port), 1)
        if other_port:
            put(self.port, 16)
        put(self.secret, SECRET_BITS)
        pad = -bits % 5
        value <<= pad
        chars = [ALPHABET[(value >> shift) & 31] for shift in range(bits + pad - 5, -1, -5)]
        return "-".join("".join(chars[i:i + 4]) for i in range(0, len(chars), 4))


def normalise(text: str) -> list[int]:
    """The digits of a typed code: case, spaces and dashes ignored, O read as 0 and I, L as 1.

    Raises:
        JoinCodeError: a character outside the alphabet (named), or no code at all.
    """
    digits = []
    for ch in text.upper():
        if ch in " -":
            continue
        if ch not in _READ:
            raise JoinCodeError(Mistake.CHARACTER, ch)
        digits.append(_READ[ch])
    if not digits:
        raise JoinCodeError(Mistake.EMPTY)
    return digits


def parse(text: str) -> JoinCode:
    """The address, port and secret a typed code names.

    Raises:
        JoinCodeError: the code is mistyped (a wrong character, too short or too long).
    """
    digits = normalise(text)
    value, bits = 0, 0
    for digit in digits:
        value = (value << 5) | digit
        bits += 5

    def take(width: int) -> int:
        nonlocal bits
        if bits < width:
            raise JoinCodeError(Mistake.TOO_SHORT)
        bits -= width
        return (value >> bits) & ((1 << width) - 1)

    tag = take(2)
    network, kept = _RANGES[tag]
    base = int(ipaddress.IPv4Network(network).network_address)
    address = str(ipaddress.IPv4Address(base | take(kept)))
    port = take(16) if take(1) else DEFAULT_PORT
    secret = take(SECRET_BITS)
    if bits >= 5 or value & ((1 << bits) - 1):
        raise JoinCodeError(Mistake.TOO_LONG)
    return JoinCode(address, port, secret)


def secret_of(text: str) -> int | None:
    """The secret of a typed code, or None when it cannot be read (the host refuses it as a bad code)."""
    try:
        return parse(text).secret
    except JoinCodeError:
        return None
