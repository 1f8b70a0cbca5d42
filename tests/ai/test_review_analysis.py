"""The review's analysis: a decision is weighed from the seat's view only (what it could not see changes nothing),
the last tricks are counted exactly, a blunder is marked with the better choice, and a stop request is obeyed."""

from __future__ import annotations

import random
import threading

from bezique.ai import make_player
from bezique.ai.review import WORTH_SAYING, assess, assess_deal
from bezique.ai.solver import solvable, solve
from bezique.rules import (
    Action,
    GameState,
    Phase,
    RecordedGame,
    Verb,
    legal_actions,
    make_ruleset,
    shuffled_deck,
    view_for,
)


def deal_states(seed: int) -> list[tuple[GameState, Action]]:
    """The states before each decision of one two-handed deal played by the intermediate level, and the actions."""
    rules = make_ruleset("two_handed")
    rng = random.Random(seed)
    players = [make_player("intermediate", seed + seat) for seat in range(2)]
    game = RecordedGame.new(rules, [{"name": "A", "type": "human"}, {"name": "B", "type": "ai"}], 0, seed)
    game.start_deal(shuffled_deck(rules, rng))
    out = []
    while game.state.phase not in (Phase.AWAIT_DEAL, Phase.OVER):
        seat = game.state.to_act
        action = players[seat].choose(view_for(game.state, seat), legal_actions(game.state))
        out.append((game.state.clone(), action))
        game.act(action)
    return out


def test_what_the_seat_could_not_see_changes_nothing() -> None:
    states = deal_states(11)
    state, action = next((s, a) for s, a in states[6:] if s.to_act == 0 and s.stock and len(legal_actions(s)) > 2)
    other = state.clone()
    # the opponent's concealed hand and the stock below the turn-up swap two cards: seat 0 sees the same
    hand, stock = other.hands[1], other.stock
    i = next(i for i, c in enumerate(hand) if c not in other.exposed)
    hand[i], stock[-1] = stock[-1], hand[i]
    assert view_for(other, 0) == view_for(state, 0)
    assert assess(state, action, 3, samples=6) == assess(other, action, 3, samples=6)


def test_the_last_tricks_are_counted_exactly_and_a_losing_card_is_marked() -> None:
    states = deal_states(12)
    state = next(s for s, _a in states if solvable(s) and s.to_act == 0 and len({c & 31 for c in s.hands[0]}) > 3)
    best_card, values = solve(state, 0)
    worst_face = min(values, key=values.__getitem__)
    worst = next(a for a in legal_actions(state) if a.cards[0] & 31 == worst_face)
    found = assess(state, worst)
    assert found is not None and found.exact and found.samples == 0
    assert found.cost == values[best_card & 31] - values[worst_face]
    if found.cost >= WORTH_SAYING:
        assert found.marked and found.best.cards[0] & 31 != worst_face
    best = assess(state, Action(Verb.PLAY, (best_card,)))
    assert best is not None and best.cost == 0 and not best.marked


def test_a_deal_is_weighed_decision_by_decision_and_stops_when_asked() -> None:
    states = deal_states(13)
    seen: list[tuple[int, int]] = []
    found = assess_deal(states, 0, samples=2, progress=lambda done, total: seen.append((done, total)))
    mine = [i for i, (s, _a) in enumerate(states) if s.to_act == 0]
    assert seen[-1] == (len(mine), len(mine)) and len(seen) == len(mine)
    assert found and {f.at for f in found} <= set(mine)
    assert all(f.cost >= 0 for f in found)
    stop = threading.Event()
    stop.set()
    assert assess_deal(states, 0, samples=2, stop=stop) == []
