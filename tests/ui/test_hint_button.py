"""The Hint button in the window: a strong adviser whoever the opponent is, worked out off the drawing thread."""

from __future__ import annotations

import threading
from types import SimpleNamespace

import pygame
import pytest
from ui_driver import DT, HANG_GUARD, click, finish_thinking, key, make_app, point_on, wait_rest

from bezique.rules import Verb

pytestmark = pytest.mark.usefixtures("pygame_quit")  # conftest: pygame shut down after each test


def test_facing_a_beginner_the_hints_still_come_from_the_expert():
    app, table = make_app(level="beginner", seed=4, speed="fast")
    assert table.turns.players[1].level == "beginner" and table.turns.hinter.level == "expert"
    wait_rest(app)
    key(app, pygame.K_h)
    assert table.turns.worker.tag == ("hint",)
    finish_thinking(table)
    frames = app.frames
    app.tick(DT)
    assert table.turns.hint is not None and table.turns.hint[0] in table.session.legal()
    assert app.frames > frames  # the frame that brings the hint is drawn (the pointer need not move to see it)
    assert table.stage.message is not None and table.stage.message[0].startswith("Hint: ")


class EndlessAdviser:
    """An adviser that thinks until it is told to stop: the window must neither wait for it nor show its hint."""

    def __init__(self) -> None:
        self.thinking = threading.Event()

    def decide(self, view, legal, stop):
        self.thinking.set()
        stop.wait(HANG_GUARD)
        return SimpleNamespace(action=legal[0], code="random", args={})


def test_the_window_keeps_drawing_while_the_hint_is_thought_out_and_a_move_drops_it():
    app, table = make_app(level="beginner", seed=5, speed="fast")  # the player leads: the computer answers
    adviser = EndlessAdviser()
    table.turns.hinter = adviser
    wait_rest(app)
    assert not table.session.state.trick
    key(app, pygame.K_h)
    assert adviser.thinking.wait(HANG_GUARD)
    frames = app.frames
    for _ in range(5):
        app.tick(DT)
    assert app.frames >= frames + 5  # frames went on being drawn while the adviser thinks
    assert table.turns.worker.busy and table.turns.hint is None
    assert table.stage.message is not None and table.stage.message[0] == "Thinking about a hint…"
    card = next(a for a in table.session.legal() if a.verb == Verb.PLAY).cards[0]
    moves = len(table.session.game.deals[-1]["actions"])
    click(app, point_on(table, card))  # the player moves on before the hint is ready
    wait_rest(app, limit=300)  # the computer answers: the stale hint was stopped, not waited for
    assert table.human_turn()
    assert len(table.session.game.deals[-1]["actions"]) > moves + 1  # the player's move and the computer's
    assert table.turns.hint is None  # and the hint about the old position never shows up
    assert table.stage.message is None or not table.stage.message[0].startswith(("Hint", "Thinking"))
