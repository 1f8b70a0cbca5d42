"""Where one sampled deal of every card costs most (Rubicon's nine cards, Chinese's twelve), a stock-phase play
searches only the rules' best few cards and the rules' own move (``expert.narrowed``): at the default budget the
search had bought 2-8 deals there, fewer than it needs to overrule anything. Two-handed play is never narrowed."""

from __future__ import annotations

import random

import pytest
from ai_positions import random_states

from bezique.ai.expert import NARROW, distinct, narrowed
from bezique.ai.knowledge import EXPERT_CRAFT
from bezique.ai.policy import ranked_stock_plays, stock_play
from bezique.ai.search import vetoes
from bezique.rules import Phase, legal_actions, make_ruleset


def stock_plays(variant: str, seed: int, count: int):
    """Seeded random stock-phase play states of `variant`, with the legal actions."""
    rules = make_ruleset(variant)
    for state in random_states(count, seed, rules, max_steps=rules.packs * 32 * 2):
        if state.phase == Phase.PLAY and not state.final_phase:
            yield state, legal_actions(state)


@pytest.mark.parametrize("variant", ["rubicon", "chinese"])
def test_large_hands_search_the_rules_best_cards_and_two_handed_all(variant):
    narrowed_some = 0
    for state, legal in stock_plays(variant, 5, 120):
        me = state.to_act
        allowed = vetoes(state, me, legal)
        prior = allowed[-1]  # the rules' own move is searched whatever its rank
        candidates = distinct(state, me, allowed, prior)
        kept = narrowed(state, me, candidates, prior)
        cards = [a.cards[0] for a in candidates]
        ranked = ranked_stock_plays(state, me, cards, EXPERT_CRAFT)
        assert sorted(ranked) == sorted(cards)
        if len(candidates) <= NARROW:
            assert kept == candidates
            continue
        assert {a.cards[0] for a in kept} == set(ranked[:NARROW]) | {prior.cards[0]}
        assert prior in kept and [a for a in candidates if a in kept] == kept  # in the candidates' order
        narrowed_some += 1
    assert narrowed_some > 20
    for state, legal in stock_plays("two_handed", 5, 60):
        candidates = distinct(state, state.to_act, vetoes(state, state.to_act, legal), legal[0])
        assert narrowed(state, state.to_act, candidates, legal[0]) == candidates


@pytest.mark.parametrize("variant", ["two_handed", "rubicon", "chinese"])
def test_the_ranking_puts_the_rules_follow_first(variant):
    """A follow has no random tie-break in the rules, so their card heads the ranking (leads are jittered)."""
    follows = 0
    for state, legal in stock_plays(variant, 9, 150):
        if not state.trick or len(legal) < 2:
            continue
        me = state.to_act
        cards = [a.cards[0] for a in legal]
        card, _code = stock_play(state.clone(), me, cards, random.Random(0), EXPERT_CRAFT)
        assert ranked_stock_plays(state.clone(), me, cards, EXPERT_CRAFT)[0] == card
        follows += 1
    assert follows > 10
