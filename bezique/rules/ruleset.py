"""The ruleset: every rule toggle of RULES.md §7 as one frozen, validated value.

Variants are data: a preset is a set of overrides on top of the two-handed defaults, and a game record or
`config.yaml` adds its own overrides on top of the preset. Validation lives here (not in the config loader) so that
records, config files and tests all get the same precise messages naming the key, the bad value and what is allowed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from bezique.rules.choices import (
    CHOICE_KINDS,
    BeziquePairScheme,
    BrisqueTiming,
    FinalTieRule,
    FirstDealerRule,
    FourHandMode,
    GameEndMode,
    LastTrickBonusTrick,
    MultiBeziqueMode,
    SameTypeReuse,
    SevenScoring,
)
from bezique.rules.errors import RulesetError

VARIANTS = ("two_handed", "open", "three_handed", "four_handed", "six_handed", "rubicon", "chinese")


@dataclass(frozen=True, slots=True)
class Ruleset:
    """All rule keys of RULES.md §7; defaults are two-handed Bezique."""

    variant: str = "two_handed"
    players: int = 2
    packs: int = 2
    hand_size: int = 8
    target_score: int = 1000
    first_dealer_rule: FirstDealerRule = FirstDealerRule.LOW_CARD_DEALS
    deal_pattern: tuple[int, ...] = (3, 2, 3)
    turn_up_trump: bool = True
    seven_turnup_dealer_bonus: int = 10
    seven_of_trumps_scoring: SevenScoring = SevenScoring.EXCHANGE_OR_PLAY
    seven_of_trumps_value: int = 10
    seven_exchange_counts_as_meld: bool = False
    exchanged_card_usable_same_step: bool = False
    seven_exchange_allowed_after_last_stock_trick: bool = True
    melds_per_trick: int = 1
    meld_requires_card_from_hand: bool = True
    same_type_reuse: SameTypeReuse = SameTypeReuse.NEVER
    marriage_after_sequence_allowed: bool = False
    multi_bezique_mode: MultiBeziqueMode = MultiBeziqueMode.ALL_AT_ONCE
    bezique_pair_scheme: BeziquePairScheme = BeziquePairScheme.FIXED_QS_JD
    bezique_can_set_trump: bool = False
    endgame_must_win_trick: bool = False
    last_trick_bonus: int = 10
    last_trick_bonus_trick: LastTrickBonusTrick = LastTrickBonusTrick.FINAL
    brisque_value: int = 10
    brisque_timing: BrisqueTiming = BrisqueTiming.END_OF_DEAL
    game_end_mode: GameEndMode = GameEndMode.IMMEDIATE
    final_tie_rule: FinalTieRule = FinalTieRule.ANOTHER_DEAL
    open_hands: bool = False
    allow_trick_review: bool = False
    show_meld_history: bool = True
    triple_bezique_value: int = 1500
    four_hand_mode: FourHandMode = FourHandMode.PARTNERSHIP
    partner_table_cards_usable: bool = True
    partnership_multi_bezique_from_one_player: bool = True
    carte_blanche_value: int = 0
    carte_blanche_repeat: bool = True
    backdoor_sequence_value: int = 0
    max_bezique_level: int = 2
    quadruple_bezique_value: int = 4500
    quintuple_bezique_value: int = 9000
    trump_quartets: bool = False
    four_tens_value: int = 0
    game_bonus: int = 500
    rubicon_threshold: int = 1000
    rubicon_extra_bonus: int = 500
    rubicon_brisque_bonus: int = 320
    round_scores_down_to: int = 100
    match_target: int | None = None

    # --- derived facts the engine asks often -------------------------------------------------------------
    @property
    def partnership(self) -> bool:
        """Seats play in two sides (four-handed partnership, six-handed)."""
        return self.players == 6 or (self.players == 4 and self.four_hand_mode == FourHandMode.PARTNERSHIP)

    @property
    def sides(self) -> int:
        """Number of scoring units: sides in partnerships, otherwise seats."""
        return 2 if self.partnership else self.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partnership else seat

    @property
    def stock_size(self) -> int:
        """Cards in the stock at the start of play, turn-up included (RULES.md §0.2)."""
        return 32 * self.packs - self.players * self.hand_size

    @property
    def last_stock_trick(self) -> int:
        return self.stock_size // self.players

    @property
    def final_trick(self) -> int:
        return 32 * self.packs // self.players

    @property
    def bezique_pair_changes_with_trump(self) -> bool:
        return self.bezique_pair_scheme != BeziquePairScheme.FIXED_QS_JD

    @property
    def target_key(self) -> str:
        """The rule that holds what the game is played to: ``match_target`` where each deal is settled (Rubicon,
        Chinese), else ``target_score``."""
        return "match_target" if self.game_end_mode == GameEndMode.SETTLEMENT else "target_score"

    @property
    def game_target(self) -> int | None:
        """What the scores race to: the points to win, or where deals are settled the match target (None: one
        deal decides). The scoreboard, New game, the kept games' list and the status line all read it here."""
        return self.match_target if self.target_key == "match_target" else self.target_score

    def bezique_value(self, level: int) -> int:
        """Points for a bezique of `level` pairs (1 = single … 5 = quintuple)."""
        return {
            1: 40,
            2: 500,
            3: self.triple_bezique_value,
            4: self.quadruple_bezique_value,
            5: self.quintuple_bezique_value,
        }[level]

    def overrides(self) -> dict[str, Any]:
        """The keys that differ from this variant's preset, as a game record's ``rules`` object."""
        base = preset(self.variant)
        out: dict[str, Any] = {}
        for f in fields(self):
            if f.name == "variant":
                continue
            value = getattr(self, f.name)
            if value != getattr(base, f.name):
                out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


PRESETS: dict[str, dict[str, Any]] = {
    "two_handed": {},
    "open": {"open_hands": True},
    "three_handed": {"players": 3, "packs": 3, "max_bezique_level": 3},
    "four_handed": {"players": 4, "packs": 4, "max_bezique_level": 3, "four_hand_mode": FourHandMode.PARTNERSHIP},
    "six_handed": {"players": 6, "packs": 6, "max_bezique_level": 3, "four_hand_mode": FourHandMode.PARTNERSHIP},
    "rubicon": {
        "packs": 4, "hand_size": 9, "deal_pattern": (3, 3, 3), "turn_up_trump": False,
        "seven_of_trumps_scoring": SevenScoring.NONE, "seven_turnup_dealer_bonus": 0,
        "meld_requires_card_from_hand": False, "same_type_reuse": SameTypeReuse.AFTER_BREAK,
        "multi_bezique_mode": MultiBeziqueMode.INCREMENTAL, "max_bezique_level": 4, "carte_blanche_value": 50,
        "backdoor_sequence_value": 150, "last_trick_bonus": 50, "brisque_timing": BrisqueTiming.TIE_OR_RUBICON_ONLY,
        "endgame_must_win_trick": True, "game_end_mode": GameEndMode.SETTLEMENT, "game_bonus": 500,
        "rubicon_threshold": 1000, "rubicon_brisque_bonus": 320, "match_target": 1500,
    },
    "chinese": {
        "packs": 6, "hand_size": 12, "deal_pattern": (3, 3, 3, 3), "turn_up_trump": False,
        "seven_of_trumps_scoring": SevenScoring.NONE, "seven_turnup_dealer_bonus": 0,
        "meld_requires_card_from_hand": False, "same_type_reuse": SameTypeReuse.AFTER_BREAK,
        "multi_bezique_mode": MultiBeziqueMode.INCREMENTAL, "max_bezique_level": 5,
        "bezique_pair_scheme": BeziquePairScheme.TRUMP_QUEEN_OPPOSITE_COLOUR_JACK, "trump_quartets": True,
        "carte_blanche_value": 250, "backdoor_sequence_value": 150, "last_trick_bonus": 250,
        "brisque_timing": BrisqueTiming.NONE, "endgame_must_win_trick": True, "game_end_mode": GameEndMode.SETTLEMENT,
        "game_bonus": 1000, "rubicon_threshold": 3000, "rubicon_brisque_bonus": 0, "match_target": 2000,
    },
}

# key -> allowed values (a tuple of choices) or a (kind, minimum) pair for open-ended numbers.
_CHOICES: dict[str, tuple[Any, ...]] = {
    "players": (2, 3, 4, 6),
    "packs": (2, 3, 4, 6),
    "hand_size": (8, 9, 12),
    "target_score": (500, 1000, 2000),
    "melds_per_trick": (1,),
    "max_bezique_level": (2, 3, 4, 5),
    "round_scores_down_to": (1, 10, 50, 100),
    **{key: tuple(kind) for key, kind in CHOICE_KINDS.items()},  # in the order their members are written
}
_FIELD_TYPES = {f.name: f.type for f in fields(Ruleset)}
RULE_KEYS = tuple(name for name in _FIELD_TYPES if name != "variant")


def _describe(value: Any) -> str:
    return "null" if value is None else repr(value)


def _check_value(key: str, value: Any) -> Any:
    """Validate one key's value on its own; return it normalised (lists become tuples)."""
    annotation = _FIELD_TYPES[key]  # the field's type as the dataclass writes it
    if annotation == "bool":
        if not isinstance(value, bool):
            raise RulesetError(key, f"{key}: {_describe(value)} is not allowed; use true or false")
        return value
    if annotation == "tuple[int, ...]":
        if (not isinstance(value, list | tuple) or not value
                or not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value)):
            raise RulesetError(key, f"{key}: {_describe(value)} is not allowed; use a list of positive whole "
                                    "numbers such as [3, 2, 3]")
        return tuple(value)
    if annotation == "int | None":
        if value is None:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
            raise RulesetError(key, f"{key}: {_describe(value)} is not allowed; use null or a positive whole number")
        return value
    if annotation == "int":
        if not isinstance(value, int) or isinstance(value, bool):
            raise RulesetError(key, f"{key}: {_describe(value)} is not allowed; use a whole number")
        allowed = _CHOICES.get(key)
        if allowed is not None and value not in allowed:
            raise RulesetError(key, f"{key}: {value} is not allowed; use one of {', '.join(map(str, allowed))}")
        if allowed is None and value < 0:
            raise RulesetError(key, f"{key}: {value} is not allowed; use a whole number of 0 or more")
        return value
    allowed = _CHOICES[key]
    if not isinstance(value, str) or value not in allowed:
        raise RulesetError(key, f"{key}: {_describe(value)} is not allowed; use one of {', '.join(allowed)}")
    return CHOICE_KINDS[key](value)  # the word a file carries becomes its member


def allowed_values(key: str) -> tuple[Any, ...] | None:
    """The values `key` may take when they are a closed list (RULES.md §7), or None for open-ended numbers,
    true/false and lists: what a screen may offer without knowing the rules by heart."""
    return _CHOICES.get(key)


def allowed_targets(variant: str) -> tuple[int | None, ...]:
    """What a game of `variant` may be played to, the variant's own default first.

    Racing variants: points to win (``target_score``): 1000, the short game's 500, and EB9's 2000 for the three-
    and four-handed games (RULES.md §1.1, §3, §4; D20). Rubicon and Chinese settle each deal: a match to
    ``match_target`` points, or None for a single deal (§5.6, §6.4).
    """
    base = preset(variant)
    if base.game_end_mode == GameEndMode.SETTLEMENT:
        return (base.match_target, None)
    if variant in ("three_handed", "four_handed"):
        return (base.target_score, 500, 2000)
    return (base.target_score, 500)


def preset(variant: str) -> Ruleset:
    """The preset ruleset of a variant, without user overrides."""
    if variant not in PRESETS:
        raise RulesetError("variant", f"variant: {_describe(variant)} is not allowed; use one of "
                                      f"{', '.join(VARIANTS)}")
    return replace(Ruleset(), variant=variant, **PRESETS[variant])


def make_ruleset(variant: str = "two_handed", overrides: Mapping[str, Any] | None = None) -> Ruleset:
    """Build and validate the ruleset of `variant` with `overrides` (RULES.md §7 key names).

    Raises:
        RulesetError: naming the first unknown key, bad value or forbidden combination.
    """
    base = preset(variant)
    changes: dict[str, Any] = {}
    for key, value in (overrides or {}).items():
        if key == "variant":
            raise RulesetError(key, "variant: give the variant on its own, not among the rule overrides")
        if key not in _FIELD_TYPES:
            raise RulesetError(key, f"{key}: unknown rule key; the keys are those of RULES.md §7, e.g. "
                                    "target_score, deal_pattern, endgame_must_win_trick")
        changes[key] = _check_value(key, value)
    rules = replace(base, **changes)
    _check_combinations(rules)
    return rules


def _check_combinations(r: Ruleset) -> None:
    """The cross-key config errors of RULES.md §7 (and the fixed seat and pack counts of each variant)."""
    base = preset(r.variant)
    for key in ("players", "packs"):
        if getattr(r, key) != getattr(base, key):
            raise RulesetError(key, f"{key}: {getattr(r, key)} is not allowed in {r.variant}; it must be "
                                    f"{getattr(base, key)} (choose another variant instead)")
    if sum(r.deal_pattern) != r.hand_size:
        raise RulesetError("deal_pattern, hand_size", f"deal_pattern {list(r.deal_pattern)} deals "
                           f"{sum(r.deal_pattern)} cards but hand_size is {r.hand_size}; they must agree")
    if r.stock_size <= 0 or r.stock_size % r.players:
        raise RulesetError("hand_size", f"hand_size: {r.hand_size} leaves a stock of {r.stock_size} cards, which "
                                        f"does not divide among {r.players} players")
    if r.turn_up_trump != base.turn_up_trump:  # a variant with a turn-up has one; Rubicon and Chinese never do
        raise RulesetError("turn_up_trump", f"turn_up_trump: {str(r.turn_up_trump).lower()} is not allowed in "
                                            f"{r.variant}; it must be {str(not r.turn_up_trump).lower()}")
    if r.seven_of_trumps_scoring == SevenScoring.NONE and r.seven_turnup_dealer_bonus != 0:
        raise RulesetError("seven_of_trumps_scoring, seven_turnup_dealer_bonus",
                           "seven_of_trumps_scoring: none requires seven_turnup_dealer_bonus: 0")
    settled = base.game_end_mode == GameEndMode.SETTLEMENT  # Rubicon and Chinese settle each deal; the others race
    if (r.game_end_mode == GameEndMode.SETTLEMENT) != settled:
        allowed = "settlement" if settled else "immediate or end_of_deal"
        raise RulesetError("game_end_mode", f"game_end_mode: {r.game_end_mode} is not allowed in {r.variant}; "
                                            f"use {allowed}")
    if r.final_tie_rule == FinalTieRule.NON_DEALER_WINS and r.sides > 2:
        raise RulesetError("final_tie_rule", "final_tie_rule: non_dealer_wins needs two players or two sides; "
                                             "use another_deal or draw")
    if r.bezique_can_set_trump and r.bezique_pair_scheme != BeziquePairScheme.TRUMP_QUEEN_OPPOSITE_COLOUR_JACK:
        raise RulesetError("bezique_can_set_trump, bezique_pair_scheme",
                           "bezique_can_set_trump: true requires bezique_pair_scheme: "
                           "trump_queen_opposite_colour_jack")
    if r.players == 6 and r.four_hand_mode == FourHandMode.INDIVIDUAL:
        raise RulesetError("four_hand_mode", "four_hand_mode: individual is not allowed with six players; "
                                             "six-handed is always played in partnership")
    if r.max_bezique_level > r.packs:
        raise RulesetError("max_bezique_level", f"max_bezique_level: {r.max_bezique_level} needs that many packs; "
                                                f"use at most {r.packs}")
