"""Kinds are enums, never bare text (STYLE.md: "enums rather than strings for kinds"), checked from the source.

An event's kind, a seat's kind, a meld's or a score's id, how a game is played, a tracker row, a coach's target, a
line of How to play, a ruleset's choice, a seat's link: each is a member of an enum defined once (``EventKind``,
``SeatKind``, ``MeldId``, ``Bonus``, ``GameMode``, ``GameEndMode`` and the other ``CHOICE_KINDS``, ``Link``, …), so a
misspelt kind fails mypy instead of never matching. This scan holds every module of ``bezique/`` to it: nothing
named ``kind``, ``label``, ``mode`` or ``link``, no rule key of ``CHOICE_KINDS`` and no name ending as those choices
do (``_mode``, ``_rule``, ``_timing``, …), whether an attribute or a variable, is compared to a text literal, with
``==``, ``!=``, ``in`` or ``not in`` (a tuple, list or set of texts too). The enums' values stay the texts the files
and the wire carry, so old saves and records read as before; the scan is tried on a planted module first, so that it
cannot pass by finding nothing.
"""

from __future__ import annotations

import ast
from pathlib import Path

from bezique.rules import CHOICE_KINDS

ROOT = Path(__file__).resolve().parent.parent
KIND_NAMES = ("kind", "label", "mode", "link", *CHOICE_KINDS)
KIND_ENDINGS = ("_mode", "_rule", "_timing", "_scheme", "_scoring", "_reuse", "_trick")  # how the choices are named


def _names_a_kind(node: ast.expr) -> bool:
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
    return name in KIND_NAMES or name.endswith(KIND_ENDINGS)


def test_every_ruleset_choice_is_caught_by_its_name() -> None:
    assert all(key.endswith(KIND_ENDINGS) for key in CHOICE_KINDS)


def _is_text(node: ast.expr) -> bool:
    """A text literal, or a tuple, list or set holding one."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_is_text(element) for element in node.elts)
    return False


def kinds_compared_to_text(root: Path) -> list[str]:
    """Every comparison under `root`/bezique of a kind with a text literal, as ``path:line: source``."""
    found = []
    for path in sorted((root / "bezique").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text, filename=str(path))):
            if not isinstance(node, ast.Compare):
                continue
            operands = [node.left, *node.comparators]
            if any(_names_a_kind(o) for o in operands) and any(_is_text(o) for o in operands):
                found.append(f"{path.relative_to(root)}:{node.lineno}: {ast.get_source_segment(text, node)}")
    return found


def test_the_scan_catches_kinds_compared_to_text(tmp_path: Path) -> None:
    module = tmp_path / "bezique" / "planted.py"
    module.parent.mkdir()
    module.write_text(
        "def f(event, seat, kind, item, card):\n"
        "    if event.kind == 'card_played':\n"  # an attribute, ==
        "        return 1\n"
        "    if 'ai' != seat.kind:\n"  # the text first, !=
        "        return 2\n"
        "    if kind in ('title', 'text'):\n"  # a variable, in a tuple
        "        return 3\n"
        "    if item.label not in {'brisques'}:\n"  # a label, not in a set
        "        return 4\n"
        "    if event.kind == Kind.CARD_PLAYED or card == 'AS' or kind is None:\n"  # fine: a member, another name
        "        return 5\n"
        "    if rules.game_end_mode == GameEndMode.SETTLEMENT or rules.variant == 'open':\n"  # fine: member, no kind
        "        return 6\n"
        "    if rules.brisque_timing != 'none' or 'final' == item.last_trick_bonus_trick:\n"  # ruleset choices
        "        return 7\n"
        "    if state.rules.bezique_pair_scheme in ('fixed_qs_jd',) or tie_rule == 'draw':\n"  # by key, by ending
        "        return 8\n"
        "    if seat.link in ('open', 'dropped'):\n"  # a seat's link
        "        return 9\n"
        "    return seat.mode != 'demo'\n", encoding="utf-8")  # a mode
    assert sorted((line.split(": ", 1)[0] for line in kinds_compared_to_text(tmp_path)),
                  key=lambda place: int(place.rsplit(":", 1)[1])) == [
        "bezique/planted.py:2", "bezique/planted.py:4", "bezique/planted.py:6", "bezique/planted.py:8",
        "bezique/planted.py:14", "bezique/planted.py:14", "bezique/planted.py:16", "bezique/planted.py:16",
        "bezique/planted.py:18", "bezique/planted.py:20"]  # in line order (the scan walks the tree breadth first)


def test_no_kind_is_compared_to_text() -> None:
    found = kinds_compared_to_text(ROOT)
    assert found == [], "kinds compared to text (compare the enum's members):\n" + "\n".join(found)
