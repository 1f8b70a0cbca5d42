"""RULES.md §8 scenarios 46 (three-handed), 47 (four-handed partnership) and 48 (Open Bezique), plus the
N-player trick and final-phase rules (§1.4, §1.9) that only show with three or more players."""

from __future__ import annotations

import random

import pytest
from stacking import (
    act,
    build_deck,
    deal,
    done,
    find,
    meld,
    meld_action,
    names,
    play,
    refused,
    rig_hand,
    to_last_stock_trick,
    uid,
    win,
)

from bezique.rules import (
    DONE_ACTION,
    Action,
    Phase,
    Verb,
    apply_checked,
    face_code,
    legal_actions,
    make_ruleset,
    shuffled_deck,
    start_deal,
    view_for,
    why_illegal,
)

THREE = make_ruleset("three_handed")
FOUR = make_ruleset("four_handed")


def plays(state) -> list[str]:
    return [face_code(a.cards[0]) for a in legal_actions(state)]


# --- three-handed (scenario 46) -----------------------------------------------------------------------------
def test_s46_turn_up_is_the_25th_card():
    faces = build_deck(THREE, [[], [], []], turn_up="AD")
    assert face_code(faces[24]) == "AD"
    s = deal([[], [], []], turn_up="AD", rules=THREE)
    assert face_code(s.stock[0]) == "AD" and s.trump == 2 and len(s.stock) == 72
    assert [len(h) for h in s.hands] == [8, 8, 8] and s.to_act == 0 and s.dealer == 2


@pytest.mark.parametrize("target", [1000, 2000])
def test_s46_triple_bezique_all_at_once(target):
    s = deal(["QS QS QS JD JD JD"], rules=make_ruleset("three_handed", {"target_score": target}))
    win(s, 0, keep="QS JD")
    kinds = {a.kind for a in legal_actions(s) if a.verb == Verb.MELD}
    assert {"bezique_1", "bezique_2", "bezique_3"} <= kinds
    act(s, meld_action(s, "QS QS QS JD JD JD", "bezique_3"))
    assert s.scores == [1500, 0, 0]
    assert s.finished == (target == 1000)


def test_s46_triple_on_a_tabled_single_needs_incremental():
    hands = ["QS JD 8H 9H 8D", "", ""]
    draws = ["QS", "7C", "7C", "JD", "8C", "8C", "QS", "9C", "9C", "JD"]
    for mode, ok in (("all_at_once", False), ("incremental", True)):
        s = deal(hands, draws=draws, rules=make_ruleset("three_handed", {"multi_bezique_mode": mode}))
        win(s, 0, keep="QS JD")
        meld(s, "QS JD", "bezique_1", points=40)
        for _ in range(4):
            done(s)
            win(s, 0, keep="QS JD")
        spec = "QS#0 QS#1 QS#2 JD#0 JD#1 JD#2"
        if ok:
            meld(s, spec, "bezique_3", points=1500)
        else:
            assert "all at once" in refused(s, spec, "bezique_3")


def test_s46_last_stock_trick_three_cards():
    s = deal([[], [], []], turn_up="AD", rules=THREE)
    to_last_stock_trick(s, 1)
    assert len(s.stock) == 3
    win(s, 1)
    turn_up, second, top = s.stock
    done(s)
    assert top in s.hands[1] and second in s.hands[2] and turn_up in s.hands[0]
    assert turn_up in view_for(s, 1).known[0]
    assert s.final_phase and s.to_act == 1 and [len(h) for h in s.hands] == [8, 8, 8]


def test_three_identical_cards_first_played_wins():
    s = deal(["9H", "9H", "9H"], rules=THREE)
    assert names(c for h in s.hands for c in h if face_code(c) == "9H") == ["9H#0", "9H#1", "9H#2"]
    for _ in range(3):
        play(s, "9H")
    assert s.tricks_log[-1][0] == 0


def test_three_handed_trumping_and_overtrumping():
    s = deal(["AH", "7S", "8S"], rules=THREE)
    play(s, "AH")
    play(s, "7S")  # trumps (and scores the seven)
    play(s, "8S")  # over-trumps
    assert s.tricks_log[-1][0] == 2 and s.scores == [0, 10, 0]


def _three_phase_two(**overrides):
    s = deal([[], [], []], turn_up="9D", rules=make_ruleset("three_handed", overrides))
    to_last_stock_trick(s, 0)
    win(s, 0)
    done(s)
    assert s.final_phase and s.to_act == 0
    return s


@pytest.mark.parametrize("must_win", [False, True])
def test_follow_suit_after_the_trick_was_trumped(must_win):
    """Seat 1 trumps a heart lead; seat 2 still has hearts: it must follow suit, and since no heart can head a
    trump, any heart will do even with must-win."""
    s = _three_phase_two(endgame_must_win_trick=must_win)
    rig_hand(s, 0, "QH 8S 8S 9S 9S 8C 8C JS")
    rig_hand(s, 1, "9D KC KS JC TS TC AC AS")
    rig_hand(s, 2, "AH 8H TD 7C QC QC KC JC")
    play(s, "QH")
    assert plays(s) == ["9D"]
    play(s, "9D")
    assert plays(s) == ["AH", "8H"]


@pytest.mark.parametrize(("must_win", "hand", "expected"), [
    (False, "TD 7D 8C QC QC KC JC 9C", ["TD", "7D"]),
    (True, "TD 7D 8C QC QC KC JC 9C", ["TD"]),
    (True, "8D 7D 8C QC QC KC JC 9C", ["KC", "QC", "JC", "9C", "8D", "8C", "7D"]),
])
def test_over_trumping_when_void(must_win, hand, expected):
    """Void in the led suit after a trump: must trump; with must-win, over-trump if able, else anything."""
    s = _three_phase_two(endgame_must_win_trick=must_win)
    rig_hand(s, 0, "QH 8S 8S 9S 9S 8C JS AS")
    rig_hand(s, 1, "9D KC KS JC TS TC AC AS")
    rig_hand(s, 2, hand)
    play(s, "QH")
    play(s, "9D")
    assert plays(s) == expected


# --- four-handed partnership (scenario 47) ------------------------------------------------------------------
N, E, S, W = range(4)


def _four(overrides=None, s_hand="JD"):
    s = deal(["KS QS", "", s_hand, ""], rules=make_ruleset("four_handed", overrides or {}))
    assert s.to_act == N and s.dealer == W
    keep = "KS QS JD"
    win(s, N, keep)
    meld(s, "KS QS", "royal_marriage", points=40)
    assert s.scores == [40, 0]
    assert not [a for a in legal_actions(s) if a.verb == Verb.PASS_TO_PARTNER], "a pass must be the first action"
    done(s)
    win(s, N, keep)
    acts = legal_actions(s)
    assert Action(Verb.PASS_TO_PARTNER, seat=S) in acts
    assert [a.seat for a in acts if a.verb == Verb.PASS_TO_PARTNER] == [S]
    assert why_illegal(s, Action(Verb.PASS_TO_PARTNER, seat=E))
    act(s, Action(Verb.PASS_TO_PARTNER, seat=S))
    assert s.to_act == S and s.step_actor == S
    return s


def test_s47_partner_melds_with_the_passers_tabled_queen():
    s = _four()
    queen = find(s, N, "QS", "table")
    action = Action(Verb.MELD, (queen, find(s, S, "JD")), "bezique_1")
    assert action in legal_actions(s)
    apply_checked(s, action)
    assert s.scores == [80, 0]
    assert queen in s.tables[N] and queen not in s.tables[S]
    assert Action(Verb.PASS_TO_PARTNER, seat=N) not in legal_actions(s)
    events = []
    apply_checked(s, DONE_ACTION, events)
    drawn = [e.seat for e in events if e.kind == "card_drawn"]
    assert drawn == [N, E, S, W]
    assert s.to_act == N
    # only N may play that Q♠
    play(s, "8H") if any(face_code(c) == "8H" for c in s.hands[N]) else play(s, plays(s)[-1])
    play(s, plays(s)[-1])
    assert s.to_act == S
    assert Action(Verb.PLAY, (queen,)) not in legal_actions(s)
    assert "not in seat 2's hand" in why_illegal(s, Action(Verb.PLAY, (queen,))).text


def test_s47_double_bezique_from_both_partners_is_illegal():
    s = _four(s_hand="JD QS JD")
    queen = find(s, N, "QS", "table")
    own = [find(s, S, "QS"), *sorted(c for c in s.hands[S] if face_code(c) == "JD")]
    action = Action(Verb.MELD, tuple(sorted([queen, *own])), "bezique_2")
    assert "own cards" in why_illegal(s, action).text
    assert action not in legal_actions(s)


def test_s47_double_bezique_from_both_partners_allowed_by_option():
    s = _four({"partnership_multi_bezique_from_one_player": False}, s_hand="JD QS JD")
    queen = find(s, N, "QS", "table")
    own = [find(s, S, "QS"), *sorted(c for c in s.hands[S] if face_code(c) == "JD")]
    act(s, Action(Verb.MELD, tuple(sorted([queen, *own])), "bezique_2"))
    assert s.scores == [540, 0]


def test_s47_partner_table_cards_need_a_card_from_the_declarers_hand():
    s = _four(s_hand="KS")
    king = find(s, N, "KS", "table")
    queen = find(s, N, "QS", "table")
    assert "concealed hand" in why_illegal(s, Action(Verb.MELD, (king, queen), "royal_marriage")).text


def test_four_handed_last_stock_trick_and_side_scores():
    s = deal([[], [], [], []], turn_up="AD", rules=FOUR)
    to_last_stock_trick(s, E)
    assert len(s.stock) == 4
    win(s, E)
    turn_up, third, second, top = s.stock
    done(s)
    assert top in s.hands[E] and second in s.hands[S] and third in s.hands[W] and turn_up in s.hands[N]
    while s.phase not in (Phase.AWAIT_DEAL, Phase.OVER):
        play(s, plays(s)[-1])
    brisques = [(side, pts) for _, side, _, sid, pts in s.log if sid == "brisques"]
    assert sum(p for _, p in brisques) == 320 and len(s.scores) == 2


# --- Open Bezique (scenario 48) -----------------------------------------------------------------------------
def test_s48_open_hands_visible_stock_hidden():
    rng = random.Random(48)
    deck = shuffled_deck(make_ruleset("open"), rng)
    opened = deal([[], []], rules=make_ruleset("open"))
    closed = deal([[], []])
    for state in (opened, closed):
        state.phase = Phase.AWAIT_DEAL
        state.deal_index = -1
        start_deal(state, list(deck))
    view = view_for(opened, 0)
    assert view.known[1] == tuple(opened.hands[1]) and view.known[0] == tuple(opened.hands[0])
    assert len(view.unseen()) == 47, "only the face-down stock is unseen"
    assert view_for(closed, 0).known[1] == () and len(view_for(closed, 0).unseen()) == 55
    # the same decisions score the same
    while opened.phase not in (Phase.AWAIT_DEAL, Phase.OVER):
        action = legal_actions(opened)[rng.randrange(len(legal_actions(opened)))]
        assert action in legal_actions(closed)
        apply_checked(opened, action)
        apply_checked(closed, action)
        assert view_for(opened, 1).known[0] == tuple(opened.hands[0])
    assert opened.log == closed.log and opened.scores == closed.scores


def test_uid_helper_matches_engine_numbering():
    assert uid("QS#1") == 32 + 3 and uid("AS") == 0
