"""Who acts next at the table, and the computer's thinking: the game session, the worker thread, hints, pacing.

When the stage has shown everything, ``decide`` looks at the game: a scoreboard to open, a hand-over to ask for, the
computer to ask for a move (on the worker thread, shown no sooner than the chosen pace), or a player's forced move
to make. The player's own moves come in through ``try_move`` (from ``Controls``), checked by the rules, which say
why when they refuse. A hint is worked out on the same worker by a strong level, whoever the opponent is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bezique.ai import Player, make_player, resolve_level
from bezique.ai.base import Hint
from bezique.ai.hints import advise, hint_player
from bezique.i18n.advice import advice_line
from bezique.presenter.table_session import TableSession
from bezique.presenter.words import card_name, illegal_text, meld_label
from bezique.rules import Action, EventKind, Phase, SeatKind, Verb
from bezique.ui.kit.tween import COMPUTER_PACE, SPEED_FACTORS, pause_time
from bezique.ui.table.curtain import Curtain
from bezique.ui.table.options import TableOptions
from bezique.ui.table.stage import Stage
from bezique.ui.worker import Worker

if TYPE_CHECKING:
    from bezique.ui.app import App

REFUSED_COLOUR = (255, 170, 150)
# a declaration step that declared something
DECLARING = (EventKind.MELD_DECLARED, EventKind.SEVEN_EXCHANGED, EventKind.SEVEN_DECLARED)


def computer_player(level: str, seed: int, options: TableOptions) -> Player:
    """A computer player of `level` (``resolve_level``'s: a save naming no level plays the default opponent) with
    the thinking budget the settings give the search levels."""
    level = resolve_level(level)
    budget: dict[str, Any] = {}
    if level == "expert":
        budget = {"time_ms": options.ai.expert_time_ms, "iterations": options.ai.expert_iterations or None}
    elif level == "master":
        budget = {"time_ms": options.ai.master_time_ms}
    return make_player(level, seed=seed, **budget)


class Turns:
    """The game's turns as the table takes them: the session, the computer players and the hint."""

    def __init__(self, app: App, session: TableSession, stage: Stage, curtain: Curtain, options: TableOptions) -> None:
        self.app = app
        self.session = session
        self.stage = stage
        self.curtain = curtain
        self.opt = options
        offered = session.capabilities
        self.computers = offered.computers  # None: the computers play on the game's host, their moves come as news
        self.news = offered.news
        self.players = {seat: computer_player(s.level, session.seed + seat, options)
                        for seat, s in enumerate(session.seats)
                        if s.kind == SeatKind.AI and session.plays_here(seat) and self.computers is not None}
        self.hinter = hint_player(session.seed + 99, options.ai.expert_time_ms, options.ai.expert_iterations)
        self.worker = Worker()
        self.ai_started = 0.0
        self.ai_choice: Action | None = None
        self.hint: tuple[Action, str] | None = None
        self.news_since: float | None = None  # when a move of another computer's computer began to wait its pace
        self.started = False

    @property
    def busy(self) -> bool:
        """The computer is thinking, or its move (or the news of another computer's) waits for its pace."""
        return self.worker.busy or self.ai_choice is not None or self.news_since is not None

    # --- deals ----------------------------------------------------------------------------------------------
    def begin(self) -> None:
        """The table opens: a saved game continued, the cut for the first dealer shown, or the first deal."""
        if self.started:
            return
        self.started = True
        cut = self.session.capabilities.cut
        if cut is None:  # the table is built from the view: a game continued, or a seat of a game held elsewhere
            self._resume()
        elif cut.cut and SPEED_FACTORS.get(self.opt.app.animation_speed, 1.0) > 0:
            self.stage.cut_timer = pause_time(2.2, self.opt.app.animation_speed)
        else:
            self.start_deal()

    def _resume(self) -> None:
        """A saved game continued: the table as the rules rebuilt it, the right player to act."""
        session, stage = self.session, self.stage
        screen = stage.screen
        if session.awaiting_deal and not screen.past_deals:
            self.start_deal()
            return
        # saved between deals: the table as it was, and the deal's scoreboard again (``decide`` opens it)
        stage.deals_seen = self._deals_seen()
        if session.hotseat and session.to_act is not None:
            stage.viewer = session.person_from(session.to_act)
            self.curtain.hiding = True
        stage.look_from(stage.viewer)
        stage.rebuild(animate=False)

    def _deals_seen(self) -> int:
        """The deals shown so far by a table built from the view (a game continued, a rejoin): the ones played,
        and the one just scored while the next is to be dealt."""
        return self.stage.screen.deal_index + (1 if self.session.awaiting_deal else 0)

    def start_deal(self) -> None:
        """Deal the next hand; in hot-seat the hand-over comes first, then the cards, face up to who looks."""
        events = self.session.start_deal()
        stage = self.stage
        stage.deal_events = []
        stage.decl_scroll = 0
        if self.session.hotseat:
            # the hand-over comes first: the new hand is then dealt face up to the one who is looking
            to_act = self.session.to_act
            stage.look_from(self.session.person_from(to_act if to_act is not None else stage.viewer))
            self.curtain.pending_deal = events
            self.curtain.hand_over(stage.viewer)
            return
        stage.feed(events)

    # --- deciding what happens next -------------------------------------------------------------------------
    def human_turn(self) -> bool:
        """The viewer may act now: everything shown, their turn, their hand uncovered, no screen over the table."""
        seat = self.session.to_act
        return (self.stage.at_rest() and seat is not None and self.session.seats[seat].kind == SeatKind.HUMAN
                and seat == self.stage.viewer and not self.curtain.hiding and not self.curtain.overlay_open)

    def decide(self) -> None:
        """With the table at rest: show news from another computer, open the scoreboard, hand over, let the
        computer play or make a forced move."""
        session, curtain = self.session, self.curtain
        if curtain.overlay_open or self._news():
            return
        if session.over:
            if not curtain.game_over_shown:
                curtain.game_over_shown = True
                curtain.open_result(game_over=True)
            return
        if session.awaiting_deal:
            if self.opt.demo and self.opt.demo_deals and self.stage.deals_seen >= self.opt.demo_deals:
                self.app.quit()
                return
            curtain.open_result(game_over=False)
            return
        seat = session.to_act
        if seat is None or not session.plays_here(seat):
            return  # nobody is to act, or they play on another computer: their move comes as news
        if session.seats[seat].kind == SeatKind.AI:
            self._computer(seat)
            return
        if seat != self.stage.viewer or (curtain.hiding and session.hotseat):
            curtain.hand_over(seat)
            return
        curtain.hiding = False
        screen = self.stage.screen  # the viewer is to act: their view lists the legal moves
        legal = list(screen.legal)
        phase = screen.phase
        settings = self.opt.app
        auto_pass = (phase == Phase.DECLARE and settings.auto_pass_empty_declaration
                     and all(a.verb == Verb.DONE for a in legal))
        forced = phase == Phase.PLAY and settings.auto_play_forced_card and len({a.cards[0] & 31 for a in legal}) == 1
        if auto_pass or forced:
            self.try_move(legal[0], chosen=False)

    def _news(self) -> bool:
        """Show the next change made on another computer, if one has come; a move of the host's computer no
        sooner than the computer's pace after the table came to rest, as the computer here would play it. True
        while there is news (nothing else is decided before it)."""
        session, feed = self.session, self.news
        if feed is None:
            return False  # every change of this game is made at this table
        news = feed.next_news()
        if news is None:
            return False
        if news.actor is not None and session.seats[news.actor].kind == SeatKind.AI:
            if self.news_since is None:
                self.news_since = self.stage.time
            quick = not any(e.kind in DECLARING for e in news.events)  # as a move "declare nothing" here
            if self.stage.time - self.news_since < self._pace(self.stage.screen.phase == Phase.DECLARE and quick):
                return True
        self.news_since = None
        news = feed.take_news()
        if news.whole:  # updates were lost while the connection was down: the table as the view has it now
            self.stage.rebuild(animate=False)
            self.stage.deals_seen = self._deals_seen()
        else:
            self.stage.feed(list(news.events))
        return True

    def _pace(self, quick: bool) -> float:
        """How long the computer's move waits before it is shown (`quick`: an empty declaration, shown sooner)."""
        pace = COMPUTER_PACE.get(self.opt.app.computer_pace, 0.55)
        return pace * 0.4 if quick else pace

    def _computer(self, seat: int) -> None:
        """Start the computer thinking, collect its move, and play it once its pace has passed."""
        worker = self.worker
        if worker.idle and self.ai_choice is None:
            assert self.computers is not None  # a computer's seat is played here only where the game offers them
            view = self.computers.computer_view(seat)
            legal = list(view.legal)
            player = self.players[seat]
            worker.start(lambda stop: player.choose(view, legal, stop), tag=("ai", seat))
            self.ai_started = self.stage.time
            return
        if self.ai_choice is None:
            done, result = worker.poll()
            if not done:
                return
            self.ai_choice = result
        choice = self.ai_choice
        if self.stage.time - self.ai_started >= self._pace(self.stage.screen.phase == Phase.DECLARE
                                                           and choice.verb == Verb.DONE):
            self.ai_choice = None
            if self.session.why_illegal(choice) is not None:  # a bug in a level must not stop the game
                choice = self.session.legal()[0]
            self.stage.feed(self.session.make_move(choice))

    def cancel_computer(self) -> None:
        """Forget the computer's move being worked out or waiting for its pace (an undo went back before it)."""
        if not self.hint_pending():
            self.worker.cancel()
            self.worker.tag = None
        self.ai_choice = None

    def undo_moment(self) -> bool:
        """A moment when a move may be taken back: the game goes on and no screen is over the table. It may be the
        player's turn, a trick still on show, or the computer's answer still to come (it thinks, or waits for its
        pace: the moment to take back a misplayed card); the session says whether anything may be."""
        return self.session.to_act is not None and not (self.curtain.overlay_open or self.curtain.hiding)

    # --- the player's moves ---------------------------------------------------------------------------------
    def try_move(self, action: Action, chosen: bool = True) -> bool:
        """Apply the player's action; refuse politely (sound and a line) when the rules say no. `chosen`: False
        for a move the table makes for them (a forced card, an empty declaration), which undo passes over."""
        reason = self.session.why_illegal(action)
        if reason is not None:
            self.stage.say(illegal_text(reason, self.app.lang), REFUSED_COLOUR)
            self.app.sounds.play("illegal")
            return False
        if self.hint is not None or self.hint_pending():
            self.stage.message = None  # the hint's line is about the move just made: it goes with it
        self.drop_hint()
        self.stage.decl_scroll = 0
        seat = self.session.to_act
        events = self.session.make_move(action, chosen)
        if action.verb in (Verb.MELD, Verb.EXCHANGE_SEVEN, Verb.DECLARE_SEVEN, Verb.DONE, Verb.PASS_TO_PARTNER):
            self.app.sounds.play("click")
        self.stage.feed(events)
        nxt = self.session.to_act
        if self.session.hotseat and nxt is not None and nxt != seat and self.session.seats[nxt].kind == SeatKind.HUMAN:
            self.curtain.hiding = True
        return True

    def play_card(self, key: int) -> bool:
        """Play the viewer's card `key` (a click or a drop), if it is their turn to play a card."""
        if not self.human_turn() or self.stage.screen.phase != Phase.PLAY:
            return False
        return self.try_move(self.session.play_meant(self.stage.viewer, key))

    # --- hints ----------------------------------------------------------------------------------------------
    def hint_refusal(self) -> str | None:
        """Why no hint can be asked for now, in words (the greyed button and the H key say the same), or None."""
        if not self.opt.hints:
            return self.app.t("table.hints_off")
        if self.hint_pending():
            return self.app.t("hint.thinking")
        if not self.human_turn():
            return self.app.t("table.hint_wait")
        return None

    def ask_hint(self) -> None:
        """Start working out a hint, or say why there is none to ask for now."""
        refusal = self.hint_refusal()
        if refusal is not None or not self.worker.idle:
            self.stage.say(refusal or self.app.t("table.hint_wait"), seconds=6)
            self.app.sounds.play("illegal")
            return
        view = self.stage.screen.seat_view()
        legal = list(view.legal)
        hinter = self.hinter
        self.worker.start(lambda stop: advise(hinter, view, legal, stop), tag=("hint",))
        self.stage.say(self.app.t("hint.thinking"), seconds=10)

    def hint_pending(self) -> bool:
        """The worker is busy with a hint (not with the computer's move)."""
        return bool(self.worker.tag) and self.worker.tag[0] == "hint"

    def drop_hint(self) -> None:
        """Forget the hint, and stop one still being worked out: it would be about a position that has gone."""
        self.hint = None
        if self.hint_pending():
            self.worker.cancel()
            self.worker.tag = None

    def collect_hint(self) -> bool:
        """A hint just worked out is shown; True when one was (a frame must show it: nothing else may move)."""
        if not self.hint_pending():
            return False
        done, result = self.worker.poll()
        if not done:
            return False
        advice: Hint = result
        self.worker.tag = None
        lang = self.app.lang
        reason = advice_line(advice.code, advice.args, lang, lambda card: card_name(card, lang))
        self.hint = (advice.action, reason)
        self.stage.say(self._hint_text(advice.action, reason), seconds=8)
        return True

    def _hint_text(self, action: Action, reason: str) -> str:
        """The hint's line: the move in words (the window's font has no suit glyphs), then its reason."""
        lang = self.app.lang
        if action.verb == Verb.PLAY:
            what = self.app.t("hint.play", card=card_name(action.cards[0], lang))
        elif action.verb == Verb.MELD:
            what = self.app.t("hint.meld", meld=meld_label(action.kind or "", action.cards, self.stage.screen.trump,
                                                           lang))
        elif action.verb == Verb.EXCHANGE_SEVEN:
            what = self.app.t("hint.exchange")
        elif action.verb == Verb.DECLARE_SEVEN:
            what = self.app.t("hint.declare_seven")
        elif action.verb == Verb.PASS_TO_PARTNER and action.seat is not None:
            what = self.app.t("hint.pass_to_partner", name=self.session.seats[action.seat].name)
        else:
            what = self.app.t("hint.draw")
        return what + (f" — {reason}" if reason else "")
