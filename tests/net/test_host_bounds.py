"""The messages waiting for the host's game thread are bounded whatever that thread does: over the limit (a game
thread that has stalled) each is refused to its sender as busy and the table is told of a fault, once; the chat's
bound is test_hostile's."""

from __future__ import annotations

import pytest

from bezique.net import host as hosting_module
from bezique.net.client import Client
from bezique.net.host import Host
from bezique.net.protocol import ChatLine, ErrorCode, Notice, NoticeKind, Refused, Welcome
from tests.net.hosting import make_session, wait_for


def test_a_stalled_game_thread_holds_a_bounded_inbox_and_the_senders_are_told(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hosting_module, "INBOX_MAX", 3)
    host = Host(make_session("two_handed", ["human", "human"]), [0, 1], bind="127.0.0.1", port=0)
    host.start()  # and nobody polls it: its game thread has stalled
    try:
        ann = Client("Ann")
        ann.connect(host.code)
        assert wait_for(ann, Welcome).seat == 0  # her join waits in the inbox: one of three
        for line in ("one", "two", "three", "four"):
            ann.say(line)
        told = [wait_for(ann, (Refused, Notice)) for _ in range(3)]  # the notice may come between the refusals
        refused = [(m.code, m.seq) for m in told if isinstance(m, Refused)]
        assert refused == [(ErrorCode.BUSY, 4), (ErrorCode.BUSY, 5)]  # the first two fit; the third and fourth do not
        assert [m.kind for m in told if isinstance(m, Notice)] == [NoticeKind.FAULT]  # said once while it lasts
        assert host._inbox.qsize() == 3
        host.poll()  # the game thread comes back: what waited is handled, the lines that fitted said
        said = [wait_for(ann, ChatLine) for _ in range(2)]
        assert [(line.text, line.index) for line in said] == [("one", 0), ("two", 1)]
        ann.close()
    finally:
        host.stop()
