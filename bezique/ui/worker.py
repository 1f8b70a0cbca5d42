"""Run a computer decision on a worker thread so the window keeps drawing (and quits at once on close)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any


class Worker:
    """One background call at a time. ``poll`` returns the result once, ``cancel`` asks the call to stop."""

    def __init__(self) -> None:
        self.stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._result: Any = None
        self._error: BaseException | None = None
        self._done = False
        self.tag: Any = None

    @property
    def busy(self) -> bool:
        return self._thread is not None and not self._done

    @property
    def idle(self) -> bool:
        return self._thread is None

    def start(self, fn: Callable[[threading.Event], Any], tag: Any = None) -> None:
        """Call ``fn(stop_event)`` on a daemon thread."""
        self.cancel()
        self.stop = threading.Event()
        self._result, self._error, self._done, self.tag = None, None, False, tag
        stop = self.stop

        def run() -> None:
            try:
                self._result = fn(stop)
            except BaseException as exc:  # reported on the main thread by poll()
                self._error = exc
            self._done = True

        self._thread = threading.Thread(target=run, name="bezique-computer", daemon=True)
        self._thread.start()

    def poll(self) -> tuple[bool, Any]:
        """(finished, result). Re-raises the worker's exception on the main thread."""
        if self._thread is None or not self._done:
            return False, None
        self._thread = None
        if self._error is not None:
            error, self._error = self._error, None
            raise error
        return True, self._result

    def cancel(self) -> None:
        """Ask the running call to stop and forget it (it is a daemon: it cannot keep the program alive)."""
        self.stop.set()
        self._thread = None
        self._done = False
