"""A seat's view, its events and actions as JSON, and back: what crosses the network between host and client.

Every card is written in RECORD.md's notation naming its copy (``QS#1``), so a message can be read by a person and
checked by a test for any card it should not carry; actions are the record's own action objects
(``action_to_json``), so the host hands them straight to the rules. Reading back validates every field and raises
``WireError`` naming the first bad one: a client never builds a view from a message it did not understand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any, TypeVar

from bezique.net.peer_text import TextError, read_text
from bezique.rules import (
    Action,
    CardNotationError,
    DealSummary,
    Event,
    EventKind,
    MeldId,
    MeldRecord,
    Phase,
    PlayerView,
    RulesetError,
    Settlement,
    Verb,
    action_to_json,
    card_code,
    make_ruleset,
    parse_card,
)

T = TypeVar("T")
K = TypeVar("K", bound=Enum)
MAX_WORD = 80  # the longest text a view or an event carries (a meld's name, an event's label)
# The largest whole number either end reads (a score, a count, a sequence number). Why a bound at all: JSON carries
# numbers of any size, and a count of 10**400 would have a window lay out that many card backs or print a line
# four hundred digits long; no honest number of the game comes near it.
WHOLE_MAX = (1 << 31) - 1
MAX_CARD_CODE = 6  # "QS#12": RECORD.md's notation of a copy; anything longer is no card


class WireError(ValueError):
    """A view, event or action in a message that is not what the protocol says; the message names the field."""


def cards_out(cards: Sequence[int]) -> list[str]:
    return [card_code(c) for c in cards]


def hands_to_json(hands: Mapping[int, Sequence[int]]) -> dict[str, list[str]]:
    """Hands by seat (the hands laid down at a game's end), with the seat numbers as JSON's keys."""
    return {str(seat): cards_out(cards) for seat, cards in hands.items()}


def hands_from_json(value: Any, where: str) -> dict[int, tuple[int, ...]]:
    if not isinstance(value, dict):
        raise WireError(f"{where}: expected an object of hands, found {type(value).__name__}")
    if not all(isinstance(seat, str) and seat.isascii() and seat.isdigit() and len(seat) < 3 for seat in value):
        raise WireError(f"{where}: expected seat numbers as keys")
    return {int(seat): _cards(cards, f"{where}[{seat}]") for seat, cards in value.items()}


def _card(value: Any, where: str) -> int:
    if isinstance(value, str) and len(value) > MAX_CARD_CODE:
        raise WireError(f"{where}: not a card (at most {MAX_CARD_CODE} characters)")
    try:
        return parse_card(value)
    except CardNotationError as exc:
        raise WireError(f"{where}: {exc}") from None


def _cards(value: Any, where: str) -> tuple[int, ...]:
    return tuple(_card(v, f"{where}[{i}]") for i, v in enumerate(_list(value, where)))


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise WireError(f"{where}: expected a list, found {type(value).__name__}")
    return value


def read_whole(value: Any, where: str, low: int = -WHOLE_MAX, optional: bool = False) -> Any:
    """`value` as a whole number from `low` to ``WHOLE_MAX`` (None too if `optional`): the one check of every
    number either end reads. A bool is not a number (``true`` is refused though Python counts it 1), nor is a
    float, NaN or Infinity, nor a number beyond the bound."""
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= WHOLE_MAX:
        raise WireError(f"{where}: expected a whole number from {low} to {WHOLE_MAX}, found {value!r:.40}")
    return value



def _str(value: Any, where: str) -> str:
    """A text of the host's (a meld's kind, an event's label): checked as every text from the wire is."""
    try:
        return read_text(value, where, MAX_WORD)
    except TextError as exc:
        raise WireError(str(exc)) from None


def _member(kinds: type[K], value: Any, where: str, what: str) -> K:
    """`value` as the member of the enum `kinds` it names; anything else refused by name, as `what`."""
    try:
        return kinds(value)
    except ValueError:
        raise WireError(f"{where}: {value!r:.40} is not {what}") from None


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise WireError(f"{where}: expected true or false, found {value!r:.40}")
    return value


def _each(value: Any, where: str, read: Callable[[Any, str], T]) -> tuple[T, ...]:
    return tuple(read(v, f"{where}[{i}]") for i, v in enumerate(_list(value, where)))


def _ints(value: Any, where: str) -> tuple[int, ...]:
    return _each(value, where, read_whole)


def _field(doc: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in doc:
        raise WireError(f"{where}.{key}: missing")
    return doc[key]


class _Object:
    """A JSON object read key by key (`what` it should be, at `where`); ``done`` refuses a key that was never read,
    so a field this program does not know is refused by name, as the messages' own fields are."""

    def __init__(self, value: Any, where: str, what: str) -> None:
        if not isinstance(value, Mapping):
            raise WireError(f"{where}: expected {what}")
        self.doc: Mapping[str, Any] = value
        self.where = where
        self._read: set[str] = set()

    def need(self, key: str) -> Any:
        """The value of `key`, which must be there."""
        self._read.add(key)
        return _field(self.doc, key, self.where)

    def may(self, key: str) -> Any:
        """The value of `key`, or None when it is not there."""
        self._read.add(key)
        return self.doc.get(key)

    def at(self, key: str) -> str:
        return f"{self.where}.{key}"

    def done(self, value: T) -> T:
        """`value`, once every key of the object was read."""
        extra = sorted(str(key) for key in self.doc if key not in self._read)
        if extra:
            raise WireError(f"{self.where}.{extra[0]!r:.30}: unknown key")
        return value


def _plays_out(plays: Sequence[tuple[int, int]]) -> list[list[Any]]:
    return [[seat, card_code(card)] for seat, card in plays]


def _plays(value: Any, where: str) -> tuple[tuple[int, int], ...]:
    def pair(item: Any, at: str) -> tuple[int, int]:
        items = _list(item, at)
        if len(items) != 2:
            raise WireError(f"{at}: expected [seat, card]")
        return read_whole(items[0], f"{at}[0]"), _card(items[1], f"{at}[1]")
    return _each(value, where, pair)


def _meld_out(record: MeldRecord) -> dict[str, Any]:
    return {"kind": record.kind, "cls": record.cls, "value": record.value, "cards": cards_out(record.cards),
            "seat": record.seat, "suit": record.suit, "level": record.level}


def _meld(value: Any, where: str) -> MeldRecord:
    m = _Object(value, where, "a meld object")
    return m.done(MeldRecord(_member(MeldId, m.need("kind"), m.at("kind"), "a meld"), _str(m.need("cls"), m.at("cls")),
                             read_whole(m.need("value"), m.at("value")), _cards(m.need("cards"), m.at("cards")),
                             read_whole(m.need("seat"), m.at("seat")),
                             read_whole(m.may("suit"), m.at("suit"), optional=True),
                             read_whole(m.need("level"), m.at("level"))))


def _deal_out(deal: DealSummary) -> dict[str, Any]:
    out: dict[str, Any] = {"dealer": deal.dealer, "trump": deal.trump, "melds": [_meld_out(m) for m in deal.melds],
                           "points": list(deal.points)}
    s = deal.settlement
    if s is not None:
        out["settlement"] = {"raw": list(s.raw), "total": list(s.total), "settled": list(s.settled),
                             "brisques_counted": s.brisques_counted, "winner": s.winner, "rubiconed": s.rubiconed}
    return out


def _deal(value: Any, where: str) -> DealSummary:
    d = _Object(value, where, "a deal summary")
    settlement = None
    if d.may("settlement") is not None:
        s = _Object(d.need("settlement"), d.at("settlement"), "an object")
        settlement = s.done(Settlement(_ints(s.need("raw"), s.at("raw")), _ints(s.need("total"), s.at("total")),
                                       _ints(s.need("settled"), s.at("settled")),
                                       _bool(s.need("brisques_counted"), s.at("brisques_counted")),
                                       read_whole(s.may("winner"), s.at("winner"), optional=True),
                                       _bool(s.need("rubiconed"), s.at("rubiconed"))))
    return d.done(DealSummary(read_whole(d.need("dealer"), d.at("dealer")),
                              read_whole(d.may("trump"), d.at("trump"), optional=True),
                              _each(d.need("melds"), d.at("melds"), _meld), _ints(d.need("points"), d.at("points")),
                              settlement))


def _log_entry(value: Any, where: str) -> tuple[int, int, int, str, int]:
    items = _list(value, where)
    if len(items) != 5:
        raise WireError(f"{where}: expected [deal, side, seat, score, points]")
    deal, side, seat = (read_whole(items[i], f"{where}[{i}]") for i in range(3))
    return deal, side, seat, _str(items[3], f"{where}[3]"), read_whole(items[4], f"{where}[4]")


def _trick_out(entry: tuple[int, tuple[tuple[int, int], ...]]) -> list[Any]:
    return [entry[0], _plays_out(entry[1])]


def _trick(value: Any, where: str) -> tuple[int, tuple[tuple[int, int], ...]]:
    items = _list(value, where)
    if len(items) != 2:
        raise WireError(f"{where}: expected [winner, plays]")
    return read_whole(items[0], f"{where}[0]"), _plays(items[1], f"{where}[1]")


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """`view` as a JSON object (its legal actions travel beside it, in the record's encoding: ``legal_to_json``)."""
    def card(c: int | None) -> str | None:
        return None if c is None else card_code(c)

    return {
        "seat": view.seat, "variant": view.rules.variant, "rules": view.rules.overrides(), "phase": str(view.phase),
        "to_act": view.to_act, "dealer": view.dealer, "deal_index": view.deal_index, "trump": view.trump,
        "turn_up": card(view.turn_up), "stock_count": view.stock_count, "final_phase": view.final_phase,
        "scores": list(view.scores), "deal_points": list(view.deal_points), "hand": cards_out(view.hand),
        "tables": [cards_out(t) for t in view.tables], "hand_counts": list(view.hand_counts),
        "known": [cards_out(k) for k in view.known], "trick": _plays_out(view.trick), "trick_best": view.trick_best,
        "tricks_log": [_trick_out(e) for e in view.tricks_log], "records": [_meld_out(r) for r in view.records],
        "broken": list(view.broken), "spent": cards_out(sorted(view.spent)), "trick_winner": view.trick_winner,
        "step_actor": view.step_actor, "step_melded": view.step_melded, "step_exchanged": view.step_exchanged,
        "step_acted": view.step_acted, "step_taken": card(view.step_taken), "tricks_done": view.tricks_done,
        "log": [list(e) for e in view.log], "past_deals": [_deal_out(d) for d in view.past_deals],
        "tiebreak": None if view.tiebreak is None else list(view.tiebreak), "blanche": list(view.blanche),
        "finished": view.finished, "winner": view.winner,
    }


def view_from_json(doc: Any, legal: Sequence[Action] = ()) -> PlayerView:
    """The view a host sent, with the legal actions sent beside it, each field of the type it should be (whether
    its parts agree with its game is ``view_check.consistent``'s to say).

    Raises:
        WireError: a field missing or of the wrong kind (named), or rules this program does not know.
    """
    v = _Object(doc, "view", "an object")
    f = v.need
    overrides = f("rules")
    if not isinstance(overrides, dict):
        raise WireError(f"view.rules: expected an object, found {type(overrides).__name__}")
    try:
        rules = make_ruleset(_str(f("variant"), "view.variant"), overrides)
    except (RulesetError, TypeError) as exc:
        raise WireError(f"view.rules: {exc}") from None
    try:
        phase = Phase(f("phase"))
    except ValueError:
        raise WireError(f"view.phase: {doc.get('phase')!r:.40} is not a phase") from None
    def opt_card(key: str) -> int | None:
        return None if v.may(key) is None else _card(doc[key], f"view.{key}")

    def whole(key: str, optional: bool = False) -> Any:
        return read_whole(f(key), f"view.{key}", optional=optional)

    tiebreak = v.may("tiebreak")
    return v.done(PlayerView(
        seat=whole("seat"), rules=rules, phase=phase,
        to_act=whole("to_act", optional=True), dealer=whole("dealer"),
        deal_index=whole("deal_index"), trump=whole("trump", optional=True),
        turn_up=opt_card("turn_up"), stock_count=whole("stock_count"),
        final_phase=_bool(f("final_phase"), "view.final_phase"), scores=_ints(f("scores"), "view.scores"),
        deal_points=_ints(f("deal_points"), "view.deal_points"), hand=_cards(f("hand"), "view.hand"),
        tables=_each(f("tables"), "view.tables", _cards), hand_counts=_ints(f("hand_counts"), "view.hand_counts"),
        known=_each(f("known"), "view.known", _cards), trick=_plays(f("trick"), "view.trick"),
        trick_best=whole("trick_best"),
        tricks_log=_each(f("tricks_log"), "view.tricks_log", _trick),
        records=_each(f("records"), "view.records", _meld), broken=_each(f("broken"), "view.broken", _bool),
        spent=frozenset(_cards(f("spent"), "view.spent")), trick_winner=whole("trick_winner"),
        step_actor=whole("step_actor"), step_melded=_bool(f("step_melded"), "view.step_melded"),
        step_exchanged=_bool(f("step_exchanged"), "view.step_exchanged"),
        step_acted=_bool(f("step_acted"), "view.step_acted"), step_taken=opt_card("step_taken"),
        tricks_done=whole("tricks_done"), log=_each(f("log"), "view.log", _log_entry),
        past_deals=_each(f("past_deals"), "view.past_deals", _deal),
        tiebreak=None if tiebreak is None else _ints(tiebreak, "view.tiebreak"),
        blanche=_each(f("blanche"), "view.blanche", _bool), finished=_bool(f("finished"), "view.finished"),
        winner=read_whole(v.may("winner"), "view.winner", optional=True), legal=tuple(legal),
    ))


def event_to_json(event: Event) -> dict[str, Any]:
    return {"kind": event.kind, "seat": event.seat, "cards": cards_out(event.cards), "points": event.points,
            "label": event.label}


def event_from_json(doc: Any, where: str = "event") -> Event:
    e = _Object(doc, where, "an object")
    kind = _member(EventKind, e.need("kind"), e.at("kind"), "an event kind")
    def may(key: str, empty: Any) -> Any:  # left out by a host that has nothing to say there
        return e.need(key) if key in e.doc else empty

    return e.done(Event(kind, read_whole(e.may("seat"), e.at("seat"), optional=True),
                        _cards(may("cards", []), e.at("cards")), read_whole(may("points", 0), e.at("points")),
                        _str(may("label", ""), e.at("label"))))


def legal_to_json(seat: int, legal: Sequence[Action]) -> list[dict[str, Any]]:
    return [action_to_json(seat, a) for a in legal]


def action_from_json(doc: Any, where: str = "action") -> Action:
    """An action object as ``action_to_json`` writes it (every copy named), read without a game state: what a
    client does with the legal actions it is sent, to show and choose among them."""
    return read_action(doc, where)[1]


MAX_MELD = 12  # the most cards an action's meld may name: well beyond the largest meld (a quadruple bezique's 8)


def read_action(doc: Any, where: str = "action") -> tuple[int, Action]:
    """The seat and action of an action object of RECORD.md (``{"player": 1, "play": "QS#0"}``), its shape
    checked whole: a player, exactly one verb with a value of the verb's kind, a meld's ``kind`` only beside a
    meld, no other key. Both ends read every action through it (a friend's move at the host before the rules
    resolve it against the game, the legal actions at a window), so no action object of any shape reaches the
    rules or the table unchecked.

    Raises:
        WireError: the first part that is not so, named.
    """
    if not isinstance(doc, Mapping):
        raise WireError(f"{where}: expected an action object")
    extra = sorted(str(key) for key in doc if key not in ("player", "kind", *Verb))
    if extra:
        raise WireError(f"{where}.{extra[0]!r:.30}: unknown key")
    player = read_whole(_field(doc, "player", where), f"{where}.player", low=0)
    verbs = [v for v in Verb if v in doc]
    if len(verbs) != 1:
        raise WireError(f"{where}: expected exactly one verb")
    verb = verbs[0]
    if "kind" in doc and verb != Verb.MELD:
        raise WireError(f"{where}.kind: only a meld has a kind")
    at = f"{where}.{verb}"
    if verb == Verb.PLAY:
        return player, Action(verb, (_card(doc[verb], at),))
    if verb == Verb.MELD:
        cards = _cards(doc[verb], at)
        if not 1 <= len(cards) <= MAX_MELD:
            raise WireError(f"{at}: expected 1 to {MAX_MELD} cards")
        kind = doc.get("kind")
        return player, Action(verb, cards, None if kind is None else _member(MeldId, kind, f"{where}.kind", "a meld"))
    if verb == Verb.PASS_TO_PARTNER:
        return player, Action(verb, seat=read_whole(doc[verb], at, low=0))
    if doc[verb] is not True:
        raise WireError(f"{at}: expected true")
    return player, Action(verb)
