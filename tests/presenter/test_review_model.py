"""The review of a deal as data: a step for the deal and one per trick, every card played once, the hands before
each trick, every meld and score of the deal in some step, the cursor's moves clamped."""

from __future__ import annotations

import random

import pytest

from bezique.presenter.review import ReviewCursor, review_game
from bezique.rules import MELD_NAMES, Phase, RecordedGame, RecordError, legal_actions, make_ruleset, shuffled_deck

PLAYERS = {2: [{"name": "Anna", "type": "human"}, {"name": "Bruno", "type": "ai"}],
           4: [{"name": n, "type": "human"} for n in ("Anna", "Bruno", "Carla", "Dario")]}


def random_game(seed: int, variant: str = "two_handed", deals: int = 2) -> RecordedGame:
    rules = make_ruleset(variant)
    rng = random.Random(seed)
    game = RecordedGame.new(rules, PLAYERS[rules.players], 0, seed)
    while game.state.phase != Phase.OVER and len(game.deals) <= deals:
        if game.state.phase == Phase.AWAIT_DEAL:
            if len(game.deals) == deals:
                break
            game.start_deal(shuffled_deck(rules, rng))
        else:
            game.act(rng.choice(legal_actions(game.state)))
    return game


@pytest.mark.parametrize(("variant", "tricks"), [("two_handed", 32), ("four_handed", 32), ("rubicon", 64)])
def test_a_deal_is_a_step_per_trick_with_every_card_and_score(variant: str, tricks: int) -> None:
    game = random_game(3, variant)
    reviews = review_game(game.to_dict())
    assert len(reviews) == len(game.deals) >= 1
    state = game.state
    for d, deal in enumerate(reviews):
        assert deal.complete and deal.tricks == tricks
        assert deal.steps[0].plays == [] and deal.steps[0].winner is None
        players = len(deal.names)
        for step in deal.steps[1:]:
            assert len(step.plays) == players and step.winner is not None
            assert step.plays[0][0] == step.decisions[0].seat  # the leader leads
            for seat, card in step.plays:
                assert card in step.hands[seat] + step.tables[seat]  # played from what the step shows it held
        played = [card for step in deal.steps for _, card in step.plays]
        assert len(played) == len(set(played)) == tricks * players
        scored = [(item.seat, item.label, item.points) for step in deal.steps for item in step.scored]
        settles = game.rules.game_end_mode == "settlement"  # its brisques and bonus are the settlement's
        logged = [(seat, label, points) for deal_no, _side, seat, label, points in state.log if deal_no == d
                  and not (settles and label in ("brisques", "game_bonus"))]
        assert scored == logged
        assert (deal.steps[-1].settled is not None) == settles
        assert deal.points == list(state.past_deals[d].points)
        melds = [(r.seat, r.kind) for r in state.past_deals[d].melds]
        assert [(i.seat, i.label) for step in deal.steps for i in step.scored if i.label in MELD_NAMES] == melds


def test_a_deal_cut_short_is_marked_incomplete() -> None:
    game = random_game(4, deals=1)
    doc = game.to_dict()
    doc["deals"][0]["actions"] = doc["deals"][0]["actions"][:25]
    [deal] = review_game(doc)
    assert not deal.complete and 0 < deal.tricks < 32


def test_a_record_that_does_not_replay_is_refused() -> None:
    doc = random_game(5, deals=1).to_dict()
    doc["deals"][0]["actions"][0]["play"] = "7S#9"
    with pytest.raises(RecordError, match="deal 1, action 1"):
        review_game(doc)


def test_the_cursor_steps_jumps_and_changes_deals_within_bounds() -> None:
    cursor = ReviewCursor(review_game(random_game(6).to_dict()))
    assert (cursor.deal_index, cursor.step_index) == (0, 0)
    assert not cursor.back()
    assert cursor.forward() and cursor.step.number == 1
    assert cursor.go(99) and cursor.step_index == 32 and not cursor.forward()
    assert cursor.change_deal(1) and (cursor.deal_index, cursor.step_index) == (1, 0)
    assert not cursor.change_deal(1)
    with pytest.raises(RecordError):
        ReviewCursor([])
