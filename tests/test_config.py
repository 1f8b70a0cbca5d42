"""config.yaml → Config: the shipped file, every kind of mistake a player can make, and check-config."""

from __future__ import annotations

import dataclasses
import itertools
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bezique import config, config_yaml
from bezique.commands.cli import main as cli_main
from bezique.config import (
    DEFAULT_CONFIG_PATH,
    AISettings,
    AppSettings,
    Config,
    ConfigProblem,
    InternetSettings,
    LoadedConfig,
    load_config,
)
from bezique.rules import RULE_KEYS, Ruleset, make_ruleset, preset
from bezique.shown import shorten

REPO = Path(__file__).resolve().parent.parent
COMMENTED_RULE = re.compile(r"^  # ([a-z_0-9]+): (.*?)(?:\s+#.*)?$")


def write(tmp_path: Path, text: str, name: str = "config.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def load(tmp_path: Path, text: str) -> LoadedConfig:
    return load_config(write(tmp_path, text))


def messages(loaded: LoadedConfig) -> list[str]:
    return [str(problem) for problem in loaded.problems]


def rules_block(text: str) -> list[str]:
    """The lines of the shipped file's `rules:` block (up to the next top-level line)."""
    lines = text.splitlines()
    start = lines.index("rules:") + 1
    block = []
    for line in lines[start:]:
        if line and not line.startswith(" "):
            break
        block.append(line)
    return block


# --- the shipped file ---------------------------------------------------------------------------------------


def test_default_path_is_the_top_level_config_yaml() -> None:
    assert DEFAULT_CONFIG_PATH == REPO / "config.yaml"


def test_shipped_config_loads_without_problems_and_equals_the_code_defaults() -> None:
    loaded = load_config()
    assert loaded.problems == ()
    assert loaded.config == Config()
    assert loaded.config.rules == Ruleset()


def test_shipped_config_sets_every_app_and_ai_setting_explicitly() -> None:
    import yaml

    data = yaml.safe_load(DEFAULT_CONFIG_PATH.read_text(encoding="utf-8"))
    top_level = {f.name for f in dataclasses.fields(AppSettings)} | {"variant", "target_score", "rules", "ai",
                                                                     "internet"}
    assert top_level == set(data)
    assert {f.name for f in dataclasses.fields(AISettings)} == set(data["ai"])
    assert {f.name for f in dataclasses.fields(InternetSettings)} == set(data["internet"])


def test_the_internet_relay_is_public_off_or_an_address_with_its_token(tmp_path: Path) -> None:
    own = load_config(write(tmp_path, "internet:\n  relay: https://relay.example.org:8443\n  relay_token: s3cr3t\n"))
    assert own.problems == ()
    assert own.config.internet == InternetSettings("https://relay.example.org:8443", "s3cr3t")
    bad = load_config(write(tmp_path, "internet:\n  relay: my relay\n  relay_tokn: x\n"))
    assert bad.config.internet == InternetSettings()
    said = [p.message for p in bad.problems]
    assert any(m.startswith("internet.relay: 'my relay' is not allowed; use public, off or your relay's") or
               m.startswith("internet.relay: my relay is not allowed") for m in said), said
    assert any("internet.relay_tokn: unknown key" in m and "internet.relay_token" in m for m in said), said


def test_every_commented_rule_key_is_a_rule_key_and_every_rule_key_is_documented() -> None:
    documented = [m.group(1) for line in rules_block(DEFAULT_CONFIG_PATH.read_text(encoding="utf-8"))
                  if (m := COMMENTED_RULE.match(line))]
    assert len(documented) == len(set(documented)), "a rule key is documented twice"
    assert set(documented) - set(RULE_KEYS) == set(), "commented keys that are not rule keys"
    assert set(RULE_KEYS) - set(documented) == set(), "rule keys missing from config.yaml's comments"


def test_uncommenting_every_rule_line_gives_the_two_handed_defaults(tmp_path: Path) -> None:
    """The values shown in the comments are the real defaults, written in valid YAML."""
    text = DEFAULT_CONFIG_PATH.read_text(encoding="utf-8")
    uncommented = "\n".join("  " + line[4:] if COMMENTED_RULE.match(line) else line
                            for line in text.splitlines())
    loaded = load(tmp_path, uncommented)
    assert messages(loaded) == []
    assert loaded.config.rules == Ruleset()


# --- good files ---------------------------------------------------------------------------------------------


def test_empty_file_and_comment_only_file_give_defaults_without_problems(tmp_path: Path) -> None:
    assert load(tmp_path, "") == LoadedConfig(Config(), ())
    comments_only = "# nothing here\nrules:\n  # target_score: 500\nai:\n"
    assert load(tmp_path, comments_only) == LoadedConfig(Config(), ())


def test_values_overlay_the_defaults(tmp_path: Path) -> None:
    loaded = load(tmp_path, "variant: rubicon\nrules:\n  four_tens_value: 90\nsound_volume: 1\nmute: true\n"
                            "ai:\n  level: master\n  expert_iterations: 5000\n")
    assert loaded.problems == ()
    config = loaded.config
    assert config.variant == "rubicon"
    assert config.rules == make_ruleset("rubicon", {"four_tens_value": 90})
    assert config.app == AppSettings(sound_volume=1.0, mute=True)
    assert isinstance(config.app.sound_volume, float)
    assert config.ai == AISettings(level="master", expert_iterations=5000)


@pytest.mark.parametrize("deck", ["classic", "four_colour", "colour_blind"])
def test_deck_colours_takes_each_face_set(tmp_path: Path, deck: str) -> None:
    loaded = load(tmp_path, f"deck_colours: {deck}\n")
    assert loaded.problems == ()
    assert loaded.config.app == AppSettings(deck_colours=deck)


def test_top_level_target_score_is_the_rule_key(tmp_path: Path) -> None:
    loaded = load(tmp_path, "target_score: 500\n")
    assert loaded.problems == ()
    assert loaded.config.rules.target_score == 500
    assert load(tmp_path, "target_score: 500\nrules:\n  target_score: 500\n").problems == ()


def test_config_values_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Config().app.mute = True  # type: ignore[misc]


# --- whole-file problems: all defaults, one problem ---------------------------------------------------------


def test_invalid_yaml_gives_line_and_column(tmp_path: Path) -> None:
    loaded = load(tmp_path, "mute: true\nai:\n  level: [expert\nfullscreen: true\n")
    assert loaded.config == Config()
    assert len(loaded.problems) == 1
    text = messages(loaded)[0]
    assert re.match(r"config\.yaml: invalid YAML at line \d+, column \d+: .+ — using defaults$", text), text
    assert loaded.problems[0].key == ""


def test_invalid_yaml_location_is_one_based(tmp_path: Path) -> None:
    loaded = load(tmp_path, "mute: true\nlanguage: en: it\n")
    assert messages(loaded) == [
        "config.yaml: invalid YAML at line 2, column 13: mapping values are not allowed here "
        "— using defaults",
    ]


def test_top_level_list_gives_defaults(tmp_path: Path) -> None:
    loaded = load(tmp_path, "- variant: rubicon\n- mute: true\n")
    assert loaded.config == Config()
    assert messages(loaded) == [
        "config.yaml: the top level must be a mapping of settings (key: value), not a list — using defaults",
    ]


def test_top_level_scalar_gives_defaults(tmp_path: Path) -> None:
    loaded = load(tmp_path, "just some words\n")
    assert loaded.config == Config()
    assert messages(loaded) == [
        "config.yaml: the top level must be a mapping of settings (key: value), not a text — using defaults",
    ]


def test_unreadable_path_gives_defaults(tmp_path: Path) -> None:
    loaded = load_config(tmp_path)  # a directory cannot be read as a file
    assert loaded.config == Config()
    assert len(loaded.problems) == 1
    assert "cannot be read" in str(loaded.problems[0])
    assert str(loaded.problems[0]).endswith("— using defaults")


def test_file_that_is_not_utf8_gives_defaults(tmp_path: Path) -> None:
    path = tmp_path / "config.yaml"
    path.write_bytes(b"language: \xff\xfe\n")
    loaded = load_config(path)
    assert loaded.config == Config()
    assert messages(loaded) == ["config.yaml: cannot be read: it is not UTF-8 text — using defaults"]


def test_missing_file_is_reported_with_its_path(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.yaml"
    loaded = load_config(path)
    assert loaded.config == Config()
    assert messages(loaded) == [f"nowhere.yaml: not found at {path} — using defaults"]


def test_absurdly_nested_yaml_does_not_crash(tmp_path: Path) -> None:
    loaded = load(tmp_path, "rules: " + "[" * 20_000)
    assert loaded.config == Config()
    assert len(loaded.problems) == 1
    assert "invalid YAML" in str(loaded.problems[0])


# --- unknown keys -------------------------------------------------------------------------------------------


def test_unknown_keys_are_ignored_with_the_closest_key_suggested(tmp_path: Path) -> None:
    loaded = load(tmp_path, "fulscreen: true\nmute: true\nrules:\n  targt_score: 500\n  four_tens_value: 90\n"
                            "ai:\n  levle: expert\n  expert_time_ms: 500\n")
    assert messages(loaded) == [
        "config.yaml: fulscreen: unknown key, ignored; did you mean fullscreen?",
        "config.yaml: rules.targt_score: unknown key, ignored; did you mean rules.target_score?",
        "config.yaml: ai.levle: unknown key, ignored; did you mean ai.level?",
    ]
    assert [p.key for p in loaded.problems] == ["fulscreen", "rules.targt_score", "ai.levle"]
    config = loaded.config
    assert config.app == AppSettings(mute=True)  # the good neighbour is kept, the typo is not applied
    assert config.rules == make_ruleset("two_handed", {"four_tens_value": 90})
    assert config.ai == AISettings(expert_time_ms=500)


def test_a_key_in_the_wrong_section_points_to_the_right_one(tmp_path: Path) -> None:
    loaded = load(tmp_path, "hand_size: 9\nrules:\n  level: expert\n")
    assert messages(loaded) == [
        "config.yaml: hand_size: unknown key, ignored; did you mean rules.hand_size?",
        "config.yaml: rules.level: unknown key, ignored; did you mean ai.level?",
    ]
    assert loaded.config == Config()


def test_unknown_key_without_a_near_match_has_no_suggestion(tmp_path: Path) -> None:
    loaded = load(tmp_path, "xyzzy: 1\n42: answer\n")
    assert messages(loaded) == [
        "config.yaml: xyzzy: unknown key, ignored",
        "config.yaml: 42: unknown key, ignored",
    ]


# --- bad values: that key falls back, the others are kept ---------------------------------------------------


def test_out_of_range_rule_value_names_key_value_and_allowed_values(tmp_path: Path) -> None:
    loaded = load(tmp_path, "rules:\n  target_score: 700\n  brisque_value: 20\n")
    assert messages(loaded) == [
        "config.yaml: rules.target_score: 700 is not allowed; use one of 500, 1000, 2000 "
        "— using the default 1000",
    ]
    assert loaded.problems[0] == ConfigProblem(loaded.problems[0].path, "rules.target_score",
                                               loaded.problems[0].message)
    assert loaded.config.rules == make_ruleset("two_handed", {"brisque_value": 20})


def test_bad_top_level_target_score_is_named_as_written(tmp_path: Path) -> None:
    loaded = load(tmp_path, "target_score: 700\n")
    assert messages(loaded) == [
        "config.yaml: target_score: 700 is not allowed; use one of 500, 1000, 2000 "
        "— using the default 1000",
    ]
    assert loaded.problems[0].key == "target_score"


def test_wrong_type_rule_value(tmp_path: Path) -> None:
    loaded = load(tmp_path, "rules:\n  open_hands: 'yes'\n  deal_pattern: [3, 3, 2]\n")
    assert messages(loaded) == ["config.yaml: rules.open_hands: 'yes' is not allowed; use true or false "
                                "— using the default false"]
    assert loaded.config.rules == make_ruleset("two_handed", {"deal_pattern": [3, 3, 2]})


def test_rule_default_is_the_variants_preset_value(tmp_path: Path) -> None:
    loaded = load(tmp_path, "variant: chinese\nrules:\n  last_trick_bonus: -5\n")
    assert messages(loaded) == [
        "config.yaml: rules.last_trick_bonus: -5 is not allowed; use a whole number of 0 or more "
        "— using the default 250",
    ]
    assert loaded.config.rules == preset("chinese")


def test_a_rule_its_variant_forbids_is_dropped_alone(tmp_path: Path) -> None:
    loaded = load(tmp_path, "rules:\n  turn_up_trump: false\n  four_tens_value: 90\n")
    assert messages(loaded) == [
        "config.yaml: rules.turn_up_trump: false is not allowed in two_handed; it must be true "
        "— using the default true",
    ]
    assert loaded.config.rules == make_ruleset("two_handed", {"four_tens_value": 90})


@pytest.mark.parametrize(
    ("yaml_text", "expected"),
    [
        ("mute: 'yes'\n", "mute: 'yes' is not allowed; use true or false — using the default false"),
        ("mute: 1\n", "mute: 1 is not allowed; use true or false — using the default false"),
        ("language: de\n", "language: 'de' is not allowed; use one of auto, it, en, fr — using the default auto"),
        ("animation_speed: 3\n", "animation_speed: 3 is not allowed; use one of slow, normal, fast, instant "
                                 "— using the default normal"),
        ("card_back: tartan\n", "card_back: 'tartan' is not allowed; use one of blue, red, green, purple, black "
                                "— using the default blue"),
        ("table_colour: pink\n", "table_colour: 'pink' is not allowed; use one of green, blue, red, grey "
                                 "— using the default green"),
        ("deck_colours: true\n", "deck_colours: true is not allowed; use one of classic, four_colour, colour_blind "
                                "— using the default classic"),
        ("deck_colours: colourblind\n", "deck_colours: 'colourblind' is not allowed; use one of classic, "
                                       "four_colour, colour_blind — using the default classic"),
        ("sound_volume: 1.5\n", "sound_volume: 1.5 is not allowed; use a number from 0.0 to 1.0 "
                                "— using the default 0.8"),
        ("sound_volume: .nan\n", "sound_volume: nan is not allowed; use a number from 0.0 to 1.0 "
                                 "— using the default 0.8"),
        ("sound_volume: true\n", "sound_volume: true is not allowed; use a number from 0.0 to 1.0 "
                                 "— using the default 0.8"),
        ("ai:\n  level: grandmaster\n", "ai.level: 'grandmaster' is not allowed; use one of beginner, "
                                        "intermediate, expert, master — using the default intermediate"),
        ("ai:\n  expert_time_ms: 5\n",
         "ai.expert_time_ms: 5 is not allowed; use a whole number from 10 to 10000 — using the default 280"),
        ("ai:\n  expert_iterations: 2000000\n",
         "ai.expert_iterations: 2000000 is not allowed; use a whole number from 0 to 1000000 "
         "— using the default 0"),
        ("ai:\n  master_time_ms: 2.5\n",
         "ai.master_time_ms: 2.5 is not allowed; use a whole number from 10 to 10000 "
         "— using the default 1000"),
        ("variant: short\n", "variant: 'short' is not allowed; use one of two_handed, open, three_handed, "
                             "four_handed, six_handed, rubicon, chinese (the short game is two_handed with "
                             "target_score: 500) — using the default two_handed"),
        ("variant: [rubicon]\n",
         "variant: ['rubicon'] is not allowed; use one of two_handed, open, three_handed, four_handed, "
         "six_handed, rubicon, chinese — using the default two_handed"),
    ],
)
def test_bad_app_ai_and_variant_values(tmp_path: Path, yaml_text: str, expected: str) -> None:
    loaded = load(tmp_path, yaml_text + "fullscreen: true\n")
    assert messages(loaded) == [f"config.yaml: {expected}"]
    assert loaded.config == Config(app=AppSettings(fullscreen=True))


def test_sections_that_are_not_mappings(tmp_path: Path) -> None:
    loaded = load(tmp_path, "variant: open\nrules: [1, 2]\nai: fast\nmute: true\n")
    assert messages(loaded) == [
        "config.yaml: rules: [1, 2] is not allowed; use a mapping (one key: value per line, indented under "
        "rules:) — using the open preset rules",
        "config.yaml: ai: 'fast' is not allowed; use a mapping (one key: value per line, indented under ai:) "
        "— using the default ai settings",
    ]
    assert loaded.config == Config(variant="open", rules=preset("open"), app=AppSettings(mute=True))


def test_target_score_in_both_places_must_agree(tmp_path: Path) -> None:
    loaded = load(tmp_path, "target_score: 500\nrules:\n  target_score: 2000\n")
    assert messages(loaded) == [
        "config.yaml: target_score: 500 differs from rules.target_score: 2000; set it in one place "
        "— using rules.target_score",
    ]
    assert loaded.problems[0].key == "target_score, rules.target_score"
    assert loaded.config.rules.target_score == 2000


# --- combination errors: the variant's preset, plus target_score --------------------------------------------


def test_combination_error_falls_back_to_the_preset_keeping_target_score(tmp_path: Path) -> None:
    loaded = load(tmp_path, "target_score: 500\nrules:\n  deal_pattern: [3, 3, 3]\n  hand_size: 8\n"
                            "  four_tens_value: 90\nmute: true\n")
    assert messages(loaded) == [
        "config.yaml: rules: deal_pattern [3, 3, 3] deals 9 cards but hand_size is 8; they must agree "
        "— using the two_handed preset rules with target_score 500",
    ]
    assert loaded.problems[0].key == "rules.deal_pattern, rules.hand_size"
    assert loaded.config.rules == make_ruleset("two_handed", {"target_score": 500})
    assert loaded.config.app == AppSettings(mute=True)


def test_combination_error_without_target_score(tmp_path: Path) -> None:
    loaded = load(tmp_path, "variant: rubicon\nrules:\n  seven_of_trumps_scoring: none\n"
                            "  seven_turnup_dealer_bonus: 10\n")
    assert messages(loaded) == ["config.yaml: rules: seven_of_trumps_scoring: none requires "
                                "seven_turnup_dealer_bonus: 0 — using the rubicon preset rules"]
    assert loaded.config.rules == preset("rubicon")


def test_bad_value_and_combination_error_together(tmp_path: Path) -> None:
    loaded = load(tmp_path, "rules:\n  first_dealer_rule: coin\n  bezique_can_set_trump: true\n"
                            "  target_score: 2000\n")
    assert messages(loaded) == [
        "config.yaml: rules.first_dealer_rule: 'coin' is not allowed; use one of low_card_deals, "
        "high_card_deals, random — using the default low_card_deals",
        "config.yaml: rules: bezique_can_set_trump: true requires bezique_pair_scheme: "
        "trump_queen_opposite_colour_jack — using the two_handed preset rules with target_score 2000",
    ]
    assert loaded.config.rules == make_ruleset("two_handed", {"target_score": 2000})


# --- safety -------------------------------------------------------------------------------------------------


def test_only_safe_load_is_used_anywhere_in_the_package() -> None:
    unsafe = re.compile(r"yaml\.(load|unsafe_load|full_load|load_all|unsafe_load_all|full_load_all)\b"
                        r"|Loader\s*=|yaml\.(Unsafe|Full)?Loader\b")
    offenders = [f"{path.relative_to(REPO)}:{number}: {line.strip()}"
                 for path in sorted((REPO / "bezique").rglob("*.py"))
                 for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if unsafe.search(line)]
    assert offenders == []


def test_yaml_tags_cannot_build_python_objects(tmp_path: Path) -> None:
    loaded = load(tmp_path, "mute: !!python/object/apply:os.system ['echo pwned']\n")
    assert loaded.config == Config()
    assert "invalid YAML at line 1" in messages(loaded)[0]


# --- check-config -------------------------------------------------------------------------------------------


def test_check_config_ok(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "variant: rubicon\ntarget_score: 500\n")
    assert cli_main(["check-config", str(path)]) == 0
    assert capsys.readouterr().out == f"config OK: {path} (variant rubicon, target 500)\n"


def test_check_config_default_path_is_the_shipped_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["check-config"]) == 0
    assert capsys.readouterr().out == f"config OK: {DEFAULT_CONFIG_PATH} (variant two_handed, target 1000)\n"


def test_check_config_prints_each_problem_and_exits_2(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "mute: 2\nrules:\n  target_score: 700\n")
    assert cli_main(["check-config", str(path)]) == 2
    assert capsys.readouterr().out.splitlines() == [
        "config.yaml: rules.target_score: 700 is not allowed; use one of 500, 1000, 2000 "
        "— using the default 1000",
        "config.yaml: mute: 2 is not allowed; use true or false — using the default false",
    ]


def test_check_config_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["check-config", str(tmp_path / "missing.yaml")]) == 2
    assert "not found at" in capsys.readouterr().out


def run_module(*args: str) -> subprocess.CompletedProcess[str]:
    python_path = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": python_path}
    return subprocess.run([sys.executable, "-m", "bezique", "check-config", *args], cwd=REPO, env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=60, check=False)


def test_subprocess_check_config_clean_file(tmp_path: Path) -> None:
    path = write(tmp_path, "variant: open\n")
    result = run_module(str(path))
    assert (result.returncode, result.stdout, result.stderr) == (
        0, f"config OK: {path} (variant open, target 1000)\n", "")


@pytest.mark.parametrize("text", ["rules: {target_score: 700}\n", "a: [\n", "- 1\n", "\x00"])
def test_subprocess_check_config_bad_file_exits_2_without_traceback(tmp_path: Path, text: str) -> None:
    result = run_module(str(write(tmp_path, text)))
    assert result.returncode == 2
    assert "Traceback" not in result.stdout + result.stderr
    assert result.stdout.startswith("config.yaml: ")


def test_subprocess_check_config_on_a_directory(tmp_path: Path) -> None:
    result = run_module(str(tmp_path))
    assert result.returncode == 2
    assert "Traceback" not in result.stdout + result.stderr
    assert "cannot be read" in result.stdout


# --- values PyYAML cannot convert, alias bombs, long values, duplicate keys -----------------------------------

VARIANTS_ALLOWED = "use one of two_handed, open, three_handed, four_handed, six_handed, rubicon, chinese"


@pytest.mark.parametrize(("text", "message"), [
    ("variant: 2024-13-45\n", f"config.yaml: variant: 2024-13-45 (not a valid timestamp) is not allowed; "
                              f"{VARIANTS_ALLOWED} — using the default two_handed"),
    ("target_score: !!int abc\n", "config.yaml: target_score: abc (not a valid int) is not allowed; "
                                  "use a whole number — using the default 1000"),
    ("sound_volume: !!float abc\n", "config.yaml: sound_volume: abc (not a valid float) is not allowed; "
                                    "use a number from 0.0 to 1.0 — using the default 0.8"),
    ("variant: !!timestamp 2001-99-99\n", f"config.yaml: variant: 2001-99-99 (not a valid timestamp) is not "
                                          f"allowed; {VARIANTS_ALLOWED} — using the default two_handed"),
    ("target_score: " + "7" * 5000 + "\n", "config.yaml: target_score: " + "7" * 40 + "… (5000 characters) "
                                           "(not a valid int) is not allowed; use a whole number — using the "
                                           "default 1000"),
])
def test_values_yaml_cannot_convert_are_named_problems(tmp_path: Path, text: str, message: str) -> None:
    loaded = load(tmp_path, text)
    assert messages(loaded) == [message]
    assert loaded.config == Config()
    result = run_module(str(tmp_path / "config.yaml"))
    assert (result.returncode, result.stdout.strip(), result.stderr) == (2, message, "")


def test_an_alias_bomb_is_refused_by_its_value_budget(tmp_path: Path) -> None:
    names = "abcdefghi"
    levels = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
        f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]\n" for prev, name in itertools.pairwise(names))
    loaded = load(tmp_path, levels)
    assert messages(loaded) == [f"config.yaml: invalid YAML: more than {config_yaml.MAX_YAML_VALUES} values once "
                                "aliases are expanded — using defaults"]
    assert loaded.config == Config()
    # a few aliases well inside the budget are still fine
    assert load(tmp_path, "x: &v true\nmute: *v\n").config.app.mute is True


def test_an_oversized_file_is_not_read(tmp_path: Path) -> None:
    loaded = load(tmp_path, "# " + "x" * config.MAX_CONFIG_BYTES + "\n")
    assert messages(loaded) == [f"config.yaml: is larger than {config.MAX_CONFIG_BYTES} bytes: not a settings "
                                "file — using defaults"]


def test_long_bad_values_are_cut_short_in_messages(tmp_path: Path) -> None:
    loaded = load(tmp_path, f"variant: '{'x' * 200_000}'\nrules:\n  deal_pattern: [{', '.join(['3'] * 100_000)}]\n")
    assert messages(loaded)[0] == (f"config.yaml: variant: '{'x' * 27}...{'x' * 28}' is not allowed; "
                                   f"{VARIANTS_ALLOWED} — using the default two_handed")
    assert all(len(message) < 500 for message in messages(loaded)), messages(loaded)
    assert shorten("x" * 10_000_000, quote=False) == "x" * 40 + "… (10000000 characters)"
    assert shorten([[[[1]]]]) == "[[[[...]]]]"


def test_duplicate_keys_are_named(tmp_path: Path) -> None:
    loaded = load(tmp_path, "variant: open\nai:\n  level: expert\n  level: master\nvariant: two_handed\n")
    assert messages(loaded) == ["config.yaml: ai.level: set twice (lines 3 and 4); keep one — using the later one",
                                "config.yaml: variant: set twice (lines 1 and 5); keep one — using the later one"]
    # an alias may hold itself: the search for duplicates visits each node once
    assert messages(load(tmp_path, "x: &a {y: *a}\n")) == ["config.yaml: x: unknown key, ignored"]
    assert loaded.config.variant == "two_handed" and loaded.config.ai.level == "master"
