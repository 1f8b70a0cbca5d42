"""The rule policy's fast paths choose what the plain statement of each rule chooses, at many points of seeded
random games: the final-tricks rule (sure winners from each suit's best card), the follow rule (the best meld
reused for cards of no meld). With three or more players the final tricks follow another rule (partners, and the
opponents still to play: ``test_partners``), and a follower who is not the last to play weighs the chance that a
later opponent takes the trick, so the plain statements here are those of two players, and of the last seat."""

from __future__ import annotations

import pytest
from ai_positions import random_states

from bezique.ai.final_tricks import final_phase_decision
from bezique.ai.knowledge import Knowledge, is_brisque
from bezique.ai.policy import follow_scores
from bezique.rules import Phase, beats, legal_plays, make_ruleset, strength, suit_of

VARIANTS = ["two_handed", "three_handed", "four_handed", "rubicon", "chinese"]
TWO_PLAYER_VARIANTS = ["two_handed", "rubicon", "chinese"]


def points(variant: str, seed: int, count: int):
    """Seeded random states of `variant` with a choice to make, anywhere in the deal."""
    rules = make_ruleset(variant)
    return random_states(count, seed, rules, max_steps=rules.packs * 32 * 2)


def plain_final_phase_card(state, me: int, cards: list[int]) -> int:
    """RULES.md's craft of the final tricks, as first written: cash a sure winner, else lead low; win cheaply,
    else throw low."""
    trump = state.trump
    others = [c for s, h in enumerate(state.hands) if s != me for c in h]
    if not state.trick:
        def sure(c: int) -> bool:
            same = [o for o in others if suit_of(o) == suit_of(c)]
            if same:
                return all(strength(o) <= strength(c) for o in same)
            return suit_of(c) == trump or not any(suit_of(o) == trump for o in others)
        winners = [c for c in cards if sure(c)]
        if winners:
            return max(winners, key=lambda c: (is_brisque(c), suit_of(c) != trump, strength(c)))
        return min(cards, key=lambda c: (is_brisque(c), suit_of(c) == trump, strength(c)))
    winning = state.trick[state.best]
    winners = [c for c in cards if beats(c, winning, trump)]
    if winners:
        return min(winners, key=lambda c: (suit_of(c) == trump, strength(c)))
    return min(cards, key=lambda c: (is_brisque(c), strength(c)))


@pytest.mark.parametrize("variant", TWO_PLAYER_VARIANTS)
def test_the_final_tricks_rule_is_the_plain_rule(variant):
    checked = 0
    for seed in (1, 2):
        for state in points(variant, seed, 150):
            if state.phase != Phase.PLAY or not state.final_phase:
                continue
            cards = legal_plays(state)
            me = state.to_act
            assert final_phase_decision(state, me, cards).action.cards[0] == plain_final_phase_card(state, me, cards)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("variant", VARIANTS)
def test_following_counts_the_best_meld_left_by_every_card(variant):
    checked = 0
    for state in points(variant, 4, 150):
        if state.phase != Phase.PLAY or state.final_phase or len(state.trick) != state.rules.players - 1:
            continue  # the last seat to play: nobody after it may take the trick
        me = state.to_act
        cards = legal_plays(state)
        know = Knowledge(state, me)
        keep = {c: know.keep_value(c) for c in cards}
        plain = Knowledge(state, me)
        for c, (score, _code) in follow_scores(state, know, cards, keep).items():
            if beats(c, state.trick[state.best], state.trump) and state.stock:
                melds = plain.ready_melds(without=c)
                stake = sum(10 for t in state.trick if is_brisque(t))
                craft = know.craft
                assert score == stake + (10 if is_brisque(c) else 0) + craft.win_meld * melds - keep[c] + \
                    craft.win_bonus
                checked += 1
    assert checked > 20


@pytest.mark.parametrize("variant", [*VARIANTS, "six_handed", "open"])
def test_the_best_meld_without_a_card_is_the_one_worked_out_afresh(variant):
    """``ready_melds(without=c)`` after ``ready_melds()`` (which answers for a card outside the template found
    with all the cards) is what a fresh ``Knowledge`` works out for that card alone, for every card of every seat."""
    shortcuts = 0
    for state in points(variant, 6, 120):
        for seat in range(state.rules.players):
            know = Knowledge(state, seat)
            with_all = know.ready_melds()
            for c in state.hands[seat] + state.tables[seat]:
                fresh = Knowledge(state, seat).ready_melds(without=c)
                assert know.ready_melds(without=c) == fresh
                assert fresh <= with_all
                shortcuts += bool(with_all) and fresh == with_all
    assert shortcuts > 20
