"""Which texts a window draws: a spy on its assets' text rendering, for tests that ask what a screen says."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from types import ModuleType

import pygame

import bezique.ui
from bezique.ui.app import App
from bezique.ui.kit import widgets
from bezique.ui.kit.layers import forget_layers


def drawn_texts(app: App) -> list[str]:
    """Every text the window renders while drawing one frame now, in order (the layers drawn afresh: a frame
    drawn from them renders none of their texts)."""
    drawn: list[str] = []
    real = app.assets.text

    def spy(text: str, *args: object, **kwargs: object) -> pygame.Surface:
        drawn.append(text)
        return real(text, *args, **kwargs)

    app.assets.text = spy  # type: ignore[method-assign]
    forget_layers()
    try:
        app.draw()
    finally:
        del app.assets.text  # the instance attribute goes; the method is the class's again
    return drawn


def spy_on_blit_text(monkeypatch, on_draw: Callable[..., None] | None = None) \
        -> list[tuple[str, pygame.Rect, float | None]]:
    """(text, where it was drawn, the width it was given) for each text ``blit_text`` draws from now on, in every
    module of the window (a test checks them against the boxes they belong in). `on_draw`, if given, is also
    called with every drawing's arguments and its rect: ``on_draw(surface, assets, text, size, rect, max_width,
    bold)``."""
    texts: list[tuple[str, pygame.Rect, float | None]] = []
    real = widgets.blit_text
    forget_layers()  # the next frame draws every layer's texts

    def spy(surface, assets, text, size, pos, *args, max_width=None, **kwargs):
        rect = real(surface, assets, text, size, pos, *args, max_width=max_width, **kwargs)
        texts.append((text, rect, max_width))
        if on_draw is not None:
            bold = bool(kwargs.get("bold", args[2] if len(args) > 2 else False))  # (colour, anchor, bold, …)
            on_draw(surface, assets, text, size, rect, max_width, bold)
        return rect

    # every module imported first, then patched: a module first imported while ``widgets`` already held the spy
    # bound the spy itself, was never restored, and blinded every later test's spy to its texts (the fits tests
    # then passed or failed by the order they ran in)
    for module in ui_modules():
        if getattr(module, "blit_text", None) is real:
            monkeypatch.setattr(module, "blit_text", spy)
    return texts


def ui_modules() -> list[ModuleType]:
    """Every module of the window, imported."""
    return [importlib.import_module(info.name) for info in pkgutil.walk_packages(bezique.ui.__path__, "bezique.ui.")]
