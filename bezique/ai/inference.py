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
from bezique.ai.policy import follow_scores, lead_cost
from bezique.rules.cards import SEVEN, suit_of
from bezique.rules.state import PLAY, GameState
from bezique.rules.view import PlayerView, determinize

DRAWS = 6  # uniform deals drawn for each weighted one
LEAD_TEMPERATURE = 3.0  # points of lead cost that make a deal e times less likely


def plausible_deal(view: PlayerView, rng: random.Random, draws: int = DRAWS) -> GameState:
    """A full state consistent with `view`, its hidden cards weighted by how well they explain the opponent's
    latest plays."""
    lead = _lead_to_read(view)
    last = _last_trick_to_read(view)
    if not lead and last is None:
        return determinize(view, rng)
    deals = [determinize(view, rng) for _ in range(draws)]
    weights = []
    for deal in deals:
        weight = lead_likelihood(deal) if lead else 1.0
        if last is not None:
            weight *= last_play_likelihood(deal, last, rng)
        weights.append(weight)
    pick = rng.random() * sum(weights)
    for deal, weight in zip(deals, weights, strict=True):
        pick -= weight
        if pick <= 0.0:
            return deal
    return deals[-1]


def _telling(card: int, trump: int | None) -> bool:
    """Whether playing `card` in the stock phase says what else its player holds: a seven of trumps scores when
    played, a reason of its own."""
    return not (card & 7 == SEVEN and suit_of(card) == trump)


def _lead_to_read(view: PlayerView) -> bool:
    """Whether the view shows another seat's lead, made in the stock phase from cards this seat cannot see."""
    if len(view.trick) != 1 or view.final_phase or view.rules.open_hands or view.phase != PLAY:
        return False
    leader, card = view.trick[0]
    return leader != view.seat and _telling(card, view.trump)


def _last_trick_to_read(view: PlayerView) -> tuple[int, int] | None:
    """(opponent, card) of the last completed stock trick of a two-player deal, if the opponent lost it and the card
    tells something."""
    if view.rules.players != 2 or view.final_phase or view.rules.open_hands or not view.tricks_log:
        return None
    if view.phase != PLAY or view.stock_count == 0:
        return None
    winner, trick = view.tricks_log[-1]
    if winner != view.seat:
        return None  # the winner may have melded since, which the rewind cannot undo; a lost trick tells more
    for seat, card in trick:
        if seat != view.seat and _telling(card, view.trump):
            return seat, card
    return None


def lead_likelihood(deal: GameState) -> float:
    """How likely the leader of `deal`'s trick, holding the cards `deal` gives it, led that card (at most 1)."""
    then = deal.clone()
    leader = then.trick_seats[0]
    card = then.trick[0]
    then.trick, then.trick_seats, then.best = [], [], 0
    then.played.pop()
    _give_back(then, leader, card)
    then.to_act = then.leader = leader
    return _lead_weight(then, leader, card)


def last_play_likelihood(deal: GameState, last: tuple[int, int], rng: random.Random) -> float:
    """How likely the opponent played its card of the last completed trick, holding the cards `deal` gives it then:
    its cards now, less one of them (the card drawn after that trick, unknown, so any concealed card at random),
    plus the card it played."""
    seat, card = last
    then = deal.clone()
    if then.trick:  # the trick now being played came after: take it back
        for s, c in zip(then.trick_seats, then.trick, strict=True):
            _give_back(then, s, c)
            then.played.pop()
    hidden = [c for c in then.hands[seat] if c not in then.exposed]
    if not hidden:
        return 1.0
    drawn = hidden[int(rng.random() * len(hidden))]
    then.hands[seat].remove(drawn)
    then.stock.append(drawn)
    winner, trick = then.tricks_log.pop()
    then.tricks_done -= 1
    for _, c in trick:
        then.won[winner].remove(c)
        then.played.pop()
    _give_back(then, seat, card)
    then.trick, then.trick_seats, then.best = [], [], 0
    for s, c in trick:
        if s == seat:
            break
        then.trick.append(c)
        then.trick_seats.append(s)
        then.played.append(c)
    then.to_act = seat
    then.leader = trick[0][0]
    if not then.trick:
        return _lead_weight(then, seat, card)
    know = Knowledge(then, seat)
    cards = then.hands[seat] + then.tables[seat]
    scores = follow_scores(then, know, cards, {c: know.keep_value(c) for c in cards})
    best = max(score for score, _ in scores.values())
    return math.exp(-(best - scores[card][0]) / LEAD_TEMPERATURE)


def _give_back(then: GameState, seat: int, card: int) -> None:
    """Return a played `card` to where `seat` played it from: the table if it had been melded, else the hand."""
    if card in then.hist:
        then.tables[seat].append(card)
    else:
        then.hands[seat].append(card)


def _lead_weight(then: GameState, leader: int, card: int) -> float:
    """exp(-(lead cost of `card` - the cheapest lead cost) / T) for `leader` to lead in `then`."""
    know = Knowledge(then, leader)
    cheapest = min(lead_cost(c, know.keep_value(c)) for c in then.hands[leader] + then.tables[leader])
    return math.exp(-(lead_cost(card, know.keep_value(card)) - cheapest) / LEAD_TEMPERATURE)
