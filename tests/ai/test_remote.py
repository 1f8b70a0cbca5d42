"""The computer thinking in its own processes (``bezique.ai.remote``): the same choice as on the caller's thread
for the same seed, a different process, stopped at once when cancelled, and the caller's thread if the pool is
broken."""

from __future__ import annotations

import os
import threading

from ai_positions import random_states

from bezique.ai import make_player, remote
from bezique.rules import view_for


class WhereAmI:
    """A job that answers with the process it ran in."""

    def run(self, stop, link) -> int:
        return os.getpid()


class Deaf:
    """A listener that never needs anything."""

    def heard(self, worker, message):
        return None

    def enough(self) -> bool:
        return False


def _where(most: int = 1) -> list[int]:
    return remote.split(lambda worker, workers: WhereAmI(), most, Deaf(), None)


def _views(count: int, seed: int):
    return [view_for(s, s.to_act) for s in random_states(count, seed=seed)]


def test_a_job_runs_in_another_process_and_only_inside_in_processes():
    assert not remote.wanted()
    with remote.in_processes():
        assert remote.wanted()
        assert _where() != [os.getpid()]
    assert not remote.wanted()


def test_the_pool_makes_the_same_choices_as_the_callers_thread():
    views = _views(6, seed=31)
    here, there = make_player("expert", 5, iterations=6), make_player("expert", 5, iterations=6)
    local = [here.decide(v, v.legal) for v in views]
    with remote.in_processes():
        pooled = [there.decide(v, v.legal) for v in views]
    assert pooled == local
    assert there.last_deals == here.last_deals and there.bank == here.bank


def test_a_cancelled_search_in_the_pool_stops_at_once():
    view = next(v for v in _views(12, seed=32) if v.stock_count > 10)
    player = make_player("expert", 1, iterations=1_000_000)  # a budget it would take hours to spend
    stop = threading.Event()
    answer: list = []

    def think() -> None:
        with remote.in_processes():
            answer.append(player.decide(view, view.legal, stop))

    thread = threading.Thread(target=think, daemon=True)
    thread.start()
    stop.set()
    thread.join(60)  # a hang guard only: the search answers within a few rollouts
    assert not thread.is_alive() and answer[0].action in view.legal
    assert 0 <= player.last_deals < 1_000_000


def test_a_broken_pool_thinks_on_the_callers_thread(monkeypatch):
    monkeypatch.setattr(remote, "_broken", True)
    with remote.in_processes():
        assert not remote.wanted()
        assert _where(2) == [os.getpid()]
