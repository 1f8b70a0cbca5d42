"""States along seeded random games, for tests that check a property at many points (a helper, not a test file)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from bezique.rules import GameState, Phase, apply, legal_actions, make_ruleset, shuffled_deck, start_deal
from tests.dealing import dealt_game


def points(variant: str, seed: int, limit: int = 1500, every: int = 1) -> Iterator[GameState]:
    """Every `every`-th state of one seeded game of `variant` played by random legal actions (several deals), each
    before an action and live: the caller must not change it."""
    rules = make_ruleset(variant)
    rng = random.Random(seed)
    state = dealt_game(rules, seed % rules.players, rng)
    for step in range(limit):
        if state.phase == Phase.AWAIT_DEAL:
            start_deal(state, shuffled_deck(rules, rng))
        if state.phase not in (Phase.PLAY, Phase.DECLARE):
            return
        if step % every == 0:
            yield state
        apply(state, rng.choice(legal_actions(state)))
