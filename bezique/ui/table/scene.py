"""The table scene: a game of Bezique played with the mouse, against the computer or two on one screen.

The scene turns the engine's events into card flights (``TableModel`` + ``placements``), sounds and rising
scores; it asks the computer for moves on a worker thread; it takes the player's clicks and drags. Drawing lives in
``table_draw`` and never changes anything here.
"""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from typing import Any

import pygame

from bezique.ai import LEVELS, Player, make_player
from bezique.ai.hints import advise, hint_player
from bezique.config import AISettings, AppSettings
from bezique.presenter import model as tm
from bezique.presenter.layout import Box, Layout, card_box
from bezique.presenter.session import GameSession
from bezique.rules.actions import DECLARE_SEVEN, DONE, EXCHANGE_SEVEN, MELD, PASS_TO_PARTNER, PLAY, Action, Event
from bezique.rules.cards import BRISQUE_RANKS, rank_of
from bezique.rules.state import DECLARE
from bezique.rules.state import PLAY as PLAY_PHASE
from bezique.ui.kit.floaters import Floater, new_floater
from bezique.ui.kit.sprites import CardSprite
from bezique.ui.kit.texts import card_name, illegal_text, meld_label, score_name
from bezique.ui.kit.tween import COMPUTER_PACE, SPEED_FACTORS, flight_time, pause_time
from bezique.ui.kit.widgets import Button, button_at
from bezique.ui.scene import Host, Scene
from bezique.ui.table.decl_panel import decl_buttons, rows_that_fit
from bezique.ui.table.meld_rows import panel_melds, where_from


@dataclass(frozen=True)
class TableOptions:
    """What the table reads: the player's settings as they stand (``config.app`` / ``config.ai`` overlaid by
    Settings; ``Shell.apply`` swaps in new ones while a game is open), and what this one table adds."""

    app: AppSettings = field(default_factory=AppSettings)
    ai: AISettings = field(default_factory=AISettings)
    hints: bool = True  # the Hint button (a new game from the menu turns it on only for assisted games)
    demo: bool = False
    demo_deals: int = 0  # demo: quit after this many deals (0: play the game out)
    problems: list[str] = field(default_factory=list)

    @classmethod
    def from_settings(cls, app: AppSettings, ai: AISettings, **overrides: Any) -> TableOptions:
        """Options holding `app` and `ai`; an override names a field of this class or of ``AppSettings`` (the demo
        command, the benchmark and the tests set the animation speed, the computer's pace or undo this way)."""
        app_fields = {f.name for f in fields(AppSettings)}
        changes = {k: v for k, v in overrides.items() if k in app_fields}
        own = {k: v for k, v in overrides.items() if k not in app_fields}
        return cls(app=replace(app, **changes) if changes else app, ai=ai, **own)


class TableScene(Scene):
    def __init__(self, app, session: GameSession, options: TableOptions | None = None,
                 host: Host | None = None) -> None:
        super().__init__(app)
        self.host = host  # what runs the game around the table: its pause menu and scoreboard report there
        self.session = session
        self.opt = options or TableOptions()
        self.layout = Layout.for_size(*app.size, session.rules.players)
        humans = session.humans
        self.viewer = humans[0] if humans else 0
        self.reveal = session.rules.open_hands or not humans
        self.model = tm.new_model(session.rules, self.viewer, self.reveal)
        self.trump_flash = -10.0  # when trumps were set by a meld (Rubicon, Chinese): the marker's flourish
        self.shown_cards: tuple[int, tuple[int, ...], float] | None = None  # carte blanche: (seat, cards, until)
        self.sprites: dict[int, CardSprite] = {}
        self.queue: deque[Event] = deque()
        self.hold = 0.0
        self.time = 0.0
        self.need_sync = False
        self.sync_errors = 0
        self.players = {seat: self._make_computer(s.level, session.seed + seat)
                        for seat, s in enumerate(session.seats) if s.kind == "ai"}
        # hints come from a strong level whoever the opponent is (bezique.ai.hints), on the worker thread
        self.hinter = hint_player(session.seed + 99, self.opt.ai.expert_time_ms, self.opt.ai.expert_iterations)
        from bezique.ui.kit.worker import Worker
        self.worker = Worker()
        self.ai_started = 0.0
        self.ai_choice: Action | None = None
        self.message: tuple[str, float, tuple[int, int, int]] | None = None
        self.hint: tuple[Action, str] | None = None
        self.hover_key: int | None = None
        self.hover_button: str | None = None
        self.hover_disabled: str | None = None  # a greyed-out button under the pointer: its tooltip says why
        self.hover_meld: int | None = None
        self.press: tuple[int, tuple[int, int]] | None = None
        self.dragging: int | None = None
        self.peek = False
        self.peek_pinned = False  # opened by the button or the T key: it stays until closed the same way
        self.floaters: list[Floater] = []
        self.deal_events: list[Event] = []
        self.banner = list(self.opt.problems)
        self.curtain = False  # hot-seat: the bottom hand is shown face down until the hand-over
        self.cut_timer = 0.0
        self.deals_seen = 0
        self.overlay_open = False
        self.game_over_shown = False
        self.started = False
        self.buttons: list[Button] = []
        self.decl_buttons: list[Button] = []
        self.decl_scroll = 0
        self.pending_deal: list[Event] | None = None  # hot-seat: the new deal, shown after the hand-over

    @staticmethod
    def _level(level: str) -> str:
        return level if level in LEVELS else next(iter(LEVELS))

    def _make_computer(self, level: str, seed: int) -> Player:
        """A computer player of `level` with the thinking budget the settings give the search levels."""
        level = self._level(level)
        budget: dict[str, Any] = {}
        if level == "expert":
            budget = {"time_ms": self.opt.ai.expert_time_ms, "iterations": self.opt.ai.expert_iterations or None}
        elif level == "master":
            budget = {"time_ms": self.opt.ai.master_time_ms}
        return make_player(level, seed=seed, **budget)

    # --- lifecycle ------------------------------------------------------------------------------------------
    def enter(self) -> None:
        if not self.started:
            self.started = True
            if self.session.resumed:
                self._resume()
            elif self.session.cut and SPEED_FACTORS.get(self.opt.app.animation_speed, 1.0) > 0:
                self.cut_timer = pause_time(2.2, self.opt.app.animation_speed)
            else:
                self._start_deal()

    def exit(self) -> None:
        self.worker.cancel()

    def resize(self, width: int, height: int) -> None:
        self.layout = Layout.for_size(width, height, self.session.rules.players)
        places = tm.placements(self.model, self.layout, self.opt.app.sort_trumps_first)
        for key, place in places.items():
            sprite = self.sprites.get(key)
            if sprite is not None:
                sprite.snap(place.slot)
        self._build_buttons()

    @property
    def speed(self) -> str:
        return self.opt.app.animation_speed

    # --- feeding events -------------------------------------------------------------------------------------
    def _resume(self) -> None:
        """A saved game continued: the table as the rules rebuilt it, the right player to act."""
        session = self.session
        if session.awaiting_deal and not session.state.past_deals:
            self._start_deal()
            return
        # saved between deals: the table as it was, and the deal's scoreboard again (``_decide`` opens it)
        self.deals_seen = session.state.deal_index + (1 if session.awaiting_deal else 0)
        if session.hotseat and session.to_act is not None:
            self.viewer = session.to_act
            self.curtain = True
        self.model = tm.new_model(session.rules, self.viewer, self.reveal)
        self._rebuild(animate=False)

    def _start_deal(self) -> None:
        events = self.session.start_deal()
        self.deal_events = []
        self.decl_scroll = 0
        if self.session.hotseat:
            # the hand-over comes first: the new hand is then dealt face up to the one who is looking
            self.viewer = self.session.to_act if self.session.to_act is not None else self.viewer
            self.model = tm.new_model(self.session.rules, self.viewer, self.reveal, self.model.next_hidden)
            self.sprites.clear()
            self.pending_deal = events
            self.curtain = True
            self._hand_over(self.viewer)
            return
        self._feed(events)

    def _feed(self, events: list[Event]) -> None:
        """Queue `events` for showing, as the viewer may see them."""
        self.deal_events.extend(e for e in events if e.kind == "scored")
        shown = self.session.redact(events, self.viewer) if not self.reveal else events
        pattern = self.session.rules.deal_pattern
        dealt = {e.seat: e for e in shown if e.kind == "dealt"}
        for event in shown:
            if event.kind == "dealt":
                continue
            self.queue.append(event)
            if event.kind == "deal_started":  # deal in packets, as the dealer does (RULES.md §1.3)
                order = [e.seat for e in shown if e.kind == "dealt"]
                pos = 0
                for packet in pattern:
                    for seat in order:
                        cards = dealt[seat].cards[pos:pos + packet] if dealt[seat].cards else ()
                        self.queue.append(Event("packet", seat, cards, packet))
                    pos += packet
                if not self.session.rules.turn_up_trump:  # Rubicon, Chinese: the rest is the stock, no turn-up
                    self.queue.append(Event("stock_laid", None))
        self.need_sync = True

    def _show(self, event: Event) -> None:
        """Apply one event to the model and start its animation, sound and floating score."""
        sounds = self.app.sounds
        kind = event.kind
        trump_before = self.model.trump
        renames = self.model.apply(event)
        if kind == "meld_declared" and trump_before is None and self.model.trump is not None:
            self.trump_flash = self.time
            from bezique.ui.kit.texts import suit_word
            self.say(self.app.t("table.trumps_set", suit=suit_word(self.model.trump, self.app.lang)), seconds=3.0)
        for old, new in renames:
            sprite = self.sprites.pop(old, None)
            if sprite is not None:
                sprite.key = new
                self.sprites[new] = sprite
        stagger = 0.0
        delay = 0.0
        ease = None
        if kind == "deal_started":
            sounds.play("shuffle")
            self.hold = pause_time(0.7, self.speed)
            self.floaters.clear()
        elif kind == "packet":
            sounds.play("deal")
            stagger = pause_time(0.05, self.speed)
        elif kind == "turn_up" or kind == "card_played":
            sounds.play("card_play")
        elif kind == "trick_won":
            delay = pause_time(0.6, self.speed)
            sounds.play("trick_gathered")
        elif kind == "card_drawn":
            sounds.play("draw")
        elif kind == "meld_declared":
            sounds.play("meld_big" if event.points >= 250 else "meld")
        elif kind == "seven_exchanged":
            sounds.play("seven")
        elif kind == "scored":
            self._float_score(event)
            if event.label == "carte_blanche" and event.cards and event.seat is not None:
                # the shown hand (at the deal) or the drawn card (repeats): public for a moment (RULES.md §5.2)
                show = pause_time(2.2 if len(event.cards) > 1 else 1.2, self.speed)
                self.shown_cards = (event.seat, tuple(event.cards), self.time + max(show, 0.05))
                self.say(self.app.t("table.carte_blanche", name=self.session.seats[event.seat].name),
                         seconds=max(show, 1.5))
                self.hold = max(self.hold, show)
            if event.label == "seven_of_trumps":
                sounds.play("seven")
            self.hold = max(self.hold, pause_time(0.25, self.speed))
        elif kind == "game_over":
            human = self.session.humans
            if human and not self.session.hotseat:
                sounds.play("game_won" if event.seat == self.session.state.rules.side_of(human[0]) else "game_lost")
            else:
                sounds.play("game_won")
        elif kind in ("deal_scored", "deal_settled"):
            self.deals_seen += 1
            sounds.play("deal_won")
        end = self._retarget(stagger=stagger, delay=delay, ease=ease)
        self.hold = max(self.hold, end)
        if kind == "card_played" and len(self.model.trick) == 1:
            self.hold = max(self.hold, end * 0.8)

    def _retarget(self, stagger: float = 0.0, delay: float = 0.0, ease=None, snap: bool = False) -> float:
        """Send every sprite towards its place in the model; returns when the last one lands (seconds)."""
        places = tm.placements(self.model, self.layout, self.opt.app.sort_trumps_first)
        end = 0.0
        n = 0
        flip = pause_time(0.22, self.speed)
        for key, place in places.items():
            sprite = self.sprites.get(key)
            if sprite is None:
                sprite = CardSprite(key, place.slot, place.face_up, place.z)
                self.sprites[key] = sprite
            sprite.z = place.z
            sprite.visible = place.visible
            if snap:
                sprite.snap(place.slot)
                sprite.set_face(place.face_up, 0.0)
                continue
            dist = sprite.distance_to(place.slot)
            moving = dist > 0.5 or abs(sprite.target()[3] - place.slot.height) > 0.5 or \
                abs(sprite.target()[2] - place.slot.angle) > 0.5
            d = delay
            dur = 0.0
            if moving:
                d = delay + stagger * n
                n += 1
                dur = flight_time(max(dist, 20.0), self.layout.height, self.speed)
                sprite.fly_to(place.slot, dur, d)
                end = max(end, d + dur)
            if place.face_up != sprite.flip_to:
                sprite.set_face(place.face_up, flip, d + max(0.0, dur - flip))
                end = max(end, d + max(dur, flip))
        for key in [k for k in self.sprites if k not in places]:
            del self.sprites[key]
        return end

    def _float_score(self, event: Event) -> None:
        bottom = event.seat == self.viewer
        rel = self.model.rel(event.seat) if event.seat is not None else 0
        zone = self.layout.melds_of(rel)
        badge = self.layout.badge_of(rel)
        x = zone.cx if event.label not in ("brisques", "last_trick") else badge.cx
        y = zone.cy if event.label not in ("brisques", "last_trick") else badge.cy
        colour = (255, 214, 120) if bottom else (190, 215, 250)
        text = f"+{event.points}  {score_name(event.label, self.app.lang)}"
        life = max(0.9, 1.8 * max(SPEED_FACTORS.get(self.speed, 1.0), 0.5))
        self.floaters.append(new_floater(self.floaters, text, x, y, colour, life, self.layout.height, self.layout.s))

    # --- rebuilding from the view (hand-over, undo, safety net) ---------------------------------------------
    def _rebuild(self, animate: bool) -> None:
        old = self.model
        view = self.session.view(self.viewer)
        new = tm.from_view(view, self.reveal, start_hidden=old.next_hidden, top_cards=self._top_cards())
        if old.bottom == new.bottom:  # keep the face-down sprites where they were
            pairs = [(old.hands[s], new.hands[s]) for s in new.others] + [(old.stock, new.stock)]
            for zone_old, zone_new in pairs:
                spare = [k for k in zone_old if k < 0]
                for i, key in enumerate(zone_new):
                    if key < 0 and spare:
                        zone_new[i] = spare.pop(0)
        if animate:  # another seat's cards going back to its hand fly there and turn over (undo)
            for old_key, new_key in tm.returning_cards(old, new).items():
                sprite = self.sprites.pop(old_key, None)
                if sprite is not None:
                    sprite.key = new_key
                    self.sprites[new_key] = sprite
        self.model = new
        if not animate:
            self.sprites.clear()
        self._retarget(snap=not animate)

    def _top_cards(self) -> dict[int, list[int]] | None:
        """The other hands, face up: only in the demo (every seat is the computer) and Open Bezique."""
        if not self.reveal:
            return None
        state = self.session.state
        n = self.session.rules.players
        return {(self.viewer + i) % n: list(state.hands[(self.viewer + i) % n]) for i in range(1, n)}

    def _check_sync(self) -> None:
        self.need_sync = False
        view = self.session.view(self.viewer)
        truth = tm.from_view(view, self.reveal, top_cards=self._top_cards())
        if truth.signature() != self.model.signature():
            self.sync_errors += 1
            print(f"bezique: table out of step with the game, redrawn\n  shown: {self.model.signature()}\n"
                  f"  truth: {truth.signature()}", file=sys.stderr)
            self._rebuild(animate=True)

    # --- deciding what happens next -------------------------------------------------------------------------
    def at_rest(self) -> bool:
        return not self.queue and self.hold <= 0 and self.cut_timer <= 0

    def human_turn(self) -> bool:
        seat = self.session.to_act
        return (self.at_rest() and seat is not None and self.session.seats[seat].kind == "human"
                and seat == self.viewer and not self.curtain and not self.overlay_open)

    def _decide(self) -> None:
        session = self.session
        if self.overlay_open:
            return
        if session.over:
            if not self.game_over_shown:
                self.game_over_shown = True
                self._open_result(game_over=True)
            return
        if session.awaiting_deal:
            if self.opt.demo and self.opt.demo_deals and self.deals_seen >= self.opt.demo_deals:
                self.app.quit()
                return
            self._open_result(game_over=False)
            return
        seat = session.to_act
        if seat is None:
            return
        if session.seats[seat].kind == "ai":
            self._computer(seat)
            return
        if seat != self.viewer or (self.curtain and self.session.hotseat):
            self._hand_over(seat)
            return
        if self.curtain:
            self.curtain = False
        legal = session.legal()
        phase = session.state.phase
        settings = self.opt.app
        auto_pass = phase == DECLARE and settings.auto_pass_empty_declaration and all(a.verb == DONE for a in legal)
        forced = phase == PLAY_PHASE and settings.auto_play_forced_card and len({a.cards[0] & 31 for a in legal}) == 1
        if auto_pass or forced:
            self.act(legal[0])

    def _computer(self, seat: int) -> None:
        worker = self.worker
        if worker.idle and self.ai_choice is None:
            view = self.session.view(seat)
            legal = list(view.legal)
            player = self.players[seat]
            worker.start(lambda stop: player.choose(view, legal, stop), tag=("ai", seat))
            self.ai_started = self.time
            return
        if self.ai_choice is None:
            done, result = worker.poll()
            if not done:
                return
            self.ai_choice = result
        pace = COMPUTER_PACE.get(self.opt.app.computer_pace, 0.55)
        if self.session.state.phase == DECLARE and self.ai_choice.verb == DONE:
            pace *= 0.4
        if self.time - self.ai_started >= pace:
            choice, self.ai_choice = self.ai_choice, None
            if self.session.why_illegal(choice) is not None:  # a bug in a level must not stop the game
                choice = self.session.legal()[0]
            events = self.session.act(choice)
            self.session.note_opponent_events(events)
            self._feed(events)

    def _hand_over(self, seat: int) -> None:
        from bezique.ui.table.overlays import HandOverScene
        self.curtain = True
        self.overlay_open = True
        self.app.push(HandOverScene(self.app, self, seat))

    def finish_hand_over(self, seat: int) -> None:
        """Called by the hand-over screen before it closes: the table now shows `seat`'s side."""
        if self.pending_deal is not None:
            events, self.pending_deal = self.pending_deal, None
            self.curtain = False
            self.overlay_open = False
            self._feed(events)
            return
        self.viewer = seat
        self.model = tm.new_model(self.session.rules, seat, self.reveal, self.model.next_hidden)
        self.sprites.clear()
        self._rebuild(animate=False)
        self.curtain = False
        self.overlay_open = False

    def _open_result(self, game_over: bool) -> None:
        from bezique.ui.table.overlays import ResultOverlay
        self.overlay_open = True
        self.app.push(ResultOverlay(self.app, self, list(self.deal_events), game_over))

    def result_closed(self, game_over: bool) -> None:
        self.overlay_open = False
        if game_over:
            if self.opt.demo:
                self.app.quit()
            return
        self._start_deal()

    # --- the player's actions -------------------------------------------------------------------------------
    def act(self, action: Action) -> bool:
        """Apply the player's action; refuse politely (sound and a line) when the rules say no."""
        reason = self.session.why_illegal(action)
        if reason is not None:
            self.say(illegal_text(reason, self.app.lang), (255, 170, 150))
            self.app.sounds.play("illegal")
            return False
        if self.hint is not None or self._hint_pending():
            self.message = None  # the hint's line is about the move just made: it goes with it
        self._drop_hint()
        self.decl_scroll = 0
        seat = self.session.to_act
        events = self.session.act(action)
        if action.verb in (MELD, EXCHANGE_SEVEN, DECLARE_SEVEN, DONE, PASS_TO_PARTNER):
            self.app.sounds.play("click")
        self._feed(events)
        nxt = self.session.to_act
        if self.session.hotseat and nxt is not None and nxt != seat and self.session.seats[nxt].kind == "human":
            self.curtain = True
        return True

    def play_card(self, key: int) -> bool:
        if not self.human_turn() or self.session.state.phase != PLAY_PHASE:
            return False
        action = self.session.canonical_play(self.viewer, key)
        return self.act(action)

    def say(self, text: str, colour: tuple[int, int, int] = (255, 236, 190), seconds: float = 3.5) -> None:
        self.message = (text, self.time + seconds, colour)

    def disabled_reason(self, action: str) -> str | None:
        """Why the button `action` is greyed out, when the reason is not plain to see (the computer thinking is):
        hints off for this game, undo off in the settings or with two at the screen."""
        T = self.app.t
        if action == "hint" and not self.opt.hints:
            return T("table.hints_off")
        if action == "undo" and not self.session.allow_undo:
            return T("table.undo_hotseat") if self.session.hotseat else T("table.undo_off")
        return None

    def ask_hint(self) -> None:
        if not self.opt.hints:
            self.say(self.disabled_reason("hint") or "", seconds=6)
            return
        if not self.human_turn() or not self.worker.idle:
            return
        view = self.session.view(self.viewer)
        legal = list(view.legal)
        hinter = self.hinter
        lang = self.app.lang
        self.worker.start(lambda stop: advise(hinter, view, legal, lang, lambda card: card_name(card, lang), stop),
                          tag=("hint",))
        self.say(self.app.t("hint.thinking"), seconds=10)

    def _hint_pending(self) -> bool:
        return bool(self.worker.tag) and self.worker.tag[0] == "hint"

    def _drop_hint(self) -> None:
        """Forget the hint, and stop one still being worked out: it would be about a position that has gone."""
        self.hint = None
        if self._hint_pending():
            self.worker.cancel()
            self.worker.tag = None

    def undo(self) -> None:
        if not (self.human_turn() and self.session.can_undo()):
            self.app.sounds.play("illegal")
            return
        self.session.undo()
        self._drop_hint()
        self.floaters.clear()  # the scores taken back do not go on rising
        self._rebuild(animate=True)
        self.hold = pause_time(0.3, self.speed)
        self.say(self.app.t("table.undone"))

    def open_log(self) -> None:
        from bezique.ui.table.overlays import LogOverlay
        self.app.push(LogOverlay(self.app, self))

    def open_pause(self) -> None:
        from bezique.ui.table.overlays import PauseOverlay
        self.app.push(PauseOverlay(self.app, self))

    # --- time -----------------------------------------------------------------------------------------------
    def update(self, dt: float, active: bool) -> bool:
        if not active and not self.overlay_open:
            return False  # paused under an overlay (pause, log)
        self.time += dt
        if self.cut_timer > 0:
            self.cut_timer -= dt
            if self.cut_timer <= 0:
                self._start_deal()
            return True
        moving = False
        for sprite in self.sprites.values():
            if sprite.moving:
                sprite.update(dt)
                moving = True
        for f in self.floaters:
            f.age += dt
        if self.floaters:
            self.floaters = [f for f in self.floaters if f.age < f.life]
            moving = True
        if self.hold > 0:
            self.hold -= dt
        while self.queue and self.hold <= 0:
            self._show(self.queue.popleft())
        if self.peek and not self.can_peek():  # the next lead: the last trick is no longer to be seen
            self.peek = self.peek_pinned = False
        if self.message is not None and self.time > self.message[1]:
            self.message = None
            moving = True
        if self._hint_pending():
            done, result = self.worker.poll()
            if done:
                self.worker.tag = None
                self.hint = (result.action, result.reason)
                self.say(self._hint_text(result.action, result.reason), seconds=8)
                moving = True  # draw it now: with the worker idle and nothing moving no frame would show it
        if self.at_rest():
            if self.need_sync and not moving:
                self._check_sync()
            if active or self.overlay_open:
                self._decide()
        return moving or bool(self.queue) or self.hold > 0 or self.worker.busy or self.ai_choice is not None

    def _hint_text(self, action: Action, reason: str) -> str:
        lang = self.app.lang
        if action.verb == PLAY:
            what = self.app.t("hint.play", card=card_name(action.cards[0], lang))
        elif action.verb == MELD:
            what = self.app.t("hint.meld", meld=meld_label(action.kind or "", action.cards, self.session.state.trump,
                                                           lang))
        elif action.verb == EXCHANGE_SEVEN:
            what = self.app.t("hint.exchange")
        elif action.verb == DECLARE_SEVEN:
            what = self.app.t("hint.declare_seven")
        elif action.verb == PASS_TO_PARTNER and action.seat is not None:
            what = self.app.t("hint.pass_to_partner", name=self.session.seats[action.seat].name)
        else:
            what = self.app.t("hint.draw")
        return what + (f" — {reason}" if reason else "")

    # --- input ----------------------------------------------------------------------------------------------
    def _build_buttons(self) -> None:
        self.buttons, self.decl_buttons = self.compute_buttons()

    def compute_buttons(self) -> tuple[list[Button], list[Button]]:
        """The buttons as they are now (pure: ``draw`` calls it too)."""
        b = self.layout.buttons
        T = self.app.t
        buttons = [
            Button(b[0], T("action.hint"), "hint", enabled=self.opt.hints and self.human_turn()),
            Button(b[1], T("action.menu"), "menu"),
            Button(b[2], T("action.undo"), "undo", enabled=self.session.can_undo() and self.human_turn()),
            Button(b[3], T("table.score_log"), "log"),
            Button(self.layout.peek_button(), T("table.hide_last_trick" if self.peek else "table.show_last_trick"),
                   "peek", enabled=self.can_peek(), text_size=18),
        ]
        decl: list[Button] = []
        if self.human_turn() and self.session.state.phase == DECLARE:
            decl = decl_buttons(self, self.session.legal())
        return buttons, decl

    def decl_rows(self) -> int:
        """How many meld rows the declaration panel shows at once (the rest scroll)."""
        return rows_that_fit(self.layout.decl_panel, self.layout.s)

    def scroll_decl(self, delta: int) -> None:
        n = len(self.decl_melds())
        self.decl_scroll = max(0, min(self.decl_scroll + delta, n - self.decl_rows()))

    def decl_melds(self) -> list[Action]:
        """The melds the panel lists, one row per choice the player can tell apart (``meld_rows.panel_melds``)."""
        if not (self.human_turn() and self.session.state.phase == DECLARE):
            return []
        return panel_melds(self.session.legal(), self.meld_source())

    def meld_source(self) -> Callable[[int], str]:
        """Where each card the viewer may meld lies: their hand, their table or a partner's table."""
        state = self.session.state
        return where_from(state.hands[self.viewer], state.tables[self.viewer])

    def _press_button(self, action: str) -> None:
        self.app.sounds.play("click")
        if action == "hint":
            self.ask_hint()
        elif action == "menu":
            self.open_pause()
        elif action == "undo":
            self.undo()
        elif action == "log":
            self.open_log()
        elif action == "peek":
            self.toggle_peek()
        elif action.startswith("meld:"):
            melds = self.decl_melds()
            i = int(action[5:])
            if i < len(melds):
                self.act(melds[i])
        elif action == "decl_up":
            self.scroll_decl(-1)
        elif action == "decl_down":
            self.scroll_decl(1)
        elif action == "exchange":
            self.act(Action(EXCHANGE_SEVEN))
        elif action == "declare7":
            self.act(Action(DECLARE_SEVEN))
        elif action == "done":
            self.act(Action(DONE))
        elif action == "pass":
            passes = [a for a in self.session.legal() if a.verb == PASS_TO_PARTNER]
            if passes:
                self.act(passes[0])

    def my_cards_at(self, pos: tuple[int, int]) -> int | None:
        """The topmost of the viewer's own cards (hand or table) under `pos`."""
        own = set(self.model.hands[self.viewer]) | set(self.model.tables[self.viewer])
        best = None
        for key in own:
            sprite = self.sprites.get(key)
            if sprite is None or key < 0 or not sprite.visible:
                continue
            place = tm.Place(tm.Slot(sprite.cx, sprite.cy, 0.0, round(sprite.height)), True, sprite.z)
            if card_box(place.slot, sprite.lift).contains(*pos) and (best is None or sprite.z > best[0]):
                best = (sprite.z, key)
        return None if best is None else best[1]

    def playable(self) -> set[int]:
        """Faces the viewer may play now (others are dimmed in the final tricks)."""
        if not self.human_turn() or self.session.state.phase != PLAY_PHASE:
            return set()
        return {a.cards[0] & 31 for a in self.session.legal() if a.verb == PLAY}

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE and self.peek:
                self.peek = self.peek_pinned = False
            elif key == pygame.K_ESCAPE:
                self.open_pause()
            elif key == pygame.K_h:
                self.ask_hint()
            elif key in (pygame.K_u, pygame.K_z) and (key == pygame.K_u or event.mod & pygame.KMOD_CTRL):
                self.undo()
            elif key == pygame.K_l:
                self.open_log()
            elif key == pygame.K_t:
                self.toggle_peek()
            elif key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_d) and self.human_turn() and \
                    self.session.state.phase == DECLARE:
                self.act(Action(DONE))
            return
        if event.type == pygame.MOUSEWHEEL:
            if self.decl_melds():
                self.scroll_decl(-event.y)
                self._motion(pygame.mouse.get_pos())
            return
        if event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._down(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._up(event.pos)

    def _motion(self, pos: tuple[int, int]) -> None:
        if self.press is not None and self.dragging is None:
            key, start = self.press
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > 8 * self.layout.s and self.human_turn() \
                    and self.session.state.phase == PLAY_PHASE:
                self.dragging = key
        if self.dragging is not None:
            sprite = self.sprites.get(self.dragging)
            if sprite is not None:
                sprite.drag = (float(pos[0]), float(pos[1]))
            return
        self._build_buttons()
        self.hover_button = next((b.action for b in self.buttons + self.decl_buttons if b.hit(pos)), None)
        self.hover_disabled = next((b.action for b in self.buttons if not b.enabled and b.box.contains(*pos)
                                    and self.disabled_reason(b.action)), None)
        self.hover_meld = int(self.hover_button[5:]) if self.hover_button and \
            self.hover_button.startswith("meld:") else None
        hover = self.my_cards_at(pos) if self.human_turn() and self.session.state.phase == PLAY_PHASE else None
        if hover != self.hover_key:
            self.hover_key = hover
        lift = 18 * self.layout.s
        for key in self.model.hands[self.viewer] + self.model.tables[self.viewer]:
            sprite = self.sprites.get(key)
            if sprite is not None:
                sprite.lift_target = lift if key == hover else 0.0
        if self.peek and not self.peek_pinned and not (self.layout.won.contains(*pos) or
                                                       self.peek_box().contains(*pos)):
            self.peek = False  # opened by a click on the piles: open while the pointer stays on it

    def _down(self, pos: tuple[int, int]) -> None:
        if self.banner and self.layout.banner.contains(*pos):
            self.banner = []
            return
        self._build_buttons()
        button = button_at(self.buttons + self.decl_buttons, pos)
        if button is not None:
            self._press_button(button.action)
            return
        greyed = next((b.action for b in self.buttons if b.box.contains(*pos) and self.disabled_reason(b.action)), None)
        if greyed is not None:  # a click on a greyed-out button: say why it is
            self.say(self.disabled_reason(greyed) or "", seconds=6)
            return
        if (self.layout.won.contains(*pos) or (self.peek and self.peek_box().contains(*pos))) and self.can_peek():
            self.peek, self.peek_pinned = not self.peek, False
            return
        if self.peek_pinned:  # a click anywhere else closes a popup opened by the button or the key
            self.peek = self.peek_pinned = False
        key = self.my_cards_at(pos)
        if key is not None:
            self.press = (key, pos)

    def _up(self, pos: tuple[int, int]) -> None:
        press, self.press = self.press, None
        dragging, self.dragging = self.dragging, None
        if dragging is not None:
            sprite = self.sprites.get(dragging)
            if sprite is not None:
                sprite.drag = None
                if pos[1] < self.layout.prompt.y and self.play_card(dragging):
                    sprite.cx, sprite.cy = float(pos[0]), float(pos[1])
                    self._retarget()
                    return
            return
        if press is not None and self.my_cards_at(pos) == press[0]:
            self.play_card(press[0])

    def toggle_peek(self) -> None:
        """The Last trick button and the T key: open the popup until asked again (or a click elsewhere)."""
        if self.peek or not self.can_peek():
            self.peek = self.peek_pinned = False
            if not self.can_peek():
                self.app.sounds.play("illegal")
            return
        self.peek = self.peek_pinned = True

    def peek_box(self) -> Box:
        """Where the last-trick popup shows."""
        return self.layout.peek(len(self.model.last_trick))[0]

    def can_peek(self) -> bool:
        """RULES.md §1.12: the last trick stays visible until the next lead (or always with trick review)."""
        if not self.model.last_trick:
            return False
        return self.session.rules.allow_trick_review or not self.model.trick

    # --- prompt ---------------------------------------------------------------------------------------------
    def prompt(self) -> str:
        session = self.session
        T = self.app.t
        if self.cut_timer > 0:
            return T("table.cutting")
        seat = session.to_act
        if seat is None or session.over:
            return ""
        if self.queue or self.hold > 0:
            return ""
        name = session.seats[seat].name
        if session.seats[seat].kind == "ai":
            return T("table.thinking", name=name)
        if seat != self.viewer or self.curtain:
            return T("table.opponent_turn", name=name)
        state = session.state
        if state.phase == DECLARE:
            verbs = {a.verb for a in session.legal()}
            return T({(True, False): "table.you_won_trick", (False, False): "table.you_won_trick_draw",
                      (True, True): "table.you_won_trick_seven", (False, True): "table.you_won_trick_draw_seven"}[
                MELD in verbs, EXCHANGE_SEVEN in verbs])
        if state.trick:
            if state.final_phase:
                must_win = session.rules.endgame_must_win_trick
                return T("table.final_tricks_must_win") if must_win else T("table.final_tricks_follow")
            return T("table.your_turn_follow")
        if state.final_phase:
            return T("table.final_lead")
        return T("table.your_lead")

    def is_brisque(self, card: int) -> bool:
        return rank_of(card) in BRISQUE_RANKS

    def draw(self, surface: pygame.Surface) -> None:
        from bezique.ui.table.draw import draw_table
        draw_table(self, surface)
