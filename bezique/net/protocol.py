"""The messages between host and client: JSON text frames, each read field by field into a frozen dataclass.

Every client message carries the protocol version (``v``) and a sequence number (``seq``) that must grow on its
connection, so an old or replayed message is refused rather than played twice. A move or a "next deal" also
carries ``at``, the host's version of the game the client saw (a double click sent after the game moved on is
refused as stale instead of playing a card in the next trick). A message that is not valid JSON, has a key too
many or too few, or a value of the wrong kind is refused as ``malformed`` and names the field; one longer than
``MAX_CLIENT_MESSAGE`` as ``oversized`` (websockets itself closes a connection sending more than
``TRANSPORT_MAX`` in one frame, code 1009). A refusal changes nothing on the host.

Client to host: ``join`` (code, name), ``rejoin`` (token), ``act`` (at, action: the record's action object),
``ready`` (at: start the next deal), ``chat`` (text). Host to client: ``welcome`` (seat, token), ``update``
(the seat's view, the events redacted for it, its legal actions, every seat's connection state), ``refused``
(code, detail, the rules' refusal for an illegal move), ``chat``, ``closing`` (reason).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bezique.net.wire import WireError, action_from_json, event_from_json, hands_from_json, view_from_json
from bezique.rules import Action, Event, PlayerView, Refusal, RefusalCode

PROTOCOL_VERSION = 1
MAX_CLIENT_MESSAGE = 4096  # bytes: the longest a client's message may be (a meld of twelve cards is ~300)
TRANSPORT_MAX = 1 << 16  # websockets' max_size on the host: a frame longer than this closes the connection
HOST_MESSAGE_MAX = 1 << 22  # websockets' max_size on the client: a six-handed view with its log stays far below
MAX_NAME = 40
MAX_CHAT = 300
MAX_TOKEN = 64


class ErrorCode(StrEnum):
    """Why the host refused a message (the client's window words each one)."""

    MALFORMED = "malformed"  # not JSON, or a field missing, unknown or of the wrong kind
    OVERSIZED = "oversized"
    VERSION = "version"  # another protocol version
    REPLAYED = "replayed"  # a sequence number not above the last one on this connection
    NOT_JOINED = "not_joined"  # a move before join
    ALREADY_JOINED = "already_joined"
    BAD_CODE = "bad_code"
    BAD_TOKEN = "bad_token"  # a rejoin with a token the host did not give
    SEAT_TAKEN = "seat_taken"  # every remote seat has its player
    NOT_YOUR_SEAT = "not_your_seat"  # a move for another seat
    NOT_YOUR_TURN = "not_your_turn"
    STALE = "stale"  # sent for a game state that has moved on
    NOT_NOW = "not_now"  # "next deal" while a deal is being played
    ILLEGAL_MOVE = "illegal_move"  # the rules refused it (``refusal`` says why)


class ProtocolError(ValueError):
    """A refused message: its code and a sentence naming what was wrong."""

    def __init__(self, code: ErrorCode, detail: str, refusal: Refusal | None = None) -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail
        self.refusal = refusal


# --- client to host --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Join:
    seq: int
    code: str
    name: str


@dataclass(frozen=True)
class Rejoin:
    seq: int
    token: str


@dataclass(frozen=True)
class Act:
    seq: int
    at: int
    action: Mapping[str, Any]  # RECORD.md's action object: the rules parse it against the host's state


@dataclass(frozen=True)
class Ready:
    seq: int
    at: int


@dataclass(frozen=True)
class Chat:
    seq: int
    text: str


ClientMessage = Join | Rejoin | Act | Ready | Chat


# --- host to client --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SeatState:
    """What every player sees of a seat: its name, who plays it and whether they are there."""

    name: str
    kind: str  # "host" (the person at the host's screen), "remote" or "computer"
    link: str  # "here" (host and computers), "open" (nobody joined yet), "connected", "dropped"
    level: str = ""  # a computer's level (its badge names it), else empty


@dataclass(frozen=True)
class Welcome:
    seat: int
    token: str


@dataclass(frozen=True)
class Update:
    version: int
    view: PlayerView
    events: tuple[Event, ...]
    legal: tuple[Action, ...]
    seats: tuple[SeatState, ...]
    waiting: tuple[int, ...]  # the seats whose "next deal" the host still waits for (between deals)
    laid: Mapping[int, tuple[int, ...]] = field(default_factory=dict)  # game over: the hands still held, laid down


@dataclass(frozen=True)
class Refused:
    seq: int | None
    code: ErrorCode
    detail: str
    refusal: RefusalCode | None = None


@dataclass(frozen=True)
class ChatLine:
    """A line said at the table: who, what, and its place in the game's chat (a seat that comes back after a drop
    is sent the lines again, and keeps those it has not shown)."""

    seat: int
    text: str
    index: int


@dataclass(frozen=True)
class Closing:
    reason: str  # "host_quit", "replaced" (the seat rejoined from another connection), "too_many_codes"


HostMessage = Welcome | Update | Refused | ChatLine | Closing


@dataclass
class _Reader:
    """Field-by-field reading of one JSON object, naming the first bad field."""

    doc: Mapping[str, Any]
    used: set[str] = field(default_factory=set)

    def get(self, key: str) -> Any:
        self.used.add(key)
        if key not in self.doc:
            raise ProtocolError(ErrorCode.MALFORMED, f"{key}: missing")
        return self.doc[key]

    def number(self, key: str, low: int = 0) -> int:
        value = self.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise ProtocolError(ErrorCode.MALFORMED, f"{key}: expected a whole number from {low}, not {value!r:.40}")
        return value

    def text(self, key: str, longest: int) -> str:
        value = self.get(key)
        if not isinstance(value, str) or len(value) > longest:
            raise ProtocolError(ErrorCode.MALFORMED, f"{key}: expected a text of at most {longest} characters")
        return value

    def done(self) -> None:
        extra = sorted(set(self.doc) - self.used)
        if extra:
            raise ProtocolError(ErrorCode.MALFORMED, f"{extra[0]}: unknown key")


def _object(text: str | bytes, limit: int) -> _Reader:
    if isinstance(text, bytes):
        raise ProtocolError(ErrorCode.MALFORMED, "messages are JSON text frames, not binary")
    if len(text.encode("utf-8", "surrogatepass")) > limit:
        raise ProtocolError(ErrorCode.OVERSIZED, f"a message may be at most {limit} bytes")
    try:
        doc = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ProtocolError(ErrorCode.MALFORMED, "not a JSON document") from None
    if not isinstance(doc, dict):
        raise ProtocolError(ErrorCode.MALFORMED, "a message is a JSON object")
    return _Reader(doc)


def parse_client(text: str | bytes) -> ClientMessage:
    """A client's message, checked field by field.

    Raises:
        ProtocolError: oversized, malformed (the field named) or another protocol version.
    """
    r = _object(text, MAX_CLIENT_MESSAGE)
    kind = r.get("type")
    version = r.get("v")
    if version != PROTOCOL_VERSION:
        raise ProtocolError(ErrorCode.VERSION, f"this host speaks protocol {PROTOCOL_VERSION}, not {version!r:.20}")
    seq = r.number("seq", low=1)
    message: ClientMessage
    if kind == "join":
        message = Join(seq, r.text("code", 40), r.text("name", MAX_NAME).strip())
    elif kind == "rejoin":
        message = Rejoin(seq, r.text("token", MAX_TOKEN))
    elif kind == "act":
        at = r.number("at")
        action = r.get("action")
        if not isinstance(action, dict):
            raise ProtocolError(ErrorCode.MALFORMED, "action: expected an action object of the record")
        message = Act(seq, at, action)
    elif kind == "ready":
        message = Ready(seq, r.number("at"))
    elif kind == "chat":
        message = Chat(seq, r.text("text", MAX_CHAT).strip())
    else:
        raise ProtocolError(ErrorCode.MALFORMED, f"type: {kind!r:.30} is not a message type")
    r.done()
    return message


def encode_client(message: ClientMessage) -> str:
    """`message` as the client sends it."""
    body: dict[str, Any]
    if isinstance(message, Join):
        body = {"type": "join", "code": message.code, "name": message.name}
    elif isinstance(message, Rejoin):
        body = {"type": "rejoin", "token": message.token}
    elif isinstance(message, Act):
        body = {"type": "act", "at": message.at, "action": dict(message.action)}
    elif isinstance(message, Ready):
        body = {"type": "ready", "at": message.at}
    else:
        body = {"type": "chat", "text": message.text}
    return json.dumps({**body, "v": PROTOCOL_VERSION, "seq": message.seq}, separators=(",", ":"))


def encode_host(kind: str, **body: Any) -> str:
    """A host message of `kind` whose body is already JSON (the host builds views with ``wire``)."""
    return json.dumps({"type": kind, "v": PROTOCOL_VERSION, **body}, separators=(",", ":"), ensure_ascii=False)


def _seat_state(value: Any, where: str) -> SeatState:
    if not isinstance(value, dict):
        raise ProtocolError(ErrorCode.MALFORMED, f"{where}: expected a seat object")
    r = _Reader(value)
    seat = SeatState(r.text("name", MAX_NAME * 2), r.text("kind", 10), r.text("link", 10), r.text("level", 20))
    r.done()
    return seat


def parse_host(text: str | bytes) -> HostMessage:
    """A host's message, checked field by field (a client never acts on one it did not understand).

    Raises:
        ProtocolError: malformed (the field named), oversized or another protocol version.
    """
    r = _object(text, HOST_MESSAGE_MAX)
    kind = r.get("type")
    if r.get("v") != PROTOCOL_VERSION:
        raise ProtocolError(ErrorCode.VERSION, f"the host speaks protocol {r.doc.get('v')!r:.20}, "
                                               f"this program {PROTOCOL_VERSION}")
    message: HostMessage
    try:
        if kind == "welcome":
            message = Welcome(r.number("seat"), r.text("token", MAX_TOKEN))
        elif kind == "update":
            legal = tuple(action_from_json(a, f"legal[{i}]") for i, a in enumerate(_list(r.get("legal"), "legal")))
            message = Update(r.number("version"), view_from_json(r.get("view"), legal),
                             tuple(event_from_json(e, f"events[{i}]")
                                   for i, e in enumerate(_list(r.get("events"), "events"))),
                             legal, tuple(_seat_state(s, f"seats[{i}]")
                                          for i, s in enumerate(_list(r.get("seats"), "seats"))),
                             tuple(_seat_number(w) for w in _list(r.get("waiting"), "waiting")),
                             hands_from_json(r.get("laid"), "laid"))
        elif kind == "refused":
            seq = r.get("seq")
            refusal = r.get("refusal")
            message = Refused(None if seq is None else r.number("seq"), ErrorCode(r.get("code")),
                              r.text("detail", 500), None if refusal is None else RefusalCode(refusal))
        elif kind == "chat":
            message = ChatLine(r.number("seat"), r.text("text", MAX_CHAT), r.number("index"))
        elif kind == "closing":
            message = Closing(r.text("reason", 40))
        else:
            raise ProtocolError(ErrorCode.MALFORMED, f"type: {kind!r:.30} is not a message type")
    except (WireError, ValueError) as exc:
        if isinstance(exc, ProtocolError):
            raise
        raise ProtocolError(ErrorCode.MALFORMED, str(exc)) from None
    r.done()
    return message


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise ProtocolError(ErrorCode.MALFORMED, f"{where}: expected a list")
    return value


def _seat_number(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ProtocolError(ErrorCode.MALFORMED, "waiting: expected seat numbers")
    return value
