"""A short notice over whatever screen is open: something the player asked for could not be done from any screen
(F12 found no voice), shown for a few seconds at the window's top and gone by itself.

Aged by ``update`` (the window's frame time), never by a clock; its words are fitted into its panel
(``widgets.draw_fitted``), on two lines where one does not hold them.
"""

from __future__ import annotations

import pygame

from bezique.geometry import Box
from bezique.ui.kit.assets import CREAM, Assets
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import draw_fitted, panel, scale_of

NOTICE_SECONDS = 6.0  # long enough to read two lines, short enough not to stand in the way
WIDTH, TOP, PAD = 640, 16, 12  # the panel's width, its place and its inner margin at 1280x720


class WindowNotice:
    """The notice shown now ("" for none) and how long it has left."""

    def __init__(self) -> None:
        self.text = ""
        self.left = 0.0

    def show(self, text: str) -> None:
        self.text, self.left = text, NOTICE_SECONDS

    def update(self, dt: float) -> bool:
        """Age the notice; True while one shows (the window keeps drawing, and draws the frame it leaves)."""
        if not self.text:
            return False
        self.left -= dt
        if self.left <= 0:
            self.text = ""
        return True

    def draw(self, surface: pygame.Surface, assets: Assets) -> None:
        """The panel centred near the window's top, one line tall when the words fit on one, else two."""
        if not self.text:
            return
        w, _ = surface.get_size()
        s = scale_of(surface.get_size())
        size, pad = Type.LABEL * s, PAD * s
        width = min(WIDTH * s, w - 32 * s)
        lines = 1 if assets.font(size).size(self.text)[0] <= width - 2 * pad else 2
        words = Box((w - width) / 2 + pad, TOP * s + pad, width - 2 * pad, lines * assets.font(size).get_linesize())
        panel(surface, Box(words.x - pad, words.y - pad, width, words.h + 2 * pad), alpha=235)
        draw_fitted(surface, assets, self.text, size, words, CREAM, "center")
