"""A sure win is taken, and a free meld is declined only with confidence: the seed-105 double bezique (500, legal
at 0-90 in a game to 500) declared, not four queens; a won race worth more than any margin in a race going on; the
paired test that lets the search overrule a meld the rules declare."""

from __future__ import annotations

import pytest
from ai_positions import position

from bezique.ai import expert, make_player
from bezique.ai.confidence import (
    CAUTIOUS_BAR,
    MIN_DEALS,
    TWO_HANDED_BAR,
    bar_for,
    overrule_score,
    required_z,
    t_quantile,
)
from bezique.ai.expert import winning_now
from bezique.ai.search import SURE_WIN, WIN_VALUE, game_value
from bezique.rules import Action, Verb, make_ruleset, view_for

TO_500 = make_ruleset("two_handed", {"target_score": 500})


def _double_bezique_wins(seed: int):
    # seat 0 has just won a trick with 22 cards in the stock and holds both queens of spades and both jacks of
    # diamonds (the double bezique, 500) and four queens (60); 0-90 to 500: the double bezique wins the game now
    state = position("QS QS#1 JD JD#1 QH QC QD", turn_up="AH", declare=True, stock=22, seed=seed, rules=TO_500)
    state.scores = [0, 90]
    return state


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_declaration_that_wins_the_game_is_made(seed):
    view = view_for(_double_bezique_wins(seed), 0)
    decision = make_player("expert", seed, iterations=20).decide(view, view.legal)
    assert decision.action.kind == "bezique_2"
    assert decision.code == "win_now"


def test_four_aces_that_reach_the_target_are_declared():
    state = position("AS AH AD AC 8C 9D 7H", turn_up="KS", declare=True, stock=20, rules=TO_500)
    state.scores = [480, 460]
    view = view_for(state, 0)
    assert make_player("expert", 4, iterations=20).choose(view, view.legal).kind == "four_aces"


def test_a_lead_or_a_meld_short_of_the_target_is_no_sure_win():
    state = _double_bezique_wins(0)
    state.scores = [0, 0]
    state.rules = make_ruleset("two_handed", {"target_score": 1000})
    assert winning_now(state, 0, view_for(state, 0).legal) is None
    lead = position("AS TS 7S AH 8C 9C 8D JH", turn_up="KS", rules=TO_500)
    lead.scores = [499, 0]
    assert winning_now(lead, 0, view_for(lead, 0).legal) is None


def test_the_search_itself_prefers_the_win_now_to_a_larger_margin_later(monkeypatch):
    # without the shortcut the rollouts decide: a game won now must beat four queens and the double bezique later
    monkeypatch.setattr(expert, "winning_now", lambda state, me, legal: None)
    view = view_for(_double_bezique_wins(1), 0)
    assert make_player("expert", 1, iterations=30).choose(view, view.legal).kind == "bezique_2"


def test_a_race_won_is_worth_more_than_any_margin_in_a_race_going_on():
    race = type("S", (), {"rules": TO_500, "finished": False, "winner": None})()
    going_on = game_value(race, 0, 2000.0, 480.0, 100.0)
    assert going_on == WIN_VALUE  # the points still count, within the value of the game
    assert game_value(race, 0, -2000.0, 100.0, 480.0) == -WIN_VALUE
    race.finished, race.winner = True, 0
    assert game_value(race, 0, 0.0, 500.0, 490.0) == WIN_VALUE + SURE_WIN > going_on
    race.winner = 1
    assert game_value(race, 0, 900.0, 490.0, 500.0) == -WIN_VALUE - SURE_WIN


def test_a_free_meld_is_overruled_only_on_a_family_wise_confident_gain():
    meld = Action(Verb.MELD, (1, 2), "royal_marriage")
    done = Action(Verb.DONE)
    lead = Action(Verb.PLAY, (5,))
    bar = CAUTIOUS_BAR
    assert required_z(meld, done, 4, bar) > 2.5 > bar.z == required_z(lead, Action(Verb.PLAY, (6,)), 4, bar)
    assert required_z(meld, done, 4, TWO_HANDED_BAR) == required_z(meld, done, 4, bar)  # whatever the game's bar
    # passing gains 12 points a deal on average over 40 deals, with a spread of 30: clear of the ordinary test
    # (about 1.5 standard errors) but not of the family-wise one that protects a declared meld
    prior = [0.0] * 40
    noisy = [12.0 + (30.0 if i % 2 else -30.0) for i in range(40)]
    assert overrule_score(noisy, prior, bar.z, bar.margin)[0] > 0
    assert overrule_score(noisy, prior, required_z(meld, done, 4, bar), bar.margin)[0] < 0
    steady = [12.0 + (1.0 if i % 2 else -1.0) for i in range(40)]
    assert overrule_score(steady, prior, required_z(meld, done, 4, bar), bar.margin)[0] > 0  # a real gain does


def test_a_handful_of_deals_never_overrules_the_rules():
    prior = [0.0] * (MIN_DEALS - 1)
    for bar in (CAUTIOUS_BAR, TWO_HANDED_BAR):
        assert overrule_score([500.0] * (MIN_DEALS - 1), prior, bar.z, bar.margin)[0] < 0
    # Student's t: stricter than the normal quantile on few deals, close to it on many
    assert t_quantile(1.5, 6) > 1.7 > t_quantile(1.5, 50) > 1.5


def test_the_lower_bar_only_in_the_game_it_was_measured_in():
    """Two concealed hands racing to the target overrule the rules on a lower bar; every other game (shown hands,
    three to six players, a settlement) keeps the cautious one. A gain of one point a deal with a spread of 10 over
    50 deals (about 0.7 standard errors) clears neither; three points (2.1) clear the lower bar only."""
    assert bar_for(make_ruleset("two_handed")) == TWO_HANDED_BAR
    assert bar_for(make_ruleset("two_handed", {"target_score": 500})) == TWO_HANDED_BAR
    for variant in ("open", "three_handed", "four_handed", "six_handed", "rubicon", "chinese"):
        assert bar_for(make_ruleset(variant)) == CAUTIOUS_BAR, variant
    prior = [0.0] * 50
    small = [1.0 + (10.0 if i % 2 else -10.0) for i in range(50)]
    clear = [3.0 + (10.0 if i % 2 else -10.0) for i in range(50)]
    for bar in (CAUTIOUS_BAR, TWO_HANDED_BAR):
        assert overrule_score(small, prior, bar.z, bar.margin)[0] < 0
    assert overrule_score(clear, prior, TWO_HANDED_BAR.z, TWO_HANDED_BAR.margin)[0] > 0
    assert overrule_score(clear, prior, CAUTIOUS_BAR.z, CAUTIOUS_BAR.margin)[0] < 0
