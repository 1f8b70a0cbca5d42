"""The chat's lines in rows: a line said wrapped to a width (the sender's name first, in its colour), and a row
drawn and recorded for the fit audit — what the open panel and the toasts both draw, so that a line reads the same
in each.

Apart from the panel (``chat``) because wrapping is a job of its own, tested on its own (``wrap_words``), and
shared by the panel's rows and the toasts' (``chat_toasts``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import pygame

from bezique.geometry import Box
from bezique.ui.kit.assets import CREAM, Assets
from bezique.ui.kit.drawn import record_text

NAME_ROOM = 0.45  # the most of a row a name takes beside the words; a longer one has rows of its own


@dataclass(frozen=True)
class Said:
    """One line of the chat: who said it, what, whether this window's player did, and the colour of the name (gold
    for this window's player, another for each of the others)."""

    name: str
    text: str
    mine: bool
    colour: tuple[int, int, int]


class Row(NamedTuple):
    """One drawn row of a line: the sender's `name` (in its `colour`) on a line's first row ("" on the rows that
    continue it; a name too long to share its row with words has rows of its own, the words starting under it),
    and whether the row starts a line (a little space is left above it)."""

    name: str
    text: str
    colour: tuple[int, int, int]
    first: bool = True


def wrap_words(font: pygame.font.Font, text: str, first: float, width: float) -> list[str]:
    """`text` in rows no wider than `width` in `font`, the first no wider than `first` (it follows the sender's
    name). Rows break at spaces; a word wider than a whole row (a link, a long laugh) is cut wherever it must, so
    nothing a friend types runs out of the panel. Always one row at least (an empty one for an empty text)."""
    rows: list[str] = []
    row = ""
    for word in text.split():
        room = first if not rows else width
        joined = f"{row} {word}" if row else word
        if font.size(joined)[0] <= room:
            row = joined
            continue
        if row or font.size(word)[0] <= width:  # the row is full (or the name's row is too short for the word)
            rows.append(row)
            row = ""
            room = width
            if font.size(word)[0] <= room:
                row = word
                continue
        while font.size(word)[0] > room:  # a word no row holds: cut
            n = next((i for i in range(len(word) - 1, 0, -1) if font.size(word[:i])[0] <= room), 1)
            rows.append(word[:n])
            word, room = word[n:], width
        row = word
    return [*rows, row]


def said_rows(assets: Assets, said: Said, size: float, width: float) -> list[Row]:
    """A line in rows of `width` at type `size`: the name whole, the words after it on its row when it leaves them
    room (a long name has its own rows, broken as a long word is), never cut."""
    bold = assets.font(size, True)
    if bold.size(said.name + " ")[0] <= width * NAME_ROOM:
        first = width - bold.size(said.name + " ")[0]
        texts = wrap_words(assets.font(size), said.text, first, width)
        return [Row(said.name if i == 0 else "", text, said.colour, i == 0) for i, text in enumerate(texts)]
    names = wrap_words(bold, said.name, width, width)
    rows = [Row(part, "", said.colour, i == 0) for i, part in enumerate(names)]
    return rows + [Row("", text, said.colour, False) for text in wrap_words(assets.font(size), said.text,
                                                                             width, width)]


def row_parts(assets: Assets, row: Row, size: float, at: tuple[float, float]) \
        -> list[tuple[str, tuple[int, int, int], bool, tuple[float, float]]]:
    """What a row draws from `at`: its name in bold and its colour, then its words after a space; each part's text,
    colour, boldness and top left."""
    x, y = at
    parts: list[tuple[str, tuple[int, int, int], bool, tuple[float, float]]] = []
    if row.name:
        parts.append((row.name, row.colour, True, (x, y)))
        x += assets.font(size, True).size(row.name + " ")[0]
    if row.text:
        parts.append((row.text, CREAM, False, (x, y)))
    return parts


def blit_row(surface: pygame.Surface, assets: Assets, row: Row, size: float, at: tuple[float, float], alpha: int,
             within: Box) -> None:
    """One row from `at`, `alpha` opaque, each part recorded for the fit audit as belonging in `within`."""
    for text, colour, bold, (x, y) in row_parts(assets, row, size, at):
        picture = assets.text(text, size, colour, bold)
        if alpha < 255:
            picture = picture.copy()  # the text cache's surface is shared
            picture.set_alpha(alpha)
        surface.blit(picture, (round(x), round(y)))
        record_part(assets, text, bold, size, (x, y), within)


def record_part(assets: Assets, text: str, bold: bool, size: float, at: tuple[float, float], within: Box,
                whole: str | None = None) -> None:
    """A part of a row as drawn at `at`, for the fit audit (``drawn``); `whole`: the line it was cut from, which
    the open chat shows whole."""
    w, h = assets.font(size, bold).size(text)
    record_text(whole or text, text, Box(round(at[0]), round(at[1]), w, h), within, assets.px(size),
                readable_whole=whole is not None)
