"""The per-user data folder and the careful way every file in it is written and read.

Saves, statistics and the player's settings all live in one folder (``platformdirs``, or ``$BEZIQUE_DATA_DIR``
when set: tests and the build use it). Files are written atomically: a temporary file in the same folder,
flushed and synced, then ``os.replace``d over the old one, so a crash at any moment leaves either the old file or
the new one, never half of each. A file that cannot be read is never deleted: ``set_aside`` renames it with a
timestamp, so the player (or a bug report) still has it. No pygame here.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import re
import tempfile
import time
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeGuard

import platformdirs

from bezique.shown import shorten

APP_NAME = "Bezique"
DATA_DIR_ENV = "BEZIQUE_DATA_DIR"
DETAIL_LIMIT = 300  # characters of a problem's detail
MAX_FILE_BYTES = 32_000_000  # a long game's save is some hundred kilobytes: reading more only stalls the start


class Damage(StrEnum):
    """Why a file cannot be used."""

    UNREADABLE = "unreadable"  # the system refused to read it
    DAMAGED = "damaged"  # not text, not JSON, cut short


class DamagedFileError(ValueError):
    """A file exists but cannot be used; ``reason`` is one plain English line, ``kind`` says which way."""

    def __init__(self, path: Path, kind: Damage, reason: str) -> None:
        super().__init__(f"{path.name}: {reason}")
        self.path = path
        self.kind = kind
        self.reason = reason


def data_dir(create: bool = True) -> Path:
    """The folder for saves, statistics and settings: ``$BEZIQUE_DATA_DIR`` if set, else the platform's
    per-user data folder. Created on demand unless `create` is false; a folder that cannot be created is still
    returned (its files then read as missing and fail to write, and ``data_dir_problem`` says why), so that the game
    plays without it."""
    override = os.environ.get(DATA_DIR_ENV)
    path = Path(override).expanduser() if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    if create:
        with contextlib.suppress(OSError):
            path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir_problem() -> str | None:
    """Why nothing can be written to the data folder (it cannot be created, or a file cannot be made in it), in
    the system's words; None when it can. Checked by making and removing one temporary file, as permission bits
    alone do not tell (a read-only disk, an administrator)."""
    path = data_dir(create=False)
    try:
        path.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".write-check.", suffix=".tmp", dir=path)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        return exc.strerror or str(exc)
    return None


def write_json_atomic(path: Path | str, obj: Any) -> None:
    """Write `obj` as UTF-8 JSON to `path` so that the file is always either the old or the new content.

    Raises:
        OSError: the folder cannot be written (disk full, permissions); the old file is left as it was.
        TypeError, ValueError: `obj` is not JSON-serialisable; nothing is written.
    """
    path = Path(path)
    text = json.dumps(obj, indent=1, ensure_ascii=False, allow_nan=False) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
        _WRITTEN[path] = _stamp(path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    _sync_folder(path.parent)


_WRITTEN: dict[Path, tuple[int, int, int] | None] = {}  # what this program last wrote at each path (``_stamp``)


def _stamp(path: Path) -> tuple[int, int, int] | None:
    """The file's identity and state (inode, size, modification time), or None when it cannot be looked at."""
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns


def remove_stale_temp_files(path: Path | str, older_than_s: float = 60.0) -> int:
    """Remove the temporary files a killed writer of `path` left behind (``.<name>.*.tmp``, older than
    `older_than_s`, so a writer still at work is left alone). They are unfinished copies, never the data itself.
    Returns how many were removed."""
    path = Path(path)
    removed = 0
    now = time.time()
    for tmp in path.parent.glob(f".{path.name}.*.tmp"):
        try:
            if now - tmp.stat().st_mtime >= older_than_s:
                tmp.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows it (POSIX); harmless elsewhere."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_json(path: Path | str) -> Any:
    """The JSON value stored in `path`.

    Raises:
        FileNotFoundError: there is no such file (not damage: simply nothing saved yet; also when the data folder
            is not a folder at all).
        DamagedFileError: the file exists but cannot be read, is too large, is not UTF-8 text, or is not complete
            JSON (or holds a number beyond Python's 4,300 digits, or one no file this game writes can hold: ``NaN``,
            ``Infinity`` and ``-Infinity``, which Python's json reads though JSON has no such numbers, and a number
            too large for a float, which Python's json reads as infinity).
    """
    path = Path(path)
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise
    except NotADirectoryError:
        raise FileNotFoundError(errno.ENOENT, "no such file: its folder is not a folder", str(path)) from None
    except OSError as exc:
        raise DamagedFileError(path, Damage.UNREADABLE, f"cannot be read: {exc.strerror or exc}") from None
    if len(data) > MAX_FILE_BYTES:
        raise DamagedFileError(path, Damage.DAMAGED,
                               f"larger than {MAX_FILE_BYTES} bytes: not one of this game's files")
    if not data.strip():
        raise DamagedFileError(path, Damage.DAMAGED, "the file is empty")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise DamagedFileError(path, Damage.DAMAGED, "the file is not UTF-8 text") from None
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except _NotANumber as exc:
        line, column = _position(text, exc.token)
        raise DamagedFileError(path, Damage.DAMAGED, f"{exc.heading} at line {line}, column {column}: "
                                                f"{shorten(exc.token, quote=False, limit=40)} {exc.why}") from None
    except json.JSONDecodeError as exc:
        raise DamagedFileError(path, Damage.DAMAGED, f"not valid JSON at line {exc.lineno}, column {exc.colno}: "
                                                f"{exc.msg}") from None
    except RecursionError:
        raise DamagedFileError(path, Damage.DAMAGED, "not valid JSON: nested too deeply") from None
    except ValueError as exc:  # not a JSONDecodeError: e.g. an integer beyond Python's 4,300-digit limit
        raise DamagedFileError(path, Damage.DAMAGED, f"not usable JSON: {exc}") from None


class _NotANumber(ValueError):
    """A number in a file that no value of this game can be: `token` as written, `why` in words, under `heading`
    (``not valid JSON``, or ``not usable JSON`` for a number JSON allows that Python cannot hold)."""

    def __init__(self, token: str, why: str, heading: str) -> None:
        super().__init__(token)
        self.token = token
        self.why = why
        self.heading = heading


def _refuse_constant(token: str) -> Any:
    """``NaN``, ``Infinity`` or ``-Infinity``: Python's json would read them (they are not JSON), and a value
    that is not a number compares false with every bound, then cannot be written back (``allow_nan=False``)."""
    raise _NotANumber(token, "is not a number JSON allows", "not valid JSON")


def _finite_float(token: str) -> float:
    """A decimal number, refused when it is too large for a float (``1e400``: Python's json reads infinity)."""
    value = float(token)
    if not math.isfinite(value):
        raise _NotANumber(token, "is too large a number", "not usable JSON")
    return value


_STRING_OR_NUMBER = re.compile(r'"(?:[^"\\]|\\.)*"|-?(?:Infinity|NaN)|-?\d[\d.eE+-]*')


def _position(text: str, token: str) -> tuple[int, int]:
    """The line and column (from 1) where `token` first stands outside a string of `text`, as JSON's own errors
    give them; (1, 1) if it cannot be found (it always can: the parser met it)."""
    for match in _STRING_OR_NUMBER.finditer(text):
        if match.group() == token:
            offset = match.start()
            return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)
    return 1, 1


def set_aside(path: Path | str, reason: str, label: str = "damaged") -> Path:
    """Rename a damaged file to ``<name>.damaged-YYYYmmdd-HHMMSS`` (with ``-2``, ``-3`` … if that exists; another
    `label` for a file kept for another reason) and write `reason` next to it in ``<that name>.txt``. Never deletes
    anything. Returns the new path.

    Raises:
        OSError: the file could not be renamed (it is then left where it was).
    """
    path = Path(path)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{label}-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.{label}-{stamp}-{n}")
    os.replace(path, target)
    with contextlib.suppress(OSError):
        target.with_name(target.name + ".txt").write_text(reason.rstrip() + "\n", encoding="utf-8")
    return target


def is_whole(value: Any) -> TypeGuard[int]:
    """Whether `value` is a whole number (JSON's true and false are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


MAX_COUNT = 1_000_000_000  # games, points, deals: a player's files stay far below it, a bigger one is damage


def is_count(value: Any, high: int = MAX_COUNT) -> TypeGuard[int]:
    """Whether `value` is a whole number from 0 to `high`: a count, a score, a seat a file may hold. Without the
    bound, a 4,000-digit tally reads as a number and fills the screen that shows it."""
    return is_whole(value) and 0 <= value <= high


def keep_if_newer(path: Path, fmt: str, version: int) -> Path | None:
    """Rename a file of format `fmt` written by a newer program (its version above `version`) to
    ``<name>.newer-YYYYmmdd-HHMMSS`` before this one writes its own version over it, so that going back to the newer
    program loses nothing. Returns where it was kept, or None when there was no newer file (a damaged one is left to
    its loader). Call it before every write of such a file.

    Raises:
        OSError: the newer file could not be renamed (write nothing over it then).
    """
    path = Path(path)
    stamp = _stamp(path)
    if stamp is None or _WRITTEN.get(path) == stamp:  # nothing there, or still the file this program wrote:
        return None  # the save after every move reads nothing back
    try:
        doc = read_json(path)
    except (FileNotFoundError, DamagedFileError):
        return None
    found = doc.get("version") if isinstance(doc, dict) and doc.get("format") == fmt else None
    if not is_whole(found) or found <= version:
        return None
    return set_aside(path, f"{fmt} version {found}, kept before version {version} was written", "newer")


@dataclass(frozen=True)
class Document:
    """What ``read_document`` found: the document when it can be read (its format and version checked), the problem
    when it could not (the file has been set aside); neither when there is no file (nothing saved yet)."""

    doc: dict[str, Any] | None = None
    problem: StorageProblem | None = None


def read_document(path: Path | str, fmt: str, version: int, name: str, *, damaged: str,
                  unreadable: str | None = None, newer: str | None = None, read_newer: bool = False) -> Document:
    """The per-user file `path` as every loader reads it: stale temporary files of a killed writer removed, the JSON
    read, then its envelope checked (``"format": fmt`` and a ``"version"`` from 1 to `version`). A file that cannot
    be used is set aside (never deleted) and described under the loader's own i18n keys, so each kind of file keeps
    its own words for the player. What the document holds beyond its envelope is the caller's to check.

    Args:
        name: the file's kind in the detail line, e.g. ``"a Bezique save"`` ("not a Bezique save (format …)").
        damaged: the key of a file that is not usable (not JSON, another format, a bad version).
        unreadable: the key of a file the system refused to read; `damaged` when None.
        newer: the key of a file a newer program wrote (its version above `version`), kept as ``<name>.newer-…``
            for that program; when None such a file is damaged like any other.
        read_newer: return a newer file's document instead (the caller reads it as far as it goes).

    Never raises for the file's content.
    """
    path = Path(path)
    remove_stale_temp_files(path)
    try:
        doc = read_json(path)
    except FileNotFoundError:
        return Document()
    except DamagedFileError as exc:
        key = unreadable if unreadable is not None and exc.kind == Damage.UNREADABLE else damaged
        return Document(problem=set_aside_problem(path, key, exc.reason))
    found = doc.get("version") if isinstance(doc, dict) else None
    if not isinstance(doc, dict) or doc.get("format") != fmt:
        detail = f"not {name} (format {shorten(doc.get('format') if isinstance(doc, dict) else None)})"
    elif not is_whole(found) or found < 1:
        detail = f"version: expected a whole number of at least 1, found {shorten(found)}"
    elif found <= version or read_newer:
        return Document(doc=doc)
    else:
        detail = f"version {found} is newer than this program ({version})"
        if newer is not None:
            return Document(problem=set_aside_problem(path, newer, detail, "newer"))
    return Document(problem=set_aside_problem(path, damaged, detail))


class StorageProblem:
    """A file of the data folder that could not be used, as data for the window to word
    (``bezique.presenter.words.storage_problem_text``): what happened (an i18n key), the technical detail (one English
    line, for bug reports), and where the file was kept aside (or None if even the rename failed)."""

    __slots__ = ("detail", "key", "path", "set_aside_to")

    def __init__(self, key: str, detail: str, path: Path, set_aside_to: Path | None) -> None:
        self.key = key
        self.detail = detail
        self.path = path
        self.set_aside_to = set_aside_to

    def __repr__(self) -> str:
        return f"StorageProblem({self.key!r}, {self.detail!r}, set_aside_to={self.set_aside_to!r})"


def set_aside_problem(path: Path, key: str, detail: str, label: str = "damaged") -> StorageProblem:
    """Set `path` aside (never deleting it) and describe what happened as a ``StorageProblem``; a detail quoting a
    long value from the file (a record's 100,000-card deck) is cut to a readable length. `label` names why it was
    kept (``newer`` for a file a newer program wrote, so that program can have it back)."""
    detail = shorten(detail, quote=False, limit=DETAIL_LIMIT)
    try:
        moved: Path | None = set_aside(path, detail, label)
    except OSError as exc:
        moved = None
        detail = f"{detail}; could not be renamed: {exc.strerror or exc}"
    return StorageProblem(key, detail, path, moved)
