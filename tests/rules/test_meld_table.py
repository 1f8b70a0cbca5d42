"""RULES.md §1.8 "What this means in practice": one test per row (two-handed defaults, spades trumps unless
stated). Seat 0 wins every trick; each step is declared on a newly won trick.

Card specs: ``t:QS`` a Q♠ on seat 0's table, ``h:QS`` one in the concealed hand, ``QS#1`` an exact copy, plain
``QS`` the hand first, then the table.
"""

from __future__ import annotations

from collections import Counter

import pytest
from stacking import alternate, deal, done, find, melds_listed, uid, win

from bezique.rules import Action, Verb, apply_checked, face_code, legal_actions, make_ruleset, sort_key, why_illegal


def cards(state, spec: str) -> tuple[int, ...]:
    chosen: list[int] = []
    for token in spec.split():
        place = {"t": "table", "h": "hand"}.get(token[0], "hand table") if token[1] == ":" else "hand table"
        code = token[2:] if token[1] == ":" else token
        chosen.append(find(state, 0, code, place, exclude=chosen))
    return tuple(sorted(chosen, key=sort_key))


class Row:
    """One row: `hand` is dealt to seat 0 (its meld cards are never spent on tricks), `draws` it draws."""

    def __init__(self, hand: str, turn_up: str = "9S", draws: str = "", **overrides) -> None:
        self.keep = " ".join(c.split("#")[0] for c in (hand + " " + draws).split() if c[0] in "ATKQJ")
        used = Counter(c.split("#")[0] for c in (hand + " " + draws + " " + turn_up).split())
        fillers = []
        for code in ["7C", "8C", "9C", "7D", "8D", "9D", "7H", "8H", "9H"]:
            fillers += [code] * (2 - used[code])
        draws_o = fillers[-len(draws.split()):] if draws else []
        self.state = deal([hand], turn_up=turn_up, draws=alternate(draws, draws_o),
                          rules=make_ruleset("two_handed", overrides))
        self.first = True

    def trick(self, lead: str | None = None) -> Row:
        if not self.first:
            done(self.state)
        self.first = False
        win(self.state, 0, self.keep, lead=lead)
        return self

    def meld(self, spec: str, kind: str, points: int) -> Row:
        s = self.state
        action = Action(Verb.MELD, cards(s, spec), kind)
        assert why_illegal(s, action) is None, why_illegal(s, action)
        listed = {(a.kind, tuple(c & 31 for c in a.cards)) for a in legal_actions(s) if a.verb == Verb.MELD}
        assert (kind, tuple(c & 31 for c in action.cards)) in listed
        before = s.scores[0]
        apply_checked(s, action)
        assert s.scores[0] - before == points
        return self

    def illegal(self, spec: str, kind: str, *reasons: str) -> str:
        s = self.state
        action = Action(Verb.MELD, cards(s, spec), kind)
        refused = why_illegal(s, action)
        assert refused, f"{spec} as {kind} should be illegal"
        assert action not in legal_actions(s)
        if reasons:
            assert any(r in refused.text for r in reasons), refused
        return refused.text


def test_row01_royal_marriage_then_trump_sequence():
    r = Row("KS QS AS TS JS").trick().meld("KS QS", "royal_marriage", 40)
    r.trick().meld("h:AS h:TS h:JS t:KS t:QS", "trump_sequence", 250)
    assert r.state.scores[0] == 290


def test_row02_sequence_then_royal_marriage_from_its_king_and_queen():
    r = Row("AS TS KS QS JS").trick().meld("AS TS KS QS JS", "trump_sequence", 250)
    r.trick().illegal("t:KS t:QS", "royal_marriage", "concealed hand", "trump sequence")
    assert not [m for m in melds_listed(r.state) if m[0] == "royal_marriage"]


def test_row03_sequence_king_with_the_other_queen():
    r = Row("AS TS KS QS JS QS").trick().meld("AS TS KS h:QS JS", "trump_sequence", 250)
    r.trick().illegal("t:KS h:QS", "royal_marriage", "trump sequence")


def test_row04_bezique_queen_into_common_marriage_hearts_trumps():
    r = Row("QS JD KS", turn_up="9H").trick().meld("QS JD", "bezique_1", 40)
    r.trick().meld("t:QS h:KS", "common_marriage", 20)


def test_row05_bezique_queen_into_royal_marriage_spades_trumps():
    r = Row("QS JD KS").trick().meld("QS JD", "bezique_1", 40)
    r.trick().meld("t:QS h:KS", "royal_marriage", 40)


def test_row06_common_marriage_queen_into_bezique():
    r = Row("KS QS JD", turn_up="9H").trick().meld("KS QS", "common_marriage", 20)
    r.trick().meld("t:QS h:JD", "bezique_1", 40)


def test_row07_bezique_queen_into_four_queens():
    r = Row("QS JD QH QD QC").trick().meld("QS JD", "bezique_1", 40)
    r.trick().meld("t:QS h:QH h:QD h:QC", "four_queens", 60)


def test_row08_marriage_queen_into_four_queens():
    r = Row("KH QH QS QD QC").trick().meld("KH QH", "common_marriage", 20)
    r.trick().meld("t:QH h:QS h:QD h:QC", "four_queens", 60)


def test_row09_sequence_queen_into_bezique():
    r = Row("AS TS KS QS JS JD").trick().meld("AS TS KS QS JS", "trump_sequence", 250)
    r.trick().meld("t:QS h:JD", "bezique_1", 40)


def test_row10_king_and_queen_both_from_the_table():
    r = Row("KS KH KD KC QS JD").trick().meld("KS KH KD KC", "four_kings", 80)
    r.trick().meld("QS JD", "bezique_1", 40)
    r.trick().illegal("t:KS t:QS", "royal_marriage", "concealed hand")


def test_row11_married_king_with_a_new_queen_after_the_first_queen_was_played():
    r = Row("KH QH", draws="QH").trick().meld("KH QH", "common_marriage", 20)
    r.trick(lead="QH#0")
    r.illegal("t:KH h:QH", "common_marriage", "marriage")


def test_row12_three_remaining_kings_and_a_new_one():
    r = Row("KH KS KD KC", draws="KH").trick().meld("KH KS KD KC", "four_kings", 80)
    r.trick(lead="KH#0")
    r.illegal("h:KH t:KS t:KD t:KC", "four_kings", "four kings")


def test_row13_four_different_kings_all_fresh():
    """The row has KH#0 KH#1 KS#0 KS#1 still on the table when the fresh four are declared; with 8-card hands
    that cannot happen (4 + 4 cards, but a trick winner holds 7), so one old king is led on the winning
    trick."""
    r = Row("KH KH KS KS 8H 8D 9H 9D", draws="KD 9C KD KC KC")
    r.trick().meld("KH#0 KH#1 KS#0 KS#1", "four_kings", 80)
    for _ in range(4):
        r.trick()
    r.trick(lead="KH#0")
    r.meld("KD#0 KD#1 KC#0 KC#1", "four_kings", 80)
    assert r.state.scores[0] == 160


def test_row14_second_marriage_from_fresh_copies():
    r = Row("KH QH", draws="KH QH").trick().meld("KH#0 QH#0", "common_marriage", 20)
    r.trick().trick()
    r.meld("KH#1 QH#1", "common_marriage", 20)


@pytest.mark.parametrize("from_hand", [True, False])
def test_row15_single_from_a_double(from_hand):
    r = Row("QS QS JD JD", meld_requires_card_from_hand=from_hand)
    r.trick().meld("QS QS JD JD", "bezique_2", 500)
    reasons = ("concealed hand", "double bezique") if from_hand else ("double bezique",)
    r.trick().illegal("t:QS t:JD", "bezique_1", *reasons)


@pytest.mark.parametrize(("mode", "legal"), [("all_at_once", False), ("incremental", True)])
def test_row16_double_on_a_tabled_single(mode, legal):
    r = Row("QS JD 8H 8D 9H", draws="QS JD", multi_bezique_mode=mode)
    r.trick().meld("QS#0 JD#0", "bezique_1", 40)
    r.trick().trick()
    if legal:
        r.meld("QS#0 QS#1 JD#0 JD#1", "bezique_2", 500)
    else:
        r.illegal("QS#0 QS#1 JD#0 JD#1", "bezique_2", "all at once")


@pytest.mark.parametrize("mode", ["all_at_once", "incremental"])
def test_row17_second_single_beside_a_tabled_single(mode):
    r = Row("QS JD 8H 8D 9H", draws="QS JD", multi_bezique_mode=mode)
    r.trick().meld("QS#0 JD#0", "bezique_1", 40)
    r.trick().trick()
    r.meld("QS#1 JD#1", "bezique_1", 40)


@pytest.mark.parametrize(("mode", "from_hand", "reasons"), [
    ("all_at_once", True, ("concealed hand", "all at once")),
    ("incremental", True, ("concealed hand", "fresh")),
    ("all_at_once", False, ("all at once",)),
    ("incremental", False, ("fresh",)),
])
def test_row18_double_from_two_tabled_singles(mode, from_hand, reasons):
    r = Row("QS JD 8H 8D 9H", draws="QS JD", multi_bezique_mode=mode, meld_requires_card_from_hand=from_hand)
    r.trick().meld("QS#0 JD#0", "bezique_1", 40)
    r.trick().trick()
    r.meld("QS#1 JD#1", "bezique_1", 40)
    r.trick().illegal("QS#0 QS#1 JD#0 JD#1", "bezique_2", *reasons)


@pytest.mark.parametrize("mode", ["all_at_once", "incremental"])
def test_row19_single_whose_queen_was_played(mode):
    r = Row("QS JD 8H 8D 9H", draws="QS JD", multi_bezique_mode=mode)
    r.trick().meld("QS#0 JD#0", "bezique_1", 40)
    r.trick()
    r.trick(lead="QS#0")
    assert [k for k, _ in melds_listed(r.state)] == ["bezique_1"]
    played_queen = Action(Verb.MELD, (uid("QS#0"), *cards(r.state, "QS#1 JD#0 JD#1")), "bezique_2")
    assert "QS#0" in why_illegal(r.state, played_queen).text
    r.meld("QS#1 JD#1", "bezique_1", 40)


def test_row20_a_played_card_cannot_be_melded():
    r = Row("KH QH")
    r.trick(lead="KH")
    played_king = next(c for c in r.state.played if face_code(c) == "KH")
    reason = why_illegal(r.state, Action(Verb.MELD, (played_king, cards(r.state, "QH")[0]), "common_marriage"))
    assert reason and "KH#0" in reason.text
    assert melds_listed(r.state) == []
