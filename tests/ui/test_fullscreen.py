"""F11: full screen is a borderless window over the whole screen, laid out for the screen, and back to the window
it was (issue 16: SDL's FULLSCREEN without a window manager kept the old window and cropped a larger layout)."""

from __future__ import annotations

import pygame
from ui_driver import DT, key

from bezique.ui.app import App
from bezique.ui.scene import Scene


class Recorder(Scene):
    """A scene that keeps the sizes it was told to lay itself out for."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.sizes: list[tuple[int, int]] = []

    def resize(self, w: int, h: int) -> None:
        self.sizes.append((w, h))


def test_f11_covers_the_screen_and_lays_out_for_it_then_gives_the_window_back(pygame_quit: None) -> None:
    app = App(size=(800, 600))
    scene = Recorder(app)
    app.push(scene)
    app.tick(DT)
    screen = pygame.display.get_desktop_sizes()[0]
    key(app, pygame.K_F11)
    assert app.fullscreen and app.size == screen == pygame.display.get_window_size()
    assert scene.sizes[-1] == screen
    key(app, pygame.K_F11)
    assert not app.fullscreen and app.size == (800, 600) == pygame.display.get_window_size()
    assert scene.sizes[-1] == (800, 600)
