"""The game in progress, saved after every action so that Continue resumes it exactly.

A save is a game record (RECORD.md) inside a small envelope that adds what the record does not hold::

    {"format": "bezique-save", "version": 1, "saved_at": "2026-05-09T21:14:03",
     "meta": {"mode": "computer", "level": "expert", "assisted": false, "human_seat": 0, "game_id": "…"},
     "record": { …the RECORD.md document… }}

The record stays a pure RECORD.md document (its readers refuse unknown keys), so ``record`` can be handed to
``python -m bezique replay`` as it is. Loading replays the record through the checked path: the state, whose turn
it is and the legal actions are rebuilt by the rules, never trusted from the file. A save that cannot be used is
set aside with a timestamp and reported; the menu carries on without it. No pygame here.
"""

from __future__ import annotations

import contextlib
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from bezique.game_mode import SAVED_MODES, GameMode
from bezique.persist import storage
from bezique.rules import Phase, RecordedGame, RecordError, replay_record
from bezique.shown import shorten

SAVE_FILE = "savegame.json"
FORMAT = "bezique-save"
VERSION = 1
MODES = SAVED_MODES


def save_path() -> Path:
    return storage.data_dir() / SAVE_FILE


def new_game_meta(mode: GameMode, level: str | None = None, assisted: bool = False, human_seat: int = 0,
                  **extra: Any) -> dict[str, Any]:
    """The meta of a new game: how it is played, plus a fresh ``game_id`` (statistics count each game once)."""
    meta = {"mode": mode, "level": level, "assisted": assisted, "human_seat": human_seat,
            "game_id": uuid.uuid4().hex, **extra}
    problem = _meta_problem(meta, None)
    if problem:
        raise ValueError(problem)
    return meta


def _meta_problem(meta: Any, players: int | None) -> str | None:
    """Why `meta` is not usable, or None. Keys beyond the known ones are kept as they are (for the scenes)."""
    if not isinstance(meta, dict):
        return "meta must be an object"
    if meta.get("mode") not in MODES:
        return f"meta.mode must be one of {', '.join(MODES)}, not {shorten(meta.get('mode'))}"
    level = meta.get("level")
    if level is not None and not isinstance(level, str):
        return f"meta.level must be a level name or null, not {shorten(level)}"
    if meta.get("mode") == GameMode.COMPUTER and not level:
        return "meta.level is needed when playing the computer"
    if not isinstance(meta.get("assisted", False), bool):
        return "meta.assisted must be true or false"
    seat = meta.get("human_seat", 0)
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0 or (players is not None and seat >= players):
        return f"meta.human_seat must be a seat of the game, not {shorten(seat)}"
    game_id = meta.get("game_id")
    if game_id is not None and not isinstance(game_id, str):
        return "meta.game_id must be a text"
    return None


def save_game(game: RecordedGame, meta: dict[str, Any]) -> Path:
    """Write `game` (its record) and `meta` atomically to the save file; call it after every action and after
    every ``start_deal``. A crash at any moment leaves the previous save or this one, whole.

    Raises:
        ValueError: `meta` is not usable (a bug in the caller; nothing is written).
        OSError: the data folder cannot be written, or a newer program's save there cannot be set aside; the
            previous save is untouched.
    """
    problem = _meta_problem(meta, game.rules.players)
    if problem:
        raise ValueError(problem)
    envelope = {"format": FORMAT, "version": VERSION, "saved_at": datetime.now().isoformat(timespec="seconds"),
                "meta": meta, "record": game.to_dict()}
    path = save_path()
    storage.keep_if_newer(path, FORMAT, VERSION)  # a newer program's save is kept for it, never written down
    storage.write_json_atomic(path, envelope)
    return path


@dataclass
class SaveLoadResult:
    """What Continue finds. ``game`` is None when there is nothing to continue; ``problem`` is set when a save
    existed but could not be used (it has been set aside; the window words it).

    A finished game (``finished``) can be found when the program stopped between the last action and
    ``delete_saved_game``: record its result (``stats.record_game_result`` counts each ``game_id`` once), then
    delete the save, rather than offering to continue it.
    """

    game: RecordedGame | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    saved_at: str | None = None
    problem: storage.StorageProblem | None = None

    @property
    def finished(self) -> bool:
        return self.game is not None and self.game.state.phase == Phase.OVER


def has_saved_game() -> bool:
    """Whether a save file exists (Continue is offered; loading may still find it damaged)."""
    return save_path().is_file()


def delete_saved_game() -> None:
    """Remove the save once the game has ended (or the player abandons it). Missing is fine, and so is a data
    folder that is not a folder (nothing was ever saved there)."""
    with contextlib.suppress(FileNotFoundError, NotADirectoryError):
        save_path().unlink()


def load_saved_game() -> SaveLoadResult:
    """The saved game rebuilt through the checked rules path, or why not. Never raises for the file's content:
    a damaged, unreadable, too new or illegal save is set aside (``savegame.json.damaged-YYYYmmdd-HHMMSS``) and
    reported in ``problem``."""
    path = save_path()
    found = storage.read_document(path, FORMAT, VERSION, "a Bezique save", damaged="problem.save_damaged",
                                  unreadable="problem.save_unreadable", newer="problem.save_newer")
    doc = found.doc
    if doc is None:
        return SaveLoadResult(problem=found.problem)
    if "record" not in doc:
        return SaveLoadResult(problem=storage.set_aside_problem(path, "problem.save_damaged",
                                                                "the save holds no game record"))
    try:
        game = replay_record(doc["record"])
    except RecordError as exc:
        return SaveLoadResult(problem=storage.set_aside_problem(path, "problem.save_illegal", str(exc)))
    meta = doc.get("meta", {})
    detail = _meta_problem(meta, game.rules.players)
    if detail is not None:
        return SaveLoadResult(problem=storage.set_aside_problem(path, "problem.save_damaged", detail))
    saved_at = doc.get("saved_at")
    return SaveLoadResult(game=game, meta=dict(meta), saved_at=saved_at if isinstance(saved_at, str) else None)
