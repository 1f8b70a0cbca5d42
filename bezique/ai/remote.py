"""The computer thinking in its own processes: a small pool kept warm, that the window's worker thread hands its
searches to, split over several processes at once.

Why: a search on a thread of the window's process holds the interpreter lock, and the window's frames stutter
while it thinks (about 5 ms a frame on average instead of 2.4, with 50-60 ms hitches). In another process it takes
nothing from the window, which keeps only a thread waiting on pipes (the lock free); in several, it also uses the
cores the machine has.

How: the processes are started with ``spawn`` (safe beside SDL's threads, the same on every platform, and in a
frozen build once ``multiprocessing.freeze_support()`` has run first in the program's main), each with a pipe and
a cancel event of its own. ``split(job_for, most, listener, stop)`` takes up to `most` idle processes, gives each
its share of the work (``job_for(worker, workers)``: a picklable object with ``run(stop, link)``) and waits for
them: what a job tells on its `link` while it runs goes to the `listener`, whose answer is told to every job, and
the jobs claim the pieces of the work on a counter they share (``Link.claim``: the first job free takes the next,
so a process the machine slows holds up no other); as soon as `stop` is set, or the listener has heard enough,
every process's cancel event is set at once. The search
there asks its stop flag after every rollout and every 1024 nodes of an exact solve, so a hint cut short or a
closed window stops every process at once, and they are idle again a moment later. The processes run a little
below the window's priority, so that its frames come first when the search wants every core.

Jobs are thought in processes only inside ``in_processes()`` (the window's worker thread says so); everywhere else
(arena, tests, tools) one job does all the work on the caller's own thread (``in_turn``), which the search makes
give the same result for the same seed. If the pool cannot start or a process dies, the work is done on the caller's
thread and the pool is left alone for the rest of the run.

Never imports pygame.
"""

from __future__ import annotations

import atexit
import importlib
import multiprocessing
import os
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from multiprocessing.connection import Connection, wait
from typing import Any, Protocol, cast

PROCESSES = 2  # warm processes to start with: a cancelled hint still winding down never delays the computer's move
POLL_S = 0.005  # how often the waiting thread looks at its stop flag
WARM_MODULES = ("bezique.ai.levels",)  # imported by each process as it starts, before its first job
READY = "ready"  # what a process says once it has started and can take jobs
READY_S = 30.0  # a process not ready this long after its start is taken for broken (the caller thinks itself)
# the thinking processes' priority below the window's (where the system has one): on two cores, two of them and the
# window's own process want more than the machine has, and the window's frames come first (1024/423 of the weight)
NICENESS = 4
SPLITS = 8  # splits that may run at once (each has a shared counter of claimed pieces; a thread runs one at a time)
# what goes down a pipe, first in each message: a job for an idle process, a word to a running one (the
# listener's), a running job's word to its caller, a job's end
JOB, SAY, TELL, DONE = "job", "say", "tell", "done"


class Stop(Protocol):
    def is_set(self) -> bool: ...


class Link(Protocol):
    """A running job's line to its caller."""

    def tell(self, message: Any) -> None:
        """Hand `message` to the caller's listener now (the job goes on)."""

    def heard(self) -> list[Any]:
        """What the listener has told every job since the last call, oldest first, without waiting."""

    def claim(self) -> int:
        """The next piece of the split's work (0, 1, 2 ... over all its jobs together, each claimed once): in the
        pool the first job free takes it, so a job slowed by the machine holds up no other."""


class Job(Protocol):
    """One share of the work: built in the caller's process, pickled, run in the pool."""

    def run(self, stop: Stop, link: Link) -> Any: ...


class Listener(Protocol):
    """The caller's side of a split: hears the jobs as they go. A split whose pool breaks is done again on the
    caller's thread with the same listener, so hearing a message a second time must be harmless."""

    def heard(self, worker: int, message: Any) -> Any:
        """`message` from job `worker`; what to tell every job (None: nothing)."""

    def enough(self) -> bool:
        """Whether the jobs may stop now: nothing they would still tell is needed."""


JobFor = Callable[[int, int], Job]  # (worker, workers) -> that worker's share


class PoolBroken(Exception):
    """The pool could not start, or one of its processes died: think on the caller's thread instead."""


class _Cancelled(Exception):
    """Stopped while a process was still starting: no job was sent."""


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


def thinking_cores(cpus: int) -> int:
    """The most thinking processes a decision shares its deals between by default on a machine of `cpus` cores:
    all but one, which the window keeps for its frames (on two cores the window and two thinking processes wanted
    more than the machine has, and its frames while the Expert thought went to a p99 of 15 ms), at least one."""
    return max(1, cpus - 1)


def all_cores() -> int:
    """The cores the computer may think on: ``thinking_cores`` of this machine's (all but the window's one)."""
    return thinking_cores(os.cpu_count() or 1)


class _ChildLink:
    """A job's link in a pool process: its pipe to the caller, and its split's counter among the shared ones."""

    def __init__(self, conn: Connection, counters: Any, counter: int) -> None:
        self.conn, self.counters, self.counter = conn, counters, counter

    def claim(self) -> int:
        with self.counters.get_lock():
            piece = self.counters[self.counter]
            self.counters[self.counter] = piece + 1
        return int(piece)

    def tell(self, message: Any) -> None:
        self.conn.send((TELL, message))

    def heard(self) -> list[Any]:
        words = []
        while self.conn.poll():
            message = self.conn.recv()
            if message is not None and message[0] == SAY:
                words.append(message[1])
        return words


def _serve(conn: Connection, cancel: Any, counters: Any) -> None:
    """A pool process: import the players, then answer each job with (DONE, ok, result or exception) until the
    pipe closes. A word from the caller that comes after its job ended is dropped."""
    with suppress(AttributeError, OSError):  # no os.nice on Windows: the same priority as the window there
        os.nice(NICENESS)
    for name in WARM_MODULES:
        importlib.import_module(name)
    conn.send(READY)
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        if message[0] != JOB:
            continue  # a word meant for a job already ended
        _kind, job, counter = message
        try:
            reply: tuple[str, bool, Any] = (DONE, True, job.run(cancel, _ChildLink(conn, counters, counter)))
        except Exception as exc:  # handed back to the caller, which re-raises it with this process's traceback
            exc.add_note(traceback.format_exc())
            reply = (DONE, False, exc)
        conn.send(reply)


class _Slot:
    """One warm process, its pipe and its cancel event."""

    def __init__(self, ctx: Any, counters: Any) -> None:
        self.cancel = ctx.Event()
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_serve, args=(child, self.cancel, counters), daemon=True,
                                   name="bezique-thinker")
        self.process.start()
        self.started = time.monotonic()
        self.ready = False
        child.close()

    def poll_ready(self) -> bool:
        """Whether the process has said it is ready, without waiting. Raises ``PoolBroken`` if it said something
        else, died, or stayed silent ``READY_S`` (a program without a ``__main__`` guard runs itself again in a
        spawned process, for one)."""
        if not self.ready:
            if self.conn.poll():
                self.ready = self.conn.recv() == READY
                if not self.ready:
                    raise PoolBroken("a thinking process said something else first")
            elif not self.process.is_alive() or time.monotonic() - self.started > READY_S:
                raise PoolBroken("a thinking process did not start")
        return self.ready

    def wait_ready(self, stop: Stop | None) -> None:
        """Wait for the process's first word (only a process's first job waits)."""
        while not self.poll_ready():
            if stop is not None and stop.is_set():
                raise _Cancelled
            self.conn.poll(POLL_S)

    def say(self, word: Any) -> None:
        """Tell the running job `word` (a process that has died is found out by the waiting loop)."""
        with suppress(OSError, ValueError):
            self.conn.send((SAY, word))


class ThinkingPool:
    """Warm processes (``PROCESSES`` at first, more when a split asks for them); ``split`` shares work between the
    idle ones and waits for them."""

    def __init__(self, processes: int = PROCESSES) -> None:
        self._ctx = multiprocessing.get_context("spawn")
        self._counters = self._ctx.Array("q", SPLITS)  # every process has them all: a split's jobs share one
        self._unused = list(range(SPLITS))
        self._idle = [_Slot(self._ctx, self._counters) for _ in range(processes)]
        self._all = list(self._idle)
        self._free = threading.Condition()

    def grow(self, processes: int, wait: bool = False) -> None:
        """Start processes until the pool has `processes`; with `wait`, wait until all are ready."""
        with self._free:
            while len(self._all) < processes:
                slot = _Slot(self._ctx, self._counters)
                self._all.append(slot)
                self._idle.append(slot)
            slots = list(self._all)
        if wait:
            for slot in slots:
                slot.wait_ready(None)

    def _take(self, most: int) -> tuple[list[_Slot], int]:
        """Up to `most` idle processes, the ready ones (at least one, waited for if none is idle), and a counter
        for their claims, set to 0; processes are started for a later split when `most` is more than the pool
        has. Taking only the idle ones means a cancelled call still winding down never delays the next: the
        split is then only narrower."""
        self.grow(most)
        with self._free:
            while not self._idle or not self._unused:
                self._free.wait()
            ready = [s for s in self._idle if s.poll_ready()][:most] or self._idle[:1]
            for slot in ready:
                self._idle.remove(slot)
            counter = self._unused.pop()
            self._counters[counter] = 0
            return ready, counter

    def _give_back(self, slots: list[_Slot], counter: int, alive: bool) -> None:
        """`slots` idle again; or, not `alive` (dead, or left in an unknown state by an error), ended and replaced
        by the next split that wants them."""
        with self._free:
            self._unused.append(counter)
            for slot in slots:
                if alive:
                    self._idle.append(slot)
                else:
                    slot.process.terminate()
                    self._all.remove(slot)
            self._free.notify_all()

    def split(self, job_for: JobFor, most: int, listener: Listener, stop: Stop | None) -> list[Any]:
        """Run ``job_for(w, k)`` for w < k in k idle processes (1 <= k <= `most`), relaying what they tell to
        `listener` and its answers back to every one of them; set every process's cancel event once `stop` is
        set or `listener` has heard enough. Returns each job's result, in worker order. Raises ``PoolBroken`` if a
        process dies, and a job's own exception if it raised one."""
        slots, counter = self._take(most)
        alive = False
        try:
            for slot in slots:
                slot.wait_ready(stop)
            for w, slot in enumerate(slots):
                slot.cancel.clear()
                slot.conn.send((JOB, job_for(w, len(slots)), counter))
            results = self._gather(slots, listener, stop)
            alive = True
        except _Cancelled:
            alive = True
            return in_turn(job_for, 1, listener, stop)  # answers at once: the stop flag is set
        except (EOFError, OSError) as exc:
            raise PoolBroken(str(exc)) from exc
        finally:
            self._give_back(slots, counter, alive)
        for ok, value in results:
            if not ok:
                raise value
        return [value for _ok, value in results]

    def _gather(self, slots: list[_Slot], listener: Listener, stop: Stop | None) -> list[tuple[bool, Any]]:
        """Wait for every job's end, relaying their words meanwhile."""
        results: list[tuple[bool, Any] | None] = [None] * len(slots)
        running = {slot.conn: w for w, slot in enumerate(slots)}
        cancelled = False
        while running:
            failed = any(r is not None and not r[0] for r in results)
            if not cancelled and ((stop is not None and stop.is_set()) or listener.enough() or failed):
                cancelled = True
                for slot in slots:
                    slot.cancel.set()
            for ready in wait(list(running), POLL_S):
                conn = cast(Connection, ready)
                w = running[conn]
                message = conn.recv()
                if message[0] == DONE:
                    results[w] = (message[1], message[2])
                    del running[conn]
                    continue
                word = listener.heard(w, message[1])
                if word is not None:
                    for other, slot in enumerate(slots):
                        if results[other] is None:
                            slot.say(word)
            if any(not slots[w].process.is_alive() for w in running.values()):
                raise PoolBroken("a thinking process died")
        return [r for r in results if r is not None]

    def close(self) -> None:
        """Ask every process to finish, and end those that do not within a moment."""
        for slot in self._all:
            with suppress(OSError, ValueError):
                slot.conn.send(None)
        for slot in self._all:
            slot.process.join(0.5)
            if slot.process.is_alive():
                slot.process.terminate()


class _Either:
    """Stop when the caller says so or the listener has heard enough (a job run on the caller's thread)."""

    def __init__(self, stop: Stop | None, listener: Listener) -> None:
        self.stop, self.listener = stop, listener

    def is_set(self) -> bool:
        return (self.stop is not None and self.stop.is_set()) or self.listener.enough()


class _LocalLink:
    """A job's link on the caller's thread: what it tells goes straight to the listener, whose answer goes to the
    inbox of every job of the split (those still to run read it as they start). The jobs run one after another,
    so each claims every k-th piece (the first job would otherwise claim them all)."""

    def __init__(self, worker: int, listener: Listener, links: list[_LocalLink]) -> None:
        self.worker, self.listener, self.links = worker, listener, links
        self.inbox: list[Any] = []
        self.next = worker

    def claim(self) -> int:
        piece, self.next = self.next, self.next + len(self.links)
        return piece

    def tell(self, message: Any) -> None:
        word = self.listener.heard(self.worker, message)
        if word is not None:
            for link in self.links:
                link.inbox.append(word)

    def heard(self) -> list[Any]:
        words, self.inbox = self.inbox, []
        return words


def in_turn(job_for: JobFor, workers: int, listener: Listener, stop: Stop | None) -> list[Any]:
    """The split run on the caller's thread, its `workers` jobs one after another (each to its end): what a
    program outside ``in_processes()`` does with one worker, and what a test does with more to see that the
    work's result does not depend on how it was shared."""
    either = _Either(stop, listener)
    links: list[_LocalLink] = []
    links.extend(_LocalLink(w, listener, links) for w in range(workers))
    return [job_for(w, workers).run(either, links[w]) for w in range(workers)]


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


def warm(processes: int = PROCESSES, wait: bool = False) -> None:
    """Start the pool now (at least `processes` processes), so that the first decision does not pay the start-up;
    with `wait`, until every one is ready (a benchmark's first decisions then use them all). A failure only
    means thinking on the caller's thread."""
    global _broken
    try:
        pool().grow(processes, wait)
    except PoolBroken:
        _broken = True


def split(job_for: JobFor, most: int, listener: Listener, stop: Stop | None) -> list[Any]:
    """The work shared by ``job_for`` over up to `most` pool processes inside ``in_processes()`` (on the caller's
    thread, one job doing it all, elsewhere or if the pool is broken or breaks now)."""
    global _broken
    if wanted():
        try:
            return pool().split(job_for, most, listener, stop)
        except PoolBroken:
            _broken = True
    return in_turn(job_for, 1, listener, stop)
