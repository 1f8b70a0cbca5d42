"""Reading the opponent's plays: how likely each unseen card is to be in its concealed hand.

A plain ``determinize`` deals the unseen cards uniformly, as if the opponent held a random handful. Players (and
our own rule levels) lead their cheapest card and take a trick only when it pays, so each play says something: a
player who leads a king rarely still holds a lone 7 of a plain suit, and one who lets a brisque go rarely holds a
cheap card that takes it. ``Belief`` reads the opponent's latest stock-phase plays in a two-player deal (the lead
on the table now, and its card in each trick since its oldest concealed card was drawn) and weighs every unseen
card: for each play, a card the intermediate rules would have played instead, by a margin of d points, is
exp(-d / TEMPERATURE) times less likely to have been in that hand.

A card may also have been drawn after the play, which then says nothing about it: with k cards drawn since into a
concealed hand of h, a card's factor for that play is mixed with 1 in proportion k / h, so old plays fade.
``Belief.deal`` then deals the opponent's concealed hand by those weights, the rest to the stock at random.

The temperature keeps the model soft: a human who plays for a reason the rules do not see only makes some hands
less likely, never impossible. Weighing cards one by one instead of whole hands lets the search draw every deal
from the same reading at no cost, however sharp the reading is. It reads the view and the random stream only, so
the search stays honest.
"""

from __future__ import annotations

import math
import random

from bezique.ai.knowledge import Knowledge
from bezique.ai.policy import follow_scores, lead_cost
from bezique.rules import SEVEN, GameState, Phase, PlayerView, determinize, draws_since, place_unseen, rewind, suit_of

TEMPERATURE = 2.0  # points by which another card would have been the better play that make it e times less likely
FLOOR = 1e-9  # the least weight of a card: nothing the opponent holds is ever ruled out


class Belief:
    """Weights of the unseen cards for the opponent's concealed hand, read once per decision from `view`."""

    __slots__ = ("hidden", "opp", "view", "weights")

    def __init__(self, view: PlayerView, rng: random.Random) -> None:
        self.view = view
        self.opp: int | None = None  # None: nothing to read, deals are uniform
        self.weights: dict[int, float] = {}
        self.hidden = 0
        rules = view.rules
        if rules.players != 2 or rules.open_hands or view.final_phase or not view.stock_count:
            return
        opp = 1 - view.seat
        hidden = view.hand_counts[opp] - len(view.known[opp])
        reads = _reads(view, opp, hidden) if hidden > 0 else []
        if not reads:
            return
        pool = view.unseen()
        weights = dict.fromkeys(pool, 1.0)
        dealt = pool[:]
        rng.shuffle(dealt)  # a uniform deal of the view: the opponent's hidden cards now are the first `hidden`
        for index, card, draws in reads:
            then = _rewind(view, opp, index, dealt[:hidden], rng)
            stale = min(1.0, draws / hidden)
            for c, factor in _evidence(then, opp, card, pool).items():
                weights[c] *= stale + (1.0 - stale) * factor
        self.opp, self.hidden = opp, hidden
        self.weights = {c: max(FLOOR, w) for c, w in weights.items()}

    def deal(self, rng: random.Random) -> GameState:
        """A full state consistent with the view, the opponent's concealed cards drawn by their weights."""
        opp = self.opp
        if opp is None:
            return determinize(self.view, rng)
        pool = self.view.unseen()
        rng.shuffle(pool)
        weights = self.weights
        # weighted sampling without replacement (Efraimidis-Spirakis): the largest log(u) / weight win
        keys = sorted(range(len(pool)), key=lambda i: math.log(1.0 - rng.random()) / weights[pool[i]],
                      reverse=True)
        chosen = set(keys[:self.hidden])
        return place_unseen(self.view, {opp: [pool[i] for i in sorted(chosen)]},
                            [c for i, c in enumerate(pool) if i not in chosen])


def _telling(card: int, trump: int | None) -> bool:
    """Whether playing `card` in the stock phase says what else its player holds: a seven of trumps scores when
    played, a reason of its own."""
    return not (card & 7 == SEVEN and suit_of(card) == trump)


def _reads(view: PlayerView, opp: int, hidden: int) -> list[tuple[int, int, int]]:
    """The opponent's plays worth reading, as (trick index in this deal, card, cards it has drawn since): its lead
    on the table now, then its card in each completed trick while fewer cards have been drawn since than it hides
    (an older play may concern none of the cards it holds now)."""
    reads = []
    log = view.tricks_log
    if view.phase == Phase.PLAY and len(view.trick) == 1 and view.trick[0][0] == opp and _telling(view.trick[0][1],
                                                                                           view.trump):
        reads.append((len(log), view.trick[0][1], 0))
    for index in range(len(log) - 1, -1, -1):
        draws = len(log) - index
        if draws >= hidden:
            break
        for seat, card in log[index][1]:
            if seat == opp and _telling(card, view.trump):
                reads.append((index, card, draws))
    return reads


def _rewind(view: PlayerView, opp: int, index: int, hidden: list[int], rng: random.Random) -> GameState:
    """A deal of the position as the opponent saw it when it played to trick `index` (``view.rewind``), from a
    uniform deal of the view where it hides `hidden` now: it held those less the cards it has drawn since (any, at
    random). Which of my cards I drew since does not matter to the reading: my last ones stand for them."""
    draws = draws_since(view, index)
    drawn = set(rng.sample(hidden, min(draws, len(hidden))))
    mine = view.hand + view.tables[view.seat]
    then = rewind(view, index, opp, mine[len(mine) - draws:])
    held = [c for c in hidden if c not in drawn]
    return place_unseen(then, {opp: held}, [c for c in then.unseen() if c not in held])


def _evidence(then: GameState, opp: int, card: int, pool: list[int]) -> dict[int, float]:
    """For each card of `pool`: how much less likely the opponent held it when it played `card` in `then`
    (exp(-margin / TEMPERATURE) when the intermediate rules would rather have played it, else 1)."""
    know = Knowledge(then, opp)
    faces = {c & 31: c for c in pool}  # copies of a face unseen alike are worth the same
    options = {*faces.values(), card}
    keep = {c: know.keep_value(c) for c in options}
    if then.trick:
        scores = {c: s for c, (s, _code) in follow_scores(then, know, sorted(options), keep).items()}
        chosen = scores[card]
        better = {c: scores[c] - chosen for c in options}
    else:
        costs = {c: lead_cost(c, keep[c]) for c in options}
        chosen = costs[card]
        better = {c: chosen - costs[c] for c in options}
    by_face = {c & 31: math.exp(-better[c] / TEMPERATURE) if better[c] > 0 else 1.0 for c in faces.values()}
    return {c: by_face[c & 31] for c in pool}
