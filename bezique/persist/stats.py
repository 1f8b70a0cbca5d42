"""The player's statistics, kept as carefully as the saved game.

``stats.json`` in the data folder, written atomically. A file that cannot be used is set aside with a timestamp
and reported (``problem``), never silently dropped; the statistics then start again from zero.

What is counted, from each finished game (``record_game_result``):

- against the computer: games, wins, losses and draws per level, with assisted games (hints on) apart;
- two people on one screen (hot-seat): the number of games and draws, apart from everything else;
- records — best deal (most points the player's side made in one deal), biggest meld (kind and points) and the
  current and best winning streaks — from games against the computer without hints only, so they are earned.

Each game counts once (its ``game_id`` from ``saves.new_game_meta`` is remembered), so a game found finished in
the save after a crash can be recorded again safely. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any, TypeGuard

from bezique.persist import storage
from bezique.rules import Phase, RecordedGame
from bezique.rules.melds import MELD_NAMES
from bezique.shown import shorten

STATS_FILE = "stats.json"
FORMAT = "bezique-stats"
VERSION = 1
REMEMBERED_GAMES = 200


def stats_path() -> Path:
    return storage.data_dir() / STATS_FILE


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def win_rate(self) -> float | None:
        """Wins per game from 0.0 to 1.0, or None before the first game."""
        return self.wins / self.games if self.games else None


@dataclass
class Stats:
    by_level: dict[str, Tally] = field(default_factory=dict)  # computer games without hints
    assisted_by_level: dict[str, Tally] = field(default_factory=dict)  # computer games with hints
    hotseat: Tally = field(default_factory=Tally)  # games and draws only: both players are the user
    best_deal: dict[str, Any] | None = None  # {"points", "level", "variant", "date"}
    biggest_meld: dict[str, Any] | None = None  # {"kind", "points", "level", "variant", "date"}
    current_streak: int = 0
    best_streak: int = 0
    recorded_games: list[str] = field(default_factory=list)  # game ids already counted, newest last

    def total(self, assisted: bool = False) -> Tally:
        """All levels together (assisted or not)."""
        out = Tally()
        for tally in (self.assisted_by_level if assisted else self.by_level).values():
            out.games += tally.games
            out.wins += tally.wins
            out.losses += tally.losses
            out.draws += tally.draws
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "version": VERSION,
            "by_level": {k: vars(v).copy() for k, v in self.by_level.items()},
            "assisted_by_level": {k: vars(v).copy() for k, v in self.assisted_by_level.items()},
            "hotseat": vars(self.hotseat).copy(),
            "best_deal": self.best_deal, "biggest_meld": self.biggest_meld,
            "current_streak": self.current_streak, "best_streak": self.best_streak,
            "recorded_games": self.recorded_games,
        }

    @classmethod
    def from_dict(cls, doc: Any) -> Stats:
        """Raises ValueError with one line saying what is wrong (the caller sets the file aside)."""
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise ValueError("not a Bezique statistics file")
        version = doc.get("version")
        if not _count(version) or version < 1:
            raise ValueError(f"version: expected a whole number, found {shorten(version)}")
        unknown = sorted(set(doc) - {"format", "version", *cls.__dataclass_fields__})
        if unknown:
            raise ValueError(f"{shorten(unknown[0], quote=False)}: unknown key")
        return cls(
            by_level=_tallies(doc.get("by_level", {}), "by_level"),
            assisted_by_level=_tallies(doc.get("assisted_by_level", {}), "assisted_by_level"),
            hotseat=_tally(doc.get("hotseat", {}), "hotseat"),
            best_deal=_best(doc.get("best_deal"), "best_deal", ("points",)),
            biggest_meld=_best(doc.get("biggest_meld"), "biggest_meld", ("points", "kind")),
            current_streak=_number(doc.get("current_streak", 0), "current_streak"),
            best_streak=_number(doc.get("best_streak", 0), "best_streak"),
            recorded_games=_ids(doc.get("recorded_games", [])),
        )


def _count(value: Any) -> TypeGuard[int]:
    """A whole number, as JSON gives it (``True`` is not a count, though Python calls it an int)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: Any, where: str) -> int:
    if not _count(value) or value < 0:
        raise ValueError(f"{where}: expected a whole number of at least 0, found {shorten(value)}")
    return value


def _tally(value: Any, where: str) -> Tally:
    if not isinstance(value, dict) or set(value) - {"games", "wins", "losses", "draws"}:
        raise ValueError(f"{where}: expected games, wins, losses and draws")
    tally = Tally(**{k: _number(v, f"{where}.{k}") for k, v in value.items()})
    if tally.wins + tally.losses + tally.draws > tally.games:
        raise ValueError(f"{where}: more results than games")
    return tally


def _tallies(value: Any, where: str) -> dict[str, Tally]:
    if not isinstance(value, dict):
        raise ValueError(f"{where}: expected an object of levels")
    return {str(k): _tally(v, f"{where}.{shorten(k, quote=False)}") for k, v in value.items()}


def _best(value: Any, where: str, needed: tuple[str, ...]) -> dict[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, dict) or any(k not in value for k in needed):
        raise ValueError(f"{where}: expected an object with {', '.join(needed)}")
    _number(value["points"], f"{where}.points")
    if "kind" in needed and not isinstance(value["kind"], str):
        raise ValueError(f"{where}.kind: expected a meld id")
    return dict(value)


def _ids(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError("recorded_games: expected a list of game ids")
    return list(value)


@dataclass
class StatsLoadResult:
    """The statistics (always usable), and the problem met reading the file, if any (it was set aside)."""

    stats: Stats
    problem: storage.StorageProblem | None = None


def load_stats() -> StatsLoadResult:
    """The statistics on disk, or fresh ones. Never raises for the file's content: a damaged file is set aside
    (``stats.json.damaged-YYYYmmdd-HHMMSS``) and reported."""
    path = stats_path()
    storage.remove_stale_temp_files(path)
    try:
        doc = storage.read_json(path)
    except FileNotFoundError:
        return StatsLoadResult(Stats())
    except storage.DamagedFileError as exc:
        return StatsLoadResult(Stats(), storage.set_aside_problem(path, "problem.stats_damaged", exc.reason))
    version = doc.get("version") if isinstance(doc, dict) else None
    if _count(version) and version > VERSION:
        detail = f"statistics version {version} is newer than this program ({VERSION})"
        return StatsLoadResult(Stats(), storage.set_aside_problem(path, "problem.stats_newer", detail))
    try:
        return StatsLoadResult(Stats.from_dict(doc))
    except ValueError as exc:
        return StatsLoadResult(Stats(), storage.set_aside_problem(path, "problem.stats_damaged", str(exc)))


def save_stats(stats: Stats) -> None:
    """Write `stats` atomically. Raises OSError when the folder cannot be written."""
    storage.write_json_atomic(stats_path(), stats.to_dict())


def reset_stats() -> None:
    """Start again from zero (the player asked for it)."""
    save_stats(Stats())


def record_game_result(game: RecordedGame, meta: dict[str, Any], today: date | None = None) -> StatsLoadResult:
    """Count a finished game (see the module's docstring) and write the statistics.

    Returns the updated statistics, with the problem met reading the old file if it was damaged (it has been set
    aside and this game starts the new file). A game already counted (same ``meta["game_id"]``) changes nothing.

    Raises:
        ValueError: the game is not finished, or `meta` does not say how it was played.
        OSError: the statistics could not be written (say so with ``problem.stats_failed``).
    """
    state = game.state
    if state.phase != Phase.OVER:
        raise ValueError("only a finished game can be counted")
    mode = meta.get("mode")
    if mode not in ("computer", "hotseat"):
        raise ValueError(f"meta.mode must be computer or hotseat, not {mode!r}")
    loaded = load_stats()
    stats = loaded.stats
    game_id = meta.get("game_id")
    if isinstance(game_id, str):
        if game_id in stats.recorded_games:
            return loaded
        stats.recorded_games = [*stats.recorded_games, game_id][-REMEMBERED_GAMES:]
    winner = state.winner
    if mode == "hotseat":
        stats.hotseat.games += 1
        stats.hotseat.draws += winner is None
        save_stats(stats)
        return loaded
    level = meta.get("level")
    if not isinstance(level, str) or not level:
        raise ValueError("meta.level is needed for a game against the computer")
    seat = meta.get("human_seat", 0)
    side = game.rules.side_of(seat)
    assisted = bool(meta.get("assisted", False))
    tally = (stats.assisted_by_level if assisted else stats.by_level).setdefault(level, Tally())
    tally.games += 1
    if winner is None:
        tally.draws += 1
    elif winner == side:
        tally.wins += 1
    else:
        tally.losses += 1
    if not assisted:
        stats.current_streak = stats.current_streak + 1 if winner == side else 0
        stats.best_streak = max(stats.best_streak, stats.current_streak)
        _update_records(stats, game, seat, side, level, (today or date.today()).isoformat())
    save_stats(stats)
    return loaded


def _update_records(stats: Stats, game: RecordedGame, seat: int, side: int, level: str, when: str) -> None:
    """Best deal and biggest meld of the player in this game (scores from the game's log of the rules)."""
    per_deal: dict[int, int] = {}
    best_meld: tuple[int, str] | None = None
    for deal, score_side, score_seat, score_id, points in game.state.log:
        if score_side == side:
            per_deal[deal] = per_deal.get(deal, 0) + points
        if score_seat == seat and score_id in MELD_NAMES and (best_meld is None or points > best_meld[0]):
            best_meld = (points, score_id)
    context = {"level": level, "variant": game.rules.variant, "date": when}
    if per_deal:
        points = max(per_deal.values())
        if stats.best_deal is None or points > stats.best_deal["points"]:
            stats.best_deal = {"points": points, **context}
    if best_meld is not None and (stats.biggest_meld is None or best_meld[0] > stats.biggest_meld["points"]):
        stats.biggest_meld = {"kind": best_meld[1], "points": best_meld[0], **context}
