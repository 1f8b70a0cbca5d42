"""Computer opponents. Depends only on ``bezique.rules``; never imports pygame.

Use ``make_player(level, seed)`` to get a player of any level; every level shares the ``Player`` interface.
``LEVEL_INFO[level][lang]`` is the menu's (name, blurb) in English ("en") and Italian ("it");
``player.hint(view, legal, lang)`` says what a level would play and why, in one line.
"""

from bezique.ai.base import Hint, Player, StopFlag
from bezique.ai.info import LEVEL_INFO, level_blurb, level_name, reason_text
from bezique.ai.levels import LEVELS, MENU_LEVELS, make_player

__all__ = ["LEVELS", "LEVEL_INFO", "MENU_LEVELS", "Hint", "Player", "StopFlag", "level_blurb", "level_name",
           "make_player", "reason_text"]
