"""How to play, one page per variant beside the two-handed game: what changes, the extra melds with their points,
how a deal settles, partnerships — in each language.

The words are in ``howto_pages_en`` / ``_it`` / ``_fr``; every number in them is a ``{field}`` filled here from the
variant's preset ``Ruleset`` (``rule_figures``), and every meld row comes from the rules' own meld catalogue
(``bezique.rules.meld_catalogue``), so a page cannot drift from the game it explains (STYLE.md lesson 16). The
Rubicon and Chinese worked examples (``SETTLEMENT_EXAMPLES``) are checked against the rules' settlement by a test.
No pygame here.
"""

from __future__ import annotations

from dataclasses import fields

from bezique.i18n import howto_pages_en, howto_pages_fr, howto_pages_it
from bezique.i18n.fr import typeset
from bezique.i18n.howto import MeldRow, Section
from bezique.rules import (
    DIAMONDS,
    SPADES,
    SUITS,
    Bonus,
    MeldId,
    Ruleset,
    allowed_targets,
    face_code,
    make_ruleset,
    meld_catalogue,
)

VARIANT_PAGES = ("open", "three_handed", "four_handed", "six_handed", "rubicon", "chinese")
# the trumps of a page's card examples: spades as on the two-handed page; diamonds in Chinese, where the bezique
# then becomes the queen of diamonds with the jack of spades
EXAMPLE_TRUMPS = {"chinese": DIAMONDS}
# Rubicon / Chinese worked examples: (winner's raw points, loser's total, what the winner gains), the loser's total
# being its raw points, or with its brisques where they are counted
SETTLEMENT_EXAMPLES: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "rubicon": ((2870, 1420, 1900), (1850, 760, 3820)),
    "chinese": ((5120, 3480, 2700), (4250, 2100, 7800)),
}
_NON_COURT = ("AS", "TH", "9D", "8C", "7S", "AH", "TD", "9C", "8S", "7H", "AD", "TC")  # a carte blanche to draw

_TEXTS = {"en": howto_pages_en.PAGES, "it": howto_pages_it.PAGES,
          "fr": {v: [(sid, typeset(title), [typeset(p) for p in ps]) for sid, title, ps in page]
                 for v, page in howto_pages_fr.PAGES.items()}}


def rule_figures(rules: Ruleset) -> dict[str, int | None]:
    """Every number a page may print, by name: the ruleset's keys, and the counts the rules derive from them."""
    out: dict[str, int | None] = {f.name: getattr(rules, f.name) for f in fields(rules)
                                  if isinstance(getattr(rules, f.name), int | None)}
    out |= {"cards": 32 * rules.packs, "stock_size": rules.stock_size, "last_stock_trick": rules.last_stock_trick,
            "final_trick": rules.final_trick, "turn_up": rules.players * rules.hand_size + 1,
            "brisque_points": 8 * rules.packs * rules.brisque_value, "sides": rules.sides,
            "long_target": max(t for t in allowed_targets(rules.variant) if t),
            "rubicon_gain": rules.game_bonus + rules.rubicon_extra_bonus + rules.rubicon_brisque_bonus}
    for level in range(2, rules.max_bezique_level + 1):
        out[f"bezique_{level}"] = rules.bezique_value(level)
    examples = SETTLEMENT_EXAMPLES.get(rules.variant, ())
    for name, (winner, loser, gain) in zip(("normal", "rubicon")[:len(examples)], examples, strict=True):
        out |= {f"{name}_w": winner, f"{name}_l": loser, f"{name}_ex_gain": gain}
    return out


def _codes(faces: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(face_code(face) for face in faces)


def extra_meld_rows(variant: str) -> tuple[MeldRow, ...]:
    """The melds `variant` has that the two-handed game has not (or scores differently), with the cards of one
    example under the page's trumps, in the rules' own order and values."""
    rules, trump = make_ruleset(variant), EXAMPLE_TRUMPS.get(variant, SPADES)
    base = {p.shape.kind: p.shape.value for p in meld_catalogue(make_ruleset("two_handed"), SPADES)}
    rows: list[MeldRow] = []
    for pattern in meld_catalogue(rules, trump):
        kind, value = pattern.shape.kind, pattern.shape.value
        if base.get(kind) == value or any(row.kind == kind for row in rows):
            continue
        rows.append(MeldRow(kind, _codes(pattern.faces), value))
    return tuple(rows)


def bezique_rows(variant: str) -> tuple[MeldRow, ...]:
    """Where the bezique follows trumps (Chinese): the bezique under each trump suit."""
    rules = make_ruleset(variant)
    if not rules.bezique_pair_changes_with_trump:
        return ()
    rows = []
    for trump in range(4):
        pattern = next(p for p in meld_catalogue(rules, trump) if p.shape.kind == MeldId.BEZIQUE_1)
        rows.append(MeldRow(MeldId.BEZIQUE_1, _codes(pattern.faces), pattern.shape.value, trump=SUITS[trump]))
    return tuple(rows)


def score_rows(variant: str) -> tuple[MeldRow, ...]:
    """The points that are not melds and differ from the two-handed game: carte blanche and the last trick."""
    rules, base = make_ruleset(variant), make_ruleset("two_handed")
    rows = []
    if rules.carte_blanche_value:
        rows.append(MeldRow(Bonus.CARTE_BLANCHE, _NON_COURT[:rules.hand_size], rules.carte_blanche_value))
    if rules.last_trick_bonus != base.last_trick_bonus:
        rows.append(MeldRow(Bonus.LAST_TRICK, (), rules.last_trick_bonus))
    return tuple(rows)


_ROWS = {"melds": extra_meld_rows, "bezique": bezique_rows, "scores": score_rows}


def variant_sections(variant: str, lang: str) -> list[Section]:
    """The page of `variant` (one of ``VARIANT_PAGES``) in `lang`, its numbers filled from the variant's rules.

    Raises:
        KeyError: an unknown variant or language.
    """
    figures = rule_figures(make_ruleset(variant))
    out = []
    for sid, title, paragraphs in _TEXTS[lang][variant]:
        rows = _ROWS[sid](variant) if sid in _ROWS else ()
        out.append(Section(sid, title, tuple(p.format(**figures) for p in paragraphs), rows))
    return out


def page_template(variant: str, lang: str) -> list[tuple[str, str, list[str]]]:
    """The page's words before the rules' numbers are filled in (a test checks that no number is written out)."""
    return _TEXTS[lang][variant]
