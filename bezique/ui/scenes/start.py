"""The one place that builds the window from the settings, and the new games it seats.

The game itself (``Shell``, with its menu and saves), ``play``, ``demo``, ``bench ui`` and the tests all open their
window with ``open_window`` and their new games with ``new_session`` / ``seat_table``; ``open_table`` is the bare
window with one game and no menu (the demo, the benchmark and the tests), its ``BareTable`` the host that the
table reports to.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from bezique.ai import resolve_level
from bezique.config import AISettings, AppSettings, Config, load_config
from bezique.persist.user_settings import load_user_settings, resolve_language
from bezique.presenter.layout import DEFAULT_SIZE, parse_size
from bezique.presenter.session import GameSession, game_seed, new_seats
from bezique.presenter.setup import seatable_variant
from bezique.rules import Ruleset, make_ruleset
from bezique.ui.app import App
from bezique.ui.scene import Host
from bezique.ui.screens import TableScreens
from bezique.ui.table.options import TableOptions
from bezique.ui.table.scene import TableScene


@dataclass(frozen=True)
class WindowSettings:
    """What a window is built from: ``config.yaml`` (the rules and the defaults), the player's settings laid over
    it, and the problems met reading either, worded for the first table."""

    config: Config
    app: AppSettings
    ai: AISettings
    problems: tuple[str, ...] = ()


def load_config_settings() -> tuple[Config, list[str]]:
    """``config.yaml`` and its problems as text. A broken or missing config never stops the game; a variant the
    window cannot seat plays two-handed, and says so."""
    loaded = load_config()
    config = loaded.config
    problems = [str(p) for p in loaded.problems if p.key or "not found" not in p.message]
    variant = seatable_variant(config.variant)
    if variant != config.variant:
        problems.append(f"variant {config.variant!r} is not playable in the window yet; playing {variant}")
        config = dataclasses.replace(config, variant=variant, rules=make_ruleset(variant, {}))
    return config, problems


def load_settings() -> WindowSettings:
    """The player's settings (``settings.json`` over ``config.yaml``), with every problem met reading them."""
    config, problems = load_config_settings()
    loaded = load_user_settings(config)
    return WindowSettings(config, loaded.app, loaded.ai, (*problems, *(str(p) for p in loaded.problems)))


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


def new_session(rules: Ruleset, mode: str, level: str, lang: str, seed: int | None = None,
                names: list[str] | None = None, allow_undo: bool = True,
                kinds: list[str] | None = None) -> GameSession:
    """A new game's session: its seats (``presenter.setup.MODES``, or each seat's `kinds`) named in `lang`, the
    computers at `level` (``resolve_level``'s: master as asked, no level at all the default), shuffled by `seed`
    (None: a fresh one)."""
    level = resolve_level(level)
    seed = game_seed(seed)
    seats = new_seats(rules.players, mode, lang, seed, level, names, kinds)
    return GameSession(rules, seats, seed=seed, allow_undo=allow_undo)


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
        """A new game of the config's variant on the window (the config's problems shown on the first)."""
        session = new_session(self.config.rules, self.mode, self.config.ai.level, self.app.lang, seed,
                              allow_undo=self.options.app.allow_undo)
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
