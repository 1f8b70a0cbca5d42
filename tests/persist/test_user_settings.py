"""The player's settings: saved atomically, back after a restart, checked like config.yaml, damage set aside."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from bezique import config
from bezique.config import AISettings, AppSettings, Config, load_config
from bezique.persist import storage
from bezique.persist.user_settings import SETTING_CHOICES, load_user_settings, resolve_language, save_user_settings

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv(storage.DATA_DIR_ENV, str(folder))
    return folder


def write(data_folder: Path, doc: object) -> Path:
    data_folder.mkdir(parents=True, exist_ok=True)
    path = data_folder / "settings.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return path


def test_no_file_gives_config_yaml_defaults() -> None:
    cfg = Config(app=AppSettings(card_back="red"), ai=AISettings(level="expert"))
    app, ai, problems = load_user_settings(cfg)
    assert app == cfg.app and ai == cfg.ai and problems == ()
    assert load_user_settings().app == AppSettings()


def test_settings_persist_across_a_restart(data_folder: Path) -> None:
    app = replace(AppSettings(), language="it", sound_volume=0.3, mute=True, card_back="red", fullscreen=True,
                  deck_colours="colour_blind")
    ai = replace(AISettings(), level="master")
    save_user_settings(app, ai)
    # a "restart": a fresh interpreter reads the file from disk
    code = ("from bezique.config import load_config; from bezique.persist.user_settings import load_user_settings; "
            "s = load_user_settings(load_config().config); print(s.app.language, s.app.sound_volume, s.app.mute, "
            "s.app.card_back, s.app.deck_colours, s.app.fullscreen, s.ai.level, len(s.problems))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         env={**os.environ, storage.DATA_DIR_ENV: str(data_folder)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["it", "0.3", "True", "red", "colour_blind", "True", "master", "0"]
    loaded = load_user_settings(load_config().config)
    assert loaded.app == app and loaded.ai == ai
    assert sorted(p.name for p in data_folder.iterdir()) == ["settings.json"]


def test_saved_values_override_config_defaults_and_missing_ones_keep_them(data_folder: Path) -> None:
    write(data_folder, {"format": "bezique-settings", "version": 1, "app": {"language": "en"}})
    cfg = Config(app=AppSettings(card_back="red", language="it"), ai=AISettings(level="beginner"))
    app, ai, problems = load_user_settings(cfg)
    assert app.language == "en" and app.card_back == "red" and ai.level == "beginner" and problems == ()


def test_config_yaml_is_never_written(data_folder: Path) -> None:
    before = (ROOT / "config.yaml").read_bytes()
    save_user_settings(AppSettings(language="it"), AISettings())
    assert (ROOT / "config.yaml").read_bytes() == before


def test_bad_values_are_reported_and_keep_the_default(data_folder: Path) -> None:
    write(data_folder, {"format": "bezique-settings", "version": 1,
                        "app": {"language": "de", "sound_volume": 3, "mute": "yes", "card_back": "red",
                                "animaton_speed": "fast", "deck_colours": True},
                        "ai": {"level": "grandmaster", "expert_time_ms": 50},
                        "extra": 1})
    cfg = Config(app=AppSettings(sound_volume=0.5))
    app, ai, problems = load_user_settings(cfg)
    assert app == replace(cfg.app, card_back="red")
    assert ai == replace(cfg.ai, expert_time_ms=50)
    keys = {p.key for p in problems}
    assert keys == {"language", "sound_volume", "mute", "animaton_speed", "deck_colours", "ai.level", "extra"}
    by_key = {p.key: p.message for p in problems}
    assert by_key["language"] == "language: 'de' is not allowed; use one of auto, it, en, fr — using the default auto"
    assert "using the default 0.5" in by_key["sound_volume"]  # the fallback is config.yaml's value
    assert "did you mean animation_speed?" in by_key["animaton_speed"]
    assert by_key["deck_colours"] == ("deck_colours: true is not allowed; use one of classic, four_colour, "
                                      "colour_blind — using the default classic")
    assert all(p.path == data_folder / "settings.json" for p in problems)


def test_the_same_checks_as_config_yaml(tmp_path: Path, data_folder: Path) -> None:
    """Whatever config.yaml refuses, settings.json refuses with the same message."""
    bad = {"language": "de", "sound_volume": -1, "fullscreen": 1, "card_back": "tartan", "computer_pace": "warp",
           "deck_colours": "rainbow"}
    yaml_path = tmp_path / "config.yaml"
    yaml_path.write_text("\n".join(f"{k}: {json.dumps(v)}" for k, v in bad.items()) + "\nai:\n  level: god\n",
                         encoding="utf-8")
    from_yaml = {p.key: p.message for p in load_config(yaml_path).problems}
    write(data_folder, {"format": "bezique-settings", "version": 1, "app": bad, "ai": {"level": "god"}})
    from_json = {p.key: p.message for p in load_user_settings().problems}
    assert from_json == from_yaml


@pytest.mark.parametrize("content", ["{", "", "[]", '{"format": "other"}', '{"format": "bezique-settings"}',
                                     '{"format": "bezique-settings", "version": 1, "app": 3}'])
def test_damaged_file_is_set_aside_and_defaults_used(content: str, data_folder: Path) -> None:
    path = write(data_folder, content)
    cfg = Config(app=AppSettings(card_back="red"))
    app, ai, problems = load_user_settings(cfg)
    assert app == cfg.app and ai == cfg.ai and problems
    if content.endswith("3}"):  # a bad section is a bad value, not a damaged file
        assert path.exists() and problems[0].key == "app"
        return
    assert not path.exists()
    asides = [p for p in data_folder.iterdir() if re.match(r"^settings\.json\.damaged-\d{8}-\d{6}$", p.name)]
    assert len(asides) == 1 and asides[0].read_text(encoding="utf-8") == content
    assert asides[0].name in problems[0].message and problems[0].key == ""


def test_saving_refuses_values_the_checks_refuse(data_folder: Path) -> None:
    with pytest.raises(ValueError):
        save_user_settings(AppSettings(card_back="tartan"), AISettings())
    assert not (data_folder / "settings.json").exists()


def test_choices_match_config_checks() -> None:
    checks = {**config.APP_CHECKS, **config.AI_CHECKS}
    assert set(SETTING_CHOICES) == set(config.APP_CHECKS)
    for key, choices in SETTING_CHOICES.items():
        for value in choices:
            assert checks[key](value) == value
        with pytest.raises(ValueError) as refused:
            checks[key](object())
        message = str(refused.value)
        if "use one of" in message:
            assert set(message.split("use one of ")[1].split(", ")) == set(choices), key
        assert getattr(AppSettings(), key, getattr(AISettings(), key, None)) in choices


@pytest.mark.parametrize("environ,expected", [
    ({"LANG": "it_IT.UTF-8"}, "it"), ({"LANG": "en_GB.UTF-8"}, "en"), ({"LC_ALL": "it_CH", "LANG": "en_US"}, "it"),
    ({"LANGUAGE": "it"}, "it"), ({"LANG": "de_DE.UTF-8"}, "en"), ({"LANG": "C"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "fr"), ({"LC_ALL": "fr_CA"}, "fr"), ({"LANG": "ht_HT"}, "fr"),
])
def test_language_auto_follows_the_environment(environ: dict, expected: str) -> None:
    assert resolve_language("auto", environ, lambda: (None, None)) == expected


def test_language_auto_falls_back_to_the_locale_and_explicit_choices_win(monkeypatch: pytest.MonkeyPatch) -> None:
    assert resolve_language("auto", {}, lambda: ("Italian_Italy", "1252")) == "it"
    assert resolve_language("auto", {}, lambda: ("it_IT", "UTF-8")) == "it"
    assert resolve_language("auto", {}, lambda: (None, None)) == "en"
    assert resolve_language("auto", {}, lambda: ("French_France", "1252")) == "fr"
    assert resolve_language("fr", {"LANG": "it_IT"}) == "fr"
    assert resolve_language("it", {"LANG": "en_US"}) == "it"
    assert resolve_language("en", {"LANG": "it_IT"}) == "en"
    # without arguments it reads the real environment
    monkeypatch.setenv("LC_ALL", "it_IT.UTF-8")
    assert resolve_language("auto") == "it"
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    assert resolve_language("auto") == "en"
