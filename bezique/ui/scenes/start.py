"""The one place that builds the window from the settings, and seats the games the door makes.

The game itself (``Shell``, with its menu and saves), ``play``, ``demo``, ``bench ui`` and the tests all open their
window with ``open_window`` and seat their new games (made by ``bezique.games.door.start_game``) with
``seat_table``; ``open_table`` is the bare window with one game and no menu (the demo, the benchmark and the
tests), its ``BareTable`` the host that the table reports to.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from bezique.config import AppSettings, Config
from bezique.games.defaults import Defaults
from bezique.games.door import start_game
from bezique.persist.user_settings import resolve_language
from bezique.presenter.layout import DEFAULT_SIZE, parse_size
from bezique.presenter.session import GameSession
from bezique.ui.app import App
from bezique.ui.scene import Host
from bezique.ui.screens import TableScreens
from bezique.ui.table.options import TableOptions
from bezique.ui.table.scene import TableScene


def open_window(settings: AppSettings, size: tuple[int, int] | None = DEFAULT_SIZE,
                fullscreen: bool | None = None) -> App:
    """An empty window dressed by `settings` (deck, back, table colour, text size, sound, full screen unless
    `fullscreen` says, language), `size` big (None: the size last given to it, or sized to the screen)."""
    remembered = None if settings.window_size == "auto" else parse_size(settings.window_size)
    app = App(size=size, fullscreen=settings.fullscreen if fullscreen is None else fullscreen,
              deck_colours=settings.deck_colours, back=settings.card_back, volume=settings.sound_volume,
              mute=settings.mute, text_size=settings.text_size, remembered=remembered)
    app.lang = resolve_language(settings.language)
    app.assets.set_table_colour(settings.table_colour)
    return app


def seat_table(app: App, session: GameSession, options: TableOptions, host: Host) -> TableScene[GameSession]:
    """The table for `session`, alone on the window's stack."""
    table = TableScene(app, session, options, host)
    app.stack.clear()
    app.push(table)
    return table


class BareTable(TableScreens):
    """The host of a window with one game and no menu: the pause menu offers How to play and Quit, the end of a
    game deals a new one (or closes the window), nothing is saved; the scoreboard's review is ``TableScreens``'."""

    keeps_games = False
    save_failing = False  # nothing is saved, so nothing fails
    app: App  # the real window (``TableScreens`` needs only a ``Window``)

    def __init__(self, app: App, config: Config, options: TableOptions, mode: str) -> None:
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
    mode = "demo" if demo else "hotseat" if hotseat else "computer"
    host = BareTable(app, config, options, mode)
    return app, host.deal(seed, problems)
