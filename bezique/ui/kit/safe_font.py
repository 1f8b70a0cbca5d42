"""The window's font, made safe for any text whatever: every measure and every render of a text goes through
``SafeFont`` (``Assets.font`` opens only these), so no string can crash a frame.

Why here, in the kit, and not only at the wire: the network checks every text a peer sends (``net.peer_text``), but
a window draws texts from many places (a save file's names, a typed name, a translation, an error's message), and
pygame's font raises on several of them: a NUL ("A null character was found"), a lone surrogate (not UTF-8), a
text of only zero-width characters ("Text has zero width"). One guard where every text is drawn holds for all of
them, present and future: ``drawable`` makes a text the font can always take (a lone surrogate becomes "?", controls
and zero-width formats are left out, the length is bounded), and a text that is still empty of width draws as empty.
"""

from __future__ import annotations

import unicodedata
from typing import Any

import pygame

MAX_DRAWN = 1000  # characters drawn of one text: no line on any screen holds more
_LEFT_OUT = frozenset({"Cc", "Cf", "Zl", "Zp"})  # controls and formats: nothing to draw, and some make SDL_ttf fail


def drawable(text: object) -> str:
    """`text` as the font can always draw it: what it shows is kept, what would fail is replaced or left out."""
    if not isinstance(text, str):
        text = str(text)
    text = text[:MAX_DRAWN]
    if text.isascii() and text.isprintable():
        return text  # nearly every text drawn: nothing to look at
    text = text.encode("utf-8", "replace").decode("utf-8")  # a lone surrogate becomes "?": never an encode error
    return "".join(" " if ch == "\n" else ch for ch in text if ch == "\n" or unicodedata.category(ch) not in _LEFT_OUT)


class SafeFont(pygame.font.Font):
    """A ``pygame.font.Font`` whose ``size`` and ``render`` take any text (``drawable``)."""

    def size(self, text: Any, /) -> tuple[int, int]:
        return super().size(drawable(text))

    def render(self, text: Any, antialias: bool | Any, color: Any, bgcolor: Any = None,
               wraplength: int = 0) -> pygame.Surface:
        shown = drawable(text)
        if shown and super().size(shown)[0] == 0:
            shown = ""  # only characters of no width: SDL_ttf refuses them ("Text has zero width")
        return super().render(shown, antialias, color, bgcolor, wraplength)
