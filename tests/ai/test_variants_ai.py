"""The search in every variant: Rubicon and Chinese rollouts valued by the rules' settlement and the match, the
final tricks of three to six players, partners' points counted as the side's, and the arena's seats by side."""

from __future__ import annotations

import random

import pytest

from bezique.ai import arena, make_player
from bezique.ai.search import deal_value, rollout, vetoes
from bezique.ai.settling import match_value, settlement_value, settles
from bezique.ai.solver import solvable, solved_value
from bezique.rules import (
    GameState,
    Phase,
    Verb,
    apply,
    beats,
    legal_actions,
    make_ruleset,
    settle_deal,
    view_for,
)
from tests.dealing import dealt_game


def played_until(variant: str, seed: int, done) -> GameState:
    """A deal of `variant` played by the intermediate level from `seed` until `done(state)` holds."""
    rules = make_ruleset(variant, {})
    state = dealt_game(rules, 0, random.Random(seed))
    players = [make_player("intermediate", seed + s) for s in range(rules.players)]
    while not done(state):
        seat = state.to_act
        view = view_for(state, seat)
        apply(state, players[seat].choose(view, view.legal))
    return state


@pytest.mark.parametrize(("raw", "brisques", "settled"), [
    ((2870, 1420), (10, 12), (1900, 0)),  # RULES.md §5.6's worked examples
    ((1850, 760), (11, 9), (3820, 0)),
    ((1620, 1620), (17, 15), (500, 0)),
    ((760, 1850), (9, 11), (0, 3820)),
])
def test_the_rules_settle_a_rubicon_deal_from_its_points(raw, brisques, settled):
    assert settle_deal(make_ruleset("rubicon", {}), raw, brisques).settled == settled


def test_chinese_never_counts_brisques_and_its_rubicon_is_3000():
    rules = make_ruleset("chinese", {})
    assert settle_deal(rules, (4250, 3120), (0, 30)).settled == (4200 - 3100 + 1000, 0)
    assert settle_deal(rules, (4250, 2990), (0, 30)).settled == (4200 + 2900 + 1500, 0)
    assert settle_deal(rules, (3000, 3000), (5, 0)).winner is None  # a raw tie is a drawn deal


def test_a_match_counts_points_up_to_the_target_and_the_match_won_beyond_any_margin():
    rubicon = make_ruleset("rubicon", {})  # match to 1500, game bonus 500
    assert match_value(rubicon, 0, 0, 900, 0) == 900
    assert match_value(rubicon, 0, 0, 1600, 0) == match_value(rubicon, 0, 0, 3800, 0) == 1500 + 500
    assert match_value(rubicon, 1000, 0, 600, 0) > match_value(rubicon, 0, 0, 900, 0)  # 600 wins the match there
    single = make_ruleset("rubicon", {"match_target": None})
    assert match_value(single, 0, 0, 3800, 0) == 3800


def test_a_rubicon_rollout_counts_the_points_of_the_deal_so_far():
    # the match scores move only when the deal is settled: a rollout valued by them saw no meld made in it
    state = played_until("rubicon", 11, lambda s: s.tricks_done >= 20 and not s.trick and s.to_act == 0)
    assert settles(state.rules) and state.stock
    base = tuple(state.scores)
    ahead = state.clone()
    ahead.deal_points[0] += 300
    behind = state.clone()
    behind.deal_points[1] += 300
    assert deal_value(ahead, 0, base) > deal_value(state, 0, base) > deal_value(behind, 0, base)


def test_a_deal_near_the_rubicon_is_worth_more_than_its_points():
    # far ahead with the opponent under 1000: the rubicon (both totals + 1000 + 320) is near; at the very end of
    # the stock an extra 150 for me lifts the value by more than 150 only through the settlement
    state = played_until("rubicon", 12, lambda s: len(s.stock) <= 6 and not s.trick and s.to_act == 0)
    state.deal_points[0], state.deal_points[1] = 2000, 700
    rubicon = settlement_value(state, 0, tuple(state.scores), (0.0, 0.0))
    state.deal_points[1] = 1300
    plain = settlement_value(state, 0, tuple(state.scores), (0.0, 0.0))
    assert rubicon > plain + 600


def test_a_settled_rollout_is_valued_by_the_settlement_the_rules_made():
    state = played_until("rubicon", 13, lambda s: s.tricks_done >= 8 and not s.trick)
    base = tuple(state.scores)
    rollout(state, random.Random(1), own=0)
    assert state.deal_index == 0 and not state.trick
    gained = [state.scores[s] - base[s] for s in range(2)]
    assert max(gained) >= 500 or gained == [0, 0]  # the game bonus, or a drawn deal
    assert deal_value(state, 0, base) == match_value(state.rules, base[0], base[1], gained[0], gained[1])


def test_chinese_final_tricks_are_solved_for_the_last_trick_alone():
    # brisques score nothing in Chinese: what is still at stake is the last trick (250) alone
    state = played_until("chinese", 14, lambda s: s.final_phase and not s.stock and len(s.hands[1]) <= 4
                         and s.to_act == 0 and not s.trick)
    assert solvable(state)
    _outcome, points = solved_value(state, 0)
    assert abs(points) == state.rules.last_trick_bonus


@pytest.mark.parametrize("variant", ["four_handed", "six_handed"])
def test_no_brisque_is_vetoed_on_a_partners_winning_card(variant):
    def partner_winning(s: GameState) -> bool:
        if not s.trick or s.final_phase or s.to_act is None:
            return False
        rules = s.rules
        winner = (s.leader + s.best) % rules.players
        hand = s.hands[s.to_act]
        brisque = any(c & 7 <= 1 and not beats(c, s.trick[s.best], s.trump) for c in hand)
        cheap = any(c & 7 >= 5 and not beats(c, s.trick[s.best], s.trump) for c in hand)
        return rules.side_of(winner) == rules.side_of(s.to_act) and winner != s.to_act and brisque and cheap

    state = played_until(variant, 15, partner_winning)
    me = state.to_act
    legal = legal_actions(state)
    kept = vetoes(state, me, legal)
    assert any(a.cards[0] & 7 <= 1 for a in kept if a.verb == Verb.PLAY)


@pytest.mark.parametrize("variant", ["three_handed", "four_handed", "six_handed"])
def test_the_expert_searches_the_final_tricks_of_many_hands(variant):
    state = played_until(variant, 16, lambda s: s.final_phase and not s.trick and s.to_act is not None
                         and len(legal_actions(s)) > 2)
    view = view_for(state, state.to_act)
    decision = make_player("expert", 3, iterations=6).decide(view, view.legal)
    assert decision.action in view.legal and decision.code not in ("solver", "solver_win")
    again = make_player("expert", 3, iterations=6).decide(view, view.legal)
    assert again.action == decision.action  # the same seed, the same sampled deals


def test_a_partnership_rollout_plays_the_final_tricks_by_the_rules_to_the_end():
    state = played_until("four_handed", 17, lambda s: s.final_phase and not s.trick)
    rollout(state, random.Random(2), own=state.to_act)
    assert state.phase in (Phase.AWAIT_DEAL, Phase.OVER) and not any(state.hands)


@pytest.mark.parametrize(("variant", "players"), [("three_handed", 3), ("four_handed", 4), ("six_handed", 6)])
def test_the_arena_gives_every_seat_of_a_side_one_level(variant, players):
    rules = make_ruleset(variant, {})
    for swap in (False, True):
        letters = arena.seat_letters(rules, swap)
        assert len(letters) == players and set(letters) == {"A", "B"}
        for side in range(rules.sides):
            assert len({letters[s] for s in range(players) if rules.side_of(s) == side}) == 1
        other = arena.seat_letters(rules, not swap)
        assert all(x != y for x, y in zip(letters, other, strict=True))  # the swapped game seats the other level


def test_a_partnership_deal_is_scored_for_both_levels_sides():
    result = arena.play_arena_game((0, 0, False, "intermediate", "random", "four_handed", 1000, 1, 5, {}))
    assert result["times"]["A"] and result["times"]["B"] and len(result["deal_diffs"]) == 1

