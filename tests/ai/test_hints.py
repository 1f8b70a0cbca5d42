"""The Hint button's adviser (bezique.ai.hints): a strong level whatever the opponent, and a reason true of the move."""

from __future__ import annotations

import pytest
from ai_positions import position

from bezique.ai import expert
from bezique.ai.base import Decision
from bezique.ai.hints import HINT_LEVEL, advise, hint_player
from bezique.i18n.advice import advice_line
from bezique.rules import Verb, card_unicode, view_for

# every card a brisque that cannot win the trick (the ace of trumps led), bar one worthless club: the expert's
# vetoes leave the eight of clubs alone and it runs no search
ALL_BUT_ONE_VETOED = ("TH AH TD AD TC AC TS 8C", "7S", "AS")


def test_the_adviser_is_the_expert_with_the_settings_budget():
    player = hint_player(5, time_ms=40, iterations=7)
    assert HINT_LEVEL == "expert" and player.level == "expert"
    assert (player.time_ms, player.iterations) == (40, 7)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_move_left_by_the_vetoes_gets_a_true_reason(lang):
    hand, turn_up, led = ALL_BUT_ONE_VETOED
    view = view_for(position(hand, turn_up=turn_up, led=led), 0)
    expert = hint_player(1, iterations=3)
    decision = expert.decide(view, view.legal)
    assert decision.code != "search" and decision.action.cards[0] & 31 == 30  # no search ran: the eight of clubs
    hint = advise(hint_player(1, iterations=3), view, view.legal)
    assert hint.action == decision.action
    assert advice_line(hint.code, hint.args, lang, card_unicode) == {
        "en": "Let the trick go with a card you do not need.",
        "it": "Lascia la presa con una carta che non ti serve."}[lang]


def test_a_vetoed_choice_the_rules_would_not_make_says_why_the_others_were_ruled_out(monkeypatch):
    hand, turn_up, led = ALL_BUT_ONE_VETOED
    view = view_for(position(hand, turn_up=turn_up, led=led), 0)
    brisque = next(a for a in view.legal if a.verb == Verb.PLAY and a.cards[0] & 31 != 30)

    def rules_throw_a_brisque(state, me, legal, rng):
        return Decision(brisque, "discard", {"card": brisque.cards[0]})

    monkeypatch.setattr(expert, "rules_decision_for", rules_throw_a_brisque)
    hint = advise(hint_player(3, iterations=3), view, view.legal)
    assert hint.action.cards[0] & 31 == 30  # the vetoes overrule the rules
    assert advice_line(hint.code, hint.args, "en", lambda card: "CARD") == (
        "Each of your other cards would throw away a brisque or break up your trump sequence.")
    italian = advise(hint_player(3, iterations=3), view, view.legal)
    assert "simulate" not in advice_line(italian.code, italian.args, "it", card_unicode)
