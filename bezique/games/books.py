"""The bookkeeping of games, for the window and a headless host alike: saved after every change, a finished deal's
records counted, a finished game counted, kept for Past games and its save removed, and the saved game a new one
replaces counted and kept (abandoned) before it goes.

It runs on whichever thread changes the game (the window's for a game at one screen, the driver's for a hosted
game) and touches only files: what happened that a person must hear of (a save failing and why, saving again, a
game that could not be kept, statistics that could not be used) is handed to `post` as a ``Report``, which the
window puts in its ``Mailbox`` and reads on its own thread (a headless host prints it: ``say_on_stderr``). Nothing
here words a report: the window does, in the player's language.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from bezique.persist import history, saves, stats
from bezique.persist.storage import StorageProblem
from bezique.presenter.session import GameSession
from bezique.rules import RecordedGame


class Happened(Enum):
    """What a ``Report`` tells."""

    SAVE_FAILED = "save_failed"  # saves fail from now on (`reason`); said once, until one succeeds
    SAVED_AGAIN = "saved_again"  # a save succeeded after failing: the failure said is over
    KEEP_FAILED = "keep_failed"  # a game could not be kept for Past games (`reason`); play goes on
    STATS_FAILED = "stats_failed"  # the statistics could not be written (`reason`)
    FILE_SET_ASIDE = "file_set_aside"  # a damaged file (the statistics, the save replaced) was set aside (`problem`)


@dataclass(frozen=True)
class Report:
    """One thing that happened to a game's files; `game` is the session it happened to (None: no game's own),
    so that the window says it at that game's table."""

    happened: Happened
    reason: str = ""
    problem: StorageProblem | None = None
    game: GameSession | None = None


Post = Callable[[Report], object]  # what is done with a report (the window's mailbox's ``post``)


STDERR_WORDS = {  # a report in one English line, for a terminal and a bug report
    Happened.SAVE_FAILED: "the game could not be saved: {reason}",
    Happened.SAVED_AGAIN: "the game is saved again",
    Happened.KEEP_FAILED: "the game could not be kept for Past games: {reason}",
    Happened.STATS_FAILED: "the statistics could not be updated: {reason}",
    Happened.FILE_SET_ASIDE: "{reason}",
}


def say_on_stderr(report: Report) -> None:
    """A report as one English line on stderr: all a headless host can do (nobody is at its screen), and what the
    window prints beside saying it in the player's language."""
    reason, problem = report.reason, report.problem
    if problem is not None:
        reason = f"{problem.detail or problem.key} (the file: {problem.set_aside_to or problem.path})"
    print("bezique: " + STDERR_WORDS[report.happened].format(reason=reason), file=sys.stderr)


class Books:
    """One player's bookkeeping (one per window, or per headless host).

    Args:
        post: where each ``Report`` goes (called on the thread that changed the game).
        kept_games: how many games Past games keeps (the player's setting; the window sets ``kept_games`` again
            when the setting changes, a whole number written on its thread and read on the game's).
        failing: saves are known to fail already (the data folder cannot be written), so the first failure is not
            said again.
    """

    def __init__(self, post: Post, kept_games: int, failing: bool = False) -> None:
        self.post = post
        self.kept_games = kept_games
        self._failing = failing
        self._lock = threading.Lock()  # one game changes at a time, but a hosted game may stop while another starts

    @property
    def failing(self) -> bool:
        return self._failing

    # --- after every change -----------------------------------------------------------------------------------
    def keep_up(self, session: GameSession, meta: dict[str, Any]) -> None:
        """After every change of a game: a finished one counted, kept and its save removed; a finished deal's
        records counted; else saved (a failure said once, and tried again at every change). A hosted game's host
        is given this as its ``Saver``."""
        if session.over:
            self.finish(session.game, meta, session)
            return
        if session.awaiting_deal:  # a deal is over: its records count now, not at the game's end
            self._count(stats.record_progress, session.game, meta, session)
        try:
            saves.save_game(session.game, meta)
        except OSError as exc:
            self._save_failed(exc, session)
        else:
            self._saved(session)

    def finish(self, game: RecordedGame, meta: dict[str, Any], session: GameSession | None = None) -> None:
        """A finished game: kept for Past games, counted, its save removed."""
        self._keep(game, meta, session)
        self._count(stats.record_game_result, game, meta, session)
        self._delete_save(session)

    def replace_saved(self) -> None:
        """Before a new game's first save takes its place: the saved game counted (finished, or abandoned for the
        new one), kept for Past games and its save removed; a save that cannot be read was set aside (said)."""
        left = saves.load_saved_game()
        if left.problem is not None:
            self.post(Report(Happened.FILE_SET_ASIDE, problem=left.problem))
        if left.game is None:
            return
        if left.finished:
            self.finish(left.game, left.meta)
            return
        self._count(stats.record_abandoned, left.game, left.meta, None)
        self._keep(left.game, left.meta, None, abandoned=True)
        self._delete_save(None)

    # --- what each step says ----------------------------------------------------------------------------------
    def _save_failed(self, exc: OSError, session: GameSession | None) -> None:
        with self._lock:
            if self._failing:
                return
            self._failing = True
        self.post(Report(Happened.SAVE_FAILED, exc.strerror or str(exc), game=session))

    def _saved(self, session: GameSession) -> None:
        with self._lock:
            if not self._failing:
                return
            self._failing = False
        self.post(Report(Happened.SAVED_AGAIN, game=session))

    def _delete_save(self, session: GameSession | None) -> None:
        try:
            saves.delete_saved_game()
        except OSError as exc:  # the folder refuses: the saves after it will fail as well, and say so
            self._save_failed(exc, session)

    def _keep(self, game: RecordedGame, meta: dict[str, Any], session: GameSession | None,
              abandoned: bool = False) -> None:
        """Keep the game for Past games, as many as the player keeps; a failure is said, the game goes on."""
        try:
            history.keep_game(game, meta, abandoned, limit=self.kept_games)
        except OSError as exc:
            self.post(Report(Happened.KEEP_FAILED, exc.strerror or str(exc), game=session))

    def _count(self, record: Callable[[RecordedGame, dict[str, Any]], stats.StatsLoadResult | None],
               game: RecordedGame, meta: dict[str, Any], session: GameSession | None) -> None:
        """Update the statistics with `record`; a problem (a file set aside, a failed write) is said."""
        try:
            result = record(game, meta)
        except (OSError, ValueError) as exc:
            self.post(Report(Happened.STATS_FAILED, str(exc), game=session))
            return
        if result is not None and result.problem is not None:
            self.post(Report(Happened.FILE_SET_ASIDE, problem=result.problem, game=session))
