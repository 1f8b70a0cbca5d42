"""The pure rules core: no pygame, no YAML, no I/O, no clocks, no global random.

Everything that plays, shows, records or searches a game goes through this package's API, imported from here:
``new_game`` / ``start_deal`` (with a deck from ``shuffled_deck``) / ``legal_actions`` / ``apply`` (unchecked, fast)
/ ``apply_checked`` (validating, raising ``IllegalActionError``) / ``why_illegal`` (a coded ``Refusal``) /
``view_for`` / ``determinize``, the game loop ``play_game``, records and rulesets. Card arithmetic and notation
live in ``bezique.rules.cards``.

The submodules import one another by module path (``from bezique.rules.engine import ...``), never from this
package, so that importing any of them first does not run into a half-built package.
"""

from bezique.rules.actions import (
    DECLARE_SEVEN_ACTION,
    DONE_ACTION,
    EXCHANGE_ACTION,
    VERBS,
    Action,
    Event,
    EventSink,
    Verb,
)
from bezique.rules.dealing import check_deck, choose_first_dealer, new_game, shuffled_deck, start_deal
from bezique.rules.engine import apply, apply_checked, can_exchange_seven, legal_actions, legal_plays, why_illegal
from bezique.rules.errors import (
    CardNotationError,
    IllegalActionError,
    RecordError,
    Refusal,
    RefusalCode,
    RulesError,
    RulesetError,
    UnsupportedVariantError,
)
from bezique.rules.melds import (
    MELD_NAMES,
    MeldPattern,
    MeldShape,
    card_may_score,
    classify,
    legal_melds,
    meld_catalogue,
)
from bezique.rules.play import Chooser, DeckRng, play_game
from bezique.rules.record import RecordedGame, action_to_json, describe_action, parse_action, replay_record
from bezique.rules.ruleset import RULE_KEYS, VARIANTS, Ruleset, allowed_targets, allowed_values, make_ruleset, preset
from bezique.rules.state import DealSummary, GameState, MeldRecord, Phase, Settlement
from bezique.rules.tricks import beats, copy_key, follow_options, lowest_copies, winning_index
from bezique.rules.view import PlayerView, determinize, draws_since, place_unseen, redact_event, rewind, view_for

__all__ = [
    "DECLARE_SEVEN_ACTION",
    "DONE_ACTION",
    "EXCHANGE_ACTION",
    "MELD_NAMES",
    "RULE_KEYS",
    "VARIANTS",
    "VERBS",
    "Action",
    "CardNotationError",
    "Chooser",
    "DealSummary",
    "DeckRng",
    "Event",
    "EventSink",
    "GameState",
    "IllegalActionError",
    "MeldPattern",
    "MeldRecord",
    "MeldShape",
    "Phase",
    "PlayerView",
    "RecordError",
    "RecordedGame",
    "Refusal",
    "RefusalCode",
    "RulesError",
    "Ruleset",
    "RulesetError",
    "Settlement",
    "UnsupportedVariantError",
    "Verb",
    "action_to_json",
    "allowed_targets",
    "allowed_values",
    "apply",
    "apply_checked",
    "beats",
    "can_exchange_seven",
    "card_may_score",
    "check_deck",
    "choose_first_dealer",
    "classify",
    "copy_key",
    "describe_action",
    "determinize",
    "draws_since",
    "follow_options",
    "legal_actions",
    "legal_melds",
    "legal_plays",
    "lowest_copies",
    "make_ruleset",
    "meld_catalogue",
    "new_game",
    "parse_action",
    "place_unseen",
    "play_game",
    "preset",
    "redact_event",
    "replay_record",
    "rewind",
    "shuffled_deck",
    "start_deal",
    "view_for",
    "why_illegal",
    "winning_index",
]
