"""Words the table builds from game ids, in the player's language (``bezique.i18n`` holds every string)."""

from __future__ import annotations

from bezique.i18n import t
from bezique.persist.storage import StorageProblem
from bezique.presenter.words import RANK_LETTERS, SUIT_LETTERS, card_name, meld_label, score_name, suit_word
from bezique.rules import Refusal, RefusalCode

__all__ = ["RANK_LETTERS", "SUIT_LETTERS", "card_name", "illegal_text", "meld_label", "score_name",
           "storage_problem_text", "suit_word"]

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
