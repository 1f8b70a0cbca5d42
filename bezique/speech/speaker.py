"""The voice's own thread: the window posts lines and never waits on a voice.

A screen reader's or Speech Dispatcher's call can take a while (a daemon starting, a socket to a daemon that no
longer answers): on the window's thread that would freeze the game. So every call to the backend is made here, from
a small bounded queue the window posts to. A line that cuts short what is being said also drops the lines still
waiting (they are stale: new input came). Nothing here knows the game.
"""

from __future__ import annotations

import sys
import threading
from collections import deque
from collections.abc import Callable
from enum import StrEnum

from bezique.speech.backend import Backend, Found

HELD = 32  # lines waiting at most; older ones are dropped (a voice far behind the game helps nobody)
CLOSE_WAIT = 2.0  # seconds the window waits for the thread at closing, at most


class Job(StrEnum):
    """What the window asks of the voice's thread."""

    SAY = "say"  # (text, interrupt)
    RATE = "rate"  # a rate step
    FIND = "find"  # a finder, called on this thread
    CLOSE = "close"


class Speaker:
    """A thread that speaks through a backend, found on it when asked (``find``)."""

    def __init__(self, backend: Backend | None, on_failure: Callable[[str], None]) -> None:
        self.backend = backend
        self.on_failure = on_failure  # told why a voice stopped ("no_voice"), on this thread
        self._jobs: deque[tuple[Job, object]] = deque()  # at most HELD lines and one job of each other kind
        self._ready = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="bezique-speech", daemon=True)
        self._thread.start()

    def post(self, kind: Job, value: object = None) -> None:
        """A job for the voice: (SAY, (text, interrupt)), (RATE, n), (FIND, finder) or (CLOSE, None).

        Only lines are dropped: the oldest beyond ``HELD``, or all waiting when one cuts them short. A rate or a
        search replaces one of its kind still waiting and goes after it (a rate after a search reaches the voice
        found), so the queue stays bounded without losing the newest of either."""
        with self._ready:
            jobs = self._jobs
            if kind == Job.SAY:
                cuts = isinstance(value, tuple) and bool(value[1])
                lines = [job for job in jobs if job[0] == Job.SAY]
                for stale in lines if cuts else lines[:max(0, len(lines) + 1 - HELD)]:
                    jobs.remove(stale)
            else:
                for same in [job for job in jobs if job[0] == kind]:
                    jobs.remove(same)
            jobs.append((kind, value))
            self._ready.notify()

    def close(self) -> None:
        self.post(Job.CLOSE)
        self._thread.join(CLOSE_WAIT)

    def _run(self) -> None:
        while True:
            with self._ready:
                while not self._jobs:
                    self._ready.wait()
                kind, value = self._jobs.popleft()
            if kind == Job.CLOSE:
                if self.backend is not None:
                    self._call(self.backend.close)
                return
            self._do(kind, value)

    def _do(self, kind: Job, value: object) -> None:
        if kind == Job.FIND and callable(value):
            found = value()
            if isinstance(found, Found):
                self.backend = found.backend
                if found.backend is None:
                    self.on_failure(found.problem or "no_voice")
            return
        backend = self.backend
        if backend is None:
            return
        if kind == Job.SAY and isinstance(value, tuple):
            self._call(lambda: backend.say(str(value[0]), bool(value[1])))
        elif kind == Job.RATE and isinstance(value, int):
            self._call(lambda: backend.set_rate(value))

    def _call(self, call: Callable[[], None]) -> None:
        """One call to the voice; one that fails drops the voice (the game and the log go on)."""
        try:
            call()
        except Exception as exc:
            print(f"bezique: the voice stopped working ({exc}); speech goes on in the log only", file=sys.stderr)
            self.backend = None
            self.on_failure("no_voice")
