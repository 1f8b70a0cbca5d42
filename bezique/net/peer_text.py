"""The one check of every text a peer sends (a name, a chat line, any text field of a message, either way).

Why one function: text from the wire is data typed by a stranger, and every way it can hurt (a lone surrogate
that no encoder writes, a NUL that the font refuses, an ESC sequence for a terminal, a newline that fakes another
speaker's line, a right-to-left override that turns a name around, zero-width characters that make two names look
alike, a pile of combining marks, a name a mile long) is closed here once, for every field, by ``read_text``.

What is allowed: Unicode scalar values (no surrogates), normalised to NFC, with none of the categories that draw
nothing or steer the text (``REFUSED_CATEGORIES``: controls, formats — bidi marks and zero-width characters among
them —, private use, unassigned, line and paragraph separators), at most ``MAX_MARKS`` combining marks on one
letter, and at most the field's length once cleaned. Spaces of every kind read as one plain space.

Refused or cleaned (the README says the same): a *name* is a label others must trust, so a name holding anything
not allowed is refused, naming the character; a *chat line* is cleaned as a person expects of a chat (a line
break or tab becomes a space, what draws nothing is dropped, runs of spaces are one). A text that is not a string,
holds a surrogate, or is too long is refused in both.

A text that is not kept but only *told* (a refusal's detail naming what a peer sent, a line of the log) goes
through ``shown``: whatever a peer put in it is escaped, never written raw to a terminal or a window.
"""

from __future__ import annotations

import unicodedata
from enum import Enum

REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
MAX_MARKS = 2  # combining marks on one letter (Vietnamese needs two; "Zalgo" text piles up dozens)
_MARK_CATEGORIES = frozenset({"Mn", "Mc", "Me"})
_BREAKS = frozenset("\t\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")  # what a chat line reads as a space


class TextUse(Enum):
    """What a text is for, which decides whether a bad character refuses it or is cleaned out."""

    LABEL = "label"  # a name, a token, a level: refused when it holds anything not allowed
    CHAT = "chat"  # a line said at the table: cleaned as a chat would


class TextError(ValueError):
    """A text refused: the message names the field and the first bad character or why."""


def read_text(value: object, where: str, longest: int, use: TextUse = TextUse.LABEL, *,
              blank: bool = True) -> str:
    """`value` as a text that is safe to keep, show, save and send on: checked (and for chat, cleaned).

    Args:
        value: what the peer sent in field `where`.
        longest: the most characters the text may have once normalised.
        use: a label is refused for a bad character, a chat line has it cleaned out.
        blank: whether an empty text (after cleaning) is allowed.

    Raises:
        TextError: not a text, a surrogate, too long, empty where not allowed, or (a label) a character not
            allowed; the message names `where` and the character.
    """
    if not isinstance(value, str):
        raise TextError(f"{where}: expected a text, found {type(value).__name__}")
    if len(value) > longest * 4:  # before any work: a text far too long is refused at once
        raise TextError(f"{where}: at most {longest} characters")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise TextError(f"{where}: not valid Unicode (a lone surrogate at {exc.start})") from None
    text = unicodedata.normalize("NFC", value)
    kept: list[str] = []
    marks = 0
    for ch in text:
        category = unicodedata.category(ch)
        if category == "Zs" or (ch in _BREAKS and use is TextUse.CHAT):
            ch, category = " ", "Zs"
        elif category in REFUSED_CATEGORIES or ch in _BREAKS:
            if use is TextUse.LABEL:
                raise TextError(f"{where}: U+{ord(ch):04X} ({_name(ch)}) is not allowed")
            continue
        if category in _MARK_CATEGORIES:
            marks += 1
            if marks > MAX_MARKS:
                if use is TextUse.LABEL:
                    raise TextError(f"{where}: more than {MAX_MARKS} accents on one letter")
                continue
        else:
            marks = 0
        if ch == " " and (not kept or kept[-1] == " "):
            continue  # leading spaces and runs of spaces: one
        kept.append(ch)
    cleaned = "".join(kept).rstrip(" ")
    if len(cleaned) > longest:
        raise TextError(f"{where}: at most {longest} characters")
    if not cleaned and not blank:
        raise TextError(f"{where}: empty")
    return cleaned


def shown(text: str, longest: int) -> str:
    """`text` as it may be told to a person or written to a log: every character that is not printable (controls,
    ESC sequences, bidi and zero-width marks, surrogates, separators) or is a combining mark written as its
    escape (``\\x1b``, ``\\u202e``), and cut to `longest` characters with an ellipsis.

    Why: a refusal's detail and a log line may name what a peer sent (an unknown key, a value); told raw, an ESC
    sequence would steer the host's terminal and a right-to-left override turn the line around."""
    escaped = "".join(ch if ch.isprintable() and unicodedata.category(ch)[0] != "M" else
                      ch.encode("unicode_escape").decode("ascii") for ch in text[:longest + 1])
    return escaped if len(escaped) <= longest else escaped[:longest - 1] + "\u2026"


def name_key(name: str) -> str:
    """What two names at a table are told apart by: their compatibility form, letter case aside (NFKC_Casefold).

    Why: "Ｂｏｂ" (full-width), "ＢＯＢ" and "bob" draw as the same name to a reader, as do a ligature and its
    letters; a friend taking one of them would pass for another player. Letters of other scripts that only look
    alike (Cyrillic "о" beside Latin "o") are not folded: that needs a confusables table, and a friend's seat is
    marked as on another computer at the table whatever its name."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def _name(ch: str) -> str:
    return unicodedata.name(ch, "unnamed").lower()
