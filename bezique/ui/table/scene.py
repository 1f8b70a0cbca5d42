"""The table scene: a game of Bezique played with the mouse, against the computer or two on one screen.

The scene is only the table's lifecycle on the window's scene stack; each job is a part of its own:

- ``Stage`` (stage.py): the picture, and the rules' events turned into card flights, sounds and rising scores;
- ``Turns`` (turns.py): the session, the computer on the worker thread, hints, the pace of the computer and the demo;
- ``Controls`` (controls.py): the mouse and the keyboard turned into moves and button presses;
- ``Curtain`` (curtain.py): the hot-seat curtain and the screens over the table, which report back by callbacks;
- ``take_back`` (undo.py): undo;
- ``CardTracker`` (tracker.py): the optional panel of the cards gone (C shows or hides it);
- ``TableReadout`` (readout.py): what the drawing code (draw.py) reads, typed by ``protocol.TableView``.

Nothing in the table package imports this module: the parts are built here and handed to each other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar

import pygame

from bezique.presenter.session import GameSession
from bezique.presenter.table_session import TableSession
from bezique.rules import Action
from bezique.ui.scene import Host, Scene
from bezique.ui.table.controls import Controls
from bezique.ui.table.curtain import Curtain
from bezique.ui.table.draw import draw_table
from bezique.ui.table.focus import draw_focus
from bezique.ui.table.options import TableOptions
from bezique.ui.table.readout import TableReadout
from bezique.ui.table.replay_curtain import ReplayCurtain
from bezique.ui.table.spoken import TableSpeech
from bezique.ui.table.stage import Stage
from bezique.ui.table.tracker import CardTracker
from bezique.ui.table.turns import Turns

if TYPE_CHECKING:
    from bezique.ui.app import App
    from bezique.ui.table.guide import Guide

S = TypeVar("S", bound=TableSession)


class TableScene(Scene, Generic[S]):
    """One game at the table. `session`: a game at this screen (``GameSession``) or a seat of a game hosted
    elsewhere (``net.seat_session.SeatSession``): the table plays both alike. `host`: what runs the game around
    the table (the shell with its menu, or a bare window); the pause screen and the scoreboard report the player's
    way out to it. None: they quit. `curtain`: the kind of curtain (a replayed deal's, ``seat_replay``, has its own
    pause and end screens; a game on two computers its own way out)."""

    def __init__(self, app: App, session: S, options: TableOptions | None = None,
                 host: Host | None = None, curtain: type[Curtain] = Curtain) -> None:
        super().__init__(app)
        opt = options or TableOptions()
        self.session = session
        self.stage = Stage(app, session, opt)
        self.curtain = curtain(app, session, self.stage, opt, host,
                               start_deal=lambda: self.turns.start_deal())
        self.turns = Turns(app, session, self.stage, self.curtain, opt)
        self.controls = Controls(app, self.stage, self.turns, self.curtain)
        self.readout = TableReadout(app, self.stage, self.turns, self.controls, self.curtain, self.idle_prompt)
        self.guide: Guide | None = None  # the lesson's coach (``guide.Guide``), given by whoever opens a lesson
        self.tracker = CardTracker(app, session, self.stage, self.curtain)
        self.speech = TableSpeech(app, self.stage, self.turns, self.controls)
        self.stage.heard = self.speech.heard

    @property
    def opt(self) -> TableOptions:
        return self.turns.opt

    @opt.setter
    def opt(self, options: TableOptions) -> None:
        """New settings while the game is open (``Shell.apply``): every part reads them from now on."""
        self.stage.opt = self.turns.opt = self.curtain.opt = options

    # the table as the shell, the benchmark and the tests see it
    @property
    def speed(self) -> str:
        return self.stage.speed

    @property
    def host(self) -> Host | None:
        return self.curtain.host

    @property
    def overlay_open(self) -> bool:
        return self.curtain.overlay_open

    @property
    def sync_errors(self) -> int:
        return self.stage.sync_errors

    def human_turn(self) -> bool:
        """The player at the screen may act now."""
        return self.turns.human_turn()

    def try_move(self, action: Action) -> bool:
        """The player's `action`, as if chosen with the mouse (False, with a line saying why, if refused)."""
        return self.turns.try_move(action)

    def open_pause(self) -> None:
        self.curtain.open_pause()

    def idle_prompt(self) -> str:
        """The line under the trick while nobody is to act: nothing, at one screen."""
        return ""

    # --- lifecycle ------------------------------------------------------------------------------------------
    def enter(self) -> None:
        """Pushed onto the stack: the game begins (once; the scenes over the table come and go)."""
        self.turns.begin()

    def exit(self) -> None:
        """Popped: the computer is asked to stop thinking (the window may be closing)."""
        self.turns.worker.cancel()

    def resize(self, width: int, height: int) -> None:
        self.stage.relayout(width, height)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.guide is not None and self.guide.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c:
            self.tracker.toggle()
            return
        if event.type == pygame.KEYDOWN and self.speech.key(event.key):
            return
        self.controls.handle_event(event)

    def update(self, dt: float, active: bool) -> bool:
        """Time for every part, in the order the table needs: the cut, then the cards and the events due, then a
        hint just worked out, then (at rest) the safety net and the next decision."""
        stage, turns, curtain = self.stage, self.turns, self.curtain
        self.tracker.update()
        if not active and not curtain.overlay_open:
            return False  # paused under an overlay (pause, log)
        stage.time += dt
        if stage.cut_timer > 0:
            stage.cut_timer -= dt
            if stage.cut_timer <= 0:
                turns.start_deal()
            return True
        moving = stage.advance(dt)
        moving = (self.guide is not None and self.guide.update(dt)) or moving
        self.controls.close_stale_peek()
        moving = turns.collect_hint() or moving  # a hint just come: with nothing moving no frame would show it
        self.controls.follow_focus()
        if stage.at_rest():
            if stage.need_sync and not moving:
                stage.check_sync()
            if (active or curtain.overlay_open) and not (self.guide is not None and self.guide.takes_turn()):
                turns.decide()
        if stage.at_rest() and active:  # after ``decide``: a move made for the player (an empty declaration) is not
            self.speech.update()  # announced as their turn
        return moving or bool(stage.queue) or stage.hold > 0 or turns.busy

    def spoken_title(self) -> str:
        return self.speech.title()

    def spoken_focus(self) -> str:
        return self.speech.focus()

    def spoken_keys(self) -> str:
        return self.app.t("speech.keys.table")

    def draw(self, surface: pygame.Surface) -> None:
        draw_table(self.readout, surface)
        self.tracker.draw(surface)
        if not (self.stage.banner or self.stage.cut_timer > 0):  # the keyboard's focus, over all but a banner
            draw_focus(surface, self.stage.layout.s, *self.controls.focus_outline())
        if self.guide is not None:
            self.guide.draw(surface)


def seat_replay(app: App, session: GameSession, options: TableOptions, host: Host) -> TableScene[GameSession]:
    """A table replaying one deal, with the replay's own pause and end screens (``replay_curtain``)."""
    return TableScene(app, session, options, host, curtain=ReplayCurtain)
