"""Play on two computers: host a game for friends on the local network, or join one by its code.

Host: the game (with its variant, its number of friends and the computer's level for the seats nobody plays,
starting from the same choices as New game: ``config.yaml``'s target, the settings' level, the house rules) starts
listening through the one door (the owner's ``host_game``), and its table shows the code and the address while it
waits for the friends (and the way to invite one across the internet). Join: type the code the host shows (and, if
the host's address differs from the one in the code, the address), or paste an invitation (Ctrl+V); a code or
invitation that cannot be read is said at once, before anything is sent. No rule is decided here.
"""

from __future__ import annotations

import pygame

from bezique.ai import DEFAULT_LEVEL, MENU_LEVELS
from bezique.geometry import Box
from bezique.i18n import level_name, variant_name
from bezique.net import internet
from bezique.net.client import Client
from bezique.net.invitation import TEXT_MAX, InvitationError, looks_like, parse, tidy
from bezique.net.joincode import JoinCodeError
from bezique.net.peer_text import TextError, read_text
from bezique.net.protocol import MAX_NAME
from bezique.presenter.setup import MAX_SEATS, SEATABLE_VARIANTS
from bezique.speech.spelling import by_character, in_groups
from bezique.ui.app import wake
from bezique.ui.kit.assets import CREAM, GOLD, MUTED
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import Button, blit_text, button_at, draw_fitted, panel, scale_of
from bezique.ui.scene import Scene, Window
from bezique.ui.scenes.forms import draw_backdrop, replacing_saved
from bezique.ui.scenes.net_invite import invitation_words, paste, why_not_joined
from bezique.ui.scenes.net_join import open_join
from bezique.ui.scenes.net_leave import leave_game
from bezique.ui.scenes.net_table import WARN
from bezique.ui.scenes.newgame import NewGameOwner
from bezique.ui.speaking import sentences, spelled

FIELDS = ("name", "code", "address")
MAX_FIELD = 40
LONGEST = {"name": MAX_FIELD, "code": TEXT_MAX, "address": MAX_FIELD}  # the code's field takes an invitation whole


def code_words(app: Window, error: JoinCodeError) -> str:
    """What Join says of a code (or address) it cannot read: the mistake, and the character or port at fault, in
    the player's words."""
    return app.t("net.bad_code_typed", reason=app.t(f"net.bad_code_{error.mistake}", what=error.what))


class NetworkScene(Scene):
    """Host or join a game on another computer."""

    def __init__(self, app: Window, owner: NewGameOwner, name: str = "") -> None:
        super().__init__(app)
        self.owner = owner
        self.leave_to = owner.open_menu
        self.values = {"name": name or app.t("newgame.default_you"), "code": "", "address": ""}
        self.editing: str | None = "code"
        self.setup = owner.default_setup()  # New game's starting point: the config's target, the settings' level
        if self.setup.level not in MENU_LEVELS:  # master, from --level or config.yaml: the menu's default instead
            self.setup.level = DEFAULT_LEVEL
        self.friends = 1
        self.problem = ""
        self.joining: internet.Joining | None = None  # a join by an invitation, its tunnel starting on a thread
        self.slot = FIELDS.index("code")  # Up/Down: the fields, then the buttons (everything without the mouse)

    def slots(self) -> list[str]:
        """What Up and Down step through: the three fields, then every button that can be pressed."""
        return [*FIELDS, *(b.action for b in self.buttons() if b.enabled)]

    def enter(self) -> None:
        pygame.key.start_text_input()

    def exit(self) -> None:
        pygame.key.stop_text_input()
        if self.joining is not None:  # gone before the tunnel came: a client that came meanwhile is let go
            came, self.joining = self.joining.abandon(), None
            if came is not None:
                leave_game(self.app, came, None)

    @property
    def variant_id(self) -> str:
        return self.setup.variant

    def field_box(self, key: str) -> Box:
        w, _ = self.app.size
        s = scale_of(self.app.size)
        row = {"name": 0, "code": 1, "address": 2}[key]
        return Box(w / 2 + 40 * s, 200 * s + row * 92 * s, 440 * s, 44 * s)

    def buttons(self) -> list[Button]:
        w, h = self.app.size
        s = scale_of((w, h))
        T, lang = self.app.t, self.app.lang
        x, bw = w / 2 - 480 * s, 440 * s
        players = self.setup.players
        return [
            Button(Box(x, 200 * s, bw, 44 * s), variant_name(self.variant_id, lang), "variant", text_size=Type.BODY),
            Button(Box(x, 292 * s, bw, 44 * s), T("net.friends", count=min(self.friends, players - 1)), "friends",
                   text_size=Type.BODY),
            Button(Box(x, 384 * s, bw, 44 * s), T("net.computer_level", level=level_name(self.setup.level, lang)),
                   "level", text_size=Type.BODY, enabled=1 + self.friends < players),
            Button(Box(x, 480 * s, bw, 52 * s), T("net.host"), "host", primary=True),
            Button(Box(w / 2 + 40 * s, 480 * s, 440 * s, 52 * s), T("net.join"), "join", primary=True,
                   enabled=self.joining is None),
            Button(Box(w / 2 - 130 * s, h - 74 * s, 260 * s, 50 * s), T("action.menu"), "back"),
        ]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT and self.editing is not None:
            typed = self.values[self.editing] + "".join(c for c in event.text if c.isprintable())
            self.values[self.editing] = typed[:LONGEST[self.editing]]
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL and self.editing is not None:
                self.paste(paste())
            elif event.key == pygame.K_ESCAPE:
                self.leave_to()
            elif event.key == pygame.K_BACKSPACE and self.editing is not None:
                self.values[self.editing] = self.values[self.editing][:-1]
            elif event.key == pygame.K_TAB:
                self.editing = FIELDS[(FIELDS.index(self.editing or "address") + 1) % len(FIELDS)]
                self.slot = FIELDS.index(self.editing)
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                slots = self.slots()
                self.slot = (min(self.slot, len(slots) - 1) + (1 if event.key == pygame.K_DOWN else -1)) % len(slots)
                self.editing = slots[self.slot] if slots[self.slot] in FIELDS else None
            elif event.key == pygame.K_F3:
                self.app.voice.say(by_character(self.values[self.editing or "code"], spelled(self.app.t)),
                                   interrupt=True)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.editing is None:
                self.choose(self.slots()[min(self.slot, len(self.slots()) - 1)])
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.choose("join" if self.values["code"] else "host")
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for key in FIELDS:
                if self.field_box(key).contains(*event.pos):
                    self.editing = key
                    return
            button = button_at(self.buttons(), event.pos)
            if button is not None:
                self.app.sounds.play("click")
                self.choose(button.action)

    def paste(self, text: str) -> None:
        """Ctrl+V into the field being typed in: an invitation (in the code's field, whatever was there) is kept
        whole (up to the longest an invitation can be); anything else is typed as if by hand."""
        if self.editing is None:
            return
        if looks_like(text):
            self.editing, self.values["code"] = "code", tidy(text)[:TEXT_MAX]
            return
        typed = self.values[self.editing] + "".join(c for c in text if c.isprintable())
        self.values[self.editing] = typed[:LONGEST[self.editing]]

    def choose(self, action: str) -> None:
        st = self.setup
        if action == "back":
            self.leave_to()
        elif action == "variant":
            st.choose_variant(SEATABLE_VARIANTS[(SEATABLE_VARIANTS.index(st.variant) + 1) % len(SEATABLE_VARIANTS)])
            self.friends = min(self.friends, st.players - 1)
        elif action == "friends":
            self.friends = self.friends % (st.players - 1) + 1
        elif action == "level":
            st.level = MENU_LEVELS[(MENU_LEVELS.index(st.level) + 1) % len(MENU_LEVELS)]
        elif action == "host":
            self.host()
        elif action == "join":
            self.join()

    def host(self) -> None:
        replacing_saved(self.app, self._host)  # the saved game is kept in Past games, as a new game keeps it

    def _host(self) -> None:
        """Host the chosen game: this screen's player in the first seat, `friends` seats after it for the friends,
        the computer in the rest."""
        st = self.setup
        st.people = [seat < self.friends for seat in range(MAX_SEATS - 1)]
        st.names = [self.values["name"], *[""] * (MAX_SEATS - 1)]
        self.problem = self.owner.host_game(st) or ""

    def join(self) -> None:
        try:  # the check the host makes of every name (``peer_text``): said here, before anything is sent
            name = read_text(self.values["name"], "name", MAX_NAME) or self.app.t("newgame.default_you")
        except TextError:
            self.problem = self.app.t("net.bad_name", longest=MAX_NAME)
            return
        if looks_like(self.values["code"]):  # an invitation across the internet
            self.join_invited(name)
            return
        client = Client(name, auto_rejoin=True)
        try:
            client.connect(self.values["code"], self.values["address"] or None)
        except JoinCodeError as exc:
            client.close()
            self.problem = code_words(self.app, exc)
            return
        open_join(self.app, client, self.owner)

    def join_invited(self, name: str) -> None:
        """Join by the invitation in the code's field: read here (a damaged one is said at once), then the tunnel
        started on a thread (it may take seconds to find the host) while this screen says it is connecting."""
        if self.joining is not None:
            return  # on its way already
        try:
            invitation = parse(self.values["code"])
        except InvitationError as exc:
            self.problem = invitation_words(self.app, exc)
            return
        self.problem = ""
        self.joining = internet.Joining(name, invitation, self.owner.relays(), wake)
        self.app.voice.say(self.app.t("net.joining_internet"), interrupt=True)

    def update(self, dt: float, active: bool) -> bool:
        """What the joining thread posted, if it came: the table's way in, or why not (said)."""
        outcome = self.joining.outcome() if self.joining is not None else None
        if outcome is None:
            return False
        self.joining = None
        if isinstance(outcome, Exception):
            self.problem = why_not_joined(self.app, outcome)
            self.app.voice.say(self.problem, interrupt=True)
        else:
            open_join(self.app, outcome, self.owner)
        return True

    # --- speech ---------------------------------------------------------------------------------------------
    def spoken_title(self) -> str:
        T = self.app.t
        return sentences(T("net.title"), T("net.host_hint"), T("net.join_hint"))

    def spoken_focus(self) -> str:
        """The field being typed into (the code in groups) or the button the keys are on; and any problem."""
        T = self.app.t
        slots = self.slots()
        here = slots[min(self.slot, len(slots) - 1)]
        if here in FIELDS:
            value = self.values[here]
            words = T("speech.field", label=T(f"net.field_{here}"),
                      value=(in_groups(value) if here == "code" else value) or T("speech.empty"))
        else:
            buttons = [b for b in self.buttons() if b.enabled]
            words = T("speech.button", label=next(b.label for b in buttons if b.action == here))
        return sentences(f"{words}, {T('speech.position', index=slots.index(here) + 1, count=len(slots))}",
                         self.problem or (T("net.joining_internet") if self.joining is not None else ""))

    def spoken_keys(self) -> str:
        return self.app.t("speech.keys.text")

    def typing(self) -> bool:
        return self.editing is not None

    def draw(self, surface: pygame.Surface) -> None:
        A, T = self.app.assets, self.app.t
        s = draw_backdrop(self, surface, T("net.title"))
        w, h = surface.get_size()
        blit_text(surface, A, T("net.host_heading"), Type.LABEL * s, (w / 2 - 480 * s, 150 * s), GOLD, bold=True)
        blit_text(surface, A, T("net.join_heading"), Type.LABEL * s, (w / 2 + 40 * s, 150 * s), GOLD, bold=True)
        for key in FIELDS:
            box = self.field_box(key)
            blit_text(surface, A, T(f"net.field_{key}"), Type.NOTE * s, (box.x, box.y - 1 * s), MUTED, "bottomleft")
            panel(surface, box, alpha=230, edge=GOLD if self.editing == key else (120, 140, 120))
            caret = "|" if self.editing == key else ""
            blit_text(surface, A, self.values[key] + caret, Type.LABEL * s, (box.x + 10 * s, box.cy), CREAM, "midleft",
                      max_width=box.w - 20 * s)
        for hint, x in (("net.host_hint", w / 2 - 480 * s), ("net.join_hint", w / 2 + 40 * s)):
            # wrapped, not cut short: Italian and French say it in more than one line's width at 1024x640
            draw_fitted(surface, A, T(hint), Type.NOTE * s, Box(x, 545 * s, 440 * s, 66 * s), MUTED, leading=0.9)
        if self.problem or self.joining is not None:
            blit_text(surface, A, self.problem or T("net.joining_internet"), Type.BODY * s, (w / 2, h - 110 * s),
                      WARN if self.problem else GOLD, "center", max_width=w - 80 * s)
        mouse = pygame.mouse.get_pos()
        for button in self.buttons():
            button.draw(surface, A, s, hot=button.box.contains(*mouse))
