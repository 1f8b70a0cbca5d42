"""RULES.md §8 scenarios 36–45: Rubicon and Chinese Bezique (trumps by first marriage, carte blanche, re-forming,
build-up, settlement, trump-dependent bezique, trump quartets, quintuple)."""

from __future__ import annotations

import random

import pytest

from bezique.rules import (
    Action,
    GameState,
    Phase,
    Verb,
    apply_checked,
    legal_actions,
    make_card,
    make_ruleset,
    new_game,
    parse_code,
    scoring,
    shuffled_deck,
    start_deal,
    why_illegal,
)
from tests.dealing import dealt_game


def card(code: str) -> int:
    face, copy = parse_code(code)
    return make_card(face, copy or 0)


def cards(codes: str) -> tuple[int, ...]:
    return tuple(card(c) for c in codes.split())


def declaring(variant: str, hand: str, table: str = "", trump: int | None = None, **overrides) -> GameState:
    """Seat 0 in the declaration step of a phase-1 trick it just won, holding `hand` (concealed) and `table`."""
    rules = make_ruleset(variant, overrides)
    state = dealt_game(rules, 1, random.Random(0))
    mine = set(cards(hand)) | set(cards(table))
    for seat in range(2):
        state.hands[seat] = [c for c in state.hands[seat] if c not in mine]
    state.stock = [c for c in state.stock if c not in mine]
    state.hands[0] = list(cards(hand))
    state.tables[0] = list(cards(table))
    state.trump = trump
    state.phase = Phase.DECLARE
    state.trick_winner = state.step_actor = state.to_act = 0
    state.step_melded = state.step_exchanged = state.step_acted = False
    return state


def meld(state: GameState, codes: str, kind: str | None = None) -> None:
    apply_checked(state, Action(Verb.MELD, cards(codes), kind))


def next_step(state: GameState) -> None:
    """Close the step and open a fresh one for seat 0 (as if it won the next trick too)."""
    state.phase = Phase.DECLARE
    state.step_melded = state.step_exchanged = state.step_acted = False


S, H, D, C = range(4)


def test_36_rubicon_first_marriage_sets_trumps_and_scores_40() -> None:
    state = declaring("rubicon", "KH#0 QH#0 KC#0 QC#0")
    meld(state, "KH#0 QH#0", "royal_marriage")
    assert state.trump == H and state.deal_points[0] == 40
    next_step(state)
    assert why_illegal(state, Action(Verb.MELD, cards("KC#0 QC#0"), "royal_marriage")) is not None
    meld(state, "KC#0 QC#0", "common_marriage")
    assert state.deal_points[0] == 60


def test_37_rubicon_sequence_first_sets_trumps_then_backdoor() -> None:
    state = declaring("rubicon", "AC#0 TC#0 KC#0 QC#0 JC#0 AS#0 TS#0 KS#0 QS#0")
    state.hands[0].append(card("JS#0"))
    meld(state, "AC#0 TC#0 KC#0 QC#0 JC#0", "trump_sequence")
    assert state.trump == C and state.deal_points[0] == 250
    next_step(state)
    meld(state, "AS#0 TS#0 KS#0 QS#0 JS#0", "backdoor_sequence")
    assert state.deal_points[0] == 400


def test_38_rubicon_carte_blanche_at_deal_and_repeats() -> None:
    rules = make_ruleset("rubicon")
    no_courts = ["AS", "TS", "9S", "8S", "7S", "AH", "TH", "9H", "8H"]
    other = ["KS", "QS", "JS", "KH", "QH", "JH", "KD", "QD", "JD"]
    faces = [parse_code(c)[0] for c in no_courts]
    rest = [f for f in range(32) for _ in range(4)]
    for f in faces + [parse_code(c)[0] for c in other]:
        rest.remove(f)
    # Dealer 1: seat 0 (non-dealer) receives packets 1, 3, 5; stock top comes next.
    deck: list[int] = []
    ncodes, ocodes = [parse_code(c)[0] for c in no_courts], [parse_code(c)[0] for c in other]
    for packet in range(3):
        deck += ncodes[3 * packet:3 * packet + 3] + ocodes[3 * packet:3 * packet + 3]
    # The stock's top: trick 1's draws (winner, loser), then trick 2's draws.
    draws = [parse_code(c)[0] for c in ("8C", "9C", "QH", "9C")]
    for f in draws:
        rest.remove(f)
    deck += draws + rest
    state = new_game(rules, 1)
    start_deal(state, deck)
    assert state.deal_points == [50, 0]
    assert set(state.hands[0]) <= state.exposed  # the hand was shown
    assert state.blanche == [True, False]

    def play_trick_won_by(seat: int) -> None:
        # The leader (seat 0 first) plays; whoever must win plays a higher card of the same suit if possible.
        leader = state.to_act
        lead = min(state.hands[leader], key=lambda c: -(c & 7))  # lowest card
        apply_checked(state, Action(Verb.PLAY, (lead,)))
        follower = state.to_act
        beaters = [c for c in state.hands[follower] if (c & 31) >> 3 == (lead & 31) >> 3 and (c & 7) < (lead & 7)]
        others = [c for c in state.hands[follower] if c not in beaters and (c & 31) >> 3 != (lead & 31) >> 3]
        choice = (beaters if seat == follower else others or state.hands[follower])[0]
        apply_checked(state, Action(Verb.PLAY, (choice,)))
        apply_checked(state, Action(Verb.DONE))

    play_trick_won_by(0)
    assert state.deal_points[0] == 100  # drew 8C: shown, +50
    play_trick_won_by(0)
    assert state.deal_points[0] == 100 and state.blanche[0] is False  # drew QH: privilege ends
    assert state.deal_points[1] == 0  # the opponent, dealt courts, never scores it


def test_39_rubicon_reforming_quartets() -> None:
    state = declaring("rubicon", "QH#0 QH#1 QH#2 QH#3 QS#0")
    meld(state, "QH#0 QH#1 QH#2 QH#3", "four_queens")
    next_step(state)
    assert "already scored" in why_illegal(state, Action(Verb.MELD, cards("QH#1 QH#2 QH#3 QS#0"))).text
    state.tables[0].remove(card("QH#0"))
    state.broken[0] = True  # QH#0 was played to a trick
    meld(state, "QH#1 QH#2 QH#3 QS#0", "four_queens")
    assert state.deal_points[0] == 120


def test_40_rubicon_bezique_build_up() -> None:
    state = declaring("rubicon", "QS#0 JD#0 QS#1 JD#1 QS#2 JD#2")
    meld(state, "QS#0 JD#0", "bezique_1")
    next_step(state)
    meld(state, "QS#0 JD#0 QS#1 JD#1", "bezique_2")
    next_step(state)
    meld(state, "QS#0 JD#0 QS#1 JD#1 QS#2 JD#2", "bezique_3")
    assert state.deal_points[0] == 40 + 500 + 1500
    next_step(state)
    assert why_illegal(state, Action(Verb.MELD, cards("QS#0 JD#0 QS#1 JD#1 QS#2 JD#2"))) is not None


def settle(variant: str, raw: tuple[int, int], brisques: tuple[int, int]) -> GameState:
    rules = make_ruleset(variant, {"match_target": None})
    state = dealt_game(rules, 0, random.Random(1))
    state.deal_points = list(raw)
    aces = [make_card(0, c) for c in range(rules.packs)] * 40
    state.won = [aces[:brisques[0]], aces[:brisques[1]]]
    scoring.end_deal(state, None)
    return state


def test_41_rubicon_settlement_normal() -> None:
    state = settle("rubicon", (2870, 1420), (20, 12))
    assert state.past_deals[-1].settlement.settled == (1900, 0)
    assert state.past_deals[-1].settlement.brisques_counted is False
    assert state.finished and state.winner == 0 and state.scores == [1900, 0]


def test_42_rubicon_settlement_rubiconed() -> None:
    state = settle("rubicon", (1850, 760), (23, 9))
    s = state.past_deals[-1].settlement
    assert s.brisques_counted and s.total == (2080, 850) and s.rubiconed
    assert s.settled == (1800 + 700 + 1000 + 320, 0)


def test_rubicon_raw_tie_counts_brisques_and_tie_after_is_a_drawn_deal() -> None:
    state = settle("rubicon", (1620, 1620), (17, 15))
    assert state.past_deals[-1].settlement.settled == (500, 0)
    state = settle("rubicon", (1620, 1620), (16, 16))
    assert state.past_deals[-1].settlement.winner is None and state.scores == [0, 0]
    assert state.finished and state.winner is None


def test_chinese_settlement_never_counts_brisques() -> None:
    state = settle("chinese", (3500, 3500), (30, 2))
    assert state.past_deals[-1].settlement.winner is None
    state = settle("chinese", (5400, 2900), (0, 0))
    s = state.past_deals[-1].settlement
    assert s.rubiconed and s.settled == (5400 + 2900 + 1000 + 500, 0)  # 2900 < 3000: rubiconed
    state = settle("chinese", (5450, 3180), (0, 0))
    assert state.past_deals[-1].settlement.settled == (5400 - 3100 + 1000, 0)


def test_43_chinese_bezique_follows_trumps() -> None:
    state = declaring("chinese", "QD#0 JS#0 QS#0 JD#0", trump=D)
    assert why_illegal(state, Action(Verb.MELD, cards("QS#0 JD#0"))) is not None
    meld(state, "QD#0 JS#0", "bezique_1")
    untrumped = declaring("chinese", "QD#0 JS#0 QS#0 JD#0", trump=None)
    assert not [a for a in legal_actions(untrumped) if a.kind and a.kind.startswith("bezique")]


def test_44_chinese_trump_quartet() -> None:
    state = declaring("chinese", "AH#0 AH#1 AH#2 AH#3 AC#0", trump=H)
    kinds = {a.kind: a for a in legal_actions(state) if a.verb == Verb.MELD}
    assert kinds["four_trump_aces"].cards == cards("AH#0 AH#1 AH#2 AH#3")
    assert all(c != card("AC#0") for c in kinds["four_trump_aces"].cards)
    meld(state, "AH#0 AH#1 AH#2 AH#3", "four_trump_aces")
    assert state.deal_points[0] == 1000
    other = declaring("chinese", "AH#0 AH#1 AH#2 AC#0", trump=H)
    meld(other, "AH#0 AH#1 AH#2 AC#0", "four_aces")
    assert other.deal_points[0] == 100


def test_45_chinese_quintuple() -> None:
    hand = " ".join(f"QD#{i} JS#{i}" for i in range(5))
    state = declaring("chinese", hand, trump=D)
    meld(state, hand, "bezique_5")
    assert state.deal_points[0] == 9000


@pytest.mark.parametrize("variant", ["rubicon", "chinese"])
def test_random_settlement_games_keep_every_card_and_end(variant: str) -> None:
    rules = make_ruleset(variant)
    rng = random.Random(7)
    for _ in range(3):
        state = new_game(rules, rng.randrange(2))
        while state.phase != Phase.OVER:
            start_deal(state, shuffled_deck(rules, rng))
            while state.phase not in (Phase.AWAIT_DEAL, Phase.OVER):
                apply_checked(state, rng.choice(legal_actions(state)))
            everything = sorted(c for pile in state.won for c in pile)
            assert everything == sorted(range(32 * rules.packs))  # every deal is played out, the last one too
            settlement = state.past_deals[-1].settlement
            assert settlement is not None and sum(settlement.settled) >= 0
        assert state.winner is not None and state.scores[state.winner] >= rules.match_target
