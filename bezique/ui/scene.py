"""Scenes with a lifecycle, managed as a stack (STYLE.md lesson 8; Tuxemon's state stack, arcade's view names).

A scene handles input and advances its own animations in ``update(dt)``; ``draw`` is a pure function of the scene's
data and never changes it. An *overlay* scene (pause, score log, deal result) is drawn over the scenes beneath it;
an opaque one (the hot-seat hand-over) hides them completely: the stack does not even call their ``draw``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from bezique.ui.app import App


class Scene:
    """Base scene: override what you need."""

    overlay = False  # drawn over the scene below (which keeps being drawn, but gets no input)

    def __init__(self, app: App) -> None:
        self.app = app

    # lifecycle (arcade: on_show_view / on_hide_view; Tuxemon: resume / pause)
    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Popped (or replaced)."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """The scene above was popped."""

    def resize(self, width: int, height: int) -> None:
        """The window changed size."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """Input, for the top scene only."""

    def update(self, dt: float, active: bool) -> bool:
        """Advance time by `dt` seconds; return True while something moves (the loop then keeps drawing)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw; never change state here."""


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self, scene: Scene | None = None) -> Scene | None:
        """Pop the top scene (or `scene`, wherever it is)."""
        if not self.scenes:
            return None
        if scene is None or scene is self.scenes[-1]:
            popped = self.scenes.pop()
            popped.exit()
            if self.scenes:
                self.scenes[-1].resume()
            return popped
        if scene in self.scenes:
            self.scenes.remove(scene)
            scene.exit()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def clear(self) -> None:
        while self.scenes:
            self.scenes.pop().exit()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the last opaque scene up."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if not self.scenes[i].overlay:
                start = i
                break
        return self.scenes[start:]
