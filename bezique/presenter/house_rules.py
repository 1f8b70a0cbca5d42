"""House rules without pixels: which rules of a variant a player may change before a game, the values offered for
each, the named presets of RULES.md, and how a choice is made without ever leaving an invalid ruleset.

The rules decide what is valid (``make_ruleset`` and its messages); this module only chooses what to show. The
rows follow the groups of ``config.yaml``'s ``rules:`` section. A row is offered only where it can change the
variant's play (no sevens in Rubicon, no partners in two-handed), and only when it has at least two values: the
variant's default (``config.yaml`` over the preset), then the alternatives RULES.md gives. The New game screen
owns ``target_score``, ``match_target`` and ``four_hand_mode``; the seat and pack counts, the hand size and the
turn-up are the variant itself. No pygame here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bezique.rules import (
    BeziquePairScheme,
    BrisqueTiming,
    FinalTieRule,
    FirstDealerRule,
    GameEndMode,
    LastTrickBonusTrick,
    MultiBeziqueMode,
    Ruleset,
    RulesetError,
    SameTypeReuse,
    SevenScoring,
    allowed_values,
    make_ruleset,
    preset,
)

GROUPS = ("deal", "trumps", "melds", "end", "winning", "partners", "settlement", "table")
NEW_GAME_KEYS = ("target_score", "match_target", "four_hand_mode")  # chosen on New game itself
BOOL = (False, True)


@dataclass(frozen=True)
class HouseRule:
    """One row of the house-rules screen: a rule key, its group and the values offered (the default first;
    numbers in order)."""

    key: str
    group: str
    values: tuple[Any, ...]


def _deal_patterns(base: Ruleset) -> tuple[tuple[int, ...], ...]:
    """The variant's packets, the seed's [3, 3, 2] for eight cards, one card at a time for Rubicon and Chinese."""
    if base.hand_size == 8:
        return (base.deal_pattern, (3, 3, 2))
    return (base.deal_pattern, (1,) * base.hand_size)


def _offered(base: Ruleset, rules: Ruleset) -> list[tuple[str, str, tuple[Any, ...]]]:
    """(key, group, alternatives) for every row that can matter in `rules`' variant; `base` is its preset."""
    sevens = base.seven_of_trumps_scoring != SevenScoring.NONE
    settled = base.game_end_mode == GameEndMode.SETTLEMENT
    rows: list[tuple[str, str, tuple[Any, ...]]] = [
        ("first_dealer_rule", "deal", tuple(FirstDealerRule)),
        ("deal_pattern", "deal", _deal_patterns(base)),
    ]
    if sevens:
        rows += [
            ("seven_of_trumps_scoring", "trumps", (SevenScoring.EXCHANGE_OR_PLAY, SevenScoring.EXCHANGE_OR_DECLARE)),
            ("seven_of_trumps_value", "trumps", (10, 0, 20)),
            ("seven_turnup_dealer_bonus", "trumps", (10, 0)),
            ("seven_exchange_counts_as_meld", "trumps", BOOL),
            ("exchanged_card_usable_same_step", "trumps", BOOL),
            ("seven_exchange_allowed_after_last_stock_trick", "trumps", BOOL),
        ]
    rows += [
        ("meld_requires_card_from_hand", "melds", BOOL),
        ("same_type_reuse", "melds", tuple(SameTypeReuse)),
        ("marriage_after_sequence_allowed", "melds", BOOL),
        ("multi_bezique_mode", "melds", tuple(MultiBeziqueMode)),
        ("bezique_pair_scheme", "melds", tuple(BeziquePairScheme)),
    ]
    if rules.bezique_pair_scheme == BeziquePairScheme.TRUMP_QUEEN_OPPOSITE_COLOUR_JACK:
        rows.append(("bezique_can_set_trump", "melds", BOOL))
    rows += [
        ("max_bezique_level", "melds", tuple(level for level in (2, 3, 4, 5) if level <= base.packs)),
        ("four_tens_value", "melds", (0, 90)),
        ("trump_quartets", "melds", BOOL),
        ("backdoor_sequence_value", "melds", (0, 150)),
        ("carte_blanche_value", "melds", (0, 50, 250)),
    ]
    if rules.carte_blanche_value > 0:
        rows.append(("carte_blanche_repeat", "melds", BOOL))
    rows += [
        ("endgame_must_win_trick", "end", BOOL),
        ("last_trick_bonus", "end", (10, 50, 250)),
        ("last_trick_bonus_trick", "end", tuple(LastTrickBonusTrick)),
        ("brisque_timing", "end", (BrisqueTiming.TIE_OR_RUBICON_ONLY, BrisqueTiming.NONE) if settled
                              else (BrisqueTiming.END_OF_DEAL, BrisqueTiming.IMMEDIATE)),
    ]
    if not settled:
        ties = tuple(v for v in FinalTieRule if v != FinalTieRule.NON_DEALER_WINS or base.sides == 2)
        rows += [("game_end_mode", "winning", (GameEndMode.IMMEDIATE, GameEndMode.END_OF_DEAL)),
                 ("final_tie_rule", "winning", ties)]
    if rules.partnership:
        rows += [("partner_table_cards_usable", "partners", BOOL),
                 ("partnership_multi_bezique_from_one_player", "partners", BOOL)]
    if settled:
        rows += [
            ("game_bonus", "settlement", (500, 1000)),
            ("rubicon_threshold", "settlement", (1000, 3000)),
            ("rubicon_brisque_bonus", "settlement", (320, 0)),
            ("round_scores_down_to", "settlement", allowed_values("round_scores_down_to") or ()),
        ]
    rows.append(("allow_trick_review", "table", BOOL))
    return rows


def house_rules(defaults: Ruleset, rules: Ruleset) -> list[HouseRule]:
    """The rows for `rules` (the game as chosen so far), whose defaults are `defaults` (``config.yaml`` over the
    variant's preset): each row's values start with the default and hold the current value, so the screen can
    always show what is in force."""
    out = []
    for key, group, alternatives in _offered(preset(rules.variant), rules):
        values = tuple(dict.fromkeys((getattr(defaults, key), *alternatives, getattr(rules, key))))
        if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            values = tuple(sorted(values))  # points and levels read in order
        if len(values) > 1:
            out.append(HouseRule(key, group, values))
    return out


def apply_house(defaults: Ruleset, house: Mapping[str, Any], extra: Mapping[str, Any] | None = None) -> Ruleset:
    """`defaults` with the house rules (and `extra`, New game's own keys) laid over them, validated by the rules.

    Raises:
        RulesetError: the combination is not allowed (``choose`` never makes one).
    """
    return make_ruleset(defaults.variant, {**defaults.overrides(), **house, **(extra or {})})


def choose(defaults: Ruleset, house: Mapping[str, Any], key: str, value: Any,
           extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The house rules after setting `key` to `value`. A value equal to the default is dropped (the house rules
    hold only real changes). When the rules refuse the combination, each other key they name goes back to its
    default (setting ``bezique_pair_scheme`` back to the fixed pair also ends ``bezique_can_set_trump``); if that
    cannot make it valid, the house rules stay as they were."""
    new = {k: v for k, v in house.items() if k != key}
    if value != getattr(defaults, key):
        new[key] = value
    for _ in range(len(new) + 1):
        try:
            apply_house(defaults, new, extra)
        except RulesetError as exc:
            others = [k for k in exc.key.split(", ") if k != key and k in new]
            if not others:
                return dict(house)
            for other in others:
                del new[other]
        else:
            return new
    return dict(house)


# --- named presets (RULES.md §7 and the decision log §9) --------------------------------------------------------

# D1, D6, D7: Hoyle, EB9, Foster, EI, Britannica
_TRADITIONAL: dict[str, Any] = {"first_dealer_rule": FirstDealerRule.HIGH_CARD_DEALS,
                                "multi_bezique_mode": MultiBeziqueMode.INCREMENTAL, "endgame_must_win_trick": True}
_HOYLE: dict[str, Any] = {"first_dealer_rule": FirstDealerRule.HIGH_CARD_DEALS,  # D1, D2
                          "seven_of_trumps_scoring": SevenScoring.EXCHANGE_OR_DECLARE}
_PARLETT: dict[str, Any] = {"brisque_timing": BrisqueTiming.IMMEDIATE,  # D9
                            "four_tens_value": 90}  # four tens "if agreed"
_ENQUIRE_WITHIN: dict[str, Any] = {"last_trick_bonus_trick": LastTrickBonusTrick.LAST_STOCK_TRICK,  # D8, D7
                                   "endgame_must_win_trick": True}
_RACE: dict[str, dict[str, Any]] = {"traditional": _TRADITIONAL, "hoyle": _HOYLE, "parlett": _PARLETT,
                                    "enquire_within": _ENQUIRE_WITHIN}

PRESETS: dict[str, dict[str, dict[str, Any]]] = {
    "two_handed": _RACE,
    "open": _RACE,
    "three_handed": {"traditional": _TRADITIONAL, "parlett": _PARLETT},
    "four_handed": {"traditional": _TRADITIONAL,
                    "eb9": {"partnership_multi_bezique_from_one_player": False,
                            "multi_bezique_mode": MultiBeziqueMode.INCREMENTAL,
                            "first_dealer_rule": FirstDealerRule.HIGH_CARD_DEALS},  # D13, D6, D1
                    "bicycle": {"endgame_must_win_trick": True}},  # §4.2 phase 2, D7
    "six_handed": {"traditional": _TRADITIONAL},
    "rubicon": {"foster": {"carte_blanche_repeat": False}},  # §5.2
    "chinese": {"parlett": {"bezique_pair_scheme": BeziquePairScheme.FIXED_QS_JD, "max_bezique_level": 4},  # D16, D15
                "bezique_sets_trumps": {"bezique_can_set_trump": True}},  # §6.2, Parlett's option
}
STANDARD = "standard"
CUSTOM = "custom"


def preset_names(variant: str) -> tuple[str, ...]:
    """The named presets of `variant`: its defaults first, then the alternatives RULES.md lists for it."""
    return (STANDARD, *PRESETS.get(variant, {}))


def preset_house(defaults: Ruleset, name: str) -> dict[str, Any]:
    """The house rules of preset `name` over `defaults`: only the keys that differ from them."""
    changes = {} if name == STANDARD else PRESETS[defaults.variant][name]
    return {k: v for k, v in changes.items() if v != getattr(defaults, k)}


def preset_of(defaults: Ruleset, house: Mapping[str, Any]) -> str:
    """Which named preset `house` is (``standard`` for none), or ``custom``."""
    mine = {k: v for k, v in house.items() if k not in NEW_GAME_KEYS}
    for name in preset_names(defaults.variant):
        if preset_house(defaults, name) == mine:
            return name
    return CUSTOM


def changed_keys(defaults: Ruleset, house: Mapping[str, Any]) -> list[str]:
    """The house-rules screen's changes in force (New game's own keys apart), sorted: empty for the standard game.
    This is what a game's save and statistics call its house rules."""
    return sorted(k for k, v in house.items() if k not in NEW_GAME_KEYS and v != getattr(defaults, k))
