"""The Hint button's adviser: always a strong level, whoever the player is facing.

Hints used to come from the opponent's level, so a player facing the beginner was advised by the beginner (its
slips included). They now come from ``HINT_LEVEL``, the expert: its search takes about a third of a second, so the
window runs ``advise`` on its worker thread, as it runs the computer's moves.

The expert's own reason line is the hint's: when its knowledge vetoes leave a single move it gives the rules'
reason, or says why the other moves were ruled out.
"""

from __future__ import annotations

from collections.abc import Sequence

from bezique.ai.base import Hint, StopFlag
from bezique.ai.levels import make_player
from bezique.ai.players import RulePlayer
from bezique.rules import Action, PlayerView

HINT_LEVEL = "expert"


def hint_player(seed: int, time_ms: int | None = None, iterations: int | None = None) -> RulePlayer:
    """The adviser: a ``HINT_LEVEL`` player with the thinking budget the settings give the expert."""
    player = make_player(HINT_LEVEL, seed=seed, time_ms=time_ms, iterations=iterations or None)
    assert isinstance(player, RulePlayer)
    return player


def advise(player: RulePlayer, view: PlayerView, legal: Sequence[Action], stop: StopFlag | None = None) -> Hint:
    """What `player` would do for `view`'s seat, with its reason (`stop` cuts a search short)."""
    decision = player.decide(view, legal, stop)
    return Hint(decision.action, decision.code, decision.args or {})
