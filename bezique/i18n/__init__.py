"""Every string a player sees, in Italian, English and French: ``t("menu.new_game", "it")`` -> ``"Nuova partita"``.

The tables are ``en.py``, ``it.py`` and ``fr.py`` (one dict each, the same keys, the same ``{placeholders}``). ``t``
raises ``KeyError`` for an unknown key or language, so a typo fails a test instead of showing a raw key to the player.
``missing_keys``, ``placeholder_mismatches`` and ``unused_keys`` let tests hold the tables and the code together.

Plurals are chosen inside the string, by the language's own rule, so a call site never decides them: a field
``{count:plural:trick|tricks}`` prints the form for ``count`` (English and Italian: one for 1; French: one for 0
and 1), e.g. ``"{count} {count:plural:pli|plis}"``. The forms follow ``PLURAL_CATEGORIES[lang]`` in order.

Keys built at run time count as used when the code writes them as an f-string starting with literal text with a
dot, e.g. ``t(f"meld.{kind}", lang)`` uses every ``meld.<one segment>`` key (see ``referenced_strings``).
No pygame here.
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Callable, Iterable
from pathlib import Path

from bezique.i18n import en, fr, it

LANGUAGES = ("it", "en", "fr")
TABLES: dict[str, dict[str, str]] = {"en": en.STRINGS, "it": it.STRINGS, "fr": fr.STRINGS}
PACKAGE_ROOT = Path(__file__).resolve().parent.parent  # bezique/
TABLE_FILES = tuple(Path(module.__file__ or "").resolve() for module in (en, it, fr))

PLURAL_SPEC = "plural:"  # the format spec of a plural field: {count:plural:one form|other form}
# Each language's plural categories (CLDR names), in the order its plural fields list their forms, and its rule
# for a whole number >= 0. English and Italian: "one" for 1 only; French: "one" for 0 and 1 ("0 pli", "2 plis").
PLURAL_CATEGORIES: dict[str, tuple[str, ...]] = {"en": ("one", "other"), "it": ("one", "other"),
                                                 "fr": ("one", "other")}
_PLURAL_RULES: dict[str, Callable[[int], str]] = {
    "en": lambda n: "one" if n == 1 else "other",
    "it": lambda n: "one" if n == 1 else "other",
    "fr": lambda n: "one" if n in (0, 1) else "other",
}


def plural_category(lang: str, number: object) -> str:
    """The plural category of `number` in `lang`, for whole numbers (the game counts cards, tricks, games and
    points). A float counts as the whole number it rounds to, since the tables print points rounded; the sign does
    not count (-1 point, like 1 point).

    Raises:
        KeyError: unknown language.
        ValueError: `number` is not a number.
    """
    _check_lang(lang)
    if isinstance(number, bool) or not isinstance(number, int | float):
        raise ValueError(f"a plural form needs a number, not {number!r}")
    return _PLURAL_RULES[lang](abs(round(number)))


class _Formatter(string.Formatter):
    """``str.format`` plus plural fields: ``{count:plural:pli|plis}`` prints the form of `lang`'s rule."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: object, format_spec: str) -> str:
        if not format_spec.startswith(PLURAL_SPEC):
            return str(super().format_field(value, format_spec))
        forms = format_spec[len(PLURAL_SPEC):].split("|")
        categories = PLURAL_CATEGORIES[self.lang]
        if len(forms) != len(categories):
            raise ValueError(f"{format_spec!r} needs {len(categories)} forms in {self.lang!r}: {categories}")
        return forms[categories.index(plural_category(self.lang, value))]


def t(key: str, lang: str, **fmt: object) -> str:
    """The string `key` in `lang` ("it", "en" or "fr"), formatted with `fmt`, plural fields included.

    Raises:
        KeyError: unknown key or language, or a placeholder missing from `fmt`.
        ValueError: a plural field given something other than a number.
    """
    _check_lang(lang)
    text = TABLES[lang][key]
    if PLURAL_SPEC in text:
        return _Formatter(lang).vformat(text, (), fmt)
    return text.format(**fmt) if fmt or "{" in text else text


def has_key(key: str) -> bool:
    return key in TABLES["en"]


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a string."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def plural_fields(text: str) -> list[tuple[str, list[str]]]:
    """The plural fields of a string, in order: ``[("count", ["pli", "plis"])]`` for ``"{count:plural:pli|plis}"``."""
    return [(name, spec[len(PLURAL_SPEC):].split("|")) for _, name, spec, _ in string.Formatter().parse(text)
            if name is not None and spec and spec.startswith(PLURAL_SPEC)]


def plural_problems() -> dict[str, list[str]]:
    """Per language, what is wrong with its plural fields (all lists empty when right):

    - a field with the wrong number of forms for the language, an empty form, or a form holding a digit (the number
      is printed by its own field; a form "1 pli" would be wrong for French 0);
    - a count the English string inflects (it has a plural field) that another language leaves uninflected.
      The reverse is allowed: English "(+{count} more)" needs no form where French "autres" does.
    """
    out: dict[str, list[str]] = {lang: [] for lang in TABLES}
    for lang, table in TABLES.items():
        wanted = len(PLURAL_CATEGORIES[lang])
        for key, text in table.items():
            fields = plural_fields(text)
            for name, forms in fields:
                if len(forms) != wanted or not all(forms) or any(ch.isdigit() for form in forms for ch in form):
                    out[lang].append(f"{key}: {{{name}:{PLURAL_SPEC}{'|'.join(forms)}}} needs {wanted} forms "
                                     f"({', '.join(PLURAL_CATEGORIES[lang])}) of words")
            english = {name for name, _ in plural_fields(TABLES["en"].get(key, ""))}
            for name in sorted(english - {name for name, _ in fields}):
                out[lang].append(f"{key}: {{{name}}} takes plural forms in English but not here")
    return out


def missing_keys() -> dict[str, set[str]]:
    """Per language, the keys another language has and it lacks (all empty when the tables agree)."""
    every = set().union(*TABLES.values())
    return {lang: every - set(table) for lang, table in TABLES.items()}


def placeholder_mismatches() -> dict[str, dict[str, set[str]]]:
    """Keys whose ``{placeholders}`` differ between languages: key -> language -> its placeholders."""
    out: dict[str, dict[str, set[str]]] = {}
    for key in set.intersection(*(set(table) for table in TABLES.values())):
        found = {lang: placeholders(table[key]) for lang, table in TABLES.items()}
        if len({frozenset(v) for v in found.values()}) > 1:
            out[key] = found
    return out


def referenced_strings(source_dirs: Iterable[Path | str] | None = None) -> tuple[set[str], list[re.Pattern[str]]]:
    """(string literals, dynamic key patterns) found in the ``.py`` files under `source_dirs` (default: the
    ``bezique`` package), the string tables themselves excepted.

    A dynamic pattern comes from an f-string that starts with literal text, such as ``f"level.{name}.blurb"``
    (each ``{…}`` stands for one dot-free segment), or from ``"prefix." + x`` (one segment after the prefix).
    """
    literals: set[str] = set()
    patterns: dict[str, re.Pattern[str]] = {}
    dirs = [Path(d) for d in source_dirs] if source_dirs is not None else [PACKAGE_ROOT]
    for folder in dirs:
        for path in sorted(folder.rglob("*.py")):
            if path.resolve() in TABLE_FILES:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            for node in ast.walk(tree):
                regex = None
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    literals.add(node.value)
                elif (isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant)
                      and "." in str(node.values[0].value)):
                    regex = "".join(re.escape(str(part.value)) if isinstance(part, ast.Constant) else _SEGMENT
                                    for part in node.values)
                elif (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add)
                      and isinstance(node.left, ast.Constant) and isinstance(node.left.value, str)
                      and node.left.value.endswith(".")):
                    regex = re.escape(node.left.value) + _SEGMENT
                if regex is not None:
                    patterns.setdefault(regex, re.compile(regex))
    return literals, list(patterns.values())


_SEGMENT = r"[^.]+"


def unused_keys(source_dirs: Iterable[Path | str] | None = None) -> set[str]:
    """Keys of the tables that no code under `source_dirs` (default: ``bezique/``) names, either as a string
    literal or through a dynamic pattern (see ``referenced_strings``)."""
    literals, patterns = referenced_strings(source_dirs)
    return {key for key in TABLES["en"]
            if key not in literals and not any(p.fullmatch(key) for p in patterns)}


# --- helpers for names built from game ids (they mark their key families as used) -------------------------


def meld_name(kind: str, lang: str) -> str:
    """A meld or score id (``royal_marriage``, ``bezique_2``, ``seven_of_trumps``, ``brisques`` …) by name."""
    return t(f"meld.{kind}", lang)


def variant_name(variant: str, lang: str) -> str:
    return t(f"variant.{variant}", lang)


def variant_blurb(variant: str, lang: str) -> str:
    return t(f"variant.{variant}.blurb", lang)


def level_name(level: str, lang: str) -> str:
    """A computer level's name (``bezique.ai.LEVELS`` holds the ids; the words are here, with every other text).

    Raises:
        KeyError: unknown level or language.
    """
    return t(f"level.{level}", lang)


def level_blurb(level: str, lang: str) -> str:
    """A computer level's one-line description."""
    return t(f"level.{level}.blurb", lang)


def _check_lang(lang: str) -> None:
    if lang not in TABLES:
        raise KeyError(f"unknown language {lang!r}; use one of {', '.join(LANGUAGES)}")


def suit_name(suit_letter: str, lang: str) -> str:
    """``"S"`` -> ``"Spades"`` / ``"Picche"``."""
    return t(f"suit.{suit_letter}", lang)


def card_name(code: str, lang: str) -> str:
    """A face code (``"QS"``, ``"TD#1"``) in words: ``"Queen of Spades"`` / ``"Regina di Picche"``."""
    return t("card.name", lang, rank=t(f"rank.{code[0]}", lang), suit=t(f"suit.{code[1]}", lang))


def option_label(setting: str, value: object, lang: str) -> str:
    """The label of one value of a setting: ``option_label("card_back", "red", "it")`` -> ``"Rosso"``.
    Booleans without their own labels read On / Off."""
    text = str(value).lower() if isinstance(value, bool) else str(value)
    key = f"option.{setting}.{text}"
    if key in TABLES[lang]:
        return t(key, lang)
    if isinstance(value, bool):
        return t("settings.on" if value else "settings.off", lang)
    raise KeyError(key)
