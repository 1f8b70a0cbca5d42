"""Actions (one decision each) and the events the core reports (STYLE.md lessons 2 and 7)."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from bezique.rules.score_ids import MeldId


class Verb(StrEnum):
    """What an action does; the value is RECORD.md's key for it, so a record's text compares equal to the member."""

    PLAY = "play"
    MELD = "meld"
    EXCHANGE_SEVEN = "exchange_seven"
    DECLARE_SEVEN = "declare_seven"
    PASS_TO_PARTNER = "pass_to_partner"
    DONE = "done"


VERBS = tuple(Verb)  # RECORD.md's order


class Action(NamedTuple):
    """One decision. ``cards`` holds physical card uids (one for ``play``, the meld's cards for ``meld``);
    ``kind`` is the meld's id; ``seat`` is the teammate for ``pass_to_partner``."""

    verb: Verb
    cards: tuple[int, ...] = ()
    kind: MeldId | None = None
    seat: int | None = None


DONE_ACTION = Action(Verb.DONE)
EXCHANGE_ACTION = Action(Verb.EXCHANGE_SEVEN)
DECLARE_SEVEN_ACTION = Action(Verb.DECLARE_SEVEN)


class EventKind(StrEnum):
    """What an event reports; the value is its name on the wire, so a peer's text compares equal to the member.

    Each member's comment says which of ``Event``'s fields it fills.
    """

    DEAL_STARTED = "deal_started"  # seat = dealer
    DEALT = "dealt"  # seat, cards
    TURN_UP = "turn_up"  # cards = (card,)
    CARD_PLAYED = "card_played"  # seat, cards
    TRICK_WON = "trick_won"  # seat, cards
    DECLARATION_STEP = "declaration_step"  # seat
    MELD_DECLARED = "meld_declared"  # seat, cards, points, label = meld id
    SEVEN_EXCHANGED = "seven_exchanged"  # seat, cards = (seven, taken), points
    SEVEN_DECLARED = "seven_declared"  # seat, cards, points
    PASSED_TO_PARTNER = "passed_to_partner"  # seat = partner
    CARD_DRAWN = "card_drawn"  # seat, cards
    FINAL_PHASE = "final_phase"  # seat = the last trick's winner, who leads the final phase
    SCORED = "scored"  # seat, cards (what scored, if cards did), points, label = score id
    DEAL_SCORED = "deal_scored"
    DEAL_SETTLED = "deal_settled"  # seat = deal winner or None, points = what they gained (Rubicon and Chinese)
    TIE_BREAK_DEAL = "tie_break_deal"  # label = the tied leaders' seats, comma-separated
    GAME_OVER = "game_over"  # seat = winning side, or None for a draw


class Event(NamedTuple):
    """Something that changed, for the window to animate and the log to show.

    Events are omniscient (a ``card_drawn`` names the card); a view for one seat must hide what that seat may not
    see — see ``view.redact_event``. ``kind`` says what happened and which fields it fills (``EventKind``).
    """

    kind: EventKind
    seat: int | None = None
    cards: tuple[int, ...] = ()
    points: int = 0
    label: str = ""


EventSink = list[Event] | None
"""Where ``apply`` reports events: a list to append to, or None when nobody watches (the computer's search)."""
