"""Cards, suits and melds in words, in the player's language: what the table prints and what speech says; and the
rules' refusals and the data folder's problems, which the rules and ``bezique.persist`` report as data.

The window shows these; ``bezique.presenter.narration`` says them. Words, never suit glyphs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bezique.i18n import meld_name, t
from bezique.rules import MeldId, Refusal, RefusalCode, rank_of, suit_of

if TYPE_CHECKING:
    from bezique.persist.storage import StorageProblem

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


_REFUSAL_KEYS = {  # the refusals the table words itself; every other one is a plain "not allowed"
    RefusalCode.MUST_FOLLOW_AND_WIN: "table.must_beat",
    RefusalCode.MUST_TRUMP: "table.must_trump",
    RefusalCode.MUST_FOLLOW_SUIT: "table.must_follow",
}


def illegal_text(refusal: Refusal, lang: str) -> str:
    """The rules' refusal as a short line in the player's language (its English text stays for the logs)."""
    return t(_REFUSAL_KEYS.get(refusal.code, "table.not_allowed"), lang)


def storage_problem_text(problem: StorageProblem, lang: str, with_detail: bool = True) -> str:
    """A file of the data folder that could not be used, in plain words in `lang`: what happened, where the file
    was kept, and the technical detail in brackets when `with_detail` (``bezique.persist`` reports it as data)."""
    parts = [t(problem.key, lang)]
    if problem.set_aside_to is not None:
        parts.append(t("problem.kept_aside", lang, name=problem.set_aside_to.name))
    else:
        parts.append(t("problem.not_moved", lang, name=problem.path.name))
    if with_detail and problem.detail:
        parts.append(f"({problem.detail})")
    return " ".join(parts)
