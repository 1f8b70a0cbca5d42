"""Everything around the table: the settings in force, the menu, new and continued games, saves and statistics.

One ``Shell`` per window, built by ``Shell.create`` (through ``bezique.ui.scenes.start``); the window does not
know it: the screens are given it when they are made, and the table reports to it as its ``Host``. The scenes ask
it to start a game, continue the saved one, apply and save settings, or go back to the menu; it hooks the session
so that the game is saved after every action and every deal start (``bezique.persist.saves``), and counted in the
statistics when it ends (``bezique.persist.stats``).
"""

from __future__ import annotations

import dataclasses
import sys
from typing import Any

from bezique.config import AISettings, AppSettings
from bezique.persist import history, saves, stats, storage
from bezique.persist.user_settings import resolve_language, save_user_settings
from bezique.presenter.session import GameSession
from bezique.presenter.setup import FALLBACK_VARIANT, SEATABLE_VARIANTS, GameSetup, target_choices
from bezique.rules import RecordedGame, Ruleset, make_ruleset
from bezique.ui.app import App
from bezique.ui.kit.texts import storage_problem_text
from bezique.ui.scenes.menu import MenuScene
from bezique.ui.scenes.newgame import NewGameScene
from bezique.ui.scenes.settings import SettingsScene
from bezique.ui.scenes.start import WindowSettings, load_settings, new_session, open_window, seat_table
from bezique.ui.table.options import TableOptions
from bezique.ui.table.scene import TableScene


class Shell:
    """The game around the table: the ``Host`` its table reports to, and the owner the menu, New game and
    Settings screens are given (``menu.MenuOwner``, ``newgame.NewGameOwner``, ``settings.SettingsOwner``)."""

    keeps_games = True

    def __init__(self, app: App, settings: WindowSettings) -> None:
        self.app = app
        self.config = settings.config
        self.problems = list(settings.problems)
        self.settings = settings.app
        self.ai = settings.ai
        self.notices: list[str] = []  # plain-words problems for the menu (a damaged save, statistics…)
        self.meta: dict[str, Any] | None = None
        self.table: TableScene | None = None  # the game being played and saved
        self.save_problem: str | None = None  # why the last save failed, worded; None while saves succeed
        folder = storage.data_dir_problem()
        if folder is not None:  # said once; the saves that then fail say nothing more until one succeeds
            print(f"bezique: the data folder cannot be written ({folder}); nothing will be kept", file=sys.stderr)
            self.save_problem = app.t("problem.nothing_kept", reason=folder)
            self.notices.append(self.save_problem)

    # --- building -------------------------------------------------------------------------------------------
    @classmethod
    def create(cls, size: tuple[int, int] = (1280, 720), fullscreen: bool | None = None) -> Shell:
        """A window with the player's settings (config.yaml's defaults under settings.json)."""
        settings = load_settings()
        return cls(open_window(settings.app, size, fullscreen), settings)

    @property
    def save_failing(self) -> bool:
        return self.save_problem is not None

    @property
    def lang(self) -> str:
        return self.app.lang

    # --- scenes ---------------------------------------------------------------------------------------------
    def open_menu(self) -> None:
        self.app.stack.clear()
        self.app.push(MenuScene(self.app, self))

    def new_game_screen(self) -> None:
        self.app.stack.clear()
        self.app.push(NewGameScene(self.app, self))

    def open_settings(self) -> None:
        self.app.push(SettingsScene(self.app, self))

    def options(self, **overrides: Any) -> TableOptions:
        return TableOptions.from_settings(self.settings, self.ai, **overrides)

    def default_setup(self) -> GameSetup:
        from bezique.ai import LEVELS
        level = self.ai.level if self.ai.level in LEVELS else "intermediate"
        variant = self.config.variant if self.config.variant in SEATABLE_VARIANTS else FALLBACK_VARIANT
        target = self.config.rules.match_target if self.config.rules.game_end_mode == "settlement" else \
            self.config.rules.target_score
        if target not in target_choices(variant):
            target = target_choices(variant)[0]
        return GameSetup(level=level, variant=variant, target=target, names=["", "", "", ""])

    def start_game(self, setup: GameSetup) -> TableScene:
        """A new game from the New game screen; replaces the saved one, which is kept, marked abandoned."""
        left = saves.load_saved_game()
        if left.problem is not None:
            self.notices.append(storage_problem_text(left.problem, self.lang))
        if left.game is not None and left.finished:
            self._finish(left.game, left.meta)
        elif left.game is not None:
            self._keep(left.game, left.meta, abandoned=True)
        session = new_session(self.rules_for(setup.variant, setup.target), setup.mode, setup.level, self.lang,
                              setup.seed, list(setup.names), allow_undo=self.settings.allow_undo)
        session.assisted = setup.assisted and setup.mode == "computer"
        meta = saves.new_game_meta("hotseat", None, False, 0) if setup.mode == "hotseat" else \
            saves.new_game_meta("computer", setup.level, setup.assisted, 0)
        return self._play(session, meta)

    def rules_for(self, variant: str, target: int | None) -> Ruleset:
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
            self.notices.append(storage_problem_text(loaded.problem, self.lang))
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
        table = seat_table(self.app, session, self.options(hints=hints, problems=list(self.problems)), self)
        self.problems = []  # shown once, on the first table
        self.table = table
        if self.save_problem is not None:  # still failing as far as we know: the new table says so too
            table.stage.show_notice(self.save_problem)
        if not session.resumed:
            self._changed(session)
        return table

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
            self._save_failed(exc)
        else:
            self._saved()

    def _save_failed(self, exc: OSError) -> None:
        """Say once (table, menu, stderr) that saving fails; it is tried again at every move, silently."""
        if self.save_problem is not None:
            return
        print(f"bezique: the game could not be saved: {exc}", file=sys.stderr)
        self.save_problem = self.app.t("problem.save_failed", reason=exc.strerror or str(exc))
        self.notices.append(self.save_problem)
        if self.table is not None:
            self.table.stage.show_notice(self.save_problem)
        self.app.dirty = True

    def _saved(self) -> None:
        """A save succeeded: a failure said before is over, at the table and on the menu."""
        problem = self.save_problem
        if problem is None:
            return
        self.save_problem = None
        if problem in self.notices:
            self.notices.remove(problem)
        if self.table is not None:
            self.table.stage.clear_notice(problem)
        self.app.dirty = True

    def _keep(self, game: RecordedGame, meta: dict[str, Any], abandoned: bool = False) -> None:
        """Keep the game for Past games (``history``); a failure is said on the menu, the game goes on."""
        try:
            history.keep_game(game, meta, abandoned)
        except OSError as exc:
            self.notices.append(self.app.t("problem.keep_failed", reason=exc.strerror or str(exc)))

    def _finish(self, game: RecordedGame, meta: dict[str, Any]) -> None:
        self._keep(game, meta)
        try:
            result = stats.record_game_result(game, meta)
            if result.problem is not None:
                self.notices.append(storage_problem_text(result.problem, self.lang))
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
