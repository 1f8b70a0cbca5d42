"""The player's hands on the table: the mouse and the keyboard turned into moves, button presses and the peek.

A card is played by a click or by dragging it up over the table; the buttons (Hint, Menu, Undo, Score log, Last
trick) and the declaration panel's rows are pressed with the mouse; keys do the same (Esc, H, U / Ctrl+Z, L, T,
D to draw), and the keyboard's focus (``focus.Focus``: Left/Right or Tab over the cards, Up/Down over the panel's
rows, Enter or Space to press) plays a whole game without the mouse, each press going the mouse's way. What is
under the pointer is kept (the hovered card lifts, a hovered meld row lights its cards, a greyed-out button says why
it is), and becomes the focus. What the buttons show and do is ``table_buttons.TableButtons``, which this builds
on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from bezique.geometry import Box, Slot
from bezique.presenter.layout import card_box
from bezique.rules import Action, Phase, Verb
from bezique.ui.kit.sprites import CardSprite
from bezique.ui.kit.widgets import button_at
from bezique.ui.table.banner import banner_plan
from bezique.ui.table.curtain import Curtain
from bezique.ui.table.focus import Focus, step_of
from bezique.ui.table.stage import Stage
from bezique.ui.table.table_buttons import TableButtons
from bezique.ui.table.turns import Turns
from bezique.ui.table.undo import take_back

DISMISS_KEY = pygame.K_x  # closes the problem banner (named in its text and when it is read aloud)

if TYPE_CHECKING:
    from bezique.ui.app import App


class Controls(TableButtons):
    """What the pointer is over and what it holds, where the keyboard's focus is; and what each input does."""

    def __init__(self, app: App, stage: Stage, turns: Turns, curtain: Curtain) -> None:
        super().__init__(app, stage, turns, curtain)
        self.hover_key: int | None = None
        self.hover_button: str | None = None  # the button lit: the pointer's, or the focused declaration row
        self.pointed: str | None = None  # the button under the pointer (since it last moved)
        self.hover_disabled: str | None = None  # a greyed-out button under the pointer: its tooltip says why
        self.hover_meld: int | None = None
        self.press: tuple[int, tuple[int, int]] | None = None  # (card, where) the button went down on a card
        self.dragging: int | None = None
        self.focus = Focus()

    # --- cards ----------------------------------------------------------------------------------------------
    def my_cards_at(self, pos: tuple[int, int]) -> int | None:
        """The topmost of the viewer's own cards (hand or table) under `pos`."""
        model, sprites = self.stage.model, self.stage.sprites
        own = set(model.hands[self.stage.viewer]) | set(model.tables[self.stage.viewer])
        best: tuple[int, int] | None = None
        for key in own:
            sprite = sprites.get(key)
            if sprite is None or key < 0 or not sprite.visible:
                continue
            slot = Slot(sprite.cx, sprite.cy, 0.0, round(sprite.height))
            if card_box(slot, sprite.lift).contains(*pos) and (best is None or sprite.z > best[0]):
                best = (sprite.z, key)
        return None if best is None else best[1]

    def _may_play(self) -> bool:
        """The viewer's cards answer the pointer only when they may play one."""
        return self.turns.human_turn() and self.screen.phase == Phase.PLAY

    def _playable(self, key: int | None) -> bool:
        """The viewer may play the card `key` now: only such a card lifts under the pointer and can be dragged
        (a dimmed one of the final tricks stays put; a click on it still says why it may not be played)."""
        if key is None or not self._may_play():
            return False
        return any(a.verb == Verb.PLAY and a.cards[0] & 31 == key & 31 for a in self.screen.legal)

    # --- the keyboard's focus ------------------------------------------------------------------------------
    def focus_cards(self) -> list[int]:
        """The cards the focus moves over, left to right: the viewer's hand, then the cards they have on the table
        (both may be played); none unless they may play one."""
        if not self._may_play():
            return []
        stage = self.stage
        out: list[int] = []
        for group in (stage.model.hands[stage.viewer], stage.model.tables[stage.viewer]):
            shown = [k for k in group if k >= 0 and k in stage.sprites and stage.sprites[k].visible]
            out += sorted(shown, key=lambda k: (stage.sprites[k].cx, stage.sprites[k].cy))
        return out

    def focused_card(self) -> int | None:
        """The card the focus is on: where it was left if still there, else the first that may be played."""
        cards = self.focus_cards()
        return self.focus.resolve(self.focus.card, cards, [k for k in cards if self._playable(k)])

    def focus_rows(self) -> list[str]:
        """The declaration panel's rows the focus moves over, top to bottom: every meld (scrolled into view when
        focused), then the seven of trumps and passing to the partner, then Draw; none outside the declaration."""
        _, decl = self.buttons()
        if not decl:
            return []
        melds = [f"meld:{i}" for i in range(len(self.decl_melds()))]
        return melds + [b.action for b in decl if not b.action.startswith(("meld:", "decl_"))]

    def _focus_key(self, key: int, mod: int) -> bool:
        """An arrow, Tab, Enter or Space for the focus on the player's turn; False when the key is not for it."""
        step = step_of(key, mod)
        press = key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        focus = self.focus
        if step is None and not press:
            return False
        cards = self.focus_cards()
        if cards and key not in (pygame.K_UP, pygame.K_DOWN):
            card = self.focused_card()
            if press and focus.shown and card is not None:
                self.turns.play_card(card)  # the mouse's way: the rules refuse an illegal card with their reason
            else:
                focus.card = focus.move(focus.card, cards, step or 0, [k for k in cards if self._playable(k)])
            self._lift()
            return True
        rows = self.focus_rows()
        if not rows or (press and not focus.shown):
            return False  # Enter with the focus hidden: Draw, as before
        if press:  # the next declaration starts again at its first row
            row, focus.row = focus.resolve(focus.row, rows), None
            self.hover_button = self.hover_meld = None
            if row is not None:
                self.press_button(row)
            return True
        focus.row = focus.move(focus.row, rows, step or 0)
        self.pointed = None  # the key moved the focus: it lights its row until the pointer moves again
        self.follow_focus()
        return True

    def follow_focus(self) -> None:
        """Each frame: the focus goes to a hint just come; shown on a declaration row it lights it as the pointer
        would (and scrolls a meld into view) unless the pointer is on another button; a focused card lifts unless
        the pointer is on another."""
        focus = self.focus
        if self.turns.hint is not None and self.turns.human_turn():
            focus.follow_hint(self.turns.hint[0], self.decl_melds())
        if not focus.shown or not self.turns.human_turn():
            return
        self._lift()
        rows = self.focus_rows()
        row = focus.resolve(focus.row, rows)
        if row is None or self.pointed not in (None, row):
            return
        self.hover_button = row
        self.hover_meld = int(row[5:]) if row.startswith("meld:") else None
        if self.hover_meld is not None:  # scrolled into view
            first = self.stage.decl_scroll
            self.scroll_decl(min(0, self.hover_meld - first) + max(0, self.hover_meld - first - self.decl_rows() + 1))

    def focus_outline(self) -> tuple[CardSprite | None, Box | None]:
        """What the focus outline goes round now: a card's sprite or a declaration row's box (None, None when the
        focus is hidden or has nothing to be on)."""
        focus = self.focus
        if not focus.shown or not self.turns.human_turn():
            return None, None
        card = self.focused_card()
        if card is not None:
            return self.stage.sprites.get(card), None
        row = focus.resolve(focus.row, self.focus_rows())
        _, decl = self.buttons()
        return None, next((b.box for b in decl if b.action == row), None)

    def _lift(self) -> None:
        """The card under the pointer lifts; with none, the focused card does (when the focus shows)."""
        stage = self.stage
        lifted = self.hover_key
        if lifted is None and self.focus.shown:
            lifted = self.focused_card()
        for key in stage.model.hands[stage.viewer] + stage.model.tables[stage.viewer]:
            sprite = stage.sprites.get(key)
            if sprite is not None:
                sprite.lift_target = self.layout.lift_of(Slot(*sprite.target()[:2], 0.0, round(sprite.height))) \
                    if key == lifted else 0.0

    # --- events ---------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """One input event: a key, the wheel (scrolls the meld rows), the pointer moving, the left button."""
        if event.type == pygame.KEYDOWN:
            self._key(event.key, event.mod)
        elif event.type == pygame.MOUSEWHEEL:
            if self.decl_melds():
                self.scroll_decl(-event.y)
                self._motion(pygame.mouse.get_pos())
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._down(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._up(event.pos)

    def _key(self, key: int, mod: int) -> None:
        if key == DISMISS_KEY and self.stage.banner:  # the banner's click, for a player without a mouse or sight
            self.stage.banner = []
            self.app.voice.say(self.app.t("speech.banner_closed"), interrupt=True)
        elif key == pygame.K_ESCAPE and self.peek:
            self.peek = self.peek_pinned = False
        elif key == pygame.K_ESCAPE:
            self.curtain.open_pause()
        elif key == pygame.K_h:
            self.turns.ask_hint()
        elif key in (pygame.K_u, pygame.K_z) and (key == pygame.K_u or mod & pygame.KMOD_CTRL):
            take_back(self.turns)
        elif key == pygame.K_l:
            self.curtain.open_log()
        elif key == pygame.K_t:
            self.toggle_peek()
        elif self._focus_key(key, mod):
            pass
        elif key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_d) and self.turns.human_turn() \
                and self.screen.phase == Phase.DECLARE:
            self.turns.try_move(Action(Verb.DONE))
        elif key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_RIGHT):
            self.stage.hurry()  # a trick (or a shown hand) on show: go on at once

    def _motion(self, pos: tuple[int, int]) -> None:
        """The pointer at `pos`: a pressed card starts being dragged, or what lies under it is noted and lifts."""
        stage = self.stage
        if self.press is not None and self.dragging is None:
            key, start = self.press
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > 8 * self.layout.s and self._playable(key):
                self.dragging = key
        if self.dragging is not None:
            sprite = stage.sprites.get(self.dragging)
            if sprite is not None:
                sprite.drag = (float(pos[0]), float(pos[1]))
            return
        buttons, decl = self.buttons()
        self.hover_button = self.pointed = next((b.action for b in buttons + decl if b.hit(pos)), None)
        self.hover_disabled = next((b.action for b in buttons if not b.enabled and b.box.contains(*pos)
                                    and self.disabled_reason(b.action)), None)
        self.hover_meld = int(self.hover_button[5:]) if self.hover_button and \
            self.hover_button.startswith("meld:") else None
        hover = self.my_cards_at(pos) if self._may_play() else None
        hover = hover if self._playable(hover) else None
        self.hover_key = hover
        if hover is not None:
            self.focus.card = hover
        if self.hover_button in self.focus_rows():
            self.focus.row = self.hover_button
        self._lift()
        if self.peek and not self.peek_pinned and not (self.layout.won.contains(*pos) or
                                                       self.peek_box().contains(*pos)):
            self.peek = False  # opened by a click on the piles: open while the pointer stays on it

    def _down(self, pos: tuple[int, int]) -> None:
        """The button goes down: the banner, a button (or why it is greyed), the trick piles, or a card to play."""
        if self.stage.banner and banner_plan(self.app.assets, self.app.t, self.layout,
                                             self.stage.banner).box.contains(*pos):  # on the banner as drawn
            self.stage.banner = []
            return
        buttons, decl = self.buttons()
        button = button_at(buttons + decl, pos)
        if button is not None:
            self.press_button(button.action)
            return
        greyed = next((b.action for b in buttons if b.box.contains(*pos) and self.disabled_reason(b.action)), None)
        if greyed is not None:  # a click on a greyed-out button: it says why (and sounds refused), as its key does
            if greyed == "hint":
                self.turns.ask_hint()
            else:
                take_back(self.turns)
            return
        if self.stage.hurry():  # a click on the table while a trick is on show: it is gathered at once
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
        """The button comes up: a dragged card dropped over the table, or a card clicked, is played."""
        press, self.press = self.press, None
        dragging, self.dragging = self.dragging, None
        if dragging is not None:
            sprite = self.stage.sprites.get(dragging)
            if sprite is not None:
                sprite.drag = None
                if pos[1] < self.layout.prompt.y and self.turns.play_card(dragging):
                    sprite.cx, sprite.cy = float(pos[0]), float(pos[1])
                    self.stage.retarget()
            return
        if press is not None and self.my_cards_at(pos) == press[0]:
            self.turns.play_card(press[0])
