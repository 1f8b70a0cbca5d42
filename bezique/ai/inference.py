"""Reading the opponent's lead: hidden-card deals weighted by how well they explain the card just led.

A plain ``determinize`` deals the unseen cards uniformly, as if the opponent held a random handful. Real players
(and our own rule levels) lead their cheapest card, so a lead says something: a player who leads a king or a trump
rarely still holds a lone 7 or 8 of a plain suit. When the seat to decide is following a lead, ``plausible_deal``
draws a few uniform deals, rewinds each to the moment of the lead (the led card back in the leader's cards) and keeps
one at random with weight ``exp(-(cost of the led card - cost of the cheapest lead) / LEAD_TEMPERATURE)``, costs by
the intermediate rules' lead valuation. The temperature keeps the model soft: a human who leads for a reason the
rules do not see only makes some deals less likely, never impossible.

It reads the view and the random stream only, so the search stays honest.
"""

from __future__ import annotations

import math
import random

from bezique.ai.knowledge import Knowledge
from bezique.ai.policy import lead_cost
from bezique.rules.cards import SEVEN, suit_of
from bezique.rules.state import PLAY, GameState
from bezique.rules.view import PlayerView, determinize

DRAWS = 6  # uniform deals drawn for each weighted one
LEAD_TEMPERATURE = 3.0  # points of lead cost that make a deal e times less likely


def plausible_deal(view: PlayerView, rng: random.Random, draws: int = DRAWS) -> GameState:
    """A full state consistent with `view`, its hidden cards weighted by how well they explain the card led."""
    if not _lead_to_read(view):
        return determinize(view, rng)
    deals = [determinize(view, rng) for _ in range(draws)]
    weights = [lead_likelihood(deal) for deal in deals]
    pick = rng.random() * sum(weights)
    for deal, weight in zip(deals, weights, strict=True):
        pick -= weight
        if pick <= 0.0:
            return deal
    return deals[-1]


def _lead_to_read(view: PlayerView) -> bool:
    """Whether the view shows another seat's lead, made in the stock phase from cards this seat cannot see."""
    if len(view.trick) != 1 or view.final_phase or view.rules.open_hands or view.phase != PLAY:
        return False
    leader, card = view.trick[0]
    if leader == view.seat:
        return False
    # a seven of trumps led scores at once: a reason of its own, not a sign of what else is held
    return not (card & 7 == SEVEN and suit_of(card) == view.trump)


def lead_likelihood(deal: GameState) -> float:
    """How likely the leader of `deal`'s trick, holding the cards `deal` gives it, led that card (at most 1)."""
    then = deal.clone()
    leader = then.trick_seats[0]
    card = then.trick[0]
    then.trick, then.trick_seats, then.best = [], [], 0
    then.played.pop()
    if card in then.hist:
        then.tables[leader].append(card)  # it was led from the melded cards on the table
    else:
        then.hands[leader].append(card)
    then.to_act = then.leader = leader
    know = Knowledge(then, leader)
    cheapest = min(lead_cost(c, know.keep_value(c)) for c in then.hands[leader] + then.tables[leader])
    return math.exp(-(lead_cost(card, know.keep_value(card)) - cheapest) / LEAD_TEMPERATURE)
