"""Computer opponents. Depends only on ``bezique.rules``; never imports pygame.

Use ``make_player(level, seed)`` to get a player of any level; every level shares the ``Player`` interface.
``player.hint(view, legal)`` says what a level would play and why, as a reason code with its arguments; the words
are the texts' (``bezique.i18n.advice``), so the players carry none.
"""

from bezique.ai.base import Hint, Player, StopFlag
from bezique.ai.levels import HIDDEN_LEVELS, LEVELS, MENU_LEVELS, make_player

__all__ = ["HIDDEN_LEVELS", "LEVELS", "MENU_LEVELS", "Hint", "Player", "StopFlag", "make_player"]
