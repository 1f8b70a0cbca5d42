"""Words the table shows (English; the i18n scene of the next issue can swap this module's tables)."""

from __future__ import annotations

from bezique.rules.cards import rank_of, suit_of
from bezique.rules.melds import MELD_NAMES

SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_NAMES = ("ace", "ten", "king", "queen", "jack", "nine", "eight", "seven")
SCORE_NAMES = {"seven_of_trumps": "seven of trumps", "brisques": "brisques", "last_trick": "last trick",
               **MELD_NAMES}
SHORT = {"common_marriage": "M", "royal_marriage": "RM", "trump_sequence": "Seq", "backdoor_sequence": "BSeq",
         "bezique_1": "Bz", "bezique_2": "2Bz", "bezique_3": "3Bz", "bezique_4": "4Bz", "bezique_5": "5Bz",
         "four_aces": "4A", "four_kings": "4K", "four_queens": "4Q", "four_jacks": "4J", "four_tens": "4T"}


def card_name(card: int) -> str:
    """'queen of spades' (the default font has no suit symbols)."""
    return f"{RANK_NAMES[rank_of(card)]} of {SUIT_NAMES[suit_of(card)]}"


def score_name(score_id: str) -> str:
    name = SCORE_NAMES.get(score_id, score_id.replace("_", " "))
    return name[:1].upper() + name[1:]


def short_meld(kind: str) -> str:
    return SHORT.get(kind, kind[:3])
