"""The computer's advice in words: the hint's one line, worded from the reason code and arguments a level gives.

The computer chooses (``bezique.ai`` returns a ``Hint`` with a reason code, never a sentence); the texts live here,
with every other string the player reads, so a new language is a new table and the players never carry words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bezique.i18n import has_key, t

FALLBACK = "random"  # an unknown code (a level newer than the tables) reads as a plain "a move picked at random"


def advice_line(code: str, args: Mapping[str, Any], lang: str, card_text: Callable[[int], str]) -> str:
    """The hint line for reason `code` with `args` in `lang`.

    Args:
        code: the level's reason (``Decision.code``): ``"meld"``, ``"search"``, ``"solver"`` ...
        args: its values: ``card`` (a card uid), ``meld`` (a meld id), ``what`` ((verb, card or meld id)), numbers.
        card_text: names a card: the window spells cards in words (its font has no suit glyphs), a terminal may
            print ``Q♠`` (``bezique.rules.cards.card_unicode``).
    """
    key = f"advice.{code}" if has_key(f"advice.{code}") else f"advice.{FALLBACK}"
    values = dict(args)
    if isinstance(values.get("card"), int):
        values["card"] = card_text(values["card"])
    if "meld" in values:
        values["meld"] = meld_phrase(str(values["meld"]), lang)
    if "what" in values:
        values["what"] = _what(values["what"], lang, card_text)
    try:
        return t(key, lang, **values)
    except (KeyError, IndexError, ValueError):
        return t(f"advice.{FALLBACK}", lang)


def meld_phrase(kind: str, lang: str) -> str:
    """A meld as a sentence names it ("a royal marriage", "il doppio bezique"); its bare id if the tables lack it."""
    key = f"advice.meld.{kind}"
    return t(key, lang) if has_key(key) else kind


def _what(what: tuple[str, Any], lang: str, card_text: Callable[[int], str]) -> str:
    """The move a search preferred, as the start of a sentence: a card, a meld, or a declaration-step choice
    (a card or meld is capitalised there: French names them with a lowercase article, "la dame de pique")."""
    verb, extra = what
    if verb in ("play", "meld"):
        phrase = card_text(extra) if verb == "play" else meld_phrase(str(extra), lang)
        return phrase[:1].upper() + phrase[1:]
    key = f"advice.what.{verb}"
    return t(key, lang) if has_key(key) else verb
