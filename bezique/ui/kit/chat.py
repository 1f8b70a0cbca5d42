"""A chat for a game played on several computers: the lines said, the last few shown, a line to type.

Closed (as it starts) it is a small tab in a corner of the table, "Chat" with a count of the lines not yet read;
each new line shows for a few seconds beside the tab as a toast that fades (aged by ``update``, never by a clock).
M (for messages: T is the table's last trick) or a click on the tab opens it: a panel over the tab with the lines
said (wrapped to its width, each sender's name in its own colour, the oldest scrolled off the top and fading there;
the mouse wheel and Page Up/Down scroll back) and a line to type in. Enter sends what was typed through ``on_send``
and closes it; Esc or a click outside closes it and keeps the draft. A blank line is not sent, and typing stops at
``limit`` characters (the protocol's length, handed in: the kit knows no game).

While open it takes the whole keyboard, so that typing "c" or "h" does not reach the table's keys, and a click
outside only closes it (a click meant to close the chat must not play a card). While closed it takes only M and
clicks on its tab. The table hands it every event first and keeps those it returns False for::

    chat = ChatPanel(on_send=client.chat, say=app.t, limit=MAX_CHAT)
    chat.layout(Box(x, y, *chat_size(s)), s)    # each frame: the corner it may cover when open (top=True: a top
                                                #   corner, the tab above the panel)
    if chat.handle_event(event): return         # before the table's own keys and clicks
    chat.add(name, text, mine)                  # a line the host sent (mine: this window's own, echoed back)
    chat.update(dt)                             # ages the toasts and the caret
    chat.draw(surface, assets)                  # last, over the table

``box`` is what it covers now (the tab, or the whole corner while open), for a table that keeps things clear of it.
Its words come from `say`, a lookup by key (the window's ``t``): ``chat.title``, ``chat.placeholder``,
``chat.hint`` and ``chat.empty``, read at each frame so that a change of language shows at once.

Its parts, a job each: ``chat_layout`` (its boxes in the corner, ``chat_size``), ``chat_rows`` (a line wrapped in
rows and a row drawn), ``chat_toasts`` (the closed chat's toasts); this module holds its state, takes its events and
draws the tab and the open panel.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable

import pygame

from bezique.geometry import Box
from bezique.ui.kit.assets import BAR_BG, CREAM, GOLD, INK, MUTED, PANEL_EDGE, RED, Assets
from bezique.ui.kit.chat_layout import HINT, LINE_GAP, PAD, TAB_W, TEXT, TITLE, ChatLayout
from bezique.ui.kit.chat_rows import Row, Said, blit_row, said_rows
from bezique.ui.kit.chat_toasts import TOAST_LIFE, TOASTS_SHOWN, Toast, draw_toasts, toast_rows
from bezique.ui.kit.drawn import cover
from bezique.ui.kit.widgets import blit_text, panel

HELD = 200  # lines kept (the oldest dropped first): far more than anyone scrolls back through
BLINK = 1.0  # the caret's period, in seconds
COUNT_FROM = 40  # the characters left from which the input shows how many it has of the limit
REFUSED = 0.8  # seconds the count shows red after typing was stopped at the limit
FADED_ROWS = (110, 190)  # the alpha of the top rows when older ones are scrolled off above them
NAME_MINE = GOLD
# the others' names, a colour each in the order they first speak (a table of six has five others)
NAME_THEIRS = ((150, 196, 236), (150, 220, 160), (236, 164, 172), (200, 172, 236), (120, 212, 208))

WHEEL_BUTTONS = (4, 5, 6, 7)  # pygame also reports each turn of the wheel as a press of these buttons
_MODIFIERS = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META


class ChatPanel(ChatLayout):
    """The chat's state (lines, draft, open or not, toasts) and its drawing; see the module's docstring."""

    def __init__(self, on_send: Callable[[str], None], say: Callable[[str], str], limit: int) -> None:
        super().__init__()
        self.on_send = on_send
        self.say = say
        self.limit = limit
        self.lines: deque[Said] = deque(maxlen=HELD)
        self.draft = ""
        self.is_open = False
        self.unread = 0
        self.toasts: list[Toast] = []
        self.scroll = 0  # the newest lines scrolled out below the panel (0: the newest at its foot)
        self.clock = 0.0  # the caret's time, restarted by each key so the caret shows while typing
        self.refused = 0.0  # while above 0, the count shows red: typing was stopped at the limit
        self._eat_key = False  # the "m" that opened it may come again as text: it is not typed
        self._eat_up = False  # the release of a click it took is its too
        self._pointer = (-1, -1)
        self._colours: dict[str, tuple[int, int, int]] = {}  # each other sender's name colour
        # the rows of each line, and what they were made for
        self._rows: tuple[tuple[Hashable, ...], list[list[Row]]] = ((), [])
        self._version = 0
        # the end of the draft that fits its field, and for what
        self._tail: tuple[tuple[Hashable, ...], str] = ((), "")

    # --- where it goes (its boxes: ``ChatLayout``) -----------------------------------------------------------

    @property
    def box(self) -> Box:
        """What it covers now: the whole corner while open, else the tab (toasts come and go over the corner)."""
        return self.area if self.is_open else self.tab_box

    # --- what it holds ---------------------------------------------------------------------------------------

    def add(self, name: str, text: str, mine: bool) -> None:
        """A line said (by this window's player when `mine`): held, and while closed shown as a toast and, if
        someone else said it, counted unread."""
        if mine:
            colour = NAME_MINE
        else:
            colour = self._colours.setdefault(name, NAME_THEIRS[len(self._colours) % len(NAME_THEIRS)])
        said = Said(name, " ".join(text.split()), mine, colour)
        self.lines.append(said)
        self._version += 1
        if self.is_open:
            if self.scroll:
                self.scroll += 1  # the lines read stay in view
            return
        self.unread += 0 if mine else 1
        self.toasts = [*self.toasts, Toast(said)][-TOASTS_SHOWN:]

    def open(self) -> None:
        """Open, every line read: the keyboard is the chat's (text input started) until it closes."""
        self.is_open, self.unread, self.toasts, self.scroll, self.clock = True, 0, [], 0, 0.0
        pygame.key.start_text_input()
        pygame.key.set_text_input_rect(pygame.Rect(self.input_box.ints()))  # where an input method's list goes

    def close(self) -> None:
        """Closed, the draft kept for the next time."""
        self.is_open = self._eat_key = False
        pygame.key.stop_text_input()

    def update(self, dt: float) -> None:
        """Age the toasts (dropping those shown long enough), the caret's blink and the limit's red."""
        for toast in self.toasts:
            toast.age += dt
        self.toasts = [toast for toast in self.toasts if toast.age < TOAST_LIFE]
        self.clock += dt
        self.refused = max(0.0, self.refused - dt)

    # --- input -----------------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Use `event` if it is the chat's; True when used, and the table must then leave it alone."""
        if event.type == pygame.MOUSEMOTION:
            self._pointer = event.pos
            return False
        if event.type == pygame.MOUSEBUTTONUP and self._eat_up:
            self._eat_up = False
            return True
        if not self.is_open:
            return self._closed_event(event)
        if event.type == pygame.TEXTINPUT:
            self._type(event.text)
        elif event.type == pygame.KEYDOWN:
            self._eat_key = False
            self._key(event.key, getattr(event, "mod", 0))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in WHEEL_BUTTONS:
            return self.sheet_box.contains(*event.pos)  # the wheel's old form, beside its MOUSEWHEEL
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._eat_up = True
            if self.tab_box.contains(*event.pos) or not self.sheet_box.contains(*event.pos):
                self.close()
        elif event.type == pygame.MOUSEWHEEL:
            if not self.sheet_box.contains(*self._pointer):
                return False
            self._scroll_by(event.y)
        elif event.type not in (pygame.KEYUP, pygame.TEXTEDITING):
            return False
        return True

    def _closed_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m \
                and not getattr(event, "mod", 0) & _MODIFIERS:
            self.open()
            self._eat_key = True
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.tab_box.contains(*event.pos):
            self.open()
            self._eat_up = True
            return True
        return False

    def _type(self, text: str) -> None:
        if self._eat_key and text in ("m", "M"):
            self._eat_key = False
            return
        self._eat_key = False
        typed = self.draft + "".join(c for c in text if c.isprintable())
        if len(typed) > self.limit:
            self.refused = REFUSED
        self.draft, self.clock = typed[: self.limit], 0.0

    def _key(self, key: int, mod: int) -> None:
        self.clock = 0.0
        if key == pygame.K_ESCAPE:
            self.close()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            text = " ".join(self.draft.split())
            if text:
                self.on_send(text)
                self.draft = ""
            self.close()
        elif key == pygame.K_BACKSPACE:
            kept_text = self.draft[:-1]
            if mod & pygame.KMOD_CTRL:  # the last word
                kept_text = self.draft.rstrip()
                kept_text = kept_text[: kept_text.rfind(" ") + 1]
            self.draft = kept_text
        elif key in (pygame.K_PAGEUP, pygame.K_UP):
            self._scroll_by(1)
        elif key in (pygame.K_PAGEDOWN, pygame.K_DOWN):
            self._scroll_by(-1)

    def _scroll_by(self, lines: int) -> None:
        self.scroll = max(0, min(len(self.lines) - 1, self.scroll + lines))

    # --- the lines in rows -----------------------------------------------------------------------------------

    def rows(self, assets: Assets) -> list[Row]:
        """Every line held, wrapped to the panel's width at its type size."""
        return [row for rows in self._line_rows(assets) for row in rows]

    def _line_rows(self, assets: Assets) -> list[list[Row]]:
        """The rows of each line held, worked out again only when a line comes or the size changes."""
        width = self.text_box.w
        key = (self._version, round(width), assets.px(TEXT * self.s))
        if self._rows[0] != key:
            self._rows = (key, [said_rows(assets, said, TEXT * self.s, width) for said in self.lines])
        return self._rows[1]

    # --- drawing ---------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, assets: Assets) -> None:
        """The tab, and the open panel or the toasts, at the scale ``layout`` was given."""
        if self.is_open:
            self._draw_sheet(surface, assets)
        else:
            draw_toasts(surface, assets, self, self.toasts)
        self._draw_tab(surface, assets)

    def _draw_tab(self, surface: pygame.Surface, assets: Assets) -> None:
        s = self.s
        title = self.say("chat.title")
        badge = "" if self.unread == 0 else str(self.unread) if self.unread < 100 else "99+"
        # the unread count in a gold pill, or else the key that opens it in a key cap
        end_w = max(22 * s, assets.font(15 * s, True).size(badge)[0] + 12 * s) if badge else 20 * s
        self._tab_w = max(TAB_W * s, (40 + 8 + 10) * s + end_w + assets.font(TITLE * s, True).size(title)[0])
        tab = self.tab_box
        fill, edge = ((40, 92, 66), GOLD) if self.is_open else ((22, 60, 44), PANEL_EDGE)
        panel(surface, tab, alpha=235, edge=edge, fill=fill, radius=min(10 * s, tab.h / 3))
        _bubble(surface, Box(tab.x + 12 * s, tab.cy - 8 * s, 20 * s, 15 * s), CREAM)
        mark = Box(tab.right - 10 * s - end_w, tab.cy - (11 if badge else 10) * s, end_w, (22 if badge else 20) * s)
        if badge:
            pygame.draw.rect(surface, GOLD, mark.ints(), border_radius=round(mark.h / 2))
            blit_text(surface, assets, badge, 15 * s, (mark.cx, mark.cy + 1), INK, "center", bold=True)
        else:
            pygame.draw.rect(surface, MUTED, mark.ints(), width=1, border_radius=round(4 * s))
            blit_text(surface, assets, "M", 14 * s, (mark.cx, mark.cy + 1), MUTED, "center", bold=True)
        x = tab.x + 40 * s
        blit_text(surface, assets, title, TITLE * s, (x, tab.cy + 1), CREAM, "midleft", bold=True,
                  max_width=mark.x - 8 * s - x)

    def _draw_sheet(self, surface: pygame.Surface, assets: Assets) -> None:
        sheet, s = self.sheet_box, self.s
        cover()  # opaque, and the keyboard's while open: what lies under it is neither read nor judged
        # below: the hint's rows under the title
        self._header_h, below = self.header(assets, self.say("chat.title"), self.say("chat.hint"))
        panel(surface, sheet, alpha=255, radius=12 * s)  # opaque: what lies under it must not read through
        width = sheet.w - 2 * PAD * s
        title_h = assets.font(TITLE * s, True).get_linesize()
        head_y = sheet.y + (3 * s + title_h / 2 if below else self._header_h / 2 + 2 * s)
        blit_text(surface, assets, self.say("chat.title"), TITLE * s, (sheet.x + PAD * s, head_y), GOLD,
                  "midleft", bold=True, max_width=width)
        for i, row in enumerate(below):
            blit_text(surface, assets, row, HINT * s,
                      (sheet.x + PAD * s, sheet.y + 3 * s + title_h + i * assets.font(HINT * s).get_linesize()),
                      MUTED, max_width=width)
        if not below:
            blit_text(surface, assets, self.say("chat.hint"), HINT * s, (sheet.right - PAD * s, head_y), MUTED,
                      "midright", max_width=width)
        rule_y = round(sheet.y + self._header_h)
        pygame.draw.line(surface, (70, 96, 70), (round(sheet.x + PAD * s), rule_y),
                         (round(sheet.right - PAD * s), rule_y))
        self._draw_rows(surface, assets)
        self._draw_input(surface, assets)

    def visible_rows(self, assets: Assets) -> tuple[list[tuple[Row, float]], bool]:
        """The rows the open panel shows and the top of each, the newest at its foot (less the lines scrolled out
        below) and a little space above each line's first row; and whether older rows are cut off above them."""
        lines = self._line_rows(assets)
        rows = [row for rows in lines[: len(lines) - self.scroll] for row in rows]
        box, step = self.text_box, assets.font(TEXT * self.s).get_linesize()
        placed: list[tuple[Row, float]] = []
        y = box.bottom
        for row in reversed(rows):
            if y - step < box.y:
                break
            y -= step
            placed.append((row, y))
            if row.first:
                y -= LINE_GAP * self.s
        return placed[::-1], len(placed) < len(rows)

    def _draw_rows(self, surface: pygame.Surface, assets: Assets) -> None:
        box, size = self.text_box, TEXT * self.s
        if not self.lines:
            blit_text(surface, assets, self.say("chat.empty"), HINT * self.s, (box.cx, box.cy), MUTED, "center",
                      max_width=box.w)
            return
        placed, cut = self.visible_rows(assets)
        for i, (row, y) in enumerate(placed):
            alpha = FADED_ROWS[i] if cut and i < len(FADED_ROWS) else 255
            blit_row(surface, assets, row, size, (box.x, y), alpha, box)
        if self.scroll:  # newer lines below: a small mark at the foot
            cx, by = round(box.right - 6 * self.s), round(box.bottom + 2 * self.s)
            d = round(5 * self.s)
            pygame.draw.polygon(surface, GOLD, [(cx - d, by - d), (cx + d, by - d), (cx, by)])

    def _draw_input(self, surface: pygame.Surface, assets: Assets) -> None:
        field, s, size = self.input_box, self.s, TEXT * self.s
        pygame.draw.rect(surface, BAR_BG, field.ints(), border_radius=round(8 * s))
        pygame.draw.rect(surface, GOLD, field.ints(), width=max(1, round(1.5 * s)), border_radius=round(8 * s))
        x, right = field.x + 10 * s, field.right - 10 * s
        left = self.limit - len(self.draft)
        if left <= COUNT_FROM or self.refused:
            count = blit_text(surface, assets, f"{len(self.draft)}/{self.limit}", HINT * s, (right, field.cy + 1),
                              RED if self.refused else MUTED, "midright")
            right = count.x - 8 * s
        font = assets.font(size)
        if self.draft:
            drawn = blit_text(surface, assets, self._draft_tail(font, right - x - 3 * s), size, (x, field.cy + 1),
                              CREAM, "midleft")
            caret_x = drawn.right + 1
        else:
            blit_text(surface, assets, self.say("chat.placeholder"), size, (x + 3 * s, field.cy + 1), MUTED,
                      "midleft", max_width=right - x - 3 * s)
            caret_x = round(x)
        if self.clock % BLINK < BLINK * 0.6:
            half = font.get_height() * 0.42
            pygame.draw.line(surface, GOLD, (caret_x, round(field.cy - half)), (caret_x, round(field.cy + half)),
                             max(1, round(1.5 * s)))

    def _draft_tail(self, font: pygame.font.Font, width: float) -> str:
        """The end of the draft that fits `width` (a long one scrolls left as it grows, as in any text field)."""
        key = (self.draft, round(width), font.get_height())
        if self._tail[0] != key:
            start, end = 0, len(self.draft) - 1  # the first character shown: the least that leaves a tail fitting
            while start < end:
                mid = (start + end) // 2
                start, end = (start, mid) if font.size(self.draft[mid:])[0] <= width else (mid + 1, end)
            self._tail = (key, self.draft[start:])
        return self._tail[1]

    def toast_rows(self, assets: Assets, said: Said) -> list[Row]:
        """A toast's rows: the line wrapped as in the panel, two rows at most (the second cut with "…")."""
        return toast_rows(assets, said, self.s, self.area.w - 2 * PAD * self.s)


def _bubble(surface: pygame.Surface, box: Box, colour: tuple[int, int, int]) -> None:
    """A small speech bubble drawn in lines (the font has no such glyph): the tab's icon."""
    x, y, w, h = box.ints()
    body = pygame.Rect(x, y, w, max(2, round(h * 0.78)))
    pygame.draw.rect(surface, colour, body, border_radius=max(2, body.h // 3))
    foot = body.bottom - 1
    pygame.draw.polygon(surface, colour, [(x + round(w * 0.22), foot), (x + round(w * 0.48), foot),
                                          (x + round(w * 0.18), y + h)])
