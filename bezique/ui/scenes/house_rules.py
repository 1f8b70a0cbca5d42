"""The house-rules screen, opened from New game: the chosen variant's rules with their values, a named preset or
your own mix, grouped as in ``config.yaml``.

What may be changed and which values are offered come from ``bezique.presenter.house_rules`` (which asks the
rules); this screen only lays them out: a preset row, then a list of groups and rows that scrolls (wheel, Page
Up/Down, or following the keyboard's focus) so that it fits any window from 1024x640 up. Each row is one line
saying what the rule does and a chip per value. Done hands the choice back to New game; Back (Esc) leaves it as it
was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from bezique.geometry import Box
from bezique.i18n import variant_name
from bezique.presenter.house_rules import (
    CUSTOM,
    HouseRule,
    apply_house,
    choose,
    house_rules,
    preset_house,
    preset_names,
    preset_of,
)
from bezique.rules import Ruleset
from bezique.ui.kit.assets import CREAM, GOLD, MUTED
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import Button, blit_text, button_at, panel, scale_of
from bezique.ui.scene import Scene, Window
from bezique.ui.scenes.forms import CHIP_H, draw_backdrop, flow_chips
from bezique.ui.speaking import row_words, sentences

LINE = 26  # a row's explanation line
GAP = 12


def value_label(key: str, value: Any, t: Callable[..., str]) -> str:
    """A rule value as a chip says it: On/Off, a number, packets as 3-2-3, or the value's own words."""
    if isinstance(value, bool):
        return t("settings.on") if value else t("settings.off")
    if isinstance(value, tuple):
        return t("house.value.deal_pattern.singly") if set(value) == {1} else "-".join(map(str, value))
    if isinstance(value, int):
        return str(value)
    return t(f"house.value.{key}.{value}")


@dataclass
class _Item:
    """One entry of the scrolling list: a group heading (``rule`` None) or a rule's row, with its height."""

    group: str
    rule: HouseRule | None
    height: float


class HouseRulesScene(Scene):
    """The variant's house rules: pick a preset or change single rules, then Done (or Back to leave them)."""

    def __init__(self, app: Window, defaults: Ruleset, house: dict[str, Any], extra: dict[str, Any],
                 on_done: Callable[[dict[str, Any]], None]) -> None:
        super().__init__(app)
        self.defaults = defaults
        self.extra = extra  # New game's own keys (target, sides): rows are offered for the game as it will be
        self.on_done = on_done
        self.focus = -1  # -1: the presets row; otherwise the index of a rule row
        self.first = 0  # the first list item shown
        self._items: tuple[tuple[int, int], list[_Item]] | None = None  # the list laid out for a window size
        self._set(dict(house))

    # --- the rules as data ----------------------------------------------------------------------------------
    def _set(self, house: dict[str, Any]) -> None:
        """Take new house rules: the rules they make and the rows they offer are worked out once, here."""
        self.house = house
        self.rules: Ruleset = apply_house(self.defaults, house, self.extra)
        self._rows = house_rules(self.defaults, self.rules)
        self._items = None

    def rows(self) -> list[HouseRule]:
        return self._rows

    def set_value(self, key: str, value: Any) -> None:
        self._set(choose(self.defaults, self.house, key, value, self.extra))

    def set_preset(self, name: str) -> None:
        self._set(preset_house(self.defaults, name))

    # --- layout ---------------------------------------------------------------------------------------------
    def _rule_chips(self, rule: HouseRule, y: float, box: Box, s: float) -> list[Button]:
        """The row's chips: after its line of words when they all fit there, else on the lines below it."""
        current = getattr(self.rules, rule.key)
        labels = [(value_label(rule.key, v, self.app.t), f"rule={rule.key}={i}", v == current)
                  for i, v in enumerate(rule.values)]
        x0, right = box.x + 40 * s, box.right - 40 * s
        words = self.app.assets.font(Type.BODY * s).size(self._line(rule.key))[0]
        inline = flow_chips(self, labels, x0 + words + 24 * s, y, right, s)
        if all(b.box.y == y for b in inline):
            return inline
        return flow_chips(self, labels, x0, y + LINE * s, right, s)

    def _line(self, key: str) -> str:
        """The row's one line: what the rule does, and its default when another value is chosen."""
        T = self.app.t
        text = T(f"house.rule.{key}")
        default = getattr(self.defaults, key)
        if getattr(self.rules, key) != default:
            text += f"  ({T('house.default', value=value_label(key, default, T))})"
        return text

    def geometry(self) -> tuple[float, Box, Box]:
        """(scale, the panel, the list's area inside it)."""
        w, h = self.app.size
        s = scale_of((w, h))
        box = Box(w / 2 - 600 * s, 92 * s, 1200 * s, h - 92 * s - 16 * s)
        top = box.y + 20 * s + (CHIP_H + LINE + 16) * s
        return s, box, Box(box.x, top, box.w, box.bottom - 74 * s - top)

    def items(self) -> list[_Item]:
        """Group headings and rows, top to bottom, each with the height it takes at this size."""
        size = self.app.size
        if self._items is not None and self._items[0] == size:
            return self._items[1]
        s, box, _ = self.geometry()
        out: list[_Item] = []
        for rule in self.rows():
            if not out or out[-1].group != rule.group:
                out.append(_Item(rule.group, None, 34 * s))
            chips = self._rule_chips(rule, 0, box, s)
            out.append(_Item(rule.group, rule, GAP * s + chips[-1].box.bottom))
        self._items = (size, out)
        return out

    def shown(self) -> list[tuple[_Item, float]]:
        """The items that fit in the list's area from ``first``, with the y of each."""
        _, _, area = self.geometry()
        items = self.items()
        self.first = max(0, min(self.first, len(items) - 1))
        out, y = [], area.y
        for item in items[self.first:]:
            if y + item.height > area.bottom:
                break
            out.append((item, y))
            y += item.height
        return out

    def controls(self) -> list[Button]:
        """Every clickable thing: presets (``preset=name``), value chips (``rule=key=index``), Back and Done."""
        s, box, _ = self.geometry()
        current = preset_of(self.defaults, self.house)
        names = [*preset_names(self.defaults.variant), *([CUSTOM] if current == CUSTOM else [])]
        out = flow_chips(self, [(self.app.t(f"house.preset.{n}"), f"preset={n}", n == current) for n in names],
                          box.x + 200 * s, box.y + 18 * s, box.right - 40 * s, s)
        for item, y in self.shown():
            if item.rule is not None:
                out += self._rule_chips(item.rule, y, box, s)
        bw = 220 * s
        out.append(Button(Box(box.x + 24 * s, box.bottom - 62 * s, bw, 46 * s), self.app.t("menu.back"), "back"))
        out.append(Button(Box(box.right - 24 * s - bw, box.bottom - 62 * s, bw, 46 * s), self.app.t("house.done"),
                          "done", primary=True))
        return out

    def _scroll_to_focus(self) -> None:
        """Keep the focused row in view (its group heading too, when the row is the group's first)."""
        if self.focus < 0:
            self.first = 0
            return
        items = self.items()
        index = [i for i, item in enumerate(items) if item.rule is not None][self.focus]
        if index <= self.first:
            self.first = index - 1 if items[index - 1].rule is None else index
            return
        while index not in [items.index(item) for item, _ in self.shown()] and self.first < index:
            self.first += 1

    # --- input ----------------------------------------------------------------------------------------------
    def _step(self, delta: int) -> None:
        """Left/Right on the focused row: the next value, or the next preset."""
        if self.focus < 0:
            names = list(preset_names(self.defaults.variant))
            current = preset_of(self.defaults, self.house)
            i = names.index(current) if current in names else -1 if delta > 0 else 0
            self.set_preset(names[(i + delta) % len(names)])
            return
        rule = self.rows()[self.focus]
        current = getattr(self.rules, rule.key)
        i = rule.values.index(current) if current in rule.values else 0
        self.set_value(rule.key, rule.values[(i + delta) % len(rule.values)])

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEWHEEL:
            self.first = max(0, self.first - event.y)
            self.shown()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = button_at(self.controls(), event.pos)
            if hit is not None:
                self.app.sounds.play("click")
                self._click(hit.action)

    def _key(self, k: int) -> None:
        count = len(self.rows())
        if k == pygame.K_ESCAPE:
            self.app.pop(self)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._done()
        elif k == pygame.K_UP:
            self.focus = self.focus - 1 if self.focus >= 0 else count - 1
        elif k in (pygame.K_DOWN, pygame.K_TAB):
            self.focus = self.focus + 1 if self.focus < count - 1 else -1
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            self._step(1 if k == pygame.K_RIGHT else -1)
        elif k in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            page = max(1, sum(item.rule is not None for item, _ in self.shown()) - 1)
            self.focus = max(0, min(count - 1, self.focus + (page if k == pygame.K_PAGEDOWN else -page)))
        elif k == pygame.K_HOME:
            self.focus = -1
        elif k == pygame.K_END:
            self.focus = count - 1
        else:
            return
        self.focus = min(self.focus, len(self.rows()) - 1)  # a choice may take a row away
        self._scroll_to_focus()

    def _click(self, action: str) -> None:
        if action == "back":
            self.app.pop(self)
        elif action == "done":
            self._done()
        elif action.startswith("preset="):
            self.focus = -1
            self.set_preset(action[7:])
        else:
            _, key, index = action.split("=")
            rows = self.rows()
            rule = next(r for r in rows if r.key == key)
            self.focus = rows.index(rule)
            self.set_value(key, rule.values[int(index)])

    # --- speech ---------------------------------------------------------------------------------------------
    def spoken_title(self) -> str:
        return self.app.t("house.title", variant=variant_name(self.defaults.variant, self.app.lang))

    def spoken_focus(self) -> str:
        """The presets row and the preset in force, or a rule, its value (and its default when changed)."""
        T, rows = self.app.t, self.rows()
        if self.focus < 0:
            value = T(f"house.preset.{preset_of(self.defaults, self.house)}")
            return row_words(T, T("house.presets"), value, 0, len(rows) + 1)
        rule = rows[self.focus]
        value = value_label(rule.key, getattr(self.rules, rule.key), T)
        return row_words(T, self._line(rule.key), value, self.focus + 1, len(rows) + 1)

    def spoken_keys(self) -> str:
        T = self.app.t
        return sentences(T("speech.keys.form"), T("speech.row", label="Enter", value=T("house.done")))

    def _done(self) -> None:
        self.app.pop(self)
        self.on_done(dict(self.house))

    # --- drawing --------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        A, T = self.app.assets, self.app.t
        s = draw_backdrop(self, surface, T("house.title", variant=variant_name(self.defaults.variant, self.app.lang)))
        _, box, area = self.geometry()
        panel(surface, box, alpha=215, edge=GOLD)
        current = preset_of(self.defaults, self.house)
        presets_colour = GOLD if self.focus < 0 else CREAM
        blit_text(surface, A, T("house.presets"), Type.LABEL * s, (box.x + 40 * s, box.y + 18 * s + CHIP_H * s / 2),
                  presets_colour, "midleft", bold=True, max_width=150 * s)
        blit_text(surface, A, T(f"house.preset_blurb.{current}"), Type.NOTE * s, (box.x + 40 * s, area.y - 8 * s),
                  MUTED,
                  "bottomleft", max_width=box.w - 80 * s)
        pygame.draw.line(surface, MUTED, (box.x + 30 * s, area.y - 2 * s), (box.right - 30 * s, area.y - 2 * s))
        rows = self.rows()
        focused = rows[self.focus].key if self.focus >= 0 else None
        for item, y in self.shown():
            if item.rule is None:
                blit_text(surface, A, T(f"house.group.{item.group}"), Type.BODY * s, (box.x + 30 * s, y + 8 * s), GOLD,
                          bold=True)
                continue
            key = item.rule.key
            if key == focused:
                pygame.draw.rect(surface, (255, 240, 200), (box.x + 28 * s, y - 2 * s, box.w - 56 * s,
                                                            item.height - 4 * s), width=1, border_radius=8)
            blit_text(surface, A, self._line(key), Type.BODY * s, (box.x + 40 * s, y + CHIP_H * s / 2),
                      GOLD if key == focused else CREAM, "midleft", max_width=box.w - 80 * s)
        for b in self.controls():
            b.draw(surface, A, s)
        total = len(rows)
        shown = [item.rule for item, _ in self.shown() if item.rule is not None]
        if len(shown) < total:
            first = rows.index(shown[0]) + 1 if shown else 1
            blit_text(surface, A, T("house.shown", first=first, last=first + len(shown) - 1, total=total),
                      Type.NOTE * s,
                      (box.right - 30 * s, area.bottom + 2 * s), MUTED, "topright")
        blit_text(surface, A, T("house.keys"), Type.NOTE * s, (box.cx, box.bottom - 8 * s), MUTED, "midbottom",
                  max_width=box.w - 540 * s)
