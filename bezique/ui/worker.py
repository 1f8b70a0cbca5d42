"""Run a computer decision on a worker thread so the window keeps drawing (and quits at once on close).

The thread only waits: a search level's decision made on it is thought in the computer's warm process pool
(``bezique.ai.remote``: the call runs inside ``in_processes()``), so the search never holds the window's
interpreter lock, and ``cancel`` reaches the process at once through the stop flag. Rule levels, quick, decide on
the thread itself. The pool is started with the first worker, ahead of the first decision.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from bezique.ai import remote


class _Call:
    """One call's outcome. Each call has its own, so a cancelled call that finishes later (it is only asked to
    stop) cannot hand its result to the call started after it: a hint cut short must never become the computer's
    move."""

    __slots__ = ("done", "error", "result")

    def __init__(self) -> None:
        self.result: Any = None
        self.error: BaseException | None = None
        self.done = False


class Worker:
    """One background call at a time. ``poll`` returns the result once, ``cancel`` asks the call to stop."""

    def __init__(self) -> None:
        remote.warm()
        self.stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._call = _Call()
        self.tag: Any = None

    @property
    def busy(self) -> bool:
        return self._thread is not None and not self._call.done

    @property
    def idle(self) -> bool:
        return self._thread is None

    def start(self, fn: Callable[[threading.Event], Any], tag: Any = None) -> None:
        """Call ``fn(stop_event)`` on a daemon thread."""
        self.cancel()
        self.stop = threading.Event()
        self.tag = tag
        stop, call = self.stop, _Call()
        self._call = call

        def run() -> None:
            try:
                with remote.in_processes():
                    call.result = fn(stop)
            except BaseException as exc:  # reported on the main thread by poll()
                call.error = exc
            call.done = True

        self._thread = threading.Thread(target=run, name="bezique-computer", daemon=True)
        self._thread.start()

    def wait(self, timeout: float) -> bool:
        """Block until the running call ends (or `timeout` seconds pass): True unless it is still running. Its
        result is still collected by ``poll``. For tools and tests that step a scene without a clock."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return self._call.done or thread is None

    def poll(self) -> tuple[bool, Any]:
        """(finished, result). Re-raises the worker's exception on the main thread."""
        call = self._call
        if self._thread is None or not call.done:
            return False, None
        self._thread = None
        if call.error is not None:
            error, call.error = call.error, None
            raise error
        return True, call.result

    def cancel(self) -> None:
        """Ask the running call to stop and forget it (it is a daemon: it cannot keep the program alive)."""
        self.stop.set()
        self._thread = None
        self._call = _Call()
