"""The curtain of a table that replays one deal (the Review screen's "Replay this deal").

A replayed deal is not a game: it is not saved, has no next deal and no way to "save and quit". So its table's
pause screen and its end (the deal scored) are the replay's own, asked of the ``ReplayHost`` that runs it
(``bezique.ui.scenes.review_replay``): a try again, back to the review, the menu, with this try compared with the
original deal. Everything else (the hot-seat curtain, the score log) is the ordinary ``Curtain``'s.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from bezique.ui.scene import Host
from bezique.ui.table.curtain import Curtain


@runtime_checkable
class ReplayHost(Host, Protocol):
    """What runs a replayed deal around its table: its own pause screen and end screen."""

    def replay_paused(self) -> None:
        """Esc or Menu at the table: the replay's pause screen."""

    def replay_over(self) -> None:
        """The deal is scored: the replay's end screen (this try against the original)."""


class ReplayCurtain(Curtain):
    """A ``Curtain`` whose pause and end screens are its ``ReplayHost``'s (any other host: the ordinary ones)."""

    def open_result(self, game_over: bool) -> None:
        host = self.host
        if not isinstance(host, ReplayHost):
            super().open_result(game_over)
            return
        self.overlay_open = True  # the table waits while the end screen is up
        host.replay_over()

    def open_pause(self) -> None:
        host = self.host
        if not isinstance(host, ReplayHost):
            super().open_pause()
            return
        host.replay_paused()
