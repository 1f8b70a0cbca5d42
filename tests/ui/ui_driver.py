"""Drive the real window with real pygame events (dummy drivers), as a player would."""

from __future__ import annotations

import dataclasses
import errno
import random
from typing import Any

import pygame
import pytest

from bezique.config import Config
from bezique.persist import storage
from bezique.rules import Verb, make_ruleset
from bezique.ui.bare import open_table
from bezique.ui.table.overlays import HandOverScene, ResultOverlay
from bezique.ui.table.scene import TableScene

DT = 1 / 60
HANG_GUARD = 120.0  # seconds: only a worker that hangs ever waits this long (the tests never count on time)


def make_app(hotseat=False, seed=1, speed="instant", size=(1280, 720), level="random", variant=None, language="en",
             **overrides):
    """A table from ``open_table`` (English unless `language` says otherwise, whatever the machine's locale); a
    finished trick is gathered at once unless `trick_pause` is given (the pace's own tests give it)."""
    overrides.setdefault("trick_pause", "off")
    config = Config()
    config = dataclasses.replace(config, ai=dataclasses.replace(config.ai, level=level))
    if variant is not None:
        config = dataclasses.replace(config, variant=variant, rules=make_ruleset(variant, {}))
    return open_table(config, [], size=size, hotseat=hotseat, seed=seed, fullscreen=False, animation_speed=speed,
                      computer_pace="instant", language=language, **overrides)


def table_of(app) -> TableScene:
    return next(s for s in app.stack.scenes if isinstance(s, TableScene))


def click(app, pos, button=1):
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.tick(DT)


def move(app, pos):
    """The pointer moves to `pos` (no button pressed)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.tick(DT)


def key(app, k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.tick(DT)


def point_on(table: TableScene, card: int):
    """A point where `card` is the topmost of the viewer's cards."""
    sprite = table.stage.sprites[card]
    cw = sprite.height * 0.7
    for f in (-0.4, -0.3, -0.2, -0.1, 0.0, 0.1, 0.2, 0.3, 0.4):
        for g in (0.0, -0.3, 0.3):
            p = (int(sprite.cx + f * cw), int(sprite.cy + g * sprite.height))
            if table.controls.my_cards_at(p) == card:
                return p
    raise AssertionError(f"card {card} cannot be clicked")


def finish_thinking(table: TableScene) -> None:
    """Let the worker's call (the computer's move or a hint) run to its end: the thread is joined, and its result
    is collected by the next tick. The timeout only guards against a hang."""
    assert table.turns.worker.wait(HANG_GUARD), "the worker never finished"


def wait_rest(app, limit=2000):
    """Tick until the human may act (or a screen is over the table, or the game is over); `limit` ticks at most,
    each computer move finished before the next tick."""
    for _ in range(limit):
        table = table_of(app)
        if table.human_turn() or app.stack.top is not table or table.session.over or not app.running:
            return
        app.tick(DT)
        if table.turns.worker.busy:
            finish_thinking(table)
    raise AssertionError("the table never came to rest")


def button(table: TableScene, action: str):
    buttons, decl = table.controls.buttons()
    return next((b for b in buttons + decl if b.action == action), None)


def human_move(app, rng: random.Random, prefer=(Verb.MELD, Verb.EXCHANGE_SEVEN)) -> str:
    """Make one move for the human through the mouse; returns what was done."""
    table = table_of(app)
    legal = table.session.legal()
    verbs = {a.verb for a in legal}
    if Verb.PLAY in verbs:
        action = rng.choice([a for a in legal if a.verb == Verb.PLAY])
        click(app, point_on(table, action.cards[0]))
        return "play"
    for verb in prefer:
        if verb in verbs:
            name = "exchange" if verb == Verb.EXCHANGE_SEVEN else "meld:0"
            b = button(table, name)
            assert b is not None, name
            click(app, (b.box.cx, b.box.cy))
            return name
    assert Verb.DONE in verbs
    b = button(table, "done")
    click(app, (b.box.cx, b.box.cy))
    return "done"


def step(app, rng: random.Random) -> str:
    """Advance the game one human-visible step: a move, a hand-over or a result screen."""
    wait_rest(app)
    top = app.stack.top
    if isinstance(top, ResultOverlay):
        _, nb, _ = top._boxes()
        click(app, (nb.cx, nb.cy))
        return "result"
    if isinstance(top, HandOverScene):
        top.time = 1.0
        click(app, (10, 10))
        return "handover"
    table = table_of(app)
    if table.human_turn():
        return human_move(app, rng)
    app.tick(DT)
    return "tick"


class Disk:
    """The atomic write, made to fail with a full disk while `full`; counts every attempt."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = False
        self.attempts = 0
        real = storage.write_json_atomic

        def write(path: Any, obj: Any) -> None:
            self.attempts += 1
            if self.full:
                raise OSError(errno.ENOSPC, "No space left on device")
            real(path, obj)

        monkeypatch.setattr(storage, "write_json_atomic", write)
