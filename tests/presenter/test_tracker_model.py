"""The card tracker as data, on stacked decks with exact expectations: after these tricks exactly these brisques,
bezique cards and trump cards are played, seen or unseen; it reads the player's view only (re-dealing what the
player cannot see changes nothing), follows the variant's bezique pair and waits for trumps where they come late."""

from __future__ import annotations

import random

import pytest

from bezique.presenter.tracker import Tracked, tracked_rows
from bezique.rules import (
    Action,
    GameState,
    Phase,
    Verb,
    apply,
    card_code,
    determinize,
    face_of,
    full_deck_faces,
    legal_actions,
    make_ruleset,
    new_game,
    parse_code,
    shuffled_deck,
    start_deal,
    view_for,
)
from tests.dealing import dealt_game

HAND0 = ["AS", "TS", "AH", "9C", "8C", "7C", "KD", "8D"]  # the elder (seat 1 deals): leads the first trick
HAND1 = ["9S", "TH", "QS", "JD", "9H", "8H", "7D", "8S"]
TURN_UP = "KH"  # trumps: hearts
STOCK_TOP = ["9D", "7S", "9D", "7S"]  # the first four draws: nothing tracked


def face(code: str) -> int:
    return parse_code(code)[0]


def stacked(hand0: list[str], hand1: list[str], turn_up: str, stock_top: list[str]) -> GameState:
    """A two-handed deal dealt by seat 1 from a deck laid out card by card (packets of 3, 2, 3, elder first)."""
    rules = make_ruleset("two_handed", {})
    h0, h1 = [face(c) for c in hand0], [face(c) for c in hand1]
    top = [face(c) for c in stock_top]
    rest = full_deck_faces(rules.packs)
    for f in [*h0, *h1, face(turn_up), *top]:
        rest.remove(f)
    deck = h0[:3] + h1[:3] + h0[3:5] + h1[3:5] + h0[5:] + h1[5:] + [face(turn_up)] + top + sorted(rest)
    state = new_game(rules, 1)
    start_deal(state, deck)
    return state


def act(state: GameState, verb: Verb, *codes: str) -> None:
    """The legal action of `verb` on the faces `codes` (whichever copy the rules list)."""
    faces = sorted(face(c) for c in codes)
    action = next(a for a in legal_actions(state) if a.verb == verb and sorted(face_of(c) for c in a.cards) == faces)
    apply(state, action)


def counts(state: GameState, seat: int) -> dict[str, dict[str, tuple[int, int, int]]]:
    """Per row, per card: (played, seen, unseen) from `seat`'s view."""
    return {row.kind: {card_code(t.face)[:2]: (t.played, t.seen, t.unseen) for t in row.cards}
            for row in tracked_rows(view_for(state, seat))}


def two_tricks() -> GameState:
    """Trick 1: the elder's A♠ takes the 9♠. Trick 2: the elder's 10♠ is trumped by the 10♥, and the dealer
    declares the bezique (Q♠ J♦), which lies on the table."""
    state = stacked(HAND0, HAND1, TURN_UP, STOCK_TOP)
    act(state, Verb.PLAY, "AS")
    act(state, Verb.PLAY, "9S")
    apply(state, Action(Verb.DONE))
    act(state, Verb.PLAY, "TS")
    act(state, Verb.PLAY, "TH")
    act(state, Verb.MELD, "QS", "JD")
    apply(state, Action(Verb.DONE))
    return state


def test_after_two_tricks_exactly_these_cards_are_played_and_seen() -> None:
    state = two_tricks()
    assert state.trump == face("KH") >> 3 and state.phase == Phase.PLAY
    seen = counts(state, 0)
    assert seen["aces"] == {"AS": (1, 0, 1), "AH": (0, 1, 1), "AD": (0, 0, 2), "AC": (0, 0, 2)}
    assert seen["tens"] == {"TS": (1, 0, 1), "TH": (1, 0, 1), "TD": (0, 0, 2), "TC": (0, 0, 2)}
    assert seen["bezique"] == {"QS": (0, 1, 1), "JD": (0, 1, 1)}  # declared: face up on the dealer's table
    assert seen["sequence"] == {"AH": (0, 1, 1), "TH": (1, 0, 1), "KH": (0, 1, 1), "QH": (0, 0, 2),
                                "JH": (0, 0, 2)}  # the king is the turn-up
    # the dealer does not see the elder's hand: its A♥ is unseen there
    other = counts(state, 1)
    assert other["aces"]["AH"] == (0, 0, 2) and other["bezique"] == {"QS": (0, 1, 1), "JD": (0, 1, 1)}
    assert other["sequence"]["TH"] == (1, 0, 1) and other["sequence"]["KH"] == (0, 1, 1)


def test_a_card_led_from_the_table_is_played_at_once() -> None:
    state = two_tricks()
    assert state.to_act == 1  # the dealer won trick 2 and leads trick 3: the bezique's jack, off the table
    act(state, Verb.PLAY, "JD")
    assert counts(state, 0)["bezique"] == {"QS": (0, 1, 1), "JD": (1, 0, 1)}
    act(state, Verb.PLAY, "AH")
    assert counts(state, 0)["aces"]["AH"] == (1, 0, 1) and counts(state, 1)["aces"]["AH"] == (1, 0, 1)


def test_it_never_tells_a_hidden_card() -> None:
    """Re-dealing everything the player cannot see (the other hand, the stock) leaves the tracker as it was, at
    every decision of random deals."""
    for seed in range(4):
        rules = make_ruleset("two_handed", {})
        rng = random.Random(seed)
        state = dealt_game(rules, 0, rng)
        while state.phase not in (Phase.AWAIT_DEAL, Phase.OVER):
            for seat in (0, 1):
                view = view_for(state, seat)
                again = determinize(view, random.Random(seed * 7 + seat))
                assert tracked_rows(view_for(again, seat)) == tracked_rows(view)
            apply(state, rng.choice(legal_actions(state)))


def test_copies_always_add_up_to_the_packs() -> None:
    rules = make_ruleset("chinese", {})
    rng = random.Random(5)
    state = dealt_game(rules, 0, rng)
    for _ in range(120):
        if state.phase in (Phase.AWAIT_DEAL, Phase.OVER):
            break
        for row in tracked_rows(view_for(state, 0)):
            for t in row.cards:
                assert isinstance(t, Tracked) and t.total == 6 and min(t.played, t.seen, t.unseen) >= 0
        apply(state, rng.choice(legal_actions(state)))


@pytest.mark.parametrize(("variant", "pair_known_before_trumps"), [("rubicon", True), ("chinese", False)])
def test_late_trumps_leave_the_sequence_and_a_trump_bezique_to_come(variant: str,
                                                                    pair_known_before_trumps: bool) -> None:
    """Rubicon and Chinese turn up no trump: no sequence row yet, and Chinese's bezique follows trumps."""
    rules = make_ruleset(variant, {})
    state = new_game(rules, 0)
    start_deal(state, shuffled_deck(rules, random.Random(2)))
    rows = {row.kind: row for row in tracked_rows(view_for(state, 0))}
    assert state.trump is None and rows["sequence"].cards == ()
    assert bool(rows["bezique"].cards) == pair_known_before_trumps
    assert [t.total for t in rows["aces"].cards] == [4 if variant == "rubicon" else 6] * 4
