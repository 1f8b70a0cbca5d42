"""The Settings screen: every choice of ``user_settings.SETTING_CHOICES``, applied at once and saved to the player's
settings file (``config.yaml`` only gives the defaults and is never written). Beside the rows, a preview of the
table with the chosen felt, card back and faces, so a choice is seen before a game is started."""

from __future__ import annotations

import dataclasses
from typing import Any, Protocol

import pygame

from bezique.config import AISettings, AppSettings, Config
from bezique.geometry import Box
from bezique.i18n import option_label
from bezique.persist.user_settings import SETTING_CHOICES
from bezique.rules import parse_code
from bezique.ui.kit.assets import CREAM, GOLD, MUTED
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import Button, blit_text, button_at, panel, scale_of, wrap
from bezique.ui.scene import Scene, Window
from bezique.ui.speaking import row_words, sentences

KEYS = tuple(SETTING_CHOICES)
ROW_LEAST = 31  # the lowest a row may be at scale 1 and normal text before the list scrolls
VALUES_X, VALUES_W, VALUE_SIZE = 480, 320, 24  # the values' column at scale 1: where, how wide at least, its type
PREVIEW_LEAST = 150  # the preview's least width at scale 1
PREVIEW_CARDS = ("QS", "JD")  # the bezique, fanned beside a back, on the chosen felt


class SettingsOwner(Protocol):
    """Whoever keeps the player's settings (the ``Shell``): the screen shows them and hands changes back."""

    config: Config  # its ``app`` holds the defaults that "Restore defaults" brings back
    settings: AppSettings
    ai: AISettings

    def apply(self, settings: AppSettings, ai: AISettings) -> str | None:
        """Use and save `settings` and `ai`; the problem met saving them, in words, if any."""


class SettingsScene(Scene):
    def __init__(self, app: Window, owner: SettingsOwner) -> None:
        super().__init__(app)
        self.owner = owner
        self.row = 0
        self.top = 0  # the first row shown (the list scrolls when the rows do not fit at the text size)
        self.note: tuple[str, float] | None = None
        self.time = 0.0
        self._widths: tuple[tuple[str, float, float] | None, float] = (None, 0.0)  # values_width's measure

    # --- values ---------------------------------------------------------------------------------------------
    def value(self, key: str) -> object:
        return getattr(self.owner.settings, key)

    def label(self, key: str, value: object) -> str:
        lang = self.app.lang
        if key == "sound_volume" and isinstance(value, int | float):
            return self.app.t("settings.volume_percent", percent=round(float(value) * 100))
        if key == "window_size" and isinstance(value, str) and value != "auto":  # "1280x720", or one set by hand
            return value.replace("x", " × ")
        if key == "kept_games" and isinstance(value, int) and value:
            return self.app.t("settings.kept_count", count=value)
        try:
            return option_label(key, value, lang)
        except KeyError:  # a value only config.yaml or a test can set
            return str(value)

    def change(self, key: str, step: int) -> None:
        choices = SETTING_CHOICES[key]
        current = self.value(key)
        i = choices.index(current) if current in choices else 0
        self.set(key, choices[(i + step) % len(choices)])

    def set(self, key: str, value: Any) -> None:
        owner = self.owner
        problem = owner.apply(dataclasses.replace(owner.settings, **{key: value}), owner.ai)
        self.note = (problem or self.app.t("settings.saved"), self.time + 2.5)

    def restore_defaults(self) -> None:
        """The window's settings back to config.yaml's; the computer's level, New game's to choose, stays."""
        owner = self.owner
        problem = owner.apply(owner.config.app, owner.ai)
        self.note = (problem or self.app.t("settings.saved"), self.time + 2.5)

    # --- geometry -------------------------------------------------------------------------------------------
    def _box(self) -> tuple[float, Box, float]:
        w, h = self.app.size
        s = scale_of((w, h))
        box = Box(w / 2 - 560 * s, 96 * s, 1120 * s, h - 96 * s - 20 * s)
        room = box.h - 100 * s
        # rows no lower than their text needs at the player's text size; the list scrolls when they do not all fit
        least = ROW_LEAST * s * self.app.assets.text_scale
        row_h = max(min(40 * s, room / len(KEYS)), min(least, 40 * s * self.app.assets.text_scale))
        return s, box, row_h

    def values_width(self) -> float:
        """The values' column (both arrows and the value between them), in pixels: as wide as the longest value of
        any row at the player's text size and language, so that no value is drawn in a smaller face than the others
        ("Classique (deux couleurs)" was, at the largest text); the preview beside it takes what is left."""
        s, box, _ = self._box()
        key = (self.app.lang, self.app.assets.text_scale, s)
        if self._widths[0] != key:
            font = self.app.assets.font(VALUE_SIZE * s)
            longest = max(font.size(self.label(k, v))[0] for k in KEYS for v in SETTING_CHOICES[k])
            self._widths = (key, longest)
        most = box.w - (VALUES_X + 16 + PREVIEW_LEAST) * s
        return min(max(VALUES_W * s, self._widths[1] + (100 + 24) * s), most)

    def shown_rows(self) -> range:
        """The rows on the screen: all that fit, from ``top``, scrolled so that the chosen row is among them."""
        s, box, row_h = self._box()
        count = max(1, min(len(KEYS), int((box.h - 100 * s) // row_h)))
        self.top = min(max(self.top, self.row - count + 1, 0), self.row, len(KEYS) - count)
        return range(self.top, self.top + count)

    def preview_box(self) -> Box:
        """Where the preview goes: right of the rows, above the buttons."""
        s, box, _ = self._box()
        x = box.x + VALUES_X * s + self.values_width() + 20 * s
        return Box(x, box.y + 14 * s, box.right - 16 * s - x, min(box.h - 100 * s, 360 * s))

    def controls(self) -> list[Button]:
        """The buttons of the rows shown (actions name each row by its index in ``KEYS``), Back and Restore."""
        s, box, row_h = self._box()
        out = []
        vx = box.x + VALUES_X * s
        vw = self.values_width()
        for n, i in enumerate(self.shown_rows()):
            key = KEYS[i]
            y = box.y + 14 * s + n * row_h
            h = row_h - 6 * s
            out.append(Button(Box(vx, y, 44 * s, h), "<", f"prev={i}"))
            out.append(Button(Box(vx + 50 * s, y, vw - 100 * s, h), self.label(key, self.value(key)), f"next={i}",
                              primary=i == self.row))
            out.append(Button(Box(vx + vw - 44 * s, y, 44 * s, h), ">", f"next={i}"))
        bw = 260 * s
        out.append(Button(Box(box.x + 20 * s, box.bottom - 62 * s, bw, 46 * s), self.app.t("menu.back"), "back",
                          primary=True))
        out.append(Button(Box(box.right - 20 * s - bw - 60 * s, box.bottom - 62 * s, bw + 60 * s, 46 * s),
                          self.app.t("settings.reset"), "reset"))
        return out

    # --- input ----------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop(self)
            elif k == pygame.K_UP:
                self.row = (self.row - 1) % len(KEYS)
            elif k in (pygame.K_DOWN, pygame.K_TAB):
                self.row = (self.row + 1) % len(KEYS)
            elif k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE):
                self.change(KEYS[self.row], -1 if k == pygame.K_LEFT else 1)
            elif k == pygame.K_r and event.mod & pygame.KMOD_CTRL:  # Restore defaults, without the mouse
                self.restore_defaults()
            return
        if event.type == pygame.MOUSEWHEEL:  # scrolls the list, the chosen row following when it leaves the view
            shown = self.shown_rows()
            self.top = max(0, min(self.top - event.y, len(KEYS) - len(shown)))
            self.row = min(max(self.row, self.top), self.top + len(shown) - 1)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = button_at(self.controls(), event.pos)
            if hit is None:
                return
            self.app.sounds.play("click")
            if hit.action == "back":
                self.app.pop(self)
            elif hit.action == "reset":
                self.restore_defaults()
            else:
                verb, index = hit.action.split("=")
                self.row = int(index)
                self.change(KEYS[self.row], -1 if verb == "prev" else 1)

    def update(self, dt: float, active: bool) -> bool:
        self.time += dt
        if self.note is not None and self.time > self.note[1]:
            self.note = None
            return True
        return False

    # --- speech ---------------------------------------------------------------------------------------------
    def speech_problem(self) -> str:
        """Why the game cannot speak here, in words ("" when it can): shown and said on the speech rows."""
        voice = self.app.voice
        if voice.available or not KEYS[self.row].startswith("speech") or not voice.problem:
            return ""  # a voice speaks, or none was looked for yet (speech has not been turned on)
        return self.app.t("speech.unavailable_missing" if voice.problem == "missing" else "speech.unavailable_no_voice")

    def spoken_title(self) -> str:
        return self.app.t("settings.title")

    def spoken_focus(self) -> str:
        key = KEYS[self.row]
        words = row_words(self.app.t, self.app.t(f"settings.{key}"), self.label(key, self.value(key)), self.row,
                          len(KEYS))
        note = self.note[0] if self.note is not None and self.note[0] != self.app.t("settings.saved") else ""
        return sentences(words, self.speech_problem(), note)

    def spoken_keys(self) -> str:
        return sentences(*[self.app.t("speech.keys.form"), self.app.t("speech.row", label="Ctrl+R",
                                                                     value=self.app.t("settings.reset"))])

    def draw(self, surface: pygame.Surface) -> None:
        A, T = self.app.assets, self.app.t
        w, h = surface.get_size()
        s, box, row_h = self._box()
        surface.blit(A.felt((w, h)), (0, 0))
        blit_text(surface, A, T("settings.title"), Type.DISPLAY * s, (w / 2, 22 * s), GOLD, "midtop", bold=True,
            shadow=True)
        panel(surface, box, alpha=215, edge=GOLD)
        shown = self.shown_rows()
        for n, i in enumerate(shown):
            key = KEYS[i]
            y = box.y + 14 * s + n * row_h
            if i == self.row:
                pygame.draw.rect(surface, (255, 240, 200),
                                 (box.x + 10 * s, y - 3 * s, (VALUES_X - 4) * s + self.values_width(), row_h),
                                 width=1, border_radius=8)
            blit_text(surface, A, T(f"settings.{key}"), Type.LABEL * s, (box.x + 28 * s, y + (row_h - 6 * s) / 2),
                      GOLD if i == self.row else CREAM, "midleft", max_width=440 * s)
        for b in self.controls():
            b.draw(surface, A, s)
        self.draw_more(surface, s, shown)
        self.draw_preview(surface, s)
        note = self.note[0] if self.note is not None else self.speech_problem()
        if note:
            blit_text(surface, A, note, Type.BODY * s, (box.cx + 20 * s, box.bottom - 40 * s), MUTED, "center",
                      max_width=300 * s)

    def draw_more(self, surface: pygame.Surface, s: float, shown: range) -> None:
        """Arrows at the top and the bottom of the list where rows are scrolled out of view."""
        _, box, row_h = self._box()
        x, size = box.x + 14 * s, 7 * s
        if shown.start > 0:
            y = box.y + 14 * s + row_h / 2 - 3 * s
            pygame.draw.polygon(surface, GOLD, [(x - size, y + size / 2), (x + size, y + size / 2), (x, y - size)])
        if shown.stop < len(KEYS):
            y = box.y + 14 * s + (len(shown) - 0.5) * row_h - 3 * s
            pygame.draw.polygon(surface, GOLD, [(x - size, y - size / 2), (x + size, y - size / 2), (x, y + size)])

    def draw_preview(self, surface: pygame.Surface, s: float) -> None:
        """The chosen felt in a framed window, a card back and the bezique in the chosen faces on it, and what it
        shows named below: the look of the table before a game is started."""
        A = self.app.assets
        box = self.preview_box()
        x, y, w, h = box.ints()
        well = pygame.Rect(x, y, w, h - round(44 * s))
        clip = surface.get_clip()
        surface.set_clip(well)
        surface.blit(A.felt(well.size), well)
        card_h = round(min(well.h * 0.7, well.w / 1.75))  # the fan is about 1.6 card heights wide
        cx, cy = well.centerx - card_h * 0.04, well.centery
        back = A.card(None, card_h, 8)
        surface.blit(A.shadow(card_h, 8), A.shadow(card_h, 8).get_rect(center=(cx - card_h * 0.3, cy + 4 * s)))
        surface.blit(back, back.get_rect(center=(cx - card_h * 0.34, cy)))
        for i, code in enumerate(PREVIEW_CARDS):
            face = A.card(parse_code(code)[0], card_h, -4 - 10 * i)
            surface.blit(face, face.get_rect(center=(cx + card_h * (0.12 + 0.3 * i), cy + 4 * s * i)))
        surface.set_clip(clip)
        pygame.draw.rect(surface, GOLD, well, width=max(1, round(2 * s)), border_radius=4)
        T, st = self.app.t, self.owner.settings
        blit_text(surface, A, T("settings.preview"), Type.BODY * s, (box.cx, well.bottom + 6 * s), GOLD, "midtop",
                  max_width=w)
        shown = " · ".join(self.label(k, getattr(st, k)) for k in ("table_colour", "card_back", "deck_colours"))
        step = A.font(Type.BODY * s).get_linesize()
        for i, line in enumerate(wrap(A, shown, Type.BODY * s, w)):
            blit_text(surface, A, line, Type.BODY * s, (box.cx, well.bottom + 28 * s + i * step), CREAM, "midtop",
                      max_width=w)
