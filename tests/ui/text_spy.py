"""Which texts a window draws: a spy on its assets' text rendering, for tests that ask what a screen says."""

from __future__ import annotations

import importlib
import pkgutil

import pygame

import bezique.ui
from bezique.ui.app import App
from bezique.ui.kit import widgets


def drawn_texts(app: App) -> list[str]:
    """Every text the window renders while drawing one frame now, in order."""
    drawn: list[str] = []
    real = app.assets.text

    def spy(text: str, *args: object, **kwargs: object) -> pygame.Surface:
        drawn.append(text)
        return real(text, *args, **kwargs)

    app.assets.text = spy  # type: ignore[method-assign]
    try:
        app.draw()
    finally:
        del app.assets.text  # the instance attribute goes; the method is the class's again
    return drawn


def spy_on_blit_text(monkeypatch) -> list[tuple[str, pygame.Rect, float | None]]:
    """(text, where it was drawn, the width it was given) for each text ``blit_text`` draws from now on, in every
    module of the window (a test checks them against the boxes they belong in)."""
    texts: list[tuple[str, pygame.Rect, float | None]] = []
    real = widgets.blit_text

    def spy(surface, assets, text, size, pos, *args, max_width=None, **kwargs):
        rect = real(surface, assets, text, size, pos, *args, max_width=max_width, **kwargs)
        texts.append((text, rect, max_width))
        return rect

    for info in pkgutil.walk_packages(bezique.ui.__path__, "bezique.ui."):
        module = importlib.import_module(info.name)
        if getattr(module, "blit_text", None) is real:
            monkeypatch.setattr(module, "blit_text", spy)
    return texts
