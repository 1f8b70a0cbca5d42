"""A bounded mailbox: how a thread that is not the window's tells the window what happened.

The window has one thread (docs/ARCHITECTURE.md, "Threads"): no other thread writes what it draws. A thread that
learns something the window must show (a hosted game saved, or its save failed and why) posts it here; the window
drains the mailbox on its own thread at the start of a frame and changes its state there. ``wake`` is called after
each post so that a window asleep waiting for input comes round to read it (the window passes a function that
posts an SDL event, which SDL takes from any thread).

Bounded, so a window that stopped reading cannot make another thread grow without end, and never blocking, so
the thread posting (a hosted game's) never waits on the window: a post into a full mailbox is dropped, said on
stderr, and counted in ``dropped``.
"""

from __future__ import annotations

import queue
import sys
from collections.abc import Callable
from typing import Generic, TypeVar

Item = TypeVar("Item")

MAILBOX_LIMIT = 256  # far more than a window reads between two frames: only a stuck window fills it


class Mailbox(Generic[Item]):
    """Items posted from any thread, drained by one (the window's)."""

    def __init__(self, limit: int = MAILBOX_LIMIT, wake: Callable[[], None] | None = None) -> None:
        self._items: queue.Queue[Item] = queue.Queue(maxsize=limit)
        self.wake = wake
        self.dropped = 0

    def post(self, item: Item) -> bool:
        """Put `item` in the mailbox (from any thread, never waiting) and wake its reader; False when it was full
        and the item was dropped."""
        try:
            self._items.put_nowait(item)
        except queue.Full:
            self.dropped += 1
            print(f"bezique: a report for the window was dropped (its mailbox is full): {item!r}", file=sys.stderr)
            return False
        if self.wake is not None:
            self.wake()
        return True

    def drain(self) -> list[Item]:
        """Everything posted since the last drain, oldest first (on the reader's thread)."""
        items = []
        while True:
            try:
                items.append(self._items.get_nowait())
            except queue.Empty:
                return items
