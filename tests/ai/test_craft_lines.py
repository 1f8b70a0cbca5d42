"""The search levels' own rules (``EXPERT_CRAFT``) beyond the intermediate level's: a royal marriage of a trump
sequence held complete declared first while the stock is long (40 now, the sequence's 250 on a later trick), and a
lead that nobody can beat when a meld waits for a trick won. The intermediate level keeps its plain lines."""

from __future__ import annotations

import random

from ai_positions import card, cards, position

from bezique.ai.knowledge import EXPERT_CRAFT, INTERMEDIATE
from bezique.ai.policy import declaration, marriage_first, ranked_stock_plays, stock_play
from bezique.i18n.advice import advice_line
from bezique.rules import Action, Verb, apply, legal_actions

SEQUENCE_HAND = "AS TS KS QS JS KH QH"  # spades are trumps: the whole trump sequence and a common marriage


def melds_of(state) -> list[Action]:
    return [a for a in legal_actions(state) if a.verb == Verb.MELD]


def test_the_royal_marriage_comes_first_while_the_stock_is_long():
    state = position(SEQUENCE_HAND, turn_up="9S", declare=True)
    decision = declaration(state, 0, legal_actions(state), "intermediate", EXPERT_CRAFT)
    assert decision.action.kind == "royal_marriage" and sorted(decision.action.cards) == sorted(cards("KS QS"))
    assert decision.code == "marriage_first" and decision.args == {"points": 40, "later": 250}
    plain = declaration(state, 0, legal_actions(state), "intermediate", INTERMEDIATE)
    assert plain.action.kind == "trump_sequence"


def test_the_sequence_is_declared_at_once_near_the_end_of_the_stock():
    state = position(SEQUENCE_HAND, turn_up="9S", declare=True, stock=EXPERT_CRAFT.marriage_first)
    decision = declaration(state, 0, legal_actions(state), "intermediate", EXPERT_CRAFT)
    assert decision.action.kind == "trump_sequence" and decision.code == "meld"


def test_the_marriage_first_leaves_the_sequence_to_score_by_the_rules():
    """The rules, asked on a copy of the state, say the sequence's five cards may still score in it once the royal
    marriage is declared; a common marriage is not part of the sequence and is never offered instead."""
    state = position(SEQUENCE_HAND, turn_up="9S", declare=True)
    melds = melds_of(state)
    sequence = next(a for a in melds if a.kind == "trump_sequence")
    first = marriage_first(state, melds, sequence)
    assert first is not None and first.kind == "royal_marriage"
    apply(state, first)
    assert state.records[-1].kind == "royal_marriage" and state.scores[0] == 40
    common = next(a for a in melds if a.kind == "common_marriage")
    assert marriage_first(state, [common], sequence) is None


def test_a_meld_waiting_for_a_trick_is_led_to_by_a_card_nobody_can_beat():
    """A double bezique ready and the ace of trumps in hand: no card beats it (an equal card loses to the lead), so
    the search levels' rules lead it to win the trick and declare; the intermediate level leads its cheapest card."""
    state = position("QS#0 QS#1 JD#0 JD#1 AS 7C 8D 9H", turn_up="7S")
    hand = state.hands[0]
    rng = random.Random(1)
    assert stock_play(state, 0, hand, rng, EXPERT_CRAFT) == (card("AS"), "lead_meld")
    assert ranked_stock_plays(state, 0, hand, EXPERT_CRAFT)[0] == card("AS")
    plain, code = stock_play(state, 0, hand, rng, INTERMEDIATE)
    assert plain != card("AS") and code == "lead_low"


def test_a_small_meld_is_not_worth_leading_the_ace_of_trumps():
    state = position("KS KH KD KC AS 7C 8D 9H", turn_up="7S")  # four kings ready, but the ace costs more
    played, code = stock_play(state, 0, state.hands[0], random.Random(1), EXPERT_CRAFT)
    assert played != card("AS") and code == "lead_low"


def test_the_new_reasons_are_worded_in_every_language():
    for lang in ("en", "it", "fr"):
        first = advice_line("marriage_first", {"points": 40, "later": 250}, lang, str)
        assert "40" in first and "250" in first
        lead = advice_line("lead_meld", {"card": card("AS")}, lang, str)
        assert lead and lead != advice_line("random", {}, lang, str)
