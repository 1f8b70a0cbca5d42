"""Kept games: each finished (or abandoned) game kept once as a record, listed newest first, bounded with the oldest
removed first, a damaged file set aside and reported (never deleted), exported as a pure record that replays."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bezique.commands.cli import main
from bezique.persist import history, saves, storage
from bezique.rules import Phase, RecordedGame, legal_actions, make_ruleset, replay_record, shuffled_deck

PLAYERS = [{"name": "Anna", "type": "human"}, {"name": "Computer", "type": "ai", "level": "beginner"}]


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv(storage.DATA_DIR_ENV, str(folder))
    return folder


def played(seed: int, max_actions: int | None = None) -> RecordedGame:
    """A short game of random legal moves, to its end or `max_actions` in."""
    rules = make_ruleset("two_handed", {"target_score": 500})
    rng = random.Random(seed)
    game = RecordedGame.new(rules, PLAYERS, rng.randrange(2), seed)
    done = 0
    while game.state.phase != Phase.OVER and (max_actions is None or done < max_actions):
        if game.state.phase == Phase.AWAIT_DEAL:
            game.start_deal(shuffled_deck(rules, rng))
        else:
            game.act(rng.choice(legal_actions(game.state)))
            done += 1
    return game


def meta() -> dict:
    return saves.new_game_meta("computer", "beginner")


def test_a_finished_game_is_kept_and_listed_with_its_result() -> None:
    game = played(1)
    path = history.keep_game(game, meta())
    assert path is not None and path.parent == storage.data_dir() / "games"
    listing = history.list_games()
    assert listing.problems == []
    [kept] = listing.games
    assert (kept.variant, kept.target, kept.players, kept.level, kept.mode) == (
        "two_handed", 500, ("Anna", "Computer"), "beginner", "computer")
    assert kept.scores == tuple(game.state.scores) and kept.winner == game.state.winner
    assert kept.finished and not kept.abandoned and kept.deals == len(game.deals)
    reopened, problem = history.open_game(kept)
    assert problem is None and reopened is not None
    assert reopened.to_dict() == game.to_dict()


def test_the_same_game_is_kept_once() -> None:
    game, m = played(2), meta()
    history.keep_game(game, m)
    history.keep_game(game, m)
    assert len(history.list_games().games) == 1


def test_an_abandoned_game_is_marked() -> None:
    history.keep_game(played(3, max_actions=30), meta(), abandoned=True)
    [kept] = history.list_games().games
    assert kept.abandoned and not kept.finished and kept.winner is None


def test_the_list_is_bounded_oldest_first_and_newest_listed_first(monkeypatch: pytest.MonkeyPatch) -> None:
    stamps = iter(range(10))

    class Clock(history.datetime):  # each game kept one minute after the one before
        @classmethod
        def now(cls, tz=None):  # the signature of datetime.now
            return history.datetime(2026, 12, 1, 20, next(stamps), 0)

    monkeypatch.setattr(history, "datetime", Clock)
    game = played(4, max_actions=20)
    for _ in range(5):
        history.keep_game(game, meta(), abandoned=True, limit=3)
    games = history.list_games().games
    assert [g.kept_at.minute for g in games] == [4, 3, 2]
    assert history.keep_game(game, meta(), limit=0) is None  # a bound of 0 keeps nothing more
    assert len(history.list_games().games) == 3


@pytest.mark.parametrize("text", ["{not json", json.dumps({"format": "bezique-kept-game", "version": 1}),
                                  json.dumps({"format": "something-else"})])
def test_a_damaged_kept_game_is_set_aside_and_reported(text: str) -> None:
    history.keep_game(played(5, max_actions=10), meta(), abandoned=True)
    bad = history.games_dir() / "20250101-000000-bad.json"
    bad.write_text(text, encoding="utf-8")
    listing = history.list_games()
    assert len(listing.games) == 1
    [problem] = listing.problems
    assert problem.key == "problem.kept_damaged" and problem.set_aside_to is not None
    assert problem.set_aside_to.exists() and problem.set_aside_to.read_text(encoding="utf-8") == text
    assert not bad.exists()
    assert len(history.list_games().problems) == 0  # set aside once: not counted, nor pruned, again


def test_a_kept_game_whose_record_does_not_replay_is_set_aside_on_opening() -> None:
    path = history.keep_game(played(6, max_actions=10), meta(), abandoned=True)
    assert path is not None
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["record"]["deals"][0]["actions"][0]["play"] = "7S#5"
    path.write_text(json.dumps(doc), encoding="utf-8")
    [kept] = history.list_games().games
    game, problem = history.open_game(kept)
    assert game is None and problem is not None and "deal 1, action 1" in problem.detail
    assert not path.exists() and problem.set_aside_to is not None and problem.set_aside_to.exists()


def test_an_export_is_a_pure_record_and_never_overwrites(tmp_path: Path) -> None:
    game = played(7)
    history.keep_game(game, meta())
    [kept] = history.list_games().games
    folder = tmp_path / "downloads"
    folder.mkdir()
    first = history.export_game(game, kept, folder)
    second = history.export_game(game, kept, folder)
    assert first != second and first.parent == second.parent == folder
    assert first.name.startswith("bezique-") and first.name.endswith("-two_handed.json")
    assert replay_record(json.loads(first.read_text(encoding="utf-8"))).to_dict() == game.to_dict()


def test_the_export_folder_is_the_players_downloads(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(history.platformdirs, "user_downloads_dir", lambda: str(tmp_path))
    assert history.export_dir() == tmp_path
    monkeypatch.setattr(history.platformdirs, "user_downloads_dir", lambda: str(tmp_path / "missing"))
    monkeypatch.setattr(history.platformdirs, "user_documents_dir", lambda: str(tmp_path / "also-missing"))
    assert history.export_dir() == Path.home()


@pytest.mark.parametrize("which", ["save", "kept", "export"])
def test_replay_reads_a_save_a_kept_game_and_an_export(which: str, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    game = played(8)
    if which == "save":
        path = saves.save_game(game, meta())
    else:
        kept_path = history.keep_game(game, meta())
        assert kept_path is not None
        path = kept_path if which == "kept" else history.export_game(game, history.list_games().games[0], tmp_path)
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] and out["scores"] == game.state.scores


def test_replay_refuses_an_envelope_without_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "savegame.json"
    path.write_text(json.dumps({"format": "bezique-save", "version": 1}), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err == f"replay: {path}: this saved game holds no game record\n"
