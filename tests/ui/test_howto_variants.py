"""How to play has a page for every variant, in every language, whose numbers and meld rows are the rules' own; New
game opens it at the chosen variant's page; every page fits the smallest window (1024x640) in all three languages."""

from __future__ import annotations

import re

import pygame
import pytest
from text_spy import spy_on_blit_text
from ui_driver import DT, click, key

from bezique.i18n import LANGUAGES, TABLES, t
from bezique.i18n.howto_variants import SETTLEMENT_EXAMPLES, VARIANT_PAGES, page_template, variant_sections
from bezique.rules import (
    COURT_RANKS,
    SPADES,
    SUITS,
    VARIANTS,
    classify,
    make_card,
    make_ruleset,
    new_game,
    parse_code,
    rank_of,
)
from bezique.rules.scoring import _settle
from bezique.ui.scenes.howto import PAGES, HowToScene, card_step, page_sections
from bezique.ui.scenes.newgame import NewGameScene
from bezique.ui.shell import Shell

SMALLEST = (1024, 640)


def test_every_variant_has_a_page_in_every_language() -> None:
    assert set(PAGES) == set(VARIANTS) and PAGES[0] == "two_handed"
    for page in PAGES:
        ids = [s.id for s in page_sections(page, "en")]
        for lang in LANGUAGES:
            sections = page_sections(page, lang)
            assert [s.id for s in sections] == ids, (page, lang)
            for section in sections:
                assert section.title and section.paragraphs, (page, lang, section.id)
                assert all(p.strip() and "{" not in p for p in section.paragraphs), (page, lang, section.id)
    assert {"partners", "alone"} <= {s.id for s in variant_sections("four_handed", "fr")}
    assert {"trumps", "settlement", "melds", "scores"} <= {s.id for s in variant_sections("rubicon", "it")}
    assert {"bezique", "settlement", "melds"} <= {s.id for s in variant_sections("chinese", "en")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_number_is_written_out_every_one_comes_from_the_rules(lang: str) -> None:
    """The words of a page hold no digit outside a ``{field}``: each number is filled from the variant's rules."""
    for variant in VARIANT_PAGES:
        for _, title, paragraphs in page_template(variant, lang):
            for text in (title, *paragraphs):
                assert not re.search(r"\d", re.sub(r"\{[a-z_0-9]+\}", "", text)), (variant, text)


def test_the_filled_numbers_are_the_rules_figures() -> None:
    rubicon = " ".join(p for s in variant_sections("rubicon", "en") for p in s.paragraphs)
    rules = make_ruleset("rubicon")
    for figure in (rules.last_stock_trick, rules.stock_size, rules.game_bonus, rules.rubicon_threshold,
                   rules.match_target, rules.last_trick_bonus):
        assert str(figure) in rubicon
    chinese = " ".join(p for s in variant_sections("chinese", "fr") for p in s.paragraphs)
    assert "168 cartes" in chinese and "3000" in chinese and "84 plis" in chinese
    three = " ".join(p for s in variant_sections("three_handed", "it") for p in s.paragraphs)
    assert "carta numero 25" in three and "presa 24" in three  # the turn-up and the last stock trick (RULES.md §3)


def _cards(codes: tuple[str, ...]) -> tuple[int, ...]:
    copies: dict[int, int] = {}
    out = []
    for code in codes:
        face, _ = parse_code(code)
        out.append(make_card(face, copies.get(face, 0)))
        copies[face] = copies.get(face, 0) + 1
    return tuple(out)


@pytest.mark.parametrize("variant", VARIANT_PAGES)
def test_each_rows_cards_are_that_meld_for_the_rules(variant: str) -> None:
    """Each meld row's cards, classified by the rules under the page's trumps, give that meld and its points."""
    rules = make_ruleset(variant)
    trump = SUITS.index("D") if variant == "chinese" else SPADES
    for section in variant_sections(variant, "en"):
        for row in section.rows:
            if row.kind == "carte_blanche":
                assert row.points == rules.carte_blanche_value and len(row.cards) == rules.hand_size
                assert not any(rank_of(parse_code(c)[0]) in COURT_RANKS for c in row.cards)
            elif row.kind == "last_trick":
                assert row.points == rules.last_trick_bonus and not row.cards
            else:
                under = SUITS.index(row.trump) if row.trump else trump
                shape = classify(rules, under, _cards(row.cards))
                assert shape is not None and (shape.kind, shape.value) == (row.kind, row.points), (variant, row)
    kinds = {row.kind for s in variant_sections(variant, "en") for row in s.rows}
    expected = {"three_handed": {"bezique_3"}, "four_handed": {"bezique_3"}, "six_handed": {"bezique_3"}, "open": set(),
                "rubicon": {"backdoor_sequence", "bezique_3", "bezique_4", "carte_blanche", "last_trick"},
                "chinese": {"backdoor_sequence", "bezique_1", "bezique_3", "bezique_4", "bezique_5", "carte_blanche",
                            "last_trick", *(f"four_trump_{r}" for r in ("aces", "tens", "kings", "queens", "jacks"))}}
    assert kinds == expected[variant]
    pairs = {(row.trump, row.cards[-1][1]) for s in variant_sections(variant, "en") for row in s.rows if row.trump}
    if variant == "chinese":  # what the page says in words: spades go with diamonds, hearts with clubs
        assert pairs == {("S", "D"), ("D", "S"), ("H", "C"), ("C", "H")}


@pytest.mark.parametrize("variant", sorted(SETTLEMENT_EXAMPLES))
def test_the_settlement_examples_are_what_the_rules_settle(variant: str) -> None:
    rules = make_ruleset(variant)
    for winner, loser, gain in SETTLEMENT_EXAMPLES[variant]:
        state = new_game(rules, 0)
        state.deal_points = [winner, loser]  # the loser's brisques, where counted, are in its figure
        settlement = _settle(state, None)
        assert settlement.winner == 0 and settlement.settled[0] == gain, (variant, winner, loser)
    normal, rubiconed = SETTLEMENT_EXAMPLES[variant]
    assert normal[1] >= rules.rubicon_threshold > rubiconed[1]  # one example of each kind


@pytest.fixture
def drawn(monkeypatch) -> list[tuple[str, pygame.Rect, float | None]]:
    return spy_on_blit_text(monkeypatch)


def make_shell(lang: str) -> Shell:
    """A shell at the smallest size, speaking `lang` from now on (the menu under it was drawn in English)."""
    shell = Shell.create(size=SMALLEST, fullscreen=False)
    shell.open_menu()
    shell.app.tick(DT)
    shell.app.lang = lang
    return shell


@pytest.mark.usefixtures("shell_data")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_fits_the_smallest_window(drawn, lang: str) -> None:
    """Page by page and screen by screen: no text is cut or leaves the panel, the tabs show their whole names,
    and every row's cards end before its points."""
    app = make_shell(lang).app
    scene = HowToScene(app)
    app.push(scene)
    s, view = scene._view()
    for page in PAGES:
        scene.show_page(page)
        drawn.clear()
        while True:
            app.dirty = True
            app.draw()
            if scene.scroll >= scene.max_scroll():
                break
            key(app, pygame.K_PAGEDOWN)
        for text, rect, width in drawn:
            assert width is None or rect.w <= width + 1, (lang, page, text)
            assert not text.endswith("…"), (lang, page, text)
            assert rect.left >= 0 and rect.right <= SMALLEST[0], (lang, page, text)
        page_texts = [(text, rect) for text, rect, _ in drawn if view.y < rect.centery < view.bottom]
        for text, rect in page_texts:
            assert view.x < rect.left and rect.right < view.right - 16 * s, (lang, page, text)  # clear of the bar
        names = {text for text, _, _ in drawn}
        assert {t(f"howto.page.{p}", lang) for p in PAGES} <= names, (lang, page)
        assert {section.title for section in page_sections(page, lang)} <= names, (lang, page)
        ch = round(72 * s)
        room = view.right - 130 * s - (view.x + 28 * s + 330 * s)
        for item in scene.page()[0]:
            if item.kind == "row" and item.cards:
                width = app.assets.card(parse_code(item.cards[0])[0], ch).get_width()
                assert (len(item.cards) - 1) * card_step(len(item.cards), ch, room) + width <= room + 1, (page, item)


@pytest.mark.usefixtures("shell_data")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_new_game_opens_how_to_play_at_the_chosen_variant(drawn, lang: str) -> None:
    shell = make_shell(lang)
    app = shell.app
    form = NewGameScene(app, shell)
    app.push(form)
    rubicon = next(c for c in form.controls() if c.action.startswith("variant=") and
                   c.label == TABLES[lang]["variant.rubicon"])
    click(app, (rubicon.box.cx, rubicon.box.cy))
    drawn.clear()
    app.dirty = True
    app.draw()
    controls = form.controls()
    link = next(c for c in controls if c.action == "rules")
    others = [c for c in controls if c is not link]
    assert [c.action for c in others if pygame.Rect(link.box.ints()).colliderect(pygame.Rect(c.box.ints()))] == []
    assert pygame.Rect(0, 0, *SMALLEST).contains(pygame.Rect(link.box.ints()))
    assert t("newgame.variant_rules", lang) in {text for text, _, _ in drawn}  # drawn whole
    blurb = t("variant.rubicon.blurb", lang)
    blurb_rect = next(rect for text, rect, _ in drawn if text == blurb or text.rstrip("…") in blurb)
    assert not blurb_rect.colliderect(pygame.Rect(link.box.ints()))
    click(app, (link.box.cx, link.box.cy))
    howto = app.stack.top
    assert isinstance(howto, HowToScene) and howto.page_id == "rubicon"
    drawn.clear()
    app.dirty = True
    app.draw()
    assert variant_sections("rubicon", lang)[0].title in {text for text, _, _ in drawn}
    key(app, pygame.K_RIGHT)
    assert howto.page_id == "chinese" and howto.scroll == 0
    key(app, pygame.K_RIGHT)
    assert howto.page_id == "two_handed"  # round to the first page
    tab = next(b for b in howto.tabs() if b.action == "page=four_handed")
    click(app, (tab.box.cx, tab.box.cy))
    assert howto.page_id == "four_handed"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is form and form.setup.variant == "rubicon"
    key(app, pygame.K_F1)  # the same from the keyboard
    assert isinstance(app.stack.top, HowToScene) and app.stack.top.page_id == "rubicon"

    assert HowToScene(app, "polish").page_id == "two_handed"  # a variant without a page: the base game's rules
