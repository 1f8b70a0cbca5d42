"""What the New game, network and House rules screens share: the felt behind them, rows of option chips that flow
onto as many lines as their words need (so a longer language wraps instead of shrinking the text), and a yes/no
question (among them the one asked before a new game replaces the saved one)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from bezique.geometry import Box
from bezique.persist import saves
from bezique.ui.kit.assets import CREAM, GOLD, Assets
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import Button, ButtonColumn, blit_text, dim, draw_fitted, panel, scale_of
from bezique.ui.scene import Scene, Window
from bezique.ui.speaking import button_words

CHIP_H = 36  # a chip's height at scale 1
CHIP_TEXT = 19


def draw_backdrop(scene: Scene, surface: pygame.Surface, title: str) -> float:
    """Felt, a fan of cards in the corner and the scene's title; returns the scale."""
    A = scene.app.assets
    w, h = surface.get_size()
    s = scale_of((w, h))
    surface.blit(A.felt((w, h)), (0, 0))
    blit_text(surface, A, title, Type.DISPLAY * s, (w / 2, 22 * s), GOLD, "midtop", bold=True, shadow=True)
    return s


def flow_chips(scene: Scene, chips: list[tuple[str, str, bool]], x0: float, y: float, right: float, s: float,
               height: float = CHIP_H, min_width: float = 90) -> list[Button]:
    """Buttons for (label, action, lit), left to right from `x0`, each as wide as its words, onto a new line
    whenever the next would pass `right`."""
    out: list[Button] = []
    x = x0
    for label, action, lit in chips:
        # measured in bold, as a lit chip draws it: choosing a chip must not squeeze its label (nor move the row)
        w = max(min_width * s, scene.app.assets.font(CHIP_TEXT * s, True).size(label)[0] + 28 * s)
        w = min(w, right - x0)
        if x + w > right and x > x0:
            x, y = x0, y + (height + 6) * s
        out.append(Button(Box(x, y, w, height * s), label, action, primary=lit, text_size=CHIP_TEXT))
        x += w + 8 * s
    return out


class ConfirmScene(Scene):
    """A yes/no question over the scene below."""

    overlay = True

    def __init__(self, app: Window, question: str, on_yes: Callable[[], None]) -> None:
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes
        self.column = ButtonColumn()
        self.column.focus = 1  # the safe answer is the default: Enter or Space keeps what there is

    def buttons(self) -> list[Button]:
        w, h = self.app.size
        s = scale_of((w, h))
        return [Button(Box(w / 2 - 230 * s, h / 2 + 20 * s, 210 * s, 48 * s), self.app.t("newgame.yes"), "yes",
                       primary=self.column.focus == 0),
                Button(Box(w / 2 + 20 * s, h / 2 + 20 * s, 210 * s, 48 * s), self.app.t("newgame.no"), "no",
                       primary=self.column.focus == 1)]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop(self)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.column.focus = 1 - self.column.focus
            return
        action = self.column.handle(event, self.buttons())
        if action == "yes":
            self.app.pop(self)
            self.on_yes()
        elif action == "no":
            self.app.pop(self)

    def spoken_title(self) -> str:
        return self.question

    def spoken_focus(self) -> str:
        return button_words(self.app.t, self.buttons(), self.column.focus)

    def draw(self, surface: pygame.Surface) -> None:
        s = draw_message(surface, self.app.assets, self.question)
        self.column.draw(surface, self.app.assets, s, self.buttons())


def replacing_saved(app: Window, go: Callable[[], None]) -> None:
    """Start a new game with `go`, asking first when it would replace a saved game (which is then kept in Past
    games): every button that starts or hosts a game asks here."""
    if saves.has_saved_game():
        app.push(ConfirmScene(app, app.t("newgame.replace_saved"), go))
    else:
        go()


def draw_message(surface: pygame.Surface, assets: Assets, text: str) -> float:
    """Over the dimmed scene below, a framed panel with `text` fitted in it (``draw_fitted``: wrapped at the font's
    own line height, smaller only when it must be, and a cut seen and recorded): a question's, or a notice's; its
    buttons go under the text, from just below the window's middle. Returns the scale."""
    w, h = surface.get_size()
    s = scale_of((w, h))
    dim(surface, 150)
    box = Box(w / 2 - 300 * s, h / 2 - 110 * s, 600 * s, 210 * s)
    panel(surface, box, alpha=245, edge=GOLD, edge_width=3)
    top = box.y + 20 * s
    draw_fitted(surface, assets, text, Type.LABEL * s, Box(box.x + 25 * s, top, box.w - 50 * s, h / 2 + 14 * s - top),
                CREAM, "center")
    return s
