"""The decision-regret measure (``python -m bezique regret``): its positions, its oracle (both hands known, the
stock's order not) and each level's choice (the command, its report and its oracle file:
tests/commands/test_regret_command.py)."""

from __future__ import annotations

from ai_positions import position

from bezique.ai import regret
from bezique.ai.regret import Position, level_choice, oracle_table, oracle_values, sample_positions
from bezique.ai.search import SURE_WIN, WIN_VALUE
from bezique.rules import DONE_ACTION, Phase, Verb, make_ruleset, view_for

TO_500 = make_ruleset("two_handed", {"target_score": 500})


def _double_bezique_position() -> Position:
    # seat 0 has won the last trick but one of the stock phase, 0-90 to 500: the double bezique (500) wins the game
    # now; four queens (60) or nothing leave one trick to win to declare it, else the final tricks, where no meld is
    state = position("QS QS#1 JD JD#1 QH QC QD", turn_up="AH", declare=True, stock=2, seed=3, rules=TO_500)
    state.scores = [0, 90]
    view = view_for(state, 0)
    melds = {a.kind: a for a in view.legal if a.verb == Verb.MELD}
    actions = [melds["four_queens"], melds["bezique_2"]] + ([DONE_ACTION] if DONE_ACTION in view.legal else [])
    return Position(state, 0, actions)


def test_positions_are_stock_phase_decisions_with_a_choice_and_the_same_for_the_same_seed():
    positions = sample_positions(6, seed=5)
    assert len(positions) == 6
    for p in positions:
        assert p.state.phase in (Phase.PLAY, Phase.DECLARE) and p.state.stock and not p.state.final_phase
        assert p.state.to_act == p.seat and len(p.actions) >= 2
        assert set(p.actions) <= set(view_for(p.state, p.seat).legal)
        assert p.kind in regret.KINDS and p.stage in dict(regret.STAGES)
    def seen(ps):
        return [(p.seat, p.actions, p.state.hands) for p in ps]

    assert seen(sample_positions(6, seed=5)) == seen(positions)


def test_the_oracle_values_the_game_won_now_above_a_larger_meld_later_and_above_nothing():
    p = _double_bezique_position()
    values = oracle_values(p, rollouts=3, seed="test")
    won = [a.kind for a in p.actions].index("bezique_2")
    assert values[won] == WIN_VALUE + SURE_WIN  # a game won, on every rollout
    assert all(v < 0 for i, v in enumerate(values) if i != won)  # these hands then lose the race more often


def test_the_oracle_leaves_the_true_state_alone_and_shuffles_only_the_stock_above_the_turn_up():
    p = _double_bezique_position()
    hands, stock = [list(h) for h in p.state.hands], list(p.state.stock)
    assert oracle_values(p, 2, "a") == oracle_values(p, 2, "a")
    assert p.state.hands == hands and p.state.stock == stock


def test_a_level_choice_is_an_index_into_the_positions_actions():
    p = _double_bezique_position()
    best = [a.kind for a in p.actions].index("bezique_2")
    assert level_choice("expert", {"iterations": 6}, p, 1) == best  # a game won now is taken
    assert level_choice(regret.RULES_LEVEL, {}, p, 1) == best
    assert level_choice("intermediate", {}, p, 1) == best








def test_the_oracle_is_the_same_in_two_processes_as_in_one():
    positions = sample_positions(2, seed=9)
    assert oracle_table(positions, 9, 2, jobs=2) == oracle_table(positions, 9, 2, jobs=1)
