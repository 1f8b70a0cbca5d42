"""Names for the computer's seats: short first names of Bezique's own century, French (where the game was the rage
of the 1860s) and Italian (the rules sheet's other language), the same in every language of the window: a name is
a name, and the game record keeps it whatever language the game is later resumed in. The words around them
("Vous", "Joueur 2") are in the tables; no French text puts a name after "de", so Honoré and Octave never need
"d'".

They are picked from the game's seed, so the same game always seats the same opponents; the game record stores the
names, so a saved game reloads with them whatever the seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from bezique.i18n import LANGUAGES, t

FRENCH = ("Honoré", "Gaston", "Lucien", "Octave", "Armand", "Jules", "Léonie", "Adèle", "Céleste", "Margot", "Odile",
          "Clémence")
ITALIAN = ("Beppe", "Carlo", "Ettore", "Ottavio", "Vittorio", "Lorenzo", "Giulia", "Teresa", "Rosina", "Nella",
           "Bice", "Amalia")
COMPUTER_NAMES = FRENCH + ITALIAN


def computer_names(seed: int, count: int, taken: Iterable[str] = ()) -> list[str]:
    """`count` different names for the computer's seats of the game with `seed`.

    Args:
        seed: the game's seed; the same seed gives the same names.
        count: how many seats (at most six).
        taken: names people chose for their seats; no computer is given one of them (case and spaces aside).

    Returns:
        The names, in seat order.
    """
    used = {name.strip().casefold() for name in taken}
    pool = [name for name in COMPUTER_NAMES if name.casefold() not in used]
    return random.Random(f"bezique-names-{seed}").sample(pool, count)


def default_name_in(name: str, lang: str) -> str:
    """`name` in `lang` when it is one of the default seat names of any language ("You" / "Tu", "Player 2" /
    "Giocatore 2"), so a game started in English reads "Tu" once the window speaks Italian; any other name (typed
    by a player, or a computer's) as it is."""
    for other in LANGUAGES:
        if name == t("newgame.default_you", other):
            return t("newgame.default_you", lang)
        for number in range(1, 7):
            if name == t("newgame.player_name", other, number=number):
                return t("newgame.player_name", lang, number=number)
    return name
