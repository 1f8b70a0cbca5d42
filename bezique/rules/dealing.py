"""Starting games and deals: the draw for the first dealer (§1.2), shuffling, and the deal itself (§1.3, §5.2).

Randomness always comes from the caller's ``random.Random``; ``start_deal`` takes the shuffled deck itself, so a
game record (or a test's stacked deck) deals exactly the same cards.
"""

from __future__ import annotations

import random

from bezique.rules.actions import Event, EventKind, EventSink
from bezique.rules.cards import (
    COURT_RANKS,
    SEVEN,
    face_code,
    full_deck_faces,
    number_copies,
    rank_of,
    strength,
    suit_of,
)
from bezique.rules.choices import FirstDealerRule
from bezique.rules.errors import IllegalActionError, UnsupportedVariantError
from bezique.rules.ruleset import VARIANTS, Ruleset
from bezique.rules.score_ids import Bonus
from bezique.rules.scoring import score
from bezique.rules.state import GameState, Phase


def new_game(rules: Ruleset, first_dealer: int) -> GameState:
    """A game waiting for its first deck (see ``start_deal``).

    Every variant of ``ruleset.VARIANTS`` is playable; a ``Ruleset`` built by hand around another name is refused.
    """
    if rules.variant not in VARIANTS:
        raise UnsupportedVariantError(
            f"variant {rules.variant!r} is not playable; playable: {', '.join(VARIANTS)}")
    if not 0 <= first_dealer < rules.players:
        raise IllegalActionError(f"first dealer {first_dealer} is not a seat (0..{rules.players - 1})")
    return GameState(rules, first_dealer)


def choose_first_dealer(rules: Ruleset, rng: random.Random) -> tuple[int, list[list[tuple[int, int]]]]:
    """Draw for the first deal (RULES.md §1.2, §3): returns the dealer and every round of (seat, face) drawn,
    so the window can show the cut. Equal ranks among the deciding cards redraw, only the tied seats drawing."""
    if rules.first_dealer_rule == FirstDealerRule.RANDOM:
        return rng.randrange(rules.players), []
    rounds: list[list[tuple[int, int]]] = []
    seats = list(range(rules.players))
    pick = min if rules.first_dealer_rule == FirstDealerRule.LOW_CARD_DEALS else max
    while True:
        faces = rng.sample(full_deck_faces(rules.packs), len(seats))
        drawn = list(zip(seats, faces, strict=True))
        rounds.append(drawn)
        best = pick(strength(face) for _, face in drawn)
        seats = [seat for seat, face in drawn if strength(face) == best]
        if len(seats) == 1:
            return seats[0], rounds


def shuffled_deck(rules: Ruleset, rng: random.Random) -> list[int]:
    """A freshly shuffled deck of faces, top first (the record's ``deck``)."""
    faces = full_deck_faces(rules.packs)
    rng.shuffle(faces)
    return faces


def check_deck(rules: Ruleset, faces: list[int]) -> None:
    """Raise ``IllegalActionError`` unless `faces` holds every card of the packs exactly once per pack."""
    if len(faces) != 32 * rules.packs:
        raise IllegalActionError(f"the deck has {len(faces)} cards; {rules.variant} needs {32 * rules.packs}")
    counts = [0] * 32
    for face in faces:
        counts[face] += 1
    wrong = [f"{face_code(face)} {count} time{'s' if count != 1 else ''}"
             for face, count in enumerate(counts) if count != rules.packs]
    if wrong:
        raise IllegalActionError(f"the deck holds {' and '.join(wrong)}; it must hold every card {rules.packs} times")


def start_deal(state: GameState, faces: list[int], events: EventSink = None) -> None:
    """Deal `faces` (top first) as RULES.md §1.3 / RECORD.md say: packets from the dealer's left, turn-up, stock."""
    if state.phase != Phase.AWAIT_DEAL:
        raise IllegalActionError("a deal can only start when the previous one is over")
    rules = state.rules
    check_deck(rules, faces)
    n = rules.players
    cards = number_copies(faces)
    _reset_deal(state)
    order = [(state.dealer + 1 + i) % n for i in range(n)]
    pos = 0
    for packet in rules.deal_pattern:
        for seat in order:
            state.hands[seat].extend(cards[pos:pos + packet])
            pos += packet
    if events is not None:
        events.append(Event(EventKind.DEAL_STARTED, state.dealer))
        for seat in order:
            events.append(Event(EventKind.DEALT, seat, tuple(state.hands[seat])))
    turn = None
    if rules.turn_up_trump:
        turn = cards[pos]
        pos += 1
        state.trump = suit_of(turn)
    state.stock = cards[pos:][::-1]
    if turn is not None:
        state.stock.insert(0, turn)
        if events is not None:
            events.append(Event(EventKind.TURN_UP, None, (turn,)))
    state.leader = state.to_act = order[0]
    state.phase = Phase.PLAY
    if turn is not None and rank_of(turn) == SEVEN and rules.seven_turnup_dealer_bonus:
        state.spent.add(turn)
        score(state, state.dealer, rules.seven_turnup_dealer_bonus, Bonus.SEVEN_OF_TRUMPS, events, (turn,))
    if rules.carte_blanche_value:
        for seat in order:  # non-dealer first, dealer last (RULES.md §5.2)
            hand = state.hands[seat]
            if not any(rank_of(c) in COURT_RANKS for c in hand):
                state.exposed.update(hand)  # the hand is shown to prove it
                state.blanche[seat] = rules.carte_blanche_repeat
                score(state, seat, rules.carte_blanche_value, Bonus.CARTE_BLANCHE, events, tuple(hand))


def _reset_deal(state: GameState) -> None:
    n = state.rules.players
    state.deal_index += 1
    state.hands = [[] for _ in range(n)]
    state.tables = [[] for _ in range(n)]
    state.won = [[] for _ in range(n)]
    state.trick, state.trick_seats, state.best = [], [], 0
    state.played, state.tricks_log = [], []
    state.records, state.broken, state.hist = [], [], {}
    state.spent, state.exposed = set(), set()
    state.tricks_done = 0
    state.final_phase = False
    state.trump = None
    state.step_taken = None
    state.deal_points = [0] * state.rules.sides
    state.blanche = [False] * n


# --- legal actions ----------------------------------------------------------------------------------------------
