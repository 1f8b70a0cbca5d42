"""The player's own settings: ``settings.json`` in the data folder, laid over ``config.yaml``'s defaults.

``config.yaml`` gives the defaults and is never written by the game. What the player chooses on the Settings
screen is saved here (atomically) and applied over those defaults at the next start::

    {"format": "bezique-settings", "version": 1,
     "app": {"language": "it", "sound_volume": 0.5, …}, "ai": {"level": "expert", …}}

Every value is checked exactly as ``config.py`` checks ``config.yaml`` (the same checks and the same messages); a bad
value is reported and keeps ``config.yaml``'s value. A file that cannot be read is set aside with a timestamp and
reported; the defaults are used. No pygame here.
"""

from __future__ import annotations

import difflib
import locale
import os
from collections.abc import Callable, Mapping
from dataclasses import asdict
from pathlib import Path
from typing import Any, NamedTuple

from bezique import config as _config
from bezique.config import AISettings, AppSettings, Config, ConfigProblem
from bezique.persist import storage
from bezique.shown import shorten

SETTINGS_FILE = "settings.json"
FORMAT = "bezique-settings"
VERSION = 1
FIRST_START = "first_start"  # {"guide_offered": true} once the menu has offered the guided first deal

# The checks of config.py, shared so that settings.json and config.yaml accept exactly the same values.
APP_CHECKS: Mapping[str, Callable[[Any], Any]] = _config.APP_CHECKS
AI_CHECKS: Mapping[str, Callable[[Any], Any]] = _config.AI_CHECKS

# What the Settings screen offers, in display order. Every value passes config.py's checks (tested), and every
# value those checks allow for a choice setting is offered (tested); labels: bezique.i18n.option_label. The
# computer's level is not among them: it is chosen for each game on the New game screen, which remembers it
# (``ai.level`` here), so Settings can never show a level other than the game's, nor offer one New game does not.
SETTING_CHOICES: dict[str, tuple[Any, ...]] = {
    "language": ("auto", "it", "en", "fr"),
    "animation_speed": ("slow", "normal", "fast", "instant"),
    "computer_pace": ("slow", "normal", "fast"),
    "trick_pause": ("off", "short", "normal", "long", "click"),
    "sound_volume": tuple(round(i / 10, 1) for i in range(11)),
    "mute": (False, True),
    "deck_colours": ("classic", "four_colour", "colour_blind"),
    "card_back": _config.CARD_BACKS,
    "table_colour": _config.TABLE_COLOURS,
    "sort_trumps_first": (False, True),
    "auto_pass_empty_declaration": (False, True),
    "auto_play_forced_card": (False, True),
    "allow_undo": (False, True),
    "card_tracker": (False, True),
    "fullscreen": (False, True),
    # "auto" sizes the first window to the screen; a size the player gives the window by hand is kept as "WxH"
    "window_size": ("auto", "1024x640", "1280x720", "1600x900", "1920x1080"),
    "text_size": ("small", "normal", "large", "larger"),
    "card_size": ("normal", "large", "larger"),
    "reduce_motion": (False, True),
    "kept_games": (0, 50, 100, 200, 500, 1000),
    "speech": (False, True),
    "speech_rate": ("slow", "normal", "fast", "fastest"),
    "speech_verbosity": ("full", "brief"),
}


def settings_path() -> Path:
    return storage.data_dir() / SETTINGS_FILE


class LoadedSettings(NamedTuple):
    """The settings to use, always valid, and the problems met (each names the key, the value and the fallback)."""

    app: AppSettings
    ai: AISettings
    problems: tuple[ConfigProblem, ...]


def load_user_settings(config: Config | None = None) -> LoadedSettings:
    """``config``'s app and ai settings (``load_config().config``; all defaults when None) with the player's saved
    choices applied over them. Never raises for the file's content."""
    config = config or Config()
    path = settings_path()
    report = _config.ProblemReport(path)
    found = storage.read_document(path, FORMAT, VERSION, "a Bezique settings file",
                                  damaged="problem.settings_damaged", read_newer=True)
    if found.problem is not None:
        return _damaged(config, path, found.problem)
    doc = found.doc
    if doc is None:
        return LoadedSettings(config.app, config.ai, ())
    # a newer file is read as far as it goes: its keys are the same kind of thing, unknown ones are reported
    if doc["version"] > VERSION:
        report.add("version", f"version {doc['version']} is newer than this program ({VERSION}): read as far as it "
                              f"goes; saving settings first keeps it as {SETTINGS_FILE}.newer-…")
    for key in sorted(set(doc) - {"format", "version", "app", "ai", FIRST_START}, key=str):
        report.add(shorten(str(key), quote=False), f"{shorten(str(key), quote=False)}: unknown key, ignored")
    app_raw = _section(doc, "app", report)
    ai_raw = _section(doc, "ai", report)
    _unknown(app_raw, "", APP_CHECKS, report)
    _unknown(ai_raw, "ai", AI_CHECKS, report)
    app = AppSettings(**{**asdict(config.app), **_config.checked_values(app_raw, "", APP_CHECKS, config.app, report)})
    ai = AISettings(**{**asdict(config.ai), **_config.checked_values(ai_raw, "ai", AI_CHECKS, config.ai, report)})
    return LoadedSettings(app, ai, tuple(report.problems))


def _damaged(config: Config, path: Path, problem: storage.StorageProblem) -> LoadedSettings:
    """The defaults, and the settings file's problem as one of the settings' problems (it was set aside)."""
    kept = f"; kept as {problem.set_aside_to.name}" if problem.set_aside_to else ""
    message = f"could not be read ({problem.detail}){kept} — using the defaults"
    return LoadedSettings(config.app, config.ai, (ConfigProblem(path, "", message),))


def _section(doc: Mapping[str, Any], name: str, report: Any) -> Mapping[str, Any]:
    value = doc.get(name, {})
    if isinstance(value, dict):
        return value
    report.add(name, f"{name}: expected an object of settings — using the defaults for this section")
    return {}


def _unknown(mapping: Mapping[str, Any], section: str, checks: Mapping[str, Any], report: Any) -> None:
    for key in mapping:
        if key not in checks:
            dotted = shorten(f"{section}.{key}" if section else str(key), quote=False)
            close = difflib.get_close_matches(str(key), list(checks), n=1)
            hint = f"; did you mean {close[0]}?" if close else ""
            report.add(dotted, f"{dotted}: unknown key, ignored{hint}")


def save_user_settings(app: AppSettings, ai: AISettings) -> Path:
    """Write the player's settings atomically (all of them: what the player saw is what comes back).

    Raises:
        ValueError: a value config.py's checks refuse (a bug in the caller); nothing is written.
        OSError: the data folder cannot be written; the previous file is untouched.
    """
    app_values, ai_values = asdict(app), asdict(ai)
    for values, checks in ((app_values, APP_CHECKS), (ai_values, AI_CHECKS)):
        for key, check in checks.items():
            try:
                check(values[key])
            except ValueError as exc:
                raise ValueError(f"{key}: {values[key]!r} is not allowed; {exc}") from None
    path = settings_path()
    storage.keep_if_newer(path, FORMAT, VERSION)
    doc = {"format": FORMAT, "version": VERSION, "app": app_values, "ai": ai_values}
    if guide_offered():  # the first start's flag stays, whatever the settings
        doc[FIRST_START] = {"guide_offered": True}
    storage.write_json_atomic(path, doc)
    return path


def _settings_doc() -> dict[str, Any] | None:
    """settings.json as it stands, or None when there is none or it is not one this program reads."""
    try:
        doc = storage.read_json(settings_path())
    except (FileNotFoundError, storage.DamagedFileError):
        return None
    return doc if isinstance(doc, dict) and doc.get("format") == FORMAT else None


def guide_offered() -> bool:
    """Whether the guided first deal has been offered already (the menu offers it on the first start only)."""
    doc = _settings_doc()
    section = doc.get(FIRST_START) if doc is not None else None
    return isinstance(section, dict) and section.get("guide_offered") is True


def mark_guide_offered() -> None:
    """Remember that the guided first deal was offered, beside the settings already saved (none: a file with only
    the flag, the settings staying config.yaml's). A file that cannot be read is left as it is (the settings'
    loading sets it aside): the offer then comes again, which is all that is lost.

    Raises:
        OSError: the data folder cannot be written.
    """
    doc = _settings_doc()
    if doc is None:
        if settings_path().exists():
            return
        doc = {"format": FORMAT, "version": VERSION, "app": {}, "ai": {}}
    doc[FIRST_START] = {"guide_offered": True}
    storage.write_json_atomic(settings_path(), doc)


def resolve_language(setting: str, environ: Mapping[str, str] | None = None,
                     getlocale: Callable[[], tuple[str | None, str | None]] | None = None) -> str:
    """``"it"``, ``"en"`` or ``"fr"`` for a ``language`` setting: each is itself; "auto" (or anything else)
    follows the system: the first of LC_ALL, LC_MESSAGES, LANG, LANGUAGE that is set, else ``locale.getlocale()``
    (e.g. ``it_IT.UTF-8`` or Windows' ``Italian_Italy``): Italian when it starts with "it", French when it starts
    with "fr" (or "ht": Haitian Creole, whose speakers read French, Haiti's other language), else English."""
    if setting in ("it", "en", "fr"):
        return setting
    environ = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = environ.get(name)
        if value and value not in ("C", "POSIX", "C.UTF-8"):
            return _system_language(value)
    try:
        code = (getlocale or locale.getlocale)()[0]
    except (ValueError, TypeError):
        code = None
    return _system_language(code or "")


def _system_language(code: str) -> str:
    code = code.lower()
    return "it" if code.startswith("it") else "fr" if code.startswith(("fr", "ht")) else "en"
