"""Player settings: ``config.yaml`` read once, checked key by key, into frozen values.

Defaults live in code (the dataclass fields below and the rule presets of ``bezique.rules.ruleset``); the
YAML file only overlays them. A player edits that file by hand, so a mistake must never stop the game: every
problem is collected as a ``ConfigProblem`` that names the key, the bad value and what is allowed, and only
the bad part falls back to its default. The window shows the problems; ``python -m bezique check-config``
prints them.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from bezique import data_path
from bezique.config_yaml import parse_yaml
from bezique.rules import RULE_KEYS, VARIANTS, Ruleset, RulesetError, make_ruleset, preset
from bezique.shown import shorten

DEFAULT_CONFIG_PATH = data_path("config.yaml")
DEFAULT_VARIANT = "two_handed"


@dataclass(frozen=True, slots=True)
class AppSettings:
    """How the window looks, sounds and helps the player; none of it changes the rules of play."""

    language: str = "auto"
    animation_speed: str = "normal"
    computer_pace: str = "normal"
    trick_pause: str = "normal"  # how long a finished trick stays on the table (tween.TRICK_PAUSE)
    sound_volume: float = 0.8
    mute: bool = False
    deck_colours: str = "classic"
    card_back: str = "blue"
    table_colour: str = "green"
    sort_trumps_first: bool = False
    auto_pass_empty_declaration: bool = True
    auto_play_forced_card: bool = False
    allow_undo: bool = False
    card_tracker: bool = False  # the table's panel of the brisques, beziques and trumps gone (marks a game assisted)
    fullscreen: bool = False
    window_size: str = "auto"  # "auto": sized to the screen at the first start; else "WxH", the last window's size
    text_size: str = "normal"  # small | normal | large | larger: every text of every screen (assets.TEXT_SCALES)
    card_size: str = "normal"  # normal | large | larger: the hand's cards (and the table's where there is room)
    reduce_motion: bool = False  # cards fade into place with a highlight instead of flying
    kept_games: int = 200  # finished games kept for Past games, the oldest removed first (0 keeps none)
    speech: bool = False  # the game speaks (bezique.speech); also on with a screen reader, --speech or F12
    speech_rate: str = "normal"  # slow | normal | fast | fastest (speech.RATES)
    speech_verbosity: str = "full"  # full | brief: brief leaves out others' draws and the hand read at each deal


@dataclass(frozen=True, slots=True)
class AISettings:
    """The computer opponent's strength and thinking budget.

    ``expert_iterations`` 0 means the expert searches for ``expert_time_ms``; any other value fixes the number
    of searches, which makes a game reproducible whatever the machine's speed.
    """

    level: str = "intermediate"
    expert_time_ms: int = 280
    expert_iterations: int = 0
    master_time_ms: int = 1000


@dataclass(frozen=True, slots=True)
class InternetSettings:
    """How a game crosses the internet (``bezique.net.relays``): which relays carry it where no direct path can be
    made ("public", "off" or the URL of the players' own ``iroh-relay``), and the token that relay asks for."""

    relay: str = "public"
    relay_token: str = ""


@dataclass(frozen=True, slots=True)
class Config:
    """Everything ``config.yaml`` decides. ``Config()`` is the all-defaults configuration."""

    variant: str = DEFAULT_VARIANT
    rules: Ruleset = field(default_factory=Ruleset)
    app: AppSettings = field(default_factory=AppSettings)
    ai: AISettings = field(default_factory=AISettings)
    internet: InternetSettings = field(default_factory=InternetSettings)


@dataclass(frozen=True, slots=True)
class ConfigProblem:
    """One thing wrong in a config file, and what the game does instead.

    ``key`` is the dotted key (``"rules.target_score"``; several joined by ", "; ``""`` when the whole file is
    at fault) for code that wants to point at a setting; ``message`` is the sentence for the player and starts
    with that key.
    """

    path: Path
    key: str
    message: str

    def __str__(self) -> str:
        return f"{self.path.name}: {self.message}"


@dataclass(frozen=True, slots=True)
class LoadedConfig:
    """A usable configuration, always, together with the problems met while reading it."""

    config: Config
    problems: tuple[ConfigProblem, ...]


class _Invalid(ValueError):
    """A value a check rejects; the text says what is allowed ("use one of …")."""


_Check = Callable[[Any], Any]


def _one_of(*options: str) -> _Check:
    def check(value: Any) -> str:
        if isinstance(value, str) and value in options:
            return value
        raise _Invalid(f"use one of {', '.join(options)}")

    return check


def _flag(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    raise _Invalid("use true or false")


def _whole(low: int, high: int) -> _Check:
    def check(value: Any) -> int:
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return value
        raise _Invalid(f"use a whole number from {low} to {high}")

    return check


_SIZE = re.compile(r"([0-9]{1,6})x([0-9]{1,6})")  # "WxH" as the game saves it


def _window_size(value: Any) -> str:
    """"auto", or a window size "WxH" from 320x240 to 16384x16384 (what the game saves when the window is
    resized)."""
    if value == "auto":
        return "auto"
    # ASCII digits only, and few: str.isdigit() also takes "²" (which int() refuses) and 5,000 digits (beyond
    # int()'s limit), and a check must refuse a value, never fail on it
    match = _SIZE.fullmatch(value.lower()) if isinstance(value, str) else None
    if match and 320 <= int(match[1]) <= 16384 and 240 <= int(match[2]) <= 16384:
        return f"{int(match[1])}x{int(match[2])}"
    raise _Invalid("use auto or a size such as 1280x720")


def _fraction(value: Any) -> float:
    # the chained comparison is false for .nan, so a NaN volume is rejected too
    if isinstance(value, int | float) and not isinstance(value, bool) and 0.0 <= value <= 1.0:
        return float(value)
    raise _Invalid("use a number from 0.0 to 1.0")


# the card backs and table colours there are images of (tools/gen_cards.py draws one of each)
CARD_BACKS = ("blue", "red", "green", "purple", "black")
TABLE_COLOURS = ("green", "blue", "red", "grey")

APP_CHECKS: dict[str, _Check] = {
    "language": _one_of("auto", "it", "en", "fr"),
    "animation_speed": _one_of("slow", "normal", "fast", "instant"),
    "computer_pace": _one_of("slow", "normal", "fast"),
    "trick_pause": _one_of("off", "short", "normal", "long", "click"),
    "sound_volume": _fraction,
    "mute": _flag,
    "deck_colours": _one_of("classic", "four_colour", "colour_blind"),
    "card_back": _one_of(*CARD_BACKS),
    "table_colour": _one_of(*TABLE_COLOURS),
    "sort_trumps_first": _flag,
    "auto_pass_empty_declaration": _flag,
    "auto_play_forced_card": _flag,
    "allow_undo": _flag,
    "card_tracker": _flag,
    "fullscreen": _flag,
    "window_size": _window_size,
    "text_size": _one_of("small", "normal", "large", "larger"),
    "card_size": _one_of("normal", "large", "larger"),
    "reduce_motion": _flag,
    "kept_games": _whole(0, 10_000),
    "speech": _flag,
    "speech_rate": _one_of("slow", "normal", "fast", "fastest"),
    "speech_verbosity": _one_of("full", "brief"),
}
AI_CHECKS: dict[str, _Check] = {
    "level": _one_of("beginner", "intermediate", "expert", "master"),
    "expert_time_ms": _whole(10, 10_000),
    "expert_iterations": _whole(0, 1_000_000),
    "master_time_ms": _whole(10, 10_000),
}
_RELAY_URL = re.compile(r"https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[!-~]*)?")


def _relay(value: Any) -> str:
    """"public", "off", or the web address of a relay the players run (https://, or http:// on their own network)."""
    if value in ("public", "off") or (isinstance(value, str) and _RELAY_URL.fullmatch(value) and len(value) <= 300):
        return str(value)
    raise _Invalid("use public, off or your relay's address, such as https://relay.example.org")


def _token(value: Any) -> str:
    if isinstance(value, str) and len(value) <= 500 and value.isascii() and value.isprintable():
        return value
    raise _Invalid("use the token your relay gives (letters, digits and signs, on one line)")


INTERNET_CHECKS: dict[str, _Check] = {"relay": _relay, "relay_token": _token}
# section ("" = top level) -> the keys it may hold; used to spot unknown keys and suggest the intended one.
_SECTION_KEYS: dict[str, tuple[str, ...]] = {
    "": ("variant", "target_score", "rules", "ai", "internet", *APP_CHECKS),
    "rules": RULE_KEYS,
    "ai": tuple(AI_CHECKS),
    "internet": tuple(INTERNET_CHECKS),
}


class ProblemReport:
    """Collects the problems of one file, so the loading functions stay free of path bookkeeping."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problems: list[ConfigProblem] = []

    def add(self, key: str, message: str) -> None:
        self.problems.append(ConfigProblem(self.path, key, message))


def load_config(path: Path | str = DEFAULT_CONFIG_PATH) -> LoadedConfig:
    """Read a config file into a complete, valid configuration.

    Never raises for anything in or about the file: the game must start even with a broken config, so every
    problem is reported in ``LoadedConfig.problems`` and only the affected settings fall back to their
    defaults.
    """
    path = Path(path)
    report = ProblemReport(path)
    raw = _read_mapping(path, report)
    _report_unknown_keys(raw, "", report)
    variant = _variant(raw, report)
    config = Config(
        variant=variant,
        rules=_rules(raw, variant, report),
        app=AppSettings(**checked_values(raw, "", APP_CHECKS, AppSettings(), report)),
        ai=AISettings(**checked_values(_section(raw, "ai", "the default ai settings", report), "ai", AI_CHECKS,
                                 AISettings(), report)),
        internet=InternetSettings(**checked_values(
            _section(raw, "internet", "the public relays", report), "internet", INTERNET_CHECKS,
            InternetSettings(), report)),
    )
    return LoadedConfig(config, tuple(report.problems))


# --- reading the file ---------------------------------------------------------------------------------------


MAX_CONFIG_BYTES = 1_000_000  # a hand-edited settings file is a few kilobytes; more is a mistake, not settings
_SENTENCE = 300  # a message from the rules may quote a value: cut it too, but leave room for the sentence
def _read_mapping(path: Path, report: ProblemReport) -> Mapping[Any, Any]:
    """The file's top-level mapping; an empty one, after reporting why, when there is no usable mapping."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_CONFIG_BYTES + 1)
        if len(data) > MAX_CONFIG_BYTES:
            report.add("", f"is larger than {MAX_CONFIG_BYTES} bytes: not a settings file — using defaults")
            return {}
        text = data.decode("utf-8")
    except FileNotFoundError:
        report.add("", f"not found at {path} — using defaults")
        return {}
    except UnicodeDecodeError:
        report.add("", "cannot be read: it is not UTF-8 text — using defaults")
        return {}
    except OSError as exc:
        report.add("", f"cannot be read: {exc.strerror or exc} — using defaults")
        return {}
    try:
        data, duplicates = parse_yaml(text)
    except yaml.YAMLError as exc:
        report.add("", f"invalid YAML{_yaml_error_text(exc)} — using defaults")
        return {}
    except RecursionError:  # the YAML composer recurses once per nesting level
        report.add("", "invalid YAML: nested too deeply — using defaults")
        return {}
    for key, line, again in duplicates:
        report.add(key, f"{shorten(key, quote=False)}: set twice (lines {line} and {again}); keep one "
                        "— using the later one")
    if data is None:  # an empty file, or one holding only comments
        return {}
    if not isinstance(data, dict):
        report.add("", f"the top level must be a mapping of settings (key: value), not {_kind(data)} "
                       "— using defaults")
        return {}
    return data


def _yaml_error_text(exc: yaml.YAMLError) -> str:
    """' at line L, column C: what is wrong' — 1-based, as editors count."""
    mark = getattr(exc, "problem_mark", None)
    where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    return f"{where}: {problem}"


def _kind(value: Any) -> str:
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a text"
    return f"the value {_show(value)}"


def _section(raw: Mapping[Any, Any], name: str, fallback: str, report: ProblemReport) -> Mapping[Any, Any]:
    """The nested mapping `name`, its unknown keys reported; empty when absent or blank (``rules:`` with every
    line commented out), or when it is not a mapping at all (then said, with the `fallback` used instead)."""
    value = raw.get(name)
    if value is None:
        return {}
    if not isinstance(value, dict):
        report.add(name, f"{name}: {_show(value)} is not allowed; use a mapping (one key: value per line, "
                         f"indented under {name}:) — using {fallback}")
        return {}
    _report_unknown_keys(value, name, report)
    return value


def _report_unknown_keys(mapping: Mapping[Any, Any], section: str, report: ProblemReport) -> None:
    """Unknown keys are ignored, but said, since a typo would otherwise silently keep the default."""
    for key in mapping:
        if key not in _SECTION_KEYS[section]:
            dotted = _dotted(section, str(key))
            report.add(dotted, f"{dotted}: unknown key, ignored{_suggestion(section, str(key))}")


def _suggestion(section: str, key: str) -> str:
    """'; did you mean X?' for the closest known key: the very key in another section first (a rule written at
    the top level: ``hand_size`` is not the top level's ``card_size``), then the closest in the same section, then a
    near-exact one elsewhere (an ai key under rules …)."""
    for other, names in _SECTION_KEYS.items():
        if other != section and key in names:
            return f"; did you mean {_dotted(other, key)}?"
    close = difflib.get_close_matches(key, _SECTION_KEYS[section], n=1)
    if close:
        return f"; did you mean {_dotted(section, close[0])}?"
    for other, names in _SECTION_KEYS.items():
        close = difflib.get_close_matches(key, names, n=1, cutoff=0.85) if other != section else []
        if close:
            return f"; did you mean {_dotted(other, close[0])}?"
    return ""


def _dotted(section: str, key: str) -> str:
    return f"{section}.{key}" if section else key


# --- app and ai settings ------------------------------------------------------------------------------------


def checked_values(mapping: Mapping[Any, Any], section: str, checks: Mapping[str, _Check], defaults: Any,
             report: ProblemReport) -> dict[str, Any]:
    """The valid values among `checks`' keys; each bad one is reported and left out to keep its default."""
    values: dict[str, Any] = {}
    for key, check in checks.items():
        if key not in mapping:
            continue
        try:
            values[key] = check(mapping[key])
        except _Invalid as exc:
            dotted = _dotted(section, key)
            report.add(dotted, f"{dotted}: {_show(mapping[key])} is not allowed; {exc} "
                               f"— using the default {_plain(getattr(defaults, key))}")
    return values


# --- variant and rules --------------------------------------------------------------------------------------


def _variant(raw: Mapping[Any, Any], report: ProblemReport) -> str:
    value = raw.get("variant", DEFAULT_VARIANT)
    if isinstance(value, str) and value in VARIANTS:
        return value
    hint = " (the short game is two_handed with target_score: 500)" if value == "short" else ""
    report.add("variant", f"variant: {_show(value)} is not allowed; use one of {', '.join(VARIANTS)}{hint} "
                          f"— using the default {DEFAULT_VARIANT}")
    return DEFAULT_VARIANT


def _rules(raw: Mapping[Any, Any], variant: str, report: ProblemReport) -> Ruleset:
    """The variant's preset with the player's rule overrides, each bad one dropped with a report."""
    mapping = _section(raw, "rules", f"the {variant} preset rules", report)
    overrides = {key: value for key, value in mapping.items() if key in RULE_KEYS}
    where = {key: f"rules.{key}" for key in overrides}
    if "target_score" in raw:
        _merge_top_level_target(raw["target_score"], overrides, where, report)
    return _validated_rules(variant, overrides, where, report)


def _merge_top_level_target(top: Any, overrides: dict[str, Any], where: dict[str, str],
                            report: ProblemReport) -> None:
    """The top-level ``target_score`` is a shortcut for ``rules.target_score``; the rules entry wins."""
    if "target_score" not in overrides:
        overrides["target_score"] = top
        where["target_score"] = "target_score"
    elif overrides["target_score"] != top:
        report.add("target_score, rules.target_score",
                   f"target_score: {_show(top)} differs from rules.target_score: "
                   f"{_show(overrides['target_score'])}; set it in one place — using rules.target_score")


def _validated_rules(variant: str, overrides: dict[str, Any], where: Mapping[str, str],
                     report: ProblemReport) -> Ruleset:
    """Build the ruleset, giving up one bad key at a time so that every good key survives a bad neighbour.

    An error naming a single one of the player's keys (a bad value, or one its variant forbids) drops that key
    alone. An error naming several keys is a combination with no single culprit: then the rules fall back to
    the variant's preset, keeping only ``target_score``, the one rule most players change (``make_ruleset``
    checks every value before any combination, so it is valid by then).
    """
    pending = dict(overrides)
    while True:
        try:
            return make_ruleset(variant, pending)
        except RulesetError as exc:
            if exc.key in pending:
                report.add(where[exc.key], _bad_rule_message(exc, where[exc.key], variant))
                del pending[exc.key]
            elif pending:
                kept = {"target_score": pending["target_score"]} if "target_score" in pending else {}
                if kept == pending:
                    kept = {}
                report.add(_rule_keys(exc.key, where), _combination_message(exc, variant, kept))
                pending = kept
            else:
                raise  # the variant's own preset is inconsistent: a bug in ruleset.py, not in the file


def _bad_rule_message(exc: RulesetError, dotted: str, variant: str) -> str:
    text = shorten(str(exc).removeprefix(f"{exc.key}: "), quote=False, limit=_SENTENCE)
    return f"{dotted}: {text} — using the default {_plain(getattr(preset(variant), exc.key))}"


def _combination_message(exc: RulesetError, variant: str, kept: Mapping[str, Any]) -> str:
    extra = "".join(f" with {key} {_plain(value)}" for key, value in kept.items())
    return f"rules: {shorten(str(exc), quote=False, limit=_SENTENCE)} — using the {variant} preset rules{extra}"


def _rule_keys(keys: str, where: Mapping[str, str]) -> str:
    return ", ".join(where.get(key, f"rules.{key}") for key in keys.split(", "))


# --- showing values in messages -----------------------------------------------------------------------------


def _plain(value: Any) -> str:
    """A value as the player would write it in YAML (true, null, [3, 2, 3])."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, tuple):
        return str(list(value))
    return str(value)


def _show(value: Any) -> str:
    """A bad value as found: like `_plain`, but texts quoted so that '' and 'true' (a text) are visible; cut short."""
    if isinstance(value, str | list | dict | tuple):
        return shorten(list(value) if isinstance(value, tuple) else value)
    return shorten(_plain(value), quote=False)
