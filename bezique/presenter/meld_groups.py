"""How a seat's melded cards are grouped on the table, and what each group's caption names (RULES.md §1.12: the
melds a card has scored in are public).

Each card lies once, in the group of the biggest meld it belongs to (the one with the most of its cards still on the
table; the earlier when two tie), so a trump sequence declared after its royal marriage reads A 10 K Q J in one
group, not K Q then A 10 J. A meld whose cards all lie in other groups (the royal marriage inside that sequence)
is named in the caption of the group holding most of them. A card that also scored in a meld named under another
group (the queen of spades in four queens and in a bezique) carries that meld's mark, and that caption the same
mark, so the link reads without stacking labels over the card. Groups come in rank order: the highest-scoring
first, cards within a group in rank order (A 10 K Q J). Pure data: no pygame, tested without a display.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from bezique.rules import rank_of, suit_of

Record = tuple[int, str, tuple[int, ...], int]  # (seat, meld id, cards, points): the table model's records


class MeldGroup(NamedTuple):
    """One group of a seat's table: its cards left to right, and the records its caption names (indices into the
    model's records, the group's own first)."""

    cards: list[int]
    records: list[int]


def group_melds(records: Sequence[Record], seat: int, table: Sequence[int]) -> list[MeldGroup]:
    """`seat`'s table cards (`table`) grouped by meld, as the module's docstring says; a card no record names (none
    should be) makes a last group with no caption."""
    on_table = set(table)
    mine = [i for i, r in enumerate(records) if r[0] == seat and on_table.intersection(r[2])]
    size = {i: len(on_table.intersection(records[i][2])) for i in mine}
    owner: dict[int, int] = {}
    for card in table:
        holders = [i for i in mine if card in records[i][2]]
        if holders:
            owner[card] = max(holders, key=lambda i: (size[i], -i))
    groups: dict[int, MeldGroup] = {}
    for card in table:
        if card in owner:
            groups.setdefault(owner[card], MeldGroup([], [owner[card]])).cards.append(card)
    for i in mine:
        if i in groups:
            continue
        counts = {g: sum(1 for c in records[i][2] if owner.get(c) == g) for g in groups}
        home = max(counts, key=lambda g: (counts[g], -g))
        groups[home].records.append(i)
    ordered = sorted(groups.items(), key=lambda item: (-records[item[0]][3], item[0]))
    out = [MeldGroup(_rank_order(g.cards), g.records) for _i, g in ordered]
    rest = [c for c in table if c not in owner]
    if rest:
        out.append(MeldGroup(rest, []))
    return out


def _rank_order(cards: list[int]) -> list[int]:
    """A 10 K Q J 9 8 7, a suit at a time (a quartet's four suits in the hand's order: S H C D)."""
    suit_order = {0: 0, 1: 1, 3: 2, 2: 3}
    return sorted(cards, key=lambda c: (rank_of(c), suit_order[suit_of(c)], c))


def shared_marks(records: Sequence[Record], groups: Sequence[MeldGroup]) -> dict[int, list[int]]:
    """card -> the records it also scored in that are named under another group (oldest first): the marks it
    carries."""
    home = {i: n for n, g in enumerate(groups) for i in g.records}
    where = {c: n for n, g in enumerate(groups) for c in g.cards}
    marks: dict[int, list[int]] = {}
    for i in sorted(home):
        for card in records[i][2]:
            if card in where and where[card] != home[i]:
                marks.setdefault(card, []).append(i)
    return marks


def marked_records(marks: dict[int, list[int]]) -> set[int]:
    """The records whose caption carries a mark (some of their cards lie in another group)."""
    return {i for ids in marks.values() for i in ids}
