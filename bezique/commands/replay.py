"""``python -m bezique replay FILE [--json] [--legal]``: replay a game record and summarise it (RECORD.md).

FILE is a game record, or a file that holds one in its envelope: the saved game (``savegame.json``,
``bezique.persist.saves``) or a kept game (``games/*.json``, ``bezique.persist.history``); the envelope's ``record``
is replayed, the rest of it is not read. Exit status 0 when the whole record replays; 2 with one line on standard
error for a malformed or illegal record (never a traceback).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from bezique.persist import history, saves
from bezique.rules import (
    MELD_NAMES,
    SUITS,
    DealSummary,
    GameEndMode,
    MeldRecord,
    Phase,
    RecordedGame,
    RecordError,
    action_to_json,
    card_code,
    legal_actions,
    replay_record,
)
from bezique.shown import shorten


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a game record (JSON, RECORD.md), a saved game or a kept game")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a summary")
    parser.add_argument("--legal", action="store_true", help="also print the legal actions and who must act")


def _trump(suit: int | None) -> str | None:
    return None if suit is None else SUITS[suit]


def _melds(records: tuple[MeldRecord, ...] | list[MeldRecord]) -> list[dict[str, Any]]:
    return [{"player": r.seat, "kind": r.kind, "cards": [card_code(c) for c in r.cards], "points": r.value}
            for r in records]


def _deal_json(deal: DealSummary, settlement_variant: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"dealer": deal.dealer, "trump": _trump(deal.trump), "melds": _melds(deal.melds)}
    if not settlement_variant:
        out["points"] = list(deal.points)
        return out
    settled = deal.settlement
    out["raw"] = list(deal.points)
    out["total"] = None if settled is None else list(settled.total)
    out["settled"] = None if settled is None else list(settled.settled)
    out["brisques_counted"] = None if settled is None else settled.brisques_counted
    return out


def summary(game: RecordedGame, with_legal: bool) -> dict[str, Any]:
    """The ``--json`` object of RECORD.md."""
    state = game.state
    deals: list[DealSummary] = list(state.past_deals)
    if state.phase != Phase.AWAIT_DEAL and state.deal_index >= len(deals):
        deals.append(DealSummary(state.dealer, state.trump, tuple(state.records), tuple(state.deal_points)))
    out: dict[str, Any] = {
        "finished": state.finished,
        "winner": state.winner if state.finished else None,
        "scores": list(state.scores),
        "deals": [_deal_json(d, game.rules.game_end_mode == GameEndMode.SETTLEMENT) for d in deals],
    }
    if with_legal:
        seat = state.to_act
        out["legal"] = [] if seat is None else [action_to_json(seat, a) for a in legal_actions(state)]
        out["to_act"] = seat
    return out


def _print_text(game: RecordedGame, data: dict[str, Any]) -> None:
    names = [p["name"] for p in game.players]
    sides = names if not game.rules.partnership else [" & ".join(names[0::2]), " & ".join(names[1::2])]
    print(f"{game.rules.variant}, target {game.rules.target_score}: " + ", ".join(names))
    for i, deal in enumerate(data["deals"], start=1):
        print(f"deal {i}: dealer {names[deal['dealer']]}, trumps {deal['trump'] or '-'}")
        for meld in deal["melds"]:
            name = MELD_NAMES.get(meld["kind"], meld["kind"])
            print(f"  {names[meld['player']]}: {name} {' '.join(meld['cards'])} +{meld['points']}")
        if "points" in deal:
            print("  points: " + ", ".join(f"{sides[s]} {p}" for s, p in enumerate(deal["points"])))
        else:
            print("  raw: " + ", ".join(f"{sides[s]} {p}" for s, p in enumerate(deal["raw"]))
                  + ("" if deal["settled"] is None else
                     "; settled: " + ", ".join(f"{sides[s]} +{p}" for s, p in enumerate(deal["settled"]))))
    print("scores: " + ", ".join(f"{sides[s]} {p}" for s, p in enumerate(data["scores"])))
    if data["finished"]:
        print("finished: " + ("a draw" if data["winner"] is None else f"{sides[data['winner']]} wins"))
    else:
        print("finished: no")
    if "legal" in data:
        print(f"to_act: {data['to_act']}")
        print("legal: " + json.dumps(data["legal"]))


MESSAGE_LIMIT = 300  # a record's bad value may be megabytes long: the one line stays readable


class _Refused(Exception):
    """The file is not a record that replays; the text is the line to print."""


ENVELOPES = {saves.FORMAT: "saved game", history.FORMAT: "kept game"}  # files that hold a record under "record"


def _record_of(doc: Any, file: str) -> Any:
    """The game record `doc` is, or holds in its envelope (a save or a kept game)."""
    if not isinstance(doc, dict) or doc.get("format") not in ENVELOPES:
        return doc
    if "record" not in doc:
        raise _Refused(f"{file}: this {ENVELOPES[doc['format']]} holds no game record")
    return doc["record"]


def _replay_file(file: str) -> RecordedGame:
    """The game `file` records. Raises _Refused for anything about the file (never a traceback)."""
    try:
        with open(file, encoding="utf-8") as handle:
            doc = json.load(handle)
    except OSError as exc:
        raise _Refused(f"cannot read {file}: {exc.strerror}") from None
    except RecursionError:
        raise _Refused(f"{file} is not usable JSON: nested too deeply") from None
    except (ValueError, UnicodeDecodeError) as exc:  # JSONDecodeError, or a number beyond 4,300 digits
        raise _Refused(f"{file} is not valid JSON: {exc}") from None
    try:
        return replay_record(_record_of(doc, file))
    except RecordError as exc:
        raise _Refused(str(exc)) from None
    except RecursionError:
        raise _Refused(f"{file}: the record is nested too deeply") from None


def run(args: argparse.Namespace) -> int:
    try:
        game = _replay_file(args.file)
    except _Refused as exc:
        print(f"replay: {shorten(str(exc), quote=False, limit=MESSAGE_LIMIT)}", file=sys.stderr)
        return 2
    data = summary(game, args.legal)
    if args.json:
        print(json.dumps(data))
    else:
        _print_text(game, data)
    assert game.state.phase != Phase.OVER or game.state.finished
    return 0
