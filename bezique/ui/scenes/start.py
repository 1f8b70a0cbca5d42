"""Building a window with a table from the settings: shared by ``play``, ``demo``, the tests and the benchmark."""

from __future__ import annotations

import dataclasses

from bezique.persist.user_settings import resolve_language
from bezique.presenter.session import GameSession, game_seed, new_seats
from bezique.rules.ruleset import make_ruleset
from bezique.ui.app import App
from bezique.ui.table.scene import TableOptions, TableScene

TWO_HANDED = ("two_handed", "open")
PLAYABLE = ("two_handed", "open", "three_handed", "four_handed", "rubicon", "chinese")


def load_settings():
    """(config, problems as text). A broken or missing config never stops the game."""
    from bezique.config import load_config
    loaded = load_config()
    config = loaded.config
    problems = [str(p) for p in loaded.problems if p.key or "not found" not in p.message]
    if config.variant not in PLAYABLE:
        problems.append(f"variant {config.variant!r} is not playable in the window yet; playing two-handed")
        config = dataclasses.replace(config, variant="two_handed", rules=make_ruleset("two_handed", {}))
    return config, problems


def make_session(config, hotseat: bool = False, demo: bool = False, seed: int | None = None,
                 level: str | None = None, allow_undo: bool | None = None, lang: str = "en") -> GameSession:
    """A new game's session, its seats named in `lang`; `allow_undo` overrides the config's setting (the session
    alone decides undo)."""
    from bezique.ai import LEVELS
    lvl = level or config.ai.level
    if lvl not in LEVELS:
        lvl = next(iter(LEVELS))
    n = config.rules.players
    seed = game_seed(seed)
    seats = new_seats(n, "demo" if demo else "hotseat" if hotseat else "computer", lang, seed, lvl)
    undo = config.app.allow_undo if allow_undo is None else allow_undo
    return GameSession(config.rules, seats, seed=seed, allow_undo=undo)


def options_from(config, problems: list[str], **overrides) -> TableOptions:
    return TableOptions.from_settings(config.app, config.ai, problems=list(problems), **overrides)


def open_table(config, problems: list[str], size: tuple[int, int] = (1280, 720), hotseat: bool = False,
               demo: bool = False, seed: int | None = None, fullscreen: bool | None = None,
               **overrides) -> tuple[App, TableScene]:
    """A window showing a new game (the caller runs ``app.run()`` or drives ``app.tick``), in the language of the
    settings (``language`` may be overridden like any other setting)."""
    app_cfg = config.app
    app = App(size=size, fullscreen=app_cfg.fullscreen if fullscreen is None else fullscreen,
              deck_colours=app_cfg.deck_colours, back=app_cfg.card_back, volume=app_cfg.sound_volume,
              mute=app_cfg.mute)
    options = options_from(config, problems, demo=demo, **overrides)
    app.lang = resolve_language(options.app.language)

    def new_game() -> None:
        session = make_session(config, hotseat=hotseat, demo=demo, allow_undo=options.app.allow_undo,
                               lang=app.lang)
        app.stack.clear()
        app.push(TableScene(app, session, dataclasses.replace(options, problems=[])))

    app.new_game = new_game
    table = TableScene(app, make_session(config, hotseat=hotseat, demo=demo, seed=seed,
                                        allow_undo=options.app.allow_undo, lang=app.lang), options)
    app.push(table)
    return app, table
