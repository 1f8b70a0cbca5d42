"""The Hint button's adviser (bezique.ai.hints): a strong level whatever the opponent, and a reason true of the move."""

from __future__ import annotations

import pytest
from ai_positions import position

from bezique.ai.hints import HINT_LEVEL, advise, hint_player
from bezique.ai.players import RulePlayer
from bezique.ai.policy import Decision
from bezique.rules.actions import PLAY
from bezique.rules.view import view_for

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
    raw = hint_player(1, iterations=3).hint(view, view.legal, lang)
    assert "0" in raw.reason  # the expert's own line: "did best in 0 simulated deals"
    hint = advise(hint_player(1, iterations=3), view, view.legal, lang)
    assert hint.action == raw.action and hint.action.cards[0] & 31 == 30  # the eight of clubs
    assert hint.reason == {"en": "Let the trick go and throw 8♣, which you do not need.",
                           "it": "Lascia la presa e scarta 8♣, che non ti serve."}[lang]


class _VetoOnly(RulePlayer):
    """A stand-in for the expert when the vetoes leave a move the rules would not choose."""

    level = "expert"

    def decide(self, view, legal, stop=None):
        card = next(a for a in legal if a.verb == PLAY and a.cards[0] & 31 != 30)
        return Decision(card, "search", {"what": ("play", card.cards[0]), "n": 0, "gain": 0})


def test_a_vetoed_choice_the_rules_would_not_make_says_why_the_others_were_ruled_out():
    hand, turn_up, led = ALL_BUT_ONE_VETOED
    view = view_for(position(hand, turn_up=turn_up, led=led), 0)
    hint = advise(_VetoOnly(3), view, view.legal, "en", lambda card: "CARD")
    assert hint.reason == ("Play CARD: each of your other cards would throw away a brisque or break up your trump "
                           "sequence.")
    assert "simulated" not in advise(_VetoOnly(3), view, view.legal, "it").reason
