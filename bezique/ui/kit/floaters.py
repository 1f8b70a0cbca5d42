"""Scores rising into the score panel they belong to ("+40" over "Royal marriage"), one after another.

A score appears on free felt beside its panel (``spot``: the first place next to the panel that overlaps nothing
the caller must keep clear, such as cards, names and buttons), stays there long enough to be read, then flies into
the panel's score, shrinking and fading as it lands. Several scores for one panel at once (the end of a deal scores
the last trick and the brisques together; at the Instant speed a whole trick's scores come in one frame) would lie
on top of each other: each waits until the one before it has started its flight (``new_floater``). The table adds
and ages them; ``floater_size`` and ``draw_floater`` measure and draw one with the same type sizes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from bezique.geometry import Box
from bezique.ui.kit import easing
from bezique.ui.kit.assets import CREAM, Assets
from bezique.ui.kit.layers import kept

HOLD = 0.62  # the share of a score's life it stays on its spot before it flies into the panel
LANDED = 0.8  # the share of its flight after which it has faded out, just short of the panel's figures
POINTS_SIZE, LABEL_SIZE, INLINE_SIZE, PAD = 30, 17, 21, 8  # type sizes and padding at scale 1


@dataclass
class Floater:
    """A score `text` (with its name, `label`, on a line under it) shown at (`x`, `y`) and flying into `target`
    (None: it stays). It shows once `age` has reached 0: a score waiting for the one before it at the same
    `anchor` (its panel) starts with a negative age."""

    text: str
    x: float
    y: float
    colour: tuple[int, int, int]
    age: float = 0.0
    life: float = 1.8
    label: str = ""
    target: tuple[float, float] | None = None
    anchor: tuple[float, float] | None = None
    inline: bool = False  # points and name on one smaller line (inside a panel: no free felt beside it)

    @property
    def shown(self) -> bool:
        return self.age >= 0.0

    def where(self) -> tuple[float, float, float, int]:
        """Where it is drawn now: centre x, centre y, a scale and an alpha (0–255)."""
        t = easing.clamp01(self.age / max(self.life, 1e-6))
        if t < HOLD or self.target is None:
            pop = 1.0 + 0.18 * max(0.0, 1.0 - t / 0.12)  # a little larger as it appears
            fade = 1.0 if self.target is not None or t < 0.8 else 1.0 - (t - 0.8) / 0.2
            return self.x, self.y, pop, round(255 * fade)
        u = easing.in_out_cubic((t - HOLD) / (1.0 - HOLD))
        tx, ty = self.target
        # gone before it reaches the figures it is about to change: a pill fading over the digits hid them
        fade = max(0.0, 1.0 - u / LANDED) ** 1.5
        return self.x + (tx - self.x) * u, self.y + (ty - self.y) * u, 1.0 - 0.55 * u, round(255 * fade)


def spot(panel: Box, size: tuple[float, float], clear: Sequence[Box], window: tuple[float, float],
         gap: float) -> tuple[float, float] | None:
    """The centre of a `size` (w, h) box beside `panel` (above, below, right or left of it, `gap` away) that stays in
    the `window` and overlaps none of the `clear` boxes; None when no side is free."""
    w, h = size
    ww, wh = window
    candidates = (
        (panel.cx, panel.y - gap - h / 2), (panel.cx, panel.bottom + gap + h / 2),
        (panel.right + gap + w / 2, panel.cy), (panel.x - gap - w / 2, panel.cy),
    )
    for cx, cy in candidates:
        cx = min(max(cx, w / 2 + gap), ww - w / 2 - gap)  # slid along the panel to stay in the window
        box = Box(cx - w / 2, cy - h / 2, w, h)
        inside = box.x >= 0 and box.y >= 0 and box.right <= ww and box.bottom <= wh
        if inside and not box.intersects(panel) and not any(box.intersects(c) for c in clear):
            return cx, cy
    return None


def new_floater(live: Sequence[Floater], text: str, label: str, at: tuple[float, float],
                target: tuple[float, float] | None, colour: tuple[int, int, int], life: float,
                inline: bool = False) -> Floater:
    """A score shown at `at` and landing on `target` (None: fading where it is), waiting for the scores already
    at `at` to leave it."""
    wait = max((f.life * HOLD - f.age for f in live if f.anchor == at), default=0.0)
    return Floater(text, at[0], at[1], colour, age=-max(wait, 0.0), life=life, label=label, target=target,
                   anchor=at, inline=inline)


def _lines(assets: Assets, text: str, label: str, s: float, scale: float, colour: tuple[int, int, int],
           inline: bool) -> tuple[pygame.Surface, pygame.Surface | None]:
    if inline:
        line = f"{text}  {label}" if label else text
        return assets.text(line, max(6, int(INLINE_SIZE * s * scale)), colour, True, True), None
    big = assets.text(text, max(6, int(POINTS_SIZE * s * scale)), colour, True, True)
    small = assets.text(label, max(6, int(LABEL_SIZE * s * scale)), CREAM, True, True) if label else None
    return big, small


def floater_size(assets: Assets, text: str, label: str, s: float, inline: bool = False) -> tuple[float, float]:
    """The box a score takes at its largest (as it appears): its points over its name (or beside it, `inline`),
    with a margin."""
    big, small = _lines(assets, text, label, s, 1.18, CREAM, inline)
    w = max(big.get_width(), small.get_width() if small else 0) + 2 * PAD * s
    return w, big.get_height() + (small.get_height() if small else 0) + PAD * s


def draw_floater(surface: pygame.Surface, assets: Assets, f: Floater, s: float) -> None:
    """One score where it is now, on a soft dark pill so it reads on the felt and on a panel alike."""
    if not f.shown:  # waiting for the score before it at the same panel
        return
    x, y, scale, alpha = f.where()
    big, small = _lines(assets, f.text, f.label, s, scale, f.colour, f.inline)
    w = max(big.get_width(), small.get_width() if small else 0)
    h = big.get_height() + (small.get_height() if small else 0)

    def make(pill: pygame.Surface) -> None:
        pygame.draw.rect(pill, (0, 0, 0, 120), pill.get_rect(), border_radius=round(12 * s * scale))
        pill.blit(big, big.get_rect(midtop=(pill.get_width() // 2, round(PAD * s * scale / 2))))
        if small is not None:
            pill.blit(small, small.get_rect(midtop=(pill.get_width() // 2,
                                                    round(PAD * s * scale / 2) + big.get_height())))

    # the same pill every frame while it holds still (made once), a new one only while it pops or lands
    size = (round(w + 2 * PAD * s * scale), round(h + PAD * s * scale))
    pill = kept(("floater", big, small, s, scale), size, make)
    pill.set_alpha(alpha)  # set each time: the kept pill is shared by every frame that shows it
    surface.blit(pill, pill.get_rect(center=(round(x), round(y))))
