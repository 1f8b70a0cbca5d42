"""The card tracker: which brisques, bezique cards and trump-sequence cards are gone, from one player's view.

What a careful player remembers and nothing more: it reads only ``view_for``'s ``PlayerView`` (the cards played in
this deal's tricks and the trick on the table, every melded card, the player's own hand, the cards of other hands
the player has been shown, the turn-up), so it can never tell a hidden card. Each tracked face is counted copy by
copy: *played* (in a trick: out of the deal's play), *seen* (not played, but where the player saw it: in their
hand, on a table, turned up) and the rest *not seen* (in another hand or the stock, for all the player knows).

The rows are the brisques (the aces and the tens of each suit), the variant's bezique pair as the rules give it
(``bezique_pair``: it may follow trumps, and may not be known before trumps are made) and the trump sequence
(ace, ten, king, queen, jack of trumps, once trumps are known). No pygame here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum

from bezique.rules import (
    ACE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    KING,
    QUEEN,
    SPADES,
    TEN,
    PlayerView,
    bezique_pair,
    face_of,
    make_face,
)

SUIT_ORDER = (SPADES, HEARTS, DIAMONDS, CLUBS)


@dataclass(frozen=True)
class Tracked:
    """One face and its copies: how many were played, seen and not seen by the player."""

    face: int
    total: int
    played: int
    seen: int

    @property
    def unseen(self) -> int:
        return self.total - self.played - self.seen


class TrackedRow(StrEnum):
    """What a row of the panel follows; the value names its heading (i18n ``tracker.<value>``)."""

    ACES = "aces"
    TENS = "tens"
    BEZIQUE = "bezique"
    SEQUENCE = "sequence"  # the trump sequence

    @property
    def brisques(self) -> bool:
        """Whether the row's cards are brisques (their count matters for the last tricks)."""
        return self in (TrackedRow.ACES, TrackedRow.TENS)


@dataclass(frozen=True)
class TrackerRow:
    """A row of the panel: what it follows, and its cards (empty when the row cannot be told yet: no trumps, no
    sequence, and in some variants no bezique pair)."""

    kind: TrackedRow
    cards: tuple[Tracked, ...]


def tracked_rows(view: PlayerView) -> list[TrackerRow]:
    """The tracker's rows for the player whose view `view` is."""
    packs = view.rules.packs  # every face is in each pack once
    played = Counter(face_of(card) for card in view.played)
    out_of_play = set(view.played)
    shown = {card for cards in view.known for card in cards} | {card for cards in view.tables for card in cards}
    if view.turn_up is not None:
        shown.add(view.turn_up)
    seen = Counter(face_of(card) for card in shown - out_of_play)

    def row(kind: TrackedRow, faces: list[int]) -> TrackerRow:
        return TrackerRow(kind, tuple(Tracked(f, packs, played[f], min(seen[f], packs - played[f]))
                                      for f in faces))

    pair = bezique_pair(view.rules, view.trump)
    trump = view.trump
    return [row(TrackedRow.ACES, [make_face(suit, ACE) for suit in SUIT_ORDER]),
            row(TrackedRow.TENS, [make_face(suit, TEN) for suit in SUIT_ORDER]),
            row(TrackedRow.BEZIQUE, list(pair) if pair is not None else []),
            row(TrackedRow.SEQUENCE, [make_face(trump, rank) for rank in (ACE, TEN, KING, QUEEN, JACK)]
                if trump is not None else [])]
