"""Reading the opponent's plays: the belief favours the cards the opponent really holds, weighs a cheaper card kept
back against its holder, fades with the cards drawn since, and its deals stay consistent with the view."""

from __future__ import annotations

import random
import statistics

from ai_positions import TWO, cards, position

from bezique.ai import make_player
from bezique.ai.inference import Belief, _reads
from bezique.rules import Phase, apply, determinize, make_ruleset, view_for
from tests.dealing import dealt_game


def _intermediate_deals(count: int):
    """States of intermediate-against-intermediate deals, with seat 0 to act in the stock phase."""
    players = [make_player("intermediate", 11), make_player("intermediate", 12)]
    for deal in range(count):
        state = dealt_game(TWO, deal % 2, random.Random(deal))
        while state.phase != Phase.AWAIT_DEAL and not state.finished:
            if state.to_act == 0 and state.stock and not state.final_phase:
                yield state
            view = view_for(state, state.to_act)
            apply(state, players[state.to_act].choose(view, view.legal))


def test_belief_deals_hold_more_of_the_opponents_real_cards_than_uniform_deals():
    rng = random.Random(5)
    believed, uniform = [], []
    for state in _intermediate_deals(6):
        view = view_for(state, 0)
        real = {c for c in state.hands[1] if c not in view.known[1]}
        belief = Belief(view, rng)
        for _ in range(5):
            believed.append(len(real & set(belief.deal(rng).hands[1])))
            uniform.append(len(real & set(determinize(view, rng).hands[1])))
    assert len(believed) > 500
    assert statistics.fmean(believed) > statistics.fmean(uniform) + 0.15


def test_a_leader_still_holding_a_cheaper_card_is_less_likely():
    # seat 1 has led the king of clubs: a lone 7 of hearts would have been the cheaper lead, a spare ace is dearer
    state = position("AS TS 9H 8C 9C 8D JH QD", turn_up="7S", led="KC", stock=20)
    belief = Belief(view_for(state, 0), random.Random(1))
    junk, good = cards("7H")[0], cards("AD#1")[0]
    assert 1 in belief.hidden
    assert belief.weights[1][junk] < 0.5 * belief.weights[1][good]


def test_old_plays_fade_and_stop_once_every_hidden_card_may_be_new():
    state = next(s for s in _intermediate_deals(1) if len(s.tricks_log) >= 10)
    view = view_for(state, 0)
    hidden = view.hand_counts[1] - len(view.known[1])
    reads = _reads(view, 1, hidden)
    assert reads and all(draws < hidden for _index, _card, draws in reads)
    assert [draws for _index, _card, draws in reads] == sorted(draws for _index, _card, draws in reads)


def test_nothing_is_read_where_nothing_is_hidden_or_the_stock_is_gone():
    final = position("AS TS 9H 8C 9C 8D JH QD", turn_up="7S", final=True)
    assert not Belief(view_for(final, 0), random.Random(1)).hidden
    open_rules = make_ruleset("two_handed", {"open_hands": True})
    shown = position("AS TS 9H 8C 9C 8D JH QD", turn_up="7S", led="KC", stock=20, rules=open_rules)
    assert not Belief(view_for(shown, 0), random.Random(1)).hidden


def test_belief_deals_keep_every_card_and_the_public_facts():
    rng = random.Random(2)
    for state in _intermediate_deals(2):
        view = view_for(state, 0)
        deal = Belief(view, rng).deal(rng)
        assert sorted(deal.hands[0]) == sorted(state.hands[0])
        assert set(view.known[1]) <= set(deal.hands[1])
        assert [len(h) for h in deal.hands] == [len(h) for h in state.hands]
        assert deal.stock[:1] == state.stock[:1]  # the turned-up trump card stays at the bottom
        assert len(deal.stock) == len(state.stock)
        everything = deal.stock + deal.played + [c for h in deal.hands for c in h] + [c for t in deal.tables for c in t]
        assert sorted(everything) == list(range(64))
