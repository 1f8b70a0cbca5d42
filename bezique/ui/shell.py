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
from collections.abc import Callable
from datetime import datetime
from typing import Any

from bezique.config import AISettings, AppSettings
from bezique.i18n.names import default_name_in
from bezique.persist import history, new_game, saves, stats, storage
from bezique.persist.user_settings import resolve_language, save_user_settings
from bezique.presenter.layout import parse_size
from bezique.presenter.session import GameSession
from bezique.presenter.setup import GameSetup, default_rules, seatable_variant, target_choices
from bezique.rules import RecordedGame, Ruleset
from bezique.ui.app import App
from bezique.ui.scene import Scene
from bezique.ui.scenes.menu import MenuScene, SavedGame
from bezique.ui.scenes.newgame import NewGameScene
from bezique.ui.scenes.settings import SettingsScene
from bezique.ui.scenes.start import WindowSettings, load_settings, new_session, open_window, seat_table
from bezique.ui.screens import TableScreens
from bezique.ui.table.options import TableOptions
from bezique.ui.table.scene import TableScene
from bezique.ui.texts import storage_problem_text


class Shell(TableScreens):
    """The game around the table: the ``Host`` its table reports to (Review and How to play opened as
    ``screens.TableScreens`` opens them), and the owner the menu, New game and Settings screens are given
    (``menu.MenuOwner``, ``newgame.NewGameOwner``, ``settings.SettingsOwner``)."""

    keeps_games = True
    app: App  # the real window (``TableScreens`` needs only a ``Window``)

    def __init__(self, app: App, settings: WindowSettings) -> None:
        self.app = app
        self.config = settings.config
        self.problems = list(settings.problems)
        self.settings = settings.app
        self.ai = settings.ai
        app.on_resize_saved = self.remember_size
        self.notices: list[str] = []  # plain-words problems for the menu (a damaged save, statistics…)
        self.meta: dict[str, Any] | None = None
        self.table: TableScene | None = None  # the game being played and saved
        self.save_problem: str | None = None  # why the last save failed, worded; None while saves succeed
        for problem in self.problems:  # each one line naming the file (and where a damaged one was kept):
            print(f"bezique: {problem}", file=sys.stderr)  # for a terminal and a bug report; the table shows them
        folder = storage.data_dir_problem()
        if folder is not None:  # said once; the saves that then fail say nothing more until one succeeds
            print(f"bezique: the data folder cannot be written ({folder}); nothing will be kept", file=sys.stderr)
            self.save_problem = app.t("problem.nothing_kept", reason=folder)
            self.notices.append(self.save_problem)

    # --- building -------------------------------------------------------------------------------------------
    @classmethod
    def create(cls, size: tuple[int, int] | None = (1280, 720), fullscreen: bool | None = None) -> Shell:
        """A window with the player's settings (config.yaml's defaults under settings.json); `size` None: the
        size the player last gave it, or sized to the screen."""
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
        """New game's starting point: ``config.yaml``'s game and the settings' level, under the choices made last
        time (``persist.new_game``), each where it still fits."""
        from bezique.ai import MENU_LEVELS, resolve_level
        level = resolve_level(self.ai.level)
        variant = seatable_variant(self.config.variant)
        target = self.config.rules.game_target
        if target not in target_choices(variant):
            target = target_choices(variant)[0]
        setup = GameSetup(level=level, variant=variant, target=target)
        saved = new_game.load_new_game()
        if saved.problem is not None:
            self.notices.append(storage_problem_text(saved.problem, self.lang))
        setup.remembered(saved.choices, saved.house_rules, MENU_LEVELS)
        return setup

    def defaults_for(self, variant: str) -> Ruleset:
        """The rules a game of `variant` starts from, before house rules (``config.yaml`` is their source)."""
        return default_rules(self.config.variant, self.config.rules, variant)

    def remember(self, setup: GameSetup) -> str | None:
        """Keep New game's choices and house rules for next time; the problem, worded, if they cannot be saved."""
        try:
            new_game.save_new_game(setup.choices(), setup.house)
        except OSError as exc:
            return self.app.t("problem.new_game_not_saved", reason=exc.strerror or str(exc))
        return None

    def start_game(self, setup: GameSetup) -> TableScene:
        """A new game from the New game screen; replaces the saved one, which is counted and kept, marked abandoned
        (a finished one is counted as finished). Its save's meta names the house rules it plays with
        (``house_rules``: the changed keys, for the statistics)."""
        if setup.mode == "computer" and setup.level != self.ai.level:
            # the level in the player's settings follows New game's (the bare table and `play` start from it);
            # a settings file that cannot be written has been said already
            self.ai = dataclasses.replace(self.ai, level=setup.level)
            self._save_settings()
        left = saves.load_saved_game()
        if left.problem is not None:
            self.notices.append(storage_problem_text(left.problem, self.lang))
        if left.game is not None and left.finished:
            self._finish(left.game, left.meta)
        elif left.game is not None:
            self._count(stats.record_abandoned, left.game, left.meta)
            self._keep(left.game, left.meta, abandoned=True)
        defaults = self.defaults_for(setup.variant)
        kinds = setup.seat_kinds()
        session = new_session(setup.ruleset(defaults), setup.mode, setup.level, self.lang, setup.seed,
                              list(setup.names), allow_undo=self.settings.allow_undo, kinds=kinds)
        session.assisted = setup.assisted and setup.mode == "computer"
        house = setup.house_rules_in_force(defaults)
        meta = saves.new_game_meta("hotseat", setup.level if setup.computers else None, False, 0,
                                   house_rules=house) if setup.mode == "hotseat" else \
            saves.new_game_meta("computer", setup.level, setup.assisted, 0, house_rules=house)
        return self._play(session, meta)

    def _usable_save(self) -> tuple[RecordedGame, saves.SaveLoadResult] | None:
        """The saved game to continue, or None: nothing saved, a save that cannot be used (a notice for the menu
        says why; the file is set aside), or a game already over (stopped between the last action and the
        bookkeeping: it is counted now and the save removed)."""
        if not saves.has_saved_game():
            return None
        loaded = saves.load_saved_game()
        if loaded.problem is not None:
            self.notices.append(storage_problem_text(loaded.problem, self.lang))
            return None
        if loaded.game is None:
            return None
        if loaded.finished:
            self._finish(loaded.game, loaded.meta)
            return None
        return loaded.game, loaded

    def saved_game(self) -> SavedGame | None:
        """What Continue would continue, for the menu's line (``_usable_save`` says when there is none)."""
        usable = self._usable_save()
        if usable is None:
            return None
        game, loaded = usable
        rules = game.rules
        names: list[list[str]] = [[] for _ in range(rules.sides)]
        for seat, player in enumerate(game.players):
            names[rules.side_of(seat)].append(str(player["name"]))
        scores = tuple((" & ".join(side), points) for side, points in zip(names, game.state.scores, strict=True))
        level = loaded.meta.get("level") if loaded.meta.get("mode") == "computer" else None
        try:
            when = datetime.fromisoformat(loaded.saved_at) if loaded.saved_at else None
        except ValueError:
            when = None
        return SavedGame(rules.variant, level, scores, when, _hosted(game, loaded.meta))

    def continue_game(self) -> Scene | None:
        """The saved game, exactly where it stopped; None (and a notice for the menu) when it cannot be used. A
        game hosted for other computers is hosted again (``_rehost``), not played at this one screen."""
        usable = self._usable_save()
        if usable is None:
            return None
        game, loaded = usable
        meta = loaded.meta
        if _hosted(game, meta):
            return self._rehost(game, meta)
        session = GameSession.from_game(game, allow_undo=self.settings.allow_undo,
                                        assisted=bool(meta.get("assisted", False)))
        return self._play(session, meta)

    def _rehost(self, game: RecordedGame, meta: dict[str, Any]) -> Scene | None:
        """Host the saved hosted game again, its table in place of the menu; None when no port can be listened on
        (said on the menu; the save is left as it was)."""
        from bezique.net import hosting
        from bezique.ui.scenes.net_join import open_hosted
        try:
            hosted = hosting.rehost_game(game, meta, saver=self.keep_up)
        except OSError as exc:
            self.notices.append(self.app.t("net.cannot_host", reason=exc.strerror or str(exc)))
            return None
        self.table, self.meta = None, None  # the game now played is the host's, kept by ``keep_up``
        open_hosted(self.app, hosted, self)
        if self.save_problem is not None:  # still failing as far as we know: the hosted table says so too
            self._notice_at_table(hosted.host.session, self.save_problem, shown=True)
        return self.app.stack.top

    def _play(self, session: GameSession, meta: dict[str, Any]) -> TableScene[GameSession]:
        self.meta = meta
        _name_seats(session, self.lang)
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
        self.keep_up(session, meta)

    def keep_up(self, session: GameSession, meta: dict[str, Any]) -> None:
        """After every change of a game: a finished one counted, kept and its save removed; a finished deal's
        records counted; else saved, a failure said at the game's table and on the menu. A hosted game's host is
        given it as its ``Saver``, so it is kept like a game at this screen; it runs then on the game's driver
        thread, where what it touches is data the window's thread only reads (the notices, the save problem, the
        hosted table's notice line) and the files."""
        if session.over:
            self._finish(session.game, meta)
            return
        if session.awaiting_deal:  # a deal is over: its records count now, not at the game's end
            self._count(stats.record_progress, session.game, meta)
        try:
            saves.save_game(session.game, meta)
        except OSError as exc:
            self._save_failed(exc, session)
        else:
            self._saved(session)

    def _save_failed(self, exc: OSError, session: GameSession) -> None:
        """Say once (the table of `session`, menu, stderr) that saving fails; it is tried again at every move,
        silently."""
        if self.save_problem is not None:
            return
        print(f"bezique: the game could not be saved: {exc}", file=sys.stderr)
        self.save_problem = self.app.t("problem.save_failed", reason=exc.strerror or str(exc))
        self.notices.append(self.save_problem)
        self._notice_at_table(session, self.save_problem, shown=True)
        self.app.dirty = True

    def _saved(self, session: GameSession) -> None:
        """A save succeeded: a failure said before is over, at the table and on the menu."""
        problem = self.save_problem
        if problem is None:
            return
        self.save_problem = None
        if problem in self.notices:
            self.notices.remove(problem)
        self._notice_at_table(session, problem, shown=False)
        self.app.dirty = True

    def _notice_at_table(self, session: GameSession, text: str, shown: bool) -> None:
        """Show (or clear) the lasting problem `text` at the table playing `session`: this screen's table (on the
        window's thread, as its game is), or a hosted game's, whose notice line is set from its driver thread (a
        text the window's thread only reads)."""
        table = self.table
        if table is not None and table.session is session:
            if shown:
                table.stage.show_notice(text)
            else:
                table.stage.clear_notice(text)
            return
        from bezique.ui.scenes.net_join import JoinScene
        from bezique.ui.scenes.net_table import NetTableScene
        for scene in list(self.app.stack.scenes):  # a copy: the window's thread may change the stack meanwhile
            if isinstance(scene, JoinScene | NetTableScene) and scene.hosted is not None \
                    and scene.hosted.host.session is session:
                if shown:
                    scene.notice = text
                elif scene.notice == text:
                    scene.notice = ""

    def _keep(self, game: RecordedGame, meta: dict[str, Any], abandoned: bool = False) -> None:
        """Keep the game for Past games (``history``); a failure is said on the menu, the game goes on."""
        try:
            history.keep_game(game, meta, abandoned, limit=self.settings.kept_games)
        except OSError as exc:
            self.notices.append(self.app.t("problem.keep_failed", reason=exc.strerror or str(exc)))

    def _finish(self, game: RecordedGame, meta: dict[str, Any]) -> None:
        self._keep(game, meta)
        self._count(stats.record_game_result, game, meta)
        saves.delete_saved_game()

    def _count(self, record: Callable[[RecordedGame, dict[str, Any]], stats.StatsLoadResult | None],
               game: RecordedGame, meta: dict[str, Any]) -> None:
        """Update the statistics with `record`; a problem (a file set aside, a failed write) goes to the notices."""
        try:
            result = record(game, meta)
            if result is not None and result.problem is not None:
                self.notices.append(storage_problem_text(result.problem, self.lang))
        except (OSError, ValueError) as exc:
            self.notices.append(self.app.t("problem.stats_failed", reason=str(exc)))

    # --- settings -------------------------------------------------------------------------------------------
    def apply(self, settings: AppSettings, ai: AISettings) -> str | None:
        """Use `settings` now (language, deck, back, table colour, sound, speed, full screen) and save them; the
        problem, if any."""
        old = self.settings
        self.settings, self.ai = settings, ai
        app = self.app
        app.lang = resolve_language(settings.language)
        if (old.deck_colours, old.card_back) != (settings.deck_colours, settings.card_back):
            app.set_deck(settings.deck_colours, settings.card_back)
        app.assets.set_table_colour(settings.table_colour)
        app.set_text_size(settings.text_size)
        if settings.window_size != old.window_size:
            app.set_window_size(None if settings.window_size == "auto" else parse_size(settings.window_size))
        app.sounds.volume = settings.sound_volume
        app.sounds.mute = settings.mute
        if settings.fullscreen != app.fullscreen:
            app.toggle_fullscreen()
        for scene in app.stack.scenes:
            if isinstance(scene, TableScene):
                if isinstance(scene.session, GameSession):  # a game hosted elsewhere keeps the host's names
                    _name_seats(scene.session, app.lang)
                    scene.session.allow_undo = settings.allow_undo and not scene.session.hotseat
                scene.opt = dataclasses.replace(scene.opt, app=settings, ai=ai)
                scene.resize(*app.size)
        app.dirty = True
        return self._save_settings()

    def remember_size(self, size: tuple[int, int]) -> None:
        """The window closes at a size the player gave it: saved, so that the next start opens at it."""
        self.settings = dataclasses.replace(self.settings, window_size=f"{size[0]}x{size[1]}")
        problem = self._save_settings()
        if problem:
            print(f"bezique: {problem}", file=sys.stderr)

    def _save_settings(self) -> str | None:
        """Write the settings in use to the player's file; the problem, in words, if it cannot be written."""
        try:
            save_user_settings(self.settings, self.ai)
        except (OSError, ValueError) as exc:
            return self.app.t("settings.save_failed", reason=str(exc))
        return None


def _hosted(game: RecordedGame, meta: dict[str, Any]) -> bool:
    """Whether a saved game was hosted for other computers (``hosting.hosted_seats``): the network is loaded
    only for a save that says so."""
    if "network" not in meta:
        return False
    from bezique.net import hosting
    return hosting.hosted_seats(game, meta) is not None


def _name_seats(session: GameSession, lang: str) -> None:
    """The default seat names ("You", "Player 2") in the window's language, whatever language the game began in."""
    session.seats[:] = [dataclasses.replace(seat, name=default_name_in(seat.name, lang)) for seat in session.seats]
