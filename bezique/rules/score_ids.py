"""What a score is for: the id of each meld, and of each other thing that scores (RULES.md §1.8–§1.10, §5).

A score id names a score in the game's log, a ``scored`` event's label and the texts that word it
(``bezique.i18n``), so each is defined once here; the values are the ids the records and the wire carry, and a
member compares equal to its text.
"""

from __future__ import annotations

from enum import StrEnum


class MeldId(StrEnum):
    """A meld, as the catalogue (``melds.meld_catalogue``) makes it under the ruleset and trump."""

    COMMON_MARRIAGE = "common_marriage"
    ROYAL_MARRIAGE = "royal_marriage"
    BACKDOOR_SEQUENCE = "backdoor_sequence"
    TRUMP_SEQUENCE = "trump_sequence"
    BEZIQUE_1 = "bezique_1"
    BEZIQUE_2 = "bezique_2"
    BEZIQUE_3 = "bezique_3"
    BEZIQUE_4 = "bezique_4"
    BEZIQUE_5 = "bezique_5"
    FOUR_ACES = "four_aces"
    FOUR_TENS = "four_tens"
    FOUR_KINGS = "four_kings"
    FOUR_QUEENS = "four_queens"
    FOUR_JACKS = "four_jacks"
    FOUR_TRUMP_ACES = "four_trump_aces"
    FOUR_TRUMP_TENS = "four_trump_tens"
    FOUR_TRUMP_KINGS = "four_trump_kings"
    FOUR_TRUMP_QUEENS = "four_trump_queens"
    FOUR_TRUMP_JACKS = "four_trump_jacks"


MELD_IDS = frozenset(MeldId)  # to ask whether a text read from a file or a peer is a meld's id


class Bonus(StrEnum):
    """A score that is not a meld."""

    SEVEN_OF_TRUMPS = "seven_of_trumps"  # turned up, exchanged, declared or played (§1.9)
    CARTE_BLANCHE = "carte_blanche"  # a hand without a court card, and each repeat (§5.2)
    BRISQUES = "brisques"  # aces and tens won in tricks
    LAST_TRICK = "last_trick"
    GAME_BONUS = "game_bonus"  # what a Rubicon or Chinese deal's settlement gave for the match (§5.6)


ScoreId = MeldId | Bonus
