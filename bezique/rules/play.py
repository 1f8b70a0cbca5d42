"""``play_game``: the one loop that plays a game to its end (or a cap) with a chooser per seat.

The arena, the rules benchmark and the fitting tools all need "deal when a deck is due (shuffled by a seeded
rng), else ask the seat to act for an action and apply it"; written once here, they differ only in their choosers
and hooks, and a seed always gives the same game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from bezique.rules.actions import Action, Event
from bezique.rules.dealing import shuffled_deck, start_deal
from bezique.rules.engine import apply
from bezique.rules.state import GameState, Phase

Chooser = Callable[[GameState, int], Action]
"""Picks the action of the seat to act: ``chooser(state, seat)``. It may read `state` but must not change it
(a computer player reads ``view_for(state, seat)``; the benchmark reads ``legal_actions(state)``)."""

DeckRng = random.Random | Callable[[int], random.Random]
"""Where decks come from: one rng shuffling every deal in turn, or a function giving deal k's own rng (k from 0),
so two games can be dealt the same decks (the arena's duplicate deals)."""


def play_game(state: GameState, choosers: Sequence[Chooser], decks: DeckRng, *, max_deals: int = 0,
              max_actions: int = 0, events: list[Event] | None = None,
              on_deal: Callable[[GameState], None] | None = None,
              on_action: Callable[[GameState, int, Action], None] | None = None) -> GameState:
    """Play `state` on until the game is over, and return it (changed in place).

    `choosers` holds one chooser per seat. `max_deals` stops (0: no limit) when that many deals have been played
    and the next deck is due; `max_actions` stops after that many actions; either way the game is left unfinished.
    `events` receives every event; `on_deal(state)` runs whenever a deck is due, before the cap is checked and the
    deck dealt (the end of the previous deal, if any); `on_action(state, seat, action)` runs after each action.
    """
    await_deal, over = Phase.AWAIT_DEAL, Phase.OVER  # locals: an enum member read costs a metaclass lookup
    dealt = actions = 0
    while True:
        phase = state.phase
        if phase == await_deal:
            if on_deal is not None:
                on_deal(state)
            if max_deals and dealt >= max_deals:
                break
            rng = decks if isinstance(decks, random.Random) else decks(dealt)
            start_deal(state, shuffled_deck(state.rules, rng), events)
            dealt += 1
            continue
        if phase == over or (max_actions and actions >= max_actions):
            break
        seat = state.to_act
        assert seat is not None  # a deal in progress always has a seat to act
        action = choosers[seat](state, seat)
        apply(state, action, events)
        actions += 1
        if on_action is not None:
            on_action(state, seat, action)
    return state
