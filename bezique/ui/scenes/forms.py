"""What the New game and House rules screens share: the felt behind them, and rows of option chips that flow
onto as many lines as their words need (so a longer language wraps instead of shrinking the text)."""

from __future__ import annotations

import pygame

from bezique.presenter.layout import Box
from bezique.ui.kit.assets import GOLD
from bezique.ui.kit.widgets import Button, blit_text, scale_of
from bezique.ui.scene import Scene

CHIP_H = 36  # a chip's height at scale 1
CHIP_TEXT = 19


def draw_backdrop(scene: Scene, surface: pygame.Surface, title: str) -> float:
    """Felt, a fan of cards in the corner and the scene's title; returns the scale."""
    A = scene.app.assets
    w, h = surface.get_size()
    s = scale_of((w, h))
    surface.blit(A.felt((w, h)), (0, 0))
    blit_text(surface, A, title, 56 * s, (w / 2, 22 * s), GOLD, "midtop", bold=True, shadow=True)
    return s


def flow_chips(scene: Scene, chips: list[tuple[str, str, bool]], x0: float, y: float, right: float, s: float,
               height: float = CHIP_H, min_width: float = 90) -> list[Button]:
    """Buttons for (label, action, lit), left to right from `x0`, each as wide as its words, onto a new line
    whenever the next would pass `right`."""
    out: list[Button] = []
    x = x0
    for label, action, lit in chips:
        w = max(min_width * s, scene.app.assets.text(label, int(CHIP_TEXT * s)).get_width() + 28 * s)
        w = min(w, right - x0)
        if x + w > right and x > x0:
            x, y = x0, y + (height + 6) * s
        out.append(Button(Box(x, y, w, height * s), label, action, primary=lit, text_size=CHIP_TEXT))
        x += w + 8 * s
    return out
