"""The window's one type scale: a few sizes, each with one job, that every screen and the table draw their words at.

Why: every screen once chose its own sizes (11 to 72 in a dozen steps), so one window showed the same kind of word
in three sizes and much of the table's information fell to the minimum at the first window sizes. A scene asks for a
role (``Type.BODY * s``, `s` the window's scale) and the kit's one fitting helper (``widgets.fit_text``) decides how
the words fill their box; no box picks its own smaller face.

The sizes are in the units ``Assets.px`` takes (those of pygame's old bundled font: x ``FONT_SCALE`` gives pixels at
the design's 1280x720), so a role multiplies by the window's scale like any size the scenes gave before. Every
size is drawn at least ``READABLE_PX`` high whatever the window: a role is a floor as well as a step.
"""

from __future__ import annotations

from enum import IntEnum

from bezique.ui.kit.assets import FONT_SCALE, MIN_TEXT_PX

READABLE_PX = MIN_TEXT_PX  # the least pixel size any text is drawn at (``text_px`` holds every size to it)


class Type(IntEnum):
    """A role in the type scale and its size at scale 1 (``Assets.px`` units; pixels at 1280x720 in brackets)."""

    NOTE = 18  # (14) a secondary line: a caption, a hint of keys, a count
    BODY = 21  # (17) running text, a row's words, a name, a score's label
    LABEL = 24  # (19) a button's label, an emphasised value
    HEADING = 30  # (24) a panel's or a page's heading
    TITLE = 40  # (32) a big figure, a result's headline
    DISPLAY = 56  # (45) a screen's title

    def at(self, s: float) -> float:
        """The size to draw this role at in a window of scale `s` (``widgets.scale_of``)."""
        return self.value * s

    @property
    def px(self) -> int:
        """Its pixel size at the design's scale and the normal text size."""
        return max(READABLE_PX, round(self.value * FONT_SCALE))
