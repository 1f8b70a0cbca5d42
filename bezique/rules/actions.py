"""Actions (one decision each) and the events the core reports (STYLE.md lessons 2 and 7)."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


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
    ``kind`` is the meld id; ``seat`` is the teammate for ``pass_to_partner``."""

    verb: Verb
    cards: tuple[int, ...] = ()
    kind: str | None = None
    seat: int | None = None


DONE_ACTION = Action(Verb.DONE)
EXCHANGE_ACTION = Action(Verb.EXCHANGE_SEVEN)
DECLARE_SEVEN_ACTION = Action(Verb.DECLARE_SEVEN)


class Event(NamedTuple):
    """Something that changed, for the window to animate and the log to show.

    Events are omniscient (a ``card_drawn`` names the card); a view for one seat must hide what that seat may not
    see — see ``view.redact_event``.

    kinds: ``deal_started`` (seat = dealer), ``dealt`` (seat, cards), ``turn_up`` (cards = (card,)),
    ``card_played`` (seat, cards), ``seven_scored`` (seat, cards, points), ``trick_won`` (seat, cards),
    ``last_trick`` (seat, points), ``brisques`` (seat, cards, points), ``declaration_step`` (seat),
    ``meld_declared`` (seat, cards, points, label = meld id), ``seven_exchanged`` (seat, cards = (seven, taken),
    points), ``seven_declared`` (seat, cards, points), ``passed_to_partner`` (seat = partner),
    ``card_drawn`` (seat, cards), ``final_phase``, ``deal_scored``, ``deal_settled`` (seat = deal winner or None,
    points = what they gained; Rubicon and Chinese),
    ``tie_break_deal``, ``game_over`` (seat = winning side, or None for a draw).
    """

    kind: str
    seat: int | None = None
    cards: tuple[int, ...] = ()
    points: int = 0
    label: str = ""


EventSink = list[Event] | None
"""Where ``apply`` reports events: a list to append to, or None when nobody watches (the computer's search)."""
