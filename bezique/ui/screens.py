"""The screens a game's host opens over its table when the player asks there: Review (whose "Replay this deal"
plays at a table seated here) and How to play.

The table may not import them (Review opens tables of its own), so it asks its host (``scene.Host.open_review``,
``open_howto``); the shell and the bare window share this one way of answering, and Past games opens its reviews
through the shell too. Nothing is registered at import time: the review is handed the replay's table maker.
"""

from __future__ import annotations

from typing import Any

from bezique.ui.scene import Window
from bezique.ui.scenes.howto import HowToScene
from bezique.ui.scenes.review import ReviewScene
from bezique.ui.table.scene import seat_replay


class TableScreens:
    """Review and How to play over the window's scenes, for a host of tables that has the window as `app`."""

    app: Window

    def open_review(self, doc: dict[str, Any], viewer: int = 0, deal: int = 0) -> None:
        """Review `deal` of the game record `doc` from seat `viewer`'s side, each deal replayable at a table.

        Raises:
            RecordError: the record does not replay.
        """
        self.app.push(ReviewScene.of_record(self.app, doc, viewer, deal, seat=seat_replay))

    def open_howto(self, variant: str) -> None:
        """How to play, open at `variant`'s page."""
        self.app.push(HowToScene(self.app, variant))
