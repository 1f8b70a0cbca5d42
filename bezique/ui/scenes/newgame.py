"""The New game screen: variant; sides, target, house rules, level, hints; who sits at each seat.

It is given its ``NewGameOwner`` (the ``Shell``) when made and knows it only by that protocol. The variant chips
run across the top; below them the game's choices on the left and the table's seats on the right, each seat the
computer or a person at this screen. The targets come from the rules, the levels from ``ai.MENU_LEVELS``; what
was chosen is remembered for next time (the owner saves it when the game starts or house rules change).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

import pygame

from bezique.ai import DEFAULT_LEVEL, MENU_LEVELS
from bezique.game_mode import GameMode
from bezique.geometry import Box
from bezique.i18n import level_blurb, level_name, variant_blurb, variant_name
from bezique.net.relays import Relays
from bezique.presenter.house_rules import CUSTOM, STANDARD, preset_of
from bezique.presenter.setup import SEATABLE_VARIANTS, GameSetup, target_choices
from bezique.rules import FourHandMode, Ruleset, SeatKind
from bezique.ui.kit.assets import CREAM, GOLD, MUTED
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import Button, blit_text, button_at, label_lines, panel, scale_of
from bezique.ui.scene import Host, Scene, Window
from bezique.ui.scenes.forms import CHIP_H, draw_backdrop, flow_chips, replacing_saved
from bezique.ui.scenes.house_rules import HouseRulesScene
from bezique.ui.scenes.howto import HowToScene
from bezique.ui.speaking import row_words, sentences
from bezique.ui.table.options import TableOptions

MAX_NAME = 16
RULES_W = 200  # the "Rules of this game" link's width at scale 1
TARGET_LABELS = {1000: "newgame.target_1000", 500: "newgame.target_500", 2000: "newgame.target_2000"}


class NewGameOwner(Host, Protocol):
    """What New game (and the network screen) asks of the game around it: the choices to start from, the rules
    each variant starts from, keeping the choices, and the game they make, at this screen or hosted; and the menu's
    notices, where a problem met reading the last choices is said."""

    notices: list[str]

    def default_setup(self) -> GameSetup: ...

    def defaults_for(self, variant: str) -> Ruleset: ...

    def remember(self, setup: GameSetup) -> str | None: ...

    def start_game(self, setup: GameSetup) -> Scene: ...

    def host_game(self, setup: GameSetup) -> str | None:
        """Host the game of `setup` for its other people to join from their computers (its table in place of
        every screen); the problem, worded, when it cannot be hosted."""

    def options(self, **overrides: Any) -> TableOptions:
        """The table's settings (a game hosted from here is played at its own table)."""

    def relays(self) -> Relays:
        """The relays a game across the internet goes through (the config's ``internet``)."""


@dataclass
class Row:
    """One line of the form: its id, label, chips (and name field) as buttons, and the line under it."""

    rid: str
    label: str
    box: Box
    buttons: list[Button] = field(default_factory=list)
    blurb: str = ""


class NewGameScene(Scene):
    """Variant, sides, target, house rules, level and hints, and who sits at each seat."""

    def __init__(self, app: Window, owner: NewGameOwner) -> None:
        super().__init__(app)
        self.owner = owner
        seen = len(owner.notices)
        self.setup: GameSetup = owner.default_setup()
        if self.setup.level not in MENU_LEVELS:  # master, from --level or config.yaml: the menu's default instead
            self.setup.level = DEFAULT_LEVEL
        self.row = 0
        self.editing: int | None = None  # which seat's name field takes the typing
        # why the choices could not be kept; first, that the last ones could not be read (the menu says where
        # the file was kept), here where the choices are seen back at their defaults
        damaged = app.t("problem.new_game_damaged")
        self.problem: str | None = damaged if any(n.startswith(damaged) for n in owner.notices[seen:]) else None

    @property
    def defaults(self) -> Ruleset:
        return self.owner.defaults_for(self.setup.variant)

    # --- the form as data -----------------------------------------------------------------------------------
    def _options(self, rid: str) -> list[tuple[str, object]]:
        """(label, value) of each chip of a choice row."""
        T, lang, st = self.app.t, self.app.lang, self.setup
        if rid == "variant":
            return [(variant_name(v, lang), v) for v in SEATABLE_VARIANTS]
        if rid == "sides":
            return [(T("newgame.sides_partnership"), FourHandMode.PARTNERSHIP),
                    (T("newgame.sides_individual"), FourHandMode.INDIVIDUAL)]
        if rid == "target":
            targets = target_choices(st.variant)
            if None in targets:  # Rubicon, Chinese: a match to so many points, or a single deal
                return [(T("newgame.match_to", points=v) if v else T("newgame.one_deal"), v) for v in targets]
            return [(T(TARGET_LABELS[v]) if v in TARGET_LABELS else str(v), v) for v in targets]
        if rid == "level":
            return [(level_name(lv, lang), lv) for lv in MENU_LEVELS]
        if rid == "assisted":
            return [(T("settings.off"), False), (T("settings.on"), True)]
        if rid.startswith("seat"):
            return [(T("newgame.seat_computer"), False), (T("newgame.seat_person"), True)]
        return []

    def _current(self, rid: str) -> object:
        st = self.setup
        if rid == "sides":
            return st.ruleset(self.defaults).four_hand_mode
        if rid.startswith("seat"):
            return st.people[int(rid[4:]) - 1]
        return getattr(st, rid)

    def _labels(self) -> dict[str, str]:
        T = self.app.t
        target = T("newgame.match") if None in target_choices(self.setup.variant) else T("newgame.target")
        return {"variant": T("newgame.variant"), "sides": T("newgame.sides"), "target": target,
                "house": T("newgame.house_rules"), "level": T("newgame.level"), "assisted": T("newgame.hints")}

    def row_ids(self) -> list[str]:
        """The rows top to bottom, left column first: what the keyboard steps through."""
        st = self.setup
        rows = ["variant"]
        if st.players == 4:
            rows.append("sides")
        rows += ["target", "house"]
        if st.computers:
            rows.append("level")
            if st.mode == GameMode.COMPUTER:
                rows.append("assisted")
        return [*rows, *(f"seat{i}" for i in range(st.players))]

    def layout(self) -> tuple[float, Box, list[Row]]:
        """(scale, the panel, every row with its buttons where they are drawn and clicked)."""
        w, h = self.app.size
        s = scale_of((w, h))
        box = Box(w / 2 - 600 * s, 92 * s, 1200 * s, h - 92 * s - 16 * s)
        labels = self._labels()
        rows: list[Row] = []
        y = box.y + 18 * s
        left = Box(box.x + 30 * s, 0, 540 * s, 0)
        right = Box(box.x + 620 * s, 0, 550 * s, 0)
        columns = {"left": y, "right": y}
        for rid in self.row_ids():
            if rid == "variant":
                col, x0, end = Box(box.x + 30 * s, 0, box.w - 60 * s, 0), box.x + 190 * s, box.right - 30 * s
            elif rid.startswith("seat"):
                col, x0, end = right, right.x + 150 * s, right.right
            else:
                col, x0, end = left, left.x + 160 * s, left.right
            key = "right" if col is right else "left"
            top = columns[key]
            row = Row(rid, labels.get(rid, ""), Box(col.x, top, end - col.x, 0))
            if rid == "house":
                row.buttons = [Button(Box(end - 150 * s, top, 150 * s, CHIP_H * s), self.app.t("newgame.house_change"),
                                      "house")]
                row.blurb = self._house_summary()
            elif rid.startswith("seat"):
                row.buttons = self._seat_buttons(int(rid[4:]), x0, top, end, s)
            else:
                current = self._current(rid)
                chips = [(label, f"{rid}={i}", value == current) for i, (label, value) in enumerate(self._options(rid))]
                row.buttons = flow_chips(self, chips, x0, top, end, s, min_width=110 if rid == "variant" else 90)
                row.blurb = self.blurb(rid)
            bottom = max(b.box.bottom for b in row.buttons)
            if rid == "variant":  # How to play at this variant's page, at the end of the line under the chips
                row.buttons.append(Button(Box(end - RULES_W * s, bottom + 2 * s, RULES_W * s, 22 * s),
                                          self.app.t("newgame.variant_rules"), "rules", text_size=Type.NOTE))
            if rid in ("variant", "sides", "level", "assisted") and row.blurb:
                bottom += 26 * s
            row.box = Box(row.box.x, top, row.box.w, bottom - top)
            rows.append(row)
            if rid == "variant":
                columns = {"left": bottom + 22 * s, "right": bottom + 50 * s}  # room for the Players heading
            else:
                columns[key] = bottom + (12 if rid.startswith("seat") else 20) * s
        # the panel keeps its place and size whatever it holds: re-centred on its content, Start moved under the
        # pointer between two clicks (choosing a variant with more seats made it taller)
        return s, box, rows

    def _seat_buttons(self, seat: int, x0: float, y: float, end: float, s: float) -> list[Button]:
        """Seat 0 is a person (a name field); any other seat: Computer / Person chips, and a name for a person."""
        out: list[Button] = []
        if seat > 0:
            person = self.setup.people[seat - 1]
            for i, (label, value) in enumerate(self._options(f"seat{seat}")):
                out.append(Button(Box(x0 + i * 112 * s, y, 104 * s, CHIP_H * s), label, f"seat{seat}={i}",
                                  primary=value == person, text_size=Type.NOTE))
            if not person:
                return out
            x0 += 224 * s
        out.append(Button(Box(x0, y, end - x0, CHIP_H * s), self._name_label(seat), f"name={seat}",
            text_size=Type.BODY))
        return out

    def controls(self) -> list[Button]:
        """Every clickable thing: option chips (``rid=index``), seats (``seatN=0|1``), name fields (``name=i``),
        house rules (``house``), the variant's rules page (``rules``), Back and Start."""
        s, box, rows = self.layout()
        out = [b for row in rows for b in row.buttons]
        bw = 220 * s
        out.append(Button(Box(box.x + 24 * s, box.bottom - 62 * s, bw, 46 * s), self.app.t("menu.back"), "back"))
        out.append(Button(Box(box.right - 24 * s - bw, box.bottom - 62 * s, bw, 46 * s),
                          self.app.t("newgame.start"), "start", primary=True))
        seat = next(row for row in rows if row.rid.startswith("seat")).box  # beside the Players heading
        out.append(Button(Box(seat.right - 280 * s, seat.y - 32 * s, 280 * s, 28 * s), self.app.t("net.host_game"),
                          "host", enabled=self.setup.seat_kinds().count(SeatKind.HUMAN) > 1, text_size=Type.NOTE))
        return out

    def _name_label(self, i: int) -> str:
        text = self.setup.names[i]
        if self.editing == i:
            return text + "|"
        if text:
            return text
        T = self.app.t
        if self.setup.mode == GameMode.COMPUTER:
            return T("newgame.default_you")
        return T("newgame.player_name", number=i + 1)

    def _house_summary(self) -> str:
        """Which house rules the game will play with, in a few words."""
        T, defaults = self.app.t, self.defaults
        name = preset_of(defaults, self.setup.house_of())
        if name == STANDARD:
            return T("newgame.house_standard")
        if name == CUSTOM:
            return T("newgame.house_custom", count=len(self.setup.house_rules_in_force(defaults)))
        return T("newgame.house_named", preset=T(f"house.preset.{name}"))

    # --- input ----------------------------------------------------------------------------------------------
    def _choose(self, rid: str, index: int) -> None:
        options = self._options(rid)
        value = options[index % len(options)][1]
        st = self.setup
        if rid == "sides":
            st.set_sides(FourHandMode(str(value)), self.defaults)
        elif rid.startswith("seat"):
            st.people[int(rid[4:]) - 1] = bool(value)
        else:
            setattr(st, rid, value)
        if rid == "variant":
            st.choose_variant(st.variant)  # to its own target where it does not allow the one chosen
        self.editing = None

    def open_house_rules(self) -> None:
        st = self.setup
        extra = {k: v for k, v in st.house_of().items() if k == "four_hand_mode"} | st.target_rules()
        self.app.push(HouseRulesScene(self.app, self.defaults, st.house_of(), extra, self._house_chosen))

    def _house_chosen(self, house: dict[str, object]) -> None:
        self.setup.set_house(dict(house))
        self.problem = self.owner.remember(self.setup)

    def start(self) -> None:
        replacing_saved(self.app, self._go)

    def host(self) -> None:
        """Host this game on the network: its first seat is played here, its other people's from their computers
        (they join with the code the table shows), the computer in the rest."""
        replacing_saved(self.app, self._host)

    def _host(self) -> None:
        self.owner.remember(self.setup)
        self.problem = self.owner.host_game(self.setup)

    def _go(self) -> None:
        self.owner.remember(self.setup)  # a failure to keep the choices must not stop the game
        self.owner.start_game(self.setup)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.editing is not None and self._type(event):
            return
        rows = self.row_ids()
        self.row = min(self.row, len(rows) - 1)
        if event.type == pygame.KEYDOWN:
            self._key(event.key, rows)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = button_at(self.controls(), event.pos)
            if hit is None:
                self.editing = None
                return
            self.app.sounds.play("click")
            self._click(hit.action)

    def _key(self, k: int, rows: list[str]) -> None:
        rid = rows[self.row]
        if k == pygame.K_ESCAPE:
            self.app.pop(self)
        elif k == pygame.K_F1:  # the keyboard's way to the "Rules of this game" link
            self.app.push(HowToScene(self.app, self.setup.variant))
        elif k == pygame.K_UP:
            self.row = (self.row - 1) % len(rows)
        elif k in (pygame.K_DOWN, pygame.K_TAB):
            self.row = (self.row + 1) % len(rows)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT) and self._options(rid):
            options = self._options(rid)
            current = self._current(rid)
            i = next((j for j, (_, v) in enumerate(options) if v == current), 0)
            self._choose(rid, i + (1 if k == pygame.K_RIGHT else -1))
            self.row = min(self.row, len(self.row_ids()) - 1)
        elif k == pygame.K_h and any(b.action == "host" and b.enabled for b in self.controls()):
            self.host()  # the keyboard's way to "Host this game" (two people or more)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if rid == "house":
                self.open_house_rules()
            elif rid.startswith("seat") and (rid == "seat0" or self.setup.people[int(rid[4:]) - 1]):
                self._edit(int(rid[4:]))
            else:
                self.start()

    def _click(self, action: str) -> None:
        if action == "back":
            self.app.pop(self)
        elif action == "start":
            self.start()
        elif action == "host":
            self.host()
        elif action == "house":
            self.row = self.row_ids().index("house")
            self.open_house_rules()
        elif action == "rules":
            self.app.push(HowToScene(self.app, self.setup.variant))
        elif action.startswith("name="):
            self._edit(int(action[5:]))
        else:
            rid, index = action.split("=")
            self._choose(rid, int(index))
            self.row = self.row_ids().index(rid)

    def _edit(self, seat: int) -> None:
        self.editing = seat
        self.row = self.row_ids().index(f"seat{seat}")
        pygame.key.start_text_input()

    def _type(self, event: pygame.event.Event) -> bool:
        """Typing into the name field being edited; True when the event was used."""
        i = self.editing
        assert i is not None
        if event.type == pygame.TEXTINPUT:
            if len(self.setup.names[i]) < MAX_NAME:
                self.setup.names[i] += "".join(ch for ch in event.text if ch.isprintable())[:MAX_NAME]
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.setup.names[i] = self.setup.names[i][:-1]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                people = [j for j, kind in enumerate(self.setup.seat_kinds()) if kind == SeatKind.HUMAN and j > i]
                self.editing = people[0] if people and event.key == pygame.K_TAB else None
            elif event.key == pygame.K_ESCAPE:
                self.editing = None
            return True
        return False

    # --- speech ---------------------------------------------------------------------------------------------
    def spoken_title(self) -> str:
        return sentences(self.app.t("newgame.title"), self.problem or "")

    def spoken_focus(self) -> str:
        """The row and its value (a seat: who sits there and their name; being typed: the name so far)."""
        T, rows = self.app.t, self.row_ids()
        rid = rows[min(self.row, len(rows) - 1)]
        if rid == "house":
            value = self._house_summary()
        elif rid.startswith("seat"):
            seat = int(rid[4:])
            person = seat == 0 or self.setup.people[seat - 1]
            kind = T("newgame.seat_person") if person else T("newgame.seat_computer")
            value = f"{kind}, {self._name_label(seat).rstrip('|')}" if person else kind
        else:
            current = self._current(rid)
            value = next((label for label, v in self._options(rid) if v == current), str(current))
        label = self._labels().get(rid) or T("newgame.player_name", number=int(rid[4:]) + 1)
        blurb = self.blurb(rid) if rid in ("variant", "sides", "level", "assisted") else ""
        return sentences(row_words(T, label, value, rows.index(rid), len(rows)), blurb)

    def spoken_keys(self) -> str:
        T = self.app.t
        more = [T("speech.row", label="Enter", value=T("newgame.start")),
                T("speech.row", label="F1", value=T("newgame.variant_rules")),
                T("speech.row", label="H", value=T("net.host_game"))]
        return sentences(T("speech.keys.form"), *more)

    def typing(self) -> bool:
        return self.editing is not None

    def takes_f1(self) -> bool:
        return True

    # --- drawing --------------------------------------------------------------------------------------------
    def blurb(self, rid: str) -> str:
        """The line under a row, saying what its current choice means (hints: what On and Off each do to the
        statistics, so the line never contradicts the chip that is lit)."""
        T, lang = self.app.t, self.app.lang
        if rid == "level":
            return level_blurb(self.setup.level, lang)
        if rid == "variant":
            return variant_blurb(self.setup.variant, lang)
        if rid == "assisted":
            return T("newgame.assisted_on") if self.setup.assisted else T("newgame.assisted_off")
        if rid == "sides":
            alone = self._current("sides") == FourHandMode.INDIVIDUAL
            return T("newgame.sides_individual_blurb") if alone else T("newgame.sides_partnership_blurb")
        return ""

    def draw(self, surface: pygame.Surface) -> None:
        A, T = self.app.assets, self.app.t
        s = draw_backdrop(self, surface, T("newgame.title"))
        _, box, rows = self.layout()
        panel(surface, box, alpha=215, edge=GOLD)
        focused = self.row_ids()[min(self.row, len(rows) - 1)]
        seats = [row for row in rows if row.rid.startswith("seat")]
        blit_text(surface, A, T("newgame.players"), Type.LABEL * s, (seats[0].box.x, seats[0].box.y - 6 * s), GOLD,
                  "bottomleft", bold=True)
        blit_text(surface, A, T("newgame.players_blurb"), Type.NOTE * s, (seats[-1].box.x,
                  seats[-1].box.bottom + 6 * s),
                  MUTED, max_width=seats[-1].box.w)
        for row in rows:
            colour = GOLD if row.rid == focused else CREAM
            if row.rid == focused:
                pygame.draw.rect(surface, (255, 240, 200), (row.box.x - 8 * s, row.box.y - 5 * s, row.box.w + 16 * s,
                                                            row.box.h + 10 * s), width=1, border_radius=8)
            label = row.label or self._seat_label(int(row.rid[4:]))
            blit_text(surface, A, label, Type.BODY * s, (row.box.x, row.box.y + CHIP_H * s / 2), colour, "midleft",
                      bold=True, max_width=(140 if row.rid.startswith("seat") else 150) * s)
            if row.rid == "house":
                blit_text(surface, A, row.blurb, Type.BODY * s, (row.box.x + 160 * s, row.box.y + CHIP_H * s / 2),
                          CREAM,
                          "midleft", max_width=row.box.w - 330 * s)
            elif row.blurb:
                x = row.buttons[0].box.x if row.rid == "variant" else row.box.x
                room = row.box.right - x - ((RULES_W + 12) * s if row.rid == "variant" else 0)
                blit_text(surface, A, row.blurb, Type.NOTE * s, (x, row.box.bottom - 20 * s), MUTED, max_width=room)
        for b in self.controls():
            editing = b.action.startswith("name=") and self.editing == int(b.action[5:])
            b.draw(surface, A, s, hot=editing)
            if editing:
                x, y, w, h = b.box.ints()
                pygame.draw.rect(surface, GOLD, (x - 2, y - 2, w + 4, h + 4), width=2, border_radius=10)
        hint = blit_text(surface, A, T("menu.keys_hint"), Type.NOTE * s, (box.cx, box.bottom - 10 * s), MUTED,
                         "midbottom",
                         max_width=box.w - 520 * s)
        if self.problem:  # between Back and Start over the keys' line, on two lines if need be: clear of the form
            lines, size = label_lines(A, self.problem, 17 * s, (box.w - 520 * s, 40 * s))
            for i, line in enumerate(reversed(lines)):
                blit_text(surface, A, line, size, (box.cx, hint.y - 2 * s - i * A.px(size) * 1.15), CREAM,
                          "midbottom", max_width=box.w - 520 * s)

    def _seat_label(self, seat: int) -> str:
        if seat == 0 and self.setup.mode == GameMode.COMPUTER:
            return self.app.t("newgame.seat_you")
        return self.app.t("newgame.player_name", number=seat + 1)
