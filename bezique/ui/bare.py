"""The bare window: one game and no menu, for ``demo``, the benches and the tests (``open_table``).

Its host, ``BareTable``, answers the table as the game's shell does, more simply: the pause menu offers How to play
and Quit, the end of a game deals a new one (or closes the window), nothing is saved. Like the shell it sits above
the scenes and the table (it opens the screens of ``TableScreens`` over them), so it lives here in ``bezique.ui``
and no scene imports it.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from bezique.config import Config
from bezique.game_mode import GameMode
from bezique.games.defaults import Defaults
from bezique.games.door import start_game
from bezique.presenter.session import GameSession
from bezique.ui.app import App
from bezique.ui.scenes.start import open_window, seat_table
from bezique.ui.screens import TableScreens
from bezique.ui.table.options import TableOptions
from bezique.ui.table.scene import TableScene


class BareTable(TableScreens):
    """The host of a window with one game and no menu: the pause menu offers How to play and Quit, the end of a
    game deals a new one (or closes the window), nothing is saved; the scoreboard's review is ``TableScreens``'."""

    keeps_games = False
    save_failing = False  # nothing is saved, so nothing fails
    app: App  # the real window (``TableScreens`` needs only a ``Window``)

    def __init__(self, app: App, config: Config, options: TableOptions, mode: GameMode) -> None:
        self.app, self.config, self.options, self.mode = app, config, options, mode

    def deal(self, seed: int | None = None, problems: list[str] | None = None) -> TableScene[GameSession]:
        """A new game of the config's variant on the window (the config's problems shown on the first), made by
        the one door from the config alone (nothing remembered, nothing saved)."""
        defaults = Defaults(self.config, self.options.app, self.config.ai)
        setup, _ = defaults.new_setup(remembered=False)
        setup.mode, setup.seed = self.mode, seed
        session = start_game(setup, defaults, self.app.lang, books=None).session
        return seat_table(self.app, session, dataclasses.replace(self.options, problems=list(problems or [])), self)

    def open_menu(self) -> None:
        self.app.quit()

    def new_game_screen(self) -> None:
        self.deal()

    def open_settings(self) -> None:
        """Never asked for (``keeps_games`` is false): a bare window has no settings of its own to save."""


def open_table(config: Config, problems: list[str], size: tuple[int, int] = (1280, 720), hotseat: bool = False,
               demo: bool = False, seed: int | None = None, fullscreen: bool | None = None,
               **overrides: Any) -> tuple[App, TableScene[GameSession]]:
    """A bare window showing a new game of `config` (the caller runs ``app.run()`` or drives ``app.tick``), in
    the language of the settings; `overrides` name table options or settings (``language`` among them)."""
    options = TableOptions.from_settings(config.app, config.ai, demo=demo, **overrides)
    app = open_window(options.app, size, fullscreen)
    mode = GameMode.DEMO if demo else GameMode.HOTSEAT if hotseat else GameMode.COMPUTER
    host = BareTable(app, config, options, mode)
    return app, host.deal(seed, problems)
