"""The table's frames at scripted moments of a game, hashed: the one-screen table of a game (``GameSession``) and
the table of a seat of the same game held elsewhere (``SeatSession``, fed by ``LoopbackHost``, a host in this
process). Both play the same game to the same moments (the same seed, the same clicks, the computers the same
seeded players), so a refactor of what the table asks of its game is checked by comparing the two tables' frames,
which stays meaningful however the table's look changes.

A refactor can also be checked against the frames before it, without keeping hashes in the repository (the
table's look changes under other work): ``python tests/ui/frame_driver.py record FILE`` on the old code, then
``python tests/ui/frame_driver.py check FILE`` on the new (SDL dummy drivers, fixed seeds, time stepped 1/60 s).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import pygame  # after the drivers are chosen
from ui_driver import DT, human_move, make_app, step, table_of, wait_rest

from bezique.net.protocol import Link, SeatState, Update
from bezique.net.seat_session import SeatSession
from bezique.presenter.session import GameSession
from bezique.rules import Action, Event, Phase, SeatKind, Verb, redact_event, view_for
from bezique.ui.shutdown import quit_pygame
from bezique.ui.table.options import TableOptions
from bezique.ui.table.overlays import ResultOverlay
from bezique.ui.table.scene import TableScene
from bezique.ui.table.turns import computer_player

MOMENTS = ("stock_lead", "declaration", "seven_exchange", "last_eight", "scoreboard")
GAMES = (("two_handed", 3), ("four_handed", 5))  # a two-handed game and a multi-handed one: variant, seed
SETTLE_TICKS = 720  # ticks (12 s) before a frame is taken: every floater and passing line is gone
MOVES = 2000  # a guard against a game that never reaches every moment


class LoopbackHost:
    """A host for one seat, in this process, as the host's own window plays its game (its player's seat at the
    host, the seats of the computers too: a friend's seat is marked at the table, which a one-screen game has none
    of): the game as the one-screen table would hold it (same rules, seats and seed), its computers the players the
    one-screen table would seat (``computer_player``, the same seeds), and each change sent to the seat's session as
    ``net.host`` sends it (the view, the events redacted for the seat, its legal moves, every seat's connection, the
    seats waited for between deals, the hands laid down at the end)."""

    def __init__(self, game: GameSession, seat: int, options: TableOptions) -> None:
        self.game = game
        self.seat = seat
        self.version = 0
        self.players = {s: computer_player(st.level, game.seed + s, options)
                        for s, st in enumerate(game.seats) if st.kind == SeatKind.AI}
        self.session: SeatSession | None = None

    def update(self, events: list[Event]) -> Update:
        state, seat = self.game.state, self.seat
        view = view_for(state, seat)
        seats = tuple(SeatState(st.name, SeatKind.AI, Link.HERE, st.level) if st.kind == SeatKind.AI else
                      SeatState(st.name, SeatKind.HUMAN, Link.HERE) for st in self.game.seats)
        laid = {s: tuple(h) for s, h in enumerate(state.hands) if s != seat} if self.game.over else {}
        waiting = (seat,) if self.game.awaiting_deal else ()
        return Update(self.version, view, tuple(redact_event(e, seat, state) for e in events), view.legal, seats,
                      waiting, laid)

    def _send(self, events: list[Event]) -> None:
        """`events` to the seat, then the computers' moves, each as its own update."""
        self._tell(events)
        game = self.game
        while not game.over and not game.awaiting_deal and game.to_act in self.players:
            seat = game.to_act
            view = view_for(game.state, seat)
            self._tell(game.make_move(self.players[seat].choose(view, list(view.legal))))

    def _tell(self, events: list[Event]) -> None:
        self.version += 1
        assert self.session is not None
        self.session.receive(self.update(events))

    # what the seat's session sends (``seat_session.Link``)
    def send_move(self, action: Action) -> None:
        self._send(self.game.make_move(action))

    def ready(self) -> None:
        self._send(self.game.start_deal())


def moment(table: TableScene) -> str | None:
    """Which of the scripted moments the table is at, the player being to act (None: none of them)."""
    screen = table.stage.screen
    verbs = {a.verb for a in screen.legal}
    if Verb.EXCHANGE_SEVEN in verbs:
        return "seven_exchange"
    if screen.phase == Phase.DECLARE and Verb.MELD in verbs:
        return "declaration"
    if screen.phase == Phase.PLAY and not screen.trick:
        return "stock_lead" if screen.stock_count else "last_eight"
    return None


def frame_hash(app) -> str:
    """The window's frame once what passes with time has passed (a score rising, a line said): the two tables come
    to the same moment after different numbers of ticks (the seat's moves come back as news a tick later)."""
    for _ in range(SETTLE_TICKS):
        app.tick(DT)
    app.draw()
    return hashlib.sha256(pygame.image.tobytes(app.screen, "RGB")).hexdigest()[:16]


def shoot(app, seed: int) -> dict[str, str]:
    """Play the window's game with seeded clicks, hashing the frame at the first of each moment."""
    rng = random.Random(seed)
    shots: dict[str, str] = {}
    for _ in range(MOVES):
        wait_rest(app)
        top = app.stack.top
        if isinstance(top, ResultOverlay):
            shots.setdefault("scoreboard", frame_hash(app))
            if len(shots) == len(MOMENTS):
                return shots
            step(app, rng)  # the scoreboard closes: the next deal
            continue
        table = table_of(app)
        assert table.human_turn(), "the table came to rest with nobody to click for"
        name = moment(table)
        if name is not None and name not in shots:
            shots[name] = frame_hash(app)
        human_move(app, rng)
    raise AssertionError(f"moments never reached: {set(MOMENTS) - set(shots)}")


def one_screen(variant: str, seed: int, bare: bool) -> dict[str, str]:
    """The one-screen table's frames (`bare`: with the bare window's host, as ``open_table`` seats it; else with
    no host, as the seat's table below)."""
    app, table = make_app(seed=seed, variant=variant)
    if bare:
        return _shoot_alone(app, table, seed)
    made = table.session
    game = GameSession(made.rules, list(made.seats), seed=seed, allow_undo=made.allow_undo)
    return _shoot_alone(app, TableScene(app, game, table.opt, None), seed)


def seat_scene(variant: str, seed: int, bare: bool = False) -> tuple[object, TableScene]:
    """The window and seat 0's table of the game ``make_app`` would seat, held by a ``LoopbackHost`` (`bare`: with
    the bare window's host, which offers a review and the rest; else with none)."""
    app, made = make_app(seed=seed, variant=variant)
    options = made.opt
    game = GameSession(made.session.rules, list(made.session.seats), seed=seed)
    host = LoopbackHost(game, 0, options)
    host.session = SeatSession(host, host.update([]))
    table = TableScene(app, host.session, options, made.host if bare else None)
    app.stack.clear()
    app.push(table)
    return app, table


def seat_table(variant: str, seed: int) -> dict[str, str]:
    """The frames of seat 0's table of the same game, held by a ``LoopbackHost``."""
    return _shoot_alone(*seat_scene(variant, seed), seed)


def _shoot_alone(app, table: TableScene, seed: int) -> dict[str, str]:
    """`table` alone on the window (in place of the bare window's own), its frames; pygame is shut down after."""
    try:
        if app.stack.top is not table:
            app.stack.clear()
            app.push(table)
        return shoot(app, seed)
    finally:
        quit_pygame()


def all_frames() -> dict[str, str]:
    """Every table's frame at every moment, by "variant/table/moment"."""
    out: dict[str, str] = {}
    for variant, seed in GAMES:
        for name, shots in (("bare", one_screen(variant, seed, True)), ("screen", one_screen(variant, seed, False)),
                            ("seat", seat_table(variant, seed))):
            out.update({f"{variant}/{name}/{m}": h for m, h in shots.items()})
    return out


def main(argv: list[str]) -> int:
    """``record FILE``: write every frame's hash; ``check FILE``: compare with the hashes written before."""
    if len(argv) != 2 or argv[0] not in ("record", "check"):
        print("usage: frame_driver.py record|check FILE")
        return 2
    frames = all_frames()
    if argv[0] == "record":
        with open(argv[1], "w", encoding="utf-8") as out:
            json.dump(frames, out, indent=1, sort_keys=True)
        print(f"{len(frames)} frames recorded")
        return 0
    with open(argv[1], encoding="utf-8") as source:
        before = json.load(source)
    changed = sorted(k for k in before.keys() | frames.keys() if before.get(k) != frames.get(k))
    for k in changed:
        print(f"{k}: {before.get(k)} -> {frames.get(k)}")
    print(f"{len(frames)} frames, {len(changed)} changed")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
