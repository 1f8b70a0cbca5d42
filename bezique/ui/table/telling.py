"""What the table says about a move in words: who took the trick with which card (the line under a finished
trick), and the public moves a hot-seat player missed while the other had the screen (the hand-over's recap).

Only public moves are told (RULES.md §1.12: cards played, tricks won, melds declared, the seven exchanged), in the
player's language; a seat is "you" when one player sits at the screen and it is theirs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bezique.presenter.words import card_name, meld_label
from bezique.rules import Event, EventKind

if TYPE_CHECKING:
    from bezique.ui.table.protocol import SeatView


def _is_you(view: SeatView, seat: int) -> bool:
    return seat == view.viewer and not view.session.hotseat


def won_line(view: SeatView, seat: int, card: int) -> str:
    """"Nella took the trick with the Ace of Spades" / "You took the trick with …"."""
    T, lang = view.app.t, view.app.lang
    if _is_you(view, seat):
        return T("table.you_took_trick", card=card_name(card, lang))
    return T("table.took_trick", name=view.session.seats[seat].name, card=card_name(card, lang))


def recap_line(view: SeatView, event: Event) -> str:
    """A line for the hand-over's recap when `event` is a public move of a seat (else ""): only in hot-seat, the
    one game where a player leaves the screen while the others move."""
    if not view.session.hotseat or event.seat is None:
        return ""
    T, lang = view.app.t, view.app.lang
    name = view.session.seats[event.seat].name
    if event.kind == EventKind.CARD_PLAYED and event.cards:
        return T("recap.played", name=name, card=card_name(event.cards[0], lang))
    if event.kind == EventKind.TRICK_WON and event.cards:
        card = next((c for s, c in view.model.trick if s == event.seat), None)
        return won_line(view, event.seat, card) if card is not None else ""
    if event.kind == EventKind.MELD_DECLARED:
        meld = meld_label(event.label, tuple(event.cards), view.model.trump, lang)
        return T("recap.declared", name=name, meld=meld, points=event.points)
    if event.kind == EventKind.SEVEN_EXCHANGED:
        return T("recap.seven", name=name)
    return ""
