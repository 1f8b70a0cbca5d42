"""Hand-made positions and random game states for the AI tests (a helper module, not a test file)."""

from __future__ import annotations

import random

from bezique.rules import (
    GameState,
    Phase,
    apply,
    legal_actions,
    make_ruleset,
    parse_card,
    suit_of,
)
from tests.dealing import dealt_game

TWO = make_ruleset("two_handed", {"target_score": 1000})


def card(code: str) -> int:
    """A card from its code; without a copy index (``AS``), the first copy (``AS#0``)."""
    return parse_card(code if "#" in code else code + "#0")


def cards(text: str) -> list[int]:
    return [card(code) for code in text.split()]


def position(hand: str, *, turn_up: str, table: str = "", opp_hand: str = "", led: str = "",
             declare: bool = False, final: bool = False, stock: int | None = None, seed: int = 0,
             rules=TWO) -> GameState:
    """Seat 0 to act. `hand`/`table` are seat 0's cards; `led` a card seat 1 has led (then seat 0 follows);
    `declare` puts seat 0 in the declaration step of a trick it just won; `final` empties the stock (seat 1 then
    holds every other unplayed card, up to its hand size). The other cards are dealt at random."""
    rng = random.Random(seed)
    mine, mine_table = cards(hand), cards(table) if table else []
    opp = cards(opp_hand) if opp_hand else []
    led_cards = cards(led) if led else []
    turn = cards(turn_up)[0]
    fixed = set(mine) | set(mine_table) | set(opp) | set(led_cards) | {turn}
    assert len(fixed) == len(mine) + len(mine_table) + len(opp) + len(led_cards) + 1, "a card is named twice"
    rest = [c for c in range(64) if c not in fixed]
    rng.shuffle(rest)
    state = GameState(rules, 1)
    state.deal_index = 0
    state.trump = suit_of(turn)
    size = rules.hand_size
    played_count = 0
    if declare:
        state.phase = Phase.DECLARE
        won_trick = [rest.pop(), rest.pop()]
        state.tricks_log = [(0, ((1, won_trick[0]), (0, won_trick[1])))]
        state.won[0] = won_trick[:]
        state.played = won_trick[:]
        state.tricks_done = 1
        state.trick_winner = state.step_actor = 0
        played_count = 2
    else:
        state.phase = Phase.PLAY
    if final:
        state.final_phase = True
        state.stock = []
        n_mine = len(mine) + len(mine_table)
        opp_needed = n_mine - (1 if led_cards else 0)
        burned = 64 - n_mine - opp_needed - len(led_cards)
        played = [turn, *rest[:burned - 1]]
        rest = rest[burned - 1:]
        state.played = played
        state.tricks_log = [(0, ((1, played[i]), (0, played[i + 1]))) for i in range(0, len(played) - 1, 2)]
        state.won[0] = played[:]
        state.tricks_done = len(state.tricks_log)
        state.hands = [mine + mine_table, opp + rest[:opp_needed - len(opp)]]
        state.tables = [[], []]
    else:
        hand_count = size - (1 if (declare or led_cards) else 0)
        assert len(mine) + len(mine_table) == (size - 1 if declare else size)
        state.hands = [mine, opp + rest[:hand_count - len(opp)]]
        rest = rest[hand_count - len(opp):]
        state.tables = [mine_table, []]
        stock_size = 64 - 2 * size - played_count if stock is None else stock
        state.stock = [turn, *rest[:stock_size - 1]]
        rest = rest[stock_size - 1:]
        if rest:  # cards already gone: played in earlier tricks won by seat 1
            state.played = state.played + rest
            state.won[1] = rest[:]
            state.tricks_log = state.tricks_log + [(1, ((0, rest[i]), (1, rest[i + 1])))
                                                   for i in range(0, len(rest) - 1, 2)]
            state.tricks_done = len(state.tricks_log)
    if led_cards:
        state.trick = led_cards[:]
        state.trick_seats = [1]
        state.played = state.played + led_cards
        state.best = 0
        state.leader = 1
    else:
        state.leader = 0
    state.to_act = 0
    return state


def random_states(count: int, seed: int, rules=TWO, max_steps: int = 120) -> list[GameState]:
    """States met in random play, one per game, at a random moment with a decision to make."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = dealt_game(rules, rng.randrange(rules.players), rng)
        stop = rng.randrange(1, max_steps)
        for _ in range(stop):
            legal = legal_actions(state)
            if not legal:
                break
            apply(state, rng.choice(legal))
        if state.phase in (Phase.PLAY, Phase.DECLARE) and len(legal_actions(state)) > 1:
            out.append(state)
    return out
