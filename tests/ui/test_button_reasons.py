"""A greyed-out Hint or Undo button says why: a tooltip on hover, the same line on a click or its key.

A game started straight from the command line (``play --level expert``) has hints off, like any game whose New
game choice left them off: it counts in the statistics unassisted. The player is told so, and how to get hints,
rather than facing a dead button."""

import dataclasses

import pygame
import pytest
from ui_driver import DT, button, click, key, make_app, wait_rest

from bezique.i18n import t
from bezique.ui.shell import Shell

pytestmark = pytest.mark.usefixtures("pygame_quit")  # conftest: pygame shut down after each test


def move(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.tick(DT)


def shot(app):
    app.draw()
    return pygame.image.tobytes(app.screen, "RGB")


def region(app, box):
    return pygame.image.tobytes(app.screen.subsurface(pygame.Rect(box)), "RGB")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_greyed_hint_says_why(lang):
    app, table = make_app(seed=2, hints=False)
    app.lang = lang
    wait_rest(app)
    hint = button(table, "hint")
    assert table.human_turn() and not hint.enabled
    above = (int(hint.box.x) - 200, int(hint.box.y) - 90, int(hint.box.w) + 200, 80)
    move(app, (10, 10))
    shot(app)
    plain = region(app, above)
    move(app, (hint.box.cx, hint.box.cy))
    assert table.controls.hover_disabled == "hint"
    shot(app)
    assert region(app, above) != plain  # the tooltip, above the button
    click(app, (hint.box.cx, hint.box.cy))
    assert table.stage.message is not None and table.stage.message[0] == t("table.hints_off", lang)
    assert not table.turns.worker.busy and table.turns.hint is None
    table.stage.message = None
    key(app, pygame.K_h)
    assert table.stage.message is not None and table.stage.message[0] == t("table.hints_off", lang)


def test_undo_off_says_why_and_hints_on_need_no_excuse():
    app, table = make_app(seed=2, allow_undo=False)
    wait_rest(app)
    undo = button(table, "undo")
    assert not undo.enabled
    move(app, (undo.box.cx, undo.box.cy))
    controls = table.controls
    assert controls.hover_disabled == "undo" and controls.disabled_reason("undo") == t("table.undo_off", "en")
    assert table.controls.disabled_reason("hint") is None  # hints on: nothing to explain


def test_a_game_from_the_command_line_explains_its_greyed_hint(shell_data):
    """``play --level expert`` starts from the New game defaults (hints off): the Hint button tells why."""
    shell = Shell.create(size=(1280, 720), fullscreen=False)
    shell.settings = dataclasses.replace(shell.settings, animation_speed="instant", computer_pace="instant")
    setup = shell.default_setup()
    setup.level, setup.seed = "expert", 3  # as app_entry does for --level expert --seed 3
    table = shell.start_game(setup)
    app = shell.app
    wait_rest(app)
    assert not table.opt.hints and not button(table, "hint").enabled
    b = button(table, "hint")
    click(app, (b.box.cx, b.box.cy))
    assert table.stage.message[0] == t("table.hints_off", app.lang)
