"""The kit's one text-fitting helper (``fit_text``), its type scale, and the frame's record of what was drawn where
(``drawn``), which the fit audit judges."""

from __future__ import annotations

import pygame

from bezique.geometry import Box
from bezique.type_scale import MIN_TEXT_PX
from bezique.ui.card_art import CARD_ART
from bezique.ui.kit import drawn
from bezique.ui.kit.assets import Assets
from bezique.ui.kit.typeset import READABLE_PX, Type
from bezique.ui.kit.widgets import Button, blit_text, dim, draw_fitted, fit_text


def assets() -> Assets:
    pygame.display.init()
    pygame.font.init()
    return Assets(CARD_ART)


def test_the_type_scale_is_a_few_ordered_sizes_none_below_the_readable_minimum() -> None:
    sizes = [role.value for role in Type]
    assert sizes == sorted(sizes) and len(sizes) <= 7
    assert READABLE_PX == MIN_TEXT_PX and all(role.px >= READABLE_PX for role in Type)
    assert Type.BODY.at(0.5) == Type.BODY.value / 2


def test_a_text_that_fits_is_kept_whole_at_its_size() -> None:
    a = assets()
    fitted = fit_text(a, "Draw", Type.LABEL, 400)
    assert fitted == (["Draw"], Type.LABEL, False)


def test_a_long_text_wraps_before_it_shrinks_and_is_cut_only_without_room() -> None:
    a = assets()
    text = "The turn-up is the seven: there is nothing to exchange"
    width = a.font(Type.BODY).size(text)[0] * 0.6
    wrapped = fit_text(a, text, Type.BODY, width, height=a.px(Type.BODY) * 3)
    assert not wrapped.cut and len(wrapped.lines) == 2 and wrapped.size == Type.BODY
    assert " ".join(wrapped.lines) == text
    one = fit_text(a, text, Type.BODY, width)  # one line only: smaller down to the minimum, then cut
    assert one.cut and one.lines[0].endswith("…") and a.px(one.size) == MIN_TEXT_PX


def test_a_frame_records_each_text_its_box_and_what_it_belongs_in() -> None:
    a = assets()
    surface = pygame.Surface((400, 300))
    with drawn.recording() as frame:
        blit_text(surface, a, "Score", Type.BODY, (10, 10))
        blit_text(surface, a, "A very long line that cannot fit", Type.BODY, (10, 40), max_width=60)
        Button(Box(10, 100, 200, 40), "Start", "start").draw(surface, a, 1.0)
        dim(surface)
        draw_fitted(surface, a, "Paused " * 30, Type.BODY, Box(10, 200, 120, 40))
    first, cut, label, *notes = frame.texts
    assert first.whole == first.drawn == "Score" and first.within is None and first.layer == 0
    assert cut.cut and cut.within is not None and cut.within.w == 60
    assert label.within == Box(10, 100, 200, 40) and not label.cut
    assert notes and all(n.layer == 1 and n.within == Box(10, 200, 120, 40) for n in notes)  # over the dimming
    assert frame.cuts == [("Paused " * 30, Box(10, 200, 120, 40))]
    blit_text(surface, a, "not recorded", Type.BODY, (0, 0))  # outside a recording: nothing kept
    assert len(frame.texts) == 3 + len(notes)
