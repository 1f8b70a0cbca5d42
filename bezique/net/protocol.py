"""The messages between host and client: JSON objects, one frozen dataclass per message, built and read from the
same definition.

Why one definition: each message's fields are declared once, with the codec that writes and reads each one
(``spec``), and ``encode`` / ``decode`` walk them, so an update's shape lives in one place, a typo in a field is a
mypy error, and what the host writes is what the client reads. Reading is strict: a field missing, unknown, or of
the wrong type (a bool is not a number: ``"v": true`` is refused), a kind that is not one of the enums, or a text
that ``peer_text.read_text`` refuses (surrogates, controls, bidi, too long...), a number beyond ``wire.WHOLE_MAX``,
a move that is not of the record's shape (``wire.read_action``), or a view that does not agree with its game
(``view_check``) refuses the whole message as ``malformed`` naming the field; one longer than
``MAX_CLIENT_MESSAGE`` as ``oversized``. A refusal changes nothing on the host, and its detail is escaped
(``peer_text.shown``): neither the peer nor a log is told a peer's raw text.

Every client message carries the protocol version (``v``) and a sequence number (``seq``) that must grow on its
connection, so an old or replayed message is refused rather than played twice. A move or a "next deal" also
carries ``at``, the host's version of the game the client saw (a double click sent after the game moved on is
refused as stale instead of playing a card in the next trick). These travel inside ``channel``'s sealed frames:
the join code itself is proven by the key exchange, never sent.

Client to host (``ClientKind``): ``join`` (name), ``rejoin`` (token), ``act`` (at, action: the record's action
object), ``ready`` (at: start the next deal), ``chat`` (text). Host to client (``HostKind``): ``welcome`` (seat,
token), ``update`` (the seat's view, the events redacted for it, its legal actions, every seat's state),
``refused`` (code, detail, the rules' refusal for an illegal move), ``chat``, ``notice`` (something the table
should know: wrong codes tried, a fault the host contained), ``closing`` (reason).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from typing import Any, ClassVar, TypeVar

from bezique.net.peer_text import TextError, TextUse, read_text, shown
from bezique.net.view_check import consistent, news_agree
from bezique.net.wire import (
    WireError,
    action_from_json,
    event_from_json,
    event_to_json,
    hands_from_json,
    hands_to_json,
    read_action,
    read_whole,
    view_from_json,
    view_to_json,
)
from bezique.presenter.seat_link import Link  # the table's own seat links: one vocabulary for both
from bezique.rules import Action, Event, PlayerView, Refusal, RefusalCode, SeatKind, action_to_json

# 2: sealed in the channel, the code proven by the key exchange, texts checked; 3: a seat's kind is who plays it
# (human or ai, as the record says), its link where from (no "host", "remote" or "computer" to translate)
PROTOCOL_VERSION = 3
MAX_CLIENT_MESSAGE = 4096  # bytes: the longest a client's message may be (a meld of twelve cards is ~300)
TRANSPORT_MAX = 1 << 16  # websockets' max_size on the host: a frame longer than this closes the connection
HOST_MESSAGE_MAX = 1 << 22  # websockets' max_size on the client: a six-handed view with its log stays far below
MAX_NAME = 24  # a player's name, as typed (the table marks a friend's name and makes it unique beside it)
MAX_CHAT = 300
MAX_TOKEN = 64
MAX_DETAIL = 500


class ErrorCode(StrEnum):
    """Why the host refused a message (the client's window words each one)."""

    MALFORMED = "malformed"  # not JSON, or a field missing, unknown or of the wrong kind
    OVERSIZED = "oversized"
    VERSION = "version"  # another protocol version
    REPLAYED = "replayed"  # a sequence number not above the last one on this connection
    NOT_JOINED = "not_joined"  # a move before join
    ALREADY_JOINED = "already_joined"
    BAD_CODE = "bad_code"  # the key exchange failed: not this game's code
    BUSY = "busy"  # too many attempts (from this address, or from everyone) for now: try again in a minute
    BAD_TOKEN = "bad_token"  # a rejoin with a token the host did not give
    SEAT_TAKEN = "seat_taken"  # every remote seat has its player
    NOT_YOUR_SEAT = "not_your_seat"  # a move for another seat
    NOT_YOUR_TURN = "not_your_turn"
    STALE = "stale"  # sent for a game state that has moved on
    NOT_NOW = "not_now"  # "next deal" while a deal is being played
    ILLEGAL_MOVE = "illegal_move"  # the rules refused it (``refusal`` says why)
    TOO_FAST = "too_fast"  # more chat lines than a person types in a minute


class CloseReason(StrEnum):
    """Why the game ended for a client (the host's ``closing``, or what the client saw itself)."""

    HOST_QUIT = "host_quit"
    REPLACED = "replaced"  # the seat rejoined from another connection
    FLOODED = "flooded"  # this connection sent more than a player can, or read nothing while the host waited
    FAULT = "fault"  # the host met a fault it could not contain for this connection
    UNREACHABLE = "unreachable"
    UNREACHABLE_INTERNET = "unreachable_internet"  # the invitation's host, through the tunnel
    REFUSED = "refused"
    BAD_MESSAGE = "bad_message"
    HOST_FLOODED = "host_flooded"  # the host sent more than this window read (a hostile host): dropped here
    LEFT = "left"


class NoticeKind(StrEnum):
    """What the host tells the table beside the game."""

    WRONG_CODES = "wrong_codes"  # someone (``who``: their address) tried ``count`` wrong codes
    WRONG_CODES_SPREAD = "wrong_codes_spread"  # ``count`` wrong codes in all from ``who`` (a number) addresses
    FAULT = "fault"  # a fault was contained (``who``: whose message, or "save"); the game goes on
    SAVE_FAILED = "save_failed"  # the hosted game could not be saved (``who``: why, in a few words)


class ClientKind(StrEnum):
    JOIN = "join"
    REJOIN = "rejoin"
    ACT = "act"
    READY = "ready"
    CHAT = "chat"


class HostKind(StrEnum):
    WELCOME = "welcome"
    UPDATE = "update"
    REFUSED = "refused"
    CHAT = "chat"
    NOTICE = "notice"
    CLOSING = "closing"


class ProtocolError(ValueError):
    """A refused message: its code and a sentence naming what was wrong.

    The sentence may name what the peer sent (an unknown key, a value): it is made ``shown`` here, once, so that
    neither the refusal sent back nor a log line carries a peer's raw text, and it is never too long to send."""

    def __init__(self, code: ErrorCode, detail: str, refusal: Refusal | None = None) -> None:
        detail = shown(detail, MAX_DETAIL)
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail
        self.refusal = refusal


# --- how each field is written and read ------------------------------------------------------------------------

T = TypeVar("T")
E = TypeVar("E", bound=StrEnum)


@dataclass(frozen=True)
class Codec:
    """How one field crosses the wire: ``out`` (the value, the message it is in) to JSON, ``read`` (the JSON,
    the field's name) back, raising ``ProtocolError``, ``WireError`` or ``TextError`` naming the field."""

    out: Callable[[Any, Any], Any]
    read: Callable[[Any, str], Any]


def spec(codec: Codec, empty: Callable[[], Any] | None = None) -> Any:
    """A message field crossing the wire by `codec` (`empty`: what it holds when a program builds the message
    without it; on the wire every field is still required)."""
    if empty is not None:
        return field(default_factory=empty, metadata={"codec": codec})
    return field(metadata={"codec": codec})


def _number(low: int = 0, optional: bool = False) -> Codec:
    return Codec(lambda value, _m: value, lambda value, where: read_whole(value, where, low, optional))


def _text(longest: int, use: TextUse = TextUse.LABEL, blank: bool = True) -> Codec:
    return Codec(lambda value, _m: value, lambda value, where: read_text(value, where, longest, use, blank=blank))


def _kind(enum: type[E], optional: bool = False) -> Codec:
    def read(value: Any, where: str) -> E | None:
        if value is None and optional:
            return None
        if not isinstance(value, str):
            raise ProtocolError(ErrorCode.MALFORMED, f"{where}: expected one of {', '.join(enum)}")
        try:
            return enum(value)
        except ValueError:
            raise ProtocolError(ErrorCode.MALFORMED, f"{where}: {value!r:.30} is not one of "
                                                     f"{', '.join(enum)}") from None
    return Codec(lambda value, _m: None if value is None else str(value), read)


def _list_of(item: Codec) -> Codec:
    def read(value: Any, where: str) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise ProtocolError(ErrorCode.MALFORMED, f"{where}: expected a list")
        return tuple(item.read(v, f"{where}[{i}]") for i, v in enumerate(value))
    return Codec(lambda values, m: [item.out(v, m) for v in values], read)


def _object(cls: type[T]) -> Codec:
    return Codec(lambda value, _m: _fields_out(value), lambda value, where: _fields_in(cls, value, where))


def _action_object(value: Any, where: str) -> Mapping[str, Any]:
    """A friend's move: an action object of the record, its shape checked whole (``wire.read_action``) and kept as
    it was sent, for the rules to resolve against the game (a plain card code means the copy the seat holds)."""
    read_action(value, where)
    return dict(value)


SEQ = _number(low=1)
AT = _number()
SEAT = _number()
NAME = _text(MAX_NAME * 2)  # the host's names may carry its mark and a number beside what was typed
TOKEN = _text(MAX_TOKEN)
ACTION = Codec(lambda value, _m: dict(value), _action_object)
VIEW = Codec(lambda view, _m: view_to_json(view), lambda value, _where: consistent(view_from_json(value)))
EVENTS = Codec(lambda events, _m: [event_to_json(e) for e in events],
               lambda value, where: _list_of(Codec(lambda e, _m: e, event_from_json)).read(value, where))
LEGAL = Codec(lambda legal, m: [action_to_json(m.view.seat, a) for a in legal],
              lambda value, where: _list_of(Codec(lambda a, _m: a, action_from_json)).read(value, where))
LAID = Codec(lambda hands, _m: hands_to_json(hands), hands_from_json)


# --- client to host --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Join:
    KIND: ClassVar[ClientKind] = ClientKind.JOIN
    seq: int = spec(SEQ)
    name: str = spec(_text(MAX_NAME))


@dataclass(frozen=True)
class Rejoin:
    KIND: ClassVar[ClientKind] = ClientKind.REJOIN
    seq: int = spec(SEQ)
    token: str = spec(TOKEN)


@dataclass(frozen=True)
class Act:
    KIND: ClassVar[ClientKind] = ClientKind.ACT
    seq: int = spec(SEQ)
    at: int = spec(AT)
    action: Mapping[str, Any] = spec(ACTION)  # RECORD.md's action object: the rules parse it against the state


@dataclass(frozen=True)
class Ready:
    KIND: ClassVar[ClientKind] = ClientKind.READY
    seq: int = spec(SEQ)
    at: int = spec(AT)


@dataclass(frozen=True)
class Chat:
    KIND: ClassVar[ClientKind] = ClientKind.CHAT
    seq: int = spec(SEQ)
    text: str = spec(_text(MAX_CHAT, TextUse.CHAT, blank=False))


ClientMessage = Join | Rejoin | Act | Ready | Chat
CLIENT_MESSAGES: Mapping[str, type[ClientMessage]] = {m.KIND: m for m in (Join, Rejoin, Act, Ready, Chat)}


# --- host to client --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SeatState:
    """What every player sees of a seat: its name, who plays it (a person or the host's computer) and where from
    (``link``: a friend's seat is the one not played ``HERE``, at the host)."""

    name: str = spec(NAME)
    kind: SeatKind = spec(_kind(SeatKind))
    link: Link = spec(_kind(Link))
    level: str = spec(_text(20), str)  # a computer's level (its badge names it), else empty


@dataclass(frozen=True)
class Welcome:
    KIND: ClassVar[HostKind] = HostKind.WELCOME
    seat: int = spec(SEAT)
    token: str = spec(TOKEN)


@dataclass(frozen=True)
class Update:
    KIND: ClassVar[HostKind] = HostKind.UPDATE
    version: int = spec(AT)
    view: PlayerView = spec(VIEW)  # carries `legal` too (set from the field below when read)
    events: tuple[Event, ...] = spec(EVENTS)
    legal: tuple[Action, ...] = spec(LEGAL)
    seats: tuple[SeatState, ...] = spec(_list_of(_object(SeatState)))
    waiting: tuple[int, ...] = spec(_list_of(SEAT))  # the seats whose "next deal" the host waits for
    laid: Mapping[int, tuple[int, ...]] = spec(LAID, dict)  # game over: the hands still held, laid down for all

    def __post_init__(self) -> None:
        if tuple(self.view.legal) != tuple(self.legal):  # read from the wire: the view gets the legal actions
            object.__setattr__(self, "view", replace(self.view, legal=tuple(self.legal)))
        players = self.view.rules.players  # the seats it names are the view's game's (the view checked itself)
        if len(self.seats) != players:  # the table names every seat from them
            raise ProtocolError(ErrorCode.MALFORMED, f"seats: expected one a seat ({players})")
        if any(not 0 <= s < players for s in self.waiting):
            raise ProtocolError(ErrorCode.MALFORMED, "waiting: a seat this game has not")
        try:
            news_agree(self.view, self.events, self.legal, self.laid)
        except WireError as exc:
            raise ProtocolError(ErrorCode.MALFORMED, str(exc)) from None


@dataclass(frozen=True)
class Refused:
    KIND: ClassVar[HostKind] = HostKind.REFUSED
    seq: int | None = spec(_number(low=1, optional=True))
    code: ErrorCode = spec(_kind(ErrorCode))
    detail: str = spec(_text(MAX_DETAIL))
    refusal: RefusalCode | None = spec(_kind(RefusalCode, optional=True), lambda: None)


@dataclass(frozen=True)
class ChatLine:
    """A line said at the table: who, what, and its place in the game's chat (a seat that comes back after a drop
    is sent the lines again, and keeps those it has not shown)."""

    KIND: ClassVar[HostKind] = HostKind.CHAT
    seat: int = spec(SEAT)
    text: str = spec(_text(MAX_CHAT, TextUse.CHAT, blank=False))
    index: int = spec(AT)


@dataclass(frozen=True)
class Notice:
    """Something the table should know beside the game (``NoticeKind``); `who` names whom or what it is about."""

    KIND: ClassVar[HostKind] = HostKind.NOTICE
    kind: NoticeKind = spec(_kind(NoticeKind))
    who: str = spec(_text(MAX_DETAIL))
    count: int = spec(AT)


@dataclass(frozen=True)
class Closing:
    KIND: ClassVar[HostKind] = HostKind.CLOSING
    reason: CloseReason = spec(_kind(CloseReason))


HostMessage = Welcome | Update | Refused | ChatLine | Notice | Closing
HOST_MESSAGES: Mapping[str, type[HostMessage]] = {m.KIND: m for m in (Welcome, Update, Refused, ChatLine, Notice,
                                                                       Closing)}


# --- writing and reading ---------------------------------------------------------------------------------------

def _fields_out(message: Any) -> dict[str, Any]:
    return {f.name: f.metadata["codec"].out(getattr(message, f.name), message) for f in fields(message)}


def _fields_in(cls: type[T], doc: Any, where: str) -> T:
    """An instance of the dataclass `cls` read field by field from `doc`, naming the first bad field."""
    if not isinstance(doc, dict):
        raise ProtocolError(ErrorCode.MALFORMED, f"{where or 'message'}: expected an object")
    prefix = f"{where}." if where else ""
    names = {f.name for f in fields(cls)}  # type: ignore[arg-type]
    extra = sorted(set(doc) - names - ({"type", "v"} if not where else set()))
    if extra:
        raise ProtocolError(ErrorCode.MALFORMED, f"{prefix}{extra[0]!r:.30}: unknown key")
    values = {}
    for f in fields(cls):  # type: ignore[arg-type]
        if f.name not in doc:
            raise ProtocolError(ErrorCode.MALFORMED, f"{prefix}{f.name}: missing")
        try:
            values[f.name] = f.metadata["codec"].read(doc[f.name], f"{prefix}{f.name}")
        except (WireError, TextError) as exc:
            raise ProtocolError(ErrorCode.MALFORMED, str(exc)) from None
    return cls(**values)


def encode(message: ClientMessage | HostMessage) -> str:
    """`message` as it is sent (ASCII JSON: every character escaped, so no text can fail to encode)."""
    return json.dumps({"type": str(message.KIND), "v": PROTOCOL_VERSION, **_fields_out(message)},
                      separators=(",", ":"))


def _decode(text: str | bytes, limit: int, kinds: Mapping[str, type[T]]) -> T:
    if isinstance(text, bytes):
        raise ProtocolError(ErrorCode.MALFORMED, "messages are JSON text")
    if len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit:
        raise ProtocolError(ErrorCode.OVERSIZED, f"a message may be at most {limit} bytes")
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, nested past Python's stack, a number past 4300 digits
        raise ProtocolError(ErrorCode.MALFORMED, "not a JSON document") from None
    if not isinstance(doc, dict):
        raise ProtocolError(ErrorCode.MALFORMED, "a message is a JSON object")
    version = doc.get("v")
    if not isinstance(version, int) or isinstance(version, bool) or version != PROTOCOL_VERSION:
        raise ProtocolError(ErrorCode.VERSION, f"this program speaks protocol {PROTOCOL_VERSION}, "
                                               f"not {version!r:.20}")
    kind = doc.get("type")
    cls = kinds.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ProtocolError(ErrorCode.MALFORMED, f"type: {kind!r:.30} is not a message type")
    return _fields_in(cls, doc, "")


def parse_client(text: str | bytes) -> ClientMessage:
    """A client's message, checked field by field.

    Raises:
        ProtocolError: oversized, malformed (the field named) or another protocol version.
    """
    return _decode(text, MAX_CLIENT_MESSAGE, CLIENT_MESSAGES)


def parse_host(text: str | bytes) -> HostMessage:
    """A host's message, checked field by field (a client never acts on one it did not understand).

    Raises:
        ProtocolError: malformed (the field named), oversized or another protocol version.
    """
    return _decode(text, HOST_MESSAGE_MAX, HOST_MESSAGES)
