"""``bench ai``: the fixed workload of its rate line (the same work on every run), the decision times, and
``--jobs N`` (the Expert's decisions thought on one core and on N in the thinking processes, on the same
positions), all counted on stepped clocks: no figure here depends on the machine's speed."""

from __future__ import annotations

import itertools
import re

import pytest

from bezique.ai.benchmark import cores_rates, decision_times, run_ai_bench, sampled_deals_rate


def _stepped():
    """A clock that moves 10 ms each time it is read."""
    return itertools.count(0.01, 0.01).__next__


def test_the_rate_is_measured_on_the_same_workload_every_run():
    first = sampled_deals_rate(1, seed=2, iterations=3, clock=_stepped())
    assert first.decisions > 10 and first.deals == 3 * first.decisions  # every searched decision samples 3 deals
    assert first.seconds == pytest.approx(0.01 * first.decisions)  # its CPU time: one tick a decision
    again = sampled_deals_rate(1, seed=2, iterations=3, clock=_stepped())
    assert again == first  # the same positions, deals and choices (digest), so the same figures
    assert sampled_deals_rate(1, seed=3, iterations=3, clock=_stepped()).choices != first.choices


def test_the_workload_positions_do_not_follow_the_experts_play():
    """The Intermediate's moves are played, the Expert only thinks: another Expert (here fewer sampled deals a
    decision, too few to overrule the rules' move) chooses otherwise on the very same positions, so the rate
    compares their speed alone."""
    searching = sampled_deals_rate(1, seed=2, iterations=12, clock=_stepped())
    ruling = sampled_deals_rate(1, seed=2, iterations=3, clock=_stepped())
    assert ruling.positions == searching.positions and ruling.decisions == searching.decisions
    assert ruling.choices != searching.choices


def test_bench_ai_times_every_expert_decision_with_a_choice():
    times = decision_times("two_handed", 1, seed=3, options={"iterations": 2}, clock=_stepped())
    assert len(times.times) > 10 and all(t == pytest.approx(10.0) for t in times.times)
    assert "median" in times.line() and "max" in times.line()


def test_bench_ai_ends_with_its_rate_line(capsys):
    assert run_ai_bench(1, seed=4, times=True, deals=1, variants=("open",), options={"iterations": 1},
                        clock=_stepped(), iterations=2) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[1].strip().startswith("open: median")
    assert re.fullmatch(r"two-handed, 1 seeded game\(s\) of the Intermediate, 2 sampled deals a decision: \d+ "
                        r"sampled deals in \d+ searched decisions, \d+\.\d\d CPU s on one core, (compiled|in Python); "
                        r"choices [0-9a-f]{16}",
                        lines[-2])
    assert re.fullmatch(r"ai: \d+ sampled deals/s", lines[-1])


def test_on_an_iteration_budget_one_core_and_two_sample_the_same_deals():
    one, two = cores_rates(0.3, seed=6, cores=2, options={"iterations": 4}, clock=_stepped())
    assert (one.cores, two.cores) == (1, 2)
    assert one.deals == two.deals > 0 and one.deals % 4 == 0  # the same positions, four deals each
    assert one.cpu > 0 and two.cpu > 0


def test_bench_ai_with_jobs_says_what_the_cores_buy_before_its_rate_line(capsys):
    assert run_ai_bench(1, seed=7, times=False, deals=1, options={"iterations": 2}, clock=_stepped(), jobs=2,
                        wall=_stepped(), seconds=0.2, iterations=2) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert re.fullmatch(r"ai: \d+ sampled deals/s on 2 cores \(x\d+\.\d\d the \d+ of 1 core, the same budget\)",
                        lines[-3])
    assert lines[-4].startswith("worker CPU a deal: ")
    assert re.fullmatch(r"ai: \d+ sampled deals/s", lines[-1])
