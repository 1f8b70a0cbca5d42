"""The rules levels' play with partners (four- and six-handed): stacked tricks where the side's interest, not the
seat's, decides — a partner's safe trick gets a brisque instead of being overtaken, a partner's trick in danger is
overtaken only with a card that holds, a lead counts only the opponents' cards. Two-handed play is pinned
elsewhere (``test_same_choices``)."""

from __future__ import annotations

import random

import pytest
from ai_positions import cards

from bezique.ai.final_tricks import final_phase_decision
from bezique.ai.knowledge import INTERMEDIATE, Knowledge
from bezique.ai.policy import follow_scores, intermediate_decision
from bezique.rules import (
    HEARTS,
    SPADES,
    GameState,
    Phase,
    card_code,
    legal_actions,
    legal_plays,
    make_ruleset,
    parse_card,
    winning_index,
)
from tests.dealing import dealt_game

FOUR = make_ruleset("four_handed")
SIX = make_ruleset("six_handed")


def _trick_state(rules, hands: dict[int, str], trick: list[tuple[int, str]], *, me: int, trump: int = HEARTS,
                 stock: str = "") -> GameState:
    """A deal of `rules` in play, trumps `trump`: each seat's hand (card codes), the cards already on the current
    trick in play order (seat, code), seat `me` to act; the stock's cards (none: the final tricks). Seats not
    named hold nothing."""
    state = GameState(rules, 0)
    state.deal_index = 0
    state.phase = Phase.PLAY
    state.trump = trump
    state.final_phase = not stock
    state.hands = [cards(hands.get(s, "")) if hands.get(s) else [] for s in range(rules.players)]
    state.tables = [[] for _ in range(rules.players)]
    on_trick = [parse_card(code) for _s, code in trick]
    state.trick = on_trick
    state.trick_seats = [s for s, _code in trick]
    state.best = winning_index(on_trick, trump) if on_trick else 0
    state.leader = trick[0][0] if trick else me
    state.played = on_trick[:]
    state.stock = cards(stock) if stock else []
    state.to_act = me
    return state


def _final_choice(state: GameState, me: int) -> tuple[str, str]:
    """The final-tricks rule's card (its code) and reason for `me`."""
    decision = final_phase_decision(state, me, legal_plays(state))
    return card_code(decision.action.cards[0]), decision.code


def test_on_a_partners_safe_final_trick_a_brisque_is_thrown_not_an_overtaking_card():
    # four-handed final trick (seats 0 and 2 against 1 and 3): my partner (seat 1) wins with the ace of spades and
    # I (seat 3) play last, so the trick is ours whatever I play: the ten of spades goes on it (10 points for the
    # side), where the partner-blind rule threw the nine
    state = _trick_state(FOUR, {3: "TS#0 KS#0 9S#0 8C#0"}, [(0, "7S#0"), (1, "AS#0"), (2, "8S#0")], me=3)
    assert _final_choice(state, 3) == ("TS#0", "partner_brisque")


def test_on_a_partners_final_trick_in_danger_the_follower_overtakes_only_with_a_safe_card():
    # my partner (seat 0) led the king of spades and I (seat 2) follow; seat 3, an opponent still to play, holds
    # the ten of spades: my ace holds the trick for the side, where the king alone would lose it
    state = _trick_state(FOUR, {1: "7C#0", 2: "AS#0 9S#0 7D#0", 3: "TS#0 8C#0"}, [(0, "KS#0"), (1, "QS#1")], me=2)
    assert _final_choice(state, 2) == ("AS#0", "final_win")
    # seat 3 void in spades and out of trumps: the king holds, and my ace goes on it for its 10 points
    state = _trick_state(FOUR, {2: "AS#0 9S#0 7D#0", 3: "8C#0 8D#0"}, [(0, "KS#0"), (1, "QS#1")], me=2)
    assert _final_choice(state, 2) == ("AS#0", "partner_brisque")


def test_a_brisque_is_not_risked_on_a_trick_a_later_opponent_may_take():
    # an opponent (seat 0) led the king of spades; after me (seat 1) the other opponent (seat 2) holds the ace:
    # my ten would win the trick only to be caught, so I give up the trick with the eight
    state = _trick_state(FOUR, {1: "TS#0 QS#0 8S#0", 2: "AS#0 7S#0", 3: "9C#0"}, [(0, "KS#0")], me=1)
    assert _final_choice(state, 1) == ("8S#0", "final_low")
    # with an ace of my own the trick is mine for sure (an equal ace played later does not take it)
    state = _trick_state(FOUR, {1: "TS#0 AS#1 8S#0", 2: "AS#0 7S#0", 3: "9C#0"}, [(0, "KS#0")], me=1)
    assert _final_choice(state, 1) == ("AS#1", "final_win")


def test_a_final_lead_is_sure_when_only_the_partner_holds_a_higher_card():
    # my partner (seat 2) holds the ace of clubs, the opponents only low clubs: my ten of clubs is a sure winner
    # for the side, cashed first (a brisque); counting the partner's ace as a threat led low instead
    hands = {0: "TC#0 8D#0", 1: "7C#0 9C#0", 2: "AC#0 JS#0", 3: "8C#0 QC#0"}
    assert _final_choice(_trick_state(FOUR, hands, [], me=0, trump=SPADES), 0) == ("TC#0", "final_lead")
    # an opponent void in clubs who must trump takes it: then I lead low
    hands[1] = "7S#0 9H#0"
    assert _final_choice(_trick_state(FOUR, hands, [], me=0, trump=SPADES), 0) == ("8D#0", "final_low")


def test_six_handed_a_partners_safe_trick_gets_the_ten():
    # seats 0, 2, 4 against 1, 3, 5: my partner (seat 4) wins with a trump and I (seat 0) play last
    trick = [(1, "KD#0"), (2, "9D#0"), (3, "QD#0"), (4, "8H#0"), (5, "JD#0")]
    state = _trick_state(SIX, {0: "TD#0 AH#0 7D#0"}, trick, me=0)
    assert _final_choice(state, 0) == ("TD#0", "partner_brisque")


STOCK = "JD#0 JD#1 9D#0 9D#1 8D#0 7D#0 7D#1 7D#2 JC#3 9C#3"
MY_HAND = "TC#0 9H#0 JS#0 8S#1 9S#0 KD#1 QC#0 8S#0"  # trumps hearts: the nine of hearts ruffs a club


def _stock_follow(trick: list[tuple[int, str]], me: int, hands: dict[int, str] | None = None) -> tuple[str, str]:
    """The intermediate rules' follow (card code, reason) for `me` holding ``MY_HAND`` in the four-handed stock
    phase, the other seats holding `hands`."""
    state = _trick_state(FOUR, {**(hands or {}), me: MY_HAND}, trick, me=me, stock=STOCK)
    decision = intermediate_decision(state, me, legal_actions(state), random.Random(1))
    return card_code(decision.action.cards[0]), decision.code


def test_stock_phase_a_partners_trick_that_holds_is_not_ruffed():
    # my partner (seat 1) wins with the ace of clubs and I (seat 3) play last: the trick is the side's already,
    # so a card I do not need goes on it; the partner-blind rule ruffed the partner's ace with the nine of trumps
    card, code = _stock_follow([(0, "7C#0"), (1, "AC#0"), (2, "8C#0")], me=3)
    assert code in ("partner_brisque", "partner_low") and card != "9H#0"
    # the same trick won by an opponent's ace (seat 2): the nine of trumps takes it, with its ace
    assert _stock_follow([(0, "7C#0"), (1, "8C#0"), (2, "AC#0")], me=3) == ("9H#0", "win_brisque")


def test_stock_phase_a_partners_trick_an_opponent_may_still_take_gets_no_brisque():
    # my partner (seat 0) led the ace of clubs, seat 1 followed and I (seat 2) follow; seat 3, an opponent with
    # seven hidden cards, may still ruff it: my ten is not thrown on it
    hands = {3: "7S#0 7S#1 8C#1 9C#0 JC#0 7C#1 8H#0"}
    card, code = _stock_follow([(0, "AC#0"), (1, "8C#2")], me=2, hands=hands)
    assert code == "partner_low" and card != "TC#0"


def test_follow_scores_count_a_brisque_on_a_partners_safe_trick_for_the_side():
    # scored card by card: on a partner's trick that holds, the ten is worth its 10 points more than a low card
    # (less what keeping it is worth); on an opponent's, 10 points less
    ours = _trick_state(FOUR, {3: MY_HAND}, [(0, "7C#0"), (1, "AC#0"), (2, "8C#0")], me=3, stock=STOCK)
    theirs = _trick_state(FOUR, {3: MY_HAND}, [(0, "7C#0"), (1, "8C#0"), (2, "AC#0")], me=3, stock=STOCK)
    ten, low = parse_card("TC#0"), parse_card("8S#0")
    for state, sign in ((ours, 1), (theirs, -1)):
        know = Knowledge(state, 3, INTERMEDIATE)
        plays = legal_plays(state)
        scores = follow_scores(state, know, plays, {c: know.keep_value(c) for c in plays})
        margin = scores[ten][0] - scores[low][0] + know.keep_value(ten) - know.keep_value(low)
        assert margin == pytest.approx(10 * sign)


@pytest.mark.parametrize("variant", ["four_handed", "six_handed"])
def test_a_trick_winner_with_nothing_to_declare_passes_to_the_partner_and_says_so(variant):
    """With nothing to meld, no seven to exchange or declare, the declaration step goes to the partner (a pass
    costs nothing: RULES.md §4.2), with its own reason; it was once returned as "declare_seven"."""
    from bezique.ai.policy import declaration
    from bezique.i18n.advice import advice_line
    from bezique.rules import Verb, apply

    rules = make_ruleset(variant)
    rng = random.Random(7)
    state = dealt_game(rules, 0, rng)
    passes = 0
    while state.phase in (Phase.PLAY, Phase.DECLARE) and passes < 5:
        legal = legal_actions(state)
        if state.phase == Phase.DECLARE:
            seat = state.to_act
            decision = declaration(state.clone(), seat, legal, "intermediate")
            verbs = {a.verb for a in legal}
            if Verb.PASS_TO_PARTNER in verbs and not verbs & {Verb.MELD, Verb.EXCHANGE_SEVEN, Verb.DECLARE_SEVEN}:
                assert decision.action.verb == Verb.PASS_TO_PARTNER and decision.code == "pass_partner"
                assert rules.side_of(decision.action.seat) == rules.side_of(seat)
                assert "partner" in advice_line(decision.code, decision.args or {}, "en", str)
                passes += 1
            assert decision.code != "declare_seven" or decision.action.verb == Verb.DECLARE_SEVEN
        apply(state, rng.choice(legal))
    assert passes
