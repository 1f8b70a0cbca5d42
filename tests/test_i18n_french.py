"""French is complete and reads as French: every key translated (a few words are the same in both languages and
listed here), the classical Bezique vocabulary, French typography, card names that fit in a sentence."""

from __future__ import annotations

import re

from bezique.i18n import TABLES, card_name, howto, t

# Keys whose French is, rightly, the English text: words French shares (Menu, Total, Match, Expert, Points,
# Standard, Date, Score), the game's own French words (Brisques, Carte blanche, Rubicon), each language's name in
# itself, the house-rule presets named after their authors and books (Hoyle, Parlett, Enquire Within...), and
# abbreviations, number formats and bare placeholders the languages share.
SAME_AS_ENGLISH = {
    "action.menu", "score.menu", "score.running_total", "score.match", "newgame.match", "table.match_points",
    "level.expert", "howto.points_column", "option.computer_pace.normal", "past.date", "past.score",
    "meld.brisques", "score.brisques", "meld.carte_blanche", "score.rubicon", "howto.page.rubicon",
    "option.text_size.normal",
    "option.language.it", "option.language.en", "option.language.fr",
    "meld.points", "stats.best_deal_value", "stats.biggest_meld_value",
    "house.preset.standard", "house.preset.hoyle", "house.preset.parlett", "house.preset.enquire_within",
    "house.preset.eb9", "house.preset.bicycle", "house.preset.foster", "newgame.house_named",
    "table.seat_prompt", "menu.saved_variant_level", "option.speech_rate.normal",
    "speech.focus_card", "speech.score_item", "speech.meld_item", "speech.play_item",  # bare placeholders
}
FRENCH = TABLES["fr"]
HOWTO = " ".join(f"{s.title} {' '.join(s.paragraphs)}" for s in howto.howto_sections("fr"))


def test_every_key_is_in_french_and_translated() -> None:
    english = TABLES["en"]
    assert set(FRENCH) == set(english)
    copied = {key for key, text in FRENCH.items() if text == english[key]}
    assert copied == SAME_AS_ENGLISH


def test_no_english_left_in_the_french_texts() -> None:
    english_words = re.compile(r"\b(the|and|you|your|of|with|trick|tricks|draw|trumps?|stock|deal|hint|points to)\b")
    for key, text in [*FRENCH.items(), ("howto", HOWTO)]:
        assert not english_words.search(text.lower()), (key, text)


def test_french_uses_the_classical_bezique_vocabulary() -> None:
    words = (" ".join(FRENCH.values()) + " " + HOWTO).lower().replace("\u00a0", " ")
    for term in ("bésigue", "double bésigue", "mariage", "mariage d’atout", "quinte d’atout", "quatre as",
                 "quatre rois", "quatre dames", "quatre valets", "brisques", "dix de der", "talon", "atout",
                 "retourne", "sept d’atout", "pli", "donne", "donneur", "fournir", "couper", "entamer", "annoncer",
                 "combinaison"):
        assert term in words, term


def test_french_typography() -> None:
    """No-break spaces before : ; ! ? % (a wrapped line never starts with a lone colon), the French apostrophe,
    and no ordinary space left where a no-break one belongs."""
    for key, text in [*FRENCH.items(), ("howto", HOWTO)]:
        assert not re.search(r" [:;!?%»]", text), (key, text)
        assert "'" not in text, (key, text)
    assert t("table.trump_suit", "fr", suit="cœur") == "Atout\u00a0: cœur"
    assert t("stats.win_rate_value", "fr", percent=40) == "40\u00a0%"


def test_card_names_carry_their_article_for_the_sentences_that_name_them() -> None:
    assert card_name("QS", "fr") == "la dame de pique"
    assert card_name("AH#1", "fr") == "l’as de cœur"
    assert t("hint.play", "fr", card=card_name("TD", "fr")) == "Conseil\u00a0: jouez le dix de carreau"
    assert t("meld.marriage_in", "fr", suit=t("suit.C", "fr")) == "Mariage à trèfle"


def test_how_to_play_in_french_has_every_section() -> None:
    sections = howto.howto_sections("fr")
    assert [s.id for s in sections] == [s.id for s in howto.howto_sections("en")]
    assert sections[0].title == "Le but du jeu"


def test_settings_offer_every_language_and_the_system_can_choose_french() -> None:
    """The Settings screen offers ``SETTING_CHOICES`` (persist cannot import i18n, so the list is its own): it must
    hold every language of the tables, each named in every language."""
    from bezique.i18n import LANGUAGES, option_label
    from bezique.persist.user_settings import SETTING_CHOICES, resolve_language

    assert set(SETTING_CHOICES["language"]) == {"auto", *LANGUAGES}
    for lang in LANGUAGES:
        assert [option_label("language", v, lang) for v in LANGUAGES] == ["Italiano", "English", "Français"]
        assert resolve_language(lang, {}) == lang
    assert resolve_language("auto", {"LANG": "fr_HT.UTF-8"}, lambda: (None, None)) == "fr"


def test_no_french_text_puts_a_name_where_it_would_need_elision() -> None:
    """"de Octave" must be "d'Octave" and "que Adèle" "qu'Adèle": no string puts a seat's name (computer names
    start with vowels too) or the player's "Vous" after a word that elides."""
    for key, text in FRENCH.items():
        assert not re.search(r"\b(de|que|le|la|je|ne|se|ce)\s\{name\}", text), key
