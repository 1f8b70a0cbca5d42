"""The search split over several workers (``remote.in_turn``, ``confidence.DealTable``), here in turn on this
thread (``test_remote`` splits it between the pool's processes): on an iteration budget the same choice and the
same value table as one worker; on a time budget each worker searches until its own deadline and the table keeps
the deals all of them played."""

from __future__ import annotations

import pytest
from ai_positions import position, random_states
from search_budget import SearchCounter
from search_split import ITERATIONS, Tables

from bezique.ai import make_player, remote
from bezique.ai.confidence import CAUTIOUS_BAR, DealTable
from bezique.rules import Action, Verb, view_for


def _searched_views(count: int, seed: int):
    """Views of random positions with a choice and a stock left (decisions the sampled deals make)."""
    views = [view_for(s, s.to_act) for s in random_states(count, seed=seed)]
    return [v for v in views if len(v.legal) > 1 and v.stock_count > 2]


def _decisions(views, workers: int, monkeypatch: pytest.MonkeyPatch, seed: int = 5):
    """Each view decided by one Expert on an iteration budget, its deals shared by `workers` workers in turn on
    this thread (the first to its end before the next starts: the most stale the live candidates can be)."""
    tables = Tables(monkeypatch)
    monkeypatch.setattr(remote, "split", lambda job_for, most, listener, stop:
                        remote.in_turn(job_for, workers, listener, stop))
    player = make_player("expert", seed, iterations=ITERATIONS)
    out = []
    for view in views:
        decision = player.decide(view, view.legal)
        out.append((decision, tables.table(), player.last_deals))
    monkeypatch.undo()
    return out


def test_two_or_three_workers_give_the_same_choices_and_tables_as_one(monkeypatch):
    views = _searched_views(24, seed=41)
    one = _decisions(views, 1, monkeypatch)
    assert _decisions(views, 2, monkeypatch) == one
    assert _decisions(views, 3, monkeypatch) == one
    tables = [t for _d, t, _n in one if t is not None]
    assert len(tables) >= 10
    assert any(len(live) < len(candidates) for candidates, _v, live, _n in tables)  # the pruning was exercised
    assert any(n == ITERATIONS for *_rest, n in tables)


def test_on_a_time_budget_each_worker_searches_until_its_deadline(monkeypatch):
    # 2.5 ms a rollout on the search's clock, six candidates: 15 ms a deal, 70 ms a worker. Each of the two
    # workers (in turn, each from its own start) plays four deals and drops its fifth: the table has the eight
    # deals 0..7, twice what one worker plays in the same budget
    counter = SearchCounter(monkeypatch, rollout_seconds=0.0025)
    monkeypatch.setattr(remote, "split", lambda job_for, most, listener, stop:
                        remote.in_turn(job_for, 2, listener, stop))
    view = view_for(position("9C 9C#1 8D 8D#1 KH QS JD 7H", turn_up="AS", led="TC"), 0)
    player = make_player("expert", 3, time_ms=70)
    assert player.choose(view, view.legal) in view.legal
    assert player.last_deals == 8 and counter.rollouts == 2 * (4 * 6 + 4)


def test_the_table_takes_rows_in_deal_order_and_a_row_heard_twice_once():
    a, b = Action(Verb.PLAY, (1,)), Action(Verb.PLAY, (2,))
    table = DealTable([a, b], a, iterations=3, bar=CAUTIOUS_BAR)
    assert table.add(1, {0: 1.0, 1: 2.0}) is None and table.n == 0  # deal 0 is still missing
    table.add(0, {0: 0.0, 1: 5.0})
    table.add(0, {0: 9.0, 1: 9.0})
    assert table.n == 2 and table.values == [[0.0, 1.0], [5.0, 2.0]] and not table.done
    table.add(2, {0: 3.0, 1: 3.0})
    assert table.done and table.values == [[0.0, 1.0, 3.0], [5.0, 2.0, 3.0]]
    table.add(3, {0: 7.0, 1: 7.0})
    assert table.n == 3  # past the budget: ignored
