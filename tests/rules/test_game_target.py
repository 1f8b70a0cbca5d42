"""What a game is played to is one fact of the rules (``Ruleset.game_target``, held in ``Ruleset.target_key``):
the points to win in the racing games, the match target (or a single deal) where each deal is settled."""

from __future__ import annotations

import pytest

from bezique.presenter.setup import GameSetup, target_choices
from bezique.rules import VARIANTS, allowed_targets, make_ruleset


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_allowed_target_is_read_back_as_the_game_target(variant: str) -> None:
    key = make_ruleset(variant, {}).target_key
    for target in allowed_targets(variant):
        rules = make_ruleset(variant, {key: target})
        assert rules.game_target == target


def test_racing_games_race_to_their_points_and_settled_ones_to_the_match() -> None:
    assert make_ruleset("two_handed", {"target_score": 500}).game_target == 500
    assert make_ruleset("two_handed", {}).target_key == "target_score"
    rubicon = make_ruleset("rubicon", {})
    assert rubicon.target_key == "match_target" and rubicon.game_target == rubicon.match_target == 1500
    assert rubicon.target_score == 1000 != rubicon.game_target  # the racing field is not what a Rubicon game is to
    assert make_ruleset("chinese", {"match_target": None}).game_target is None  # one deal decides


@pytest.mark.parametrize("variant", VARIANTS)
def test_new_games_target_becomes_the_rules_game_target(variant: str) -> None:
    for target in target_choices(variant):
        setup = GameSetup(variant=variant, target=target)
        assert setup.ruleset(make_ruleset(variant, {})).game_target == target
