"""The player's statistics, kept as carefully as the saved game.

``stats.json`` in the data folder, written atomically. A file that cannot be used is set aside with a timestamp
(``stats.json.damaged-…``; one written by a newer program ``stats.json.newer-…``, never rewritten in this version's
older format) and reported (``problem``), never silently dropped or deleted; the statistics then start again.

Everything is kept per variant, so a Chinese 9000 meld never swamps the two-handed records:

- against the computer: games, wins, losses, draws and abandoned games (replaced by a new game before the end) per
  level, with assisted games (hints on) and games with house rules (``meta["house_rules"]``: they change the
  scoring) apart;
- records per level — best deal (most points the player's side made in one finished deal) and biggest meld (kind
  and points) — and the current and best winning streaks, from games against the computer without hints or house
  rules only, so they are earned and comparable. Records count as soon as the deal is over
  (``record_progress``), not only when the whole game ends: a 400-point deal is a record even if the game is later
  abandoned;
- two people on one screen (hot-seat): the number of games, draws and abandoned games, apart from everything else.

The data and its file format (version 2; version 1 read) are ``bezique.persist.stats_data``.
Each game counts once (its ``game_id`` from ``saves.new_game_meta`` is remembered), so a game found finished in
the save after a crash can be recorded again safely. No pygame here.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from bezique.game_mode import SAVED_MODES, GameMode
from bezique.persist import storage
from bezique.persist.stats_data import EARLIER, FORMAT, VERSION, Stats, Tally, VariantStats
from bezique.rules import MELD_NAMES, Phase, RecordedGame

STATS_FILE = "stats.json"
REMEMBERED_GAMES = 200
__all__ = ["EARLIER", "Stats", "StatsLoadResult", "Tally", "VariantStats", "load_stats", "record_abandoned",
           "record_game_result", "record_progress", "reset_stats", "save_stats"]  # the data, re-exported for callers


def stats_path() -> Path:
    return storage.data_dir() / STATS_FILE


@dataclass
class StatsLoadResult:
    """The statistics (always usable), and the problem met reading the file, if any (it was set aside)."""

    stats: Stats
    problem: storage.StorageProblem | None = None


def load_stats() -> StatsLoadResult:
    """The statistics on disk, or fresh ones. Never raises for the file's content: a damaged file is set aside
    (``stats.json.damaged-YYYYmmdd-HHMMSS``), a newer one too (``stats.json.newer-…``), and reported."""
    path = stats_path()
    found = storage.read_document(path, FORMAT, VERSION, "a Bezique statistics file", damaged="problem.stats_damaged",
                                  newer="problem.stats_newer")
    doc = found.doc
    if doc is None:
        return StatsLoadResult(Stats(), found.problem)
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


def _load_for_writing() -> StatsLoadResult:
    """The statistics to update. Raises OSError when a file that could not be used could not be set aside either:
    writing would destroy it (a newer program's statistics, or a damaged file someone may want back)."""
    loaded = load_stats()
    if loaded.problem is not None and loaded.problem.set_aside_to is None:
        raise OSError(f"{STATS_FILE} could not be set aside, so nothing was written over it")
    return loaded


def _how_played(meta: dict[str, Any]) -> tuple[str, str | None]:
    """(mode, level) of `meta`. Raises ValueError when it does not say how the game was played."""
    mode = meta.get("mode")
    if mode not in SAVED_MODES:
        raise ValueError(f"meta.mode must be computer or hotseat, not {mode!r}")
    level = meta.get("level")
    if mode == GameMode.COMPUTER and (not isinstance(level, str) or not level):
        raise ValueError("meta.level is needed for a game against the computer")
    return mode, level if isinstance(level, str) else None


def _first_count(stats: Stats, meta: dict[str, Any]) -> bool:
    """Whether this game has not been counted yet (remembering it now if it has an id)."""
    game_id = meta.get("game_id")
    if not isinstance(game_id, str):
        return True
    if game_id in stats.recorded_games:
        return False
    stats.recorded_games = [*stats.recorded_games, game_id][-REMEMBERED_GAMES:]
    return True


def record_game_result(game: RecordedGame, meta: dict[str, Any], today: date | None = None) -> StatsLoadResult:
    """Count a finished game (see the module's docstring) and write the statistics.

    Returns the updated statistics, with the problem met reading the old file if it was damaged (it has been set
    aside and this game starts the new file). A game already counted (same ``meta["game_id"]``) changes nothing.

    Raises:
        ValueError: the game is not finished, or `meta` does not say how it was played.
        OSError: the statistics could not be written (say so with ``problem.stats_failed``).
    """
    if game.state.phase != Phase.OVER:
        raise ValueError("only a finished game can be counted")
    mode, level = _how_played(meta)
    loaded = _load_for_writing()
    stats = loaded.stats
    if not _first_count(stats, meta):
        return loaded
    winner = game.state.winner
    if mode == GameMode.HOTSEAT or level is None:
        stats.hotseat.games += 1
        stats.hotseat.draws += winner is None
        save_stats(stats)
        return loaded
    seat = meta.get("human_seat", 0)
    side = game.rules.side_of(seat)
    assisted = counted_apart(meta)
    variant = stats.variants.setdefault(game.rules.variant, VariantStats())
    tally = (variant.assisted_by_level if assisted else variant.by_level).setdefault(level, Tally())
    tally.games += 1
    if winner is None:
        tally.draws += 1
    elif winner == side:
        tally.wins += 1
    else:
        tally.losses += 1
    if not assisted:
        variant.current_streak = variant.current_streak + 1 if winner == side else 0
        variant.best_streak = max(variant.best_streak, variant.current_streak)
        _update_records(variant, game, seat, side, level, (today or date.today()).isoformat())
    save_stats(stats)
    return loaded


def counted_apart(meta: dict[str, Any]) -> bool:
    """Whether a game against the computer is counted apart from the earned ones, and earns no records or streak:
    played with hints (assisted) or with house rules (they change what a deal is worth)."""
    return bool(meta.get("assisted", False)) or bool(meta.get("house_rules"))


def record_progress(game: RecordedGame, meta: dict[str, Any], today: date | None = None) -> StatsLoadResult | None:
    """The records a game in progress has earned so far (its finished deals, its melds), written when they beat
    the variant's; None when nothing changed (hot-seat, assisted, no new record). Call it between deals.

    Raises:
        ValueError: `meta` does not say how the game was played.
        OSError: the statistics could not be written.
    """
    mode, level = _how_played(meta)
    if mode != GameMode.COMPUTER or level is None or counted_apart(meta):
        return None
    loaded = _load_for_writing()
    variant = loaded.stats.variants.setdefault(game.rules.variant, VariantStats())
    before = copy.deepcopy(variant.to_dict())
    seat = meta.get("human_seat", 0)
    _update_records(variant, game, seat, game.rules.side_of(seat), level, (today or date.today()).isoformat())
    if variant.to_dict() == before:
        return None
    save_stats(loaded.stats)
    return loaded


def record_abandoned(game: RecordedGame, meta: dict[str, Any], today: date | None = None) -> StatsLoadResult | None:
    """Count a game replaced by a new one before its end: an abandoned game for its level (its finished deals'
    records kept) and the end of the winning streak, or an abandoned hot-seat game; None for one already counted.

    Raises:
        ValueError: `meta` does not say how the game was played.
        OSError: the statistics could not be written.
    """
    mode, level = _how_played(meta)
    loaded = _load_for_writing()
    stats = loaded.stats
    if not _first_count(stats, meta):
        return None
    if mode == GameMode.HOTSEAT or level is None:
        stats.hotseat.abandoned += 1
        save_stats(stats)
        return loaded
    assisted = counted_apart(meta)
    variant = stats.variants.setdefault(game.rules.variant, VariantStats())
    (variant.assisted_by_level if assisted else variant.by_level).setdefault(level, Tally()).abandoned += 1
    if not assisted:
        variant.current_streak = 0
        seat = meta.get("human_seat", 0)
        _update_records(variant, game, seat, game.rules.side_of(seat), level, (today or date.today()).isoformat())
    save_stats(stats)
    return loaded


def finished_deals(game: RecordedGame) -> int:
    """How many deals of `game` are over (the one being played is not, until it is scored)."""
    state = game.state
    return state.deal_index + 1 if state.phase in (Phase.AWAIT_DEAL, Phase.OVER) else max(state.deal_index, 0)


def _update_records(variant: VariantStats, game: RecordedGame, seat: int, side: int, level: str, when: str) -> None:
    """Best deal (finished deals only) and biggest meld of the player in this game, for `level` (scores from the
    rules' log of the game)."""
    per_deal: dict[int, int] = {}
    best_meld: tuple[int, str] | None = None
    done = finished_deals(game)
    for deal, score_side, score_seat, score_id, points in game.state.log:
        if score_side == side and deal < done:
            per_deal[deal] = per_deal.get(deal, 0) + points
        if score_seat == seat and score_id in MELD_NAMES and (best_meld is None or points > best_meld[0]):
            best_meld = (points, score_id)
    if per_deal:
        points = max(per_deal.values())
        old = variant.best_deal.get(level)
        if old is None or points > old["points"]:
            variant.best_deal[level] = {"points": points, "date": when}
    old = variant.biggest_meld.get(level)
    if best_meld is not None and (old is None or best_meld[0] > old["points"]):
        variant.biggest_meld[level] = {"kind": best_meld[1], "points": best_meld[0], "date": when}
