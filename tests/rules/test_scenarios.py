"""RULES.md §8 scenarios 1–35 (two-handed), with stacked decks and exact scores.

Seat 0 ("P", "P1") is the elder hand and leads first; seat 1 ("O", "P2") deals. Trumps are spades unless a
scenario says otherwise (the turn-up is then a low spade so it scores nothing).
"""

from __future__ import annotations

import random

import pytest
from stacking import (
    TWO,
    act,
    alternate,
    build_deck,
    deal,
    done,
    exchange,
    faces_of,
    final_tricks,
    find,
    meld,
    meld_action,
    melds_listed,
    move_card,
    names,
    play,
    play_out,
    play_when_legal,
    refused,
    rig_hand,
    to_last_stock_trick,
    uid,
    win,
    win_tricks,
)

from bezique.rules import (
    BRISQUE_RANKS,
    DONE_ACTION,
    EXCHANGE_ACTION,
    Action,
    Phase,
    RefusalCode,
    Verb,
    apply_checked,
    face_code,
    face_of,
    legal_actions,
    make_ruleset,
    rank_of,
    shuffled_deck,
    start_deal,
    suit_of,
    view_for,
    why_illegal,
)

P, O = 0, 1  # noqa: E741


def rules(**overrides):
    return make_ruleset("two_handed", overrides)


def plays(state) -> list[str]:
    """Face codes of the listed plays."""
    return [face_code(a.cards[0]) for a in legal_actions(state)]


def log_of(state, score_id: str) -> list[tuple[int, int]]:
    """(seat, points) of every score with this id in the current deal."""
    return [(seat, pts) for deal_i, _, seat, sid, pts in state.log
            if sid == score_id and deal_i == state.deal_index]


# --- tricks -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("lead", "follow"), [("9H#0", "9H#1"), ("9H#1", "9H#0")])
def test_s01_identical_cards_first_played_wins(lead, follow):
    # in the second case the follower's copy comes first in the deck
    s = deal(["9H#0 8C 8D", "9H#1"]) if lead == "9H#0" else deal(["8C 8D 7C 7D 8H 9C 9D 9H#1", "9H#0"])
    play(s, lead)
    play(s, follow)
    assert s.tricks_log[-1][0] == P
    assert sorted(s.won[P]) == sorted([uid("9H#0"), uid("9H#1")])
    assert s.phase == Phase.DECLARE and s.step_actor == P


def test_s02_ten_beats_king():
    s = deal(["TC KC", "KC TC"], turn_up="9H")
    assert s.trump == 1
    play(s, "TC")
    play(s, "KC")
    assert s.tricks_log[-1][0] == P
    done(s)
    play(s, "KC")  # P leads the king; O's ten beats it
    play(s, "TC")
    assert s.tricks_log[-1][0] == O


def test_s03_trump_beats_plain_and_played_seven_scores():
    s = deal(["AS", "7D"], turn_up="9D")
    play(s, "AS")
    events = []
    apply_checked(s, Action(Verb.PLAY, (find(s, O, "7D"),)), events)
    assert s.tricks_log[-1][0] == O
    assert s.scores == [0, 10]
    assert log_of(s, "seven_of_trumps") == [(O, 10)]
    kinds = [e.kind for e in events]
    assert kinds.index("scored") < kinds.index("trick_won"), "the seven scores as it is played"


def test_s04_no_obligation_in_phase_one():
    s = deal(["AH", "KH 9H 8C"])
    play(s, "AH")
    assert {"KH", "9H", "8C"} <= set(plays(s))
    assert why_illegal(s, Action(Verb.PLAY, (find(s, O, "8C"),))) is None
    play(s, "8C")
    assert s.tricks_log[-1][0] == P


# --- sevens of trumps ---------------------------------------------------------------------------------------
def test_s05_turned_up_seven():
    s = deal(["7H KC QC", "8C"], turn_up="7H")
    assert s.trump == 1
    assert s.scores == [0, 10] and log_of(s, "seven_of_trumps") == [(O, 10)]  # seat 1 dealt
    win(s, P, keep="7H")
    assert EXCHANGE_ACTION not in legal_actions(s)
    assert "already a seven" in why_illegal(s, EXCHANGE_ACTION).text
    done(s)
    play(s, "7H")  # P leads the other seven of hearts
    assert s.scores == [10, 10]


def _swap_setup(**overrides):
    """P holds 7S QS KH QH and wins tricks 1–4 declaring nothing; the turn-up is KS; O holds the other 7S."""
    r = rules(**overrides)
    s = deal(["7S QS KH QH 9H 9D 8H 8D", "7S 9C 8C 7C"], turn_up="KS", rules=r)
    keep = "7S QS KH QH KS"
    win_tricks(s, 4, P, keep)
    win(s, P, keep)  # trick 5
    assert s.tricks_done == 5
    return s


def test_s06_swap_then_meld_other_cards_then_taken_king_later():
    s = _swap_setup()
    seven = find(s, P, "7S")
    king = s.stock[0]
    assert face_code(king) == "KS"
    assert EXCHANGE_ACTION in legal_actions(s)
    exchange(s)
    assert s.scores == [10, 0] and log_of(s, "seven_of_trumps") == [(P, 10)]
    assert s.stock[0] == seven and king in s.hands[P] and seven not in s.hands[P]
    assert king in view_for(s, O).known[P], "the card taken by a swap is public"
    # the taken K♠ may not be melded in this step ...
    assert ("royal_marriage", ["KS", "QS"]) not in melds_listed(s)
    assert "just taken" in refused(s, "KS QS")
    # ... but another meld may
    meld(s, "KH QH", "common_marriage", points=20)
    assert EXCHANGE_ACTION not in legal_actions(s)
    done(s)
    win(s, P, "QS KS")
    meld(s, "KS QS", "royal_marriage", points=40)
    assert s.scores == [70, 0]


def test_s06_exchanged_card_usable_same_step_option():
    s = _swap_setup(exchanged_card_usable_same_step=True)
    exchange(s)
    meld(s, "KS QS", "royal_marriage", points=40)
    assert s.scores == [50, 0]


def test_s07_second_seven_played_and_lost_scores():
    s = _swap_setup()
    exchange(s)
    done(s)
    play(s, "9S") if any(face_code(c) == "9S" for c in s.hands[P]) else play(s, "KS")
    play(s, "7S")  # O's 7♠ under a higher spade: O loses the trick but scores
    assert s.tricks_log[-1][0] == P
    assert s.scores == [10, 10]


def test_s07_second_seven_played_in_phase_two_scores_nothing():
    s = _swap_setup()
    exchange(s)
    done(s)
    o_seven = find(s, O, "7S")
    to_last_stock_trick(s, P, keep="7S")
    win(s, P, keep="7S")
    done(s)
    assert s.final_phase
    before = list(s.scores)
    play_when_legal(s, O, o_seven)
    assert o_seven in s.played
    assert s.scores[O] == before[O]
    assert not [e for e in s.log if e[3] == "seven_of_trumps" and e[2] == O]


def test_s08_swapped_seven_picked_up_at_last_stock_trick_scores_nothing():
    s = _swap_setup()
    seven = find(s, P, "7S")
    exchange(s)
    done(s)
    to_last_stock_trick(s, P, keep="7S")
    win(s, P, keep="7S")
    face_down = s.stock[1]
    assert s.stock[0] == seven
    done(s)
    assert face_down in s.hands[P] and seven in s.hands[O]
    assert seven in view_for(s, P).known[O], "the loser's turn-up is public"
    assert s.scores[O] == 0
    play_when_legal(s, O, seven)
    assert s.scores[O] == 0


def test_seven_exchange_at_last_stock_trick():
    s = deal(["7S 9H 9D 8H 8D 9C", "8C 7C"], turn_up="KS")
    seven = find(s, P, "7S")
    to_last_stock_trick(s, P, keep="7S")
    win(s, P, keep="7S")
    king, face_down = s.stock
    assert len(s.stock) == 2 and face_code(king) == "KS"
    exchange(s)
    assert s.scores[P] == 10 and king in s.hands[P] and s.stock == [seven, face_down]
    done(s)
    assert face_down in s.hands[P] and king in s.hands[P] and seven in s.hands[O]
    assert len(s.hands[P]) == len(s.hands[O]) == 8


def test_seven_exchange_refused_at_last_stock_trick_when_option_off():
    s = deal(["7S 9H 9D 8H 8D 9C", "8C 7C"], turn_up="KS",
             rules=rules(seven_exchange_allowed_after_last_stock_trick=False))
    win(s, P, keep="7S")
    assert EXCHANGE_ACTION in legal_actions(s), "earlier tricks still allow it"
    done(s)
    to_last_stock_trick(s, P, keep="7S")
    win(s, P, keep="7S")
    assert EXCHANGE_ACTION not in legal_actions(s)
    assert "last stock trick" in why_illegal(s, EXCHANGE_ACTION).text


def test_seven_exchange_counts_as_meld_option():
    s = deal(["7S KH QH 9H 9D 8H", "8C 7C"], turn_up="KS", rules=rules(seven_exchange_counts_as_meld=True))
    win(s, P, keep="7S KH QH")
    assert EXCHANGE_ACTION in legal_actions(s) and melds_listed(s)
    exchange(s)
    assert melds_listed(s) == []
    assert "seven exchange" in why_illegal(s, meld_action(s, "KH QH")).text
    done(s)
    s2 = deal(["7S KH QH 9H 9D 8H", "8C 7C"], turn_up="KS", rules=rules(seven_exchange_counts_as_meld=True))
    win(s2, P, keep="7S KH QH")
    meld(s2, "KH QH", points=20)
    assert EXCHANGE_ACTION not in legal_actions(s2)
    assert why_illegal(s2, EXCHANGE_ACTION)


def test_declare_sevens_mode():
    s = deal(["7S 7S 9H 9D 8H 8D", "8C 7C"], turn_up="KS",
             rules=rules(seven_of_trumps_scoring="exchange_or_declare"))
    win(s, P, keep="7S")
    acts = legal_actions(s)
    assert Action(Verb.DECLARE_SEVEN) in acts and EXCHANGE_ACTION in acts
    act(s, Action(Verb.DECLARE_SEVEN))
    act(s, Action(Verb.DECLARE_SEVEN))
    assert s.scores == [20, 0]
    assert Action(Verb.DECLARE_SEVEN) not in legal_actions(s)
    assert EXCHANGE_ACTION not in legal_actions(s), "a declared seven is spent and cannot be swapped"
    done(s)
    play(s, "7S")  # playing scores nothing in this mode
    assert s.scores == [20, 0]


def test_game_ends_mid_trick_on_a_played_seven():
    s = deal(["AH", "7S"], scores=[0, 990])
    play(s, "AH")
    play(s, "7S")
    assert s.phase == Phase.OVER and s.finished and s.winner == O and s.scores == [0, 1000]
    assert s.tricks_done == 0 and len(s.trick) == 2, "the trick is never resolved"
    assert legal_actions(s) == []


def test_game_ends_on_a_led_seven_before_the_follower_plays():
    s = deal(["7S"], scores=[995, 0])
    play(s, "7S")
    assert s.finished and s.winner == P and len(s.trick) == 1 and s.to_act is None


# --- melds --------------------------------------------------------------------------------------------------
def test_s09_marriage_then_sequence():
    s = deal(["KS QS AS TS JS"])
    keep = "AS TS KS QS JS"
    win(s, P, keep)
    meld(s, "KS QS", "royal_marriage", points=40)
    done(s)
    win(s, P, keep)
    meld(s, "AS TS JS KS QS", "trump_sequence", points=250)
    assert s.scores == [290, 0]


def _table(s, seat, code):
    return find(s, seat, code, "table")


def _hand(s, seat, code):
    return find(s, seat, code, "hand")


def test_s10_sequence_then_marriage_is_illegal():
    s = deal(["AS TS KS QS JS QS"])
    keep = "AS TS KS QS JS"
    win(s, P, keep)
    meld(s, "AS TS KS QS JS", "trump_sequence", points=250)
    done(s)
    win(s, P, keep)
    assert not [m for m in melds_listed(s) if m[0] == "royal_marriage"]
    both_table = Action(Verb.MELD, (_table(s, P, "KS"), _table(s, P, "QS")), "royal_marriage")
    reason = refused(s, both_table)
    assert "concealed hand" in reason or "sequence" in reason
    other_queen = Action(Verb.MELD, (_table(s, P, "KS"), _hand(s, P, "QS")), "royal_marriage")
    assert "trump sequence" in refused(s, other_queen)


def test_s10_marriage_after_sequence_allowed_option():
    s = deal(["AS TS KS QS JS QS"], rules=rules(marriage_after_sequence_allowed=True))
    keep = "AS TS KS QS JS"
    win(s, P, keep)
    meld(s, "AS TS KS QS JS", points=250)
    done(s)
    win(s, P, keep)
    refused(s, Action(Verb.MELD, (_table(s, P, "KS"), _table(s, P, "QS")), "royal_marriage"))  # still M3
    act(s, Action(Verb.MELD, (_table(s, P, "KS"), _hand(s, P, "QS")), "royal_marriage"))
    assert s.scores == [290, 0]


def test_s11_one_meld_per_trick():
    s = deal(["AS TS KS QS JS"])
    keep = "AS TS KS QS JS"
    win(s, P, keep)
    kinds = {k for k, _ in melds_listed(s)}
    assert kinds == {"royal_marriage", "trump_sequence"}
    meld(s, "KS QS", "royal_marriage", points=40)
    assert melds_listed(s) == []
    assert "one meld" in why_illegal(s, meld_action(s, "AS TS KS QS JS")).text
    done(s)
    win(s, P, keep)
    meld(s, "AS TS JS KS QS", "trump_sequence", points=250)
    assert s.scores == [290, 0]


def test_s12_bezique_queen_into_a_marriage():
    s = deal(["QS JD KS"], turn_up="9H")
    keep = "QS JD KS"
    win(s, P, keep)
    meld(s, "QS JD", "bezique_1", points=40)
    done(s)
    win(s, P, keep)
    meld(s, "KS QS", "common_marriage", points=20)
    assert s.scores == [60, 0]


def test_s13_marriage_queen_into_a_bezique():
    s = deal(["KS QS JD"], turn_up="9H")
    keep = "QS JD KS"
    win(s, P, keep)
    meld(s, "KS QS", "common_marriage", points=20)
    done(s)
    win(s, P, keep)
    meld(s, "QS JD", "bezique_1", points=40)
    assert s.scores == [60, 0]


def test_s14_marriage_queen_into_four_queens():
    s = deal(["KH QH QS QD QC"])
    keep = "KH QH QS QD QC"
    win(s, P, keep)
    meld(s, "KH QH", "common_marriage", points=20)
    done(s)
    win(s, P, keep)
    meld(s, "QH QS QD QC", "four_queens", points=60)
    assert s.scores == [80, 0]


def test_s15_no_remeld_of_the_same_type():
    s = deal(["KH KS KD KC 8H 8D 9H 9D"], draws=alternate("KH KS KD KC", "8C 8C 9C 9C"))
    keep = "KH KS KD KC"
    win(s, P, keep)
    meld(s, "KH#0 KS#0 KD#0 KC#0", "four_kings", points=80)
    done(s)
    win(s, P, keep, lead="KH#0")  # one king of the four is played
    assert s.broken == [True]
    assert "four kings" in refused(s, "KH#1 KS#0 KD#0 KC#0")
    done(s)
    win_tricks(s, 2, P, keep)
    win(s, P, keep)
    assert faces_of(s.hands[P]).count("KC") == 1
    meld(s, "KH#1 KS#1 KD#1 KC#1", "four_kings", points=80)
    assert s.scores == [160, 0]


def test_s16_king_cannot_marry_twice():
    s = deal(["KH QH"], draws=alternate("QH", "8C"))
    win(s, P, "KH QH")
    meld(s, "KH#0 QH#0", "common_marriage", points=20)
    done(s)
    win(s, P, "KH QH", lead="QH#0")
    assert "marriage" in refused(s, "KH#0 QH#1")
    assert melds_listed(s) == []


def test_s17_double_bezique_at_once():
    s = deal(["QS QS JD JD"])
    keep = "QS JD"
    win(s, P, keep)
    meld(s, "QS#0 QS#1 JD#0 JD#1", "bezique_2", points=500)
    done(s)
    win(s, P, keep)
    assert melds_listed(s) == []
    assert refused(s, "QS#0 JD#0")  # M3 (both on the table) as well as M5


def test_s17_no_single_from_a_double_even_without_the_hand_card_rule():
    s = deal(["QS QS JD JD"], rules=rules(meld_requires_card_from_hand=False))
    win(s, P, "QS JD")
    meld(s, "QS#0 QS#1 JD#0 JD#1", "bezique_2", points=500)
    done(s)
    win(s, P, "QS JD")
    assert melds_listed(s) == []
    assert "double bezique" in refused(s, "QS#0 JD#0")


def _single_then_second_pair(**overrides):
    s = deal(["QS JD 8H 8D 9H", "8C"], draws=alternate("QS JD", "9C 7C"), rules=rules(**overrides))
    keep = "QS JD"
    win(s, P, keep)
    meld(s, "QS#0 JD#0", "bezique_1", points=40)
    done(s)
    win_tricks(s, 1, P, keep)  # draws Q♠#1, then J♦#1
    win(s, P, keep)
    assert {"QS#1", "JD#1"} <= set(names(s.hands[P]))
    return s


def test_s18_single_then_double_all_at_once():
    s = _single_then_second_pair()
    assert "all at once" in refused(s, "QS#0 QS#1 JD#0 JD#1")
    assert [k for k, _ in melds_listed(s)] == ["bezique_1"]
    meld(s, "QS#1 JD#1", "bezique_1", points=40)
    assert s.scores == [80, 0]


def test_s19_single_then_double_incremental():
    s = _single_then_second_pair(multi_bezique_mode="incremental")
    assert {k for k, _ in melds_listed(s)} == {"bezique_1", "bezique_2"}
    meld(s, "QS#0 QS#1 JD#0 JD#1", "bezique_2", points=500)
    assert s.scores == [540, 0]


def test_s19_incremental_after_the_tabled_queen_was_played():
    s = deal(["QS JD 8H 8D 9H", "8C"], draws=alternate("QS JD", "9C 7C"),
             rules=rules(multi_bezique_mode="incremental"))
    keep = "QS JD"
    win(s, P, keep)
    meld(s, "QS#0 JD#0", points=40)
    done(s)
    win_tricks(s, 1, P, keep)
    win(s, P, keep, lead="QS#0")
    assert melds_listed(s) == [("bezique_1", ["QS", "JD"])]
    reason = refused(s, Action(Verb.MELD, (uid("QS#0"), uid("QS#1"), uid("JD#0"), uid("JD#1")), "bezique_2"))
    assert "QS#0" in reason


def test_s20_no_meld_from_tabled_cards_only():
    s = deal(["KS KH KD KC QS JD"], turn_up="9H")
    keep = "KS KH KD KC QS JD"
    win(s, P, keep)
    meld(s, "KS KH KD KC", "four_kings", points=80)
    done(s)
    win(s, P, keep)
    meld(s, "QS JD", "bezique_1", points=40)
    done(s)
    win(s, P, keep)
    assert "concealed hand" in refused(s, "KS QS")


def test_s20_tabled_cards_only_with_meld_requires_card_from_hand_off():
    s = deal(["KS KH KD KC QS JD"], turn_up="9H", rules=rules(meld_requires_card_from_hand=False))
    keep = "KS KH KD KC QS JD"
    win(s, P, keep)
    meld(s, "KS KH KD KC", points=80)
    done(s)
    win(s, P, keep)
    meld(s, "QS JD", points=40)
    done(s)
    win(s, P, keep)
    meld(s, "KS QS", "common_marriage", points=20)
    assert s.scores == [140, 0]


def test_s21_only_the_winner_melds():
    s = deal(["8H", "KH QH 8C"])
    win(s, P, keep="KH QH")
    assert s.phase == Phase.DECLARE and s.to_act == P and s.step_actor == P
    loser_meld = Action(Verb.MELD, (find(s, O, "KH"), find(s, O, "QH")), "common_marriage")
    assert "not in your hand" in why_illegal(s, loser_meld).text
    assert loser_meld not in legal_actions(s)
    assert view_for(s, O).legal == ()


def test_s22_melded_cards_are_playable():
    s = deal(["QS JD"])
    win(s, P, "QS JD")
    meld(s, "QS JD", points=40)
    done(s)
    queen = _table(s, P, "QS")
    assert Action(Verb.PLAY, (queen,)) in legal_actions(s)
    play(s, "QS", "table")
    assert s.broken == [True] and s.scores[P] == 40
    assert queen not in s.tables[P]


# --- last stock trick and phase 2 ---------------------------------------------------------------------------
def test_s23_last_stock_trick_meld_then_draws():
    s = deal(["AH AS AD AC"])
    keep = "AH AS AD AC"
    to_last_stock_trick(s, P, keep)
    assert s.tricks_done == 23 and len(s.stock) == 2
    win(s, P, keep)
    assert s.tricks_done == 24
    meld(s, "AH AS AD AC", "four_aces", points=100)
    turn_up, face_down = s.stock
    done(s)
    assert s.stock == []
    assert face_down in s.hands[P] and turn_up in s.hands[O]
    assert s.phase == Phase.PLAY and s.final_phase and s.to_act == P
    assert all(a.verb == Verb.PLAY for a in legal_actions(s))


def test_s24_transition_to_phase_two():
    s = deal(["AH AS AD AC", "7S"])
    keep = "AH AS AD AC 7S"
    to_last_stock_trick(s, P, keep)
    win(s, P, keep)
    meld(s, "AH AS AD AC", points=100)
    seven = find(s, O, "7S")
    done(s)
    assert [len(h) for h in s.hands] == [8, 8] and s.tables == [[], []]
    assert sum(1 for c in s.hands[P] if rank_of(c) == 0) >= 4
    # trick 25: no declaration step follows, and an unspent seven of trumps scores nothing
    before = list(s.scores)
    play_when_legal(s, O, seven)
    assert s.scores == before
    if not s.trick:
        assert s.phase == Phase.PLAY
    while s.phase == Phase.PLAY and s.tricks_done < 32:
        assert s.phase != Phase.DECLARE
        play(s, plays(s)[-1])
    assert s.tricks_done == 32


@pytest.mark.parametrize(("must_win", "expected"), [(False, ["AH", "9H"]), (True, ["AH"])])
def test_s25_must_follow_suit(must_win, expected):
    s = final_tricks("9D", rules(endgame_must_win_trick=must_win))
    rig_hand(s, P, "QH 8S 8S 9S 9S 8C 8C JS")
    rig_hand(s, O, "9H AH 7D KC KS JC TS TC")
    play(s, "QH")
    assert plays(s) == expected
    reason = why_illegal(s, Action(Verb.PLAY, (find(s, O, "7D"),)))
    assert reason and "follow suit" in reason.text
    assert reason.code == (RefusalCode.MUST_FOLLOW_AND_WIN if must_win else RefusalCode.MUST_FOLLOW_SUIT)
    if must_win:
        assert "win" in why_illegal(s, Action(Verb.PLAY, (find(s, O, "9H"),))).text


def test_s26_must_trump_when_void():
    s = final_tricks("9D")
    rig_hand(s, P, "QH 8S 8S 9S 9S 8C 8C JS")
    rig_hand(s, O, "8D KC KS JC TS TC AC AS")
    play(s, "QH")
    assert plays(s) == ["8D"]
    assert "trump" in why_illegal(s, Action(Verb.PLAY, (find(s, O, "KC"),))).text


def test_s26_void_in_suit_and_trumps_plays_anything():
    s = final_tricks("9D")
    rig_hand(s, P, "QH 8S 8S 9S 9S 8C 8C JS")
    rig_hand(s, O, "9C KC KS JC TS TC AC AS")
    play(s, "QH")
    assert sorted(plays(s)) == sorted(set(faces_of(s.hands[O])))


@pytest.mark.parametrize(("must_win", "expected"), [(False, ["TD", "8D"]), (True, ["TD"])])
def test_s27_trump_led(must_win, expected):
    s = final_tricks("9H", rules(endgame_must_win_trick=must_win))
    rig_hand(s, P, "9D 8S 8S 9S 9S 8C 8C JS")
    rig_hand(s, O, "TD 8D KC KS JC TS TC AC")
    play(s, "9D")
    assert plays(s) == expected


@pytest.mark.parametrize("must_win", [False, True])
def test_s27_identical_card_is_legal_and_leader_wins(must_win):
    s = final_tricks("9H", rules(endgame_must_win_trick=must_win))
    rig_hand(s, P, "9D 8S 8S 9S 9S 8C 8C JS")
    rig_hand(s, O, "9D KC KS JC TS TC AC AH")
    play(s, "9D")
    assert plays(s) == ["9D"]
    play(s, "9D")
    assert s.tricks_log[-1][0] == P


def test_must_win_with_no_higher_card_follows_with_any_of_suit():
    s = final_tricks("9H", rules(endgame_must_win_trick=True))
    rig_hand(s, P, "AD 8S 8S 9S 9S 8C 8C JS")
    rig_hand(s, O, "TD 8D KC KS JC TS TC AC")
    play(s, "AD")
    assert plays(s) == ["TD", "8D"]


# --- end of deal --------------------------------------------------------------------------------------------
def test_s28_last_trick_bonus_final_trick():
    s = deal([])
    play_out(s)
    assert s.phase == Phase.AWAIT_DEAL and s.past_deals[-1].points
    final_winner = s.tricks_log[-1][0]
    assert len(s.tricks_log) == 32
    assert [(seat, pts) for d, _, seat, sid, pts in s.log if sid == "last_trick"] == [(final_winner, 10)]


def test_s28_last_trick_bonus_on_last_stock_trick():
    s = deal([], rules=rules(last_trick_bonus_trick="last_stock_trick"))
    to_last_stock_trick(s, P)
    win(s, P)
    assert log_of(s, "last_trick") == [(P, 10)], "scored when trick 24 is resolved"
    done(s)
    play_out(s)
    assert [(seat, pts) for d, _, seat, sid, pts in s.log if sid == "last_trick"] == [(P, 10)]


def _to_final_trick(state):
    """Play (cheapest cards, no melds) until one card per hand is left, with the leader to act."""
    while not (state.final_phase and len(state.hands[0]) == 1 and not state.trick):
        if state.phase == Phase.DECLARE:
            done(state)
        else:
            play(state, plays(state)[-1])


def _rig_end(state, p_brisques, final_winner):
    """Rig the final position: P's won pile holds exactly the brisques `p_brisques` (face codes, or a count),
    O's pile all the others; the last two cards are plain non-trumps; `final_winner` wins the last trick."""
    leader = state.to_act
    low = ["9H", "8H"] if final_winner == leader else ["8H", "9H"]
    rig_hand(state, leader, low[:1])
    rig_hand(state, 1 - leader, low[1:])
    pool = sorted(c for pile in state.won for c in pile)
    bris = [c for c in pool if rank_of(c) in BRISQUE_RANKS]
    plain = [c for c in pool if rank_of(c) not in BRISQUE_RANKS]
    assert len(bris) == 16
    if isinstance(p_brisques, int):
        mine = bris[:p_brisques]
    else:
        mine = []
        for code in p_brisques:
            mine.append(next(c for c in bris if face_code(c) == code and c not in mine))
    ours = max(0, 10 - len(mine))  # P's pile: 10 cards before the final trick where possible
    for c in mine + plain[:ours]:
        move_card(state, c, state.won[0])
    for c in [c for c in bris if c not in mine] + plain[ours:]:
        move_card(state, c, state.won[1])
    return mine


def _final_trick(state):
    play(state, plays(state)[0])
    play(state, plays(state)[0])


def test_s29_brisques():
    s = deal([])
    _to_final_trick(s)
    _rig_end(s, ["AS", "AS", "TH", "TC"], P)
    _final_trick(s)
    assert len(s.tricks_log) == 32 and len(s.won[P]) == 12
    assert faces_of(c for c in s.won[P] if rank_of(c) in BRISQUE_RANKS) == ["AS", "AS", "TH", "TC"]
    brisque_log = [(seat, pts) for d, _, seat, sid, pts in s.log if sid == "brisques"]
    assert brisque_log == [(P, 40), (O, 120)]
    assert sum(p for _, p in brisque_log) == 160
    assert log_of(s, "last_trick") == [(P, 10)]


def test_s29_brisques_from_own_played_cards_count():
    """P wins four tricks by leading A♠ A♠ 10♥ 10♣ (O discards non-brisques): those count for P."""
    s = deal(["AS AS TH TC 9H 9D 8H 8D", "8C 8C 9C 9C 7C 7C 7D 7D"], turn_up="9S")
    for lead in ("AS", "AS", "TH", "TC"):
        win(s, P, keep="AS TH TC", lead=lead)
        done(s)
    won = [c for c in s.won[P] if rank_of(c) in BRISQUE_RANKS]
    assert faces_of(won) == ["AS", "AS", "TH", "TC"]


def _end_with(target, scores_before, brisques, final_winner, **overrides):
    s = deal([], rules=rules(target_score=target, **overrides))
    _to_final_trick(s)
    _rig_end(s, brisques[0], final_winner)
    assert sum(rank_of(c) in BRISQUE_RANKS for c in s.won[1]) == brisques[1]
    s.scores = list(scores_before)
    _final_trick(s)
    return s


@pytest.mark.parametrize("target", [1000, 500])
def test_s30_immediate_win_on_a_meld(target):
    s = deal(["JH JS JD JC"], scores=[target - 40, 0], rules=rules(target_score=target))
    win(s, P, "JH JS JD JC")
    meld(s, "JH JS JD JC", "four_jacks")
    assert s.scores == [target, 0]
    assert s.phase == Phase.OVER and s.finished and s.winner == P and s.tricks_done == 1
    assert legal_actions(s) == [] and why_illegal(s, DONE_ACTION) == (RefusalCode.GAME_OVER, "the game is over")


@pytest.mark.parametrize("target", [1000, 500])
def test_s30_one_short_of_target_goes_on(target):
    s = deal(["JH JS JD JC"], scores=[target - 41, 0], rules=rules(target_score=target))
    win(s, P, "JH JS JD JC")
    meld(s, "JH JS JD JC", "four_jacks")
    assert not s.finished and s.phase == Phase.DECLARE


@pytest.mark.parametrize("target", [1000, 500])
def test_s31_win_at_the_deal(target):
    s = deal([], turn_up="7S", scores=[0, target - 5], rules=rules(target_score=target))
    assert s.scores == [0, target + 5]
    assert s.finished and s.winner == O and s.phase == Phase.OVER and s.tricks_done == 0 and not s.played


@pytest.mark.parametrize("target", [1000, 500])
def test_s32_both_pass_at_brisque_time_higher_wins(target):
    shift = target - 1000
    s = _end_with(target, [980 + shift, 895 + shift], (3, 13), P)  # P takes the last trick: 990
    assert s.scores == [1020 + shift, 1025 + shift]
    assert s.finished and s.winner == O


@pytest.mark.parametrize("target", [1000, 500])
def test_s33_tie_at_brisque_time_plays_another_deal(target):
    shift = target - 1000
    s = _end_with(target, [940 + shift, 950 + shift], (8, 8), P)
    assert s.scores == [1030 + shift, 1030 + shift]
    assert not s.finished and s.phase == Phase.AWAIT_DEAL and s.tiebreak == (0, 1)
    assert s.dealer == P, "the deal alternates"
    deals = 1
    while not s.finished:
        start_deal(s, shuffled_deck(s.rules, random.Random(deals)))
        play_out(s)
        deals += 1
        assert len(s.tricks_log) == 32, "the extra deal is played to its end, without the immediate stop"
        assert deals < 6
    assert s.winner == max((0, 1), key=lambda side: s.scores[side])
    assert s.scores[0] != s.scores[1]


@pytest.mark.parametrize("target", [1000, 500])
def test_s33_tie_rule_draw(target):
    shift = target - 1000
    s = _end_with(target, [940 + shift, 950 + shift], (8, 8), P, final_tie_rule="draw")
    assert s.finished and s.winner is None and s.phase == Phase.OVER


@pytest.mark.parametrize("target", [1000, 500])
def test_s33_tie_rule_non_dealer_wins(target):
    shift = target - 1000
    s = _end_with(target, [940 + shift, 950 + shift], (8, 8), P, final_tie_rule="non_dealer_wins")
    assert s.dealer == O
    assert s.finished and s.winner == P


@pytest.mark.parametrize("target", [1000, 500])
def test_s34_last_trick_reaches_target_before_brisques(target):
    shift = target - 1000
    s = _end_with(target, [990 + shift, 995 + shift], (15, 1), O)
    assert s.finished and s.winner == O
    assert s.scores == [990 + shift, 1005 + shift]
    assert log_of(s, "brisques") == []


def test_end_of_deal_mode_does_not_stop_mid_deal():
    s = deal(["JH JS JD JC"], scores=[990, 0], rules=rules(game_end_mode="end_of_deal"))
    win(s, P, "JH JS JD JC")
    meld(s, "JH JS JD JC", points=40)
    assert not s.finished
    play_out(s)
    assert len(s.tricks_log) == 32 and s.finished and s.winner == P


def test_immediate_brisques():
    s = deal(["AH", "TH"], rules=rules(brisque_timing="immediate"))
    play(s, "AH")
    play(s, "TH")
    assert s.scores == [20, 0] and log_of(s, "brisques") == [(P, 20)]
    done(s)
    play_out(s)
    total = sum(p for d, _, _, sid, p in s.log if sid == "brisques")
    assert total == 160


def test_deck_layout_follows_record_md():
    """Packets 3-2-3 from the dealer's left, the 17th card turned up, the stock drawn from its top."""
    faces = build_deck(TWO, [["AS", "TS", "KS", "QS", "JS", "9S", "8S", "7S"],
                             ["AH", "TH", "KH", "QH", "JH", "9H", "8H", "7H"]],
                       turn_up="AD", draws="TD KD", dealer=1)
    assert [face_code(f) for f in faces[:17]] == [
        "AS", "TS", "KS", "AH", "TH", "KH", "QS", "JS", "QH", "JH", "9S", "8S", "7S", "9H", "8H", "7H", "AD"]
    s = deal([["AS", "TS", "KS", "QS", "JS", "9S", "8S", "7S"],
              ["AH", "TH", "KH", "QH", "JH", "9H", "8H", "7H"]], turn_up="AD", draws="TD KD")
    assert faces_of(s.hands[P]) == ["AS", "TS", "KS", "QS", "JS", "9S", "8S", "7S"]
    assert s.trump == 2 and face_code(s.stock[0]) == "AD" and len(s.stock) == 48
    assert face_code(s.stock[-1]) == "TD" and face_code(s.stock[-2]) == "KD"
    assert suit_of(s.stock[0]) == s.trump and s.to_act == P
    assert face_of(s.stock[0]) == faces[16]
