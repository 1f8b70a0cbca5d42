"""The bookkeeping of games, headless: it writes only files and reports what happened (``games.books``). A save
that fails is reported once and its end once; the game a new one replaces is counted abandoned, kept as many as the
player keeps (none: none), and a damaged statistics file met on the way is reported, where hosting used to drop it
unsaid; a finished game is kept, counted and its save removed."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

import pytest

from bezique.games.books import Books, Happened, Report
from bezique.persist import history, saves, stats, storage
from bezique.presenter.session import GameSession
from bezique.rules import legal_actions
from tests.net.rehosting import action_of, one_move_from_the_end, people_game


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BEZIQUE_DATA_DIR", str(tmp_path))
    return tmp_path


def books(kept_games: int = 200) -> tuple[Books, list[Report]]:
    reports: list[Report] = []
    return Books(reports.append, kept_games), reports


def saved_game_a_move_in() -> None:
    left = people_game()
    left.make_move(legal_actions(left.state)[0])
    saves.save_game(left.game, saves.new_game_meta("hotseat"))


def test_a_failing_save_is_reported_once_and_its_end_once(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    keeper, reports = books()
    session = people_game()
    meta = saves.new_game_meta("hotseat")
    real = storage.write_json_atomic

    def full(path: Any, obj: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage, "write_json_atomic", full)
    for _ in range(3):
        keeper.keep_up(session, meta)
    assert reports == [Report(Happened.SAVE_FAILED, "No space left on device", game=session)] and keeper.failing
    monkeypatch.setattr(storage, "write_json_atomic", real)
    keeper.keep_up(session, meta)
    keeper.keep_up(session, meta)
    assert reports[1:] == [Report(Happened.SAVED_AGAIN, game=session)] and not keeper.failing
    assert saves.load_saved_game().game is not None


def test_the_replaced_game_is_counted_and_kept_as_many_as_the_player_keeps(data: Path) -> None:
    saved_game_a_move_in()
    keeper, reports = books(kept_games=0)
    keeper.replace_saved()
    assert reports == [] and not saves.has_saved_game()
    assert stats.load_stats().stats.hotseat.abandoned == 1
    assert history.list_games().games == []  # "Games kept: None" keeps none
    saved_game_a_move_in()
    books(kept_games=200)[0].replace_saved()
    assert len(history.list_games().games) == 1


def test_a_damaged_statistics_file_met_while_replacing_is_reported(data: Path) -> None:
    saved_game_a_move_in()
    (data / "stats.json").write_text("{not json", encoding="utf-8")
    keeper, reports = books()
    keeper.replace_saved()
    [report] = reports
    assert report.happened is Happened.FILE_SET_ASIDE and report.problem is not None
    assert report.problem.key == "problem.stats_damaged" and report.problem.set_aside_to is not None


def test_a_finished_game_is_kept_counted_and_its_save_removed(data: Path) -> None:
    game, last = one_move_from_the_end()
    meta = saves.new_game_meta("hotseat")
    saves.save_game(game, meta)
    keeper, reports = books()
    session = GameSession.from_game(game)
    session.make_move(action_of(game, last))
    assert session.over
    keeper.keep_up(session, meta)
    assert reports == [] and not saves.has_saved_game()
    assert len(history.list_games().games) == 1 and stats.load_stats().stats.hotseat.games == 1
