"""Cards as small integers, and their notation (RULES.md §0.1, RECORD.md "Cards").

A *face* is one of the 32 piquet faces; a *card* (uid) is one physical copy of a face. Cards are plain ints so
that states clone cheaply and the computer opponent can play thousands of games a second:

    face = suit_index * 8 + rank_index        (0..31)
    uid  = copy * 32 + face                   (copy 0..packs-1)

Rank index follows trick-taking order A T K Q J 9 8 7 (0..7), suit index follows S H D C (0..3), which is also the
sort order RECORD.md prescribes for legal-action lists.
"""

from __future__ import annotations

import re

from bezique.rules.errors import CardNotationError

SUITS = "SHDC"
RANKS = "ATKQJ987"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_DISPLAY = {"T": "10"}

ACE, TEN, KING, QUEEN, JACK, NINE, EIGHT, SEVEN = range(8)
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
COURT_RANKS = frozenset({KING, QUEEN, JACK})
BRISQUE_RANKS = frozenset({ACE, TEN})

_CODE_RE = re.compile(r"([ATKQJ987])([SHDC])(?:#([0-9]{1,2}))?")  # whole (fullmatch): no newline after it


def make_face(suit: int, rank: int) -> int:
    return suit * 8 + rank


def make_card(face: int, copy: int) -> int:
    return copy * 32 + face


def face_of(card: int) -> int:
    return card & 31


def copy_of(card: int) -> int:
    return card >> 5


def suit_of(card: int) -> int:
    """Suit index of a card or face (both work, as the face is the low five bits)."""
    return (card & 31) >> 3


def rank_of(card: int) -> int:
    return card & 7


def strength(card: int) -> int:
    """Trick-taking strength, A=8 … 7=1 (RULES.md §0.1)."""
    return 8 - (card & 7)


def sort_key(card: int) -> tuple[int, int, int]:
    """Order of RECORD.md: rank A T K Q J 9 8 7, then suit S H D C, then copy number."""
    return (card & 7, (card & 31) >> 3, card >> 5)


SORT_INDEX = [((uid & 7) * 4 + ((uid & 31) >> 3)) * 8 + (uid >> 5) for uid in range(32 * 8)]
"""``SORT_INDEX[uid]`` orders cards like ``sort_key`` as one int (fast key for the engine's hot paths)."""


def face_code(card: int) -> str:
    """ASCII face code, e.g. ``QS`` (no copy number)."""
    return RANKS[card & 7] + SUITS[(card & 31) >> 3]


def card_code(card: int) -> str:
    """ASCII code naming the physical copy, e.g. ``QS#1``."""
    return f"{face_code(card)}#{card >> 5}"


def card_unicode(card: int) -> str:
    """Display form, e.g. ``Q♠`` or ``10♦`` (for people, never parsed back)."""
    rank = RANKS[card & 7]
    return RANK_DISPLAY.get(rank, rank) + SUIT_SYMBOLS[SUITS[(card & 31) >> 3]]


def parse_code(text: str) -> tuple[int, int | None]:
    """Parse ``QS`` or ``QS#1`` into (face, copy or None).

    Raises:
        CardNotationError: if the text is not a face code with an optional ``#copy``.
    """
    if not isinstance(text, str):
        raise CardNotationError(f"a card must be a string like 'QS' or 'QS#1', not {text!r}")
    match = _CODE_RE.fullmatch(text)
    if match is None:
        raise CardNotationError(
            f"{text!r} is not a card: use rank A T K Q J 9 8 7 and suit S H D C, e.g. 'QS' or 'TD#1'"
        )
    face = make_face(SUITS.index(match.group(2)), RANKS.index(match.group(1)))
    return face, None if match.group(3) is None else int(match.group(3))


def parse_card(text: str) -> int:
    """Parse a code that must name the copy (``QS#1``)."""
    face, copy = parse_code(text)
    if copy is None:
        raise CardNotationError(f"{text!r} must name its copy, e.g. '{text}#0'")
    return make_card(face, copy)


def full_deck_faces(packs: int) -> list[int]:
    """Every face of `packs` piquet packs, in a fixed order (to be shuffled by the caller's own RNG)."""
    return [face for _ in range(packs) for face in range(32)]


def number_copies(faces: list[int]) -> list[int]:
    """Turn a deck of faces into physical cards, numbering copies by order of appearance (RECORD.md)."""
    seen = [0] * 32
    cards = []
    for face in faces:
        cards.append(seen[face] * 32 + face)
        seen[face] += 1
    return cards
