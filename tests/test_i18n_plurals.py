"""Plurals chosen by each language's own rule, inside the strings: no call site decides them by ``n == 1``
(wrong for French, where 0 is singular: "0 pli")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bezique import i18n
from bezique.i18n import LANGUAGES, TABLES, plural_category, t
from bezique.i18n.advice import advice_line

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("lang", "number", "category"), [
    ("en", 0, "other"), ("en", 1, "one"), ("en", 2, "other"), ("en", -1, "one"), ("en", 0.6, "one"),
    ("en", 1.5, "other"),
    ("it", 0, "other"), ("it", 1, "one"), ("it", 11, "other"),
    ("fr", 0, "one"), ("fr", 1, "one"), ("fr", 2, "other"), ("fr", -1, "one"), ("fr", 0.4, "one"),
    ("fr", 1000, "other"),
])
def test_each_language_has_its_own_plural_rule(lang: str, number: float, category: str) -> None:
    assert plural_category(lang, number) == category


def test_a_plural_field_needs_a_number_and_a_known_language() -> None:
    with pytest.raises(ValueError):
        plural_category("en", True)
    with pytest.raises(ValueError):
        t("table.tricks", "fr", count="2")
    with pytest.raises(KeyError):
        plural_category("de", 1)


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", ["0 tricks", "1 trick", "2 tricks"]),
    ("it", ["0 prese", "1 presa", "2 prese"]),
    ("fr", ["0 pli", "1 pli", "2 plis"]),
])
def test_counts_read_right_in_every_language(lang: str, expected: list[str]) -> None:
    assert [t("table.tricks", lang, count=n) for n in (0, 1, 2)] == expected


def test_more_than_one_count_in_a_sentence_and_ordinary_format_specs_still_work() -> None:
    card = lambda uid: "CARD"  # noqa: E731
    assert advice_line("search", {"n": 1, "gain": 1.2}, "en", card) == \
        "It did best in 1 simulated deal (+1 point over the obvious move)."
    french = advice_line("search", {"n": 30, "gain": 0.0}, "fr", card)
    assert "30 donnes simulées" in french and "+0 point " in french  # French: 0 takes the singular
    assert advice_line("solver", {"card": 3, "gain": -40}, "it", card).endswith("(-40 punti da qui).")
    assert t("stats.hotseat_games", "it", count=1) == "1 partita giocata"
    assert t("table.more_problems", "en", count=3) == "(+3 more)"
    assert t("table.more_problems", "fr", count=1) == "(+1 autre)"


def test_every_plural_string_formats_in_every_language() -> None:
    """Each string with a plural field reads for 0, 1, 2 and 1000 in each language (the fields' values are numbers;
    the other placeholders get their own names)."""
    for lang in LANGUAGES:
        for key, text in TABLES[lang].items():
            counted = {name for name, _ in i18n.plural_fields(text)}
            if not counted:
                continue
            for n in (0, 1, 2, 1000):
                values = {name: (n if name in counted else name) for name in i18n.placeholders(text)}
                assert t(key, lang, **values), (lang, key, n)


def test_plural_problems_finds_wrong_forms_and_a_missing_inflection(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "TABLES", {
        "en": {"a": "{count} {count:plural:trick|tricks}", "b": "(+{count} more)", "c": "{n} {n:plural:deal|deals}"},
        "it": {"a": "{count} prese", "b": "(+{count} {count:plural:altro|altri|altre})", "c": "{n} smazzate"},
        "fr": {"a": "{count} {count:plural:1 pli|plis}", "b": "(+{count} {count:plural:autre|autres})",
               "c": "{n} {n:plural:donne|donnes}"},
    })
    problems = i18n.plural_problems()
    assert problems["en"] == []
    assert sorted(p.split(":")[0] for p in problems["it"]) == ["a", "b", "c"]
    assert [p.split(":")[0] for p in problems["fr"]] == ["a"]  # a form must not hold the number


def test_no_code_picks_a_text_by_comparing_a_count_with_one() -> None:
    """``"x_one" if n == 1 else "x_many"`` (or ``"" if n == 1 else "s"``) decides a plural in the code, with the
    English rule; a plural field in the string lets each language decide. The packages that word what a player
    reads are searched (the rules and the command line write English for developers; the language rules
    themselves live in ``bezique/i18n/__init__.py``)."""
    found = []
    paths = [p for folder in ("ui", "presenter", "i18n") for p in sorted((ROOT / "bezique" / folder).rglob("*.py"))]
    for path in paths:
        if path == ROOT / "bezique" / "i18n" / "__init__.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.IfExp) and isinstance(node.test, ast.Compare)
                    and all(isinstance(op, (ast.Eq, ast.NotEq)) for op in node.test.ops)  # n == 1, not n > 1
                    and any(isinstance(c, ast.Constant) and c.value == 1 for c in node.test.comparators)
                    and all(isinstance(b, ast.Constant) and isinstance(b.value, str)
                            for b in (node.body, node.orelse))):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []
