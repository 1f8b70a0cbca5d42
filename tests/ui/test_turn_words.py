"""Smaller points of the table: a card that may not be played neither lifts nor drags; hot-seat names whose turn it
is, and its hand-over says what the other player just did; the cut names the dealer clear of the cards."""

from __future__ import annotations

import random

import pygame
import pytest
from ui_driver import DT, make_app, point_on, step, table_of, wait_rest

from bezique.rules import Verb
from bezique.ui.table.overlays import HandOverScene

pytestmark = pytest.mark.usefixtures("pygame_quit")  # conftest: pygame shut down after each test


def _post(kind, **attrs):
    pygame.event.post(pygame.event.Event(kind, **attrs))


def test_a_card_that_may_not_be_played_neither_lifts_nor_drags():
    app, table = make_app(seed=7)
    rng = random.Random(7)
    bad = None
    for _ in range(3000):
        wait_rest(app)
        state = table.session.state
        if table.human_turn() and state.final_phase and state.trick:
            faces = {a.cards[0] & 31 for a in table.session.legal() if a.verb == Verb.PLAY}
            bad = next((k for k in table.stage.model.hands[table.stage.viewer] if (k & 31) not in faces), None)
            if bad is not None:
                break
        step(app, rng)
    assert bad is not None, "no card to refuse with this seed"
    p = point_on(table, bad)
    _post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(20):
        app.tick(DT)
    sprite = table.stage.sprites[bad]
    assert sprite.lift == 0 and table.controls.hover_key is None  # it does not lift
    _post(pygame.MOUSEBUTTONDOWN, pos=p, button=1)
    _post(pygame.MOUSEMOTION, pos=(p[0], p[1] - 150), rel=(0, -150), buttons=(1, 0, 0))
    app.tick(DT)
    assert table.controls.dragging is None and sprite.drag is None  # nor drags
    _post(pygame.MOUSEBUTTONUP, pos=(p[0], p[1] - 150), button=1)
    app.tick(DT)
    assert bad in table.stage.model.hands[table.stage.viewer]
    good = next(k for k in table.stage.model.hands[table.stage.viewer] if (k & 31) in faces)
    q = point_on(table, good)
    _post(pygame.MOUSEMOTION, pos=q, rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(20):
        app.tick(DT)
    assert table.controls.hover_key == good and table.stage.sprites[good].lift > 0  # a playable one does


def test_hot_seat_names_whose_turn_it_is_and_recaps_the_other_players_moves():
    app, table = make_app(seed=11, hotseat=True)
    rng = random.Random(1)
    prompts, recaps = [], []
    for _ in range(60):
        wait_rest(app)
        top = app.stack.top
        if isinstance(top, HandOverScene):
            recaps.append(list(top.recap))
        table = table_of(app)
        if table.human_turn():
            prompts.append(table.readout.prompt())
        step(app, rng)
    names = [s.name for s in table.session.seats]
    assert prompts and all(any(p.startswith(n + " — ") for n in names) for p in prompts)
    seen = [line for r in recaps for line in r]
    assert any(" played the " in line for line in seen)
    assert any("took the trick with the" in line for line in seen)
    assert all(len(r) <= 4 for r in recaps)


def test_the_one_player_is_you_in_the_trick_line():
    app, table = make_app(seed=11, trick_pause="normal")
    rng = random.Random(1)
    lines = set()
    for _ in range(200):
        for _ in range(3):
            app.tick(DT)
        if table.stage.reading is not None and table.stage.message is not None:
            lines.add(table.stage.message[0].split(" took the trick")[0])
        if len(lines) == 2:
            break
        if table.human_turn() or app.stack.top is not table:
            step(app, rng)
    assert lines == {"You", table.session.seats[1].name}


def test_the_cut_names_the_dealer_under_the_cards(monkeypatch):
    from bezique.ui.table import draw
    app, table = make_app(seed=3, speed="normal")
    assert table.stage.cut_timer > 0 and table.session.cut
    drawn = {}
    real = draw.blit_text

    def record(surface, assets, text, *args, **kwargs):
        rect = real(surface, assets, text, *args, **kwargs)
        drawn[text] = rect
        return rect

    monkeypatch.setattr(draw, "blit_text", record)
    app.draw()
    dealer = "You deal" if table.session.first_dealer == 0 else f"{table.session.seats[1].name} deals"
    names = [drawn[s.name] for s in table.session.seats]
    assert dealer in drawn and all(drawn[dealer].top >= n.bottom for n in names)  # under the cards and names
