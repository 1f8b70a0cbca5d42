"""The invitation to a game across the internet: where the host is (an iroh ticket) and the game's secret, in one
link a friend pastes into Join or opens, e.g. ``bezique://join/endpointab…q/K7Q2M9X``.

Why a link and not a code: an iroh ticket is 111 to 184 characters (the host's key, its relay, its addresses), so
nobody types it; it is copied and sent (a chat, an e-mail) and pasted or clicked. The secret travels with it, in the
join code's own alphabet (``joincode.ALPHABET``), because the friend's end proves it knows the secret exactly as on
the local network (``joincode``'s secret is what both ends put into the key exchange): the relays and anyone who
sees the traffic see only encrypted bytes, and a ticket without the right secret gets nobody into the game.

Reading is forgiving where a messenger is not: spaces and line breaks it put inside the link, the angle brackets or
quotes around it and the case of its letters are ignored. This module needs no iroh: a link is read (and a bad one
said) even on a computer that cannot play over the internet.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from bezique.net.joincode import ALPHABET, SECRET_BITS, JoinCodeError, normalise

SCHEME = "bezique"
PREFIX = f"{SCHEME}://join/"
TICKET_MAX = 400  # iroh's tickets are 111-184 characters today; more is not a ticket
_TICKET = re.compile(r"endpoint[a-z2-7]{40,400}")  # iroh's ticket: its kind, then lowercase base32 (RFC 4648)
_SECRET_DIGITS = -(-SECRET_BITS // 5)
TEXT_MAX = len(PREFIX) + TICKET_MAX + 1 + _SECRET_DIGITS  # the longest invitation: a field that takes one takes this
_AROUND = " \t\r\n<>\"'`()[]"  # what a messenger or a person puts around a link


class Flaw(StrEnum):
    """What is wrong with a text that is not an invitation, worded for the player by the window
    (``net.bad_invitation_<flaw>`` in every language)."""

    NOT_ONE = "not_one"  # it does not start as an invitation does
    CUT_SHORT = "cut_short"
    ADDRESS_DAMAGED = "address_damaged"  # the ticket
    SECRET_DAMAGED = "secret_damaged"


class InvitationError(ValueError):
    """A text that is not an invitation: `flaw` says what is wrong with it (its value is the message, for logs)."""

    def __init__(self, flaw: Flaw) -> None:
        super().__init__(flaw.value)
        self.flaw = flaw


@dataclass(frozen=True)
class Invitation:
    """Where the host listens on the internet (an iroh ticket) and the game's secret."""

    ticket: str
    secret: int

    def text(self) -> str:
        """The link the host copies for its friends."""
        digits = "".join(ALPHABET[(self.secret >> shift) & 31] for shift in range(5 * (_SECRET_DIGITS - 1), -1, -5))
        return f"{PREFIX}{self.ticket}/{digits}"


def looks_like(text: str) -> bool:
    """Whether `text` is meant as an invitation (it names the scheme) rather than a join code for the LAN."""
    return text.strip(_AROUND).lower().startswith(f"{SCHEME}:")


def tidy(text: str) -> str:
    """`text` as an invitation is read: without the spaces, line breaks, brackets and quotes a messenger or a copy
    put in and around it."""
    return "".join(text.split()).strip(_AROUND)


def parse(text: str) -> Invitation:
    """The ticket and secret of a pasted or opened invitation.

    Raises:
        InvitationError: not an invitation, or one cut short or altered (its flaw named).
    """
    flat = tidy(text)
    if not flat.lower().startswith(PREFIX):
        raise InvitationError(Flaw.NOT_ONE)
    parts = flat[len(PREFIX):].rstrip("/").split("/")
    if len(parts) != 2 or not parts[1]:
        raise InvitationError(Flaw.CUT_SHORT)
    ticket = parts[0].lower()
    if not _TICKET.fullmatch(ticket) or len(ticket) > TICKET_MAX:
        raise InvitationError(Flaw.ADDRESS_DAMAGED)
    try:
        digits = normalise(parts[1])
    except JoinCodeError:
        raise InvitationError(Flaw.SECRET_DAMAGED) from None
    secret = 0
    for digit in digits:
        secret = (secret << 5) | digit
    if len(digits) != _SECRET_DIGITS or secret >> SECRET_BITS:
        raise InvitationError(Flaw.SECRET_DAMAGED)
    return Invitation(ticket, secret)
