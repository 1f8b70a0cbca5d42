"""Review a deal: step through it trick by trick (forward, back, jump), seeing every hand, every card played, every
meld and score and the cards drawn, from Past games and from the scoreboard after a deal.

The steps are ``bezique.presenter.review``'s (step 0 the deal as dealt, then a step per trick); this screen only
draws the one the ``ReviewCursor`` points at. Mouse: the buttons, a click on the timeline jumps to that trick, the
wheel steps. Keys: Left/Right a trick, Home/End, Page Up/Down the deal, Esc back.

Meanwhile the strongest level weighs the player's decisions of the deal shown (``bezique.ai.review``: from the
player's view only) on a worker thread; the screen stays responsive, shows how far it got, and marks the costly
decisions on the timeline and beside their trick, with what the computer would have chosen and what it was worth.

"Replay this deal" (R) plays the deal shown again from the start, at a table of its own on top of this screen
(``review_replay``), seated by the ``ReplaySeater`` whoever opens the review hands it (the host of the game,
``bezique.ui.screens``): the table's scoreboard opens this screen, so this module may not import the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from bezique.ai.review import Assessment, assess_deal
from bezique.geometry import Box
from bezique.presenter.review import DealReview, ReviewCursor, Step, review_game
from bezique.presenter.words import card_name
from bezique.rules import Bonus, rank_of, suit_of
from bezique.ui.kit.assets import CREAM, GOLD, MUTED
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import Button, blit_text, button_at, panel, scale_of, wrap
from bezique.ui.scene import Scene, Window
from bezique.ui.scenes.review_replay import ReplayDirector, ReplaySeater
from bezique.ui.scenes.review_words import ReviewWords
from bezique.ui.speaking import sentences
from bezique.ui.worker import Worker

WINNER = (250, 206, 108)
FINAL_ZONE = (70, 52, 30)
COSTLY = (236, 96, 80)


class ReviewScene(Scene):
    """One game's deals, one step at a time. `viewer`: the player's seat (their row is drawn first); `doc` the game
    record and `seat` the table maker "Replay this deal" plays it again at (either None: no replay)."""

    def __init__(self, app: Window, deals: list[DealReview], viewer: int = 0, deal: int = 0,
                 analyse: bool = True, doc: dict[str, Any] | None = None, seat: ReplaySeater | None = None) -> None:
        super().__init__(app)
        self.cursor = ReviewCursor(deals, deal)
        self.doc = doc
        self.seat = seat
        self.viewer = viewer
        self.words = ReviewWords(app, viewer)
        self.hover: int | None = None  # the timeline's slot under the pointer: its trick is named
        self.analyse = analyse  # weigh the player's decisions in the background
        self.worker = Worker()
        self.assessed: dict[int, list[Assessment]] = {}  # deal index -> its decisions weighed
        self.progress = (0, 0)  # decisions weighed, of how many (written by the worker thread)
        self._shown_progress = (0, 0)

    @classmethod
    def of_record(cls, app: Window, doc: dict[str, Any], viewer: int = 0, deal: int = 0,
                  seat: ReplaySeater | None = None) -> ReviewScene:
        """The review of a game record (a kept game, or the game at the table), its deals replayed at `seat`'s.

        Raises:
            RecordError: the record does not replay.
        """
        return cls(app, review_game(doc), viewer, deal, doc=doc, seat=seat)

    # --- the analysis -------------------------------------------------------------------------------------------
    def enter(self) -> None:
        self._weigh()

    def exit(self) -> None:
        self.worker.cancel()

    def _weigh(self) -> None:
        """Start weighing the deal shown, unless it is done, or the record stops inside it."""
        index, deal = self.cursor.deal_index, self.cursor.deal
        if not self.analyse or index in self.assessed or not deal.complete or self.worker.tag == index:
            return
        decisions = [(d.state, d.action) for step in deal.steps for d in step.decisions]
        self.progress = (0, sum(1 for state, _ in decisions if state.to_act == self.viewer))

        def progress(done: int, total: int) -> None:
            self.progress = (done, total)

        self.worker.start(lambda stop: assess_deal(decisions, self.viewer, seed=index, stop=stop, progress=progress),
                          tag=index)

    def update(self, dt: float, active: bool) -> bool:
        """Collect the analysis; the window is drawn again when it moved on (never every frame: the worker needs
        the time)."""
        tag = self.worker.tag
        done, result = self.worker.poll()
        if done:
            self.assessed[tag] = result
            self.worker.tag = None
            self.app.dirty = True
        elif self.progress != self._shown_progress:
            self._shown_progress = self.progress
            self.app.dirty = True
        return False

    def marks(self) -> dict[int, Assessment]:
        """The deal's costliest decision in each step where one was weighed, by step number."""
        deal = self.cursor.deal
        step_of = [step.number for step in deal.steps for _ in step.decisions]
        out: dict[int, Assessment] = {}
        for item in self.assessed.get(self.cursor.deal_index, []):
            step = step_of[item.at]
            if step not in out or item.cost > out[step].cost:
                out[step] = item
        return out

    # --- geometry -------------------------------------------------------------------------------------------
    def _scale(self) -> float:
        return scale_of(self.app.size)

    def timeline_box(self) -> Box:
        w, _ = self.app.size
        s = self._scale()
        return Box(40 * s, 92 * s, w - 80 * s, 26 * s)

    def side_box(self) -> Box:
        """The panel of what happened in the step, right of the hands."""
        w, h = self.app.size
        s = self._scale()
        return Box(w - 40 * s - 380 * s, 132 * s, 380 * s, h - 132 * s - 96 * s)

    def rows_box(self) -> Box:
        s = self._scale()
        side = self.side_box()
        return Box(40 * s, side.y, side.x - 60 * s, side.h)

    def step_at(self, pos: tuple[int, int]) -> int | None:
        """The step whose slot of the timeline is under `pos`, or None."""
        box = self.timeline_box()
        s = self._scale()
        if not (box.x <= pos[0] <= box.right and box.y - 6 * s <= pos[1] <= box.bottom + 6 * s):
            return None
        count = len(self.cursor.deal.steps)
        return max(0, min(count - 1, int((pos[0] - box.x) / box.w * count)))

    def buttons(self) -> list[Button]:
        w, h = self.app.size
        s = self._scale()
        T = self.app.t
        c = self.cursor
        y, bh = h - 74 * s, 50 * s
        last = len(c.deal.steps) - 1
        return [Button(Box(40 * s, y, 180 * s, bh), T("menu.back"), "back"),
                Button(Box(w / 2 - 390 * s, y, 190 * s, bh), T("review.prev_deal"), "prev_deal",
                       enabled=c.deal_index > 0, text_size=Type.BODY),
                Button(Box(w / 2 - 190 * s, y, 180 * s, bh), T("review.previous"), "back_step",
                       enabled=c.step_index > 0),
                Button(Box(w / 2 + 10 * s, y, 180 * s, bh), T("review.next"), "forward",
                       enabled=c.step_index < last, primary=True),
                Button(Box(w / 2 + 200 * s, y, 190 * s, bh), T("review.next_deal"), "next_deal",
                       enabled=c.deal_index < len(c.deals) - 1, text_size=Type.BODY),
                Button(Box(w - 40 * s - 200 * s, y, 200 * s, bh), T("review.replay"), "replay",
                       enabled=self.can_replay(), text_size=Type.BODY)]

    # --- replaying the deal ---------------------------------------------------------------------------------
    def can_replay(self) -> bool:
        """The deal shown can be played again: the record is at hand, the deal was played out, a table is offered."""
        return self.doc is not None and self.seat is not None and self.cursor.deal.complete

    def replay(self) -> None:
        """Play the deal shown again from the start, at a table over this screen."""
        if not self.can_replay():
            return
        assert self.doc is not None and self.seat is not None
        deal = self.cursor.deal
        ReplayDirector(self.app, self.seat, self.doc, deal.number, deal.points, self.viewer,
                       to_menu=self.leave_to_menu).start()

    def leave_to_menu(self) -> None:
        """The menu, from wherever this review was opened: back down to the menu under Past games, or through the
        game's host (the scoreboard's review: the game, saved after every move, waits there to be continued)."""
        stack = self.app.stack
        hosts = [getattr(scene, "host", None) for scene in stack.scenes]  # a table's host (the game's shell)
        host = next((h for h in hosts if h is not None), None)
        if host is not None:
            host.open_menu()
            return
        while len(stack.scenes) > 1:
            self.app.pop()

    # --- input ----------------------------------------------------------------------------------------------
    def choose(self, action: str) -> None:
        c = self.cursor
        steps: dict[str, Callable[[], bool]] = {"forward": c.forward, "back_step": c.back,
                                                "prev_deal": lambda: c.change_deal(-1),
                                                "next_deal": lambda: c.change_deal(1)}
        moved = steps.get(action)
        if action == "back":
            self.app.pop(self)
        elif action == "replay":
            self.replay()
        elif moved is not None and moved():
            self.app.dirty = True
            if action in ("prev_deal", "next_deal"):
                self._weigh()

    def handle_event(self, event: pygame.event.Event) -> None:
        c = self.cursor
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_RIGHT: "forward", pygame.K_SPACE: "forward", pygame.K_LEFT: "back_step",
                    pygame.K_PAGEUP: "prev_deal", pygame.K_PAGEDOWN: "next_deal", pygame.K_ESCAPE: "back",
                    pygame.K_BACKSPACE: "back", pygame.K_r: "replay"}
            if event.key in keys:
                self.choose(keys[event.key])
            elif event.key in (pygame.K_HOME, pygame.K_END):
                c.go(0 if event.key == pygame.K_HOME else len(c.deal.steps) - 1)
                self.app.dirty = True
        elif event.type == pygame.MOUSEWHEEL:
            self.choose("back_step" if event.y > 0 else "forward")
        elif event.type == pygame.MOUSEMOTION:
            hover = self.step_at(event.pos)
            if hover != self.hover:
                self.hover = hover
                self.app.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = button_at(self.buttons(), event.pos)
            if button is not None:
                self.app.sounds.play("click")
                self.choose(button.action)
                return
            step = self.step_at(event.pos)
            if step is not None:
                c.go(step)
                self.app.dirty = True

    # --- the computer's word -----------------------------------------------------------------------------
    def verdict(self, step: Step) -> list[tuple[str, tuple[int, int, int]]]:
        """The computer's word on the player's choice in `step`: what it cost and what it would have chosen."""
        T = self.app.t
        item = self.marks().get(step.number)
        if item is None:
            return []
        if not item.marked:
            return [(T("review.agree"), MUTED)]
        points = round(item.cost)
        head = T("review.costly_exact", points=points) if item.exact else T("review.costly", points=points)
        name = self.words.action_text
        why = T("review.why_exact" if item.exact else "review.why", chosen=name(item.chosen, step.trump),
                best=name(item.best, step.trump), points=points, samples=item.samples)
        return [(head, COSTLY), (why, CREAM)]

    def summary(self) -> str | None:
        """How far the analysis is, or what it found in the deal."""
        T = self.app.t
        found = self.assessed.get(self.cursor.deal_index)
        if found is None:
            busy = self.worker.tag == self.cursor.deal_index
            return T("review.weighing", done=self.progress[0], total=self.progress[1]) if busy else None
        costly = [item for item in found if item.marked]
        if not costly:
            return T("review.summary_none")
        return T("review.summary", count=len(costly), points=round(sum(item.cost for item in costly)))

    # --- speech ---------------------------------------------------------------------------------------------
    def spoken_title(self) -> str:
        c = self.cursor
        return self.app.t("review.title", number=c.deal_index + 1, count=len(c.deals))

    def spoken_focus(self) -> str:
        """The trick shown: its title, the deal's state, each card played, what happened, and the computer's
        remarks on the player's choice."""
        T, lang, c = self.app.t, self.app.lang, self.cursor
        deal, step = c.deal, c.step
        parts = [self.words.step_title(deal, c.step_index), self.words.info_line(deal, step).replace("  ·  ", ". ")]
        parts += [T("speech.play_item", name=deal.names[seat], card=card_name(card, lang)) for seat, card in step.plays]
        for text, cards in self.words.happenings(deal, step):
            parts.append(f"{text}: {', '.join(card_name(card, lang) for card in cards)}" if cards else text)
        parts += [text for text, _ in self.verdict(step)]
        summary = self.summary()
        return sentences(*parts, summary or "")

    def spoken_keys(self) -> str:
        return self.app.t("review.keys_hint").replace("  ·  ", ". ")

    # --- drawing --------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        A, T = self.app.assets, self.app.t
        w, h = surface.get_size()
        s = self._scale()
        c = self.cursor
        surface.blit(A.felt((w, h)), (0, 0))
        title = T("review.title", number=c.deal_index + 1, count=len(c.deals))
        blit_text(surface, A, title, Type.TITLE * s, (40 * s, 14 * s), GOLD, bold=True, shadow=True, max_width=w / 2)
        blit_text(surface, A, self.words.step_title(c.deal, c.step_index), Type.HEADING * s, (w - 40 * s, 18 * s),
                  CREAM,
                  "topright", bold=True)
        blit_text(surface, A, self.words.info_line(c.deal, c.step), Type.BODY * s, (40 * s, 60 * s), MUTED,
                  max_width=w - 80 * s)
        self._timeline(surface, s)
        self._rows(surface, s)
        self._side(surface, s)
        self._hover_tip(surface, s)
        for button in self.buttons():
            button.draw(surface, A, s)
        blit_text(surface, A, T("review.keys_hint"), Type.NOTE * s, (w / 2, h - 6 * s), MUTED, "midbottom",
                  max_width=w - 80 * s)

    def _timeline(self, surface: pygame.Surface, s: float) -> None:
        """A slot per step: melds marked in gold, the last tricks shaded, the step shown framed."""
        box = self.timeline_box()
        steps = self.cursor.deal.steps
        slot = box.w / len(steps)
        panel(surface, box, alpha=180, radius=6, edge_width=1)
        marks = self.marks()
        for i, step in enumerate(steps):
            x = box.x + i * slot
            if step.final:
                pygame.draw.rect(surface, FINAL_ZONE, (round(x), round(box.y + 2), max(1, round(slot)),
                                                       round(box.h - 4)))
            mark = marks.get(step.number)
            if mark is not None and mark.marked:
                radius = max(3, round(min(9.0, 3 + mark.cost / 15) * s))
                pygame.draw.circle(surface, COSTLY, (round(x + slot / 2), round(box.cy)), radius)
            elif any(item.label not in (Bonus.BRISQUES, Bonus.LAST_TRICK) for item in step.scored):
                pygame.draw.circle(surface, GOLD, (round(x + slot / 2), round(box.cy)), max(2, round(4 * s)))
            else:
                pygame.draw.line(surface, MUTED, (round(x + slot / 2), round(box.cy - 3 * s)),
                                 (round(x + slot / 2), round(box.cy + 3 * s)))
        x = box.x + self.cursor.step_index * slot
        pygame.draw.rect(surface, CREAM, (round(x), round(box.y - 3 * s), max(3, round(slot)), round(box.h + 6 * s)),
                         width=2, border_radius=3)

    def _hover_tip(self, surface: pygame.Surface, s: float) -> None:
        """The trick a click on the timeline would show, named under the pointer (drawn last, over the rows)."""
        if self.hover is None:
            return
        box = self.timeline_box()
        slot = box.w / len(self.cursor.deal.steps)
        label = self.words.step_title(self.cursor.deal, self.hover)
        size = round(17 * s)
        tw = self.app.assets.font(size).size(label)[0] + 16 * s
        cx = min(max(box.x + (self.hover + 0.5) * slot, box.x + tw / 2), box.right - tw / 2)
        tip = Box(cx - tw / 2, box.bottom + 6 * s, tw, 26 * s)
        panel(surface, tip, alpha=255, edge=GOLD, fill=(30, 36, 30), radius=6, edge_width=1)
        blit_text(surface, self.app.assets, label, size, (tip.cx, tip.cy), CREAM, "center")

    def _seat_order(self) -> list[int]:
        players = len(self.cursor.deal.names)
        return [(self.viewer + i) % players for i in range(players)]

    def _rows(self, surface: pygame.Surface, s: float) -> None:
        """A row per seat, the player's first: name and points, the hand before the trick (the card played from it
        raised), the melded cards on the table, and the card played to the trick, the winner's framed."""
        A, T = self.app.assets, self.app.t
        deal, step = self.cursor.deal, self.cursor.step
        box = self.rows_box()
        seats = self._seat_order()
        row_h = box.h / len(seats)
        ch = round(min(row_h * 0.68, 140 * s))
        cw = A.card(0, ch).get_width()
        played = dict(step.plays)
        order = {seat: i for i, (seat, _card) in enumerate(step.plays)}
        for r, seat in enumerate(seats):
            top = box.y + r * row_h
            panel(surface, Box(box.x, top + 4 * s, box.w, row_h - 8 * s), alpha=150, radius=10, edge_width=1)
            blit_text(surface, A, deal.names[seat], Type.LABEL * s, (box.x + 14 * s, top + 12 * s), CREAM, bold=True,
                      max_width=150 * s)
            blit_text(surface, A, T("review.points", points=step.points[deal.sides[seat]]), Type.BODY * s,
                      (box.x + 14 * s, top + 40 * s), MUTED, max_width=150 * s)
            hand = sorted(step.hands[seat], key=lambda card: (suit_of(card), rank_of(card)))
            table = step.tables[seat]
            trick_x = box.right - cw - 24 * s
            x0, room = box.x + 170 * s, trick_x - box.x - 170 * s - 30 * s
            count = len(hand) + len(table)
            gap = 14 * s if table else 0.0
            pitch = min(cw * 0.62, (room - cw - gap) / max(count - 1, 1))
            y = top + (row_h - ch) / 2 + 6 * s
            x = x0
            for card in hand:
                lift = 12 * s if played.get(seat) == card else 0.0
                surface.blit(A.card(card, ch), (round(x), round(y - lift)))
                x += pitch
            if table:
                x += gap
                blit_text(surface, A, T("review.on_table"), Type.NOTE * s, (x, y - 20 * s), MUTED)
                for card in table:
                    lift = 12 * s if played.get(seat) == card else 0.0
                    surface.blit(A.card(card, ch), (round(x), round(y - lift)))
                    x += pitch
            if seat in played:
                img = A.card(played[seat], ch)
                surface.blit(img, (round(trick_x), round(y)))
                if step.winner == seat:
                    pygame.draw.rect(surface, WINNER, (round(trick_x - 3 * s), round(y - 3 * s),
                                                       round(cw + 6 * s), round(ch + 6 * s)), width=3,
                                     border_radius=round(8 * s))
                blit_text(surface, A, str(order[seat] + 1), Type.NOTE * s, (trick_x - 8 * s, y + 4 * s), GOLD,
                          "topright", bold=True)

    def _side(self, surface: pygame.Surface, s: float) -> None:
        A, T = self.app.assets, self.app.t
        box = self.side_box()
        panel(surface, box, alpha=200)
        blit_text(surface, A, T("review.what_happened"), Type.LABEL * s, (box.x + 16 * s, box.y + 12 * s), GOLD,
                  bold=True,
                  max_width=box.w - 32 * s)
        y = box.y + 48 * s
        for text, colour in self.verdict(self.cursor.step):
            for line in wrap(A, text, Type.NOTE * s, box.w - 32 * s, bold=colour == COSTLY):
                blit_text(surface, A, line, Type.NOTE * s, (box.x + 16 * s, y), colour, bold=colour == COSTLY)
                y += 23 * s
            y += 4 * s
        summary = self.summary()
        foot = box.bottom - 10 * s
        for line in reversed(wrap(A, summary, Type.NOTE * s, box.w - 32 * s) if summary else []):
            foot = blit_text(surface, A, line, Type.NOTE * s, (box.x + 16 * s, foot), MUTED, "bottomleft").top
        ch = round(54 * s)
        for text, cards in self.words.happenings(self.cursor.deal, self.cursor.step):
            if y > foot - 30 * s:
                break
            blit_text(surface, A, text, Type.NOTE * s, (box.x + 16 * s, y), CREAM, max_width=box.w - 32 * s)
            y += 26 * s
            if cards and y + ch < foot - 8 * s:
                for i, card in enumerate(cards):
                    surface.blit(A.card(card, ch), (round(box.x + 24 * s + i * ch * 0.55), round(y)))
                y += ch + 8 * s
