"""Where the chat's parts go in the corner the table gives it: the tab, the open panel over it (or under it, in a
top corner), the panel's header, its lines and its line to type in — the chat's geometry, apart from its state
and its drawing (``chat``) so that each is read, and changed, on its own.

Sizes are at scale 1 (``scale_of``) and grow with the window's scale; the type is the window's scale's (``Type``).
"""

from __future__ import annotations

from bezique.geometry import Box
from bezique.ui.kit.assets import Assets
from bezique.ui.kit.typeset import Type

# the corner, the tab, the gaps
WIDTH, HEIGHT = 380, 300
TAB_W, TAB_H, GAP, PAD = 124, 36, 8, 12  # TAB_W: the narrowest the tab is
HEADER_H, INPUT_H, LINE_GAP = 34, 38, 4  # HEADER_H: the least the header takes; LINE_GAP: between two lines said
TEXT, TITLE, HINT = Type.NOTE, Type.BODY, Type.NOTE  # the lines said and the draft, the title, the hint and counts


def chat_size(s: float) -> tuple[float, float]:
    """The corner a chat takes at scale `s` (``scale_of``): hand it to ``layout`` at the place the table chooses."""
    return WIDTH * s, HEIGHT * s


class ChatLayout:
    """The chat's boxes in its corner at its scale, as the tab and the header were last drawn (the tab as wide as
    its label, the header as tall as its hint's rows)."""

    def __init__(self) -> None:
        self.s = 1.0
        self.area = Box(0, 0, WIDTH, HEIGHT)
        self.top = False
        self._tab_w = 0.0  # the tab's width as last drawn (0: not drawn yet)
        self._header_h = HEADER_H * self.s  # as tall as its title and hint were last laid out (``header``)

    def layout(self, rect: Box, s: float, top: bool = False) -> None:
        """Place it in `rect`, the corner it may cover when open (``chat_size`` says how large), at scale `s`: the
        tab at the corner's foot, the panel above it; with `top`, the tab at its head and the panel below."""
        if s != self.s:
            self._tab_w = 0.0
            self._header_h = HEADER_H * s
        self.area, self.s, self.top = rect, s, top

    @property
    def tab_box(self) -> Box:
        """The tab, as wide as its label and its mark were last drawn (a click hits what the player sees)."""
        a, s = self.area, self.s
        return Box(a.x, a.y if self.top else a.bottom - TAB_H * s, min(self._tab_w or TAB_W * s, a.w), TAB_H * s)

    @property
    def sheet_box(self) -> Box:
        """The open panel: the corner less the tab and the gap beside it."""
        a, s = self.area, self.s
        cut = (TAB_H + GAP) * s
        return Box(a.x, a.y + cut if self.top else a.y, a.w, max(0.0, a.h - cut))

    @property
    def input_box(self) -> Box:
        """The line to type in, at the panel's foot."""
        sheet, s = self.sheet_box, self.s
        return Box(sheet.x + PAD * s, sheet.bottom - (PAD + INPUT_H) * s, sheet.w - 2 * PAD * s, INPUT_H * s)

    @property
    def text_box(self) -> Box:
        """Where the lines said are drawn: between the header and the input."""
        sheet, s = self.sheet_box, self.s
        y = sheet.y + self._header_h + 6 * s
        return Box(sheet.x + PAD * s, y, sheet.w - 2 * PAD * s, max(0.0, self.input_box.y - 8 * s - y))

    def header(self, assets: Assets, title: str, hint: str) -> tuple[float, list[str]]:
        """The header's height, and the hint's rows under the title (none: the hint fits beside it, where it would
        otherwise be cut): the title and the hint whole at their sizes, the hint broken between its keys."""
        s, width = self.s, self.sheet_box.w - 2 * PAD * self.s
        font = assets.font(HINT * s)
        if assets.font(TITLE * s, True).size(title)[0] + 12 * s + font.size(hint)[0] <= width:
            return HEADER_H * s, []
        rows: list[str] = []
        for part in hint.split(" · "):  # each key with what it does, side by side while they fit
            joined = f"{rows[-1]} · {part}" if rows else part
            if rows and font.size(joined)[0] <= width:
                rows[-1] = joined
            else:
                rows.append(part)
        tall = assets.font(TITLE * s, True).get_linesize() + len(rows) * font.get_linesize() + 6 * s
        return max(HEADER_H * s, tall), rows
