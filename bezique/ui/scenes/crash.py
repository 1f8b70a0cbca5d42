"""A plain window that tells the player the game stopped, and where the details were written.

Kept free of the rest of the window's code (scenes, assets, fonts loaded by them), since any of those may be what
failed. It writes in the window's own face when that can be opened; when the font is what failed (its
``AssetError`` is the message shown), pygame's bundled face says so instead: the one place a stand-in is right,
since this screen exists to report the failure. Closes on a click, a key or the window's close button.
"""

from __future__ import annotations

import os

import pygame

from bezique.ui.kit.safe_font import SafeFont
from bezique.ui.shutdown import quit_pygame

BACKGROUND = (24, 58, 40)
TEXT = (240, 234, 214)
WIDTH, HEIGHT = 860, 360


def _wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words, line = paragraph.split(" "), ""
        for word in words:
            candidate = f"{line} {word}".strip()
            if font.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def _font(px: int) -> pygame.font.Font:
    """The window's face at `px` pixels, or pygame's bundled one (at the same height) when it cannot be opened."""
    try:
        from bezique.ui.kit.assets import font_file

        return SafeFont(str(font_file()), px)
    except Exception:  # whatever failed, the message must still be shown
        return SafeFont(None, round(px / 0.6875))


def show_crash_screen(message: str) -> None:
    """Show `message` until the player dismisses it (returns at once under the dummy video driver)."""
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((WIDTH, HEIGHT))
    pygame.display.set_caption("Bezique")
    font = _font(20)
    screen.fill(BACKGROUND)
    y = 24
    for line in _wrap(font, message, WIDTH - 48):
        screen.blit(font.render(line, True, TEXT), (24, y))
        y += font.get_linesize()
    pygame.display.flip()
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return
    clock = pygame.time.Clock()
    while True:
        for event in pygame.event.get():
            if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                quit_pygame()
                return
        clock.tick(20)
