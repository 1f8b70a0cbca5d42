"""Computer opponents. Depends only on ``bezique.rules``; never imports pygame.

Use ``make_player(level, seed)`` to get a player of any level; every level shares the ``Player`` interface.
"""

from bezique.ai.base import Hint, Player, StopFlag
from bezique.ai.levels import LEVELS, make_player

__all__ = ["LEVELS", "Hint", "Player", "StopFlag", "make_player"]
