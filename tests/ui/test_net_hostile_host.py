"""A hostile host cannot crash or freeze a friend's window with an update of any shape. Updates from a real game are
each altered at random (a number set to an edge of what a game holds, a list cut short or grown by one) and read
by ``parse_host``, as the client reads every frame; those it reads are handed to the real table, which must take
them, go on drawing and answer its keys. (Those it refuses never reach a window: the client leaves that host, as
``tests/net/test_hostile_fields`` tries.) The table's own thread runs everything here, as in the window."""

from __future__ import annotations

import copy
import dataclasses
import json
import queue
import random
from typing import Any

import pygame
import pytest
from net_driver import make_shell
from ui_driver import DT, key

from bezique.net.protocol import ProtocolError, SeatState, Update, encode, parse_host
from bezique.presenter.seat_link import Link
from bezique.rules import (
    Phase,
    SeatKind,
    apply,
    legal_actions,
    make_ruleset,
    new_game,
    redact_event,
    shuffled_deck,
    start_deal,
)
from bezique.rules import view_for as view_of
from bezique.ui.scenes.net_join import table_options
from bezique.ui.scenes.net_table import NetHost, NetTableScene
from bezique.ui.shell import Shell

EDGES = (-1, 0, 1, 2, 3, 5, 7, 8, 31, 32, 63, 64, 191, 192, 1000, (1 << 31) - 1)
KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7, pygame.K_TAB,
        pygame.K_RIGHT, pygame.K_h)


class InboxOnly:
    """The client as the table uses it: an inbox the test fills, and a host that takes whatever is sent."""

    def __init__(self) -> None:
        self.inbox: queue.Queue[Any] = queue.Queue()
        self.link = Link.CONNECTED
        self.on_arrival = None
        self.name = "Dario"

    def say(self, _text: str) -> None: ...
    def send_move(self, _action: Any) -> None: ...
    def ready(self) -> None: ...
    def close(self) -> None: ...


def honest_updates(variant: str, seed: int = 5) -> list[dict[str, Any]]:
    """Seat 0's update after every move of a deal and more, as the host encodes it."""
    rules = make_ruleset(variant)
    rng = random.Random(seed)
    state = new_game(rules, 0)
    seats = tuple(SeatState(f"P{s}", SeatKind.HUMAN, Link.CONNECTED) for s in range(rules.players))
    out: list[dict[str, Any]] = []
    for _deal in range(2):
        if state.phase != Phase.AWAIT_DEAL:
            break  # the game is over (a single deal of Rubicon)
        events: list[Any] = []
        start_deal(state, shuffled_deck(rules, rng), events)
        while state.to_act is not None:
            view = view_of(state, 0)
            out.append(json.loads(encode(Update(len(out) + 1, view, tuple(redact_event(e, 0, state) for e in events),
                                                tuple(view.legal), seats, ()))))
            events = []
            apply(state, rng.choice(legal_actions(state)), events)
    return out


def places(holder: Any, at: Any, numbers: list[tuple[Any, Any]], lists: list[tuple[Any, Any]]) -> None:
    """Where `holder[at]` and what is inside it hold a number (`numbers`) or a list (`lists`)."""
    value = holder[at]
    if isinstance(value, int) and not isinstance(value, bool):
        numbers.append((holder, at))
    elif isinstance(value, list):
        lists.append((holder, at))
        for i in range(len(value)):
            places(value, i, numbers, lists)
    elif isinstance(value, dict):
        for k in value:
            if k not in ("type", "v"):
                places(value, k, numbers, lists)


def altered(doc: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """`doc` with one to three changes: a number set to an edge, or a list one shorter or one longer."""
    doc = copy.deepcopy(doc)
    for _ in range(rng.randint(1, 3)):
        numbers: list[tuple[Any, Any]] = []
        lists: list[tuple[Any, Any]] = []
        places({"doc": doc}, "doc", numbers, lists)
        if numbers and (rng.random() < 0.7 or not lists):
            holder, at = rng.choice(numbers)
            holder[at] = rng.choice(EDGES)
        elif lists:
            holder, at = rng.choice(lists)
            items = holder[at]
            holder[at] = items[1:] if items and rng.random() < 0.5 else items + copy.deepcopy(items[-1:])
    return doc


@pytest.fixture(autouse=True)
def _instant(monkeypatch: pytest.MonkeyPatch) -> None:
    real = Shell.create

    def create(*args: Any, **kwargs: Any) -> Shell:
        shell = real(*args, **kwargs)
        shell.settings = dataclasses.replace(shell.settings, animation_speed="instant", computer_pace="instant",
                                             trick_pause="off")
        return shell

    monkeypatch.setattr(Shell, "create", create)


def test_updates_altered_at_random_that_the_client_reads_never_break_the_table(shell_data: None) -> None:
    shell = make_shell()
    app = shell.app
    rng = random.Random(11)
    shown = refused = 0
    for variant in ("two_handed", "four_handed", "rubicon"):
        docs = honest_updates(variant)
        for _trial in range(50):
            at = rng.randrange(1, len(docs))
            client = InboxOnly()
            table = NetTableScene(app, client, parse_host(json.dumps(docs[at - 1])),  # type: ignore[arg-type]
                                  NetHost(shell, False), table_options(shell))
            app.stack.clear()
            app.push(table)
            app.tick(DT)
            try:
                update = parse_host(json.dumps(altered(docs[at], rng)))
            except ProtocolError:
                refused += 1
                continue
            client.inbox.put(update)
            for _ in range(20):
                app.tick(DT)
            assert table.session.current is update, "the table never took the update"
            for k in KEYS:  # the hand, trick, scores... read out; a card focused; a hint asked for
                key(app, k)
            app.tick(DT)
            shown += 1
    print(f"\n{shown} altered updates shown by the table, {refused} refused by parse_host")
    assert shown >= 15 and refused >= 15
