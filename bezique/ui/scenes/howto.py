"""How to play: the rules in the player's language, a scrollable page per variant — the two-handed game
(``bezique.i18n.howto``) and each variant's changes (``bezique.i18n.howto_variants``) — chosen with a row of tabs,
with the meld tables drawn with the real card images. Mouse wheel, Up/Down, Page Up/Down, Home/End and the scroll
bar scroll; Left/Right or a click on a tab turn to another page. New game opens it at the chosen variant's page."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from enum import StrEnum

import pygame

from bezique.geometry import Box
from bezique.i18n import card_name, suit_name, t
from bezique.i18n.howto import Section, howto_sections
from bezique.i18n.howto_variants import VARIANT_PAGES, variant_sections
from bezique.presenter.words import score_name
from bezique.rules import parse_code
from bezique.ui.kit.assets import CREAM, GOLD, MUTED
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import Button, back_button, blit_text, panel, scale_of, wrap
from bezique.ui.scene import Scene, Window


class Line(StrEnum):
    """What a line of the page is."""

    TITLE = "title"  # a section's title
    TEXT = "text"  # a line of a paragraph
    HEAD = "head"  # the head of a table of melds (drawn, never read aloud)
    ROW = "row"  # a meld or score of that table: its name, cards, points and note


@dataclass(frozen=True)
class Item:
    """One thing on the page, at `y` from the top of the page."""

    kind: Line
    y: float
    text: str = ""
    cards: tuple[str, ...] = ()
    points: int = 0
    note: str = ""


PAGES = ("two_handed", *VARIANT_PAGES)
TOP = 118  # where the page's panel starts, at scale 1: under the title and the tabs


def page_sections(page: str, lang: str) -> list[Section]:
    """The sections of one page: the two-handed rules, or a variant's changes."""
    return howto_sections(lang) if page == "two_handed" else variant_sections(page, lang)


def card_step(count: int, card_h: float, room: float) -> float:
    """How far apart a row's cards are drawn: a fan at 0.62 of a card's height, closer where many cards (a
    quintuple bezique, a twelve-card carte blanche) would pass `room`."""
    if count < 2:
        return 0.0
    card_w = card_h * 0.7
    return min(card_h * 0.62, (room - card_w) / (count - 1))


class HowToScene(Scene):
    def __init__(self, app: Window, page: str = "two_handed") -> None:
        super().__init__(app)
        self.page_id = page if page in PAGES else "two_handed"  # a variant without a page of its own: the base game
        self.scroll = 0.0
        self.dragging: float | None = None
        self._cache: tuple[tuple[Hashable, ...], list[Item], float] | None = None
        self.line = 0  # speech: the item read (Up/Down read line by line while the game speaks)
        self.span = 1  # how many items were read at once (Page Down reads a screenful)

    # --- the page -------------------------------------------------------------------------------------------
    def _view(self) -> tuple[float, Box]:
        w, h = self.app.size
        s = scale_of((w, h))
        return s, Box(w / 2 - 500 * s, TOP * s, 1000 * s, h - TOP * s - 90 * s)

    def tabs(self) -> list[Button]:
        """One tab per page across the top of the panel, the page shown lit."""
        s, view = self._view()
        gap = 6 * s
        width = (view.w - gap * (len(PAGES) - 1)) / len(PAGES)
        return [Button(Box(view.x + i * (width + gap), 72 * s, width, 38 * s), self.app.t(f"howto.page.{page}"),
                       f"page={page}", primary=page == self.page_id, text_size=Type.BODY) for i,
                           page in enumerate(PAGES)]

    def show_page(self, page: str) -> None:
        """Turn to `page` (one of ``PAGES``), from its top."""
        self.page_id = page
        self.scroll = 0.0
        self.dragging = None
        self.line, self.span = 0, 1

    def page(self) -> tuple[list[Item], float]:
        """The laid-out page (items and its height), rebuilt when the language or the size changes."""
        s, view = self._view()
        key = (self.page_id, self.app.lang, round(view.w), round(s, 4))
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1], self._cache[2]
        A, lang = self.app.assets, self.app.lang
        items: list[Item] = []
        y = 16 * s
        width = view.w - 60 * s
        for section in page_sections(self.page_id, lang):
            items.append(Item(Line.TITLE, y, section.title))
            y += 44 * s
            for paragraph in section.paragraphs:
                for line in wrap(A, paragraph, Type.LABEL * s, width):
                    items.append(Item(Line.TEXT, y, line))
                    y += 27 * s
                y += 10 * s
            if section.rows:
                items.append(Item(Line.HEAD, y, ""))
                y += 30 * s
                for row in section.rows:
                    note = t("howto.trumps_note", lang, suit=suit_name(row.trump, lang)) if row.trump else ""
                    items.append(Item(Line.ROW, y, score_name(row.kind, lang), row.cards, row.points, note))
                    y += 84 * s
                y += 10 * s
            y += 14 * s
        self._cache = (key, items, y)
        return items, y

    def max_scroll(self) -> float:
        _, view = self._view()
        return max(0.0, self.page()[1] - view.h)

    def scroll_by(self, dy: float) -> None:
        self.scroll = max(0.0, min(self.scroll + dy, self.max_scroll()))

    def _bar(self) -> tuple[Box, Box]:
        """(the scroll track, the thumb)."""
        s, view = self._view()
        track = Box(view.right - 16 * s, view.y + 8 * s, 8 * s, view.h - 16 * s)
        total = self.page()[1]
        frac = min(1.0, view.h / max(total, 1))
        thumb_h = max(30 * s, track.h * frac)
        top = track.y + (track.h - thumb_h) * (self.scroll / self.max_scroll() if self.max_scroll() else 0)
        return track, Box(track.x - 4 * s, top, 16 * s, thumb_h)

    def _back(self) -> Button:
        return back_button(self.app.size, self.app.t("menu.back"))

    # --- input ----------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        s, view = self._view()
        if event.type == pygame.KEYDOWN:
            k = event.key
            steps = {pygame.K_DOWN: 40 * s, pygame.K_UP: -40 * s, pygame.K_PAGEDOWN: view.h * 0.9,
                     pygame.K_PAGEUP: -view.h * 0.9, pygame.K_SPACE: view.h * 0.9, pygame.K_HOME: -1e9,
                     pygame.K_END: 1e9}
            if self.app.voice.enabled and k in steps:
                self.read_on(k)
            elif k in steps:
                self.scroll_by(steps[k])
            elif k in (pygame.K_LEFT, pygame.K_RIGHT):
                step = 1 if k == pygame.K_RIGHT else -1
                self.show_page(PAGES[(PAGES.index(self.page_id) + step) % len(PAGES)])
            elif k in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_RETURN):
                self.app.pop(self)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 60 * s)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self._back().hit(event.pos):
                self.app.sounds.play("click")
                self.app.pop(self)
                return
            tab = next((b for b in self.tabs() if b.hit(event.pos)), None)
            if tab is not None:
                self.app.sounds.play("click")
                self.show_page(tab.action.partition("=")[2])
                return
            track, thumb = self._bar()
            if thumb.contains(*event.pos):
                self.dragging = event.pos[1] - thumb.y
            elif Box(track.x - 8 * s, track.y, track.w + 16 * s, track.h).contains(*event.pos):
                self.scroll_by(view.h * 0.9 * (1 if event.pos[1] > thumb.cy else -1))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = None
        elif event.type == pygame.MOUSEMOTION and self.dragging is not None:
            track, thumb = self._bar()
            room = track.h - thumb.h
            if room > 0:
                frac = (event.pos[1] - self.dragging - track.y) / room
                self.scroll = max(0.0, min(frac, 1.0)) * self.max_scroll()

    # --- speech ---------------------------------------------------------------------------------------------
    def read_on(self, key: int) -> None:
        """While the game speaks: Up/Down read the page line by line, Page Up/Down (and Space) a screenful at a
        time, Home/End its first and last line; the page scrolls to the line read."""
        items, _ = self.page()
        s, view = self._view()
        here = min(self.line, len(items) - 1)
        shown = max(1, sum(1 for i, item in enumerate(items) if i >= here and item.y < items[here].y + view.h))
        moves = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: shown, pygame.K_SPACE: shown,
                 pygame.K_PAGEUP: -shown, pygame.K_HOME: -len(items), pygame.K_END: len(items)}
        self.line = max(0, min(len(items) - 1, here + moves[key]))
        self.span = shown if key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP, pygame.K_SPACE) else 1
        top = items[self.line].y - 10 * s
        self.scroll = max(0.0, min(top, self.max_scroll()))

    def item_words(self, item: Item) -> str:
        """One line of the page in words: a meld table's row says its cards and points."""
        lang = self.app.lang
        if item.kind == Line.ROW:
            cards = ", ".join(card_name(code, lang) for code in item.cards)
            return ", ".join(filter(None, (item.text, cards, t("meld.points", lang, points=item.points), item.note)))
        return item.text

    def spoken_title(self) -> str:
        return self.app.t("menu.how_to_play")

    def spoken_focus(self) -> str:
        items, _ = self.page()
        page = self.app.t(f"howto.page.{self.page_id}")
        lines = [self.item_words(item) for item in items[self.line:self.line + self.span] if item.kind != Line.HEAD]
        words = ". ".join(filter(None, lines))
        return f"{page}. {words}" if self.line == 0 else words

    def spoken_keys(self) -> str:
        return self.app.t("speech.keys.pages")

    # --- drawing --------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        A, T = self.app.assets, self.app.t
        w, h = surface.get_size()
        s, view = self._view()
        surface.blit(A.felt((w, h)), (0, 0))
        blit_text(surface, A, T("howto.title"), Type.TITLE * s, (w / 2, 12 * s), GOLD, "midtop", bold=True, shadow=True)
        for tab in self.tabs():
            tab.draw(surface, A, s)
        panel(surface, view, alpha=225, edge=GOLD)
        items, _ = self.page()
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(view.ints()).inflate(-4, -8))
        x = view.x + 28 * s
        ch = round(72 * s)
        for item in items:
            y = view.y + item.y - self.scroll
            if y > view.bottom or y < view.y - 100 * s:
                continue
            if item.kind == Line.TITLE:
                blit_text(surface, A, item.text, Type.HEADING * s, (x, y), GOLD, bold=True)
            elif item.kind == Line.TEXT:
                blit_text(surface, A, item.text, Type.LABEL * s, (x, y), CREAM)
            elif item.kind == Line.HEAD:
                blit_text(surface, A, T("howto.meld_column"), Type.BODY * s, (x, y), MUTED, bold=True)
                blit_text(surface, A, T("howto.cards_column"), Type.BODY * s, (x + 330 * s, y), MUTED, bold=True)
                blit_text(surface, A, T("howto.points_column"), Type.BODY * s, (view.right - 50 * s, y), MUTED,
                          "topright", bold=True)
            elif item.kind == Line.ROW:
                pygame.draw.line(surface, (255, 240, 200, 40), (x, y - 6 * s), (view.right - 50 * s, y - 6 * s))
                label_y = y + ch / 2 - (11 * s if item.note else 0)
                blit_text(surface, A, item.text, Type.LABEL * s, (x, label_y), CREAM, "midleft", max_width=310 * s)
                if item.note:
                    blit_text(surface, A, item.note, Type.NOTE * s, (x, label_y + 24 * s), MUTED, "midleft",
                              max_width=310 * s)
                step = card_step(len(item.cards), ch, view.right - 130 * s - (x + 330 * s))
                for j, code in enumerate(item.cards):
                    img = A.card(parse_code(code)[0], ch)
                    surface.blit(img, (x + 330 * s + j * step, y))
                if not item.cards:
                    blit_text(surface, A, "—", Type.LABEL * s, (x + 330 * s, y + ch / 2), MUTED, "midleft")
                blit_text(surface, A, str(item.points), Type.HEADING * s, (view.right - 50 * s, y + ch / 2), GOLD,
                          "midright",
                          bold=True)
        surface.set_clip(clip)
        if self.max_scroll() > 0:
            track, thumb = self._bar()
            pygame.draw.rect(surface, (0, 0, 0), track.ints(), border_radius=4)
            pygame.draw.rect(surface, GOLD, thumb.ints(), border_radius=6)
        self._back().draw(surface, A, s, hot=True)
