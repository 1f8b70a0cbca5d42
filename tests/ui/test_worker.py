"""The worker thread: a cancelled call that finishes late cannot pass its result to the next call."""

from __future__ import annotations

import threading
import time

from bezique.ui.kit.worker import Worker


def test_a_cancelled_call_finishing_late_does_not_answer_for_the_next():
    worker = Worker()
    release = threading.Event()
    worker.start(lambda stop: (release.wait(5), "the old hint")[1], tag=("hint",))
    worker.cancel()  # the player moved on; the call is only asked to stop
    second = threading.Event()
    worker.start(lambda stop: (second.wait(5), "the computer's move")[1], tag=("ai", 1))
    release.set()  # the old call finishes now, after the new one started
    time.sleep(0.05)
    assert worker.poll() == (False, None) and worker.busy
    second.set()
    for _ in range(200):
        done, result = worker.poll()
        if done:
            break
        time.sleep(0.01)
    assert (done, result) == (True, "the computer's move")
