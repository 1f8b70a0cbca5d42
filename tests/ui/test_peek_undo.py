"""The last trick is a visible control (a button, the T key) as well as a click on the piles; undo sends the cards
back to the hands they came from, the computer's included, instead of making them vanish."""

from __future__ import annotations

import dataclasses
import random

import pygame
import pytest
from ui_driver import DT, button, click, key, make_app, move, point_on, step, wait_rest

from bezique.i18n import t
from bezique.presenter import model as tm
from bezique.rules import Verb

pytestmark = pytest.mark.usefixtures("pygame_quit")  # conftest: pygame shut down after each test


def test_the_last_trick_button_and_key():
    app, table = make_app(seed=3)
    wait_rest(app)
    assert button(table, "peek") is None  # no tricks won: the zone and its button are not on the table yet
    rng = random.Random(3)
    for _ in range(400):
        wait_rest(app)
        if table.human_turn() and table.controls.can_peek():
            break
        step(app, rng)
    b = button(table, "peek")
    assert b is not None and b.label == "Last trick (T)"
    assert b.enabled and table.stage.layout.won.contains(b.box.x, b.box.y)
    assert not b.box.intersects(table.controls.peek_box())  # the popup leaves its button visible
    click(app, (b.box.cx, b.box.cy))
    assert table.controls.peek and button(table, "peek").label == "Hide last trick (T)"
    move(app, (int(table.stage.layout.trick.cx), int(table.stage.layout.trick.cy)))
    assert table.controls.peek  # opened with the button: it stays when the pointer goes away
    click(app, (b.box.cx, b.box.cy))
    assert not table.controls.peek
    key(app, pygame.K_t)
    assert table.controls.peek
    move(app, (10, 300))
    assert table.controls.peek
    key(app, pygame.K_ESCAPE)  # Esc closes the popup first (the pause menu on the next press)
    assert not table.controls.peek and app.stack.top is table
    key(app, pygame.K_t)
    key(app, pygame.K_t)
    assert not table.controls.peek


def test_returning_cards_maps_played_cards_to_the_new_backs():
    old = tm.TableModel(bottom=0, players=2, hands={0: [1, 2], 1: [-1, -2]}, tables={0: [], 1: []},
                        won={0: [], 1: [5, 6]}, trick=[(1, 9)], last_trick=((0, 5), (1, 6)))
    new = tm.TableModel(bottom=0, players=2, hands={0: [1, 2, 5], 1: [-1, -2, -7, -8]}, tables={0: [], 1: []},
                        won={0: [], 1: []})
    assert tm.returning_cards(old, new) == {9: -7, 6: -8}  # the computer's two cards; mine (5) keeps its key
    assert tm.returning_cards(old, old) == {}


def test_undo_in_the_last_tricks_flies_the_card_back_before_the_computer_answers():
    """A card led in the final tricks is taken back while the computer is still to answer: it flies back to the
    hand (nothing vanishes, nothing appears). Once the answer is on the table, Undo says why it cannot."""
    app, table = make_app(seed=7, allow_undo=True)
    rng = random.Random(7)
    for _ in range(3000):
        wait_rest(app)
        state = table.session.state
        if table.human_turn() and state.final_phase and not state.trick and state.phase == "play":
            break
        step(app, rng)
    assert table.session.state.final_phase
    table.opt = dataclasses.replace(table.opt, app=dataclasses.replace(table.opt.app, animation_speed="fast",
                                                                         computer_pace="slow"))
    mine = next(a for a in table.session.legal() if a.verb == Verb.PLAY).cards[0]
    click(app, point_on(table, mine))
    for _ in range(40):  # the card lands; the computer thinks, then waits for its pace
        app.tick(DT)
    assert table.session.state.trick and not table.human_turn()
    assert button(table, "undo").enabled
    sprites = {id(s) for s in table.stage.sprites.values()}
    key(app, pygame.K_u)
    assert {id(s) for s in table.stage.sprites.values()} == sprites  # nothing vanished, nothing appeared
    assert table.stage.sprites[mine].tween is not None and mine in table.stage.model.hands[table.stage.viewer]
    assert not table.session.state.trick and table.session.assisted and table.turns.ai_choice is None
    assert not table.stage.floaters
    wait_rest(app)
    click(app, point_on(table, mine))
    wait_rest(app)  # the computer answered (and may have led again): its card was seen
    assert not button(table, "undo").enabled
    assert table.controls.disabled_reason("undo") == t("table.undo_answered", "en")
