"""A hostile peer cannot break the host or another window: hostile text in every field is refused by name or
cleaned, names are unique and a friend's is marked remote, floods and guesses meet the limits (on a stepped clock,
never a wait), a peer that reads nothing is dropped, and faults injected into saving, into one message's handling
and into one writer are contained while the game goes on. Real sockets on localhost."""

from __future__ import annotations

import json
import logging
import threading
from typing import Any

import pytest

from bezique.net.channel import BAD_CODE_CLOSE, BUSY_CLOSE
from bezique.net.client import Client, LinkChange
from bezique.net.host import Host, drive
from bezique.net.joincode import SECRET_BITS, JoinCode
from bezique.net.limits import SECONDS_PER_YEAR, Limits, guess_years
from bezique.net.protocol import (
    ChatLine,
    CloseReason,
    Closing,
    ErrorCode,
    Link,
    Notice,
    NoticeKind,
    Refused,
    Update,
    Welcome,
)
from bezique.rules import SeatKind
from tests.net.hosting import HANG_S, hosting, joined, latest, make_session, wait_for
from tests.net.peers import Peer

HOSTILE_NAMES = ["x\ud800", "Eve\x00", "\x1b[31mEve", "Eve\u202e", "E\u200bve", "Eve\nAlice", "x" * 41,
                 "e" + "\u0301" * 5, "\ue000", "\U000e0001"]


class Clock:
    """A clock the test steps by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def first_deal(client: Client) -> Update:
    return wait_for(client, Update, lambda u: u.view.phase == "play")


def test_hostile_names_are_refused_by_name_and_nothing_reaches_the_table() -> None:
    with hosting("two_handed", ["human", "human"], [0, 1]) as hosted:
        host = hosted.host
        peer = Peer(host.port, host.secret)
        for name in HOSTILE_NAMES:
            peer.send("join", name=name)
            refused = peer.read_until(Refused)
            assert refused.code == ErrorCode.MALFORMED and refused.detail.startswith("name:"), name
        assert host.links == [Link.OPEN, Link.OPEN]  # none took a seat
        peer.send("join", name="  Eve\u00a0 Smith ")  # spaces of any kind: one plain space, trimmed
        assert peer.read_until(Welcome).seat == 0
        host.poll()
        assert host.names[0] == "Eve Smith"
        peer.close()


def test_hostile_chat_is_cleaned_or_refused_and_every_seat_keeps_hearing() -> None:
    with hosting("two_handed", ["human", "human"], [0, 1]) as hosted:
        host = hosted.host
        bob = joined(hosted, "Bob")[0]
        peer = Peer(host.port, host.secret)
        peer.send("join", name="Eve")
        seat = peer.read_until(Welcome).seat
        cleaned = {"ok\nAlice: I resign": "ok Alice: I resign", "\x1b[31mred\x1b[0m": "[31mred[0m",
                   "a\u202eb\u200bc\u2066d": "abcd", "tab\there": "tab here", "e" + "\u0301" * 9: "\u00e9\u0301\u0301",
                   "caf\u0065\u0301": "café"}
        for sent, relayed in cleaned.items():
            peer.send("chat", text=sent)
            line = wait_for(bob, ChatLine)
            assert line.text == relayed
        for sent in ["x\ud800", "\u200b\u200b", "\x00", "y" * 301, 5, None]:
            peer.send("chat", text=sent)
            assert peer.read_until(Refused).code == ErrorCode.MALFORMED
        peer.send("chat", text="still here")
        assert wait_for(bob, ChatLine).text == "still here"  # no writer died on the way
        peer.send("rejoin", token="\x00")
        assert peer.read_until(Refused).code == ErrorCode.MALFORMED
        peer.send("act", at=host.version, action={"player": seat, "play": "\ud800"})
        assert peer.read_until(Refused).code in (ErrorCode.MALFORMED, ErrorCode.NOT_YOUR_TURN)
        peer.close()
        bob.close()


def walk_strings(doc: Any, path: tuple = ()) -> list[tuple]:
    """The path of every text in a JSON document."""
    if isinstance(doc, str):
        return [path]
    if isinstance(doc, dict):
        return [p for k, v in doc.items() for p in walk_strings(v, (*path, k))]
    if isinstance(doc, list):
        return [p for i, v in enumerate(doc) for p in walk_strings(v, (*path, i))]
    return []


def replaced(doc: Any, path: tuple, value: str) -> Any:
    copy = json.loads(json.dumps(doc))
    at = copy
    for key in path[:-1]:
        at = at[key]
    at[path[-1]] = value
    return copy


def texts_in(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if hasattr(value, "__dataclass_fields__"):
        return [t for name in value.__dataclass_fields__ for t in texts_in(getattr(value, name))]
    if isinstance(value, dict):
        return [t for k, v in value.items() for t in texts_in(k) + texts_in(v)]
    if isinstance(value, list | tuple):
        return [t for v in value for t in texts_in(v)]
    return []


def test_every_text_field_of_every_host_message_is_checked_by_the_client() -> None:
    """A hostile host: each text of each message it sends, made hostile in turn, is refused (ProtocolError) or
    read clean; nothing else is ever raised, and no control, format or surrogate reaches the window."""
    from bezique.net.protocol import ProtocolError, parse_host

    with hosting("two_handed", ["human", "human"], [0, 1]) as hosted:
        sent: list[str] = []
        hosted.host.on_send = lambda _seat, text: sent.append(text)
        a, b = joined(hosted, "Ann", "Bob")
        first_deal(a)
        a.say("hello")
        samples = [sent[-1], *[json.dumps({"type": kind, "v": 2, **body}) for kind, body in (
            ("welcome", {"seat": 0, "token": "tok"}), ("chat", {"seat": 0, "text": "hi", "index": 0}),
            ("refused", {"seq": 1, "code": "stale", "detail": "moved on", "refusal": None}),
            ("notice", {"kind": "fault", "who": "Bob", "count": 0}), ("closing", {"reason": "host_quit"}))]]
        a.close()
        b.close()
    checked = 0
    for text in samples:
        doc = json.loads(text)
        for path in walk_strings(doc):
            for hostile in ["\ud800", "\x00", "\x1b[2J", "\u202e", "\u200b", "x" * 600]:
                try:
                    message = parse_host(json.dumps(replaced(doc, path, hostile)))
                except ProtocolError:
                    continue
                finally:
                    checked += 1
                for shown in texts_in(message):
                    assert shown.isprintable() or not shown, (path, hostile)
    assert checked > 300


def test_names_are_unique_at_the_table_and_a_friend_is_marked_remote() -> None:
    with hosting("three_handed", ["human", "ai", "human"], [0, 2]) as hosted:
        host = hosted.host
        computer = host.names[1]
        a, b = joined(hosted, "Ann", "ANN")
        host.poll()
        assert host.names[0] == "Ann" and host.names[2] == "ANN 2"
        c = Client(computer)  # a friend taking the computer's name, once a seat is free again
        b.drop()
        wait_for(a, Update, lambda u: u.seats[2].link == Link.DROPPED)
        c.connect(host.code)
        assert wait_for(c, Welcome).seat == 2
        seats = wait_for(a, Update, lambda u: u.seats[2].link == Link.CONNECTED).seats
        assert seats[2].name == f"{computer} 2" and seats[2].kind == SeatKind.HUMAN  # a friend's: not played here
        assert (seats[1].kind, seats[1].link) == (SeatKind.AI, Link.HERE) and seats[0].link == Link.CONNECTED
        for client in (a, b, c):
            client.close()


def test_a_peer_that_never_reads_is_dropped_and_the_others_play_on(caplog: pytest.LogCaptureFixture) -> None:
    limits = Limits(outbox=16, send_buffer=4096, chat_burst=10**6, chat_per_minute=10**6)
    with hosting("three_handed", ["human", "human", "human"], [0, 1, 2], limits=limits) as hosted:
        host = hosted.host
        a, b = joined(hosted, "Ann", "Bob")
        sloth = Peer(host.port, host.secret, receive_buffer=2048)
        sloth.send("join", name="Sloth")  # and never reads again
        wait_for(a, Update, lambda u: u.seats[2].link == Link.CONNECTED)
        said = 0
        while host.links[2] == Link.CONNECTED:
            assert said < 5000, "the peer that reads nothing was never dropped"
            a.say("\U0001f600" * 300)  # 3.6 kB on the wire each (JSON escapes): the host's buffers fill
            wait_for(a, ChatLine)
            said += 1
        assert "read nothing" in caplog.text
        assert wait_for(b, Update, lambda u: u.seats[2].link == Link.DROPPED)
        a.say("go on")
        assert wait_for(b, ChatLine, lambda line: line.text == "go on")
        for client in (a, b):
            client.close()


def test_the_host_keeps_the_chat_s_last_lines_only_and_sends_them_to_a_seat_that_comes_back() -> None:
    """A long evening's chat does not grow the host: it keeps the last ``CHAT_RESENT`` lines (to send a seat that
    joins or comes back), each with its place in the whole chat, so a window shows each line once."""
    from bezique.net.host import CHAT_RESENT

    many = 10**6
    limits = Limits(chat_burst=many, chat_per_minute=many, messages_burst=many, messages_per_minute=many)
    with hosting("two_handed", ["human", "human"], [0, 1], limits=limits) as hosted:
        a, b = joined(hosted, "Ann", "Bob")
        said = CHAT_RESENT + 7
        for n in range(said):
            a.say(f"line {n}")
        assert wait_for(b, ChatLine, lambda line: line.index == said - 1).text == f"line {said - 1}"
        assert len(hosted.host.chat) == CHAT_RESENT and hosted.host.chat_said == said
        b.drop()
        wait_for(b, LinkChange, lambda c: c.link == Link.DROPPED)
        b.rejoin()
        wait_for(b, Welcome)
        again = [wait_for(b, ChatLine) for _ in range(CHAT_RESENT)]
        assert [line.index for line in again] == list(range(said - CHAT_RESENT, said))
        assert again[-1].text == f"line {said - 1}"
        a.close()
        b.close()


def test_chat_and_message_floods_meet_their_limits_on_a_stepped_clock() -> None:
    clock = Clock()
    limits = Limits(clock=clock, chat_burst=3, chat_per_minute=6, messages_burst=20, messages_per_minute=60)
    with hosting("two_handed", ["human", "human"], [0, 1], limits=limits) as hosted:
        a, b = joined(hosted, "Ann", "Bob")
        for i in range(3):
            a.say(f"line {i}")
            assert wait_for(b, ChatLine).text == f"line {i}"
        a.say("one too many")
        assert wait_for(a, Refused).code == ErrorCode.TOO_FAST
        clock.now += 10  # a line a minute's tenth later is allowed again
        a.say("later")
        assert wait_for(b, ChatLine).text == "later"
        flooder = Peer(hosted.host.port, hosted.host.secret)
        for _ in range(30):
            flooder.send("dance")
        assert flooder.read_until(Closing).reason == CloseReason.FLOODED
        a.close()
        b.close()


def test_guessing_the_code_meets_the_limits_and_the_host_is_told() -> None:
    clock = Clock()
    limits = Limits(clock=clock, exchanges_burst_per_address=5, exchanges_per_minute_per_address=5)
    with hosting("two_handed", ["human", "human"], [0, 1], limits=limits) as hosted:
        host = hosted.host
        told: list[Notice] = []
        host.on_notice = told.append
        token = host.reserve(0)
        own = Client("Host")
        own.take_seat(f"127.0.0.1:{host.port}", token, host.secret)
        wait_for(own, Welcome)
        seats = wait_for(own, Update).seats  # the host's own player is at the host, never marked a friend's
        assert (seats[0].link, seats[1].link) == (Link.HERE, Link.OPEN)
        codes = []
        for guess in range(5):
            peer = Peer(host.port, (host.secret + 1 + guess) % (1 << SECRET_BITS))
            peer.send("join", name="Eve")
            codes.append(peer.closed_code())
        assert codes == [BAD_CODE_CLOSE] * 4 + [BUSY_CLOSE]  # the host's own player's and four: the fifth is not tried
        notice = wait_for(own, Notice)
        assert notice.kind == NoticeKind.WRONG_CODES and notice.who == "127.0.0.1" and notice.count == 3
        assert told[0] == notice
        clock.now += 60  # a minute on, this address may try again: with the right code, it plays
        friend = Client("Bruno")
        friend.connect(host.code)
        assert wait_for(friend, Welcome).seat == 1
        for client in (own, friend):
            client.close()


def test_a_guess_at_the_best_rate_allowed_takes_more_than_a_year() -> None:
    limits = Limits()
    guesses = 2 ** (SECRET_BITS - 1)  # on average, half the secrets are tried
    per_second = limits.exchanges_per_minute / 60  # from every address together: each guess is a key exchange
    years = (guesses - limits.exchanges_burst) / per_second / SECONDS_PER_YEAR
    assert guess_years(limits) == pytest.approx(years)
    print(f"\n2^{SECRET_BITS - 1} guesses at {per_second:g}/s: {years:,.0f} years")
    assert years >= 1


def test_connections_per_address_and_those_that_never_join_are_bounded() -> None:
    with hosting("two_handed", ["human", "human"], [0, 1], limits=Limits(join_timeout_s=0.05)) as hosted:
        idle = Peer(hosted.host.port, None)  # says nothing at all: closed once its time to join is over
        assert idle.closed_code() is None
    with hosting("two_handed", ["human", "human"], [0, 1], limits=Limits(connections_per_address=2)) as hosted:
        port = hosted.host.port
        first, second = Peer(port, hosted.host.secret), Peer(port, hosted.host.secret)
        first.send("join", name="Ann")
        first.read_until(Welcome)
        third = Peer(port, None)
        assert third.closed_code() == BUSY_CLOSE  # a third at once from one address
        second.send("join", name="Bob")
        assert second.read_until(Welcome).seat == 1
        first.close()
        second.close()


def test_a_save_that_raises_anything_is_contained_and_told() -> None:
    def broken_saver(_session: Any, _meta: Any) -> None:
        raise UnicodeEncodeError("utf-8", "x\ud800", 1, 2, "surrogates not allowed")

    meta = {"network": {"remote": [0, 1]}}
    with hosting("two_handed", ["human", "human"], [0, 1], save_meta=meta, saver=broken_saver) as hosted:
        told: list[Notice] = []
        hosted.host.on_notice = told.append
        a, b = joined(hosted, "Ann", "Bob")
        update = first_deal(a)
        mover = a if update.view.to_act == a.seat else b
        current = latest(mover, hosted.host)
        mover.send_move(current.legal[0])
        assert wait_for(mover, Update, lambda u: u.version == current.version + 1)  # the game went on
        assert told and told[0].kind == NoticeKind.SAVE_FAILED and told[0].who == "UnicodeEncodeError"
        assert hosted.driver.is_alive()
        a.close()
        b.close()


def test_a_fault_in_one_message_and_in_one_writer_stops_neither_the_game_nor_the_others() -> None:
    with hosting("two_handed", ["human", "human"], [0, 1]) as hosted:
        host = hosted.host
        a, b = joined(hosted, "Ann", "Bob")
        update = first_deal(a)
        first_deal(b)
        real_accept = host._accept

        def failing(*args: Any) -> Any:
            host._accept = real_accept  # once
            raise RuntimeError("a bug met by one message")

        host._accept = failing
        mover = a if update.view.to_act == a.seat else b
        current = latest(mover, host)
        mover.send_move(current.legal[0])
        notice = wait_for(mover, Notice)
        assert notice.kind == NoticeKind.FAULT and notice.who == mover.name
        mover.send_move(current.legal[0])
        assert wait_for(mover, Update, lambda u: u.version == current.version + 1)
        # one writer fails (something that cannot be sealed lands in its outbox): that connection only ends
        other = b if mover is a else a
        host._loop.call_soon_threadsafe(host.door.conns[other.seat].box.put_nowait, object())
        assert wait_for(other, LinkChange, lambda c: c.link == Link.DROPPED)
        mover.say("still playing")
        assert wait_for(mover, ChatLine).text == "still playing"
        other.rejoin()
        assert wait_for(other, Welcome).seat == other.seat
        assert hosted.driver.is_alive()
        a.close()
        b.close()


def test_the_key_exchange_refuses_a_wrong_code_before_anything_is_read(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    with hosting("two_handed", ["human", "human"], [0, 1]) as hosted:
        host = hosted.host
        wrong = Client("Eve")
        wrong.connect(JoinCode("127.0.0.1", host.port, host.secret ^ (1 << 20)).text())
        assert wait_for(wrong, Refused).code == ErrorCode.BAD_CODE
        assert wait_for(wrong, LinkChange, lambda c: c.link == Link.CLOSED).reason == CloseReason.REFUSED
        assert host.links == [Link.OPEN, Link.OPEN] and host.names[0] != "Eve"
        wrong.close()


def test_a_computer_that_fails_ends_the_game_cleanly_and_says_why() -> None:
    class Broken:
        def choose(self, *_args: Any) -> Any:
            raise RuntimeError("a bug in the computer's search")

    session = make_session("three_handed", ["human", "human", "ai"])
    host = Host(session, [0, 1], bind="127.0.0.1", port=0)
    host.start()
    driver = threading.Thread(target=drive, args=(host, {2: Broken()}), daemon=True)
    driver.start()
    try:
        a, b = Client("Ann"), Client("Bob")
        for client in (a, b):
            client.connect(host.code)
            wait_for(client, Welcome)
        while session.state.to_act != 2:  # the people play until it is the computer's turn
            update = wait_for(a, Update)
            mover = {a.seat: a, b.seat: b}.get(update.view.to_act)
            if mover is not None and update.version == host.version:
                mover.send_move(latest(mover, host).legal[0])
        assert wait_for(a, Notice).kind == NoticeKind.FAULT
        assert wait_for(a, Closing).reason == CloseReason.FAULT  # ended, not a table that waits for ever
        driver.join(HANG_S)
        assert not driver.is_alive() and host.closed
        for client in (a, b):
            client.close()
    finally:
        host.stop()


@pytest.mark.parametrize(("field", "value"), [
    ("seat", 7), ("dealer", 99), ("to_act", -1), ("winner", 3), ("hand_counts", [9]), ("tables", []),
    ("hand", ["QS#9"]), ("trick", [[5, "QS#0"]]), ("known", [[], [], []]),
])
def test_a_view_that_does_not_agree_with_its_rules_never_reaches_a_window(field: str, value: Any) -> None:
    """A hostile (or broken) host's view naming a seat the game has not, a card beyond its packs or a per-seat
    list of the wrong length is refused as malformed, naming the field: no window draws it."""
    from bezique.net.protocol import ProtocolError, SeatState, encode, parse_host
    from bezique.rules import view_for

    session = make_session("two_handed", ["human", "human"])
    session.start_deal()
    view = view_for(session.state, 0)
    seats = tuple(SeatState(name, SeatKind.HUMAN, Link.CONNECTED) for name in ("Ann", "Bob"))
    doc = json.loads(encode(Update(1, view, (), tuple(view.legal), seats, ())))
    assert parse_host(json.dumps(doc)).view == view  # the honest view reads back whole
    doc["view"][field] = value
    with pytest.raises(ProtocolError, match=f"view.{field}|view: a card"):
        parse_host(json.dumps(doc))
    doc = json.loads(encode(Update(1, view, (), tuple(view.legal), seats, ())))
    doc["waiting"] = [4]
    with pytest.raises(ProtocolError, match="a seat this game has not"):
        parse_host(json.dumps(doc))
