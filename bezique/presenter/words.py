"""Cards, suits and melds in words, in the player's language: what the table prints and what speech says.

``bezique.ui.texts`` shows these; ``bezique.presenter.narration`` says them. Words, never suit glyphs.
"""

from __future__ import annotations

from bezique.i18n import meld_name, t
from bezique.rules import MeldId, rank_of, suit_of

SUIT_LETTERS = "SHDC"
RANK_LETTERS = "ATKQJ987"


def card_name(card: int, lang: str) -> str:
    """'Queen of Spades' / 'Regina di Picche'."""
    return t("card.name", lang, rank=t("rank." + RANK_LETTERS[rank_of(card)], lang),
             suit=t("suit." + SUIT_LETTERS[suit_of(card)], lang))


def suit_word(suit: int, lang: str) -> str:
    return t("suit." + SUIT_LETTERS[suit], lang)


def rank_word(card: int, lang: str) -> str:
    """The card's rank alone ('Queen'), for a hand read suit by suit."""
    return t("rank." + RANK_LETTERS[rank_of(card)], lang)


def score_name(score_id: str, lang: str) -> str:
    """A meld or score id by name; an id the tables do not know falls back to readable words."""
    try:
        return meld_name(score_id, lang)
    except KeyError:
        return score_id.replace("_", " ").capitalize()


def meld_label(kind: str, cards: tuple[int, ...], trump: int | None, lang: str) -> str:
    """A meld as the declaration panel and hints name it: a common marriage names its suit in words ("Marriage in
    Hearts"), there being two to four of them to tell apart; a royal marriage is the trump suit's, so its name says
    it already. Any other meld by its name."""
    if kind == MeldId.COMMON_MARRIAGE and cards:
        return t("meld.marriage_in", lang, suit=suit_word(suit_of(cards[0]), lang))
    return score_name(kind, lang)
