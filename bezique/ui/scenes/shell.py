"""Everything around the table: the settings in force, the menu, new and continued games, saves and statistics.

One ``Shell`` per window (``app.shell``). The scenes ask it to start a game, continue the saved one, apply and save
settings, or go back to the menu; it hooks the session so that the game is saved after every action and every
deal start (``bezique.persist.saves``), and counted in the statistics when it ends (``bezique.persist.stats``).
"""

from __future__ import annotations

import dataclasses
import sys
from dataclasses import dataclass, field
from typing import Any

from bezique.config import AISettings, AppSettings
from bezique.persist import saves, stats
from bezique.persist.user_settings import load_user_settings, resolve_language, save_user_settings
from bezique.presenter.session import GameSession, game_seed, new_seats
from bezique.rules.ruleset import make_ruleset
from bezique.ui.app import App
from bezique.ui.table.scene import TableOptions, TableScene

PLAYABLE_VARIANTS = ("two_handed", "open", "three_handed", "four_handed", "rubicon", "chinese")
TARGETS = (1000, 500)


def target_choices(variant: str) -> list[int | None]:
    """The targets offered for `variant`: points to win, or for Rubicon / Chinese the match target (None: one
    deal decides)."""
    preset = make_ruleset(variant, {})
    if preset.game_end_mode == "settlement":
        return [preset.match_target or 1500, None]
    return list(TARGETS)


@dataclass
class GameSetup:
    """What the New game screen chose."""

    mode: str = "computer"  # "computer" | "hotseat"
    level: str = "intermediate"
    variant: str = "two_handed"
    target: int | None = 1000
    names: list[str] = field(default_factory=lambda: ["", "", "", ""])
    assisted: bool = False
    seed: int | None = None


class Shell:
    def __init__(self, app: App, config, problems: list[str], user_app: AppSettings, user_ai: AISettings) -> None:
        self.app = app
        self.config = config
        self.problems = list(problems)
        self.settings = user_app
        self.ai = user_ai
        self.notices: list[str] = []  # plain-words problems for the menu (a damaged save, statistics…)
        self.meta: dict[str, Any] | None = None
        app.shell = self
        app.lang = resolve_language(user_app.language)

    # --- building -------------------------------------------------------------------------------------------
    @classmethod
    def create(cls, size: tuple[int, int] = (1280, 720), fullscreen: bool | None = None) -> Shell:
        """A window with the player's settings (config.yaml's defaults under settings.json)."""
        from bezique.ui.scenes.start import load_settings
        config, problems = load_settings()
        loaded = load_user_settings(config)
        problems += [p.message for p in loaded.problems]
        a = loaded.app
        app = App(size=size, fullscreen=a.fullscreen if fullscreen is None else fullscreen,
                  deck_colours=a.deck_colours, back=a.card_back, volume=a.sound_volume, mute=a.mute)
        return cls(app, config, problems, a, loaded.ai)

    @property
    def lang(self) -> str:
        return self.app.lang

    # --- scenes ---------------------------------------------------------------------------------------------
    def open_menu(self) -> None:
        from bezique.ui.scenes.menu import MenuScene
        self.app.stack.clear()
        self.app.push(MenuScene(self.app))

    def options(self, **overrides: Any) -> TableOptions:
        return TableOptions.from_settings(self.settings, self.ai, **overrides)

    def default_setup(self) -> GameSetup:
        from bezique.ai import LEVELS
        level = self.ai.level if self.ai.level in LEVELS else "intermediate"
        variant = self.config.variant if self.config.variant in PLAYABLE_VARIANTS else "two_handed"
        target = self.config.rules.match_target if self.config.rules.game_end_mode == "settlement" else \
            self.config.rules.target_score
        if target not in target_choices(variant):
            target = target_choices(variant)[0]
        return GameSetup(level=level, variant=variant, target=target, names=["", "", "", ""])

    def start_game(self, setup: GameSetup) -> TableScene:
        """A new game from the New game screen; replaces the saved one."""
        rules = self.rules_for(setup.variant, setup.target)
        n = rules.players
        seed = game_seed(setup.seed)
        hotseat = setup.mode == "hotseat"
        seats = new_seats(n, "hotseat" if hotseat else "computer", self.lang, seed, setup.level, list(setup.names))
        meta = saves.new_game_meta("hotseat", None, False, 0) if hotseat else \
            saves.new_game_meta("computer", setup.level, setup.assisted, 0)
        session = GameSession(rules, seats, seed=seed, allow_undo=self.settings.allow_undo)
        session.assisted = setup.assisted and setup.mode == "computer"
        return self._play(session, meta)

    def rules_for(self, variant: str, target: int | None):
        settlement = make_ruleset(variant, {}).game_end_mode == "settlement"
        if variant == self.config.variant:
            if settlement:
                return dataclasses.replace(self.config.rules, match_target=target)
            return dataclasses.replace(self.config.rules, target_score=target or 1000)
        if settlement:
            return make_ruleset(variant, {"match_target": target})
        return make_ruleset(variant, {"target_score": target or 1000})

    def continue_game(self) -> TableScene | None:
        """The saved game, exactly where it stopped; None (and a notice for the menu) when it cannot be used."""
        loaded = saves.load_saved_game()
        if loaded.problem is not None:
            self.notices.append(loaded.problem.message(self.lang))
            return None
        if loaded.game is None:
            return None
        if loaded.finished:  # stopped between the last action and the bookkeeping
            self._finish(loaded.game, loaded.meta)
            return None
        meta = loaded.meta
        session = GameSession.from_game(loaded.game, allow_undo=self.settings.allow_undo,
                                        assisted=bool(meta.get("assisted", False)))
        return self._play(session, meta)

    def _play(self, session: GameSession, meta: dict[str, Any]) -> TableScene:
        self.meta = meta
        hints = meta.get("mode") == "hotseat" or bool(meta.get("assisted"))
        session.on_change = self._changed
        table = TableScene(self.app, session, self.options(hints=hints, problems=list(self.problems)))
        self.problems = []  # shown once, on the first table
        self.app.stack.clear()
        self.app.push(table)
        if not session.resumed:
            self._changed(session)
        return table

    def new_game_screen(self) -> None:
        from bezique.ui.scenes.menu import NewGameScene
        self.app.stack.clear()
        self.app.push(NewGameScene(self.app))

    # --- saves and statistics -------------------------------------------------------------------------------
    def _changed(self, session: GameSession) -> None:
        meta = self.meta
        if meta is None:
            return
        if session.assisted and not meta.get("assisted") and meta.get("mode") == "computer":
            meta["assisted"] = True  # an undo makes the game assisted
        if session.over:
            self._finish(session.game, meta)
            return
        try:
            saves.save_game(session.game, meta)
        except OSError as exc:
            print(f"bezique: the game could not be saved: {exc}", file=sys.stderr)
            self.notices.append(self.app.t("problem.save_failed", reason=str(exc)))

    def _finish(self, game, meta: dict[str, Any]) -> None:
        try:
            result = stats.record_game_result(game, meta)
            if result.problem is not None:
                self.notices.append(result.problem.message(self.lang))
        except (OSError, ValueError) as exc:
            self.notices.append(self.app.t("problem.stats_failed", reason=str(exc)))
        saves.delete_saved_game()

    # --- settings -------------------------------------------------------------------------------------------
    def apply(self, settings: AppSettings, ai: AISettings) -> str | None:
        """Use `settings` now (language, deck, sound, speed, full screen) and save them; the problem, if any."""
        old = self.settings
        self.settings, self.ai = settings, ai
        app = self.app
        app.lang = resolve_language(settings.language)
        if (old.deck_colours, old.card_back) != (settings.deck_colours, settings.card_back):
            app.set_deck(settings.deck_colours, settings.card_back)
        app.sounds.volume = settings.sound_volume
        app.sounds.mute = settings.mute
        if settings.fullscreen != app.fullscreen:
            app.toggle_fullscreen()
        for scene in app.stack.scenes:
            if isinstance(scene, TableScene):
                scene.opt = dataclasses.replace(scene.opt, app=settings, ai=ai)
                scene.session.allow_undo = settings.allow_undo and not scene.session.hotseat
                scene.resize(*app.size)
        app.dirty = True
        try:
            save_user_settings(settings, ai)
        except (OSError, ValueError) as exc:
            return app.t("settings.save_failed", reason=str(exc))
        return None
