"""The rule-based levels (beginner, intermediate) and the helpers every level shares to decide from a view."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bezique.ai.base import Decision, Hint, Player, StopFlag
from bezique.ai.knowledge import INTERMEDIATE
from bezique.ai.policy import beginner_decision, intermediate_decision
from bezique.ai.solver import solvable, solve
from bezique.rules import Action, GameState, PlayerView, Verb, determinize


def match_legal(action: Action, legal: Sequence[Action]) -> Action:
    """`action` as it appears in `legal` (a play is matched by face, since copies are interchangeable)."""
    if action in legal:
        return action
    if action.verb == Verb.PLAY:
        face = action.cards[0] & 31
        for candidate in legal:
            if candidate.verb == Verb.PLAY and candidate.cards[0] & 31 == face:
                return candidate
    return legal[0]


class RulePlayer(Player):
    """A level that decides by rules on a state rebuilt from the view (reading only what the view shows)."""

    def decide(self, view: PlayerView, legal: Sequence[Action], stop: StopFlag | None = None) -> Decision:
        legal = list(legal)
        if len(legal) == 1:
            return Decision(legal[0], "only", {})
        rng = random.Random(self.rng.getrandbits(64))
        state = determinize(view, rng)
        decision = self._rule(state, view.seat, legal, rng)
        return decision._replace(action=match_legal(decision.action, legal))

    def _rule(self, state: GameState, me: int, legal: list[Action], rng: random.Random) -> Decision:
        raise NotImplementedError

    def choose(self, view: PlayerView, legal: Sequence[Action], stop: StopFlag | None = None) -> Action:
        return self.decide(view, legal, stop).action

    def hint(self, view: PlayerView, legal: Sequence[Action]) -> Hint:
        decision = self.decide(view, legal)
        return Hint(decision.action, decision.code, decision.args or {})


class BeginnerPlayer(RulePlayer):
    """Legal, plausible cards; greedy melds; takes an exposed brisque; no planning, the odd slip."""

    level = "beginner"

    def _rule(self, state: GameState, me: int, legal: list[Action], rng: random.Random) -> Decision:
        return beginner_decision(state, me, legal, rng)


class IntermediatePlayer(RulePlayer):
    """The craft of the game by rule: wins tricks to meld, keeps trumps, brisques and meld cards, counts cards,
    and counts the last tricks exactly once few cards are left."""

    level = "intermediate"
    solve_from = 5  # cards per hand at or below which the final tricks are counted exactly (fast there)
    craft = INTERMEDIATE  # the weights of its rules

    def _rule(self, state: GameState, me: int, legal: list[Action], rng: random.Random) -> Decision:
        if solvable(state) and len(state.hands[me]) <= self.solve_from:
            card, _values = solve(state, me)
            return Decision(Action(Verb.PLAY, (card,)), "final_win" if state.trick else "final_lead", {"card": card})
        return intermediate_decision(state, me, legal, rng, self.craft)
