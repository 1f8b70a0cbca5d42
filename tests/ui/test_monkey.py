"""A monkey: thousands of random clicks, drags, keys and resizes. No exception, and the game stays valid."""

import random

import pygame
import pytest
from ui_driver import DT, finish_thinking, make_app, table_of

from bezique.rules import legal_actions
from bezique.ui.shutdown import quit_pygame

KEYS = [pygame.K_h, pygame.K_l, pygame.K_u, pygame.K_SPACE, pygame.K_RETURN, pygame.K_d, pygame.K_ESCAPE,
        pygame.K_a, pygame.K_z]


def check_valid(table):
    state = table.session.state
    cards = sum(len(h) for h in state.hands) + sum(len(t) for t in state.tables) + sum(len(w) for w in state.won)
    cards += len(state.stock) + len(state.trick)
    assert state.phase == "await_deal" or cards == 32 * state.rules.packs
    if state.to_act is not None:
        assert legal_actions(state)
    assert table.sync_errors == 0


@pytest.mark.parametrize(("hotseat", "variant", "count"),
                         [(False, None, 3000), (True, None, 3000), (False, "four_handed", 2000)])
def test_monkey(hotseat, variant, count):
    rng = random.Random(1234 + hotseat + (7 if variant else 0))
    app, _ = make_app(seed=rng.randrange(1000), hotseat=hotseat, allow_undo=True, variant=variant)
    w, h = app.size
    events = 0
    restarts = 0
    while events < count:
        if not app.running:  # the monkey found "Quit": open a new window and carry on
            quit_pygame()
            app, _ = make_app(seed=rng.randrange(1000), hotseat=hotseat, variant=variant)
            restarts += 1
        w, h = app.size
        r = rng.random()
        pos = (rng.randrange(w), rng.randrange(h))
        if r < 0.55:
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        elif r < 0.70:
            end = (rng.randrange(w), rng.randrange(h))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        elif r < 0.85:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        elif r < 0.97:
            k = rng.choice(KEYS)
            if k == pygame.K_ESCAPE and rng.random() < 0.5:
                k = pygame.K_h
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
        else:
            size = (rng.randrange(800, 2000), rng.randrange(500, 1200))
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        events += 1
        for _ in range(rng.randrange(1, 4)):
            app.tick(DT)
        if app.running:
            table = table_of(app)
            if table.turns.worker.busy:  # the computer's move (or a hint) is ready by the next tick
                finish_thinking(table)
            check_valid(table)
    assert restarts < 50
