"""Tricks: which card wins (RULES.md §1.4), what a hand may play in the final tricks (§1.9), and which copies of a
face play alike (RECORD.md "equivalent").

These are the only copies of those rules: the engine, the computer's rules, its search vetoes and its exact solver
all call them. They are pure functions on card ints (or faces: the low five bits are all they read), written with
bit operations because the solver calls them in its inner loop: ``(c & 31) >> 3`` is the suit and ``c & 7`` the
rank index, which orders strength the other way round (the ace is 0).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

from bezique.rules.state import GameState


def beats(card: int, best: int, trump: int | None) -> bool:
    """Whether `card`, played after `best`, takes over the trick: a trump on a plain card, or a higher card of the
    same suit (an identical card does not: the earlier one keeps the trick)."""
    suit = (card & 31) >> 3
    best_suit = (best & 31) >> 3
    if suit == best_suit:
        return (card & 7) < (best & 7)
    return suit == trump


def winning_index(cards: Sequence[int], trump: int | None) -> int:
    """Index in `cards` (a trick in play order, not empty) of the card that wins it so far."""
    best = 0
    for index in range(1, len(cards)):
        if beats(cards[index], cards[best], trump):
            best = index
    return best


def follow_options(hand: Sequence[int], led: int, best: int, trump: int | None, must_win: bool) -> list[int]:
    """The cards of `hand` that may follow `led` in the final tricks, `best` winning the trick so far (§1.9 step 3):
    follow suit (heading the trick when `must_win` and the led suit is winning), else trump (over a winning trump
    when `must_win`, or anything if no trump of the hand is higher), else anything. Keeps the order of `hand`."""
    led_suit = (led & 31) >> 3
    best_suit = (best & 31) >> 3
    best_rank = best & 7
    same = [c for c in hand if (c & 31) >> 3 == led_suit]
    if same:
        if must_win and best_suit == led_suit:
            higher = [c for c in same if (c & 7) < best_rank]
            if higher:
                return higher
        return same
    if trump is None:
        return list(hand)
    trumps = [c for c in hand if (c & 31) >> 3 == trump]
    if trumps:
        if must_win and best_suit == trump:
            return [c for c in trumps if (c & 7) < best_rank] or list(hand)
        return trumps
    return list(hand)


def copy_key(state: GameState, owner: int, card: int, on_table: bool) -> Hashable:
    """The equivalence class of `card`, held by `owner` in its concealed hand or on its table (RECORD.md): copies of
    a face on one table alike when they belong to the same meld records; in one concealed hand alike, except the card
    just taken by a seven exchange; once the stock is gone (the final tricks, tables taken back) by face alone."""
    if on_table and not state.final_phase:
        return (card & 31, owner, state.hist.get(card, ()))
    if card == state.step_taken:
        return (card & 31, owner)
    return card & 31


def lowest_copies(state: GameState, seat: int, cards: Iterable[int], shown: Iterable[int] | None = None) -> list[int]:
    """The lowest copy of each equivalence class (``copy_key``) among `cards` of `seat`'s hand and table, in the
    order the classes first appear (so that a caller's ties break as they always have). With `shown`, `cards` are
    all of the concealed hand and `shown` all on the table (the stock phase's plays: hand, then table), so no card
    is looked for on the table.

    Every simulated move of the computer's search asks for this, so a card of the concealed hand other than the
    one just taken by a seven exchange (by far the most usual) is keyed by its face at once, as ``copy_key`` would
    key it; only table cards and that one card go through ``copy_key``."""
    taken = state.step_taken
    lowest: dict[Hashable, int] = {}
    if shown is not None:
        for card in cards:
            key = card & 31 if card != taken else copy_key(state, seat, card, False)
            if card < lowest.get(key, 256):
                lowest[key] = card
        for card in shown:
            key = copy_key(state, seat, card, True)
            if card < lowest.get(key, 256):
                lowest[key] = card
        return list(lowest.values())
    table = state.tables[seat]
    if not table and taken is None:  # every card keyed by its face (the final tricks, a hand with no table)
        for card in cards:
            if card < lowest.get(card & 31, 256):
                lowest[card & 31] = card
        return list(lowest.values())
    for card in cards:
        on_table = bool(table) and card in table
        key = copy_key(state, seat, card, on_table) if on_table or card == taken else card & 31
        if card < lowest.get(key, 256):
            lowest[key] = card
    return list(lowest.values())
