"""The named errors of the rules core (STYLE.md: named ``ValueError`` subclasses whose message says why)."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action the rules refuse now; the message says what was tried and why it is not allowed."""


class UnsupportedVariantError(ValueError):
    """A variant the ruleset describes but this engine cannot play yet."""
