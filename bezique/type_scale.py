"""The window's one type scale as numbers: the roles' sizes, the text-size setting's factors, the readable
minimum, and how tall a line of a role stands, with no pygame in sight.

Why here and not in the kit: the table's layout (``presenter.layout``, pure geometry) has to give each line of
words the room it takes at the player's text size (a status panel of three lines, the won tricks' heading, the
prompt, the names on a trick), so the sizes the kit draws at and the room the layout leaves are one fact, read by
both. The kit's ``typeset.Type`` is this enum; ``kit.assets`` takes the factors and the minimum from here.
"""

from __future__ import annotations

from enum import IntEnum

# Sizes across the window are given in the units of pygame's old bundled font (which drew a size-24 request at
# 16.5 px); the bundled face at 0.8 of the request has the same capital height and runs a little narrower.
FONT_SCALE = 0.8
MIN_TEXT_PX = 13  # the smallest text drawn anywhere, in pixels: below it Source Sans stops being readable
READABLE_PX = MIN_TEXT_PX  # the least pixel size any text is drawn at (``text_px`` holds every size to it)
# the text_size setting: every size a screen asks for is multiplied by its factor here, in one place (``Assets.px``)
TEXT_SCALES = {"small": 0.88, "normal": 1.0, "large": 1.15, "larger": 1.3}
LINE_SPACING = 1.28  # the bundled face's line height over its pixel size (Source Sans: 17 at 13 px, 41 at 32 px)


def text_px(size: float, scale: float = 1.0) -> int:
    """The pixel size of the font drawn for a requested `size` (old-font units) at the text size `scale`
    (``TEXT_SCALES``), never below ``MIN_TEXT_PX``."""
    return max(MIN_TEXT_PX, round(size * FONT_SCALE * scale))


class Type(IntEnum):
    """A role in the type scale and its size at scale 1 (``Assets.px`` units; pixels at 1280x720 in brackets).

    Why: every screen once chose its own sizes (11 to 72 in a dozen steps), so one window showed the same kind of
    word in three sizes and much of the table's information fell to the minimum at the first window sizes. A scene
    asks for a role (``Type.BODY * s``, `s` the window's scale) and the kit's one fitting helper
    (``widgets.fit_text``) decides how the words fill their box; no box picks its own smaller face."""

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
        return text_px(self.value)

    def line(self, s: float, text_scale: float = 1.0) -> float:
        """How tall one line of this role stands, in pixels, in a window of scale `s` at the text size
        `text_scale`: the room a layout leaves it (the face's line height, as ``font.get_linesize`` gives it)."""
        return text_px(self.value * s, text_scale) * LINE_SPACING
