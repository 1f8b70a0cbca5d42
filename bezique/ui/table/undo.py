"""Taking a move back (the Undo button, U or Ctrl+Z): the rules step back, the table redraws itself from them.

Undo is the one move that goes backwards, so it cannot be shown as events: the stage rebuilds its picture from the
rules' view and the cards fly back to where they now belong. The game decides whether a move may be taken back
(its ``Undo`` capability: nothing new seen since it, ``Undo.seen``); the turns say whether this is a moment for it
(the player's turn, or the computer's answer still to come). A game that takes no move back offers no ``Undo`` (a
seat of a game on several computers: a move reaches the others at once). Whenever Undo cannot be used the window
says why, in one place (``undo_refusal``) for the greyed button, its tooltip and the keys. A game with an undo
counts as assisted.
"""

from __future__ import annotations

from bezique.ui.table.turns import REFUSED_COLOUR, Turns

# the game's reasons (``session.UNDO_REASONS``) and the table's own ("network": the game offers no undo, as a seat
# of a game on several computers; "wait": not a moment for it), in words
REASON_TEXTS = {"off": "table.undo_off", "hotseat": "table.undo_hotseat", "network": "table.undo_network",
                "nothing": "table.undo_nothing",
                "first": "table.undo_first", "answered": "table.undo_answered", "drew": "table.undo_drew",
                "deal_over": "table.undo_deal_over", "wait": "table.undo_wait"}


def undo_refusal(turns: Turns) -> str | None:
    """Why Undo cannot be used now, in the player's words, or None when it can."""
    undo = turns.stage.undo
    reason = "network" if undo is None else undo.why_no_undo()
    if reason is None and not turns.undo_moment():
        reason = "wait"
    return None if reason is None else turns.app.t(REASON_TEXTS[reason])


def take_back(turns: Turns) -> None:
    """Undo the player's last chosen move, if they may; else say why (and the refusing sound)."""
    refusal = undo_refusal(turns)
    if refusal is not None:
        turns.stage.say(refusal, REFUSED_COLOUR, seconds=6)
        turns.app.sounds.play("illegal")
        return
    undo = turns.stage.undo
    assert undo is not None  # a game without one refuses above
    turns.cancel_computer()
    turns.drop_hint()
    undo.undo()
    turns.stage.taken_back()
    turns.stage.say(turns.app.t("table.undone"))
