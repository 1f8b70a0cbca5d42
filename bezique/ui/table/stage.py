"""What the table shows, and how the rules' events become card flights, sounds and rising scores.

The stage holds the picture: the pure ``TableModel`` of what the viewer may see, a ``CardSprite`` per card, the
queue of events still to be shown, the scores rising and the line under the trick. It turns each event into a
model change plus its animation (STYLE.md lesson 7: it never diffs states), and rebuilds itself from the rules'
view when the picture must be redrawn (a hand-over, an undo, the safety net when the two fall out of step). It
knows nothing of whose turn it is or of the mouse: ``Turns`` feeds it, ``Controls`` points at its sprites.

A finished trick stays on show for the trick pause (a setting of its own): the winning card glows, the line under
the trick names who took it with which card, and only when the cards are gathered (``trick_won``) do the trick
counters move. The deal goes on the beat of ``deal_pace`` (two seconds or so), and a click deals the rest at once.
Where the game offers undo, each event it shows is also reported to it (``Undo.seen``), which closes undo once the
player has seen a card they did not know.
"""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from bezique.presenter import model as tm
from bezique.presenter.layout import Layout
from bezique.presenter.screen_view import ScreenView
from bezique.presenter.table_session import TableSession
from bezique.presenter.words import suit_word
from bezique.rules import Bonus, Event, EventKind
from bezique.ui.kit.floaters import Floater
from bezique.ui.kit.sprites import CARD_SCALES, CardSprite
from bezique.ui.kit.tween import TRICK_PAUSE, flight_time, pause_time
from bezique.ui.table.deal_pace import DEAL_KINDS, card_stagger, packet_beat, shuffle_pause
from bezique.ui.table.options import TableOptions
from bezique.ui.table.rising import rising_score
from bezique.ui.table.telling import recap_line, won_line

if TYPE_CHECKING:
    from bezique.ui.app import App

Colour = tuple[int, int, int]
SAY_COLOUR: Colour = (255, 236, 190)
GOLD_MARK: Colour = (255, 210, 90)  # the glow round the card that won the trick on show
WON_COLOUR: Colour = (255, 244, 214)  # the line naming who took the trick on show


def _silent(_sound: str) -> None:
    """No sound: the events of a deal dealt at once at a click (the click's own "deal" sound was heard)."""


class Stage:
    """The table's picture and its animations, advanced by ``advance(dt)`` only."""

    def __init__(self, app: App, session: TableSession, options: TableOptions) -> None:
        self.app = app
        self.session = session
        self.undo = session.capabilities.undo  # told of every event shown (None: the game takes no move back)
        self.opt = options
        width, height = app.size
        self.layout = Layout.for_size(width, height, session.rules.players, CARD_SCALES[options.app.card_size],
                                      options.chat, app.assets.text_scale)
        humans = session.humans
        self.viewer = humans[0] if humans else 0
        self.reveal = session.shows_all  # the demo and Open Bezique show every hand
        self.model = tm.new_model(session.rules, self.viewer, self.reveal)
        self.sprites: dict[int, CardSprite] = {}
        self.queue: deque[tm.Shown] = deque()  # events and staging steps still to be shown, one after the other
        self.hold = 0.0  # seconds before the next event may show (the last one's animation)
        self.time = 0.0
        self.cut_timer = 0.0  # the cut for the first dealer still on show
        self.trump_flash = -10.0  # when trumps were set by a meld (Rubicon, Chinese): the marker's flourish
        self.shown_cards: tuple[int, tuple[int, ...], float] | None = None  # carte blanche: (seat, cards, until)
        self.floaters: list[Floater] = []
        self.message: tuple[str, float, Colour] | None = None  # (text, until, colour): the line under the trick
        self.banner = list(options.problems)  # problems in the settings, until clicked away
        self.decl_scroll = 0  # the first meld row the declaration panel shows
        self.deal_events: list[Event] = []  # this deal's scores, for the scoreboard
        self.deals_seen = 0
        self.reading: int | None = None  # the card that won the trick on show, marked until it is gathered
        self.skippable = False  # the pause under way is for reading (a trick, a shown hand): a click ends it
        self.beat = 0.0  # the deal under way: seconds between its packets (``deal_pace``); 0 when not dealing
        self.rushing = False  # a click deals the rest of the deal at once: its events shown without flights
        self.recent: list[str] = []  # hot-seat: the public moves since the viewer last looked, for the hand-over
        self.need_sync = False
        self.sync_errors = 0
        self.heard: Callable[[tm.Shown], None] = lambda event: None  # each event as it shows (the table's speech)

    @property
    def screen(self) -> ScreenView:
        """What the players at the screen may see now (the viewer's side): the one source of the game's facts for
        everything the table draws or decides."""
        return self.session.screen(self.viewer)

    @property
    def speed(self) -> str:
        """The animation speed: the setting's, or instant while the rest of a deal is dealt at a click."""
        return "instant" if self.rushing else self.opt.app.animation_speed

    def at_rest(self) -> bool:
        """Nothing left to show: the next decision may be taken."""
        return not self.queue and self.hold <= 0 and self.cut_timer <= 0

    def say(self, text: str, colour: Colour = SAY_COLOUR, seconds: float = 3.5) -> None:
        """Show `text` under the trick for `seconds` (and say it, when the game speaks: it answers the player)."""
        self.message = (text, self.time + seconds, colour)
        self.app.voice.say(text, interrupt=True)

    def show_notice(self, text: str) -> None:
        """A problem that lasts (saves failing) at the head of the banner, once however often it happens."""
        if text not in self.banner:
            self.banner.insert(0, text)

    def clear_notice(self, text: str) -> None:
        """The problem `text` is over (a save succeeded again): it leaves the banner if still there."""
        if text in self.banner:
            self.banner.remove(text)

    def relayout(self, width: int, height: int) -> None:
        """The window changed size: every card goes straight to its new place."""
        self.layout = Layout.for_size(width, height, self.session.rules.players, CARD_SCALES[self.opt.app.card_size],
                                      self.opt.chat, self.app.assets.text_scale)
        places = tm.placements(self.model, self.layout, self.opt.app.sort_trumps_first)
        for key, place in places.items():
            sprite = self.sprites.get(key)
            if sprite is not None:
                sprite.snap(place.slot)

    def advance(self, dt: float) -> bool:
        """Move the cards and scores on by `dt` and show the events whose turn has come; True while anything
        moved (the caller keeps drawing)."""
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
            self.show(self.queue.popleft())
            moving = True  # the picture changed: this frame must be drawn even if nothing flies (Instant)
        if self.message is not None and self.time > self.message[1]:
            self.message = None
            moving = True
        return moving

    # --- feeding events -------------------------------------------------------------------------------------
    def feed(self, events: list[Event]) -> None:
        """Queue `events` for showing, as the viewer may see them."""
        self.deal_events.extend(e for e in events if e.kind == EventKind.SCORED)
        shown = self.session.shown_events(events, self.viewer)
        pattern = self.session.rules.deal_pattern
        dealt = {e.seat: e for e in shown if e.kind == EventKind.DEALT}
        for event in shown:
            if event.kind == EventKind.DEALT:
                continue
            if event.kind == EventKind.TRICK_WON:  # the trick stays on show, its winner named, before it is gathered
                self.queue.append(tm.Step(tm.Staging.TRICK_READ, event.seat, event.cards))
            self.queue.append(event)
            if event.kind == EventKind.DEAL_STARTED:  # deal in packets, as the dealer does (RULES.md §1.3)
                order = [e.seat for e in shown if e.kind == EventKind.DEALT]
                self.beat = packet_beat(len(order), len(order) * len(pattern), self.speed)
                pos = 0
                for packet in pattern:
                    for seat in order:
                        cards = dealt[seat].cards[pos:pos + packet] if dealt[seat].cards else ()
                        self.queue.append(tm.Step(tm.Staging.PACKET, seat, cards, packet))
                    pos += packet
                if not self.session.rules.turn_up_trump:  # Rubicon, Chinese: the rest is the stock, no turn-up
                    self.queue.append(tm.Step(tm.Staging.STOCK_LAID))
        self.need_sync = True

    def show(self, event: tm.Shown) -> None:
        """Apply one event to the model and start its animation, sound and floating score."""
        play = self.app.sounds.play if not self.rushing else _silent  # the rest of a deal at a click: no sounds
        kind = event.kind
        trump_before, turn_up_before = self.model.trump, self.model.turn_up
        if kind == tm.Staging.TRICK_READ:
            self._read_trick(event)
            return
        if isinstance(event, Event):  # a staging step shows the player nothing new, and is no move to recap
            if self.undo is not None:
                self.undo.seen(event, self.viewer, turn_up_before)
            line = recap_line(self, event)
            if line:
                self.recent = [*self.recent[-3:], line]
        self.heard(event)
        renames = self.model.apply(event)
        if kind == EventKind.MELD_DECLARED and trump_before is None and self.model.trump is not None:
            self.trump_flash = self.time
            self.say(self.app.t("table.trumps_set", suit=suit_word(self.model.trump, self.app.lang)), seconds=3.0)
        for old, new in renames:
            sprite = self.sprites.pop(old, None)
            if sprite is not None:
                sprite.key = new
                self.sprites[new] = sprite
        stagger = 0.0
        delay = 0.0
        if kind == EventKind.DEAL_STARTED:
            play("shuffle")
            self.hold = shuffle_pause(self.speed)
            self.floaters.clear()
        elif kind == tm.Staging.PACKET:
            play("deal")
            stagger = card_stagger(self.beat, event.points)
        elif kind == EventKind.TURN_UP or kind == EventKind.CARD_PLAYED:
            play("card_play")
        elif kind == EventKind.TRICK_WON:
            self._end_reading()
            delay = pause_time(0.6 if self.trick_pause() <= 0 else 0.05, self.speed)
            play("trick_gathered")
        elif kind == EventKind.CARD_DRAWN:
            play("draw")
        elif kind == EventKind.MELD_DECLARED:
            play("meld_big" if event.points >= 250 else "meld")
        elif kind == EventKind.SEVEN_EXCHANGED:
            play("seven")
        elif kind == EventKind.SCORED and isinstance(event, Event):  # (a staging step is never a score)
            self._show_score(event)
        elif kind == EventKind.GAME_OVER:
            human = self.session.humans
            if human and not self.session.hotseat:
                play("game_won" if event.seat == self.session.rules.side_of(human[0]) else "game_lost")
            else:
                play("game_won")
        elif kind in (EventKind.DEAL_SCORED, EventKind.DEAL_SETTLED):
            self.deals_seen += 1
            play("deal_won")
        end = self.retarget(stagger=stagger, delay=delay)
        if kind == tm.Staging.PACKET and self.queue and self.queue[0].kind in DEAL_KINDS:
            end = self.beat  # the next packet leaves on the beat, while this one is still in the air
        elif kind not in DEAL_KINDS:
            self.beat = 0.0
        self.hold = max(self.hold, end)
        if kind == EventKind.CARD_PLAYED and len(self.model.trick) == 1:
            self.hold = max(self.hold, end * 0.8)
            self.message = None  # a new trick: what was said about the last one (or a refusal) is over

    # --- reading pauses -------------------------------------------------------------------------------------
    def trick_pause(self) -> float:
        """Seconds a finished trick stays on the table (the setting; "until a click" is a long pause in the demo,
        where nobody clicks)."""
        pause = TRICK_PAUSE.get(self.opt.app.trick_pause, 1.5)
        return 2.5 if pause == float("inf") and not self.session.humans else pause

    def _read_trick(self, event: tm.Shown) -> None:
        """The trick is complete: its winning card is marked and a line names who took it with which card; the
        cards stay for the trick pause (the counters change when they are gathered, with ``trick_won``)."""
        pause = self.trick_pause()
        if pause <= 0:
            return
        winner = tm.actor(event)
        card = next((c for s, c in self.model.trick if s == winner), None)
        if card is None:
            return
        self.reading = card
        sprite = self.sprites.get(card)
        if sprite is not None:
            sprite.mark = GOLD_MARK
        self.say(won_line(self, winner, card), WON_COLOUR, seconds=min(pause, 600.0))
        self.hold = max(self.hold, pause)
        self.skippable = True

    def _end_reading(self) -> None:
        """The trick is gathered: the mark and the line naming its winner go with it (the prompt returns; the
        last-trick popup keeps the trick to look at again)."""
        sprite = self.sprites.get(self.reading) if self.reading is not None else None
        if sprite is not None:
            sprite.mark = None
        if self.reading is not None and self.message is not None and self.message[2] == WON_COLOUR:
            self.message = None
        self.reading = None
        self.skippable = False

    def dealing(self) -> bool:
        """The cards are being dealt: the deal's packets, turn-up or stock still to show or flying."""
        return self.beat > 0 and (self.hold > 0 or any(e.kind in DEAL_KINDS for e in self.queue))

    def deal_at_once(self) -> None:
        """The rest of the deal under way shown at once: its events applied without flights, every card put in its
        place and turned to its face (the deal's sound once)."""
        self.app.sounds.play("deal")
        self.rushing = True
        try:
            while self.queue and self.queue[0].kind in DEAL_KINDS:
                self.show(self.queue.popleft())
        finally:
            self.rushing = False
        self.retarget(snap=True)
        for sprite in self.sprites.values():
            sprite.flip = None
            sprite.face_up = sprite.flip_to
        self.hold = 0.0

    def hurry(self) -> bool:
        """A click or a key while the cards are dealt, or during a reading pause (a trick on show, a shown hand):
        the deal is dealt, or the pause ends, now (the cut for the first dealer too). True if one did."""
        if self.cut_timer > 0:
            self.cut_timer = 1e-6  # over at the next frame, which deals
            return True
        if self.dealing():
            self.deal_at_once()
            return True
        if not self.skippable or self.hold <= 0:
            return False
        self.hold = 0.0
        self.skippable = False
        if self.shown_cards is not None:
            self.shown_cards = (*self.shown_cards[:2], self.time)
        return True

    def _show_score(self, event: Event) -> None:
        """A score rises from where it was made; carte blanche shows its cards to the table for a moment."""
        self._float_score(event)
        if event.label == Bonus.CARTE_BLANCHE and event.cards and event.seat is not None:
            # the shown hand (at the deal) or the drawn card (repeats): public for a moment (RULES.md §5.2)
            # long enough to see at every speed, Instant included (a click goes on at once)
            show = max(pause_time(2.2, self.speed), 2.0) if len(event.cards) > 1 else \
                max(pause_time(1.2, self.speed), 1.0)
            self.shown_cards = (event.seat, tuple(event.cards), self.time + show)
            self.say(self.app.t("table.carte_blanche", name=self.session.seats[event.seat].name),
                     seconds=max(show, 1.5))
            self.hold = max(self.hold, show)
            self.skippable = True
        if event.label == Bonus.SEVEN_OF_TRUMPS:
            self.app.sounds.play("seven")
        self.hold = max(self.hold, pause_time(0.25, self.speed))

    def retarget(self, stagger: float = 0.0, delay: float = 0.0, snap: bool = False) -> float:
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
            sprite.calm = self.opt.app.reduce_motion  # fades in at its new place instead of flying there
            sprite.visible = place.visible
            if snap:
                sprite.snap(place.slot)
                sprite.set_face(place.face_up, 0.0)
                continue
            if sprite.tween is not None and sprite.bound_for(place.slot) and place.face_up == sprite.flip_to:
                # already on its way there: it flies on, unstaggered
                end = max(end, sprite.tween.delay + sprite.tween.duration - sprite.tween.elapsed)
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
        """The score rises by the panel of the side it belongs to and flies into it (``rising``)."""
        rel = self.model.rel(event.seat) if event.seat is not None else 0
        side = self.model.sides[event.seat] if event.seat is not None else 0  # as the model counts it
        self.floaters.append(rising_score(self.layout, self.app.assets, event, rel, side, event.seat == self.viewer,
                                          self.app.lang, self.speed, self.opt.app.reduce_motion, self.floaters))

    # --- rebuilding from the view (hand-over, undo, safety net) ---------------------------------------------
    def look_from(self, seat: int) -> None:
        """Hot-seat: the table turns to `seat`'s side, an empty picture until it is rebuilt or dealt."""
        self.viewer = seat
        self.model = tm.new_model(self.session.rules, seat, self.reveal, self.model.next_hidden)
        self.sprites.clear()
        self.recent = []

    def rebuild(self, animate: bool) -> None:
        """The picture as the rules' view of the viewer has it; with `animate`, the cards fly to their places."""
        old = self.model
        new = tm.from_view(self.screen, self.reveal, start_hidden=old.next_hidden, top_cards=self._top_cards())
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
        self.retarget(snap=not animate)

    def taken_back(self) -> None:
        """An undo: what was still to be shown is dropped (the rules went back before it), the scores taken back
        leave the deal's list and stop rising, and the picture is rebuilt from the rules with the cards flying."""
        self.queue.clear()
        self._end_reading()
        self.floaters.clear()
        self.shown_cards = None
        screen = self.screen
        del self.deal_events[sum(1 for entry in screen.log if entry[0] == screen.deal_index):]
        self.rebuild(animate=True)
        self.hold = pause_time(0.3, self.speed)

    def _top_cards(self) -> dict[int, list[int]] | None:
        """The other hands, face up: only in the demo (every seat is the computer) and Open Bezique."""
        if not self.reveal:
            return None
        return {seat: list(cards) for seat, cards in self.screen.shown.items()}

    def check_sync(self) -> None:
        """The safety net: when the picture and the rules disagree, say so on stderr and redraw from the rules."""
        self.need_sync = False
        truth = tm.from_view(self.screen, self.reveal, top_cards=self._top_cards())
        if truth.signature() != self.model.signature():
            self.sync_errors += 1
            print(f"bezique: table out of step with the game, redrawn\n  shown: {self.model.signature()}\n"
                  f"  truth: {truth.signature()}", file=sys.stderr)
            self.rebuild(animate=True)
