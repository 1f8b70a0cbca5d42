"""Reading the other players from stacked decks: a seven of trumps not swapped and a meld not declared at the
opponent's declaration step make those cards less likely in its hand (and only then); the belief reads the view
alone (two states that differ only in hidden cards give the same deals); with three to six players every other
seat is read, partners included."""

from __future__ import annotations

import random
import statistics

from ai_positions import TWO, card

from bezique.ai import make_player
from bezique.ai.inference import Belief
from bezique.rules import (
    DONE_ACTION,
    KING,
    QUEEN,
    Action,
    Phase,
    Verb,
    apply,
    full_deck_faces,
    make_ruleset,
    new_game,
    start_deal,
    suit_of,
    view_for,
)
from tests.dealing import dealt_game

OPPONENT = "AS TS 9H 8H 9D 8D JH 8S"  # seat 1: no meld, no seven of clubs, no card above a nine but the spades
MINE = "7H 7D 9S KD QH JS 8C TH"


def stacked(opponent: str, mine: str, turn_up: str, stock_top: str, seed: int = 3):
    """A two-handed deal, seat 0 dealing: seat 1 gets `opponent`, seat 0 `mine`, then the turn-up, then the
    stock's top cards in drawing order; the rest of the deck shuffled by `seed`."""
    theirs, ours = [card(c) & 31 for c in opponent.split()], [card(c) & 31 for c in mine.split()]
    turn, top = card(turn_up) & 31, [card(c) & 31 for c in stock_top.split()]
    named = [*theirs[:3], *ours[:3], *theirs[3:5], *ours[3:5], *theirs[5:], *ours[5:], turn, *top]
    rest = full_deck_faces(2)
    for face in named:
        rest.remove(face)
    random.Random(seed).shuffle(rest)
    state = new_game(TWO, 0)
    start_deal(state, named + rest)
    return state


def play(state, code: str) -> None:
    apply(state, Action(Verb.PLAY, (card(code),)))


def opponent_won_a_trick(turn_up: str = "9C"):
    """Seat 1 leads the 8 of spades and takes it from seat 0's 7 of hearts, declares nothing (it has nothing to
    declare and no seven to swap), both draw, and it leads the 9 of hearts: seat 0 to follow."""
    state = stacked(OPPONENT, MINE, turn_up, "9S 8C")
    play(state, "8S")
    play(state, "7H")
    assert state.phase == Phase.DECLARE and state.step_actor == 1
    apply(state, DONE_ACTION)
    play(state, "9H")
    assert state.to_act == 0 and len(state.trick) == 1
    return state


def marriages(hand) -> bool:
    """Whether `hand` holds a king and a queen of one suit."""
    return any(any(c & 7 == KING and suit_of(c) == s for c in hand) and
               any(c & 7 == QUEEN and suit_of(c) == s for c in hand) for s in range(4))


def marriage_rates(view) -> tuple[float, float]:
    """How often seat 1 is dealt a marriage in 500 deals of the belief, and of the same belief blind to the melds
    it did not declare."""
    belief = Belief(view, random.Random(1))
    blind = Belief(view, random.Random(1))
    blind.checks.clear()
    rng = random.Random(2)
    read = statistics.fmean(marriages(belief.deal(rng).hands[1]) for _ in range(500))
    return read, statistics.fmean(marriages(blind.deal(rng).hands[1]) for _ in range(500))


def test_a_seven_not_swapped_at_the_opponents_step_is_unlikely_in_its_hand():
    # with a nine turned up the opponent would have swapped a seven of clubs it held; with the seven turned up it
    # could not, and the other seven's weight says so
    swappable = Belief(view_for(opponent_won_a_trick("9C"), 0), random.Random(1))
    not_swappable = Belief(view_for(opponent_won_a_trick("7C"), 0), random.Random(1))
    seven = card("7C#1")
    assert swappable.weights[1][seven] < 0.35 * not_swappable.weights[1][seven]


def test_a_meld_not_declared_at_the_opponents_step_makes_hands_completing_it_rarer():
    view = view_for(opponent_won_a_trick(), 0)
    read, unread = marriage_rates(view)
    assert unread > 0.1
    assert read < 0.7 * unread


def opponent_lost_a_trick(turn_up: str = "9C"):
    """Seat 1 leads the 8 of spades, seat 0 takes it with the 9 and declares nothing: seat 0 to lead."""
    state = stacked(OPPONENT, MINE, turn_up, "9S 8C")
    play(state, "8S")
    play(state, "9S")
    assert state.phase == Phase.DECLARE and state.step_actor == 0
    apply(state, DONE_ACTION)
    assert state.to_act == 0 and not state.trick
    return state


def test_an_opponent_that_has_had_no_declaration_step_is_not_read_for_melds_or_sevens():
    swappable = Belief(view_for(opponent_lost_a_trick("9C"), 0), random.Random(1))
    not_swappable = Belief(view_for(opponent_lost_a_trick("7C"), 0), random.Random(1))
    assert 1 not in swappable.checks
    seven = card("7C#1")  # its lead is read all the same: the same weight whether it could swap or not
    assert swappable.weights[1][seven] == not_swappable.weights[1][seven]


def test_states_that_differ_only_in_hidden_cards_give_the_same_deals():
    state = opponent_won_a_trick()
    other = state.clone()
    hidden = next(c for c in other.hands[1] if c not in other.exposed)
    i, j = other.hands[1].index(hidden), len(other.stock) - 1  # swap it with the top card of the stock
    other.hands[1][i], other.stock[j] = other.stock[j], other.hands[1][i]
    assert sorted(other.hands[1]) != sorted(state.hands[1])
    first, second = view_for(state, 0), view_for(other, 0)
    assert first == second
    deals_first = [Belief(first, random.Random(seed)).deal(random.Random(seed + 1)) for seed in range(5)]
    deals_second = [Belief(second, random.Random(seed)).deal(random.Random(seed + 1)) for seed in range(5)]
    assert [(d.hands, d.stock) for d in deals_first] == [(d.hands, d.stock) for d in deals_second]


def _positions(variant: str, count: int):
    """States of intermediate play in `variant`, with seat 0 to play in the stock phase and at least one full
    round of tricks behind."""
    rules = make_ruleset(variant, {})
    players = [make_player("intermediate", 20 + s) for s in range(rules.players)]
    for deal in range(count):
        state = dealt_game(rules, deal % rules.players, random.Random(100 + deal))
        while state.phase != Phase.AWAIT_DEAL and not state.finished and state.stock:
            if state.to_act == 0 and state.phase == Phase.PLAY and len(state.tricks_log) >= 2:
                yield state
            view = view_for(state, state.to_act)
            apply(state, players[state.to_act].choose(view, view.legal))


def test_every_other_seat_is_read_with_three_to_six_players_partners_included():
    for variant in ("three_handed", "four_handed", "six_handed"):
        rng = random.Random(4)
        rules = make_ruleset(variant, {})
        read: set[int] = set()
        for state in _positions(variant, 1):
            view = view_for(state, 0)
            belief = Belief(view, rng)
            read.update(belief.weights)
            deal = belief.deal(rng)
            for seat in range(rules.players):
                assert set(view.known[seat]) <= set(deal.hands[seat])
                assert len(deal.hands[seat]) == len(state.hands[seat])
            assert sorted(deal.hands[0]) == sorted(state.hands[0])
            assert len(deal.stock) == len(state.stock) and deal.stock[:1] == state.stock[:1]
        assert read == set(range(1, rules.players)), variant  # in partnerships seat 0's partner too


def test_in_the_final_tricks_with_three_players_a_seat_that_did_not_follow_suit_is_dealt_none_of_it():
    rules = make_ruleset("three_handed", {})
    players = [make_player("intermediate", 30 + s) for s in range(3)]
    rng = random.Random(6)
    checked = 0
    for deal in range(3):
        state = dealt_game(rules, deal % 3, random.Random(200 + deal))
        while state.phase != Phase.AWAIT_DEAL and not state.finished:
            if state.to_act == 0 and state.final_phase and state.trick:
                view = view_for(state, 0)
                final = rules.hand_size - len(state.hands[0])
                voids = {(seat, suit_of(trick[0][1])) for _w, trick in view.tricks_log[len(view.tricks_log) - final:]
                         for seat, card in trick[1:] if seat != 0 and suit_of(card) != suit_of(trick[0][1])}
                belief = Belief(view, rng)
                for _ in range(5):
                    dealt = belief.deal(rng)
                    for seat, suit in voids:
                        assert not any(suit_of(c) == suit for c in dealt.hands[seat])
                        assert not any(suit_of(c) == suit for c in state.hands[seat])  # as the rules say
                        checked += 1
            view = view_for(state, state.to_act)
            apply(state, players[state.to_act].choose(view, view.legal))
    assert checked > 20


def test_a_step_after_its_last_declaration_was_played_from_reads_every_meld():
    # seat 1 takes a trick and declares the marriage of hearts, leads its king from the table and takes that trick
    # too, declaring nothing: then even a marriage (worth no more than its last declaration) would have been declared
    state = stacked("AS TS KH QH 9D 8D JH 8S", MINE, "9C", "9S 8C 8H 9H")
    play(state, "8S")
    play(state, "7H")
    marriage = next(a for a in view_for(state, 1).legal if a.kind == "common_marriage")
    apply(state, marriage)
    apply(state, DONE_ACTION)
    play(state, "KH")
    play(state, "7D")
    assert state.phase == Phase.DECLARE and state.step_actor == 1
    apply(state, DONE_ACTION)
    play(state, "8D")
    view = view_for(state, 0)
    read, unread = marriage_rates(view)
    assert unread > 0.1
    assert read < 0.75 * unread
