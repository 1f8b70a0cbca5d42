"""No per-user file can crash the game: numbers beyond Python's limit, odd versions, long values, newer files."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from bezique.config import AISettings, AppSettings
from bezique.persist import saves, stats, storage, user_settings
from bezique.rules import RecordedGame, make_ruleset, shuffled_deck

HUGE = "7" * 5000  # json.loads raises a plain ValueError (not a JSONDecodeError) beyond 4,300 digits
HUGE_DETAIL = ("not usable JSON: Exceeds the limit (4300 digits) for integer string conversion: value has 5000 "
               "digits; use sys.set_int_max_str_digits() to increase the limit")


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv(storage.DATA_DIR_ENV, str(folder))
    return folder


def aside(folder: Path, name: str, label: str = "damaged") -> list[Path]:
    pattern = re.compile(rf"{re.escape(name)}\.{label}-\d{{8}}-\d{{6}}(-\d+)?")
    return sorted(p for p in folder.iterdir() if pattern.fullmatch(p.name))


@pytest.mark.parametrize(("name", "text", "load", "key", "is_default"), [
    ("stats.json", f'{{"format": "bezique-stats", "version": 1, "best_streak": {HUGE}}}',
     lambda: stats.load_stats(), "problem.stats_damaged", lambda result: result.stats == stats.Stats()),
    ("savegame.json", f'{{"format": "bezique-save", "version": {HUGE}}}',
     lambda: saves.load_saved_game(), "problem.save_damaged", lambda result: result.game is None),
])
def test_a_huge_number_in_the_statistics_or_the_save_is_set_aside(name, text, load, key, is_default,
                                                                  data_folder: Path) -> None:
    (data_folder / name).write_text(text, encoding="utf-8")
    result = load()
    assert is_default(result)
    assert result.problem is not None and (result.problem.key, result.problem.detail) == (key, HUGE_DETAIL)
    [kept] = aside(data_folder, name)
    assert kept.read_text(encoding="utf-8") == text


def test_a_huge_number_in_the_settings_is_set_aside(data_folder: Path) -> None:
    text = f'{{"format": "bezique-settings", "version": 1, "app": {{"sound_volume": {HUGE}}}}}'
    (data_folder / "settings.json").write_text(text, encoding="utf-8")
    loaded = user_settings.load_user_settings()
    assert (loaded.app, loaded.ai) == (AppSettings(), AISettings())
    [kept] = aside(data_folder, "settings.json")
    assert [str(p) for p in loaded.problems] == [f"settings.json: could not be read ({HUGE_DETAIL}); kept as "
                                                 f"{kept.name} — using the defaults"]
    assert kept.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("version", [0, -3])
def test_a_save_of_version_0_or_below_is_refused(data_folder: Path, version: int) -> None:
    (data_folder / "savegame.json").write_text(json.dumps({"format": "bezique-save", "version": version,
                                                           "record": {}}), encoding="utf-8")
    result = saves.load_saved_game()
    assert result.game is None
    assert result.problem is not None and (result.problem.key, result.problem.detail) == (
        "problem.save_damaged", f"version: expected a whole number of at least 1, found {version}")
    assert len(aside(data_folder, "savegame.json")) == 1


def test_a_long_bad_setting_is_cut_short_and_names_its_file(data_folder: Path) -> None:
    doc = {"format": "bezique-settings", "version": 1, "app": {"language": "x" * 10_000_000},
           "ai": {"level": list(range(100_000))}}
    (data_folder / "settings.json").write_text(json.dumps(doc), encoding="utf-8")
    problems = [str(p) for p in user_settings.load_user_settings().problems]
    assert problems == [
        f"settings.json: language: '{'x' * 27}...{'x' * 28}' is not allowed; use one of auto, it, en, fr "
        "— using the default auto",
        "settings.json: ai.level: [0, 1, 2, 3, 4, 5, 6, 7, ...] is not allowed; use one of beginner, intermediate, "
        "expert, master — using the default intermediate"]


def test_a_newer_settings_file_is_kept_before_this_version_writes(data_folder: Path) -> None:
    path = data_folder / "settings.json"
    newer = json.dumps({"format": "bezique-settings", "version": 2, "app": {"mute": True}, "future": {"x": 1}})
    path.write_text(newer, encoding="utf-8")
    loaded = user_settings.load_user_settings()
    assert loaded.app.mute is True
    assert [str(p) for p in loaded.problems] == [
        "settings.json: version 2 is newer than this program (1): read as far as it goes; saving settings first "
        "keeps it as settings.json.newer-…",
        "settings.json: future: unknown key, ignored"]

    user_settings.save_user_settings(replace(loaded.app, card_back="red"), loaded.ai)

    [kept] = aside(data_folder, "settings.json", "newer")
    assert kept.read_text(encoding="utf-8") == newer
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == 1
    user_settings.save_user_settings(AppSettings(), AISettings())  # our own version 1 is simply replaced
    assert aside(data_folder, "settings.json", "newer") == [kept]


def one_deal_game() -> RecordedGame:
    """A two-handed game with its first deal dealt: something to save."""
    rules = make_ruleset("two_handed")
    players = [{"name": "Ada", "type": "human"}, {"name": "Bo", "type": "ai", "level": "beginner"}]
    game = RecordedGame.new(rules, players, 0, 1)
    game.start_deal(shuffled_deck(rules, random.Random(1)))
    return game


def test_a_newer_save_is_kept_for_its_program_when_a_new_game_is_saved(data_folder: Path) -> None:
    """Continue refuses a save a newer Bezique wrote; a new game started here must not write over it either."""
    path = data_folder / "savegame.json"
    newer = json.dumps({"format": "bezique-save", "version": 7, "record": {"from": "the future"}})
    path.write_text(newer, encoding="utf-8")
    game = one_deal_game()

    saves.save_game(game, saves.new_game_meta("computer", level="beginner"))

    [kept] = aside(data_folder, "savegame.json", "newer")
    assert kept.read_text(encoding="utf-8") == newer
    assert "bezique-save version 7" in kept.with_name(kept.name + ".txt").read_text(encoding="utf-8")
    assert saves.load_saved_game().game is not None  # the new game is the save now
    saves.save_game(game, saves.new_game_meta("computer", level="beginner"))  # our own save is simply replaced
    assert aside(data_folder, "savegame.json", "newer") == [kept]


def test_the_save_after_every_move_reads_back_only_a_file_it_did_not_write(data_folder: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    game = one_deal_game()
    meta = saves.new_game_meta("computer", level="beginner")
    saves.save_game(game, meta)
    reads: list[Path] = []
    real = storage.read_json
    monkeypatch.setattr(storage, "read_json", lambda path: reads.append(Path(path)) or real(path))
    for _ in range(3):
        saves.save_game(game, meta)
    assert reads == []  # still the file this program wrote: nothing is read back
    newer = json.dumps({"format": "bezique-save", "version": 7, "record": {}})
    (data_folder / "savegame.json").write_text(newer, encoding="utf-8")  # another program wrote it meanwhile
    saves.save_game(game, meta)
    assert reads == [data_folder / "savegame.json"] and len(aside(data_folder, "savegame.json", "newer")) == 1


def test_a_long_value_in_a_saved_record_is_cut_short_in_the_problem(data_folder: Path) -> None:
    record = {"format": "bezique-record", "version": 1, "variant": "two_handed",
              "rules": {"deal_pattern": [3] * 100_000}, "players": [], "first_dealer": 0, "deals": []}
    (data_folder / "savegame.json").write_text(json.dumps({"format": "bezique-save", "version": 1,
                                                           "record": record}), encoding="utf-8")
    result = saves.load_saved_game()
    assert result.problem is not None and result.problem.key == "problem.save_illegal"
    assert result.problem.detail.startswith("rules: deal_pattern [3, 3, 3")
    assert len(result.problem.detail) <= storage.DETAIL_LIMIT + 30 and result.problem.detail.endswith(" characters)")
    [kept] = aside(data_folder, "savegame.json")
    assert kept.with_name(kept.name + ".txt").read_text(encoding="utf-8") == result.problem.detail + "\n"


def test_the_window_names_the_file_of_a_settings_problem(data_folder: Path) -> None:
    from bezique.games.defaults import load_defaults as load_settings  # the one place the settings' problems are worded

    (data_folder / "settings.json").write_text(json.dumps({"format": "bezique-settings", "version": 1,
                                                           "app": {"mute": "yes"}}), encoding="utf-8")
    assert load_settings().problems[-1] == ("settings.json: mute: 'yes' is not allowed; use true or false "
                                            "— using the default false")


def test_an_oversized_file_is_set_aside_unread(data_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage, "MAX_FILE_BYTES", 1000)
    (data_folder / "stats.json").write_text(json.dumps({"format": "bezique-stats", "version": 1,
                                                        "recorded_games": ["x" * 1000]}), encoding="utf-8")
    result = stats.load_stats()
    assert result.problem is not None and result.problem.detail == ("larger than 1000 bytes: not one of this "
                                                                    "game's files")
    assert len(aside(data_folder, "stats.json")) == 1
