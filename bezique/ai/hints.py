"""The Hint button's adviser: always a strong level, whoever the player is facing.

Hints used to come from the opponent's level, so a player facing the beginner was advised by the beginner (its
slips included). They now come from ``HINT_LEVEL``, the expert: its search takes about a third of a second, so the
window runs ``advise`` on its worker thread, as it runs the computer's moves.

The expert's reason line is kept, with one repair: when its knowledge vetoes leave a single move it runs no search,
yet reports "did best in 0 simulated deals"; the hint then says why the other moves were ruled out (or gives the
rules' own reason, when the rules chose the same move).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bezique.ai.base import Hint, StopFlag
from bezique.ai.info import reason_text
from bezique.ai.levels import make_player
from bezique.ai.players import IntermediatePlayer, RulePlayer
from bezique.rules.actions import PLAY, Action
from bezique.rules.cards import card_unicode
from bezique.rules.view import PlayerView

HINT_LEVEL = "expert"


def hint_player(seed: int, time_ms: int | None = None, iterations: int | None = None) -> RulePlayer:
    """The adviser: a ``HINT_LEVEL`` player with the thinking budget the settings give the expert."""
    player = make_player(HINT_LEVEL, seed=seed, time_ms=time_ms, iterations=iterations or None)
    assert isinstance(player, RulePlayer)
    return player


def advise(player: RulePlayer, view: PlayerView, legal: Sequence[Action], lang: str = "en",
           card_text: Callable[[int], str] = card_unicode, stop: StopFlag | None = None) -> Hint:
    """What `player` would do for `view`'s seat, with a one-line reason that is true of the move."""
    decision = player.decide(view, legal, stop)
    code, args = decision.code, dict(decision.args or {})
    if code == "search" and not args.get("n"):  # vetoes left one move: nothing was simulated
        rules = IntermediatePlayer(seed=player.rng.getrandbits(32)).decide(view, legal)
        if rules.action == decision.action:
            code, args = rules.code, dict(rules.args or {})
        elif decision.action.verb == PLAY:
            code, args = "vetoed", {"card": decision.action.cards[0]}
    return Hint(decision.action, reason_text(code, args, lang, card_text))
