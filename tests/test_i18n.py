"""Strings in every language: the same keys, the same placeholders, the plural forms each language needs, names for
every game id, and the helpers a scene test uses to fail on missing or unused keys. French has its own checks in
test_i18n_french.py, the plural rules in test_i18n_plurals.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from bezique import i18n
from bezique.config import AISettings, AppSettings
from bezique.i18n import LANGUAGES, TABLES, howto, t
from bezique.rules import MELD_NAMES, VARIANTS, make_ruleset

ROOT = Path(__file__).resolve().parent.parent
SCORE_IDS = ("seven_of_trumps", "last_trick", "brisques", "carte_blanche")


def test_every_key_in_every_language_with_the_same_placeholders_and_plural_forms() -> None:
    """At a merge, the keys another branch added in English and Italian only are listed here, per language
    (``python3 tools/missing_translations.py`` prints them with their English text)."""
    assert i18n.missing_keys() == {lang: set() for lang in LANGUAGES}
    assert i18n.placeholder_mismatches() == {}
    assert i18n.plural_problems() == {lang: [] for lang in LANGUAGES}
    assert all(set(TABLES[lang]) == set(TABLES["en"]) for lang in LANGUAGES)
    assert set(TABLES) == set(LANGUAGES)


def test_no_empty_or_untranslated_looking_strings() -> None:
    for lang, table in TABLES.items():
        for key, text in table.items():
            assert text.strip(), f"{lang}:{key} is empty"
            assert text == text.strip(), f"{lang}:{key} has stray spaces"
            # a string that still looks like a key was never written
            assert text != key, f"{lang}:{key}"


def test_unknown_key_or_language_raises() -> None:
    with pytest.raises(KeyError):
        t("menu.no_such_key", "en")
    with pytest.raises(KeyError):
        t("menu.new_game", "de")
    with pytest.raises(KeyError):
        t("newgame.player_name", "it")  # the placeholder is missing


def test_formatting_and_lookup() -> None:
    assert t("menu.new_game", "it") == "Nuova partita"
    assert t("menu.new_game", "en") == "New game"
    assert t("newgame.player_name", "en", number=2) == "Player 2"
    assert i18n.card_name("QS#1", "it") == "Regina di Picche"
    assert i18n.card_name("TD", "en") == "Ten of Diamonds"
    assert i18n.option_label("card_back", "red", "it") == "Rosso"
    assert i18n.option_label("mute", True, "en") == "On"
    assert i18n.option_label("fullscreen", False, "it") == "Finestra"


def test_italian_uses_the_rules_sheet_terms() -> None:
    italian = " ".join(TABLES["it"].values()).lower()
    for term in ("briscola", "tallone", "matrimonio", "matrimonio reale", "scala", "bezique doppio", "brisque",
                 "presa", "mazziere", "combinazion"):
        assert term in italian, term


def test_names_for_every_game_id() -> None:
    for lang in LANGUAGES:
        for kind in [*MELD_NAMES, *SCORE_IDS]:
            assert i18n.meld_name(kind, lang)
        for variant in VARIANTS:
            assert i18n.variant_name(variant, lang) and i18n.variant_blurb(variant, lang)
        for suit in "SHDC":
            assert i18n.suit_name(suit, lang)


def _options_from_check_message(message: str) -> list[str]:
    return message.split("use one of ", 1)[1].split(", ")


def test_every_setting_and_option_has_a_label() -> None:
    from bezique import config

    checks = {**config.APP_CHECKS, "level": config.AI_CHECKS["level"]}
    for lang in LANGUAGES:
        for name in AppSettings.__slots__:  # the Settings rows (the level is chosen on New game: newgame.level)
            assert t(f"settings.{name}", lang)
        for name, check in checks.items():
            message = _error(check)
            if "use one of" in message:
                for value in _options_from_check_message(message):
                    label = i18n.level_name(value, lang) if name == "level" else i18n.option_label(name, value, lang)
                    assert label
            elif "true or false" in message:
                for value in (True, False):
                    assert i18n.option_label(name, value, lang)
        for level in _options_from_check_message(_error(config.AI_CHECKS["level"])):
            assert i18n.level_blurb(level, lang)
    assert "level" in AISettings.__slots__


def _error(check) -> str:
    try:
        check(object())
    except ValueError as exc:
        return str(exc)
    raise AssertionError("the check accepted anything")


def test_unused_keys_sees_literals_and_dynamic_patterns(tmp_path: Path) -> None:
    (tmp_path / "scene.py").write_text(
        'from bezique.i18n import t\n'
        'def draw(lang, kind, level):\n'
        '    t("menu.new_game", lang)\n'
        '    t(f"meld.{kind}", lang)\n'
        '    t(f"newgame.seat_{level}", lang)\n'
        '    t("suit." + kind, lang)\n', encoding="utf-8")
    unused = i18n.unused_keys([tmp_path])
    assert "menu.new_game" not in unused
    assert "meld.bezique_2" not in unused and "newgame.seat_person" not in unused and "suit.S" not in unused
    assert "newgame.seat_you" not in unused  # {level} stands for one dot-free segment: "you", "person"
    assert "newgame.players" in unused and "newgame.seat_person.x" not in TABLES["en"]
    assert "menu.quit" in unused
    # the string tables themselves never count as a use
    assert "menu.quit" in i18n.unused_keys([ROOT / "bezique" / "i18n"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_how_to_play_is_complete(lang: str) -> None:
    sections = howto.howto_sections(lang)
    assert [s.id for s in sections] == [s.id for s in howto.howto_sections("en")]
    assert all(s.title and s.paragraphs and all(p.strip() for p in s.paragraphs) for s in sections)
    rows = [row for s in sections for row in s.rows]
    kinds = {row.kind for row in rows}
    assert {"common_marriage", "royal_marriage", "trump_sequence", "bezique_1", "bezique_2", "four_aces",
            "four_kings", "four_queens", "four_jacks", "seven_of_trumps", "brisques", "last_trick"} <= kinds
    for row in rows:
        assert i18n.meld_name(row.kind, lang)
        assert all(len(code) == 2 and code[0] in "ATKQJ987" and code[1] in "SHDC" for code in row.cards)
    with pytest.raises(KeyError):
        howto.howto_sections("de")


def test_how_to_play_meld_table_matches_the_rules() -> None:
    """Each row's cards, classified by the rules themselves (spades trumps), give that meld and its points."""
    from bezique.rules import SPADES, classify, make_card, parse_code

    rules = make_ruleset("two_handed")
    for row in howto.MELD_ROWS:
        copies: dict[int, int] = {}
        cards = []
        for code in row.cards:
            face, _ = parse_code(code)
            cards.append(make_card(face, copies.get(face, 0)))
            copies[face] = copies.get(face, 0) + 1
        shape = classify(rules, SPADES, tuple(cards))
        assert shape is not None and (shape.kind, shape.value) == (row.kind, row.points), row
    assert howto.EXAMPLE_TRUMP == "S"


def test_every_key_is_used_and_every_used_key_exists() -> None:
    """The window names every key it shows; a key nobody shows is deleted, a key shown must exist in both tables."""
    assert i18n.unused_keys() == set()
    literals, _ = i18n.referenced_strings([ROOT / "bezique" / "ui"])
    families = ("menu.", "newgame.", "table.", "score.", "settings.", "stats.", "pause.", "howto.", "hint.", "log.",
                "handover.", "action.", "problem.", "meld.", "option.")
    named = {s for s in literals if s.startswith(families) and " " not in s and not s.endswith(".")}
    assert named - set(TABLES["en"]) == set()
    assert i18n.missing_keys() == {lang: set() for lang in LANGUAGES}


def test_computer_names_are_short_distinct_and_follow_the_seed() -> None:
    from bezique.i18n.names import COMPUTER_NAMES, computer_names
    assert len(set(COMPUTER_NAMES)) == len(COMPUTER_NAMES) >= 12
    assert all(2 < len(name) <= 8 and name.isalpha() and name[0].isupper() for name in COMPUTER_NAMES)
    for seed in range(50):
        names = computer_names(seed, 5)
        assert len(set(names)) == 5 and set(names) <= set(COMPUTER_NAMES)
        assert computer_names(seed, 5) == names  # the same game, the same opponents
    assert len({tuple(computer_names(seed, 3)) for seed in range(50)}) > 40
    assert not {"Giulia", "Honoré"} & set(computer_names(9, 6, taken=[" giulia ", "HONORÉ"]))


def test_the_computers_advice_is_worded_here_for_every_reason_it_gives() -> None:
    """The players give reason codes, never words (texts never import the players, the players carry no texts):
    every code a level's ``Decision`` names has its line in both languages, with the meld and move named."""
    import ast

    from bezique.i18n.advice import advice_line

    codes = set()
    for path in (ROOT / "bezique" / "ai").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("Decision", "Hint")
                    and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)):
                codes.add(node.args[1].value)
    assert {"meld", "search", "solver", "random", "only"} <= codes
    for code in codes:
        assert i18n.has_key(f"advice.{code}"), code
    card = lambda uid: "CARD"  # noqa: E731
    assert advice_line("meld", {"meld": "royal_marriage", "points": 40}, "en", card) == "It scores 40 points."
    assert advice_line("search", {"n": 12, "gain": 7.4}, "it", card) == \
        "La migliore in 12 distribuzioni simulate (+7 punti rispetto alla mossa ovvia)."
    assert advice_line("search", {"n": 5, "gain": -1.0}, "en", card).startswith("It did best")
    # the window shows the move before its reason: a reason never names the move again (the exchange names the
    # turn-up taken, another card)
    args = {"card": 3, "points": 40, "n": 5, "gain": 2}
    for code in codes - {"exchange"}:
        for lang in ("en", "it"):
            assert "CARD" not in advice_line(code, args, lang, card), (code, lang)
    assert advice_line("no_such_code", {}, "en", card) == "A move picked at random."
    assert i18n.level_name("expert", "it") == "Esperto" and i18n.level_blurb("master", "en").startswith("The expert")
