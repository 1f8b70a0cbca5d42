"""The computer thinking in its own processes: a small pool kept warm, that the window's worker thread hands its
searches to.

Why: a search on a thread of the window's process holds the interpreter lock, and the window's frames stutter
while it thinks (about 5 ms a frame on average instead of 2.4, with 50-60 ms hitches). In another process it takes
nothing from the window, which keeps only a thread waiting on a pipe (the lock free).

How: the processes are started with ``spawn`` (safe beside SDL's threads, the same on every platform, and in a
frozen build once ``multiprocessing.freeze_support()`` has run first in the program's main), each with a pipe and
a cancel event of its own. ``run(job, stop)`` gives a picklable job (an object with ``run(stop)``) to an idle
process and waits for its answer, setting the process's cancel event as soon as `stop` is set: the search there
asks its stop flag after every rollout and every 1024 nodes of an exact solve, so a hint cut short or a closed
window stops it at once, and the process is idle again a moment later. A job is thought in a process only inside
``in_processes()`` (the window's worker thread says so); everywhere else (arena, tests, tools) in the caller's
own thread, so the two give the same result for the same seed. If the pool cannot start or a process dies, the job
is thought on the caller's thread and the pool is left alone for the rest of the run.

Never imports pygame.
"""

from __future__ import annotations

import atexit
import importlib
import multiprocessing
import threading
import time
import traceback
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from multiprocessing.connection import Connection
from typing import Any, Protocol

PROCESSES = 2  # warm processes: a cancelled hint still winding down never delays the computer's move
POLL_S = 0.005  # how often the waiting thread looks at its stop flag
WARM_MODULES = ("bezique.ai.levels",)  # imported by each process as it starts, before its first job
READY = "ready"  # what a process says once it has started and can take jobs
READY_S = 30.0  # a process not ready this long after its start is taken for broken (the caller thinks itself)


class Stop(Protocol):
    def is_set(self) -> bool: ...


class Job(Protocol):
    """What a process thinks: built in the window's process, pickled, run in the pool."""

    def run(self, stop: Stop) -> Any: ...


class PoolBroken(Exception):
    """The pool could not start, or one of its processes died: think on the caller's thread instead."""


class _Cancelled(Exception):
    """Stopped while a process was still starting: the job was never sent."""


_local = threading.local()


@contextmanager
def in_processes() -> Iterator[None]:
    """Jobs this thread runs inside the block are thought in the pool (the window's worker thread)."""
    before = getattr(_local, "on", False)
    _local.on = True
    try:
        yield
    finally:
        _local.on = before


def wanted() -> bool:
    """Whether this thread's jobs go to the pool: inside ``in_processes()``, while the pool works."""
    return getattr(_local, "on", False) and not _broken


def _serve(conn: Connection, cancel: Any) -> None:
    """A pool process: import the players, then answer each job with (ok, result or exception) until the pipe
    closes."""
    for name in WARM_MODULES:
        importlib.import_module(name)
    conn.send(READY)
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        try:
            reply: tuple[bool, Any] = (True, job.run(cancel))
        except Exception as exc:  # handed back to the caller, which re-raises it with this process's traceback
            exc.add_note(traceback.format_exc())
            reply = (False, exc)
        conn.send(reply)


class _Slot:
    """One warm process, its pipe and its cancel event."""

    def __init__(self, ctx: Any) -> None:
        self.cancel = ctx.Event()
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_serve, args=(child, self.cancel), daemon=True, name="bezique-thinker")
        self.process.start()
        self.started = time.monotonic()
        self.ready = False
        child.close()

    def wait_ready(self, stop: Stop | None) -> None:
        """Wait for the process's first word (only its first job waits): raise ``PoolBroken`` if it dies or says
        nothing within ``READY_S`` (a program without a ``__main__`` guard runs itself again in a spawned
        process, for one)."""
        while not self.ready:
            if self.conn.poll(POLL_S):
                self.ready = self.conn.recv() == READY
                if not self.ready:
                    raise PoolBroken("a thinking process said something else first")
            elif not self.process.is_alive() or time.monotonic() - self.started > READY_S:
                raise PoolBroken("a thinking process did not start")
            elif stop is not None and stop.is_set():
                raise _Cancelled


class ThinkingPool:
    """`processes` warm processes; ``run`` hands a job to an idle one and waits for it."""

    def __init__(self, processes: int = PROCESSES) -> None:
        ctx = multiprocessing.get_context("spawn")
        self._idle = [_Slot(ctx) for _ in range(processes)]
        self._all = list(self._idle)
        self._free = threading.Condition()

    def run(self, job: Job, stop: Stop | None = None) -> Any:
        """`job.run(cancel)` in a pool process; sets its cancel event once `stop` is set. Raises ``PoolBroken``
        if the process dies, and the job's own exception if it raised one."""
        with self._free:
            while not self._idle:
                self._free.wait()
            slot = self._idle.pop()
        alive = False
        try:
            slot.wait_ready(stop)
            slot.cancel.clear()
            slot.conn.send(job)
            while not slot.conn.poll(POLL_S):
                if stop is not None and stop.is_set():
                    slot.cancel.set()
                if not slot.process.is_alive():
                    raise PoolBroken("a thinking process died")
            ok, value = slot.conn.recv()
            alive = True
        except _Cancelled:
            alive = True
            assert stop is not None  # only a stop request cancels
            return job.run(stop)  # answers at once: the stop flag is set
        except (EOFError, OSError) as exc:
            raise PoolBroken(str(exc)) from exc
        finally:
            with self._free:
                if alive:
                    self._idle.append(slot)
                else:
                    slot.process.terminate()  # dead already, or never started properly: not to be used again
                self._free.notify()
        if not ok:
            raise value
        return value

    def close(self) -> None:
        """Ask every process to finish, and end those that do not within a moment."""
        for slot in self._all:
            with suppress(OSError, ValueError):
                slot.conn.send(None)
        for slot in self._all:
            slot.process.join(0.5)
            if slot.process.is_alive():
                slot.process.terminate()


_pool: ThinkingPool | None = None
_broken = False
_lock = threading.Lock()


def pool() -> ThinkingPool:
    """The shared pool, started on first use (``warm`` starts it ahead of the first decision)."""
    global _pool, _broken
    with _lock:
        if _pool is None:
            try:
                _pool = ThinkingPool()
            except (OSError, RuntimeError) as exc:
                _broken = True
                raise PoolBroken(str(exc)) from exc
            atexit.register(_pool.close)
        return _pool


def warm() -> None:
    """Start the pool now, so that the first decision does not pay the processes' start-up (a failure only
    means thinking on the caller's thread)."""
    with suppress(PoolBroken):
        pool()


def think(job: Job, stop: Stop | None) -> Any:
    """`job` in the pool, or on this thread if the pool is broken (or breaks now)."""
    global _broken
    if not _broken:
        try:
            return pool().run(job, stop)
        except PoolBroken:
            _broken = True
    return job.run(stop if stop is not None else threading.Event())
