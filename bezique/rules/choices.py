"""The closed choices of RULES.md §7 as enums: each rule key that takes one of a few words has its own kind.

A ruleset's choice compared to a misspelt word never matches and says nothing; compared to a member of its enum, a
misspelling fails mypy. Each member's value is the word ``config.yaml``, a game record, a save and New game's file
carry, so every file written before reads the same (``make_ruleset`` turns the words into members, and a member
writes itself as its word). ``CHOICE_KINDS`` is the one list of which key takes which enum, for the rules' checks,
the house-rules screen and the scan that holds the code to it (tests/test_kinds.py).
"""

from __future__ import annotations

from enum import StrEnum

__all__ = [  # what the rules' API (bezique.rules) exports of this module: its enums and which key takes which
    "CHOICE_KINDS",
    "BeziquePairScheme",
    "BrisqueTiming",
    "FinalTieRule",
    "FirstDealerRule",
    "FourHandMode",
    "GameEndMode",
    "LastTrickBonusTrick",
    "MultiBeziqueMode",
    "SameTypeReuse",
    "SevenScoring",
]


class FirstDealerRule(StrEnum):
    """Who deals first: the low or the high cut (RULES.md §1.2), or chance."""

    LOW_CARD_DEALS = "low_card_deals"
    HIGH_CARD_DEALS = "high_card_deals"
    RANDOM = "random"


class SevenScoring(StrEnum):
    """What the seven of trumps scores (``seven_of_trumps_scoring``): exchanged or played, exchanged or declared,
    or nothing (Rubicon, Chinese)."""

    EXCHANGE_OR_PLAY = "exchange_or_play"
    EXCHANGE_OR_DECLARE = "exchange_or_declare"
    NONE = "none"


class SameTypeReuse(StrEnum):
    """Whether a card may score again in a meld of the same kind (``same_type_reuse``)."""

    NEVER = "never"
    AFTER_BREAK = "after_break"


class MultiBeziqueMode(StrEnum):
    """How a double (or greater) bezique is scored (``multi_bezique_mode``): all at once, or built up."""

    ALL_AT_ONCE = "all_at_once"
    INCREMENTAL = "incremental"


class BeziquePairScheme(StrEnum):
    """Which queen and jack make the bezique (``bezique_pair_scheme``)."""

    FIXED_QS_JD = "fixed_qs_jd"
    TRUMP_QUEEN_OPPOSITE_COLOUR_JACK = "trump_queen_opposite_colour_jack"
    SWAP_ON_DIAMONDS = "swap_on_diamonds"
    QD_JS_WHEN_SPADES_OR_DIAMONDS = "qd_js_when_spades_or_diamonds"
    QC_JH_WHEN_SPADES_OR_DIAMONDS = "qc_jh_when_spades_or_diamonds"


class LastTrickBonusTrick(StrEnum):
    """Which trick earns the last-trick bonus (``last_trick_bonus_trick``)."""

    FINAL = "final"
    LAST_STOCK_TRICK = "last_stock_trick"


class BrisqueTiming(StrEnum):
    """When brisques score (``brisque_timing``)."""

    END_OF_DEAL = "end_of_deal"
    IMMEDIATE = "immediate"
    TIE_OR_RUBICON_ONLY = "tie_or_rubicon_only"
    NONE = "none"


class GameEndMode(StrEnum):
    """How a game ends (``game_end_mode``): as soon as the target is reached, at the end of the deal, or each deal
    settled (Rubicon, Chinese)."""

    IMMEDIATE = "immediate"
    END_OF_DEAL = "end_of_deal"
    SETTLEMENT = "settlement"


class FinalTieRule(StrEnum):
    """What a tie at the target brings (``final_tie_rule``)."""

    ANOTHER_DEAL = "another_deal"
    DRAW = "draw"
    NON_DEALER_WINS = "non_dealer_wins"


class FourHandMode(StrEnum):
    """Four players as two sides or each for themselves (``four_hand_mode``)."""

    PARTNERSHIP = "partnership"
    INDIVIDUAL = "individual"


CHOICE_KINDS: dict[str, type[StrEnum]] = {
    "first_dealer_rule": FirstDealerRule,
    "seven_of_trumps_scoring": SevenScoring,
    "same_type_reuse": SameTypeReuse,
    "multi_bezique_mode": MultiBeziqueMode,
    "bezique_pair_scheme": BeziquePairScheme,
    "last_trick_bonus_trick": LastTrickBonusTrick,
    "brisque_timing": BrisqueTiming,
    "game_end_mode": GameEndMode,
    "final_tie_rule": FinalTieRule,
    "four_hand_mode": FourHandMode,
}
