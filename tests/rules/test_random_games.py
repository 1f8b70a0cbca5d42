"""Seeded random games and deals, checking the engine's invariants after every single action (RULES.md §1.13,
§1.5, §1.10, §1.11): card conservation, hand sizes, non-empty legal lists, scores that never fall, checked and
unchecked paths that agree, and 160 (240, 320, 480) brisque points in every completed deal."""

from __future__ import annotations

import random

import pytest

from bezique.rules import (
    Phase,
    Verb,
    apply_checked,
    legal_actions,
    make_ruleset,
    new_game,
    shuffled_deck,
    start_deal,
    why_illegal,
)

VARIANTS = [
    ("two_handed", {"target_score": 500}),
    ("two_handed", {"target_score": 1000, "multi_bezique_mode": "incremental"}),
    ("two_handed", {"target_score": 500, "seven_of_trumps_scoring": "exchange_or_declare",
                    "seven_exchange_counts_as_meld": True, "exchanged_card_usable_same_step": True}),
    ("two_handed", {"target_score": 500, "last_trick_bonus_trick": "last_stock_trick",
                    "brisque_timing": "immediate", "endgame_must_win_trick": True}),
    ("two_handed", {"target_score": 500, "game_end_mode": "end_of_deal", "final_tie_rule": "draw",
                    "seven_exchange_allowed_after_last_stock_trick": False}),
    ("open", {"target_score": 500, "final_tie_rule": "non_dealer_wins", "meld_requires_card_from_hand": False,
              "marriage_after_sequence_allowed": True}),
    ("three_handed", {"target_score": 1000}),
    ("four_handed", {"target_score": 1000}),
    ("four_handed", {"target_score": 1000, "four_hand_mode": "individual"}),
    ("six_handed", {"target_score": 1000}),
]


class Checker:
    """Follows one game and asserts the invariants after each action."""

    def __init__(self, state) -> None:
        self.state = state
        rules = state.rules
        self.all_cards = sorted(copy * 32 + face for copy in range(rules.packs) for face in range(32))
        self.scores = list(state.scores)
        self.deals_completed = 0

    def places(self):
        s = self.state
        return [*s.hands, *s.tables, *s.won, s.stock, s.trick]

    def check(self) -> None:
        s = self.state
        rules = s.rules
        n = rules.players
        # every physical card in exactly one place
        cards = sorted(c for pile in self.places() for c in pile)
        assert cards == self.all_cards
        # scores never fall
        assert all(now >= before for now, before in zip(s.scores, self.scores, strict=True))
        self.scores = list(s.scores)
        if s.phase == Phase.OVER:
            assert s.finished and legal_actions(s) == [] and s.to_act is None
            return
        if s.phase == Phase.AWAIT_DEAL:
            assert legal_actions(s) == [] and s.to_act is None
            return
        acts = legal_actions(s)
        assert acts, "no legal action while the game goes on"
        assert len(set(acts)) == len(acts)
        # hand sizes
        if s.phase == Phase.PLAY and not s.trick:
            if not s.final_phase:
                assert [len(s.hands[p]) + len(s.tables[p]) for p in range(n)] == [rules.hand_size] * n
                assert len(s.stock) == rules.stock_size - n * s.tricks_done
            else:
                left = rules.final_trick - s.tricks_done
                assert [len(h) for h in s.hands] == [left] * n and not any(s.tables) and not s.stock
        if s.phase == Phase.DECLARE:
            assert acts[-1].verb == Verb.DONE and not s.final_phase
            assert len(s.stock) >= n
        if s.phase == Phase.PLAY:
            assert all(a.verb == Verb.PLAY for a in acts)
            assert all(a.cards[0] in s.hands[s.to_act] or a.cards[0] in s.tables[s.to_act] for a in acts)
        for a in acts:
            assert why_illegal(s, a) is None, (a, why_illegal(s, a))
        # sevens of trumps: at most one score per physical seven
        sevens = [e for e in s.log if e[0] == s.deal_index and e[3] == "seven_of_trumps"]
        assert len(sevens) <= rules.packs

    def deal_finished(self, deal_index: int) -> None:
        """Called when a deal was played to its final trick (not cut short by a win)."""
        s = self.state
        rules = s.rules
        entries = [e for e in s.log if e[0] == deal_index]
        brisques = sum(e[4] for e in entries if e[3] == "brisques")
        assert brisques == 10 * 8 * rules.packs, brisques  # 160 two-handed, 240, 320, 480
        assert sum(e[4] for e in entries if e[3] == "last_trick") == rules.last_trick_bonus
        assert sum(e[4] for e in entries if e[3] == "seven_of_trumps") <= 10 * rules.packs
        self.deals_completed += 1


def play_game(variant, overrides, seed, max_deals=8):
    """One seeded random game (melds chosen often); returns (deals completed, actions applied)."""
    rules = make_ruleset(variant, overrides)
    rng = random.Random(seed)
    state = new_game(rules, rng.randrange(rules.players))
    checker = Checker(state)
    actions = 0
    for _ in range(max_deals):
        if state.phase == Phase.OVER:
            break
        start_deal(state, shuffled_deck(rules, rng))
        deal_index = state.deal_index
        checker.check()
        while state.phase in (Phase.PLAY, Phase.DECLARE):
            legal = legal_actions(state)
            melds = [a for a in legal if a.verb == Verb.MELD]
            action = rng.choice(melds) if melds and rng.random() < 0.7 else rng.choice(legal)
            before_tricks = state.tricks_done
            apply_checked(state, action)
            actions += 1
            checker.check()
            if state.phase == Phase.PLAY and state.final_phase is False and action.verb == Verb.DONE:
                assert state.tricks_done == before_tricks
        if state.phase == Phase.AWAIT_DEAL or (state.phase == Phase.OVER and len(state.tricks_log) == rules.final_trick
                                         and state.past_deals and len(state.past_deals) == deal_index + 1):
            checker.deal_finished(deal_index)
        if state.phase == Phase.OVER:
            assert state.winner is not None or rules.final_tie_rule == "draw"
    return checker.deals_completed, actions


# completed deals each variant must reach with its seeds (they add up to well over 2,000)
MIN_DEALS = [300, 600, 300, 250, 330, 200, 340, 140, 270, 45]
GAMES = {"two_handed": 90, "open": 60, "three_handed": 50, "four_handed": 40, "six_handed": 20}


@pytest.mark.parametrize(("variant", "overrides", "min_deals"),
                         [(v, o, m) for (v, o), m in zip(VARIANTS, MIN_DEALS, strict=True)],
                         ids=[f"{v}-{i}" for i, (v, _) in enumerate(VARIANTS)])
def test_random_games(variant, overrides, min_deals):
    deals = actions = 0
    for seed in range(GAMES[variant]):
        completed, applied = play_game(variant, overrides, seed=1000 * len(overrides) + seed)
        deals += completed
        actions += applied
    assert deals >= min_deals, f"only {deals} deals completed"
    assert actions >= 64 * deals  # a completed deal has at least 64 plays
