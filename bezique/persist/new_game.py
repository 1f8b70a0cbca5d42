"""What the player chose on New game last time, house rules included: ``new_game.json`` in the data folder.

::

    {"format": "bezique-new-game", "version": 1,
     "choices": {"variant": "four_handed", "level": "expert", "target": 2000, "people": [false, true, false],
                 "names": ["Ada", "", "Bo"], "assisted": false},
     "house_rules": {"two_handed": {"endgame_must_win_trick": true}, "four_handed": {"four_hand_mode": …}}}

``config.yaml`` stays the source of the defaults: the house rules are only the player's changes over it, per
variant, and every variant's changes are checked by the rules when read (a key the rules refuse is dropped, the
others kept). Written atomically like every per-user file; a file that cannot be read is set aside with a
timestamp and reported, and New game starts from the defaults. No pygame here, and no texts: the window words
the problem.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bezique.persist import storage
from bezique.rules import VARIANTS, RulesetError, make_ruleset

NEW_GAME_FILE = "new_game.json"
FORMAT = "bezique-new-game"
VERSION = 1
MAX_NAME = 16  # characters of a typed name, as New game allows
SEATS = 6


def new_game_path() -> Path:
    return storage.data_dir() / NEW_GAME_FILE


@dataclass
class SavedChoices:
    """The last choices (only the usable ones: a bad value is left out, New game then uses its default), the house
    rules per variant, and the problem met reading the file, if it had to be set aside."""

    choices: dict[str, Any] = field(default_factory=dict)
    house_rules: dict[str, dict[str, Any]] = field(default_factory=dict)
    problem: storage.StorageProblem | None = None


def load_new_game() -> SavedChoices:
    """The saved choices, or none. Never raises for the file's content."""
    found = storage.read_document(new_game_path(), FORMAT, VERSION, "a Bezique New game file",
                                  damaged="problem.new_game_damaged")
    doc = found.doc
    if doc is None:
        return SavedChoices(problem=found.problem)
    choices = doc.get("choices")
    house = doc.get("house_rules")
    return SavedChoices(_checked_choices(choices if isinstance(choices, dict) else {}),
                        _checked_house(house if isinstance(house, dict) else {}))


def save_new_game(choices: dict[str, Any], house_rules: dict[str, dict[str, Any]]) -> None:
    """Write the choices and house rules atomically. Raises OSError when the folder cannot be written."""
    rules = {variant: {k: list(v) if isinstance(v, tuple) else v for k, v in keys.items()}
             for variant, keys in house_rules.items() if keys}
    storage.write_json_atomic(new_game_path(), {"format": FORMAT, "version": VERSION, "choices": choices,
                                                "house_rules": rules})


def _checked_choices(raw: dict[str, Any]) -> dict[str, Any]:
    """The choices whose values have the right shape; whether a level or a target suits the game is New game's
    business (it falls back to its default)."""
    out: dict[str, Any] = {}
    if raw.get("variant") in VARIANTS:
        out["variant"] = raw["variant"]
    if isinstance(raw.get("level"), str):
        out["level"] = raw["level"]
    target = raw.get("target", 0)
    if target is None or (storage.is_count(target) and target > 0):
        out["target"] = target
    people = raw.get("people")
    if isinstance(people, list) and all(isinstance(p, bool) for p in people):
        out["people"] = (people + [False] * SEATS)[:SEATS - 1]
    names = raw.get("names")
    if isinstance(names, list) and all(isinstance(n, str) for n in names):
        out["names"] = ([n[:MAX_NAME] for n in names] + [""] * SEATS)[:SEATS]
    if isinstance(raw.get("assisted"), bool):
        out["assisted"] = raw["assisted"]
    return out


def _checked_house(raw: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each known variant's rule changes as the rules accept them: a key they refuse is dropped alone; a
    combination they refuse with no single culprit drops that variant's changes."""
    out: dict[str, dict[str, Any]] = {}
    for variant, keys in raw.items():
        if variant not in VARIANTS or not isinstance(keys, dict):
            continue
        pending = dict(keys)
        while pending:
            try:
                rules = make_ruleset(variant, pending)
            except RulesetError as exc:
                if exc.key in pending:
                    del pending[exc.key]
                else:
                    pending = {}
            else:
                out[variant] = {k: getattr(rules, k) for k in pending}
                break
    return out
