"""The table of a game played on two computers: drawn from what the host sent this seat, and nothing else.

It reads the latest update of its ``Client`` (the seat's ``PlayerView`` as a ``ScreenView``, its legal actions,
every seat's connection state) and never a game state: there is none on a friend's computer. A click on a card
sends that play, a button the meld, exchange or draw; the host (the rules) decides, and a refusal is said in a
line at the foot. The top line says whose turn it is with a small wait indicator, each seat's connection state
beside its name, and a banner says when the connection dropped (the client rejoins by itself) or the game ended
at the host. Esc leaves for the menu; when this window hosts, the game is saved and the friends are told.
"""

from __future__ import annotations

import queue
from collections.abc import Callable
from typing import Any

import pygame

from bezique.i18n import suit_name
from bezique.net.client import Client, LinkChange
from bezique.net.hosting import HostedGame
from bezique.net.protocol import Closing, Refused, SeatState, Update
from bezique.presenter.layout import Box
from bezique.presenter.model import hand_order
from bezique.presenter.screen_view import ScreenView
from bezique.rules import SUITS, Action, Verb
from bezique.ui.kit.assets import CREAM, GOLD, MUTED
from bezique.ui.kit.widgets import Button, blit_text, button_at, panel, scale_of
from bezique.ui.scene import Scene, Window
from bezique.ui.texts import meld_label

WARN = (255, 190, 160)
LINK_COLOURS = {"connected": (140, 220, 150), "here": (140, 220, 150), "dropped": WARN, "open": MUTED}


class NetTableScene(Scene):
    """One seat's table in a hosted game (the host's own window and each friend's)."""

    def __init__(self, app: Window, client: Client, leave: Callable[[], None],
                 hosted: HostedGame | None = None) -> None:
        super().__init__(app)
        self.client = client
        self.hosted = hosted
        self.leave_to = leave
        self.update_msg: Update | None = None
        self.screen: ScreenView | None = None
        self.notice = ""
        self.ended = ""  # why the game ended here (the host quit, ...), once it has
        self.time = 0.0
        self.left = False
        self._cards: list[tuple[Box, Action | None]] = []

    # --- input -------------------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return
        button = button_at(self.buttons(), event.pos)
        if button is not None:
            self.app.sounds.play("click")
            self.choose(button.action)
            return
        for box, action in reversed(self._cards):
            if box.contains(*event.pos):
                if action is not None:
                    self.app.sounds.play("click")
                    self.client.act(action)
                    self.notice = ""
                return

    def choose(self, key: str) -> None:
        if key == "leave":
            self.leave()
        elif key == "ready":
            self.client.ready()
        elif key.startswith("act:"):
            self.client.act(self.declarations()[int(key[4:])])
            self.notice = ""

    def leave(self) -> None:
        self.exit()
        self.leave_to()

    def exit(self) -> None:
        """Off the stack (Esc, or the window closed): a host tells its friends and stops, a friend leaves."""
        if self.left:
            return
        self.left = True
        if self.hosted is not None:
            self.hosted.stop()
        else:
            self.client.close()

    # --- time --------------------------------------------------------------------------------------------------

    def update(self, dt: float, active: bool) -> bool:
        self.time += dt
        changed = False
        while True:
            try:
                message = self.client.inbox.get_nowait()
            except queue.Empty:
                break
            changed = True
            self._read(message)
        if changed:
            self.app.dirty = True
        return self._waiting()  # the wait indicator moves while someone else is to act

    def _read(self, message: Any) -> None:
        if isinstance(message, Update):
            self.update_msg = message
            self.screen = ScreenView.of(message.view)
            if any(e.kind == "trick_won" for e in message.events):
                self.app.sounds.play("click")
        elif isinstance(message, Refused):
            self.notice = self.app.t(f"net.refused_{message.code}")
        elif isinstance(message, Closing):
            self.ended = message.reason
        elif isinstance(message, LinkChange) and message.link == "closed" and not self.ended:
            self.ended = message.reason or "left"

    def _waiting(self) -> bool:
        view = self.screen
        return view is not None and not view.finished and view.to_act != view.seat

    # --- what is shown -----------------------------------------------------------------------------------------

    def declarations(self) -> list[Action]:
        """The seat's legal actions other than playing a card (melds, the seven, passing, drawing)."""
        update = self.update_msg
        return [a for a in update.legal if a.verb != Verb.PLAY] if update is not None else []

    def _action_label(self, action: Action, seats: tuple[SeatState, ...]) -> str:
        T = self.app.t
        if action.verb == Verb.MELD:
            # named in words (suit glyphs are not in the window's font; the cards are on the table below)
            return meld_label(action.kind or "", action.cards, None, self.app.lang)
        if action.verb == Verb.DONE:
            return T("action.draw") if self.screen is not None and self.screen.stock_count else T("action.continue")
        if action.verb == Verb.PASS_TO_PARTNER and action.seat is not None:
            return T("action.pass_to_partner", name=seats[action.seat].name)
        return T(f"action.{action.verb}")

    def buttons(self) -> list[Button]:
        w, h = self.app.size
        s = scale_of((w, h))
        out = [Button(Box(w - 150 * s, h - 52 * s, 136 * s, 40 * s), self.app.t("action.menu"), "leave",
                      text_size=20)]
        update, view = self.update_msg, self.screen
        if update is None or view is None or self.ended:
            return out
        x, y, bw = w - 330 * s, 150 * s, 316 * s
        for i, action in enumerate(self.declarations()[:9]):
            out.append(Button(Box(x, y + i * 44 * s, bw, 38 * s), self._action_label(action, update.seats),
                              f"act:{i}", primary=action.verb == Verb.DONE, text_size=18))
        if view.seat in update.waiting:
            out.append(Button(Box(w / 2 - 120 * s, h / 2 + 100 * s, 240 * s, 48 * s), self.app.t("net.next_deal"),
                              "ready", primary=True))
        return out

    def status(self) -> str:
        """Whose turn it is, or what the game waits for."""
        T, update, view = self.app.t, self.update_msg, self.screen
        if self.ended:
            return T(f"net.ended_{self.ended}") if self.ended in ENDINGS else T("net.ended_left")
        if update is None or view is None:
            return T("net.connecting")
        seats = update.seats
        if view.finished:
            if view.winner is None:
                return T("net.game_drawn")
            names = " & ".join(seats[s].name for s in range(len(seats)) if view.rules.side_of(s) == view.winner)
            return T("net.game_won", name=names)
        if any(seat.link == "open" for seat in seats):
            return T("net.waiting_join")
        if update.waiting:
            if view.seat in update.waiting:
                return T("net.deal_over")
            return T("net.waiting_next", name=", ".join(seats[s].name for s in update.waiting))
        if view.to_act is None:
            return ""
        if view.to_act == view.seat:
            return T("net.your_turn")
        dots = "." * (1 + int(self.time * 2) % 3)  # the wait indicator
        who = seats[view.to_act]
        if who.link == "dropped":
            return T("net.waiting_dropped", name=who.name)
        return T("net.waiting_for", name=who.name) + dots

    # --- drawing -----------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        A, T = self.app.assets, self.app.t
        w, h = surface.get_size()
        s = scale_of((w, h))
        surface.blit(A.felt((w, h)), (0, 0))
        self._cards = []
        update, view = self.update_msg, self.screen
        if self.hosted is not None:
            self._draw_code(surface, s)
        if update is not None and view is not None:
            self._draw_game(surface, update, view, s)
        link = self.client.link
        if link in ("dropped", "connecting") and update is not None and not self.ended:
            banner = Box(w / 2 - 300 * s, 8 * s, 600 * s, 40 * s)
            panel(surface, banner, alpha=235, edge=WARN)
            blit_text(surface, A, T("net.reconnecting"), 20 * s, (banner.cx, banner.cy), WARN, "center")
        blit_text(surface, A, self.status(), 26 * s, (w / 2, h / 2 + 70 * s), GOLD, "center", bold=True,
                  shadow=True, max_width=w - 700 * s)
        if self.notice:
            blit_text(surface, A, self.notice, 20 * s, (w / 2, h - 24 * s), WARN, "center", max_width=w - 340 * s)
        mouse = pygame.mouse.get_pos()
        for button in self.buttons():
            button.draw(surface, A, s, hot=button.box.contains(*mouse))

    def _draw_code(self, surface: pygame.Surface, s: float) -> None:
        """The join code and the address, for the friend to type: always in a corner while hosting."""
        assert self.hosted is not None
        A, T, host = self.app.assets, self.app.t, self.hosted.host
        box = Box(14 * s, 14 * s, 300 * s, 92 * s)
        panel(surface, box, alpha=215)
        blit_text(surface, A, T("net.code_label"), 16 * s, (box.x + 12 * s, box.y + 8 * s), MUTED)
        blit_text(surface, A, host.code, 30 * s, (box.x + 12 * s, box.y + 28 * s), GOLD, bold=True)
        blit_text(surface, A, T("net.address_label", address=f"{host.advertise}:{host.port}"), 16 * s,
                  (box.x + 12 * s, box.y + 66 * s), CREAM)

    def _draw_game(self, surface: pygame.Surface, update: Update, view: ScreenView, s: float) -> None:
        A, T = self.app.assets, self.app.t
        w, h = surface.get_size()
        seats = update.seats
        n = view.rules.players
        others = [(view.seat + k) % n for k in range(1, n)]
        # the other seats along the top: name, link, hand (backs) and melded cards
        slot = (w - 700 * s) / max(1, len(others))
        card_h = int(84 * s)
        for i, seat in enumerate(others):
            x = 340 * s + i * slot
            state = seats[seat]
            colour = GOLD if view.to_act == seat else CREAM
            blit_text(surface, A, state.name, 20 * s, (x, 118 * s), colour, bold=view.to_act == seat,
                      max_width=slot - 8 * s)
            link = T("net.kind_computer") if state.kind == "computer" else T(f"net.link_{state.link}")
            blit_text(surface, A, link, 15 * s, (x, 142 * s), LINK_COLOURS.get(state.link, MUTED))
            for k in range(min(view.hand_counts[seat], 12)):
                surface.blit(A.card(None, int(card_h * 0.7)), (x + k * 9 * s, 164 * s))
            for k, card in enumerate(view.tables[seat]):
                surface.blit(A.card(card, int(card_h * 0.7)), (x + k * 26 * s, 232 * s))
        # scores, trumps and the stock, top right
        sides = view.rules.sides
        for side in range(sides):
            names = " & ".join(seats[st].name for st in range(n) if view.rules.side_of(st) == side)
            blit_text(surface, A, f"{names}  {view.scores[side]}", 20 * s, (w - 16 * s, 14 * s + side * 26 * s),
                      CREAM, "topright", max_width=320 * s)
        if view.trump is not None:
            blit_text(surface, A, T("net.trumps", suit=suit_name(SUITS[view.trump], self.app.lang)), 20 * s,
                      (w - 16 * s, 20 * s + sides * 26 * s), GOLD, "topright")
        blit_text(surface, A, T("net.stock", count=view.stock_count), 18 * s, (w - 16 * s, 46 * s + sides * 26 * s),
                  MUTED, "topright")
        if view.turn_up is not None:
            surface.blit(A.card(None, card_h), (70 * s, h / 2 - card_h / 2))
            surface.blit(A.card(view.turn_up, card_h, angle=90), (40 * s, h / 2 - card_h * 0.1))
        # the trick, in the middle
        cw = card_h * 0.7
        x0 = w / 2 - (len(view.trick) * (cw + 10 * s)) / 2
        for i, (seat, card) in enumerate(view.trick):
            surface.blit(A.card(card, card_h), (x0 + i * (cw + 10 * s), h / 2 - card_h / 2 - 20 * s))
            blit_text(surface, A, seats[seat].name, 15 * s, (x0 + i * (cw + 10 * s) + cw / 2, h / 2 + card_h / 2 -
                      16 * s), CREAM, "midtop", max_width=cw + 8 * s)
        # this seat's melded cards and hand at the foot
        plays = {a.cards[0]: a for a in update.legal if a.verb == Verb.PLAY}
        my_turn = view.to_act == view.seat and view.phase == "play"
        big = int(126 * s)
        hand = hand_order(list(view.hand), view.trump, trumps_first=False)  # as the table sorts a hand
        step = min(big * 0.72, (w - 760 * s) / max(1, len(hand)))
        hx = w / 2 - (step * (len(hand) - 1) + big * 0.7) / 2 - 80 * s
        for k, card in enumerate(view.tables[view.seat]):  # melded cards may be played from the table too
            box = Box(hx + k * 30 * s, h - big - 120 * s, 30 * s, big * 0.7)
            surface.blit(A.card(card, int(big * 0.7), dim=my_turn and card not in plays), (box.x, box.y))
            self._cards.append((box, plays.get(card) if my_turn else None))
        for i, card in enumerate(hand):
            action = plays.get(card) or next((a for c, a in plays.items() if c % 32 == card % 32), None)
            lifted = my_turn and action is not None
            box = Box(hx + i * step, h - big - 16 * s - (14 * s if lifted else 0), big * 0.7, big)
            surface.blit(A.card(card, big, dim=my_turn and action is None), (box.x, box.y))
            self._cards.append((box, action if my_turn else None))
        blit_text(surface, A, seats[view.seat].name, 20 * s, (hx, h - big - 46 * s), GOLD if my_turn else CREAM,
                  "bottomleft", bold=True)
        if view.phase == "declare" and view.to_act == view.seat:
            blit_text(surface, A, T("meld.panel_title"), 22 * s, (w - 330 * s, 118 * s), GOLD, bold=True)


ENDINGS = ("host_quit", "replaced", "unreachable", "bad_message", "too_many_codes", "left")


def open_hosted(app: Window, hosted: HostedGame, leave: Callable[[], None]) -> None:
    """The host's table of `hosted` in place of every screen (New game, or Play on two computers)."""
    app.stack.clear()
    app.push(NetTableScene(app, hosted.client, leave, hosted))
