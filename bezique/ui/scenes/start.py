"""The one place that builds the window from the settings, and seats the games the door makes.

The game itself (``Shell``, with its menu and saves) and the bare window (``bezique.ui.bare``: ``demo``, the
benches and the tests) open their window with ``open_window`` and seat their new games (made by
``bezique.games.door.start_game``) with ``seat_table``. The hosts of tables that use these sit above the scenes,
in ``bezique.ui``; nothing here imports them back.
"""

from __future__ import annotations

from bezique.config import AppSettings
from bezique.persist.user_settings import resolve_language
from bezique.presenter.layout import DEFAULT_SIZE, parse_size
from bezique.presenter.session import GameSession
from bezique.ui.app import App
from bezique.ui.scene import Host
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
