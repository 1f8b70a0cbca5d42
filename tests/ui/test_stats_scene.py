"""The Statistics screen shows one variant at a time, chosen by its tabs; New game over an unfinished game counts
that game as abandoned."""

from __future__ import annotations

import random

import pytest
from test_shell import make_shell, press
from ui_driver import DT, click, step

from bezique.persist import saves, stats
from bezique.rules import Phase, RecordedGame, legal_actions, make_ruleset, shuffled_deck
from bezique.ui.scenes.stats import StatsScene

pytestmark = pytest.mark.usefixtures("shell_data")
PLAYERS = [{"name": "Anna", "type": "human"}, {"name": "Computer", "type": "ai", "level": "expert"}]


def one_deal(variant: str, seed: int) -> RecordedGame:
    rules = make_ruleset(variant, {})
    rng = random.Random(seed)
    game = RecordedGame.new(rules, PLAYERS, 0, seed)
    game.start_deal(shuffled_deck(rules, rng))
    while game.state.phase not in (Phase.AWAIT_DEAL, Phase.OVER):
        game.act(rng.choice(legal_actions(game.state)))
    return game


def test_tabs_show_each_variant_apart():
    for variant, level in (("two_handed", "beginner"), ("rubicon", "expert")):
        stats.record_progress(one_deal(variant, 3), saves.new_game_meta("computer", level, False, 0))
    shell = make_shell()
    app = shell.app
    press(app, app.stack.top.buttons(), "stats")
    scene = app.stack.top
    assert isinstance(scene, StatsScene)
    assert scene.variants == ["two_handed", "rubicon"] and scene.variant == "two_handed"
    assert "(Beginner)" in scene._record(scene.stats.variant(scene.variant), "best_deal")
    tab = next(b for b in scene.tabs() if b.action == "variant:rubicon")
    click(app, (tab.box.cx, tab.box.cy))
    assert scene.variant == "rubicon"
    assert "(Expert)" in scene._record(scene.stats.variant(scene.variant), "best_deal")
    app.tick(DT)


def beginner_game(seed: int):
    """A shell with a new game against the beginner, and that game's setup and table."""
    shell = make_shell()
    setup = shell.default_setup()
    setup.level, setup.seed = "beginner", seed
    return shell, setup, shell.start_game(setup)


def test_new_game_over_an_unfinished_game_counts_it_abandoned():
    shell, setup, table = beginner_game(2)
    rng = random.Random(1)
    for _ in range(40):
        step(shell.app, rng)
    assert not table.session.over and saves.has_saved_game()
    shell.start_game(setup)
    tally = stats.load_stats().stats.variant(setup.variant).by_level["beginner"]
    assert tally.abandoned == 1 and tally.games == 0


def test_a_deal_played_at_the_table_sets_the_records_when_it_ends():
    """The bug seen: a finished, unassisted deal left "Best deal: None yet" until the whole game ended."""
    shell, setup, table = beginner_game(3)
    rng = random.Random(4)
    for _ in range(3000):
        state = table.session.state
        if state.deal_index == 0 and state.phase in (Phase.AWAIT_DEAL, Phase.OVER):
            break
        step(shell.app, rng)
    else:
        raise AssertionError("the first deal never ended")
    record = stats.load_stats().stats.variant(setup.variant).best_deal.get("beginner")
    points = sum(p for d, side, _seat, _id, p in table.session.state.log if d == 0 and side == 0)
    assert record is not None and record["points"] == points
