"""The Hint button in the window: a strong adviser whoever the opponent is, worked out off the drawing thread."""

from __future__ import annotations

import time

import pygame
import pytest
from ui_driver import DT, click, key, make_app, point_on, wait_rest

from bezique.rules.actions import PLAY

pytestmark = pytest.mark.usefixtures("pygame_quit")  # conftest: pygame shut down after each test


def test_facing_a_beginner_the_hints_still_come_from_the_expert():
    app, table = make_app(level="beginner", seed=4, speed="fast")
    assert table.players[1].level == "beginner" and table.hinter.level == "expert"
    wait_rest(app)
    key(app, pygame.K_h)
    for _ in range(400):
        frames = app.frames
        app.tick(DT)
        if table.hint is not None:
            break
        time.sleep(0.005)
    assert table.hint is not None and table.hint[0] in table.session.legal()
    assert app.frames > frames  # the frame that brings the hint is drawn (the pointer need not move to see it)
    assert table.message is not None and table.message[0].startswith("Hint: ")


def test_the_window_keeps_drawing_while_the_hint_is_thought_out_and_a_move_drops_it():
    app, table = make_app(level="beginner", seed=5, speed="fast")  # the player leads: the computer answers
    table.hinter.time_ms, table.hinter.iterations = 3000, 0  # a long think: it must not hold the window up
    wait_rest(app)
    assert not table.session.state.trick
    key(app, pygame.K_h)
    started = time.perf_counter()
    for _ in range(5):
        app.tick(DT)
    assert time.perf_counter() - started < 2.0  # frames went on being drawn meanwhile
    assert table.worker.busy and table.hint is None
    assert table.message is not None and table.message[0] == "Thinking about a hint…"
    card = next(a for a in table.session.legal() if a.verb == PLAY).cards[0]
    moves = len(table.session.game.deals[-1]["actions"])
    click(app, point_on(table, card))  # the player moves on before the hint is ready
    started = time.perf_counter()
    while not table.human_turn() and time.perf_counter() - started < 2.5:
        app.tick(DT)
        time.sleep(0.002)
    assert table.human_turn()  # the computer answered at once: the stale hint was stopped, not waited for
    assert len(table.session.game.deals[-1]["actions"]) > moves + 1  # the player's move and the computer's
    assert table.hint is None  # and the hint about the old position never shows up
    assert table.message is None or not table.message[0].startswith(("Hint", "Thinking"))
