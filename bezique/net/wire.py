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
    if not all(isinstance(seat, str) and seat.isdigit() and len(seat) < 3 for seat in value):
        raise WireError(f"{where}: expected seat numbers as keys")
    return {int(seat): _cards(cards, f"{where}[{seat}]") for seat, cards in value.items()}


def _card(value: Any, where: str) -> int:
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


def _int(value: Any, where: str, optional: bool = False) -> Any:
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise WireError(f"{where}: expected a whole number, found {value!r:.40}")
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
    return _each(value, where, _int)


def _field(doc: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in doc:
        raise WireError(f"{where}.{key}: missing")
    return doc[key]


def _plays_out(plays: Sequence[tuple[int, int]]) -> list[list[Any]]:
    return [[seat, card_code(card)] for seat, card in plays]


def _plays(value: Any, where: str) -> tuple[tuple[int, int], ...]:
    def pair(item: Any, at: str) -> tuple[int, int]:
        items = _list(item, at)
        if len(items) != 2:
            raise WireError(f"{at}: expected [seat, card]")
        return _int(items[0], f"{at}[0]"), _card(items[1], f"{at}[1]")
    return _each(value, where, pair)


def _meld_out(record: MeldRecord) -> dict[str, Any]:
    return {"kind": record.kind, "cls": record.cls, "value": record.value, "cards": cards_out(record.cards),
            "seat": record.seat, "suit": record.suit, "level": record.level}


def _meld(value: Any, where: str) -> MeldRecord:
    if not isinstance(value, Mapping):
        raise WireError(f"{where}: expected a meld object")
    return MeldRecord(_member(MeldId, _field(value, "kind", where), f"{where}.kind", "a meld"),
                      _str(_field(value, "cls", where),
                      f"{where}.cls"), _int(_field(value, "value", where), f"{where}.value"),
                      _cards(_field(value, "cards", where), f"{where}.cards"),
                      _int(_field(value, "seat", where), f"{where}.seat"),
                      _int(value.get("suit"), f"{where}.suit", optional=True),
                      _int(_field(value, "level", where), f"{where}.level"))


def _deal_out(deal: DealSummary) -> dict[str, Any]:
    out: dict[str, Any] = {"dealer": deal.dealer, "trump": deal.trump, "melds": [_meld_out(m) for m in deal.melds],
                           "points": list(deal.points)}
    s = deal.settlement
    if s is not None:
        out["settlement"] = {"raw": list(s.raw), "total": list(s.total), "settled": list(s.settled),
                             "brisques_counted": s.brisques_counted, "winner": s.winner, "rubiconed": s.rubiconed}
    return out


def _deal(value: Any, where: str) -> DealSummary:
    if not isinstance(value, Mapping):
        raise WireError(f"{where}: expected a deal summary")
    settlement = None
    s = value.get("settlement")
    if s is not None:
        if not isinstance(s, Mapping):
            raise WireError(f"{where}.settlement: expected an object")
        at = f"{where}.settlement"
        settlement = Settlement(_ints(_field(s, "raw", at), f"{at}.raw"), _ints(_field(s, "total", at), f"{at}.total"),
                                _ints(_field(s, "settled", at), f"{at}.settled"),
                                _bool(_field(s, "brisques_counted", at), f"{at}.brisques_counted"),
                                _int(s.get("winner"), f"{at}.winner", optional=True),
                                _bool(_field(s, "rubiconed", at), f"{at}.rubiconed"))
    return DealSummary(_int(_field(value, "dealer", where), f"{where}.dealer"),
                       _int(value.get("trump"), f"{where}.trump", optional=True),
                       _each(_field(value, "melds", where), f"{where}.melds", _meld),
                       _ints(_field(value, "points", where), f"{where}.points"), settlement)


def _log_entry(value: Any, where: str) -> tuple[int, int, int, str, int]:
    items = _list(value, where)
    if len(items) != 5:
        raise WireError(f"{where}: expected [deal, side, seat, score, points]")
    return (_int(items[0], f"{where}[0]"), _int(items[1], f"{where}[1]"), _int(items[2], f"{where}[2]"),
            _str(items[3], f"{where}[3]"), _int(items[4], f"{where}[4]"))


def _trick_out(entry: tuple[int, tuple[tuple[int, int], ...]]) -> list[Any]:
    return [entry[0], _plays_out(entry[1])]


def _trick(value: Any, where: str) -> tuple[int, tuple[tuple[int, int], ...]]:
    items = _list(value, where)
    if len(items) != 2:
        raise WireError(f"{where}: expected [winner, plays]")
    return _int(items[0], f"{where}[0]"), _plays(items[1], f"{where}[1]")


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
    """The view a host sent, with the legal actions sent beside it.

    Raises:
        WireError: a field missing or of the wrong kind (named), or rules this program does not know.
    """
    if not isinstance(doc, Mapping):
        raise WireError("view: expected an object")
    def f(key: str) -> Any:
        return _field(doc, key, "view")

    try:
        rules = make_ruleset(_str(f("variant"), "view.variant"), f("rules"))
    except (RulesetError, TypeError) as exc:
        raise WireError(f"view.rules: {exc}") from None
    try:
        phase = Phase(f("phase"))
    except ValueError:
        raise WireError(f"view.phase: {doc.get('phase')!r:.40} is not a phase") from None
    def opt_card(key: str) -> int | None:
        return None if doc.get(key) is None else _card(doc[key], f"view.{key}")

    tiebreak = doc.get("tiebreak")
    return _consistent(PlayerView(
        seat=_int(f("seat"), "view.seat"), rules=rules, phase=phase,
        to_act=_int(f("to_act"), "view.to_act", optional=True), dealer=_int(f("dealer"), "view.dealer"),
        deal_index=_int(f("deal_index"), "view.deal_index"), trump=_int(f("trump"), "view.trump", optional=True),
        turn_up=opt_card("turn_up"), stock_count=_int(f("stock_count"), "view.stock_count"),
        final_phase=_bool(f("final_phase"), "view.final_phase"), scores=_ints(f("scores"), "view.scores"),
        deal_points=_ints(f("deal_points"), "view.deal_points"), hand=_cards(f("hand"), "view.hand"),
        tables=_each(f("tables"), "view.tables", _cards), hand_counts=_ints(f("hand_counts"), "view.hand_counts"),
        known=_each(f("known"), "view.known", _cards), trick=_plays(f("trick"), "view.trick"),
        trick_best=_int(f("trick_best"), "view.trick_best"),
        tricks_log=_each(f("tricks_log"), "view.tricks_log", _trick),
        records=_each(f("records"), "view.records", _meld), broken=_each(f("broken"), "view.broken", _bool),
        spent=frozenset(_cards(f("spent"), "view.spent")), trick_winner=_int(f("trick_winner"), "view.trick_winner"),
        step_actor=_int(f("step_actor"), "view.step_actor"), step_melded=_bool(f("step_melded"), "view.step_melded"),
        step_exchanged=_bool(f("step_exchanged"), "view.step_exchanged"),
        step_acted=_bool(f("step_acted"), "view.step_acted"), step_taken=opt_card("step_taken"),
        tricks_done=_int(f("tricks_done"), "view.tricks_done"), log=_each(f("log"), "view.log", _log_entry),
        past_deals=_each(f("past_deals"), "view.past_deals", _deal),
        tiebreak=None if tiebreak is None else _ints(tiebreak, "view.tiebreak"),
        blanche=_each(f("blanche"), "view.blanche", _bool), finished=_bool(f("finished"), "view.finished"),
        winner=_int(doc.get("winner"), "view.winner", optional=True), legal=tuple(legal),
    ))


def _consistent(view: PlayerView) -> PlayerView:
    """`view`, once its parts agree with its rules: every seat it names is a seat of the game, every card a card
    of its packs, and every per-seat list has one entry a seat. A window draws only such a view, so that a hostile
    or broken host cannot crash it with a seat 7 of two or a tenth copy of a card.

    Raises:
        WireError: the first part that does not agree, named.
    """
    players, cards = view.rules.players, 32 * view.rules.packs

    def seat(value: int | None, where: str, optional: bool = False) -> None:
        if not (value is None and optional) and not (isinstance(value, int) and 0 <= value < players):
            raise WireError(f"view.{where}: {value!r:.20} is not a seat of this {players}-handed game")

    seat(view.seat, "seat")
    seat(view.to_act, "to_act", optional=True)
    seat(view.dealer, "dealer")
    seat(view.winner, "winner", optional=True)
    for name in ("tables", "hand_counts", "known", "blanche"):
        if len(getattr(view, name)) != players:
            raise WireError(f"view.{name}: expected one entry a seat ({players})")
    every = [*view.hand, *(c for t in view.tables for c in t), *(c for k in view.known for c in k),
             *view.played, *view.spent, *(() if view.turn_up is None else (view.turn_up,))]
    if any(not 0 <= card < cards for card in every):
        raise WireError(f"view: a card beyond the game's {view.rules.packs} packs")
    for at, (who, _card) in enumerate(view.trick):
        seat(who, f"trick[{at}]")
    for at, (winner, plays) in enumerate(view.tricks_log):
        seat(winner, f"tricks_log[{at}]")
        for who, _card in plays:
            seat(who, f"tricks_log[{at}]")
    for at, record in enumerate(view.records):
        seat(record.seat, f"records[{at}].seat")
    return view


def event_to_json(event: Event) -> dict[str, Any]:
    return {"kind": event.kind, "seat": event.seat, "cards": cards_out(event.cards), "points": event.points,
            "label": event.label}


def event_from_json(doc: Any, where: str = "event") -> Event:
    if not isinstance(doc, Mapping):
        raise WireError(f"{where}: expected an object")
    kind = _member(EventKind, _field(doc, "kind", where), f"{where}.kind", "an event kind")
    return Event(kind, _int(doc.get("seat"), f"{where}.seat", optional=True),
                 _cards(doc.get("cards", []), f"{where}.cards"), _int(doc.get("points", 0), f"{where}.points"),
                 _str(doc.get("label", ""), f"{where}.label"))


def legal_to_json(seat: int, legal: Sequence[Action]) -> list[dict[str, Any]]:
    return [action_to_json(seat, a) for a in legal]


def action_from_json(doc: Any, where: str = "action") -> Action:
    """An action object as ``action_to_json`` writes it (every copy named), read without a game state: what a
    client does with the legal actions it is sent, to show and choose among them."""
    if not isinstance(doc, Mapping):
        raise WireError(f"{where}: expected an action object")
    verbs = [v for v in Verb if v in doc]
    if len(verbs) != 1:
        raise WireError(f"{where}: expected exactly one verb")
    verb = verbs[0]
    if verb == Verb.PLAY:
        return Action(verb, (_card(doc[verb], f"{where}.play"),))
    if verb == Verb.MELD:
        kind = doc.get("kind")
        return Action(verb, _cards(doc[verb], f"{where}.meld"),
                      None if kind is None else _member(MeldId, kind, f"{where}.kind", "a meld"))
    if verb == Verb.PASS_TO_PARTNER:
        return Action(verb, seat=_int(doc[verb], f"{where}.pass_to_partner"))
    return Action(verb)
