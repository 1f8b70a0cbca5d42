"""The table's buttons: what each shows and does, worked out afresh from the game each time.

Hint, Menu, Undo and Score log, the Last trick button with its popup (RULES.md §1.12: open until the next lead), and
the declaration panel's rows (each meld the player may declare, the seven of trumps, passing to a partner, Draw).
``buttons`` is pure, and drawing asks for the buttons too, so what is drawn is what is clicked; ``press_button`` does
what one says, whether the mouse or a key pressed it. ``Controls`` builds on this with the pointer and the keyboard.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bezique.geometry import Box
from bezique.presenter.layout import Layout
from bezique.presenter.screen_view import ScreenView
from bezique.presenter.table_session import TableSession
from bezique.rules import Action, Phase, Verb
from bezique.ui.kit.widgets import Button, one_label_size
from bezique.ui.table.curtain import Curtain
from bezique.ui.table.decl_panel import decl_buttons, rows_shown
from bezique.ui.table.meld_rows import panel_melds, where_from
from bezique.ui.table.stage import Stage
from bezique.ui.table.turns import Turns
from bezique.ui.table.undo import take_back, undo_refusal

if TYPE_CHECKING:
    from bezique.ui.app import App


class TableButtons:
    """The table's buttons and the declaration panel's rows, and whether the last trick's popup is open."""

    def __init__(self, app: App, stage: Stage, turns: Turns, curtain: Curtain) -> None:
        self.app = app
        self.stage = stage
        self.turns = turns
        self.curtain = curtain
        self.peek = False
        self.peek_pinned = False  # opened by the button or the T key: it stays until closed the same way

    # what the declaration panel reads (``protocol.DeclView``)
    @property
    def layout(self) -> Layout:
        return self.stage.layout

    @property
    def session(self) -> TableSession:
        return self.turns.session

    @property
    def screen(self) -> ScreenView:
        return self.stage.screen

    @property
    def decl_scroll(self) -> int:
        return self.stage.decl_scroll

    # --- buttons --------------------------------------------------------------------------------------------
    def buttons(self) -> tuple[list[Button], list[Button]]:
        """The table's buttons and the declaration panel's, as they are now (pure: drawing calls it too)."""
        b = self.layout.buttons
        T = self.app.t
        human = self.turns.human_turn()
        buttons = one_label_size(self.app.assets, [
            Button(b[0], T("action.hint"), "hint", enabled=self.turns.hint_refusal() is None),
            Button(b[1], T("action.menu"), "menu"),
            Button(b[2], T("action.undo"), "undo", enabled=undo_refusal(self.turns) is None),
            Button(b[3], T("table.score_log"), "log"),
        ], self.layout.s)
        if any(self.stage.model.won.values()):  # under the tricks won: no button on an empty table
            buttons.append(Button(self.layout.peek_button(), T("table.hide_last_trick" if self.peek else
                                                               "table.show_last_trick"),
                                  "peek", enabled=self.can_peek(), text_size=18))
        decl: list[Button] = []
        if human and self.screen.phase == Phase.DECLARE:
            decl = decl_buttons(self, list(self.screen.legal))
        return buttons, decl

    def disabled_reason(self, action: str) -> str | None:
        """Why the button `action` is greyed out (Hint and Undo always say; the H and U keys say the same)."""
        if action == "hint":
            return self.turns.hint_refusal()
        if action == "undo":
            return undo_refusal(self.turns)
        return None

    def decl_rows(self) -> int:
        """How many meld rows the declaration panel shows at once (the rest scroll)."""
        return rows_shown(self)

    def scroll_decl(self, delta: int) -> None:
        """Scroll the meld rows by `delta`, never past the first or the last."""
        n = len(self.decl_melds())
        self.stage.decl_scroll = max(0, min(self.stage.decl_scroll + delta, n - self.decl_rows()))

    def decl_melds(self) -> list[Action]:
        """The melds the panel lists, one row per choice the player can tell apart (``meld_rows.panel_melds``)."""
        if not (self.turns.human_turn() and self.screen.phase == Phase.DECLARE):
            return []
        return panel_melds(self.screen.legal, self.meld_source())

    def meld_source(self) -> Callable[[int], str]:
        """Where each card the viewer may meld lies: their hand, their table or a partner's table."""
        screen = self.screen
        return where_from(screen.hand, screen.tables[screen.seat])

    def press_button(self, action: str) -> None:
        """Do what the button `action` says."""
        self.app.sounds.play("click")
        turns = self.turns
        if action == "hint":
            turns.ask_hint()
        elif action == "menu":
            self.curtain.open_pause()
        elif action == "undo":
            take_back(turns)
        elif action == "log":
            self.curtain.open_log()
        elif action == "peek":
            self.toggle_peek()
        elif action.startswith("meld:"):
            melds = self.decl_melds()
            i = int(action[5:])
            if i < len(melds):
                turns.try_move(melds[i])
        elif action == "decl_up":
            self.scroll_decl(-1)
        elif action == "decl_down":
            self.scroll_decl(1)
        elif action == "exchange":
            turns.try_move(Action(Verb.EXCHANGE_SEVEN))
        elif action == "declare7":
            turns.try_move(Action(Verb.DECLARE_SEVEN))
        elif action == "done":
            turns.try_move(Action(Verb.DONE))
        elif action.startswith("pass:"):
            seat = int(action[5:])
            chosen = next((a for a in self.screen.legal if a.verb == Verb.PASS_TO_PARTNER and a.seat == seat), None)
            if chosen is not None:
                turns.try_move(chosen)

    # --- the last trick -------------------------------------------------------------------------------------
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
        return self.layout.peek(len(self.stage.model.last_trick))[0]

    def can_peek(self) -> bool:
        """RULES.md §1.12: the last trick stays visible until the next lead (or always with trick review)."""
        model = self.stage.model
        if not model.last_trick:
            return False
        return self.session.rules.allow_trick_review or not model.trick

    def close_stale_peek(self) -> None:
        """The next lead: the last trick is no longer to be seen."""
        if self.peek and not self.can_peek():
            self.peek = self.peek_pinned = False
