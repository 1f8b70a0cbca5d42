"""Everything around the table: the settings in force, the menu, new and continued games, saves and statistics.

One ``Shell`` per window, built by ``Shell.create`` (through ``bezique.ui.scenes.start``); the window does not
know it: the screens are given it when they are made, and the table reports to it as its ``Host``. The scenes ask
it to start a game (at this screen or hosted), continue the saved one, apply and save settings, or go back to the
menu. Games start through the one door (``bezique.games.door``); their bookkeeping (saved after every change,
counted, kept) is ``games.books.Books``', which posts what happened to the shell's mailbox: the shell reads it on
the window's thread (``read_reports``) and says it on the menu and at the game's table, so a hosted game's driver
thread never writes into the window.
"""

from __future__ import annotations

import dataclasses
import sys
from datetime import datetime
from typing import Any

from bezique.config import AISettings, AppSettings
from bezique.game_mode import GameMode
from bezique.games.books import Books, Happened, Report, say_on_stderr
from bezique.games.defaults import Defaults, load_defaults
from bezique.games.door import Hosting, Started, is_hosted, resume_game, start_game
from bezique.i18n.names import default_name_in
from bezique.mailbox import Mailbox
from bezique.net.relays import Relays, relays_from
from bezique.persist import new_game, saves, storage
from bezique.persist.user_settings import resolve_language, save_user_settings
from bezique.presenter.layout import parse_size
from bezique.presenter.session import GameSession
from bezique.presenter.setup import GameSetup
from bezique.presenter.words import storage_problem_text
from bezique.rules import RecordedGame, Ruleset
from bezique.ui.app import App, wake
from bezique.ui.scene import Scene
from bezique.ui.scenes.menu import MenuScene, SavedGame
from bezique.ui.scenes.newgame import NewGameScene
from bezique.ui.scenes.settings import SettingsScene
from bezique.ui.scenes.start import open_window, seat_table
from bezique.ui.screens import TableScreens
from bezique.ui.table.options import TableOptions
from bezique.ui.table.scene import TableScene


class Shell(TableScreens):
    """The game around the table: the ``Host`` its table reports to (Review and How to play opened as
    ``screens.TableScreens`` opens them), and the owner the menu, New game and Settings screens are given
    (``menu.MenuOwner``, ``newgame.NewGameOwner``, ``settings.SettingsOwner``)."""

    keeps_games = True
    app: App  # the real window (``TableScreens`` needs only a ``Window``)

    def __init__(self, app: App, settings: Defaults) -> None:
        self.app = app
        self.config = settings.config
        self.problems = list(settings.problems)
        self.settings = settings.app
        self.ai = settings.ai
        app.on_resize_saved = self.remember_size
        self.notices: list[str] = []  # plain-words problems for the menu (a damaged save, statistics…)
        self.meta: dict[str, Any] | None = None
        self.table: TableScene[GameSession] | None = None  # the game being played and saved
        self.save_problem: str | None = None  # why the last save failed, worded; None while saves succeed
        for problem in self.problems:  # each one line naming the file (and where a damaged one was kept):
            print(f"bezique: {problem}", file=sys.stderr)  # for a terminal and a bug report; the table shows them
        folder = storage.data_dir_problem()
        if folder is not None:  # said once; the saves that then fail say nothing more until one succeeds
            print(f"bezique: the data folder cannot be written ({folder}); nothing will be kept", file=sys.stderr)
            self.save_problem = app.t("problem.nothing_kept", reason=folder)
            self.notice(self.save_problem)
        # what the games' bookkeeping reports, from whichever thread changed the game; read on the window's
        self.reports: Mailbox[Report] = Mailbox(wake=wake)
        self.books = Books(self.reports.post, self.settings.kept_games, failing=folder is not None)
        self.hosting = Hosting()  # where a hosted game listens: the default port on the local network
        app.drains.append(self.read_reports)

    # --- building -------------------------------------------------------------------------------------------
    @classmethod
    def create(cls, size: tuple[int, int] | None = (1280, 720), fullscreen: bool | None = None) -> Shell:
        """A window with the player's settings (config.yaml's defaults under settings.json); `size` None: the
        size the player last gave it, or sized to the screen."""
        settings = load_defaults()
        return cls(open_window(settings.app, size, fullscreen), settings)

    def start_speech(self, wanted: bool = False) -> None:
        """The voice: on when `wanted` (``--speech``), set on in Settings, a screen reader runs, or the speech log is
        asked for; its first words say the keys. Without the speech extra or a voice, it says so (stderr,
        Settings) and the game runs silent."""
        from bezique.speech import Voice
        settings = self.settings
        self.app.use_voice(Voice.from_env(wanted or settings.speech, settings.speech_rate,
                                          settings.speech_verbosity))

    def notice(self, problem: str) -> None:
        """A problem for the menu, said once: one already there moves to the end (the menu shows the newest),
        where a disk that fails at every deal added the same two notices each time without end."""
        if problem in self.notices:
            self.notices.remove(problem)
        self.notices.append(problem)

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

    def relays(self) -> Relays:
        """The relays a game across the internet goes through where no direct path is made (``internet`` in
        config.yaml)."""
        return relays_from(self.config.internet.relay, self.config.internet.relay_token)

    def options(self, **overrides: Any) -> TableOptions:
        return TableOptions.from_settings(self.settings, self.ai, **overrides)

    @property
    def defaults(self) -> Defaults:
        """What every new game starts from: ``config.yaml`` and the settings in use now."""
        return Defaults(self.config, self.settings, self.ai)

    def default_setup(self) -> GameSetup:
        """New game's starting point (``Defaults.new_setup``): ``config.yaml``'s game and the settings' level,
        under the choices made last time, each where it still fits; a problem reading those goes to the menu."""
        setup, problem = self.defaults.new_setup()
        if problem is not None:
            self.notice(storage_problem_text(problem, self.lang))
        return setup

    def defaults_for(self, variant: str) -> Ruleset:
        """The rules a game of `variant` starts from, before house rules (``config.yaml`` is their source)."""
        return self.defaults.rules_for(variant)

    def remember(self, setup: GameSetup) -> str | None:
        """Keep New game's choices and house rules for next time; the problem, worded, if they cannot be saved."""
        try:
            new_game.save_new_game(setup.choices(), setup.house)
        except OSError as exc:
            return self.app.t("problem.new_game_not_saved", reason=exc.strerror or str(exc))
        return None

    def start_game(self, setup: GameSetup) -> TableScene[GameSession]:
        """A new game at this screen (``door.start_game``), replacing the saved one (counted and kept, marked
        abandoned; a finished one counted as finished)."""
        if setup.mode == GameMode.COMPUTER and setup.level != self.ai.level:
            # the level in the player's settings follows New game's (the bare table and `play` start from it);
            # a settings file that cannot be written has been said already
            self.ai = dataclasses.replace(self.ai, level=setup.level)
            self._save_settings()
        started = start_game(setup, self.defaults, self.lang, self.books)
        self.read_reports()
        return self._play(started.session, started.meta)

    def host(self, setup: GameSetup) -> Started:
        """Host a new game (``door.start_game``) for the people of `setup` to join from their computers, at
        ``hosting``, its table in place of every screen.

        Raises:
            OSError: no port can be listened on (nothing was changed).
        """
        try:
            started = start_game(setup, self.defaults, self.lang, self.books, self.hosting)
        finally:
            self.read_reports()
        self._open_hosted(started)
        return started

    def host_game(self, setup: GameSetup) -> str | None:
        """``host`` for New game and the network screen: the problem, worded, when the game cannot be hosted."""
        try:
            self.host(setup)
        except OSError as exc:
            return self.app.t("net.cannot_host", reason=exc.strerror or str(exc))
        return None

    def _usable_save(self) -> tuple[RecordedGame, saves.SaveLoadResult] | None:
        """The saved game to continue, or None: nothing saved, a save that cannot be used (a notice for the menu
        says why; the file is set aside), or a game already over (stopped between the last action and the
        bookkeeping: it is counted now and the save removed)."""
        if not saves.has_saved_game():
            return None
        loaded = saves.load_saved_game()
        if loaded.problem is not None:
            self.notice(storage_problem_text(loaded.problem, self.lang))
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
        level = loaded.meta.get("level") if loaded.meta.get("mode") == GameMode.COMPUTER else None
        try:
            when = datetime.fromisoformat(loaded.saved_at) if loaded.saved_at else None
        except ValueError:
            when = None
        return SavedGame(rules.variant, level, scores, when, is_hosted(game, loaded.meta))

    def continue_game(self) -> Scene | None:
        """The saved game, exactly where it stopped (``door.resume_game``); None (and a notice for the menu) when
        it cannot be used. A game hosted for other computers is hosted again, not played at this one screen; None
        (said on the menu; the save left as it was) when no port can be listened on."""
        usable = self._usable_save()
        if usable is None:
            return None
        game, loaded = usable
        try:
            started = resume_game(game, loaded.meta, self.defaults, self.books, self.hosting)
        except OSError as exc:
            self.notice(self.app.t("net.cannot_host", reason=exc.strerror or str(exc)))
            return None
        if started.hosted is None:
            return self._play(started.session, started.meta)
        self._open_hosted(started)
        return self.app.stack.top

    def _open_hosted(self, started: Started) -> None:
        """The hosted game's table in place of every screen (its bookkeeping is the books' on its own thread)."""
        from bezique.ui.scenes.net_join import open_hosted
        assert started.hosted is not None
        self.table, self.meta = None, None  # the game now played is the host's
        open_hosted(self.app, started.hosted, self)
        if self.save_problem is not None:  # still failing as far as we know: the hosted table says so too
            self._notice_at_table(started.session, self.save_problem, shown=True)

    def _play(self, session: GameSession, meta: dict[str, Any]) -> TableScene[GameSession]:
        self.meta = meta
        _name_seats(session, self.lang)
        hints = meta.get("mode") == GameMode.HOTSEAT or bool(meta.get("assisted"))
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
        if session.assisted and not meta.get("assisted") and meta.get("mode") == GameMode.COMPUTER:
            meta["assisted"] = True  # an undo makes the game assisted
        self.books.keep_up(session, meta)
        self.read_reports()

    def read_reports(self) -> bool:
        """What the bookkeeping reported since the last frame (from this thread or a hosted game's), said here, on
        the window's thread: on the menu, at the game's table, on stderr. True when anything came."""
        reports = self.reports.drain()
        for report in reports:
            self._say(report)
        return bool(reports)

    def _say(self, report: Report) -> None:
        reason = report.reason
        if report.happened is not Happened.FILE_SET_ASIDE:  # a file set aside is said on the menu, with its name
            say_on_stderr(report)
        if report.happened is Happened.SAVE_FAILED:
            if self.save_problem is None:  # said once; a failure after "nothing will be kept" is no news
                self.save_problem = self.app.t("problem.save_failed", reason=reason)
                self.notice(self.save_problem)
                self._notice_at_table(report.game, self.save_problem, shown=True)
        elif report.happened is Happened.SAVED_AGAIN:
            problem, self.save_problem = self.save_problem, None
            if problem is not None:
                if problem in self.notices:
                    self.notices.remove(problem)
                self._notice_at_table(report.game, problem, shown=False)
        elif report.happened is Happened.KEEP_FAILED:
            self.notice(self.app.t("problem.keep_failed", reason=reason))
        elif report.happened is Happened.STATS_FAILED:
            self.notice(self.app.t("problem.stats_failed", reason=reason))
        elif report.problem is not None:
            self.notice(storage_problem_text(report.problem, self.lang))

    def _notice_at_table(self, session: GameSession | None, text: str, shown: bool) -> None:
        """Show (or clear) the lasting problem `text` at the table playing `session`: this screen's table, or a
        hosted game's (its joining screen hands it on to the table)."""
        table = self.table
        if session is None:
            return
        if table is not None and table.session is session:
            if shown:
                table.stage.show_notice(text)
            else:
                table.stage.clear_notice(text)
            return
        from bezique.ui.scenes.net_join import JoinScene
        from bezique.ui.scenes.net_table import NetTableScene
        for scene in self.app.stack.scenes:
            if isinstance(scene, JoinScene | NetTableScene) and scene.hosted is not None \
                    and scene.hosted.host.session is session:
                if shown:
                    scene.notice = text
                elif scene.notice == text:
                    scene.notice = ""

    def _finish(self, game: RecordedGame, meta: dict[str, Any]) -> None:
        self.books.finish(game, meta)
        self.read_reports()

    # --- settings -------------------------------------------------------------------------------------------
    def apply(self, settings: AppSettings, ai: AISettings) -> str | None:
        """Use `settings` now (language, deck, back, table colour, sound, speed, full screen) and save them; the
        problem, if any."""
        old = self.settings
        self.settings, self.ai = settings, ai
        self.books.kept_games = settings.kept_games
        app = self.app
        app.lang = resolve_language(settings.language)
        if (old.deck_colours, old.card_back) != (settings.deck_colours, settings.card_back):
            app.set_deck(settings.deck_colours, settings.card_back)
        app.assets.set_table_colour(settings.table_colour)
        app.set_text_size(settings.text_size)
        if settings.window_size != old.window_size:
            app.set_window_size(None if settings.window_size == "auto" else parse_size(settings.window_size))
        if settings.speech != old.speech and settings.speech != app.voice.enabled:
            app.speaking.key_toggle(app.stack.top)
        app.voice.configure(settings.speech_rate, settings.speech_verbosity)
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


def _name_seats(session: GameSession, lang: str) -> None:
    """The default seat names ("You", "Player 2") in the window's language, whatever language the game began in."""
    session.seats[:] = [dataclasses.replace(seat, name=default_name_in(seat.name, lang)) for seat in session.seats]
