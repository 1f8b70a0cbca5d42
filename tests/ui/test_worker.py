"""The worker thread: a cancelled call that finishes late cannot pass its result to the next call."""

from __future__ import annotations

import threading

from bezique.ui.worker import Worker

HANG_GUARD_S = 10  # only if the worker is broken: every wait below ends by an event long before


class Call:
    """A call that waits for its gate, then answers; it tells when it has started and on which thread."""

    def __init__(self, result: str) -> None:
        self.result = result
        self.gate, self.started = threading.Event(), threading.Event()
        self.thread: threading.Thread | None = None

    def __call__(self, stop: threading.Event) -> str:
        self.thread = threading.current_thread()
        self.started.set()
        self.gate.wait(HANG_GUARD_S)
        return self.result

    def finish(self) -> None:
        """Open the gate and wait until the worker's thread has finished with this call."""
        self.gate.set()
        assert self.started.wait(HANG_GUARD_S) and self.thread is not None
        self.thread.join(HANG_GUARD_S)
        assert not self.thread.is_alive()


def test_a_cancelled_call_finishing_late_does_not_answer_for_the_next():
    worker = Worker()
    old, new = Call("the old hint"), Call("the computer's move")
    worker.start(old, tag=("hint",))
    worker.cancel()  # the player moved on; the call is only asked to stop
    worker.start(new, tag=("ai", 1))
    old.finish()  # the old call finishes now, after the new one started
    assert worker.poll() == (False, None) and worker.busy
    new.finish()
    assert worker.poll() == (True, "the computer's move")
