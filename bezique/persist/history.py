"""Kept games: every finished game (and one abandoned for a new game) kept as a game record, to list, review and
export.

Each kept game is one file in ``games/`` of the data folder, a game record (RECORD.md) in a small envelope that adds
what the list shows without replaying 200 records (a replay costs some milliseconds each)::

    {"format": "bezique-kept-game", "version": 1, "kept_at": "2026-12-02T00:41:07", "abandoned": false,
     "meta": { …the save's meta: mode, level, human_seat, game_id… },
     "summary": {"scores": [1020, 640], "winner": 0, "deals": 5, "finished": true, "target": 1000},
     "record": { …the RECORD.md document… }}

``record`` stays a pure RECORD.md document, so ``python -m bezique replay`` reads a kept game as it is, and an export
is that record alone. The summary is for the list only: opening a game replays its record through the checked path,
never trusting the rest of the file. Files are written atomically (``storage``); one that cannot be used is set aside
with a timestamp, never deleted; the folder is bounded, the oldest games removed first. No pygame here.
"""

from __future__ import annotations

import contextlib
import re
import uuid
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import platformdirs

from bezique.game_mode import GameMode
from bezique.persist import storage
from bezique.rules import VARIANTS, Phase, RecordedGame, RecordError, replay_record
from bezique.shown import shorten

GAMES_DIR = "games"
FORMAT = "bezique-kept-game"
VERSION = 1
DEFAULT_LIMIT = 200  # kept games; config.yaml's ``kept_games`` overrides it
_NAME = re.compile(r"^\d{8}-\d{6}-[0-9A-Za-z_-]+\.json$")


def games_dir() -> Path:
    return storage.data_dir() / GAMES_DIR


@dataclass(frozen=True)
class KeptGame:
    """One line of the Past games list, read from a kept game's envelope (the record is replayed only on opening).

    ``winner`` is a side (a seat in games without partnerships), None for a draw or an unfinished game; ``scores``
    are per side (the match in Rubicon and Chinese)."""

    path: Path
    kept_at: datetime
    variant: str
    target: int  # 0: a match without a target
    players: tuple[str, ...]
    mode: str
    level: str | None
    human_seat: int
    scores: tuple[int, ...]
    winner: int | None
    deals: int
    finished: bool
    abandoned: bool


@dataclass
class Listing:
    """The kept games, newest first, and the files that could not be used (each set aside, for the window to say)."""

    games: list[KeptGame]
    problems: list[storage.StorageProblem]


def _summary(game: RecordedGame) -> dict[str, Any]:
    state, rules = game.state, game.rules
    finished = state.phase == Phase.OVER
    return {"scores": list(state.scores), "winner": state.winner if finished else None,
            "deals": len(game.deals), "finished": finished, "target": rules.game_target or 0}


def keep_game(game: RecordedGame, meta: dict[str, Any], abandoned: bool = False,
              limit: int = DEFAULT_LIMIT) -> Path | None:
    """Keep `game` (finished, or `abandoned` for a new one: once a move was made) in the games folder, once per
    ``game_id`` (kept again, the newer file replaces it), then remove the oldest games beyond `limit` (0 keeps none).
    Returns the file, or None when nothing is kept.

    Raises:
        OSError: the folder cannot be written; whatever was kept before is untouched.
    """
    if limit <= 0 or (abandoned and not any(deal["actions"] for deal in game.deals)):
        return None  # nothing kept; nor a game left before its first move
    folder = games_dir()
    game_id = meta.get("game_id") if isinstance(meta.get("game_id"), str) else None
    game_id = re.sub(r"[^0-9A-Za-z_-]", "", game_id or "") or uuid.uuid4().hex
    now = datetime.now()
    envelope = {"format": FORMAT, "version": VERSION, "kept_at": now.isoformat(timespec="seconds"),
                "abandoned": abandoned, "meta": meta, "summary": _summary(game), "record": game.to_dict()}
    path = folder / f"{now.strftime('%Y%m%d-%H%M%S')}-{game_id}.json"
    earlier = [p for p in folder.glob(f"*-{game_id}.json") if p != path] if folder.is_dir() else []
    storage.write_json_atomic(path, envelope)
    for old in earlier:
        with contextlib.suppress(OSError):
            old.unlink()
    prune(limit)
    return path


def _files(folder: Path) -> list[Path]:
    """The kept games' files, oldest first (their names begin with the time they were kept)."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if _NAME.match(p.name) and p.is_file())


def prune(limit: int) -> int:
    """Remove the oldest kept games beyond `limit`; returns how many went. A file set aside is never counted nor
    removed (it is kept for the player)."""
    files = _files(games_dir())
    extra = files[:max(0, len(files) - limit)]
    removed = 0
    for path in extra:
        with contextlib.suppress(OSError):
            path.unlink()
            removed += 1
    return removed


def _entry(path: Path, doc: dict[str, Any]) -> KeptGame:
    """The list line of one kept game's document (its envelope's format and version checked by ``read_document``).

    Raises:
        ValueError: the envelope is not a kept game this program reads (the text says why).
    """
    record, meta, summary = doc.get("record"), doc.get("meta"), doc.get("summary")
    if not isinstance(record, dict) or not isinstance(meta, dict) or not isinstance(summary, dict):
        raise ValueError("a kept game needs its record, meta and summary")
    if record.get("variant") not in VARIANTS:
        raise ValueError(f"record.variant: not a variant this program plays ({shorten(record.get('variant'))})")
    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, dict) and isinstance(p.get("name"), str)
                                                for p in players):
        raise ValueError("record.players must list the players by name")
    scores, winner = summary.get("scores"), summary.get("winner")
    count, last_seat = storage.is_count, len(players) - 1
    if not isinstance(scores, list) or not 0 < len(scores) <= len(players) or not all(count(s) for s in scores):
        raise ValueError(f"summary.scores: expected a whole number from 0 to {storage.MAX_COUNT} for each side, "
                         f"found {shorten(scores)}")
    if not (winner is None or count(winner, last_seat)):
        raise ValueError(f"summary.winner: expected a side from 0 to {last_seat} or null, found {shorten(winner)}")
    numbers = {"summary.target": summary.get("target", 0), "summary.deals": summary.get("deals", 0),
               "meta.human_seat": meta.get("human_seat", 0)}
    for where, value in numbers.items():  # a number of another kind (true, 1.5, a text) reads as 0, as ever
        high = last_seat if where == "meta.human_seat" else storage.MAX_COUNT
        if storage.is_whole(value) and not count(value, high):
            raise ValueError(f"{where}: expected a whole number from 0 to {high}, found {shorten(value)}")
    target, deals, seat = (value if count(value) else 0 for value in numbers.values())
    try:
        kept_at = datetime.fromisoformat(str(doc.get("kept_at")))
    except ValueError:
        raise ValueError(f"kept_at: not a date and time ({shorten(doc.get('kept_at'))})") from None
    level = meta.get("level")
    return KeptGame(path=path, kept_at=kept_at, variant=str(record.get("variant")), target=target,
                    players=tuple(p["name"] for p in players),
                    mode=str(meta.get("mode", GameMode.COMPUTER)), level=level if isinstance(level, str) else None,
                    human_seat=seat, scores=tuple(scores), winner=winner, deals=deals,
                    finished=summary.get("finished") is True, abandoned=doc.get("abandoned") is True)


def list_games() -> Listing:
    """Every kept game, newest first. A file that cannot be used is set aside (renamed, never deleted) and reported."""
    folder = games_dir()
    games: list[KeptGame] = []
    problems: list[storage.StorageProblem] = []
    for path in _files(folder):
        found = storage.read_document(path, FORMAT, VERSION, "a kept Bezique game", damaged="problem.kept_damaged")
        if found.problem is not None:
            problems.append(found.problem)
        elif found.doc is not None:
            try:
                games.append(_entry(path, found.doc))
            except ValueError as exc:
                problems.append(storage.set_aside_problem(path, "problem.kept_damaged", str(exc)))
    games.sort(key=lambda g: (g.kept_at, g.path.name), reverse=True)
    return Listing(games, problems)


def open_game(kept: KeptGame) -> tuple[RecordedGame | None, storage.StorageProblem | None]:
    """The kept game rebuilt from its record through the checked rules path, or (None, why) once the file has been
    set aside; (None, None) when the file has gone meanwhile."""
    try:
        doc = storage.read_json(kept.path)
        return replay_record(doc.get("record") if isinstance(doc, dict) else None), None
    except FileNotFoundError:
        return None, None
    except storage.DamagedFileError as exc:
        return None, storage.set_aside_problem(kept.path, "problem.kept_damaged", exc.reason)
    except RecordError as exc:
        return None, storage.set_aside_problem(kept.path, "problem.kept_damaged", str(exc))


def export_dir() -> Path:
    """Where exported records go: the player's downloads folder (else documents, else home), where a browser or a
    mail program finds them."""
    for folder in (platformdirs.user_downloads_dir(), platformdirs.user_documents_dir()):
        if folder and Path(folder).is_dir():
            return Path(folder)
    return Path.home()


def export_game(game: RecordedGame, kept: KeptGame, folder: Path | None = None) -> Path:
    """Write `game`'s record alone (a pure RECORD.md document, what ``replay`` and bug reports read) into `folder`
    (``export_dir()`` by default) as ``bezique-<when kept>-<variant>.json``, never over another file.

    Raises:
        OSError: the folder cannot be written.
    """
    folder = folder if folder is not None else export_dir()
    stem = f"bezique-{kept.kept_at.strftime('%Y%m%d-%H%M')}-{kept.variant}"
    path = folder / f"{stem}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{n}.json"
    storage.write_json_atomic(path, game.to_dict())
    return path
