"""The last line of defence: if the program fails, the player gets a friendly message, not a traceback.

The full traceback goes to a log file in the per-user data folder (named in the message). Saved games are written
atomically after every action (``saves``), so nothing here needs to touch them: the game in progress survives.
"""

from __future__ import annotations

import datetime as _dt
import platform
import sys
import traceback
from collections.abc import Callable
from pathlib import Path

from bezique import __version__
from bezique.persist.storage import data_dir

MESSAGE_EN = ("Sorry, Bezique stopped because of an unexpected error.\n"
              "Your game in progress is saved: choose Continue next time.\n"
              "Details were written to: {path}")
MESSAGE_IT = ("Ci dispiace, Bezique si è fermato per un errore imprevisto.\n"
              "La partita in corso è salvata: scegli Continua la prossima volta.\n"
              "I dettagli sono stati scritti in: {path}")


def write_crash_log(exc: BaseException) -> Path:
    """Write the traceback and the environment to ``logs/crash-<timestamp>.log``; return its path."""
    folder = data_dir() / "logs"
    folder.mkdir(parents=True, exist_ok=True)
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    path = folder / f"crash-{stamp}.log"
    lines = [
        f"Bezique {__version__} on Python {platform.python_version()} ({platform.platform()})",
        f"argv: {sys.argv}",
        "",
        *traceback.format_exception(type(exc), exc, exc.__traceback__),
    ]
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def crash_message(path: Path) -> str:
    """The message for the player, in both languages (the crash may have happened before a language was chosen)."""
    return MESSAGE_EN.format(path=path) + "\n\n" + MESSAGE_IT.format(path=path)


def _show(message: str) -> None:
    """Show the message in a window when a display is possible; it is always printed to stderr too."""
    print(message, file=sys.stderr)
    try:
        from bezique.ui.scenes.crash import show_crash_screen
    except Exception:  # the window itself may be what broke
        return
    try:
        show_crash_screen(message)
    except Exception as exc:  # never let the report raise over the original failure
        print(f"(the message window could not open: {exc})", file=sys.stderr)


def run_guarded(main: Callable[[], int]) -> int:
    """Run `main`; on an unexpected exception log it, tell the player where, and return exit status 1."""
    try:
        return main()
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        try:
            path = write_crash_log(exc)
        except OSError as log_error:
            print(f"Bezique stopped: {exc!r} (and the log could not be written: {log_error})", file=sys.stderr)
            return 1
        _show(crash_message(path))
        return 1
