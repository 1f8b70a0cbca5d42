"""The computer's advice in words: the hint's reason, worded from the reason code and arguments a level gives.

The computer chooses (``bezique.ai`` returns a ``Hint`` with a reason code, never a sentence); the texts live here,
with every other string the player reads, so a new language is a new table and the players never carry words.
The window shows a hint as the move, then its reason ("Hint: play Ten of Clubs — It wins the trick cheaply."), so a
reason says why, never the move again: "play Ten of Clubs — Win the trick cheaply with Ten of Clubs" read twice.
A card the reason names is another one (the turn-up a seven is exchanged for).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bezique.i18n import has_key, t

FALLBACK = "random"  # an unknown code (a level newer than the tables) reads as a plain "a move picked at random"


def advice_line(code: str, args: Mapping[str, Any], lang: str, card_text: Callable[[int], str]) -> str:
    """The hint's reason for `code` with `args` in `lang`.

    Args:
        code: the level's reason (``Decision.code``): ``"meld"``, ``"search"``, ``"solver"`` ...
        args: its values: ``card`` (a card uid), numbers (``points``, ``n``, ``gain``); others are not worded.
        card_text: names a card: the window spells cards in words (its font has no suit glyphs), a terminal may
            print ``Q♠`` (``bezique.rules.cards.card_unicode``).
    """
    key = f"advice.{code}" if has_key(f"advice.{code}") else f"advice.{FALLBACK}"
    values = dict(args)
    if isinstance(values.get("card"), int):
        values["card"] = card_text(values["card"])
    try:
        return t(key, lang, **values)
    except (KeyError, IndexError, ValueError):
        return t(f"advice.{FALLBACK}", lang)
