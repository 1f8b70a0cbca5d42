"""The scene stack's lifecycle with stand-in scenes: who is told enter / exit / pause / resume, in which order, for
push, pop, replace and clear; which scenes are drawn; and that drawing changes nothing (STYLE.md lesson 8)."""

from __future__ import annotations

import pygame
import pytest

from bezique.ui.app import App
from bezique.ui.scene import Scene, SceneStack

DRAWN: list[str] = []


class StandIn(Scene):
    """A scene that only writes down what the stack tells it, in one log shared by every stand-in."""

    def __init__(self, name: str, log: list[str], overlay: bool = False) -> None:
        super().__init__(None)  # type: ignore[arg-type]  # the stack never looks at the window
        self.name, self.log, self.overlay = name, log, overlay

    def enter(self) -> None:
        self.log.append(f"{self.name}.enter")

    def exit(self) -> None:
        self.log.append(f"{self.name}.exit")

    def pause(self) -> None:
        self.log.append(f"{self.name}.pause")

    def resume(self) -> None:
        self.log.append(f"{self.name}.resume")

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((len(self.name), 0, 0))
        DRAWN.append(self.name)  # outside the scene: drawing must leave the scene itself as it was


@pytest.fixture
def log() -> list[str]:
    return []


def scenes(log: list[str], *names: str) -> list[StandIn]:
    return [StandIn(n, log, overlay=n.startswith("over")) for n in names]


def test_push_pauses_the_top_then_enters_the_new_one(log):
    stack = SceneStack()
    table, pause = scenes(log, "table", "over")
    stack.push(table)
    stack.push(pause)
    assert log == ["table.enter", "table.pause", "over.enter"]
    assert stack.scenes == [table, pause] and stack.top is pause


def test_pop_exits_the_top_then_resumes_the_one_below(log):
    stack = SceneStack()
    table, pause = scenes(log, "table", "over")
    stack.push(table)
    stack.push(pause)
    log.clear()
    assert stack.pop() is pause
    assert log == ["over.exit", "table.resume"] and stack.top is table
    log.clear()
    assert stack.pop() is table
    assert log == ["table.exit"] and stack.top is None
    assert stack.pop() is None and log == ["table.exit"]  # popping an empty stack tells nobody anything


def test_popping_a_scene_below_the_top_exits_it_alone(log):
    stack = SceneStack()
    menu, table, pause = scenes(log, "menu", "table", "over")
    for scene in (menu, table, pause):
        stack.push(scene)
    log.clear()
    assert stack.pop(table) is table
    assert log == ["table.exit"]  # the top is neither paused nor resumed: it never stopped being the top
    assert stack.scenes == [menu, pause]
    assert stack.pop(table) is table and log == ["table.exit"]  # no longer there: nothing happens


def test_replace_exits_the_top_and_enters_the_new_one_without_resuming_anything(log):
    stack = SceneStack()
    menu, newgame, table = scenes(log, "menu", "newgame", "table")
    stack.push(menu)
    stack.push(newgame)
    log.clear()
    stack.replace(table)
    assert log == ["newgame.exit", "table.enter"]
    assert stack.scenes == [menu, table]
    empty = SceneStack()
    empty.replace(newgame)
    assert log[-1] == "newgame.enter" and empty.scenes == [newgame]


def test_clear_exits_every_scene_top_first_and_resumes_none(log):
    stack = SceneStack()
    for scene in scenes(log, "menu", "table", "over"):
        stack.push(scene)
    log.clear()
    stack.clear()
    assert log == ["over.exit", "table.exit", "menu.exit"]
    assert stack.scenes == [] and stack.top is None


def test_the_visible_scenes_start_at_the_last_opaque_one(log):
    stack = SceneStack()
    menu, table, over_log, over_pause = scenes(log, "menu", "table", "over_log", "over_pause")
    assert stack.visible() == []
    stack.push(menu)
    assert stack.visible() == [menu]
    stack.push(table)
    assert stack.visible() == [table]  # opaque: the menu beneath is not drawn at all
    stack.push(over_log)
    stack.push(over_pause)
    assert stack.visible() == [table, over_log, over_pause]  # overlays over the table, bottom first
    only_overlays = SceneStack()
    only_overlays.push(over_log)
    assert only_overlays.visible() == [over_log]


@pytest.mark.usefixtures("pygame_quit")
def test_the_window_draws_the_visible_scenes_and_changes_nothing(log):
    """``App.draw`` (what every frame does) draws the visible scenes bottom first, and neither the stack nor any
    scene changes, however often it draws."""
    app = App(size=(320, 240))
    parts = scenes(log, "menu", "table", "over")
    for scene in parts:
        app.push(scene)
    before = (list(log), list(app.stack.scenes), [dict(vars(s)) for s in parts])
    DRAWN.clear()
    for _ in range(3):
        app.draw()
    assert DRAWN == ["table", "over"] * 3
    assert (log, app.stack.scenes, [dict(vars(s)) for s in parts]) == before
    assert not app.dirty and app.frames == 3
