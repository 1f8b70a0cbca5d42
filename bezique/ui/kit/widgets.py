"""Small drawing helpers shared by the scenes: panels, buttons, progress bars, text placement."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Hashable
from dataclasses import dataclass
from typing import NamedTuple

import pygame

from bezique.geometry import Box
from bezique.type_scale import FONT_SCALE, MIN_TEXT_PX
from bezique.ui.kit.assets import (
    BAR_BG,
    CREAM,
    GOLD,
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    Assets,
)
from bezique.ui.kit.drawn import cover, record_cut, record_text
from bezique.ui.kit.layers import rounded

ONE_PX = 1 / FONT_SCALE  # one pixel of drawn text, in the size units the scenes give
LABEL_LEADING = 1.0  # the line step of a two-line button label, in font pixels (tighter than running text)
CAP_HEIGHT = 0.66  # a capital's height in Source Sans, as a share of the pixel size
LABEL_GIVE = 0.1  # how much smaller a label may be drawn to stay on one line (a tenth: not seen as shrinking)

_panel_cache: dict[Hashable, pygame.Surface] = {}


def panel(surface: pygame.Surface, box: Box, alpha: int = 200, edge: tuple[int, int, int] = PANEL_EDGE,
          fill: tuple[int, int, int] = PANEL, radius: float = 0.0, edge_width: int = 2) -> None:
    """A translucent rounded panel with a thin gold edge and a soft drop shadow (cached per size)."""
    x, y, w, h = box.ints()
    if w <= 4 or h <= 4:
        return
    r = int(radius or min(14, h // 4))
    key = (w, h, alpha, edge, fill, r, edge_width)
    surf = _panel_cache.get(key)
    if surf is None:
        pad = 8
        surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
        shadow = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 110), (pad + 2, pad + 4, w, h), border_radius=r)
        shadow = pygame.transform.smoothscale(pygame.transform.smoothscale(shadow, ((w + 2 * pad) // 4 or 1,
                                                                                     (h + 2 * pad) // 4 or 1)),
                                              shadow.get_size())
        surf.blit(shadow, (0, 0))
        pygame.draw.rect(surf, (*fill, alpha), (pad, pad, w, h), border_radius=r)
        if edge_width:
            pygame.draw.rect(surf, (*edge, 235), (pad, pad, w, h), width=edge_width, border_radius=r)
        if len(_panel_cache) > 200:
            _panel_cache.clear()
        _panel_cache[key] = surf
    surface.blit(surf, (x - 8, y - 8))


def progress_bar(surface: pygame.Surface, box: Box, fraction: float, colour: tuple[int, int, int]) -> None:
    x, y, w, h = box.ints()
    r = max(2, h // 2)
    pygame.draw.rect(surface, BAR_BG, (x, y, w, h), border_radius=r)
    fw = round(w * max(0.0, min(1.0, fraction)))
    if fw > 0:
        pygame.draw.rect(surface, colour, (x, y, max(fw, h), h), border_radius=r)
        hi = tuple(min(255, c + 40) for c in colour)
        pygame.draw.rect(surface, hi, (x + 2, y + 1, max(fw - 4, 1), max(1, h // 3)), border_radius=r)
    pygame.draw.rect(surface, (0, 0, 0), (x, y, w, h), width=1, border_radius=r)


def blit_text(surface: pygame.Surface, assets: Assets, text: str, size: float, pos: tuple[float, float],
              colour: tuple[int, int, int] = CREAM, anchor: str = "topleft", bold: bool = False,
              shadow: bool = False, max_width: float | None = None, within: Box | None = None,
              readable_whole: bool = False) -> pygame.Rect:
    """Draw one line of text anchored at `pos` (any pygame.Rect anchor name). Given `max_width`, it is fitted by
    ``fit_text`` (a tenth smaller at most, else cut with "…"). The frame's record (``drawn``) gets its box and the
    box it belongs in (`within`, else the `max_width` span at its anchor); `readable_whole` says the screen offers a
    cut text whole elsewhere (a tooltip)."""
    whole = text
    if max_width is not None:
        fitted = fit_text(assets, text, size, max_width, bold=bold)
        text, size = fitted.lines[0], fitted.size
    surf = assets.text(text, size, colour, bold, shadow)
    rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(surf, rect)
    if within is None and max_width is not None:
        left = {"left": rect.x, "center": rect.centerx - max_width / 2, "right": rect.right - max_width}
        within = Box(left[_side(anchor)], rect.y, max_width, rect.h)
    clip = surface.get_clip()
    if clip.contains(rect):
        record_text(whole, text, Box(*rect), within, assets.px(size), readable_whole)
    elif clip.colliderect(rect):  # a scrolled list's line at its edge: what shows of it
        record_text(whole, text, Box(*rect.clip(clip)), None, assets.px(size), readable_whole)
    return rect


def _side(anchor: str) -> str:
    """Which side of a text an anchor name holds it by: "left", "center" or "right"."""
    return "left" if "left" in anchor else "right" if "right" in anchor else "center"


class Fitted(NamedTuple):
    """How a text fills its box: its lines, the size they are drawn at, and whether the text had to be cut."""

    lines: list[str]
    size: float
    cut: bool


def fit_text(assets: Assets, text: str, size: float, width: float, height: float | None = None,
             bold: bool = False, leading: float = 1.0, give: bool = True) -> Fitted:
    """The one way words are fitted to a box `width` wide (and `height` tall: None is one line), so that no box
    picks its own smaller face.

    On one line at `size` if it fits, or (`give`: a label) up to ``LABEL_GIVE`` smaller (no one sees a tenth); else
    wrapped onto as many lines as the box holds at `size` (each `leading` x the pixel size apart); only then
    smaller, a pixel at a time down to the minimum readable size (wrapping again at each); and at that size cut
    with "…" at the end of the last line the box holds (a layout that gives too little room must not spill over:
    the fit audit reports every cut)."""
    if give:  # a label: a tenth smaller is not seen (running text in a box of several lines wraps instead)
        near = size
        while assets.font(near, bold).size(text)[0] > width:
            if assets.px(near) <= max(MIN_TEXT_PX, assets.px(size) * (1 - LABEL_GIVE)):
                break
            near -= ONE_PX
        else:
            return Fitted([text], near, False)
    while True:
        if assets.font(size, bold).size(text)[0] <= width:
            return Fitted([text], size, False)
        rows = 1 if height is None else max(1, int(height // (assets.px(size) * leading)))
        if rows > 1:
            lines = wrap(assets, text, size, width, bold)
            font = assets.font(size, bold)
            if len(lines) <= rows and all(font.size(line)[0] <= width for line in lines):
                return Fitted(lines, size, False)
        if assets.px(size) <= MIN_TEXT_PX:
            return Fitted(cut_lines(assets, text, size, width, rows, bold), size, True)
        size -= ONE_PX


def cut_lines(assets: Assets, text: str, size: float, width: float, rows: int, bold: bool = False) -> list[str]:
    """`text` on at most `rows` lines of `width`, the last ended with "…" where the rest no longer fits: the kit's
    one cut (``fit_text``'s last resort, and a chat toast's second row)."""
    font = assets.font(size, bold)
    lines = wrap(assets, text, size, width, bold) if rows > 1 else [text]
    lines = lines[:rows]
    last = lines[-1]
    while len(last) > 1 and font.size(last + "…")[0] > width:
        last = last[:-1].rstrip()
    return [*lines[:-1], last + "…"]


def fit_line(assets: Assets, text: str, size: float, width: float, bold: bool = False) -> tuple[str, float]:
    """`text` on one line within `width` and the size to draw it at (``fit_text``)."""
    fitted = fit_text(assets, text, size, width, bold=bold)
    return fitted.lines[0], fitted.size


def label_lines(assets: Assets, text: str, size: float, box: tuple[float, float], bold: bool = False) \
        -> tuple[list[str], float]:
    """How a label fills a `box` (width, height): ``fit_text`` with the tighter leading of a label, so that a long
    label wraps onto two lines before it visibly shrinks."""
    fitted = fit_text(assets, text, size, box[0], box[1], bold, LABEL_LEADING)
    return fitted.lines, fitted.size


def draw_fitted(surface: pygame.Surface, assets: Assets, text: str, size: float, box: Box,
                colour: tuple[int, int, int] = CREAM, align: str = "left", bold: bool = False,
                leading: float = 1.0, shadow: bool = False) -> list[pygame.Rect]:
    """`text` fitted into `box` (``fit_text``) and drawn line under line from its top, `leading` times the font's
    line height apart, aligned "left", "center" or "right" (`shadow`: each line over its shadow, on the felt),
    each line recorded as belonging in `box`; returns the lines' rects."""
    spacing = assets.font(size, bold).get_linesize() * leading / assets.px(size)  # in pixel sizes, as fit_text
    fitted = fit_text(assets, text, size, box.w, box.h, bold, spacing, give=False)
    step = assets.font(fitted.size, bold).get_linesize() * leading
    x = {"left": box.x, "center": box.cx, "right": box.right}[align]
    anchor = {"left": "topleft", "center": "midtop", "right": "topright"}[align]
    rects = []
    for i, line in enumerate(fitted.lines):
        rect = blit_text(surface, assets, line, fitted.size, (x, box.y + i * step), colour, anchor, bold,
                         shadow=shadow, within=box)
        rects.append(rect)
    if fitted.cut:
        record_cut(text, box)
    return rects


def pill_text(surface: pygame.Surface, assets: Assets, text: str, size: float, centre: tuple[float, float],
              max_width: float, colour: tuple[int, int, int] = CREAM, back: tuple[int, int, int, int] = (0, 0, 0, 150),
              bold: bool = True, pad: tuple[float, float] = (6.0, 2.0), readable_whole: bool = False,
              shadow: bool = False, fill: tuple[int, int, int] | None = None) -> pygame.Rect:
    """One line on a rounded pill centred on `centre` (a name on a trick's card, a meld's caption, the prompt, the
    dealer's token), the pill no wider than `max_width`: the words fitted inside it by ``fit_text`` and recorded
    like any text, so a name cut on its pill is seen by the audit (``readable_whole``: the screen says it whole
    elsewhere). `pad`: the pill's room beside and above its letters, in pixels; `fill` draws it opaque with a
    hairline edge in `back`'s colour instead of translucent. Returns the pill's rect."""
    inner = max(1.0, max_width - 2 * pad[0])
    fitted = fit_text(assets, text, size, inner, bold=bold)
    w, h = assets.font(fitted.size, bold).size(fitted.lines[0])
    rect = pygame.Rect(0, 0, round(w + 2 * pad[0]), round(h + 2 * pad[1]))
    rect.center = (round(centre[0]), round(centre[1]))
    if fill is None:
        surface.blit(rounded(rect.size, back, rect.h // 2), rect)
    else:
        pygame.draw.rect(surface, fill, rect, border_radius=rect.h // 2)
        pygame.draw.rect(surface, back[:3], rect, width=1, border_radius=rect.h // 2)
    blit_text(surface, assets, text, size, rect.center, colour, "center", bold, shadow, max_width=inner,
              readable_whole=readable_whole)
    return rect


@dataclass
class Button:
    """A clickable label. ``enabled`` greys it out; ``hot`` draws it highlighted (hover)."""

    box: Box
    label: str
    action: str
    enabled: bool = True
    primary: bool = False
    text_size: float = 24  # at scale 1

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.box.contains(*pos)

    def draw(self, surface: pygame.Surface, assets: Assets, s: float, hot: bool = False) -> None:
        if self.primary and self.enabled:
            fill, edge, colour = ((250, 206, 108) if hot else GOLD), (255, 240, 200), INK
        elif self.enabled:
            fill, edge, colour = ((40, 92, 66) if hot else (22, 60, 44)), PANEL_EDGE, CREAM
        else:
            fill, edge, colour = (24, 44, 36), (90, 100, 90), MUTED
        panel(surface, self.box, alpha=235, edge=edge, fill=fill, radius=min(10, self.box.h / 3))
        fitted = fit_text(assets, self.label, self.text_size * s, self.box.w - 12 * s, self.box.h - 4 * s,
                          self.primary, LABEL_LEADING)
        step = assets.px(fitted.size) * LABEL_LEADING
        font = assets.font(fitted.size, self.primary)
        # the letters' middle (half a capital's height above the baseline) on the box's middle: the line box's
        # middle lies lower, in the descenders' room, so a label centred by it sat on the box's bottom edge
        lift = font.get_ascent() - CAP_HEIGHT * assets.px(fitted.size) / 2 - font.get_height() / 2
        for i, line in enumerate(fitted.lines):
            y = self.box.cy - lift + (i - (len(fitted.lines) - 1) / 2) * step
            blit_text(surface, assets, line, fitted.size, (self.box.cx, y), colour, "center", bold=self.primary,
                      within=self.box)
        if fitted.cut:
            record_cut(self.label, self.box)


def one_label_size(assets: Assets, buttons: list[Button], s: float) -> list[Button]:
    """`buttons` (a grid of them: the table's Hint, Menu, Undo and Score log) with one label size, the largest at
    which every label fits its box: a grid whose labels came in two sizes ("Suggerimento" shrunk beside "Menu")
    read as broken."""
    if not buttons:
        return buttons
    size = min(fit_text(assets, b.label, b.text_size * s, b.box.w - 12 * s, b.box.h - 4 * s, b.primary,
                        LABEL_LEADING).size for b in buttons)
    return [dataclasses.replace(b, text_size=size / s) for b in buttons]


def tooltip(surface: pygame.Surface, assets: Assets, text: str, anchor: Box, s: float, right: float) -> Box:
    """A short note in a box just above `anchor` (a button), wrapped to a few lines and kept left of `right`;
    returns where it went."""
    size = int(18 * s)
    lines = wrap(assets, text, size, 330 * s)
    line_h = assets.font(size).get_linesize()
    w = max(assets.font(size).size(line)[0] for line in lines) + 20 * s
    h = line_h * len(lines) + 14 * s
    box = Box(min(anchor.x, right - w), anchor.y - h - 8 * s, w, h)
    panel(surface, box, alpha=250, edge=GOLD, fill=(30, 36, 30), edge_width=1)
    for i, line in enumerate(lines):
        blit_text(surface, assets, line, size, (box.x + 10 * s, box.y + 7 * s + i * line_h), CREAM)
    return box


def button_at(buttons: list[Button], pos: tuple[int, int]) -> Button | None:
    for button in buttons:
        if button.hit(pos):
            return button
    return None


def back_button(size: tuple[int, int], label: str) -> Button:
    """The wide "Back" button centred at the foot of a full-page scene (how to play, statistics)."""
    w, h = size
    s = scale_of(size)
    return Button(Box(w / 2 - 130 * s, h - 74 * s, 260 * s, 50 * s), label, "back", primary=True)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything drawn so far (behind an overlay)."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, (0, 0))
    cover()  # what was drawn so far lies under what comes next (the frame's record)


def scale_of(size: tuple[int, int]) -> float:
    return min(size[0] / 1280, size[1] / 720)


class ButtonColumn:
    """A column of buttons driven by the mouse (hover, click) and the keyboard (arrows, Enter): menus, pause,
    questions. Its focus is its one highlight."""

    def __init__(self) -> None:
        self.focus = 0
        self.mouse_used = False

    def handle(self, event: pygame.event.Event, buttons: list[Button]) -> str | None:
        """The action chosen by `event`, if any; moves the focus on arrows and hover."""
        enabled = [i for i, b in enumerate(buttons) if b.enabled]
        if not enabled:
            return None
        if self.focus not in enabled:
            self.focus = enabled[0]
        if event.type == pygame.MOUSEMOTION:
            hit = next((i for i, b in enumerate(buttons) if b.hit(event.pos)), None)
            if hit is not None:
                self.focus = hit
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((i for i, b in enumerate(buttons) if b.hit(event.pos)), None)
            if hit is not None:
                self.focus = hit
                return buttons[hit].action
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_TAB):
                self.focus = enabled[(enabled.index(self.focus) + 1) % len(enabled)]
            elif event.key == pygame.K_UP:
                self.focus = enabled[(enabled.index(self.focus) - 1) % len(enabled)]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return buttons[self.focus].action
        return None

    def draw(self, surface: pygame.Surface, assets: Assets, s: float, buttons: list[Button]) -> None:
        """The buttons with one highlight: the focused one is drawn gold (as the primary), the others plain, so a
        column never shows its default in gold beside the focus (as it did on coming back from Settings)."""
        for i, b in enumerate(buttons):
            focused = i == self.focus and b.enabled
            dataclasses.replace(b, primary=focused).draw(surface, assets, s, hot=focused)
            if focused:
                x, y, w, h = b.box.ints()
                pygame.draw.rect(surface, (255, 240, 200), (x - 3, y - 3, w + 6, h + 6), width=2,
                                 border_radius=int(min(12, h / 3 + 3)))


def wrap(assets: Assets, text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """`text` broken into lines no wider than `width` at font `size`, at plain spaces only: a no-break space (French
    typography's, before a colon) keeps its two sides on one line."""
    font = assets.font(size, bold)
    lines: list[str] = []
    line = ""
    for word in re.split(r"[ \t\n\r\f\v]+", text.strip()) if text.strip() else []:
        test = f"{line} {word}" if line else word
        if line and font.size(test)[0] > width:
            lines.append(line)
            line = word
        else:
            line = test
    if line:
        lines.append(line)
    return lines
