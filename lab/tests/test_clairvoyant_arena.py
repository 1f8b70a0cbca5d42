"""``lab/clairvoyant_arena.py``: the search level's decisions in its arena see every hand as it is, and only in
that arena."""

from __future__ import annotations

import pytest
from lab_scripts import load_script

from bezique.ai import arena, regret
from bezique.ai.expert import ExpertPlayer


def test_the_search_level_decides_on_every_hand_as_it_is(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    tool = load_script("clairvoyant_arena")
    seen: list[tuple[tuple, tuple, int]] = []
    honest = ExpertPlayer.decide

    def recording(self, view, legal, stop=None):
        state = tool._Table.state
        seen.append((view.known, tuple(tuple(hand) for hand in state.hands), view.stock_count))
        return honest(self, view, legal, stop)

    # set through monkeypatch first, so that what the tool installs over them is undone after the test
    monkeypatch.setattr(ExpertPlayer, "decide", recording)
    monkeypatch.setattr(arena, "view_for", arena.view_for)
    assert tool.main(["--a", "expert", "--b", "intermediate", "--games", "2", "--iterations", "2",
                      "--target", "500", "--seed", "3"]) == 0
    assert "arena: A=expert B=intermediate" in capsys.readouterr().out
    assert len(seen) > 40
    assert all(known == hands for known, hands, _stock in seen)
    assert any(stock > 0 and len(hands[0]) == 8 for _known, hands, stock in seen)  # the stock-phase hands too


def test_only_a_search_level_against_another_level(capsys) -> None:
    tool = load_script("clairvoyant_arena")
    assert tool.main(["--a", "intermediate", "--b", "expert", "--games", "2"]) == 2
    assert tool.main(["--a", "expert", "--b", "expert", "--games", "2"]) == 2
    assert "--a must be a search level" in capsys.readouterr().err


def test_in_the_regret_command_the_levels_alone_see_every_hand(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    tool = load_script("clairvoyant_arena")
    states: list = []
    seen: list[tuple[tuple, tuple]] = []
    honest_view, honest_decide = regret.view_for, ExpertPlayer.decide

    def recording_view(state, seat):
        states.append(state)
        return honest_view(state, seat)

    def recording(self, view, legal, stop=None):
        seen.append((view.known, tuple(tuple(hand) for hand in states[-1].hands)))
        return honest_decide(self, view, legal, stop)

    # set through monkeypatch first, so that what the tool installs over them is undone after the test
    monkeypatch.setattr(regret, "view_for", recording_view)
    monkeypatch.setattr(regret, "level_choice", regret.level_choice)
    monkeypatch.setattr(ExpertPlayer, "decide", recording)
    assert tool.main(["regret", "--positions", "3", "--rollouts", "1", "--levels", "expert", "--iterations", "2",
                      "--seed", "5"]) == 0
    assert "expert: regret" in capsys.readouterr().out
    assert len(seen) == 3
    assert all(known == hands for known, hands in seen)
    assert regret.view_for is recording_view  # the Intermediate's games that find the positions stay honest
