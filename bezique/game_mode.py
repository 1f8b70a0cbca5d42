"""How a game is played: against the computer, by several people at one screen, or by the computer alone.

One vocabulary for New game's setup, the bare window, the save's meta (``"mode"``) and the statistics, which
count a game by it; the values are the texts the files keep, so a member compares equal to a saved mode and old
files read as before. Game-free, like ``geometry``: the per-user files and the presenter both use it.
"""

from __future__ import annotations

from enum import StrEnum


class GameMode(StrEnum):
    COMPUTER = "computer"  # one person at the table, the computer at the other seats
    HOTSEAT = "hotseat"  # several people at one screen (and the computer at the seats left)
    DEMO = "demo"  # the computer at every seat: watched, never saved or counted


SAVED_MODES = (GameMode.COMPUTER, GameMode.HOTSEAT)  # what a save or the statistics may say
