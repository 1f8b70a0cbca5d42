"""New game's remembered choices and house rules: back after a restart, checked by the rules, damage set aside."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bezique.persist import new_game, storage


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv(storage.DATA_DIR_ENV, str(folder))
    return folder


def test_choices_and_house_rules_come_back_as_saved() -> None:
    choices = {"variant": "four_handed", "level": "expert", "target": 2000,
               "people": [False, True, False, False, False], "names": ["Ada", "", "Bo", "", "", ""], "assisted": True}
    house = {"two_handed": {"deal_pattern": (3, 3, 2), "endgame_must_win_trick": True},
             "four_handed": {"four_hand_mode": "individual"}, "rubicon": {}}
    new_game.save_new_game(choices, house)
    loaded = new_game.load_new_game()
    assert loaded.problem is None and loaded.choices == choices
    assert loaded.house_rules == {"two_handed": {"deal_pattern": (3, 3, 2), "endgame_must_win_trick": True},
                                  "four_handed": {"four_hand_mode": "individual"}}


def test_nothing_saved_is_no_choices() -> None:
    loaded = new_game.load_new_game()
    assert loaded.choices == {} and loaded.house_rules == {} and loaded.problem is None


def test_bad_values_are_left_out_one_by_one(data_folder: Path) -> None:
    data_folder.mkdir(parents=True)
    doc = {"format": new_game.FORMAT, "version": 1,
           "choices": {"variant": "poker", "level": 3, "target": True, "people": [1, 0], "names": ["x" * 40],
                       "assisted": "yes"},
           "house_rules": {"two_handed": {"endgame_must_win_trick": "sometimes", "last_trick_bonus": 50,
                                          "players": 4, "no_such_rule": 1},
                           "chinese": {"bezique_can_set_trump": True, "bezique_pair_scheme": "fixed_qs_jd"},
                           "poker": {"last_trick_bonus": 5}}}
    new_game.new_game_path().write_text(json.dumps(doc), encoding="utf-8")
    loaded = new_game.load_new_game()
    assert loaded.problem is None
    assert loaded.choices == {"names": ["x" * new_game.MAX_NAME, "", "", "", "", ""]}
    # the good rule survives its bad neighbours; a combination the rules refuse with no single culprit is dropped
    assert loaded.house_rules == {"two_handed": {"last_trick_bonus": 50}}


@pytest.mark.parametrize("text", ["{not json", json.dumps({"format": "other"}),
                                  json.dumps({"format": new_game.FORMAT, "version": 99})])
def test_a_damaged_file_is_set_aside_and_said(data_folder: Path, text: str) -> None:
    data_folder.mkdir(parents=True)
    path = new_game.new_game_path()
    path.write_text(text, encoding="utf-8")
    loaded = new_game.load_new_game()
    assert loaded.problem is not None and loaded.problem.key == "problem.new_game_damaged"
    assert not path.exists() and loaded.problem.set_aside_to is not None and loaded.problem.set_aside_to.exists()
    assert loaded.choices == {} and loaded.house_rules == {}
