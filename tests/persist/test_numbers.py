"""No number in a per-user file stops the game. ``NaN``, ``Infinity`` and ``-Infinity`` (Python's json reads them,
JSON has none, and a value that is not a number compares false with every bound, then cannot be written back) and a
float beyond range (``1e400``, which Python's json reads as infinity) make the file damaged wherever they stand: it
is set aside byte for byte and named. A whole number out of its range (negative, huge) is refused by the check of
its key, with the key, the value and what is allowed.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bezique.config import AISettings, AppSettings
from bezique.persist import history, new_game, saves, stats, storage, user_settings
from bezique.rules import Phase, RecordedGame, legal_actions, make_ruleset, shuffled_deck

NOT_NUMBERS = ["NaN", "Infinity", "-Infinity"]
TOO_LARGE = ["1e400", "-1e400", "2.5E+999"]
KEPT = "20261204-211500-abc.json"
PLAYERS = [{"name": "Anna", "type": "human"}, {"name": "Computer", "type": "ai", "level": "beginner"}]


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    (folder / "games").mkdir(parents=True)
    monkeypatch.setenv(storage.DATA_DIR_ENV, str(folder))
    return folder


def aside(folder: Path, name: str) -> list[Path]:
    pattern = re.compile(rf"{re.escape(name)}\.damaged-\d{{8}}-\d{{6}}(-\d+)?")
    return sorted(p for p in folder.iterdir() if pattern.fullmatch(p.name))


def _kept_problem() -> storage.StorageProblem | None:
    listing = history.list_games()
    assert listing.games == []
    return listing.problems[0] if listing.problems else None


def _save_problem() -> storage.StorageProblem | None:
    result = saves.load_saved_game()
    assert result.game is None
    return result.problem


def _stats_problem() -> storage.StorageProblem | None:
    result = stats.load_stats()
    assert result.stats == stats.Stats()
    return result.problem


def _new_game_problem() -> storage.StorageProblem | None:
    saved = new_game.load_new_game()
    assert (saved.choices, saved.house_rules) == ({}, {})
    return saved.problem


# (the file, its text around the number, how it is loaded: the problem, having checked the defaults, and the key)
FILES: list[tuple[str, str, Callable[[], storage.StorageProblem | None], str]] = [
    ("stats.json", '{"format": "bezique-stats", "version": 2, "hotseat": {"games": %s}}', _stats_problem,
     "problem.stats_damaged"),
    ("savegame.json", '{"format": "bezique-save", "version": 1, "saved_at": "NaN",\r\n "meta": {"human_seat": '
                      '[0, %s]}, "record": {}}', _save_problem, "problem.save_damaged"),
    ("new_game.json", '{"format": "bezique-new-game", "version": 1, "choices": {"target": %s, "names": ["Zoé"]}}',
     _new_game_problem, "problem.new_game_damaged"),
    (f"games/{KEPT}", '{"format": "bezique-kept-game", "version": 1, "summary": {"scores": [%s, 0]}}',
     _kept_problem, "problem.kept_damaged"),
]


def _where(text: str, token: str) -> tuple[int, int]:
    """The line and column of the number `token` in `text` (the "%s" of the file's pattern)."""
    before = text[:text.index("%s")]
    return before.count("\n") + 1, len(before) - before.rfind("\n")


@pytest.mark.parametrize("token", NOT_NUMBERS + TOO_LARGE)
@pytest.mark.parametrize(("name", "pattern", "load", "key"), FILES, ids=[f[0] for f in FILES])
def test_a_number_json_has_not_sets_every_per_user_file_aside(data_folder: Path, name: str, pattern: str,
                                                              load: Callable[[], Any], key: str, token: str) -> None:
    data = (pattern % token).encode("utf-8")
    path = data_folder / name
    path.write_bytes(data)
    problem = load()
    line, column = _where(pattern, token)
    why = ("not valid JSON", "is not a number JSON allows") if token in NOT_NUMBERS else \
        ("not usable JSON", "is too large a number")
    assert problem is not None and (problem.key, problem.detail) == (
        key, f"{why[0]} at line {line}, column {column}: {token} {why[1]}")
    [kept] = aside(path.parent, path.name)
    assert problem.set_aside_to == kept and kept.read_bytes() == data and not path.exists()


@pytest.mark.parametrize("token", NOT_NUMBERS + TOO_LARGE)
def test_a_number_json_has_not_in_the_settings_gives_the_defaults_and_one_line(data_folder: Path,
                                                                               token: str) -> None:
    """Anywhere in the file: here in a key the program does not know, which is otherwise only reported."""
    data = ('{"format": "bezique-settings", "version": 1, "app": {"sound_volume": 0.3, "language": "fr"},\n'
            f' "ai": {{}}, "extra": {{"nested": [1, {{"deep": {token}}}]}}}}\n').encode()
    (data_folder / "settings.json").write_bytes(data)
    loaded = user_settings.load_user_settings()
    assert (loaded.app, loaded.ai) == (AppSettings(), AISettings())
    [kept] = aside(data_folder, "settings.json")
    why = "not valid JSON" if token in NOT_NUMBERS else "not usable JSON"
    what = "is not a number JSON allows" if token in NOT_NUMBERS else "is too large a number"
    assert [str(p) for p in loaded.problems] == [
        f"settings.json: could not be read ({why} at line 2, column 45: {token} {what}); kept as {kept.name} — "
        "using the defaults"]
    assert kept.read_bytes() == data
    user_settings.mark_guide_offered()  # the start goes on and writes its flag: a file of its own, never over it
    assert kept.read_bytes() == data and user_settings.guide_offered()


def test_not_a_number_inside_a_text_is_text(data_folder: Path) -> None:
    """Only a number is refused: the word inside a name or a text is the player's."""
    new_game.save_new_game({"names": ["NaN", "Infinity", "-Infinity 1e400"]}, {})
    assert new_game.load_new_game().choices["names"][:3] == ["NaN", "Infinity", "-Infinity 1e400"]
    assert storage.read_json(data_folder / "new_game.json")["choices"]["names"][0] == "NaN"


def test_nothing_non_finite_is_ever_written(data_folder: Path) -> None:
    for value in (float("nan"), float("inf"), -float("inf")):
        with pytest.raises(ValueError, match="Out of range float values are not JSON compliant"):
            storage.write_json_atomic(data_folder / "x.json", {"v": value})
    assert not (data_folder / "x.json").exists()


# --- numbers of the right kind out of their range ------------------------------------------------------------

HUGE = 10 ** 400  # within Python's 4,300 digits: it reads, and its key's check refuses it


def short(value: Any) -> str:
    """A test id that names a huge value instead of spelling it, and a long text by its beginning."""
    text = value if isinstance(value, str) else repr(value)
    if len(text) <= 24:
        return text
    return f"{text[:20]}..." if isinstance(value, str) else f"{type(value).__name__}-of-{len(text)}-characters"


@pytest.mark.parametrize(("key", "value", "allowed"), [
    ("sound_volume", 1e308, "use a number from 0.0 to 1.0"),
    ("sound_volume", -0.5, "use a number from 0.0 to 1.0"),
    ("sound_volume", HUGE, "use a number from 0.0 to 1.0"),
    ("sound_volume", -HUGE, "use a number from 0.0 to 1.0"),
    ("kept_games", -1, "use a whole number from 0 to 10000"),
    ("kept_games", HUGE, "use a whole number from 0 to 10000"),
    ("kept_games", 1e3, "use a whole number from 0 to 10000"),
    ("window_size", "²x240", "use auto or a size such as 1280x720"),  # "²".isdigit(), but int() refuses it
    ("window_size", "9" * 5000 + "x240", "use auto or a size such as 1280x720"),  # beyond int()'s 4,300 digits
    ("window_size", "-1280x720", "use auto or a size such as 1280x720"),
    ("window_size", "99999x720", "use auto or a size such as 1280x720"),
    ("ai.expert_time_ms", -10, "use a whole number from 10 to 10000"),
    ("ai.expert_time_ms", HUGE, "use a whole number from 10 to 10000"),
    ("ai.expert_iterations", -1, "use a whole number from 0 to 1000000"),
    ("ai.master_time_ms", 10 ** 12, "use a whole number from 10 to 10000"),
], ids=short)
def test_every_numeric_setting_out_of_range_is_named_and_keeps_its_default(data_folder: Path, key: str, value: Any,
                                                                           allowed: str) -> None:
    section, _, name = key.rpartition(".")
    doc = {"format": "bezique-settings", "version": 1, "app": {}, "ai": {}}
    doc[section or "app"][name] = value
    (data_folder / "settings.json").write_text(json.dumps(doc), encoding="utf-8")
    loaded = user_settings.load_user_settings()
    assert (loaded.app, loaded.ai) == (AppSettings(), AISettings())
    [problem] = [str(p) for p in loaded.problems]
    assert problem.startswith(f"settings.json: {key}: ") and f"is not allowed; {allowed} — using the default" in problem
    assert aside(data_folder, "settings.json") == []  # a bad value is reported; the rest of the file stays in use


def _stats_doc(**variant: Any) -> dict[str, Any]:
    return {"format": "bezique-stats", "version": 2, "variants": {"two_handed": variant}}


@pytest.mark.parametrize(("doc", "where"), [
    ({"format": "bezique-stats", "version": 2, "hotseat": {"games": -1}}, "hotseat.games"),
    ({"format": "bezique-stats", "version": 2, "hotseat": {"games": HUGE}}, "hotseat.games"),
    (_stats_doc(by_level={"expert": {"games": 10 ** 9 + 1}}), "variants.two_handed.by_level.expert.games"),
    (_stats_doc(best_streak=-3), "variants.two_handed.best_streak"),
    (_stats_doc(best_deal={"expert": {"points": HUGE, "date": "2026-12-04"}}),
     "variants.two_handed.best_deal.expert.points"),
    (_stats_doc(biggest_meld={"expert": {"points": -40, "kind": "bezique", "date": "2026-12-04"}}),
     "variants.two_handed.biggest_meld.expert.points"),
], ids=short)
def test_a_count_out_of_range_sets_the_statistics_aside(data_folder: Path, doc: dict[str, Any], where: str) -> None:
    (data_folder / "stats.json").write_text(json.dumps(doc), encoding="utf-8")
    problem = _stats_problem()
    assert problem is not None and problem.key == "problem.stats_damaged"
    assert problem.detail.startswith(f"{where}: expected a whole number from 0 to 1000000000, found ")
    assert len(aside(data_folder, "stats.json")) == 1


def _finished(seed: int = 1) -> RecordedGame:
    rules = make_ruleset("two_handed", {"target_score": 500})
    rng = random.Random(seed)
    game = RecordedGame.new(rules, PLAYERS, rng.randrange(2), seed)
    while game.state.phase != Phase.OVER:
        if game.state.phase == Phase.AWAIT_DEAL:
            game.start_deal(shuffled_deck(rules, rng))
        else:
            game.act(rng.choice(legal_actions(game.state)))
    return game


@pytest.fixture(scope="module")
def kept_doc(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A real kept game's document, to spoil one number of."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(storage.DATA_DIR_ENV, str(tmp_path_factory.mktemp("kept")))
        path = history.keep_game(_finished(), saves.new_game_meta("computer", "beginner"))
        assert path is not None
        return storage.read_json(path)


@pytest.mark.parametrize(("part", "key", "value", "detail"), [
    ("summary", "winner", 2, "summary.winner: expected a side from 0 to 1 or null, found 2"),
    ("summary", "winner", -1, "summary.winner: expected a side from 0 to 1 or null, found -1"),
    ("summary", "scores", [HUGE, 0], "summary.scores: expected a whole number from 0 to 1000000000 for each side"),
    ("summary", "scores", [-20, 0], "summary.scores: expected a whole number from 0 to 1000000000 for each side"),
    ("summary", "scores", [0, 0, 0], "summary.scores: expected a whole number from 0 to 1000000000 for each side"),
    ("summary", "target", -1000, "summary.target: expected a whole number from 0 to 1000000000, found -1000"),
    ("summary", "deals", 10 ** 12, "summary.deals: expected a whole number from 0 to 1000000000, found "
                                   "1000000000000"),
    ("meta", "human_seat", 5, "meta.human_seat: expected a whole number from 0 to 1, found 5"),
    ("meta", "human_seat", -1, "meta.human_seat: expected a whole number from 0 to 1, found -1"),
], ids=short)
def test_a_number_out_of_range_sets_a_kept_game_aside(data_folder: Path, kept_doc: dict[str, Any], part: str,
                                                      key: str, value: Any, detail: str) -> None:
    doc = json.loads(json.dumps(kept_doc))
    doc[part][key] = value
    (data_folder / "games" / KEPT).write_text(json.dumps(doc), encoding="utf-8")
    problem = _kept_problem()
    assert problem is not None and problem.key == "problem.kept_damaged" and problem.detail.startswith(detail)
    assert len(aside(data_folder / "games", KEPT)) == 1


def test_a_kept_game_with_its_numbers_in_range_is_listed(data_folder: Path, kept_doc: dict[str, Any]) -> None:
    """The same document unspoilt: the test above refuses the numbers alone."""
    (data_folder / "games" / KEPT).write_text(json.dumps(kept_doc), encoding="utf-8")
    listing = history.list_games()
    assert listing.problems == [] and [g.scores for g in listing.games] == [tuple(kept_doc["summary"]["scores"])]


@pytest.mark.parametrize("seat", [-1, 2, HUGE], ids=short)
def test_a_save_for_a_seat_out_of_range_is_set_aside(data_folder: Path, seat: int) -> None:
    game = _finished()
    saves.save_game(game, saves.new_game_meta("computer", "beginner"))
    doc = storage.read_json(saves.save_path())
    doc["meta"]["human_seat"] = seat
    (data_folder / "savegame.json").write_text(json.dumps(doc), encoding="utf-8")
    problem = _save_problem()
    assert problem is not None and problem.key == "problem.save_damaged"
    assert problem.detail.startswith("meta.human_seat must be a seat of the game, not ")


@pytest.mark.parametrize("target", [-1000, 0, HUGE, 1.5e3, True], ids=short)
def test_a_new_game_target_out_of_range_is_left_out(data_folder: Path, target: Any) -> None:
    (data_folder / "new_game.json").write_text(json.dumps({"format": "bezique-new-game", "version": 1, "choices": {
        "variant": "two_handed", "target": target}}), encoding="utf-8")
    saved = new_game.load_new_game()
    assert saved.problem is None and saved.choices == {"variant": "two_handed"}
