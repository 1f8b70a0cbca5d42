"""The window keeps a core while the computer thinks (``remote.thinking_cores``): a decision's thinking processes
are at most all the machine's cores but one, and at least one."""

from __future__ import annotations

import pytest

from bezique.ai import make_player, remote


@pytest.mark.parametrize(("cpus", "most"), [(1, 1), (2, 1), (3, 2), (4, 3), (16, 15), (0, 1)])
def test_all_cores_but_the_windows_one_and_at_least_one(cpus: int, most: int) -> None:
    assert remote.thinking_cores(cpus) == most


@pytest.mark.parametrize(("cpus", "expert", "master"), [(1, 1, 1), (2, 1, 1), (3, 2, 2), (8, 2, 7)])
def test_the_expert_shares_between_two_where_the_machine_leaves_the_window_a_core(
        monkeypatch: pytest.MonkeyPatch, cpus: int, expert: int, master: int) -> None:
    monkeypatch.setattr(remote.os, "cpu_count", lambda: cpus)
    assert make_player("expert").cores == expert
    assert make_player("master").cores == master


def test_a_number_of_cores_asked_for_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(remote.os, "cpu_count", lambda: 2)
    assert make_player("expert", cores=2).cores == 2  # bench ai --jobs 2 measures what two processes buy
