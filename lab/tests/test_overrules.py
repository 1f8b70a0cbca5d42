"""``lab/overrules.py``: how often the Expert's search overrules its rules' choice, by kind and stage."""

from __future__ import annotations

from lab_scripts import load_script


def test_a_deal_tallies_every_stock_phase_choice_and_the_searched_ones() -> None:
    tool = load_script("overrules")
    tally = tool.Tally()
    tool.play_deal(0, 8, 3, tally)
    total = sum(tally.decisions.values())
    over = sum(len(g) for g in tally.gains.values())
    assert total >= 15  # a deal has 24 stock tricks: the Expert leads or follows in each, with a choice in most
    assert {kind for kind, _stage in tally.decisions} >= {"lead", "follow"}
    assert all(len(tally.gains[key]) <= n for key, n in tally.decisions.items())
    assert all(g > 0 for gains in tally.gains.values() for g in gains)  # the search overrules only for a gain
    lines = tally.report()
    assert lines[-1] == f"all: {total} decisions, overruled {over} ({over / total:.0%})"


def test_the_report_names_each_kind_and_stage_once() -> None:
    tool = load_script("overrules")
    tally = tool.Tally()
    tally.decisions["lead", "early"] = 4
    tally.gains["lead", "early"] = [2.0, 4.0]
    tally.decisions["declare", "late"] = 2
    assert tally.report() == [
        "declare  late       2 decisions, overruled    0 (0%)",
        "lead     early      4 decisions, overruled    2 (50%), mean gain 3.0",
        "all: 6 decisions, overruled 2 (33%)",
    ]
