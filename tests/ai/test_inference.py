"""Reading the opponent's plays: weighted deals stay consistent with the view, and the opponent's real cards explain
its plays better than a random handful does."""

from __future__ import annotations

import random
import statistics

from ai_positions import TWO, cards, position

from bezique.ai import make_player
from bezique.ai.inference import (
    _last_trick_to_read,
    _lead_to_read,
    last_play_likelihood,
    lead_likelihood,
    plausible_deal,
)
from bezique.rules.engine import apply, new_game, shuffled_deck, start_deal
from bezique.rules.state import AWAIT_DEAL
from bezique.rules.view import determinize, view_for


def _intermediate_deals(count: int):
    """States of intermediate-against-intermediate deals, with seat 0 to act, one per step of each deal."""
    players = [make_player("intermediate", 11), make_player("intermediate", 12)]
    for deal in range(count):
        state = new_game(TWO, 0)
        start_deal(state, shuffled_deck(TWO, random.Random(deal)))
        while state.phase != AWAIT_DEAL and not state.finished:
            if state.to_act == 0:
                yield state
            view = view_for(state, state.to_act)
            apply(state, players[state.to_act].choose(view, view.legal))


def test_the_real_hand_explains_a_lead_better_than_random_hands():
    true_weights, random_weights = [], []
    rng = random.Random(5)
    for state in _intermediate_deals(6):
        view = view_for(state, 0)
        if _lead_to_read(view):
            true_weights.append(lead_likelihood(state))
            random_weights.extend(lead_likelihood(determinize(view, rng)) for _ in range(5))
    assert len(true_weights) > 20
    assert statistics.fmean(true_weights) > 0.9  # the intermediate rules lead as the model expects
    assert statistics.fmean(random_weights) < statistics.fmean(true_weights) - 0.2


def test_the_real_hand_explains_the_last_lost_trick_better_than_random_hands():
    true_weights, random_weights = [], []
    rng = random.Random(6)
    for state in _intermediate_deals(6):
        view = view_for(state, 0)
        last = _last_trick_to_read(view)
        if last is not None:
            true_weights.append(last_play_likelihood(state, last, rng))
            random_weights.extend(last_play_likelihood(determinize(view, rng), last, rng) for _ in range(5))
    assert len(true_weights) > 20
    assert statistics.fmean(true_weights) > 0.8  # less than 1: the card drawn since is guessed
    assert statistics.fmean(random_weights) < statistics.fmean(true_weights) - 0.15


def test_a_leader_still_holding_a_cheaper_card_is_less_likely():
    state = position("AS TS 9H 8C 9C 8D JH QD", turn_up="7S", led="KC", stock=20)
    deal = determinize(view_for(state, 0), random.Random(1))
    junk, good = cards("7H")[0], cards("AD#1")[0]
    assert junk not in deal.played and good not in deal.played  # both unseen: in the leader's hand or the stock
    for holder in (deal.hands[1], deal.stock):
        for card in (junk, good):
            if card in holder:
                holder.remove(card)
    with_junk, with_good = deal.clone(), deal.clone()
    with_junk.hands[1][0], with_good.hands[1][0] = junk, good
    with_junk.stock.append(deal.hands[1][0])
    with_good.stock.append(deal.hands[1][0])
    with_junk.stock.append(good)
    with_good.stock.append(junk)
    assert lead_likelihood(with_junk) < 0.7 * lead_likelihood(with_good)


def test_weighted_deals_prefer_hands_that_explain_the_lead():
    state = position("AS TS 9H 8C 9C 8D JH QD", turn_up="7S", led="KC", stock=20)
    view = view_for(state, 0)
    rng = random.Random(1)
    uniform = statistics.fmean(lead_likelihood(determinize(view, rng)) for _ in range(300))
    weighted = statistics.fmean(lead_likelihood(plausible_deal(view, rng)) for _ in range(300))
    assert weighted > uniform + 0.1


def test_weighted_deals_keep_every_card_and_the_public_facts():
    rng = random.Random(2)
    for state in _intermediate_deals(2):
        view = view_for(state, 0)
        deal = plausible_deal(view, rng)
        assert sorted(deal.hands[0]) == sorted(state.hands[0])
        assert [len(h) for h in deal.hands] == [len(h) for h in state.hands]
        assert len(deal.stock) == len(state.stock)
        everything = deal.stock + deal.played + [c for h in deal.hands for c in h] + [c for t in deal.tables for c in t]
        assert sorted(everything) == list(range(64))
