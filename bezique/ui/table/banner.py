"""The table's problem banner (a save failing, a damaged file set aside): where it stands and what it says, worked
out once (``banner_plan``) for the drawing and for the click that closes it, so the click lands on what is drawn.

The first problem (and how many more) and how to close it (a click or the key X), each whole at the note's size.
The words the dismissal takes are measured first: beside the problem at the right when the problem still fits the
room left, else on a line of their own at the foot (a narrow window); the problem wraps onto as many lines as it
needs, and the panel is as tall as its lines, at the top of its room (``Layout.banner``), never less than its
one-line height.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

import pygame

from bezique.geometry import Box
from bezique.presenter.layout import Layout
from bezique.ui.kit.assets import CREAM, MUTED, Assets
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import Fitted, blit_text, draw_fitted, fit_text, panel


class BannerPlan(NamedTuple):
    """The banner as it is drawn: its panel, its words, their size and padding, and where the dismissal goes."""

    box: Box
    text: str
    size: float
    pad: float
    dismiss: str
    dismiss_w: float
    fitted: Fitted
    on_its_line: bool  # the dismissal on a line of its own at the foot (else beside the problem)


def banner_plan(A: Assets, t: Callable[..., str], L: Layout, problems: Sequence[str]) -> BannerPlan:
    """Where the banner of `problems` stands in layout `L` and how its words are laid out."""
    s, room = L.s, L.banner
    more = "  " + t("table.more_problems", count=len(problems) - 1) if len(problems) > 1 else ""
    text = problems[0] + more
    size, pad = Type.NOTE.at(s), max(6.0, 10 * s)  # a padding that stays visible in the smallest window
    dismiss = t("table.dismiss")
    font = A.font(size)
    dismiss_w, line = font.size(dismiss)[0], font.get_linesize()
    spacing = line / A.px(size)  # as ``draw_fitted`` spaces lines, in pixel sizes
    inner_w, inner_h = room.w - 2 * pad, room.h - 2 * pad
    beside = fit_text(A, text, size, inner_w - dismiss_w - 2 * pad, inner_h, leading=spacing, give=False)
    under = fit_text(A, text, size, inner_w, inner_h - line, leading=spacing, give=False)
    on_its_line = (beside.cut, -beside.size) > (under.cut, -under.size)  # the dismissal under: the problem larger
    fitted = under if on_its_line else beside
    tall = len(fitted.lines) * A.font(fitted.size).get_linesize()
    box = Box(room.x, room.y, room.w, min(room.h, max(44 * s, tall + (line if on_its_line else 0) + 2 * pad)))
    return BannerPlan(box, text, size, pad, dismiss, dismiss_w, fitted, on_its_line)


def draw_banner(surface: pygame.Surface, A: Assets, t: Callable[..., str], L: Layout, problems: Sequence[str]) -> None:
    plan = banner_plan(A, t, L, problems)
    box, size, pad = plan.box, plan.size, plan.pad
    inner_w = box.w - 2 * pad
    tall = len(plan.fitted.lines) * A.font(plan.fitted.size).get_linesize()
    panel(surface, box, alpha=240, edge=(240, 150, 110), fill=(70, 30, 24))
    if plan.on_its_line:
        blit_text(surface, A, plan.dismiss, size, (box.right - pad, box.bottom - pad), MUTED, "bottomright",
                  max_width=inner_w)
        words = Box(box.x + pad, box.y + pad, inner_w, tall)
    else:
        blit_text(surface, A, plan.dismiss, size, (box.right - pad, box.cy), MUTED, "midright",
                  max_width=plan.dismiss_w)
        words = Box(box.x + pad, box.cy - tall / 2, inner_w - plan.dismiss_w - 2 * pad, tall)  # centred
    # a pixel more than its lines take: the fit made above is found again, never cut by a rounding
    draw_fitted(surface, A, plan.text, size, words._replace(h=words.h + 1), CREAM)
