"""A new game with its first deal dealt at random: where the tests of the rules, the computer, the presenter and
the wire start their random play (a helper module, not a test file)."""

from __future__ import annotations

import random

from bezique.rules import GameState, Ruleset, new_game, shuffled_deck, start_deal


def dealt_game(rules: Ruleset, dealer: int, rng: random.Random) -> GameState:
    """A new game of `rules`, `dealer` dealing, its first deal dealt from a deck shuffled by `rng`."""
    state = new_game(rules, dealer)
    start_deal(state, shuffled_deck(rules, rng))
    return state
