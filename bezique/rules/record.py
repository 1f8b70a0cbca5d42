"""The game record of RECORD.md: read, write and replay a game exactly.

A record is the rules in force, the players, every shuffled deck and every decision. ``RecordedGame`` plays a game
through the checked path while it writes the record (the window and saved games use it); ``replay_record`` rebuilds
a game from a record, refusing the first bad entry with one clear line that names the deal, the action and why.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Mapping
from enum import StrEnum
from typing import Any

from bezique.rules import engine
from bezique.rules.actions import VERBS, Action, Event, Verb
from bezique.rules.cards import card_code, face_code, face_of, make_card, parse_code
from bezique.rules.dealing import check_deck, new_game, start_deal
from bezique.rules.errors import (
    CardNotationError,
    IllegalActionError,
    RecordError,
    RulesetError,
    UnsupportedVariantError,
)
from bezique.rules.ruleset import Ruleset, make_ruleset
from bezique.rules.score_ids import MELD_IDS, MeldId
from bezique.rules.state import GameState, Phase
from bezique.rules.tricks import copy_key

FORMAT = "bezique-record"
VERSION = 1


class SeatKind(StrEnum):
    """Who plays a seat: a person or the computer. The value is RECORD.md's player "type" (and the seat's kind on
    the wire), so a record's text compares equal to the member."""

    HUMAN = "human"
    AI = "ai"


PLAYER_TYPES = tuple(SeatKind)


def action_to_json(seat: int, action: Action) -> dict[str, Any]:
    """An action in RECORD.md's format, copies named."""
    verb = action.verb
    if verb == Verb.PLAY:
        return {"player": seat, "play": card_code(action.cards[0])}
    if verb == Verb.MELD:
        return {"player": seat, "meld": [card_code(c) for c in action.cards], "kind": action.kind}
    if verb == Verb.PASS_TO_PARTNER:
        return {"player": seat, "pass_to_partner": action.seat}
    return {"player": seat, str(verb): True}


def describe_action(entry: Any) -> str:
    """A short human form of an action entry as written, e.g. ``player 1 meld QS#0 JD#1``."""
    if not isinstance(entry, Mapping):
        return json.dumps(entry)
    verbs = [v for v in VERBS if v in entry]
    if not verbs:
        return json.dumps(entry, sort_keys=True)
    verb = verbs[0]
    value = entry[verb]
    text = " ".join(map(str, value)) if isinstance(value, list) else "" if value is True else str(value)
    return f"player {entry.get('player')} {verb}{' ' + text if text else ''}"


class RecordedGame:
    """A game being played through the checked path, writing its record as it goes."""

    def __init__(self, rules: Ruleset, players: list[dict[str, Any]], first_dealer: int,
                 seed: int | None = None) -> None:
        self.players = _check_players(players, rules)
        self.rules = rules
        self.first_dealer = first_dealer
        self.seed = seed
        self.state: GameState = new_game(rules, first_dealer)
        self.deals: list[dict[str, Any]] = []

    @classmethod
    def new(cls, rules: Ruleset, players: list[dict[str, Any]], first_dealer: int,
            seed: int | None = None) -> RecordedGame:
        return cls(rules, players, first_dealer, seed)

    def start_deal(self, faces: list[int], events: list[Event] | None = None) -> None:
        """Start the next deal with `faces` (top first)."""
        start_deal(self.state, faces, events)
        self.deals.append({"deck": [face_code(f) for f in faces], "actions": []})

    def act(self, action: Action, events: list[Event] | None = None, seat: int | None = None) -> None:
        """Apply `action` (checked) and append it to the record; `seat`, if given, must be the seat to act.

        Raises:
            IllegalActionError: the action is not legal now (or not `seat`'s turn); nothing changes.
        """
        actor = self.state.to_act
        engine.apply_checked(self.state, action, events, seat)
        assert actor is not None
        self.deals[-1]["actions"].append(action_to_json(actor, action))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT, "version": VERSION, "variant": self.rules.variant, "rules": self.rules.overrides(),
            "players": self.players, "first_dealer": self.first_dealer,
        }
        if self.seed is not None:
            out["seed"] = self.seed
        out["deals"] = self.deals
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False)


def _check_players(players: Any, rules: Ruleset) -> list[dict[str, Any]]:
    """The record's players, once each seat is known to have a name and a type."""
    if not isinstance(players, list) or len(players) != rules.players:
        raise RecordError(f"players: {rules.variant} needs a list of {rules.players} players")
    for i, player in enumerate(players):
        if not isinstance(player, Mapping) or not isinstance(player.get("name"), str):
            raise RecordError(f"players[{i}]: each player needs a \"name\" (text)")
        if player.get("type") not in PLAYER_TYPES:
            raise RecordError(f"players[{i}]: \"type\" must be \"human\" or \"ai\", not {player.get('type')!r}")
    return [dict(p) for p in players]


def _parse_header(doc: Any) -> tuple[Ruleset, list[dict[str, Any]], int, int | None, list[Any]]:
    if not isinstance(doc, Mapping):
        raise RecordError("a game record must be a JSON object")
    if doc.get("format") != FORMAT:
        raise RecordError(f"format: expected \"{FORMAT}\", found {doc.get('format')!r}")
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise RecordError(f"version: expected a whole number, found {version!r}")
    if version > VERSION:
        raise RecordError(f"version: this record is version {version}, newer than this program reads ({VERSION}); "
                          "update Bezique to open it")
    known = {"format", "version", "variant", "rules", "players", "first_dealer", "seed", "deals"}
    unknown = sorted(set(doc) - known)
    if unknown:
        raise RecordError(f"{unknown[0]}: unknown key in the record")
    rules_obj = doc.get("rules", {})
    if not isinstance(rules_obj, Mapping):
        raise RecordError("rules: must be an object of rule overrides")
    variant = doc.get("variant", "")
    if not isinstance(variant, str):
        raise RecordError("variant: must be the name of a variant")
    try:
        rules = make_ruleset(variant, rules_obj)
    except RulesetError as exc:
        raise RecordError(f"rules: {exc}") from None
    players = _check_players(doc.get("players"), rules)
    first_dealer = doc.get("first_dealer")
    if not isinstance(first_dealer, int) or isinstance(first_dealer, bool) or not 0 <= first_dealer < rules.players:
        raise RecordError(f"first_dealer: must be a seat from 0 to {rules.players - 1}, not {first_dealer!r}")
    seed = doc.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError(f"seed: must be a whole number, not {seed!r}")
    deals = doc.get("deals")
    if not isinstance(deals, list):
        raise RecordError("deals: must be a list")
    return rules, players, first_dealer, seed, deals


def _parse_deck(deal: Any, where: str, rules: Ruleset) -> list[int]:
    if not isinstance(deal, Mapping) or not isinstance(deal.get("deck"), list):
        raise RecordError(f"{where}: each deal needs a \"deck\" list")
    unknown = sorted(set(deal) - {"deck", "actions"})
    if unknown:
        raise RecordError(f"{where}: unknown key {unknown[0]!r}")
    faces = []
    seen = [0] * 32
    for code in deal["deck"]:
        try:
            face, copy = parse_code(code)
        except CardNotationError as exc:
            raise RecordError(f"{where}, deck: {exc}") from None
        if copy is not None and copy != seen[face]:
            raise RecordError(f"{where}, deck: {code} is copy #{seen[face]} by order of appearance")
        seen[face] += 1
        faces.append(face)
    try:
        check_deck(rules, faces)
    except IllegalActionError as exc:
        raise RecordError(f"{where}: {exc}") from None
    if not isinstance(deal.get("actions", []), list):
        raise RecordError(f"{where}: \"actions\" must be a list")
    return faces


def _equivalence_key(state: GameState, seat: int, card: int) -> Hashable:
    """RECORD.md's equivalence of copies (``tricks.copy_key``), told apart by whose cards they are: a code may name a
    card of the seat or of a partner."""
    for owner in [seat, *state.partners(seat)]:
        for on_table, cards in ((False, state.hands[owner]), (True, state.tables[owner])):
            if card in cards:
                return (owner, on_table, copy_key(state, owner, card, on_table))
    return ("elsewhere",)


def _resolve(state: GameState, seat: int, code: Any, taken: list[int], for_meld: bool) -> int:
    """The card a code in an action means for `seat` (a plain code only when all candidates are equivalent)."""
    try:
        face, copy = parse_code(code)
    except CardNotationError as exc:
        raise IllegalActionError(str(exc)) from None
    if copy is not None:
        if copy >= state.rules.packs:
            raise IllegalActionError(f"{code}: there are only {state.rules.packs} copies of each card")
        return make_card(face, copy)
    owners = [seat]
    if for_meld and state.rules.partner_table_cards_usable:
        owners += state.partners(seat)
    candidates = sorted(c for o in owners for c in state.hands[o] + state.tables[o]
                        if face_of(c) == face and c not in taken)
    if not candidates:
        raise IllegalActionError(f"{code} is not in seat {seat}'s hand")
    keys = {_equivalence_key(state, seat, c) for c in candidates}
    if len(keys) > 1:
        names = ", ".join(card_code(c) for c in candidates)
        raise IllegalActionError(f"{code} is ambiguous: name the copy, one of {names}")
    return candidates[0]


def parse_action(state: GameState, entry: Any) -> tuple[int, Action]:
    """Turn an action object of a record into (seat, Action) against the current state.

    Raises:
        IllegalActionError: malformed, or a card code that is unknown or ambiguous.
    """
    if not isinstance(entry, Mapping):
        raise IllegalActionError("an action must be an object with \"player\" and one verb")
    seat = entry.get("player")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.rules.players:
        raise IllegalActionError(f"\"player\" must be a seat from 0 to {state.rules.players - 1}")
    verbs = [v for v in VERBS if v in entry]
    extra = sorted(set(entry) - {"player", "kind", *VERBS})
    if len(verbs) != 1 or extra:
        raise IllegalActionError("an action needs exactly one verb: " + ", ".join(VERBS))
    verb = verbs[0]
    if "kind" in entry and verb != Verb.MELD:
        raise IllegalActionError("\"kind\" belongs only to a meld")
    value = entry[verb]
    if verb == Verb.PLAY:
        return seat, Action(Verb.PLAY, (_resolve(state, seat, value, [], for_meld=False),))
    if verb == Verb.MELD:
        if not isinstance(value, list) or not value:
            raise IllegalActionError("a meld lists its cards, e.g. [\"KS\", \"QS\"]")
        cards: list[int] = []
        for code in value:
            cards.append(_resolve(state, seat, code, cards, for_meld=True))
        kind = entry.get("kind")
        if kind is not None and (not isinstance(kind, str) or kind not in MELD_IDS):
            raise IllegalActionError("\"kind\" must be a meld id such as \"royal_marriage\"")
        return seat, Action(Verb.MELD, tuple(cards), None if kind is None else MeldId(kind))
    if verb == Verb.PASS_TO_PARTNER:
        if not isinstance(value, int) or isinstance(value, bool):
            raise IllegalActionError("pass_to_partner names the teammate's seat")
        return seat, Action(Verb.PASS_TO_PARTNER, seat=value)
    if value is not True:
        raise IllegalActionError(f"{verb} must be true")
    return seat, Action(verb)


def replay_record(doc: Any) -> RecordedGame:
    """Rebuild a game from a record through the checked path.

    Raises:
        RecordError: one line naming the deal, the action and the reason.
    """
    rules, players, first_dealer, seed, deals = _parse_header(doc)
    try:
        game = RecordedGame(rules, players, first_dealer, seed)
    except UnsupportedVariantError as exc:
        raise RecordError(str(exc)) from None
    state = game.state
    for d, deal in enumerate(deals, start=1):
        where = f"deal {d}"
        faces = _parse_deck(deal, where, rules)
        if state.phase == Phase.OVER:
            raise RecordError(f"{where}: the game was already over")
        if state.phase != Phase.AWAIT_DEAL:
            raise RecordError(f"{where}: deal {d - 1} has not finished; seat {state.to_act} still had to act")
        game.start_deal(faces)
        state = game.state  # the same state, its phase moved on by the deal (for the checker, which cannot know)
        for a, entry in enumerate(deal.get("actions", []), start=1):
            prefix = f"{where}, action {a} ({describe_action(entry)})"
            if state.phase == Phase.OVER:
                raise RecordError(f"{prefix}: the game was already over")
            if state.phase == Phase.AWAIT_DEAL:
                raise RecordError(f"{prefix}: the deal was already over")
            try:
                seat, action = parse_action(state, entry)
                game.act(action, seat=seat)
            except IllegalActionError as exc:
                raise RecordError(f"{prefix}: {exc}") from None
    return game
