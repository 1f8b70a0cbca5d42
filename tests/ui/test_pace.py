"""The pace of the table: a finished trick stays on show until it is read (its winner named, the winning card
marked, the counters unchanged until it is gathered), a click gathers it at once, and at every speed each change
is drawn without the pointer moving."""

from __future__ import annotations

import dataclasses
import random

import pygame
import pytest
from ui_driver import DT, click, finish_thinking, make_app, point_on, step, wait_rest

from bezique.rules import Event, Phase, Verb
from bezique.ui.kit.tween import TRICK_PAUSE

pytestmark = pytest.mark.usefixtures("pygame_quit")  # conftest: pygame shut down after each test


def _to_my_follow(app, table, seed=1):
    """Play on until the player is to follow a card the computer led."""
    rng = random.Random(seed)
    for _ in range(400):
        wait_rest(app)
        state = table.session.state
        if table.human_turn() and state.phase == Phase.PLAY and state.trick:
            return
        step(app, rng)
    raise AssertionError("never asked to follow")


def _pause(table, value: str) -> None:
    """The trick pause set to `value` from now on (as Settings does while a game is open)."""
    table.opt = dataclasses.replace(table.opt, app=dataclasses.replace(table.opt.app, trick_pause=value))


def _won_total(table) -> int:
    return sum(len(pile) for pile in table.stage.model.won.values())


def _followed(pause: str):
    """A table where the player has just followed the computer's lead, the trick pause being `pause`; and how many
    cards the won piles held before."""
    app, table = make_app(seed=11)
    _to_my_follow(app, table)
    _pause(table, pause)
    before = _won_total(table)
    card = next(a for a in table.session.legal() if a.verb == Verb.PLAY).cards[0]
    click(app, point_on(table, card))
    return app, table, before


def test_a_finished_trick_stays_named_and_marked_until_it_is_gathered():
    app, table, before = _followed("normal")
    for _ in range(10):
        app.tick(DT)
    stage = table.stage
    assert len(stage.model.trick) == 2 and stage.reading is not None
    winner = table.session.state.tricks_log[-1][0]
    assert stage.reading == next(c for s, c in stage.model.trick if s == winner)  # the winning card is marked
    assert stage.sprites[stage.reading].mark is not None
    name = "You" if winner == stage.viewer else table.session.seats[winner].name
    assert stage.message is not None and stage.message[0].startswith(name) and "took the trick with the" in \
        stage.message[0]
    assert _won_total(table) == before  # the counters wait for the gathering
    for _ in range(round(TRICK_PAUSE["normal"] / DT) - 20):
        app.tick(DT)
    assert len(stage.model.trick) == 2  # still there close to the end of the pause
    for _ in range(30):
        app.tick(DT)
    assert _won_total(table) == before + 2 and stage.reading is None  # gathered (the next lead may be down)
    assert len(stage.model.trick) < 2


def test_a_click_gathers_the_trick_at_once():
    app, table, _ = _followed("click")
    for _ in range(300):  # "until a click": however long it takes
        app.tick(DT)
    assert len(table.stage.model.trick) == 2
    L = table.stage.layout
    click(app, (L.trick.cx, L.trick.y + 4))
    app.tick(DT)
    assert not table.stage.model.trick


def test_a_key_gathers_the_trick_at_once():
    app, table, _ = _followed("long")
    app.tick(DT)
    assert len(table.stage.model.trick) == 2
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    app.tick(DT)
    app.tick(DT)
    assert not table.stage.model.trick


def test_no_pause_gathers_as_before():
    app, table, _ = _followed("off")
    app.tick(DT)
    assert table.stage.reading is None


@pytest.mark.parametrize("speed", ["instant", "fast"])
def test_every_change_is_drawn_without_the_pointer_moving(speed):
    """The last frame drawn before the window goes idle shows the table as it is: the computer's move, the
    prompt and the stock count are never left one step behind until the mouse moves. The player's moves are
    made without the pointer (nothing lifts or glows), so no animation of its own keeps the frames coming."""
    app, table = make_app(seed=5, speed=speed)
    drawn: list[tuple] = []
    real_draw = app.draw

    def draw():
        real_draw()
        drawn.append((table.stage.model.signature(), table.readout.prompt()))

    app.draw = draw
    rng = random.Random(5)
    for _ in range(40):
        for _ in range(2000):  # until the window is idle (nothing busy): what it shows must be the truth
            if not app.tick(DT, []) and not table.turns.busy:
                break
            if table.turns.worker.busy:
                finish_thinking(table)
        assert drawn and drawn[-1] == (table.stage.model.signature(), table.readout.prompt())
        if app.stack.top is not table or table.session.over:
            break
        if table.human_turn():
            table.try_move(rng.choice(table.session.legal()))


def test_the_carte_blanche_hand_is_shown_long_enough_at_instant():
    app, table = make_app(seed=5, variant="rubicon", speed="instant")
    wait_rest(app)
    stage = table.stage
    cards = tuple(stage.model.hands[stage.viewer][:9])
    stage.show(Event("scored", 1, cards, 50, "carte_blanche"))
    assert stage.shown_cards is not None and stage.shown_cards[2] - stage.time >= 2.0
    assert stage.hold >= 2.0
    for _ in range(30):
        app.tick(DT)
    assert stage.shown_cards[2] > stage.time  # still on show half a second later
    click(app, (stage.layout.trick.cx, stage.layout.trick.y + 4))  # a click goes on at once
    assert stage.shown_cards[2] <= stage.time and stage.hold <= 0

