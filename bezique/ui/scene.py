"""Scenes with a lifecycle, managed as a stack (STYLE.md lesson 8; Tuxemon's state stack, arcade's view names).

A scene handles input and advances its own animations in ``update(dt)``; ``draw`` is a pure function of the scene's
data and never changes it. An *overlay* scene (pause, score log, deal result) is drawn over the scenes beneath it;
an opaque one (the hot-seat hand-over) hides them completely: the stack does not even call their ``draw``.

A scene sees the window only through ``Window``, the few things it may use (``bezique.ui.app.App`` is the real
one), so this module does not know the loop; and a table sees whatever runs the game around it only through
``Host``: it reports what the player chose there (menu, new game, settings, the review of a deal, how to play) and
never reaches up into a menu or another screen.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from bezique.speech import Voice
from bezique.ui.kit.assets import Assets, Sounds


class Window(Protocol):
    """What a scene may use of the window: its words, images and sounds, its size, and the scene stack."""

    lang: str
    assets: Assets
    sounds: Sounds
    fullscreen: bool
    dirty: bool  # set it to have the window drawn again though nothing moves
    voice: Voice  # what the game says aloud (off unless asked for: ``bezique.speech``)

    @property
    def stack(self) -> SceneStack: ...

    @property
    def size(self) -> tuple[int, int]: ...

    def t(self, key: str, **fmt: object) -> str: ...

    def push(self, scene: Scene) -> None: ...

    def pop(self, scene: Scene | None = None) -> None: ...

    def replace(self, scene: Scene) -> None: ...

    def quit(self) -> None: ...

    def toggle_fullscreen(self) -> None: ...

    def set_deck(self, deck_colours: str, back: str) -> None: ...


class Host(Protocol):
    """What runs a game around its table (the menu and saves, or a bare window for the demo and the tests): the
    table's pause menu and scoreboard report the player's choice here."""

    @property
    def keeps_games(self) -> bool:
        """True when there is a menu to go back to and the game is saved after every action."""

    @property
    def save_failing(self) -> bool:
        """True while the last save failed (full disk, read-only folder): the pause screen must not promise it."""

    def open_menu(self) -> None:
        """Leave the table for the menu (a bare window closes)."""

    def new_game_screen(self) -> None:
        """After a game: the New game screen (a bare window deals a new game at once)."""

    def open_settings(self) -> None:
        """The Settings screen over the table (only asked for when ``keeps_games``)."""

    def open_review(self, doc: dict[str, Any], viewer: int, deal: int) -> None:
        """Review `deal` of the game record `doc` from seat `viewer`'s side, over the table (the scoreboard's
        Review this deal): the table may not import the Review screen, which seats replays at tables of its own.

        Raises:
            RecordError: the record does not replay.
        """

    def open_howto(self, variant: str) -> None:
        """How to play over the table, open at `variant`'s page (the pause screen's)."""


class Scene:
    """Base scene: override what you need."""

    overlay = False  # drawn over the scene below (which keeps being drawn, but gets no input)

    def __init__(self, app: Window) -> None:
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

    # what the screen says of itself (``bezique.ui.speaking.Spoken``): every screen answers in words
    def spoken_title(self) -> str:
        """The screen's name, said when it opens."""
        return ""

    def spoken_focus(self) -> str:
        """What has the keyboard's focus, in words ("" when nothing can have it)."""
        return ""

    def spoken_keys(self) -> str:
        """This screen's keys in words (F1 or ?): the arrows, Enter and Escape of a list unless it says more."""
        return self.app.t("speech.keys.menu")

    def typing(self) -> bool:
        """A text field takes the keys now (a typed ? is text, not a question)."""
        return False

    def takes_f1(self) -> bool:
        """F1 has a use of its own on this screen."""
        return False


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
