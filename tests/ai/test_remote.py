"""The computer thinking in its own processes (``bezique.ai.remote``): the same choices and value tables as on the
caller's thread for the same seed, the sampled deals shared between two processes, every process stopped at once
when cancelled, and the caller's thread if the pool is broken."""

from __future__ import annotations

import os
import threading

import pytest
from ai_positions import random_states
from search_split import ITERATIONS, Tables

from bezique.ai import make_player, remote
from bezique.rules import view_for


class WhereAmI:
    """A job that answers with the process it ran in."""

    def run(self, stop, link) -> int:
        return os.getpid()


class FailsFirst:
    """Worker 0 raises at once; the others work until they are cancelled."""

    def __init__(self, worker: int) -> None:
        self.worker = worker

    def run(self, stop, link) -> None:
        if self.worker == 0:
            raise ValueError("worker 0 failed")
        for _ in range(10**10):  # until the caller cancels it (the count is only a hang guard)
            if stop.is_set():
                return


class Deaf:
    """A listener that never needs anything."""

    def heard(self, worker, message):
        return None

    def enough(self) -> bool:
        return False


def _where(most: int) -> list[int]:
    """The processes a split over up to `most` workers ran in."""
    return remote.split(lambda worker, workers: WhereAmI(), most, Deaf(), None)


def _views(count: int, seed: int):
    return [view_for(s, s.to_act) for s in random_states(count, seed=seed)]


def test_a_job_runs_in_other_processes_and_only_inside_in_processes():
    assert not remote.wanted()
    assert _where(2) == [os.getpid()]  # outside: one worker, on this thread
    remote.warm(2, wait=True)
    with remote.in_processes():
        assert remote.wanted()
        where = _where(2)
        assert len(set(where)) == 2 and os.getpid() not in where
    assert not remote.wanted()


def test_the_pool_shares_the_deals_between_two_processes_with_the_same_result(monkeypatch):
    views = [v for v in _views(12, seed=31) if len(v.legal) > 1][:6]
    remote.warm(2, wait=True)
    tables = Tables(monkeypatch)
    here, there = (make_player("expert", 5, iterations=ITERATIONS, cores=2) for _ in range(2))
    local = [(here.decide(v, v.legal), tables.table(), here.last_deals) for v in views]
    with remote.in_processes():
        pooled = [(there.decide(v, v.legal), tables.table(), there.last_deals) for v in views]
    assert pooled == local and there.bank == here.bank
    assert any(table is not None and deals == ITERATIONS for _d, table, deals in local)
    pooled_rows = [rows for rows in tables.told[len(views):] if rows]
    assert pooled_rows and all(len({deal for _w, deal in rows}) == len(rows) for rows in pooled_rows)  # claimed once
    assert any({worker for worker, _deal in rows} == {0, 1} for rows in pooled_rows)  # shared by both processes


def test_a_cancelled_search_in_the_pool_stops_every_process_at_once():
    view = next(v for v in _views(12, seed=32) if v.stock_count > 10)
    remote.warm(2, wait=True)
    player = make_player("expert", 1, iterations=1_000_000, cores=2)  # a budget it would take hours to spend
    stop = threading.Event()
    answer: list = []

    def think() -> None:
        with remote.in_processes():
            answer.append(player.decide(view, view.legal, stop))

    thread = threading.Thread(target=think, daemon=True)
    thread.start()
    stop.set()
    thread.join(60)  # a hang guard only: every worker answers within a rollout
    assert not thread.is_alive() and answer[0].action in view.legal
    assert 0 <= player.last_deals < 1_000_000
    with remote.in_processes():  # both processes are idle again: the next split takes them both
        assert len(set(_where(2))) == 2


def test_a_job_that_fails_cancels_the_others_and_its_error_comes_back():
    remote.warm(2, wait=True)
    with remote.in_processes():
        with pytest.raises(ValueError, match="worker 0 failed"):
            remote.split(lambda worker, workers: FailsFirst(worker), 2, Deaf(), None)
        assert len(set(_where(2))) == 2  # both processes idle again


def test_a_broken_pool_thinks_on_the_callers_thread(monkeypatch):
    monkeypatch.setattr(remote, "_broken", True)
    with remote.in_processes():
        assert not remote.wanted()
        assert _where(2) == [os.getpid()]
