"""The errors of the rules core, one family under ``RulesError`` (STYLE.md: named ``ValueError`` subclasses whose
message says why), and the refusal the engine gives for an illegal action.

A caller that only cares that the rules said no catches ``RulesError``; one that must tell the reasons apart (the
window, in the player's language) reads the ``RefusalCode`` of a ``Refusal`` instead of matching English text.
This module imports nothing from the rest of the core, so every other module may import it.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class RefusalCode(StrEnum):
    """One code per distinct reason the rules refuse an action."""

    GAME_OVER = "game_over"
    NO_DEAL = "no_deal"
    NOT_YOUR_TURN = "not_your_turn"
    UNKNOWN_VERB = "unknown_verb"
    NOT_DECLARATION_STEP = "not_declaration_step"  # a declaration-step verb while a card must be played
    STEP_NOT_DONE = "step_not_done"  # a card played while the declaration step is still open
    ONE_CARD = "one_card"
    NOT_IN_HAND = "not_in_hand"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    MUST_FOLLOW_AND_WIN = "must_follow_and_win"
    MUST_TRUMP = "must_trump"
    ONE_MELD_PER_TRICK = "one_meld_per_trick"
    EXCHANGE_WAS_MELD = "exchange_was_meld"
    NOT_A_MELD = "not_a_meld"
    WRONG_MELD_KIND = "wrong_meld_kind"
    MELD_NOT_ALLOWED = "meld_not_allowed"  # the cards form the meld, but rules M1 and M3-M6 refuse them
    SEVEN_HAS_NO_VALUE = "seven_has_no_value"
    TURN_UP_IS_SEVEN = "turn_up_is_seven"
    EXCHANGE_TOO_LATE = "exchange_too_late"
    EXCHANGE_AFTER_MELD = "exchange_after_meld"
    NO_UNSPENT_SEVEN = "no_unspent_seven"
    SEVEN_NOT_DECLARED = "seven_not_declared"
    NO_PARTNER = "no_partner"
    PASS_NOT_ALLOWED = "pass_not_allowed"


class Refusal(NamedTuple):
    """Why the rules refuse an action: a code to switch on and the English sentence (for logs and records)."""

    code: RefusalCode
    text: str

    def __str__(self) -> str:
        return self.text


class RulesError(ValueError):
    """Anything the rules core refuses: an illegal action, a bad ruleset, record or card code."""


class IllegalActionError(RulesError):
    """An action the rules refuse now; the message says what was tried and why it is not allowed.

    ``refusal`` holds the engine's coded reason when the action itself was refused (``apply_checked``, a record's
    action out of turn); it is None for a malformed deck or record entry.
    """

    def __init__(self, reason: str | Refusal) -> None:
        self.refusal = reason if isinstance(reason, Refusal) else None
        super().__init__(str(reason))

    def __reduce__(self) -> tuple[type[IllegalActionError], tuple[str | Refusal]]:
        """Rebuilt with its refusal, so the code crosses to a parent process too."""
        return (type(self), (self.refusal if self.refusal is not None else self.args[0],))


class UnsupportedVariantError(RulesError):
    """A variant the ruleset describes but this engine cannot play yet."""


class RulesetError(RulesError):
    """A rule key or value that RULES.md §7 does not allow. ``key`` names the offending key (or keys)."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key

    def __reduce__(self) -> tuple[type[RulesetError], tuple[str, str]]:
        """Rebuilt with both arguments, so the error crosses to a parent process intact (arena workers)."""
        return (type(self), (self.key, self.args[0]))


class RecordError(RulesError):
    """A malformed or illegal record; the message is one line naming where and why."""


class CardNotationError(RulesError):
    """A card code that is not in RECORD.md's notation; the message shows the offending text."""
