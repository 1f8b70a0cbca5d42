"""Taking a move back (the Undo button, U or Ctrl+Z): the rules step back, the table redraws itself from them.

Undo is the one move that goes backwards, so it cannot be shown as events: the stage rebuilds its picture from the
rules' view and the cards fly back to where they now belong. A game with an undo counts as assisted (the session
marks it).
"""

from __future__ import annotations

from bezique.ui.kit.tween import pause_time
from bezique.ui.table.turns import Turns


def take_back(turns: Turns) -> None:
    """Undo the player's last move, if they may (their turn, undo allowed in this game); else a refusing sound."""
    session, stage = turns.session, turns.stage
    if not (turns.human_turn() and session.can_undo()):
        turns.app.sounds.play("illegal")
        return
    session.undo()
    turns.drop_hint()
    stage.floaters.clear()  # the scores taken back do not go on rising
    stage.rebuild(animate=True)
    stage.hold = pause_time(0.3, stage.speed)
    stage.say(turns.app.t("table.undone"))
