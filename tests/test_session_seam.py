"""The session seam, checked from the source: the table (``bezique/ui/table``) asks its game only what
``TableSession`` declares (what it reads, the ``Mover``, and ``capabilities``), and of the capabilities only the
ones ``Capabilities`` names; a game offers a capability or leaves it None, never a stub that only says no; and a
move is named by its role along the way (``try_move``, ``make_move``, ``send_move``: ``act`` is the rules' record's
alone). Read with ``ast``, never by importing the table, and tried on a planted violation first."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

from bezique.net.protocol import Link, SeatState, Update
from bezique.net.seat_session import SeatSession
from bezique.presenter.session import GameSession, new_seats
from bezique.presenter.table_session import (
    Assist,
    Capabilities,
    Computers,
    Cut,
    Mover,
    NewsFeed,
    Review,
    TableSession,
    Undo,
)
from bezique.rules import SeatKind, make_ruleset, view_for

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "bezique" / "ui" / "table"
CAPABILITIES = {f.name for f in dataclasses.fields(Capabilities)}


def members(*protocols: type) -> set[str]:
    """The public names `protocols` declare (methods, properties and annotated attributes)."""
    return {name for p in protocols for name in (*vars(p), *getattr(p, "__annotations__", {}))
            if not name.startswith("_")}


SEAM = members(TableSession, Mover)


def _is_session(node: ast.expr) -> bool:
    """`session`, or anything's `.session` (``self.session``, ``view.session``, ``turns.session``...)."""
    return (isinstance(node, ast.Name) and node.id == "session") or \
        (isinstance(node, ast.Attribute) and node.attr == "session")


def outside_the_seam(source: str) -> list[str]:
    """The session's members and capabilities that `source` uses beyond the seam."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute):
            continue
        if _is_session(node.value) and node.attr not in SEAM:
            found.append(node.attr)
        elif isinstance(node.value, ast.Attribute) and node.value.attr == "capabilities" \
                and _is_session(node.value.value) and node.attr not in CAPABILITIES:
            found.append(f"capabilities.{node.attr}")
    return found


def test_the_checker_catches_a_table_that_reaches_past_the_seam() -> None:
    planted = ("def f(self, view):\n    view.session.game.to_dict()\n    session = self.session\n"
               "    session.undo()\n    self.session.capabilities.chat\n    self.session.screen(0)\n")
    assert sorted(outside_the_seam(planted)) == ["capabilities.chat", "game", "undo"]


def test_the_table_asks_its_game_only_what_the_seam_declares() -> None:
    wrong = {path.name: found for path in sorted(TABLE.glob("*.py"))
             if (found := outside_the_seam(path.read_text(encoding="utf-8")))}
    assert wrong == {}, f"the table reaches past TableSession: {wrong}"


def test_the_seam_is_small() -> None:
    assert len(SEAM) <= 21, sorted(SEAM)  # it had 34 members, a third of them stubs in the network's session
    assert {"legal", "why_illegal", "preview", "make_move", "play_meant", "start_deal"} <= members(Mover)


class _Link:
    def send_move(self, action: object) -> None: ...
    def ready(self) -> None: ...


def _sessions() -> tuple[GameSession, SeatSession]:
    """A game at one screen and a seat of the same game as a host would send it."""
    game = GameSession(make_ruleset("two_handed"), new_seats(2, "computer", "en", 4), seed=4)
    view = view_for(game.state, 0)
    seats = (SeatState("Ann", SeatKind.HUMAN, Link.CONNECTED), SeatState("Bob", SeatKind.AI, Link.HERE, "beginner"))
    return game, SeatSession(_Link(), Update(0, view, (), view.legal, seats, (0,)))


def test_a_game_offers_a_capability_or_none_and_holds_no_stub_of_one_it_lacks() -> None:
    offered = {"undo": Undo, "news": NewsFeed, "computers": Computers, "review": Review, "assist": Assist,
               "cut": Cut}
    assert set(offered) == CAPABILITIES
    game, seat = _sessions()
    for session, has in ((game, {"undo", "computers", "review", "assist", "cut"}), (seat, {"news"})):
        capabilities = session.capabilities
        for name, protocol in offered.items():
            defined = {m for m in members(protocol) if hasattr(session, m)}
            if name in has:
                assert getattr(capabilities, name) is session and defined == members(protocol), name
            else:  # neither offered nor stubbed: no method or attribute of it that would only say no
                assert getattr(capabilities, name) is None and not defined, (type(session).__name__, name, defined)


def test_act_is_the_rules_record_s_alone() -> None:
    """A reader looking for a move's path finds one name per role, not nine methods called ``act``."""
    acts = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "bezique").rglob("*.py")
                  for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                  if isinstance(node, ast.FunctionDef) and node.name == "act")
    assert acts == ["bezique/rules/record.py"]
