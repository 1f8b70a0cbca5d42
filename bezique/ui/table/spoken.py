"""The table by ear: each event said as it shows, the player's turn announced, the reading keys, the focus in words.

The words are ``presenter.narration``'s, built from the stage's ``ScreenView`` and the events as redacted for the
seat at the screen (the same the table draws); this only decides when to say them. The reading keys are the
number keys, free on the table: 1 the hand by suit, 2 the trick, 3 trumps and the stock, 4 the melds on the table,
5 the scores, 6 what the player may do, 7 whose turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from bezique.presenter import model as tm
from bezique.presenter import narration
from bezique.presenter.narration import Listener
from bezique.rules import Action, Event, EventKind, Phase, Verb
from bezique.ui.table.controls import Controls
from bezique.ui.table.stage import Stage
from bezique.ui.table.turns import Turns

if TYPE_CHECKING:
    from bezique.ui.app import App

READING_KEYS = {pygame.K_1: narration.hand_line, pygame.K_2: narration.trick_line, pygame.K_3: narration.trumps_line,
                pygame.K_4: narration.melds_line, pygame.K_5: narration.scores_line, pygame.K_6: narration.legal_line,
                pygame.K_7: narration.turn_line}
KEYPAD = {pygame.K_KP1: pygame.K_1, pygame.K_KP2: pygame.K_2, pygame.K_KP3: pygame.K_3, pygame.K_KP4: pygame.K_4,
          pygame.K_KP5: pygame.K_5, pygame.K_KP6: pygame.K_6, pygame.K_KP7: pygame.K_7}
HAND_AFTER = (EventKind.TURN_UP, tm.Staging.STOCK_LAID)  # the deal is on the table: the new hand is read


class TableSpeech:
    """What the table says, and when."""

    def __init__(self, app: App, stage: Stage, turns: Turns, controls: Controls) -> None:
        self.app = app
        self.stage = stage
        self.turns = turns
        self.controls = controls
        self.prompted: tuple[object, ...] | None = None  # the moment whose "your turn" was said
        self.previous: tm.ShownKind | None = None  # the kind of the event (or staging step) shown before

    def listener(self) -> Listener:
        seats = self.stage.session.seats
        return Listener(self.stage.viewer, [s.name for s in seats], self.app.lang)

    def heard(self, event: tm.Shown) -> None:
        """An event the stage shows now: its line, queued after what is being said."""
        voice = self.app.voice
        if not voice.enabled:
            self.previous = event.kind
            return
        hiding = self.turns.curtain.hiding  # hot-seat: the hand is hidden for the next player to come
        if hiding and isinstance(event, Event) and event.kind == EventKind.CARD_DRAWN:
            event = event._replace(cards=())  # said as the table shows it: a card drawn face down
        line = narration.event_line(event, self.listener(), self.stage.model.trump, self.previous) \
            if isinstance(event, Event) else None
        self.previous = event.kind
        if line is not None:
            voice.say(line.text, detail=line.detail)
        if event.kind in HAND_AFTER and not hiding:
            voice.say(narration.hand_line(self.stage.screen, self.listener()), detail=True)

    def update(self) -> None:
        """Each frame: the player's turn, said once when it comes (after everything before it was shown)."""
        if not self.app.voice.enabled or not self.turns.human_turn():
            return
        screen = self.stage.screen
        moment = (self.stage.viewer, screen.deal_index, screen.tricks_done, len(screen.trick), screen.phase,
                  screen.step_acted)
        if moment != self.prompted:
            self.prompted = moment
            self.app.voice.say(narration.turn_line(screen, self.listener()))

    def key(self, key: int) -> bool:
        """A reading key: its answer said at once, cutting short what was being said (True); else False."""
        reader = READING_KEYS.get(KEYPAD.get(key, key))
        if reader is None or not self.app.voice.enabled:
            return False
        if self.turns.curtain.hiding:  # the hot-seat curtain: only whose turn it is, no hand
            self.app.voice.say(narration.turn_line(self.stage.screen, self.listener()), interrupt=True)
            return True
        self.app.voice.say(reader(self.stage.screen, self.listener()), interrupt=True)
        return True

    def focus(self) -> str:
        """The card or the declaration's choice the keyboard's focus is on, in words."""
        controls = self.controls
        if not controls.focus.shown or not self.turns.human_turn():
            return ""
        who = self.listener()
        cards = controls.focus_cards()
        card = controls.focused_card()
        if card is not None and card in cards:
            key = "speech.focus_card" if controls._playable(card) else "speech.focus_card_refused"
            return self.app.t(key, card=who.card(card),
                              position=self.app.t("speech.position", index=cards.index(card) + 1, count=len(cards)))
        rows = controls.focus_rows()
        row = controls.focus.resolve(controls.focus.row, rows)
        if row is None:
            return ""
        words = narration.choice_name(self._row_action(row), self.stage.screen, who)
        return f"{words}, {self.app.t('speech.position', index=rows.index(row) + 1, count=len(rows))}"

    def _row_action(self, row: str) -> Action:
        """The action of a declaration row (``meld:i``, ``exchange``, ``declare7``, ``pass:seat``, ``done``)."""
        if row.startswith("meld:"):
            melds = self.controls.decl_melds()
            index = int(row[5:])
            if index < len(melds):
                return melds[index]
        if row == "exchange":
            return Action(Verb.EXCHANGE_SEVEN)
        if row == "declare7":
            return Action(Verb.DECLARE_SEVEN)
        if row.startswith("pass:"):
            return Action(Verb.PASS_TO_PARTNER, seat=int(row[5:]))
        return Action(Verb.DONE)

    def title(self) -> str:
        """Said when the table comes back to the top (a pause closed): whose turn it is."""
        stage = self.stage
        # what the banner says (a setting that could not be read, saves failing), and the key that closes it
        problems = " ".join([*stage.banner, self.app.t("speech.banner_key")]) if stage.banner else ""
        if stage.queue or stage.cut_timer > 0 or (stage.screen.phase == Phase.AWAIT_DEAL and not stage.deals_seen):
            return problems  # the deal is still being shown: its own lines say what happens
        return " ".join(filter(None, (problems, narration.turn_line(stage.screen, self.listener()))))
