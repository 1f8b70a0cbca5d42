"""Every bad message is refused with its named error and changes nothing; a client never moves for another seat,
and a join needs the host's code."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from bezique.net.client import Client, LinkChange
from bezique.net.host import Host
from bezique.net.joincode import JoinCode
from bezique.net.protocol import (
    MAX_CLIENT_MESSAGE,
    PROTOCOL_VERSION,
    TRANSPORT_MAX,
    ErrorCode,
    Refused,
    Update,
    Welcome,
)
from bezique.rules import RefusalCode, Verb, action_to_json, card_code
from tests.net.hosting import Hosted, hosting, joined, latest, make_session, wait_for


@dataclass
class Table:
    hosted: Hosted
    mover: Client  # the client whose turn it is
    other: Client
    update: Update  # the mover's latest update

    def snapshot(self) -> tuple[str, int]:
        return self.hosted.session.game.to_json(), self.hosted.host.version


@pytest.fixture
def table() -> Iterator[Table]:
    with hosting("two_handed", ["human", "human"], [0, 1]) as hosted:
        a, b = joined(hosted, "Ann", "Bob")
        first = latest(a, hosted.host)
        while first.view.phase == "await_deal":
            first = wait_for(a, Update)
        mover, other = (a, b) if first.view.to_act == 0 else (b, a)
        yield Table(hosted, mover, other, latest(mover, hosted.host))
        a.close()
        b.close()


def refused(client: Client, text: str) -> Refused:
    client.send_text(text)
    message = wait_for(client, Refused)
    assert isinstance(message, Refused)
    return message


def message(client: Client, kind: str, **body: object) -> str:
    return json.dumps({"type": kind, "v": PROTOCOL_VERSION, "seq": client.next_seq(), **body})


def play_entry(table: Table, seat: int | None = None, card: int | None = None) -> dict:
    seat = table.mover.seat if seat is None else seat
    legal = [a for a in table.update.legal if a.verb == Verb.PLAY]
    return {"player": seat, "play": card_code(legal[0].cards[0] if card is None else card)}


def test_bad_messages_are_each_refused_by_name_and_change_nothing(table: Table) -> None:
    before = table.snapshot()
    mover, other, at = table.mover, table.other, table.update.version
    hand_of_other = latest(other, table.hosted.host).view.hand
    m, o = mover, other
    cases = [
        (m, "not json", ErrorCode.MALFORMED, None),
        (m, json.dumps([1, 2]), ErrorCode.MALFORMED, None),
        (m, message(m, "act", at=at), ErrorCode.MALFORMED, None),  # no action
        (m, message(m, "act", at=at, action=play_entry(table), extra=1), ErrorCode.MALFORMED, None),
        (m, message(m, "act", at="now", action=play_entry(table)), ErrorCode.MALFORMED, None),
        (m, message(m, "dance"), ErrorCode.MALFORMED, None),
        (m, message(m, "act", at=at, action={"player": m.seat, "play": "ZZ"}), ErrorCode.MALFORMED, None),
        (m, json.dumps({"type": "chat", "v": PROTOCOL_VERSION, "seq": 1, "text": "hello"}), ErrorCode.REPLAYED, None),
        (m, json.dumps({"type": "ready", "v": PROTOCOL_VERSION + 1, "seq": 10_000, "at": at}), ErrorCode.VERSION, None),
        (m, json.dumps({"type": "ready", "v": True, "seq": 10_001, "at": at}), ErrorCode.VERSION, None),
        (m, message(m, "ready", at=True), ErrorCode.MALFORMED, None),  # a bool is not a number
        (m, message(m, "chat", text=["hi"]), ErrorCode.MALFORMED, None),
        (m, message(m, "chat", text="x" * (MAX_CLIENT_MESSAGE + 1)), ErrorCode.OVERSIZED, None),
        (m, message(m, "act", at=at - 1, action=play_entry(table)), ErrorCode.STALE, None),
        (m, message(m, "act", at=at, action=play_entry(table, seat=o.seat)), ErrorCode.NOT_YOUR_SEAT, None),
        (o, message(o, "act", at=at, action={"player": o.seat, "play": card_code(hand_of_other[0])}),
         ErrorCode.NOT_YOUR_TURN, None),
        (o, message(o, "act", at=at, action=play_entry(table)), ErrorCode.NOT_YOUR_SEAT, None),
        (m, message(m, "act", at=at, action=play_entry(table, card=hand_of_other[0])), ErrorCode.ILLEGAL_MOVE,
         RefusalCode.NOT_IN_HAND),
        (m, message(m, "act", at=at, action={"player": m.seat, "done": True}), ErrorCode.ILLEGAL_MOVE,
         RefusalCode.NOT_DECLARATION_STEP),
        (m, message(m, "ready", at=at), ErrorCode.NOT_NOW, None),
        (m, message(m, "join", name="Ann"), ErrorCode.ALREADY_JOINED, None),
    ]
    for sender, text, code, why in cases:
        answer = refused(sender, text)
        assert (answer.code, answer.refusal) == (code, why), text[:80]
        assert answer.detail
        assert table.snapshot() == before, f"{code} changed the game"
    # and the game goes on: the move refused as stale, sent for the current version, is played
    mover.send_text(message(mover, "act", at=at, action=play_entry(table)))
    assert wait_for(mover, Update, lambda u: u.version == at + 1)


def test_a_join_needs_the_code_and_a_free_seat(table: Table) -> None:
    before = table.snapshot()
    stranger = Client("Eve")
    stranger.connect(table.hosted.host.code)  # the right code, but both seats have their players
    assert wait_for(stranger, Refused).code == ErrorCode.SEAT_TAKEN
    stranger.send_text(message(stranger, "act", at=0, action=play_entry(table)))
    assert wait_for(stranger, Refused).code == ErrorCode.NOT_JOINED
    stranger.send_text(message(stranger, "rejoin", token="made-up"))
    assert wait_for(stranger, Refused).code == ErrorCode.BAD_TOKEN
    stranger.close()
    guesser = Client("Eve")
    wrong = JoinCode("127.0.0.1", table.hosted.host.port, table.hosted.host.secret ^ 1).text()
    guesser.connect(wrong)  # one bit off: the key exchange fails, the host reads nothing of it
    assert wait_for(guesser, Refused).code == ErrorCode.BAD_CODE
    assert wait_for(guesser, LinkChange, lambda c: c.link == "closed").reason == "refused"
    assert table.snapshot() == before
    guesser.close()


def test_a_frame_over_the_transport_cap_closes_that_connection_only(table: Table) -> None:
    before = table.snapshot()
    table.other.send_text(message(table.other, "chat", text="x" * TRANSPORT_MAX))
    assert wait_for(table.other, LinkChange, lambda c: c.link == "dropped")
    assert wait_for(table.mover, Update, lambda u: u.seats[table.other.seat].link == "dropped")
    assert table.snapshot() == before
    table.other.rejoin()
    assert wait_for(table.other, Welcome).seat == table.other.seat
    mover_play = action_to_json(table.mover.seat, table.update.legal[0])
    table.mover.send_text(message(table.mover, "act", at=table.update.version, action=mover_play))
    assert wait_for(table.other, Update, lambda u: u.version == table.update.version + 1)


def test_a_code_never_takes_the_seat_kept_for_the_host_s_own_player() -> None:
    session = make_session("two_handed", ["human", "human"])
    host = Host(session, [0, 1], bind="127.0.0.1", port=0)
    token = host.reserve(0)
    host.start()
    try:
        friend, stranger, own = Client("Bruno"), Client("Eve"), Client("Alice")
        friend.connect(host.code)
        assert wait_for(friend, Welcome).seat == 1
        stranger.connect(host.code)  # seat 0 is still open, but it is not the code's to give
        assert wait_for(stranger, Refused).code == ErrorCode.SEAT_TAKEN
        own.take_seat(f"127.0.0.1:{host.port}", token, host.secret)
        assert wait_for(own, Welcome).seat == 0
        host.poll()  # the joins, on the game thread: now the first deal may start
        assert host.joined
        for client in (friend, stranger, own):
            client.close()
    finally:
        host.stop()
