"""Which texts a window draws: a spy on its assets' text rendering, for tests that ask what a screen says."""

from __future__ import annotations

import pygame

from bezique.ui.app import App


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
