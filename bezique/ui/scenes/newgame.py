"""The New game screen (opponent, variant, target, names, hints) and a small yes/no confirmation.

It is given its ``NewGameOwner`` (the ``Shell``) when made and knows it only by that protocol.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from bezique.ai import MENU_LEVELS
from bezique.i18n import level_blurb, level_name, variant_blurb, variant_name
from bezique.persist import saves
from bezique.presenter.layout import Box
from bezique.presenter.setup import SEATABLE_VARIANTS, GameSetup, target_choices
from bezique.ui.kit.assets import CREAM, GOLD, MUTED
from bezique.ui.kit.widgets import Button, ButtonColumn, blit_text, button_at, dim, panel, scale_of
from bezique.ui.scene import Scene, Window


class NewGameOwner(Protocol):
    """What New game asks of the game around it: the choices to start from, and the game they make."""

    def default_setup(self) -> GameSetup: ...

    def start_game(self, setup: GameSetup) -> Scene: ...


def draw_backdrop(scene: Scene, surface: pygame.Surface, title: str) -> float:
    """Felt, a fan of cards in the corner and the scene's title; returns the scale."""
    A = scene.app.assets
    w, h = surface.get_size()
    s = scale_of((w, h))
    surface.blit(A.felt((w, h)), (0, 0))
    blit_text(surface, A, title, 56 * s, (w / 2, 22 * s), GOLD, "midtop", bold=True, shadow=True)
    return s


class NewGameScene(Scene):
    """Opponent (computer at a level, or a second person), variant, target, names, hints."""

    def __init__(self, app: Window, owner: NewGameOwner) -> None:
        super().__init__(app)
        self.owner = owner
        self.setup: GameSetup = owner.default_setup()
        if self.setup.level not in MENU_LEVELS:
            self.setup.level = MENU_LEVELS[min(1, len(MENU_LEVELS) - 1)]
        self.row = 0
        self.editing: int | None = None  # which name field takes the typing

    # --- the form as data -----------------------------------------------------------------------------------
    def rows(self) -> list[tuple[str, list[tuple[str, object]], object]]:
        """(row id, [(label, value)], current value) for each choice row, top to bottom."""
        T, lang, st = self.app.t, self.app.lang, self.setup
        rows: list[tuple[str, list[tuple[str, object]], object]] = [
            ("mode", [(T("newgame.opponent_computer"), "computer"), (T("newgame.opponent_hotseat"), "hotseat")],
             st.mode)]
        if st.mode == "computer":
            rows.append(("level", [(level_name(lv, lang), lv) for lv in MENU_LEVELS], st.level))
        rows.append(("variant", [(variant_name(v, lang), v) for v in SEATABLE_VARIANTS], st.variant))
        targets = target_choices(st.variant)
        if None in targets:  # Rubicon, Chinese: a match to so many points, or a single deal
            rows.append(("match", [(T("newgame.match_to", points=v) if v else T("newgame.one_deal"), v)
                                   for v in targets], st.target))
        else:
            rows.append(("target", [(T("newgame.target_1000"), 1000), (T("newgame.target_500"), 500)], st.target))
        rows.append(("names", [], None))
        if st.mode == "computer":
            rows.append(("assisted", [(T("settings.off"), False), (T("settings.on"), True)], st.assisted))
        return rows

    def _geometry(self) -> tuple[float, Box, list[tuple[str, float]]]:
        w, h = self.app.size
        s = scale_of((w, h))
        box = Box(w / 2 - 520 * s, 96 * s, 1040 * s, h - 96 * s - 24 * s)
        y = box.y + 22 * s
        ys = []
        for rid, _, _ in self.rows():
            ys.append((rid, y))
            y += (78 if rid in ("level", "variant", "assisted") else 58) * s
            if rid == "variant":
                y += 52 * s  # six variants: two rows of chips
        # the panel ends under the last row, with room for Back / Start, and sits in the middle of the space
        height = min(box.h, y - box.y + 90 * s)
        shift = max(0.0, (box.h - height) / 2)
        box = Box(box.x, box.y + shift, box.w, height)
        return s, box, [(rid, ry + shift) for rid, ry in ys]

    def controls(self) -> list[Button]:
        """Every clickable thing: option chips (``rid=index``), name fields (``name=i``), Back and Start."""
        s, box, ys = self._geometry()
        out: list[Button] = []
        x0 = box.x + 290 * s
        avail = box.right - 24 * s - x0
        for (rid, options, current), (_, y) in zip(self.rows(), ys, strict=True):
            if rid == "names":
                count = self._players() if self.setup.mode == "hotseat" else 1
                fw = (avail - 20 * s * (max(count, 2) - 1)) / max(count, 2)
                for i in range(count):
                    out.append(Button(Box(x0 + i * (fw + 20 * s), y, fw, 44 * s), self._name_label(i), f"name={i}"))
                continue
            cap = 360 * s if rid == "mode" else 260 * s
            per_row = 3 if rid == "variant" else max(len(options), 1)
            cw = min(cap, (avail - 12 * s * (per_row - 1)) / per_row)
            for i, (label, value) in enumerate(options):
                col, line = i % per_row, i // per_row
                out.append(Button(Box(x0 + col * (cw + 12 * s), y + line * 52 * s, cw, 44 * s), label,
                                  f"{rid}={i}", primary=value == current))
        bw = 220 * s
        out.append(Button(Box(box.x + 24 * s, box.bottom - 66 * s, bw, 48 * s), self.app.t("menu.back"), "back"))
        out.append(Button(Box(box.right - 24 * s - bw, box.bottom - 66 * s, bw, 48 * s),
                          self.app.t("newgame.start"), "start", primary=True))
        return out

    def _name_label(self, i: int) -> str:
        text = self.setup.names[i]
        if self.editing == i:
            return text + "|"
        if text:
            return text
        T = self.app.t
        return T("newgame.default_you") if self.setup.mode == "computer" else T("newgame.player_name", number=i + 1)

    # --- input ----------------------------------------------------------------------------------------------
    def _players(self) -> int:
        from bezique.rules import make_ruleset
        return make_ruleset(self.setup.variant, {}).players

    def _choose(self, rid: str, index: int) -> None:
        options = next(o for r, o, _ in self.rows() if r == rid)
        value = options[index % len(options)][1]
        setattr(self.setup, "target" if rid == "match" else rid, value)
        if rid == "variant" and self.setup.target not in target_choices(self.setup.variant):
            self.setup.target = target_choices(self.setup.variant)[0]
        self.editing = None

    def start(self) -> None:
        if saves.has_saved_game():
            self.app.push(ConfirmScene(self.app, self.app.t("newgame.replace_saved"), self._go))
        else:
            self._go()

    def _go(self) -> None:
        self.owner.start_game(self.setup)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.editing is not None and self._type(event):
            return
        rows = self.rows()
        self.row = min(self.row, len(rows))
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k == pygame.K_ESCAPE:
                self.app.pop(self)
            elif k == pygame.K_UP:
                self.row = (self.row - 1) % (len(rows) + 1)
            elif k in (pygame.K_DOWN, pygame.K_TAB):
                self.row = (self.row + 1) % (len(rows) + 1)
            elif k in (pygame.K_LEFT, pygame.K_RIGHT) and self.row < len(rows):
                rid, options, current = rows[self.row]
                if options:
                    i = next((j for j, (_, v) in enumerate(options) if v == current), 0)
                    self._choose(rid, i + (1 if k == pygame.K_RIGHT else -1))
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.row < len(rows) and rows[self.row][0] == "names":
                    self.editing = 0
                else:
                    self.start()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = button_at(self.controls(), event.pos)
            if hit is None:
                self.editing = None
                return
            self.app.sounds.play("click")
            if hit.action == "back":
                self.app.pop(self)
            elif hit.action == "start":
                self.start()
            elif hit.action.startswith("name="):
                self.editing = int(hit.action[5:])
                pygame.key.start_text_input()
            else:
                rid, index = hit.action.split("=")
                self._choose(rid, int(index))
                self.row = next(i for i, r in enumerate(rows) if r[0] == rid)

    def _type(self, event: pygame.event.Event) -> bool:
        """Typing into the name field being edited; True when the event was used."""
        i = self.editing
        assert i is not None
        if event.type == pygame.TEXTINPUT:
            if len(self.setup.names[i]) < 16:
                self.setup.names[i] += "".join(ch for ch in event.text if ch.isprintable())[:16]
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.setup.names[i] = self.setup.names[i][:-1]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                count = self._players() if self.setup.mode == "hotseat" else 1
                self.editing = i + 1 if i + 1 < count and event.key == pygame.K_TAB else None
            elif event.key == pygame.K_ESCAPE:
                self.editing = None
            return True
        return False

    # --- drawing --------------------------------------------------------------------------------------------
    def blurb(self, rid: str) -> str:
        """The line under a row, saying what its current choice means (hints: what On and Off each do to the
        statistics, so the line never contradicts the chip that is lit)."""
        T, lang = self.app.t, self.app.lang
        if rid == "level":
            return level_blurb(self.setup.level, lang)
        if rid == "variant":
            blurb = variant_blurb(self.setup.variant, lang)
            players = self._players()
            if players > 2 and self.setup.mode == "computer":
                blurb += "  " + T("newgame.players_note", count=players - 1)
            return blurb
        if rid == "assisted":
            return T("newgame.assisted_on") if self.setup.assisted else T("newgame.assisted_off")
        return ""

    def draw(self, surface: pygame.Surface) -> None:
        A, T = self.app.assets, self.app.t
        s = draw_backdrop(self, surface, T("newgame.title"))
        _, box, ys = self._geometry()
        panel(surface, box, alpha=215, edge=GOLD)
        labels = {"mode": T("newgame.opponent"), "level": T("newgame.level"), "variant": T("newgame.variant"),
                  "target": T("newgame.target"), "assisted": T("newgame.hints"), "match": T("newgame.match"),
                  "names": T("newgame.your_name") if self.setup.mode == "computer" else T("newgame.names")}
        for n, (rid, y) in enumerate(ys):
            colour = GOLD if n == self.row else CREAM
            if n == self.row:
                pygame.draw.rect(surface, (255, 240, 200), (box.x + 10 * s, y - 4 * s, box.w - 20 * s, 52 * s),
                                 width=1, border_radius=8)
            blit_text(surface, A, labels[rid], 24 * s, (box.x + 28 * s, y + 22 * s), colour, "midleft", bold=True,
                      max_width=250 * s)
            blurb = self.blurb(rid)
            if rid == "variant":
                y += 52 * s
            if blurb:
                bx = box.x + 290 * s
                blit_text(surface, A, blurb, 19 * s, (bx, y + 50 * s), MUTED, max_width=box.right - 24 * s - bx)
        for b in self.controls():
            b.draw(surface, A, s, hot=b.action.startswith("name=") and self.editing == int(b.action[5:]))
            if b.action.startswith("name=") and self.editing == int(b.action[5:]):
                x, y, w, h = b.box.ints()
                pygame.draw.rect(surface, GOLD, (x - 2, y - 2, w + 4, h + 4), width=2, border_radius=10)
        blit_text(surface, A, T("menu.keys_hint"), 17 * s, (box.cx, box.bottom - 10 * s), MUTED, "midbottom",
                  max_width=box.w - 520 * s)


class ConfirmScene(Scene):
    """A yes/no question over the scene below."""

    overlay = True

    def __init__(self, app: Window, question: str, on_yes: Callable[[], None]) -> None:
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes
        self.column = ButtonColumn()
        self.column.focus = 1  # the safe answer is the default: Enter or Space keeps what there is

    def buttons(self) -> list[Button]:
        w, h = self.app.size
        s = scale_of((w, h))
        return [Button(Box(w / 2 - 230 * s, h / 2 + 20 * s, 210 * s, 48 * s), self.app.t("newgame.yes"), "yes",
                       primary=self.column.focus == 0),
                Button(Box(w / 2 + 20 * s, h / 2 + 20 * s, 210 * s, 48 * s), self.app.t("newgame.no"), "no",
                       primary=self.column.focus == 1)]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop(self)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.column.focus = 1 - self.column.focus
            return
        action = self.column.handle(event, self.buttons())
        if action == "yes":
            self.app.pop(self)
            self.on_yes()
        elif action == "no":
            self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        A = self.app.assets
        w, h = surface.get_size()
        s = scale_of((w, h))
        dim(surface, 150)
        box = Box(w / 2 - 300 * s, h / 2 - 110 * s, 600 * s, 210 * s)
        panel(surface, box, alpha=245, edge=GOLD, edge_width=3)
        words = self.question.split()
        lines, line = [], ""
        for word in words:  # wrap to the box
            test = f"{line} {word}".strip()
            if A.text(test, int(24 * s)).get_width() > box.w - 50 * s and line:
                lines.append(line)
                line = word
            else:
                line = test
        lines.append(line)
        for i, text in enumerate(lines[:3]):
            blit_text(surface, A, text, 24 * s, (box.cx, box.y + 24 * s + i * 30 * s), CREAM, "midtop")
        self.column.draw(surface, A, s, self.buttons())
