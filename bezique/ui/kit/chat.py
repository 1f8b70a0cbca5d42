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
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import NamedTuple

import pygame

from bezique.geometry import Box
from bezique.ui.kit.assets import BAR_BG, CREAM, GOLD, INK, MUTED, PANEL_EDGE, RED, Assets
from bezique.ui.kit.drawn import cover, record_text
from bezique.ui.kit.layers import kept
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import blit_text, panel

HELD = 200  # lines kept (the oldest dropped first): far more than anyone scrolls back through
TOAST_LIFE, TOAST_FADE, TOASTS_SHOWN = 6.0, 1.2, 3  # seconds a toast shows, of which fading; toasts at once
BLINK = 1.0  # the caret's period, in seconds
COUNT_FROM = 40  # the characters left from which the input shows how many it has of the limit
REFUSED = 0.8  # seconds the count shows red after typing was stopped at the limit
FADED_ROWS = (110, 190)  # the alpha of the top rows when older ones are scrolled off above them
NAME_MINE = GOLD
# the others' names, a colour each in the order they first speak (a table of six has five others)
NAME_THEIRS = ((150, 196, 236), (150, 220, 160), (236, 164, 172), (200, 172, 236), (120, 212, 208))

# Sizes at scale 1 (``scale_of``): the corner, the tab, the gaps; the type is the window's scale's (``Type``).
WIDTH, HEIGHT = 380, 300
TAB_W, TAB_H, GAP, PAD = 124, 36, 8, 12  # TAB_W: the narrowest the tab is
HEADER_H, INPUT_H, LINE_GAP = 34, 38, 4  # HEADER_H: the least the header takes; LINE_GAP: between two lines said
TEXT, TITLE, HINT = Type.NOTE, Type.BODY, Type.NOTE  # the lines said and the draft, the title, the hint and counts

WHEEL_BUTTONS = (4, 5, 6, 7)  # pygame also reports each turn of the wheel as a press of these buttons
_MODIFIERS = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META


def chat_size(s: float) -> tuple[float, float]:
    """The corner a chat takes at scale `s` (``scale_of``): hand it to ``layout`` at the place the table chooses."""
    return WIDTH * s, HEIGHT * s


@dataclass(frozen=True)
class Said:
    """One line of the chat: who said it, what, whether this window's player did, and the colour of the name (gold
    for this window's player, another for each of the others)."""

    name: str
    text: str
    mine: bool
    colour: tuple[int, int, int]


class Row(NamedTuple):
    """One drawn row of a line: the sender's `name` (in its `colour`) on a line's first row ("" on the rows that
    continue it; a name too long to share its row with words has rows of its own, the words starting under it),
    and whether the row starts a line (a little space is left above it)."""

    name: str
    text: str
    colour: tuple[int, int, int]
    first: bool = True


@dataclass
class Toast:
    """A line shown beside the closed tab for ``TOAST_LIFE`` seconds, fading out over its last ``TOAST_FADE``."""

    said: Said
    age: float = 0.0

    @property
    def alpha(self) -> int:
        """How opaque it is now (0-255): quickly in, fully shown, then fading out."""
        left = TOAST_LIFE - self.age
        return max(0, min(255, round(255 * min(1.0, left / TOAST_FADE, self.age / 0.15 + 0.3))))


class ChatPanel:
    """The chat's state (lines, draft, open or not, toasts) and its drawing; see the module's docstring."""

    def __init__(self, on_send: Callable[[str], None], say: Callable[[str], str], limit: int) -> None:
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
        self.s = 1.0
        self.area = Box(0, 0, WIDTH, HEIGHT)
        self.top = False
        self._eat_key = False  # the "m" that opened it may come again as text: it is not typed
        self._eat_up = False  # the release of a click it took is its too
        self._pointer = (-1, -1)
        self._tab_w = 0.0  # the tab's width as last drawn (0: not drawn yet)
        self._colours: dict[str, tuple[int, int, int]] = {}  # each other sender's name colour
        # the rows of each line, and what they were made for
        self._rows: tuple[tuple[Hashable, ...], list[list[Row]]] = ((), [])
        self._header_h = HEADER_H * self.s  # as tall as its title and hint were last laid out (``_header``)
        self._version = 0
        # the end of the draft that fits its field, and for what
        self._tail: tuple[tuple[Hashable, ...], str] = ((), "")

    # --- where it goes ---------------------------------------------------------------------------------------

    def layout(self, rect: Box, s: float, top: bool = False) -> None:
        """Place it in `rect`, the corner it may cover when open (``chat_size`` says how large), at scale `s`: the
        tab at the corner's foot, the panel above it; with `top`, the tab at its head and the panel below."""
        if s != self.s:
            self._tab_w = 0.0
            self._header_h = HEADER_H * s
        self.area, self.s, self.top = rect, s, top

    @property
    def tab_box(self) -> Box:
        """The tab, as wide as its label and its mark were last drawn (a click hits what the player sees)."""
        a, s = self.area, self.s
        return Box(a.x, a.y if self.top else a.bottom - TAB_H * s, min(self._tab_w or TAB_W * s, a.w), TAB_H * s)

    @property
    def sheet_box(self) -> Box:
        """The open panel: the corner less the tab and the gap beside it."""
        a, s = self.area, self.s
        cut = (TAB_H + GAP) * s
        return Box(a.x, a.y + cut if self.top else a.y, a.w, max(0.0, a.h - cut))

    @property
    def input_box(self) -> Box:
        """The line to type in, at the panel's foot."""
        sheet, s = self.sheet_box, self.s
        return Box(sheet.x + PAD * s, sheet.bottom - (PAD + INPUT_H) * s, sheet.w - 2 * PAD * s, INPUT_H * s)

    @property
    def text_box(self) -> Box:
        """Where the lines said are drawn: between the header and the input."""
        sheet, s = self.sheet_box, self.s
        y = sheet.y + self._header_h + 6 * s
        return Box(sheet.x + PAD * s, y, sheet.w - 2 * PAD * s, max(0.0, self.input_box.y - 8 * s - y))

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
            self._rows = (key, [self._wrapped(assets, said, width) for said in self.lines])
        return self._rows[1]

    def _wrapped(self, assets: Assets, said: Said, width: float) -> list[Row]:
        """A line in rows of `width`: the name whole, the words after it on its row when it leaves them room (a
        long name has its own rows, broken as a long word is), never cut."""
        size = TEXT * self.s
        bold = assets.font(size, True)
        if bold.size(said.name + " ")[0] <= width * 0.45:
            first = width - bold.size(said.name + " ")[0]
            texts = wrap_words(assets.font(size), said.text, first, width)
            return [Row(said.name if i == 0 else "", text, said.colour, i == 0) for i, text in enumerate(texts)]
        names = wrap_words(bold, said.name, width, width)
        rows = [Row(part, "", said.colour, i == 0) for i, part in enumerate(names)]
        return rows + [Row("", text, said.colour, False) for text in wrap_words(assets.font(size), said.text,
                                                                                 width, width)]

    # --- drawing ---------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, assets: Assets) -> None:
        """The tab, and the open panel or the toasts, at the scale ``layout`` was given."""
        if self.is_open:
            self._draw_sheet(surface, assets)
        else:
            self._draw_toasts(surface, assets)
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

    def _header(self, assets: Assets) -> tuple[float, list[str]]:
        """The header's height, and the hint's rows under the title (none: the hint fits beside it, where it would
        otherwise be cut): the title and the hint whole at their sizes, the hint broken between its keys."""
        s, width = self.s, self.sheet_box.w - 2 * PAD * self.s
        hint, font = self.say("chat.hint"), assets.font(HINT * s)
        if assets.font(TITLE * s, True).size(self.say("chat.title"))[0] + 12 * s + font.size(hint)[0] <= width:
            return HEADER_H * s, []
        rows: list[str] = []
        for part in hint.split(" · "):  # each key with what it does, side by side while they fit
            joined = f"{rows[-1]} · {part}" if rows else part
            if rows and font.size(joined)[0] <= width:
                rows[-1] = joined
            else:
                rows.append(part)
        tall = assets.font(TITLE * s, True).get_linesize() + len(rows) * font.get_linesize() + 6 * s
        return max(HEADER_H * s, tall), rows

    def _draw_sheet(self, surface: pygame.Surface, assets: Assets) -> None:
        sheet, s = self.sheet_box, self.s
        cover()  # opaque, and the keyboard's while open: what lies under it is neither read nor judged
        self._header_h, below = self._header(assets)  # below: the hint's rows under the title
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
            _blit_row(surface, assets, row, size, (box.x, y), alpha, box)
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

    def _draw_toasts(self, surface: pygame.Surface, assets: Assets) -> None:
        s, tab = self.s, self.tab_box
        y = tab.bottom + GAP * s if self.top else tab.y - GAP * s
        for toast in reversed(self.toasts):  # the newest nearest the tab
            picture = self._toast_picture(assets, toast.said)
            picture.set_alpha(toast.alpha)  # set each time: the kept picture is shared by every frame showing it
            h = picture.get_height()
            top = y if self.top else y - h
            if top < self.area.y or top + h > self.area.bottom:
                break
            surface.blit(picture, (round(tab.x), round(top)))
            for row, at in self._toast_places(assets, toast.said, (tab.x, top)):  # for the fit audit (``drawn``)
                for text, _colour, bold, (x, ty) in _row_parts(assets, row, TEXT * s, at):
                    _record(assets, text, bold, TEXT * s, (x, ty), self.area,
                            toast.said.text if text.endswith("…") and not bold else None)
            y = top + h + 4 * s if self.top else top - 4 * s

    def toast_rows(self, assets: Assets, said: Said) -> list[Row]:
        """A toast's rows: the line wrapped as in the panel, two rows at most (the second cut with "…")."""
        width = self.area.w - 2 * PAD * self.s
        rows = self._wrapped(assets, said, width)
        if len(rows) <= 2:
            return rows
        if rows[1].name:  # a name of two rows: the words are read in the open chat
            return [rows[0], rows[1]._replace(text="…")]
        font = assets.font(TEXT * self.s)
        last = f"{rows[1].text} {rows[2].text}"
        while len(last) > 1 and font.size(last + "…")[0] > width:
            last = last[:-1]
        return [rows[0], Row("", last.rstrip() + "…", said.colour, False)]

    def _toast_places(self, assets: Assets, said: Said, at: tuple[float, float]) \
            -> list[tuple[Row, tuple[float, float]]]:
        """A toast's rows and where each starts, its picture's top left at `at`."""
        s, step = self.s, assets.font(TEXT * self.s).get_linesize()
        return [(row, (at[0] + PAD * s, at[1] + 6 * s + i * step))
                for i, row in enumerate(self.toast_rows(assets, said))]

    def _toast_picture(self, assets: Assets, said: Said) -> pygame.Surface:
        s, size = self.s, TEXT * self.s
        rows = self.toast_rows(assets, said)
        bold, font = assets.font(size, True), assets.font(size)
        widths = [(bold.size(r.name + " ")[0] if r.name else 0) + font.size(r.text)[0] for r in rows]
        step = font.get_linesize()
        w = round(min(self.area.w, max(widths) + 2 * PAD * s))
        h = round(step * len(rows) + 12 * s)

        def make(picture: pygame.Surface) -> None:
            pygame.draw.rect(picture, (10, 28, 20, 215), picture.get_rect(), border_radius=round(9 * s))
            pygame.draw.rect(picture, (*PANEL_EDGE, 160), picture.get_rect(), width=1, border_radius=round(9 * s))
            for row, at in self._toast_places(assets, said, (0, 0)):
                for text, colour, is_bold, (x, y) in _row_parts(assets, row, size, at):
                    picture.blit(assets.text(text, size, colour, is_bold), (round(x), round(y)))

        return kept(("chat-toast", said, w, h, assets.px(size)), (w, h), make)


def wrap_words(font: pygame.font.Font, text: str, first: float, width: float) -> list[str]:
    """`text` in rows no wider than `width` in `font`, the first no wider than `first` (it follows the sender's
    name). Rows break at spaces; a word wider than a whole row (a link, a long laugh) is cut wherever it must, so
    nothing a friend types runs out of the panel. Always one row at least (an empty one for an empty text)."""
    rows: list[str] = []
    row = ""
    for word in text.split():
        room = first if not rows else width
        joined = f"{row} {word}" if row else word
        if font.size(joined)[0] <= room:
            row = joined
            continue
        if row or font.size(word)[0] <= width:  # the row is full (or the name's row is too short for the word)
            rows.append(row)
            row = ""
            room = width
            if font.size(word)[0] <= room:
                row = word
                continue
        while font.size(word)[0] > room:  # a word no row holds: cut
            n = next((i for i in range(len(word) - 1, 0, -1) if font.size(word[:i])[0] <= room), 1)
            rows.append(word[:n])
            word, room = word[n:], width
        row = word
    return [*rows, row]


def _row_parts(assets: Assets, row: Row, size: float, at: tuple[float, float]) \
        -> list[tuple[str, tuple[int, int, int], bool, tuple[float, float]]]:
    """What a row draws from `at`: its name in bold and its colour, then its words after a space; each part's text,
    colour, boldness and top left."""
    x, y = at
    parts: list[tuple[str, tuple[int, int, int], bool, tuple[float, float]]] = []
    if row.name:
        parts.append((row.name, row.colour, True, (x, y)))
        x += assets.font(size, True).size(row.name + " ")[0]
    if row.text:
        parts.append((row.text, CREAM, False, (x, y)))
    return parts


def _blit_row(surface: pygame.Surface, assets: Assets, row: Row, size: float, at: tuple[float, float], alpha: int,
              within: Box) -> None:
    """One row from `at`, `alpha` opaque, each part recorded for the fit audit as belonging in `within`."""
    for text, colour, bold, (x, y) in _row_parts(assets, row, size, at):
        picture = assets.text(text, size, colour, bold)
        if alpha < 255:
            picture = picture.copy()  # the text cache's surface is shared
            picture.set_alpha(alpha)
        surface.blit(picture, (round(x), round(y)))
        _record(assets, text, bold, size, (x, y), within)


def _record(assets: Assets, text: str, bold: bool, size: float, at: tuple[float, float], within: Box,
            whole: str | None = None) -> None:
    """A part of a row as drawn at `at`, for the fit audit (``drawn``); `whole`: the line it was cut from, which
    the open chat shows whole."""
    w, h = assets.font(size, bold).size(text)
    record_text(whole or text, text, Box(round(at[0]), round(at[1]), w, h), within, assets.px(size),
                readable_whole=whole is not None)


def _bubble(surface: pygame.Surface, box: Box, colour: tuple[int, int, int]) -> None:
    """A small speech bubble drawn in lines (the font has no such glyph): the tab's icon."""
    x, y, w, h = box.ints()
    body = pygame.Rect(x, y, w, max(2, round(h * 0.78)))
    pygame.draw.rect(surface, colour, body, border_radius=max(2, body.h // 3))
    foot = body.bottom - 1
    pygame.draw.polygon(surface, colour, [(x + round(w * 0.22), foot), (x + round(w * 0.48), foot),
                                          (x + round(w * 0.18), y + h)])
