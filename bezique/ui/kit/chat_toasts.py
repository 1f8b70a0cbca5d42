"""The closed chat's toasts: each new line shown for a few seconds beside the tab, two rows at most, fading out
(aged by the panel's ``update``, never by a clock). Apart from the open panel (``chat``): a toast is drawn from a
kept picture and cut to two rows, where the panel draws every row whole."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from bezique.ui.kit.assets import PANEL_EDGE, Assets
from bezique.ui.kit.chat_layout import GAP, PAD, TEXT, ChatLayout
from bezique.ui.kit.chat_rows import Row, Said, record_part, row_parts, said_rows
from bezique.ui.kit.layers import kept
from bezique.ui.kit.widgets import cut_lines

TOAST_LIFE, TOAST_FADE, TOASTS_SHOWN = 6.0, 1.2, 3  # seconds a toast shows, of which fading; toasts at once


@dataclass
class Toast:
    """A line shown beside the closed tab for ``TOAST_LIFE`` seconds, fading out over its last ``TOAST_FADE``."""

    said: Said
    age: float = 0.0

    @property
    def alpha(self) -> int:
        """How opaque it is now (0-255): quickly in, fully shown, then fading out."""
        left = TOAST_LIFE - self.age
        return max(0, min(255, round(255 * min(1.0, left / TOAST_FADE, self.age / 0.15 + 0.3))))


def toast_rows(assets: Assets, said: Said, s: float, width: float) -> list[Row]:
    """A toast's rows `width` wide at scale `s`: the line wrapped as in the panel, two rows at most (the second cut
    with "…")."""
    rows = said_rows(assets, said, TEXT * s, width)
    if len(rows) <= 2:
        return rows
    if rows[1].name:  # a name of two rows: the words are read in the open chat
        return [rows[0], rows[1]._replace(text="…")]
    last = cut_lines(assets, f"{rows[1].text} {rows[2].text}", TEXT * s, width, 1)[0]
    return [rows[0], Row("", last, said.colour, False)]


def draw_toasts(surface: pygame.Surface, assets: Assets, place: ChatLayout, toasts: Sequence[Toast]) -> None:
    """The `toasts` beside the tab, the newest nearest it, as many as the corner holds."""
    s, tab = place.s, place.tab_box
    y = tab.bottom + GAP * s if place.top else tab.y - GAP * s
    for toast in reversed(toasts):  # the newest nearest the tab
        picture = _toast_picture(assets, place, toast.said)
        picture.set_alpha(toast.alpha)  # set each time: the kept picture is shared by every frame showing it
        h = picture.get_height()
        top = y if place.top else y - h
        if top < place.area.y or top + h > place.area.bottom:
            break
        surface.blit(picture, (round(tab.x), round(top)))
        for row, at in _toast_places(assets, place, toast.said, (tab.x, top)):  # for the fit audit (``drawn``)
            for text, _colour, bold, (x, ty) in row_parts(assets, row, TEXT * s, at):
                record_part(assets, text, bold, TEXT * s, (x, ty), place.area,
                            toast.said.text if text.endswith("…") and not bold else None)
        y = top + h + 4 * s if place.top else top - 4 * s


def _toast_places(assets: Assets, place: ChatLayout, said: Said, at: tuple[float, float]) \
        -> list[tuple[Row, tuple[float, float]]]:
    """A toast's rows and where each starts, its picture's top left at `at`."""
    s, step = place.s, assets.font(TEXT * place.s).get_linesize()
    return [(row, (at[0] + PAD * s, at[1] + 6 * s + i * step))
            for i, row in enumerate(toast_rows(assets, said, s, place.area.w - 2 * PAD * s))]


def _toast_picture(assets: Assets, place: ChatLayout, said: Said) -> pygame.Surface:
    s, size = place.s, TEXT * place.s
    rows = toast_rows(assets, said, s, place.area.w - 2 * PAD * s)
    bold, font = assets.font(size, True), assets.font(size)
    widths = [(bold.size(r.name + " ")[0] if r.name else 0) + font.size(r.text)[0] for r in rows]
    step = font.get_linesize()
    w = round(min(place.area.w, max(widths) + 2 * PAD * s))
    h = round(step * len(rows) + 12 * s)

    def make(picture: pygame.Surface) -> None:
        pygame.draw.rect(picture, (10, 28, 20, 215), picture.get_rect(), border_radius=round(9 * s))
        pygame.draw.rect(picture, (*PANEL_EDGE, 160), picture.get_rect(), width=1, border_radius=round(9 * s))
        for row, at in _toast_places(assets, place, said, (0, 0)):
            for text, colour, is_bold, (x, y) in row_parts(assets, row, size, at):
                picture.blit(assets.text(text, size, colour, is_bold), (round(x), round(y)))

    return kept(("chat-toast", said, w, h, assets.px(size)), (w, h), make)
