"""``lab/belief_accuracy.py``: the share of the opponent's concealed cards a deal places right, by stage."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from lab_scripts import load_script

from bezique.ai import inference
from bezique.rules import determinize, make_ruleset, new_game, shuffled_deck, start_deal, view_for


def test_a_deal_of_the_true_hands_places_every_card_and_a_uniform_one_some() -> None:
    tool = load_script("belief_accuracy")
    rules = make_ruleset("two_handed")
    state = new_game(rules, 0)
    start_deal(state, shuffled_deck(rules, random.Random(4)))
    view = view_for(state, 0)
    truth = Counter(c & 31 for c in state.hands[1])
    assert tool.placed(view, truth, lambda: state, 3) == 1.0
    rng = random.Random(5)
    share = tool.placed(view, truth, lambda: determinize(view, rng), 40)
    assert 0.0 < share < 0.6


def test_the_report_covers_every_read_position(capsys) -> None:
    tool = load_script("belief_accuracy")
    shares = tool.measure(2, 2, 3)
    assert set(tool.STAGE_SHORT) == set(shares)
    counts = [len(stage["belief"]) for stage in shares.values()]
    assert sum(counts) >= 6 and all(len(stage["uniform"]) == len(stage["belief"]) for stage in shares.values())
    assert all(0.0 <= v <= 1.0 for stage in shares.values() for values in stage.values() for v in values)
    lines = tool.report(shares)
    assert lines[0].startswith(f"{sum(counts)} positions: belief ")


def test_a_constant_of_the_reading_is_set_for_the_run(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    tool = load_script("belief_accuracy")
    monkeypatch.setattr(inference, "TEMPERATURE", inference.TEMPERATURE)  # undone after the test
    assert tool.main(["TEMPERATURE=0.5", "--deals", "1", "--samples", "1"]) == 0
    assert inference.TEMPERATURE == 0.5
    assert "positions: belief" in capsys.readouterr().out
    assert tool.main(["WARMTH=3", "--deals", "1"]) == 2
    assert "bezique.ai.inference has no WARMTH" in capsys.readouterr().err
