"""Every field of every message, either way, against every hazard a hostile peer can put in it: a NUL, a lone
surrogate (a JSON escape), a bidi override, terminal escape codes, a megabyte of text, a number of four hundred
digits, a float, NaN, Infinity, ``true`` where a number is due, a negative number, JSON nested ten thousand deep, a
list where a text is due, the field missing, an unknown key beside it, and a message type nobody knows.

Each is refused by the one function of its direction (``parse_client`` at the host, ``parse_host`` at a window),
naming the field in a detail that is itself safe to show and log, or (a chat line) cleaned; the host's thread, the
other player's connection and game, and the window's client go on; no log line carries the peer's raw text.

The host's side runs over real localhost sockets against a real host, its key exchange real. A window's side runs
over real localhost sockets too, against a bare host that sends each hazard to a real ``Client``; its key exchange
has fixed keys (``QuickExchange``), so that several hundred connections take seconds (the exchange is tried for
itself in ``test_hostile``); every nested field of an update is then tried on ``parse_host`` itself, the function
the client runs on each frame it opens."""

from __future__ import annotations

import contextlib
import json
import logging
import random
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.server import ServerConnection, serve

from bezique.net.channel import HELLO, Sealer
from bezique.net.client import Client, LinkChange
from bezique.net.joincode import JoinCode
from bezique.net.limits import Limits
from bezique.net.protocol import (
    MAX_CLIENT_MESSAGE,
    MAX_DETAIL,
    PROTOCOL_VERSION,
    ChatLine,
    CloseReason,
    Closing,
    ErrorCode,
    HostMessage,
    Link,
    Notice,
    NoticeKind,
    ProtocolError,
    Refused,
    SeatState,
    Update,
    Welcome,
    encode,
    parse_host,
)
from bezique.net.wire import WHOLE_MAX
from bezique.rules import (
    RefusalCode,
    SeatKind,
    action_to_json,
    apply,
    legal_actions,
    make_ruleset,
    new_game,
    redact_event,
    shuffled_deck,
    start_deal,
    view_for,
)
from tests.net.hazards import CHAT_CLEANED, EXTRA, HAZARDS, MISSING, cases, told_safely, with_hazard
from tests.net.hosting import HANG_S, Hosted, hosting, joined, wait_for
from tests.net.peers import Peer

# --- a friend's messages, at the host ----------------------------------------------------------------------------

CLIENT_SAMPLES: dict[str, dict[str, Any]] = {  # an honest message of each kind the host reads (its seq set at send)
    "join": {"type": "join", "name": "Eve"},
    "rejoin": {"type": "rejoin", "token": "t" * 24},
    "act": {"type": "act", "at": 0, "action": {"player": 1, "play": "AS#0"}},
    "act_meld": {"type": "act", "at": 0, "action": {"player": 1, "meld": ["KS#0", "QS#0"], "kind": "royal_marriage"}},
    "ready": {"type": "ready", "at": 0},
    "chat": {"type": "chat", "text": "hello"},
}


def client_cases() -> Iterator[Any]:
    for sample, body in CLIENT_SAMPLES.items():
        doc = {"v": PROTOCOL_VERSION, "seq": 1, **body}
        for path, shape in cases(doc):
            if sample == "act_meld" and path[:2] != ("action", "meld") and path != ("action", "kind"):
                continue  # the rest of a meld's message is the play's
            yield pytest.param(sample, path, shape, id=f"{sample}.{'.'.join(map(str, path))}-{shape}")


@dataclass
class Door:
    """A two-handed game on localhost: Bob (an honest client) and Eve (a hostile peer, seat 1, her token kept so
    that she can come back after a frame too big for the host closed her connection)."""

    hosted: Hosted
    bob: Client
    eve: Peer
    token: str
    said: int = 0

    def eve_again(self) -> None:
        self.eve = Peer(self.hosted.host.port, self.hosted.host.secret)
        self.eve.send("rejoin", token=self.token)
        assert self.eve.read_until(Welcome).seat == 1


@pytest.fixture(scope="module")
def door() -> Iterator[Door]:
    many = 10**6  # the rates are tried by test_hostile: here every hazard must reach the check of its field
    limits = Limits(messages_burst=many, messages_per_minute=many, chat_burst=many, chat_per_minute=many,
                    exchanges_burst_per_address=many, exchanges_per_minute_per_address=many)
    with hosting("two_handed", ["human", "human"], [0, 1], limits=limits) as hosted:
        (bob,) = joined(hosted, "Bob")
        eve = Peer(hosted.host.port, hosted.host.secret)
        eve.send("join", name="Eve")
        welcome = eve.read_until(Welcome)
        door = Door(hosted, bob, eve, welcome.token)
        yield door
        bob.close()
        door.eve.ws.close_timeout = 0  # she reads nothing, so would never see the host's answer to her goodbye
        with contextlib.suppress(ConnectionClosed):
            door.eve.close()


def expected_codes(path: tuple[Any, ...], shape: str, text: str) -> set[ErrorCode]:
    if len(text.encode()) > MAX_CLIENT_MESSAGE:
        return {ErrorCode.OVERSIZED}
    if shape == "deep_in_bounds":  # no JSON reader of Python's depth reads it: the message, not a field, is refused
        return {ErrorCode.MALFORMED}
    if path == ("v",) and shape != EXTRA:
        return {ErrorCode.VERSION}
    if path == ("action", "kind") and shape == MISSING:  # a meld may leave its kind to the rules: a fine message
        return set(ErrorCode)
    return {ErrorCode.MALFORMED}


@pytest.mark.parametrize(("sample", "path", "shape"), list(client_cases()))
def test_every_field_of_a_friend_s_message_holds_against_every_hazard(
        door: Door, sample: str, path: tuple[Any, ...], shape: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    host, eve = door.hosted.host, door.eve
    doc = {"v": PROTOCOL_VERSION, "seq": eve.seq + 1, **CLIENT_SAMPLES[sample]}
    text = with_hazard(doc, path, shape)
    assert text is not None
    eve.seq += 1
    eve.send_text(text)
    if len(text.encode()) > (1 << 16):  # over the host's transport cap: this connection only is closed
        with pytest.raises(ConnectionClosed):
            eve.read_until(Refused)
        door.eve_again()
    elif sample == "chat" and path == ("text",) and shape in CHAT_CLEANED:  # a chat line is cleaned, then said
        line = wait_for(door.bob, ChatLine)
        assert line.text and line.text.isprintable() and line.seat == 1, line.text
    else:
        refused = eve.read_until(Refused)
        assert refused.code in expected_codes(path, shape, text), refused
        assert refused.detail and len(refused.detail) <= MAX_DETAIL and told_safely(refused.detail)
        if refused.code == ErrorCode.MALFORMED:  # named: the field (or the object holding it), or what is wrong
            named = {str(path[-1]), str(path[0]), "JSON", "unknown key" if shape == EXTRA else str(path[0])}
            assert any(word in refused.detail for word in named), refused
    door.said += 1
    door.eve.send("chat", text=f"still here {door.said}")  # the host's threads, and Bob's connection, go on
    assert wait_for(door.bob, ChatLine, lambda m: m.text == f"still here {door.said}")
    assert door.hosted.driver.is_alive() and not host.closed and host.links == [Link.CONNECTED, Link.CONNECTED]
    logged = [logging.Formatter().format(record) for record in caplog.records]
    assert all(told_safely(line) for line in logged), logged


def test_a_message_of_no_known_type_is_refused_and_the_game_goes_on(door: Door) -> None:
    for kind in ("dance", "", "\u001b[2J", "welcome", "update"):  # a host's own message types are not a friend's
        door.eve.send(kind, name="Eve")
        refused = door.eve.read_until(Refused)
        assert refused.code == ErrorCode.MALFORMED and refused.detail.startswith("type:"), refused
        assert told_safely(refused.detail)
    state = door.hosted.session.state
    mover = state.to_act
    assert mover is not None, "the deal is dealt: both have joined"
    action = legal_actions(state)[0]
    body = {"at": door.hosted.host.version, "action": action_to_json(mover, action)}
    if mover == 1:
        door.eve.send("act", **body)
    else:
        door.bob.send_text(json.dumps({"type": "act", "v": PROTOCOL_VERSION, "seq": door.bob.next_seq(), **body}))
    version = door.hosted.host.version
    assert wait_for(door.bob, Update, lambda u: u.version > version)  # one seat's hazards left the game going


# --- the host's messages, at a window ----------------------------------------------------------------------------

TO_HOST, TO_FRIEND = b"h" * 32, b"f" * 32  # the fixed keys of QuickExchange


class QuickExchange:
    """The friend's side of a key exchange that always agrees on fixed keys: the channel's sealing stays real, the
    exchange's arithmetic (sixty milliseconds a connection) is left out."""

    def __init__(self, _secret: int) -> None:
        self.hello = HELLO

    def finish(self, _answer: bytes | str) -> Sealer:
        return Sealer(TO_HOST, TO_FRIEND)


@dataclass
class BareHost:
    """A host that seats a window, sends it one message (`next`), then says it quits."""

    port: int = 0
    next: str = ""
    served: threading.Event = field(default_factory=threading.Event)

    def serve(self, ws: ServerConnection) -> None:
        sealer = Sealer(TO_FRIEND, TO_HOST)
        try:
            ws.recv(timeout=HANG_S)  # the hello
            ws.send(b"answer")
            sealer.open(ws.recv(timeout=HANG_S))  # the join
            ws.send(sealer.seal(encode(Welcome(0, "t" * 24))))
            ws.send(sealer.seal(self.next))
            ws.send(sealer.seal(encode(Closing(CloseReason.HOST_QUIT))))
            ws.close()
        except ConnectionClosed:
            pass
        finally:
            self.served.set()


@pytest.fixture(scope="module")
def bare() -> Iterator[tuple[BareHost, Client]]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("bezique.net.client.FriendExchange", QuickExchange)
        host = BareHost()
        with serve(host.serve, "127.0.0.1", 0) as server:
            thread = threading.Thread(target=server.serve_forever, daemon=True)
            thread.start()
            host.port = server.socket.getsockname()[1]
            client = Client("Bruno")
            yield host, client
            client.close()
            server.shutdown()
        thread.join(HANG_S)


def sample_update(variant: str = "two_handed", seed: int = 3) -> Update:
    """An update from the middle of a game: a past deal, melds on the table, tricks and a score log, events, legal
    actions, every seat's state, and hands laid down."""
    rules = make_ruleset(variant)
    rng = random.Random(seed)
    state = new_game(rules, 0)
    for _deal in range(3):
        events: list[Any] = []
        start_deal(state, shuffled_deck(rules, rng), events)
        while state.to_act is not None:
            view = view_for(state, 0)
            if view.past_deals and view.records and view.tricks_log and view.log and events and view.legal:
                seats = tuple(SeatState(f"P{s}", SeatKind.HUMAN if s < 2 else SeatKind.AI,
                                        Link.CONNECTED if s else Link.HERE, "" if s < 2 else "expert")
                              for s in range(rules.players))
                laid = {1: tuple(state.hands[1])}
                return Update(7, view, tuple(redact_event(e, 0, state) for e in events), tuple(view.legal), seats,
                              (0,), laid)
            events = []
            apply(state, rng.choice(legal_actions(state)), events)
    raise AssertionError("no deal had everything")


def host_samples() -> dict[str, HostMessage]:
    return {"welcome": Welcome(1, "t" * 24), "update": sample_update(),
            "refused": Refused(3, ErrorCode.ILLEGAL_MOVE, "that card is not in your hand", RefusalCode.NOT_IN_HAND),
            "chat": ChatLine(1, "hello", 4), "notice": Notice(NoticeKind.WRONG_CODES, "192.0.2.7", 3),
            "closing": Closing(CloseReason.HOST_QUIT)}


HOST_SAMPLES = host_samples()


def host_cases() -> Iterator[Any]:
    for kind, message in HOST_SAMPLES.items():
        for path, shape in cases(json.loads(encode(message))):
            if len(path) == 1:
                yield pytest.param(kind, path[0], shape, id=f"{kind}.{path[0]}-{shape}")


@pytest.mark.parametrize(("kind", "key", "shape"), list(host_cases()))
def test_every_field_of_a_host_s_message_holds_against_every_hazard(
        bare: tuple[BareHost, Client], kind: str, key: str, shape: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    host, client = bare
    text = with_hazard(json.loads(encode(HOST_SAMPLES[kind])), (key,), shape)
    assert text is not None
    host.next = text
    host.served.clear()
    client.connect(JoinCode("127.0.0.1", host.port, 5).text())
    seen: list[Any] = []
    while not (seen and isinstance(seen[-1], LinkChange) and seen[-1].link == Link.CLOSED):
        seen.append(client.inbox.get(timeout=HANG_S))
    assert host.served.wait(HANG_S)
    ending = seen[-1].reason
    read = [m for m in seen if not isinstance(m, LinkChange)]
    if kind == "chat" and key == "text" and shape in CHAT_CLEANED:  # a chat line is cleaned, then shown
        assert ending == CloseReason.HOST_QUIT, seen  # and the game went on to the host's goodbye
        assert read[0] == Welcome(0, "t" * 24) and isinstance(read[1], ChatLine) and read[1].text.isprintable()
    else:  # refused: the window leaves the host, saying it sent what it cannot read; nothing of it reached the inbox
        assert ending == CloseReason.BAD_MESSAGE, seen
        assert read == [Welcome(0, "t" * 24), Closing(CloseReason.BAD_MESSAGE)], read
    logged = [logging.Formatter().format(record) for record in caplog.records]
    assert all(told_safely(line) for line in logged), logged
    assert all(len(line) < 2000 for line in logged), "a peer's megabyte reached the log"


OPTIONAL = {("view", "turn_up"), ("view", "step_taken"), ("view", "tiebreak"), ("view", "winner"),
            ("past_deals", "settlement"), ("past_deals", "trump"), ("records", "suit"), ("melds", "suit"),
            ("settlement", "winner"), ("events", "seat"), ("events", "cards"), ("events", "points"),
            ("events", "label"), ("legal", "kind")}  # (the object, its key) of the fields a host may leave out


def optional(path: tuple[Any, ...]) -> bool:
    if path[:-1] == ("laid",):
        return True  # the hands laid down, by seat: a seat may have none
    holder = next(step for step in reversed(path[:-1]) if isinstance(step, str))
    return (holder, path[-1]) in OPTIONAL


def nested_cases() -> Iterator[Any]:
    for path, shape in cases(json.loads(encode(HOST_SAMPLES["update"]))):
        if len(path) > 1:  # the message's own fields go over the socket above
            yield pytest.param(path, shape, id=f"{'.'.join(map(str, path))}-{shape}")


def clean(value: Any) -> bool:
    """Whether everything a window would read in `value` is safe: printable texts, numbers within bounds."""
    if isinstance(value, str):
        return value.isprintable()
    if isinstance(value, bool) or value is None:
        return True
    if isinstance(value, int):
        return abs(value) <= WHOLE_MAX
    if hasattr(value, "__dataclass_fields__"):
        return all(clean(getattr(value, name)) for name in value.__dataclass_fields__)
    if isinstance(value, dict):
        return all(clean(k) and clean(v) for k, v in value.items())
    if isinstance(value, tuple | list | frozenset):
        return all(clean(v) for v in value)
    return not isinstance(value, float)


def test_every_nested_field_of_an_update_holds_against_every_hazard() -> None:
    """The view, its melds, deals, tricks and log, the events, the legal actions, the seats, the laid hands: each
    field made each hazard in turn is refused by ``parse_host`` naming where, or (only where the hazard is a value
    the field may hold: a negative score, ``true`` for a flag, an optional field left out) read clean."""
    doc = json.loads(encode(HOST_SAMPLES["update"]))
    checked = refused = 0
    for param in nested_cases():
        path, shape = param.values
        text = with_hazard(doc, path, shape)
        checked += 1
        original: Any = doc
        for step in path:
            original = original[step]
        may_hold = (shape == "true" and isinstance(original, bool)) or \
            (shape == "negative" and type(original) is int) or (shape == MISSING and optional(path))
        try:
            message = parse_host(text)
        except ProtocolError as exc:
            refused += 1
            assert told_safely(exc.detail) and len(exc.detail) <= MAX_DETAIL, (path, shape, exc.detail)
            continue
        assert may_hold, f"{'.'.join(map(str, path))} took {shape}"
        assert clean(message), (path, shape)
    print(f"\n{checked} nested cases, {refused} refused, {checked - refused} read clean")
    assert checked > 1000 and refused > 0.9 * checked


def honest_then(change: Any) -> str:
    doc = json.loads(encode(HOST_SAMPLES["update"]))
    change(doc)
    return json.dumps(doc)


@pytest.mark.parametrize(("change", "named"), [
    (lambda d: d["view"].update(stock_count=10**9), r"view\.stock_count"),  # a billion card backs to lay out
    (lambda d: d["view"]["hand_counts"].__setitem__(1, 10**6), r"view\.hand_counts\[1\]"),
    (lambda d: d["view"]["hand_counts"].__setitem__(0, 0), r"view\.hand_counts\[0\]"),  # not the hand it shows
    (lambda d: d["view"].update(trump=9), r"view\.trump"),
    (lambda d: d["view"].update(deal_index=10**9), r"view\.deal_index"),
    (lambda d: d["view"].update(trick_best=len(d["view"]["trick"]) + 3, trick=[[1, "9C#0"]]), r"view\.trick_best"),
    (lambda d: d["view"].update(scores=[0]), r"view\.scores"),  # a side the scores have not
    (lambda d: d["view"]["log"][0].__setitem__(1, 5), r"view\.log\[0\]\[1\]"),
    (lambda d: d["view"]["records"][0].update(suit=7), r"records\[0\]\.suit"),
    (lambda d: d["view"]["past_deals"][0].update(dealer=4), r"past_deals\[0\]\.dealer"),
    (lambda d: d.update(events=[{"kind": "card_played", "seat": 1, "cards": [], "points": 0, "label": ""}]),
     r"events\[0\]\.cards"),  # a play without its card
    (lambda d: d.update(events=[{"kind": "dealt", "seat": 1, "cards": ["AS#0"], "points": 9, "label": ""}]),
     r"a hand dealt"),
    (lambda d: d.update(events=[{"kind": "game_over", "seat": 5, "cards": [], "points": 0, "label": ""}]),
     r"events\[0\]\.seat"),
    (lambda d: d.update(legal=[{"player": 0, "pass_to_partner": 7}]), r"legal\[0\]"),
    (lambda d: d.update(laid={"1": ["AS#7"]}), r"laid\[1\]"),  # a copy beyond the packs
    (lambda d: d.update(seats=[]), r"seats"),
])
def test_an_update_that_no_game_could_send_is_refused_by_name(change: Any, named: str) -> None:
    """Values of the right type that no game has: each would crash or freeze the window that drew it (an index
    out of range, a loop of a billion), so ``parse_host`` refuses the update, naming the part; the honest update
    reads back whole."""
    assert parse_host(honest_then(lambda _d: None)) == HOST_SAMPLES["update"]
    with pytest.raises(ProtocolError, match=named):
        parse_host(honest_then(change))


def test_hazards_are_what_they_say() -> None:
    """The hazards' JSON is what a peer could send: each is read by JSON (NaN, Infinity and a lone surrogate as
    Python's reader takes them), and the deep ones are deeper than Python's stack, one of them within the size a
    friend's message may have (so the host's reader meets it, not the size limit)."""
    for name, text in HAZARDS.items():
        if not name.startswith("deep"):
            json.loads(text)
    for deep in ("deep", "deep_in_bounds"):
        with pytest.raises(RecursionError):
            json.loads(HAZARDS[deep])
    assert len(HAZARDS["deep_in_bounds"]) + 100 < MAX_CLIENT_MESSAGE < len(HAZARDS["deep"])
