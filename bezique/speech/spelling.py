"""Codes read aloud: in groups (a voice reads "K7QX" as a word otherwise), or a character at a time on request.

A join code is typed by a friend from what they hear, so each character must come out on its own: letters and
digits are separated by spaces inside a group and groups by commas; the few characters a voice may skip or misread
are named (`names`: the words for them in the player's language).
"""

from __future__ import annotations

from collections.abc import Mapping

SEPARATORS = "-_ .:/"


def in_groups(code: str) -> str:
    """"K7QX-2M9P" -> "K 7 Q X, 2 M 9 P": each character apart, the groups as the code writes them."""
    groups: list[list[str]] = [[]]
    for char in code.strip():
        if char in SEPARATORS:
            if groups[-1]:
                groups.append([])
        else:
            groups[-1].append(char)
    return ", ".join(" ".join(group) for group in groups if group)


def by_character(text: str, names: Mapping[str, str]) -> str:
    """Every character of `text` on its own, the ones in `names` by their name ("K, 7, dash, Q")."""
    return ", ".join(names.get(char, char) for char in text)
