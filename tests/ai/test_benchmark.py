"""``bench ai --jobs N``: the Expert's decisions thought on one core and on N in the thinking processes, on the
same positions, counted (on stepped clocks: no figure here depends on the machine's speed)."""

from __future__ import annotations

import itertools
import re

from bezique.ai.benchmark import cores_rates, run_ai_bench


def _stepped():
    """A clock that moves 10 ms each time it is read."""
    return itertools.count(0.01, 0.01).__next__


def test_on_an_iteration_budget_one_core_and_two_sample_the_same_deals():
    one, two = cores_rates(0.3, seed=6, cores=2, options={"iterations": 4}, clock=_stepped())
    assert (one.cores, two.cores) == (1, 2)
    assert one.deals == two.deals > 0 and one.deals % 4 == 0  # the same positions, four deals each
    assert one.cpu > 0 and two.cpu > 0


def test_bench_ai_with_jobs_says_what_the_cores_buy_before_its_rate_line(capsys):
    assert run_ai_bench(0.2, seed=7, times=False, deals=1, options={"iterations": 2}, clock=_stepped(), jobs=2,
                        wall=_stepped()) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert re.fullmatch(r"ai: \d+ sampled deals/s on 2 cores \(x\d+\.\d\d the \d+ of 1 core, the same budget\)",
                        lines[-3])
    assert lines[-4].startswith("worker CPU a deal: ")
    assert re.fullmatch(r"ai: \d+ sampled deals/s", lines[-1])
