"""Computer opponents. Depends only on ``bezique.rules``; never imports pygame.

Use ``make_player(level, seed)`` to get a player of any level; every level shares the ``Player`` interface.
``player.hint(view, legal)`` says what a level would play and why, as a reason code with its arguments; the words
are the texts' (``bezique.i18n.advice``), so the players carry none.
"""

from bezique.ai.base import Hint, Player, StopFlag
from bezique.ai.levels import (
    DEFAULT_LEVEL,
    HIDDEN_LEVELS,
    LEVELS,
    MENU_LEVELS,
    SEATED_LEVELS,
    level_problem,
    make_player,
    resolve_level,
)

__all__ = ["DEFAULT_LEVEL", "HIDDEN_LEVELS", "LEVELS", "MENU_LEVELS", "SEATED_LEVELS", "Hint", "Player", "StopFlag",
           "level_problem", "make_player", "resolve_level"]
