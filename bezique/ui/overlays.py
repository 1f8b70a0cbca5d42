"""Scenes that sit over the table: the hot-seat hand-over, the deal result, pause and the score log."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from bezique.rules.actions import Event
from bezique.rules.cards import rank_of
from bezique.ui.assets import BAR_ME, BAR_OPP, CREAM, GOLD, MUTED
from bezique.ui.layout import Box
from bezique.ui.scene import Scene
from bezique.ui.texts import score_name
from bezique.ui.tween import SPEED_FACTORS
from bezique.ui.widgets import Button, blit_text, panel, progress_bar

if TYPE_CHECKING:
    from bezique.ui.table import TableScene


def _dim(surface: pygame.Surface, alpha: int = 150) -> None:
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, (0, 0))


class HandOverScene(Scene):
    """Hot-seat: an opaque screen between turns. The table below is not drawn at all while it shows."""

    overlay = False

    def __init__(self, app, table: TableScene, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.time = 0.0

    def handle_event(self, event: pygame.event.Event) -> None:
        ready = (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE))
        if ready and self.time > 0.25:
            self.app.sounds.play("click")
            self.table.finish_hand_over(self.seat)
            self.app.pop(self)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.table.open_pause()

    def update(self, dt: float, active: bool) -> bool:
        self.time += dt
        return self.time < 0.3

    def draw(self, surface: pygame.Surface) -> None:
        A = self.app.assets
        w, h = surface.get_size()
        s = min(w / 1280, h / 720)
        surface.blit(A.felt((w, h)), (0, 0))
        _dim(surface, 120)
        back = A.card(None, round(200 * s))
        for i in range(5):
            img = A.card(None, round(200 * s), (i - 2) * 8.0)
            surface.blit(img, img.get_rect(center=(w / 2 + (i - 2) * 40 * s, h / 2 - 90 * s)))
        del back
        name = self.table.session.seats[self.seat].name
        blit_text(surface, A, f"Pass to {name}", 56 * s, (w / 2, h / 2 + 60 * s), GOLD, "center", bold=True,
                  shadow=True)
        blit_text(surface, A, "click when ready", 28 * s, (w / 2, h / 2 + 110 * s), CREAM, "center")


class ResultOverlay(Scene):
    """The end of a deal (brisques counted card by card) or of the game."""

    overlay = True

    def __init__(self, app, table: TableScene, deal_events: list[Event], game_over: bool) -> None:
        super().__init__(app)
        self.table = table
        self.events = deal_events
        self.game_over = game_over
        self.time = 0.0
        factor = SPEED_FACTORS.get(table.speed, 1.0)
        self.step = 0.14 * factor
        self.brisques = {seat: [c for e in deal_events if e.label == "brisques" and e.seat == seat
                                for c in e.cards] for seat in range(table.session.rules.players)}
        self.count_time = max(len(v) for v in self.brisques.values()) * self.step if self.brisques else 0.0
        self.auto = 2.5 * max(factor, 0.2) + self.count_time if table.opt.demo else None
        self.button = Button(Box(0, 0, 0, 0), "New game" if game_over else "Next deal", "next", primary=True)
        self.quit_button = Button(Box(0, 0, 0, 0), "Quit", "quit")

    def enter(self) -> None:
        if self.game_over:
            state = self.table.session.state
            humans = self.table.session.humans
            if humans and not self.table.session.hotseat:
                self.app.sounds.play("game_won" if state.winner == humans[0] else "game_lost")

    def _boxes(self) -> tuple[Box, Box, Box]:
        w, h = self.app.size
        s = min(w / 1280, h / 720)
        box = Box(w / 2 - 330 * s, h / 2 - 250 * s, 660 * s, 500 * s)
        nb = Box(box.right - 200 * s, box.bottom - 60 * s, 180 * s, 44 * s)
        qb = Box(box.x + 20 * s, box.bottom - 60 * s, 140 * s, 44 * s)
        return box, nb, qb

    def _close(self) -> None:
        self.app.pop(self)
        if self.game_over:
            self.table.overlay_open = False
            factory = getattr(self.app, "new_game", None)
            if factory is not None and not self.table.opt.demo:
                factory()
            else:
                self.table.result_closed(True)
        else:
            self.table.result_closed(False)

    def handle_event(self, event: pygame.event.Event) -> None:
        _, nb, qb = self._boxes()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if nb.contains(*event.pos):
                self.app.sounds.play("click")
                self._close()
            elif self.game_over and qb.contains(*event.pos):
                self.app.quit()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            self._close()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.table.open_pause()

    def update(self, dt: float, active: bool) -> bool:
        if not active:
            return False
        self.time += dt
        if self.auto is not None and self.time >= self.auto:
            self._close()
            return True
        return self.time < self.count_time + 0.5

    def draw(self, surface: pygame.Surface) -> None:
        A = self.app.assets
        table = self.table
        session = table.session
        state = session.state
        w, h = surface.get_size()
        s = min(w / 1280, h / 720)
        _dim(surface, 130)
        box, nb, qb = self._boxes()
        panel(surface, box, alpha=240, edge=GOLD, edge_width=3)
        if self.game_over:
            if state.winner is None:
                title = "A drawn game"
            elif session.humans and not session.hotseat:
                title = "You win the game!" if state.winner == session.humans[0] else \
                    f"{session.seats[state.winner].name} wins the game"
            else:
                title = f"{session.seats[state.winner].name} wins the game"
        else:
            title = f"End of deal {state.deal_index + 1}"
        blit_text(surface, A, title, 44 * s, (box.cx, box.y + 18 * s), GOLD, "midtop", bold=True, shadow=True)
        col_w = (box.w - 40 * s) / 2
        order = [table.viewer, table.model.top]
        for i, seat in enumerate(order):
            x = box.x + 20 * s + i * col_w
            y = box.y + 80 * s
            name = session.seats[seat].name if seat != table.viewer or session.hotseat else "You"
            blit_text(surface, A, name, 30 * s, (x, y), CREAM, bold=True)
            y += 36 * s
            lines: dict[str, int] = {}
            for e in self.events:
                if e.seat == seat and e.label != "brisques":
                    lines[e.label] = lines.get(e.label, 0) + e.points
            for label, pts in list(lines.items())[:6]:
                blit_text(surface, A, score_name(label), 20 * s, (x, y), MUTED)
                blit_text(surface, A, f"+{pts}", 20 * s, (x + col_w - 30 * s, y), CREAM, "topright")
                y += 22 * s
            cards = self.brisques.get(seat, [])
            shown = min(len(cards), int(self.time / self.step) + 1) if self.step > 0 else len(cards)
            blit_text(surface, A, "Brisques", 20 * s, (x, y + 4 * s), MUTED)
            blit_text(surface, A, f"+{10 * shown}", 22 * s, (x + col_w - 30 * s, y + 4 * s), GOLD, "topright",
                      bold=True)
            y += 28 * s
            ch = round(56 * s)
            for j, card in enumerate(cards[:shown]):
                img = A.card(card, ch)
                surface.blit(img, (x + j * min(ch * 0.42, (col_w - 40 * s) / max(len(cards), 1)), y))
            y += ch + 10 * s
            side = session.rules.side_of(seat)
            deal_pts = sum(e.points for e in self.events if e.seat == seat)
            if e_count := len(cards) - shown:
                deal_pts -= 10 * e_count
            blit_text(surface, A, f"Deal: {deal_pts}", 24 * s, (x, y), CREAM, bold=True)
            y += 30 * s
            score = state.scores[side] - 10 * (len(cards) - shown)
            blit_text(surface, A, f"Game: {score} / {session.rules.target_score}", 22 * s, (x, y), CREAM)
            progress_bar(surface, Box(x, y + 26 * s, col_w - 30 * s, 12 * s),
                         score / max(session.rules.target_score, 1), BAR_ME if i == 0 else BAR_OPP)
        if self.game_over and state.finished:
            rest = [c for seat in range(session.rules.players) if seat != table.viewer for c in state.hands[seat]]
            if rest and session.humans and not session.hotseat:
                blit_text(surface, A, "Their remaining cards:", 18 * s, (box.x + 20 * s, box.bottom - 130 * s),
                          MUTED)
                for j, card in enumerate(sorted(rest, key=lambda c: (c >> 3 & 3, rank_of(c)))):
                    img = A.card(card, round(50 * s))
                    surface.blit(img, (box.x + 20 * s + j * 30 * s, box.bottom - 110 * s))
        self.button.box = nb
        self.button.draw(surface, A, s)
        if self.game_over:
            self.quit_button.box = qb
            self.quit_button.draw(surface, A, s)


class PauseOverlay(Scene):
    overlay = True

    def __init__(self, app, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.hot: str | None = None

    def _buttons(self) -> list[Button]:
        w, h = self.app.size
        s = min(w / 1280, h / 720)
        bw, bh = 260 * s, 50 * s
        x = w / 2 - bw / 2
        y = h / 2 - 40 * s
        labels = [("Resume", "resume"), ("New game", "new"), ("Quit", "quit")]
        return [Button(Box(x, y + i * (bh + 14 * s), bw, bh), label, act, primary=act == "resume")
                for i, (label, act) in enumerate(labels)]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop(self)
            return
        if event.type == pygame.MOUSEMOTION:
            self.hot = next((b.action for b in self._buttons() if b.hit(event.pos)), None)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self._buttons():
                if b.hit(event.pos):
                    self.app.sounds.play("click")
                    if b.action == "resume":
                        self.app.pop(self)
                    elif b.action == "new":
                        factory = getattr(self.app, "new_game", None)
                        if factory is not None:
                            factory()
                        else:
                            self.app.pop(self)
                    elif b.action == "quit":
                        self.app.quit()
                    return

    def draw(self, surface: pygame.Surface) -> None:
        A = self.app.assets
        w, h = surface.get_size()
        s = min(w / 1280, h / 720)
        _dim(surface, 150)
        box = Box(w / 2 - 200 * s, h / 2 - 150 * s, 400 * s, 330 * s)
        panel(surface, box, alpha=240, edge=GOLD, edge_width=3)
        blit_text(surface, A, "Paused", 48 * s, (w / 2, box.y + 24 * s), GOLD, "midtop", bold=True, shadow=True)
        for b in self._buttons():
            b.draw(surface, A, s, hot=self.hot == b.action)


class LogOverlay(Scene):
    """The meld and score log: who scored what, deal by deal (RULES.md §1.12: public)."""

    overlay = True

    def __init__(self, app, table: TableScene) -> None:
        super().__init__(app)
        self.table = table

    def handle_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_l, pygame.K_RETURN)) or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
            self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        A = self.app.assets
        w, h = surface.get_size()
        s = min(w / 1280, h / 720)
        _dim(surface, 150)
        box = Box(w / 2 - 300 * s, 40 * s, 600 * s, h - 80 * s)
        panel(surface, box, alpha=242, edge=GOLD, edge_width=3)
        blit_text(surface, A, "Score log", 40 * s, (box.cx, box.y + 14 * s), GOLD, "midtop", bold=True)
        session = self.table.session
        log = session.state.log
        y = box.y + 64 * s
        rows = int((box.bottom - y - 30 * s) // (24 * s))
        if not log:
            blit_text(surface, A, "Nothing scored yet", 22 * s, (box.cx, y + 20 * s), MUTED, "midtop")
        for deal, _side, seat, score_id, points in log[-rows:]:
            name = session.seats[seat].name if seat != self.table.viewer or session.hotseat else "You"
            blit_text(surface, A, f"Deal {deal + 1}", 20 * s, (box.x + 20 * s, y), MUTED)
            blit_text(surface, A, name, 20 * s, (box.x + 110 * s, y), CREAM)
            blit_text(surface, A, score_name(score_id), 20 * s, (box.x + 260 * s, y), CREAM)
            blit_text(surface, A, f"+{points}", 20 * s, (box.right - 20 * s, y), GOLD, "topright", bold=True)
            y += 24 * s
        blit_text(surface, A, "click or Esc to close", 18 * s, (box.cx, box.bottom - 10 * s), MUTED, "midbottom")
