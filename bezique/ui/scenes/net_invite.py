"""Inviting a friend across the internet, and joining by an invitation.

The host's table shows, under the join code (for the local network), the way to play over the internet:
``InvitePanel`` is its button ("Play over the internet", key I), then, once the tunnel is open, the button that
copies the invitation to the clipboard (key I again) and a line saying what to do with it, or in plain words why
this computer cannot (no iroh here), why the tunnel did not open, or that no relay answered (only a direct path can
reach the host then). The tunnel is opened on a thread of the net layer (a relay may take seconds to answer), which
posts the result to the panel's mailbox and wakes the window: the window's thread reads it in ``update``.

``why_not_joined`` words a failed join by an invitation; ``paste`` reads the clipboard (Ctrl+V).
"""

from __future__ import annotations

import enum
from collections.abc import Callable

import pygame

from bezique.geometry import Box
from bezique.mailbox import Mailbox
from bezique.net import internet
from bezique.net.hosting import HostedGame
from bezique.net.invitation import InvitationError
from bezique.net.relays import Relays
from bezique.ui.kit.assets import CREAM, GOLD
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import Button, draw_fitted, wrap
from bezique.ui.scene import Window
from bezique.ui.speaking import sentences

WARN = (255, 190, 160)
KEY = pygame.K_i  # the table's key for the panel's button (I: invite)
BUTTON_ROOM = 48  # at scale 1: the button's height and the gap under it
NOTE_LINES = 4  # the most the note takes: its longest (French, the largest text) wraps to four


class Stage(enum.Enum):
    OFFER = "offer"  # the button "Play over the internet"
    OPENING = "opening"  # the tunnel is being opened
    READY = "ready"  # the invitation can be copied
    FAILED = "failed"  # the tunnel did not open (or there is no iroh here): said, and offered again


class InvitePanel:
    """The host's way to invite a friend across the internet, drawn in the lower part of the table's code box."""

    def __init__(self, app: Window, hosted: HostedGame, relays: Relays, wake: Callable[[], None] | None = None) \
            -> None:
        self.app = app
        self.hosted = hosted
        self.relays = relays
        self.stage = Stage.OFFER
        self.note = ""  # the line under the button: what to do, or what went wrong
        self.invited: internet.Invited | None = None
        # the tunnel opens on a thread of the net layer, which posts here (and wakes the window): read in ``update``
        self._results: Mailbox[internet.Invited | Exception] = Mailbox(limit=4, wake=wake)
        self.missing = internet.unavailable()  # asked once: without iroh, an import tried every frame would cost
        if self.missing is not None:
            self.stage, self.note = Stage.FAILED, app.t("net.internet_unavailable")

    def button(self, box: Box, s: float) -> Button | None:
        """The panel's one button in `box` (the code box's lower part), or None while the tunnel opens or where
        there is no iroh."""
        if self.stage is Stage.OPENING or self.missing is not None:
            return None
        label = "net.copy_invitation" if self.stage is Stage.READY else "net.play_internet"
        return Button(Box(box.cx - 160 * s, box.y, 320 * s, 40 * s), self.app.t(label), "invite", text_size=Type.NOTE,
                      primary=self.stage is Stage.READY)

    def handle_event(self, event: pygame.event.Event, box: Box, s: float) -> bool:
        """A click on the button or the key I: True when the panel took the event."""
        button = self.button(box, s)
        if button is None:
            return False
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and button.hit(event.pos)
        if not clicked and not (event.type == pygame.KEYDOWN and event.key == KEY):
            return False
        self.app.sounds.play("click")
        if self.stage is Stage.READY:
            self.copy()
        else:
            self.open()
        return True

    def tell(self, note: str) -> None:
        """`note` under the button, and said aloud with the key that goes on for a player who does not see it (when
        speech is on): the result comes from a thread, not from input, so the window's speech would not say it."""
        self.note = note
        self.app.voice.say(self.spoken(), interrupt=True)

    def spoken(self) -> str:
        """The panel in words, as the table's spoken title gives it: what it offers and its key, or what happened
        (the invitation is ready or was copied, or why it could not be made) and what I does now."""
        if self.stage is Stage.OPENING or self.missing is not None:
            return self.note  # no button: nothing to press
        offers = {Stage.OFFER: "speech.invite_offer", Stage.READY: "speech.invite_copy",
                  Stage.FAILED: "speech.invite_retry"}[self.stage]
        return sentences(self.note, self.app.t(offers))

    def open(self) -> None:
        """Open the game to the internet, on a worker thread."""
        self.stage = Stage.OPENING
        self.tell(self.app.t("net.internet_opening"))
        internet.invite_in_background(self.hosted, self.relays, self._results)

    def update(self) -> bool:
        """Read what the opening thread posted, if it came: True when the panel changed."""
        results = self._results.drain()
        if not results:
            return False
        result = results[-1]
        if isinstance(result, Exception):
            self.stage = Stage.FAILED
            self.tell(self.app.t("net.internet_unavailable" if isinstance(result, internet.InternetUnavailable)
                                 else "net.internet_failed"))
        else:
            self.invited, self.stage = result, Stage.READY
            self.tell(self.app.t("net.no_relay" if result.relay_answered is False else "net.invitation_ready"))
        return True

    def copy(self) -> None:
        """Put the invitation on the clipboard and say what to do with it."""
        assert self.invited is not None
        text = self.invited.invitation.text()
        try:
            pygame.scrap.put_text(text)
            copied = pygame.scrap.get_text() == text
        except pygame.error:
            copied = False
        if not copied:  # the one other way to hand it over; never otherwise: it carries the game's secret
            print(f"bezique: invitation for a friend across the internet: {text}", flush=True)
        note = self.app.t("net.invitation_copied" if copied else "net.no_clipboard")
        if self.invited.relay_answered is False:  # the warning stays said
            note += " " + self.app.t("net.no_relay")
        self.tell(note)

    def height(self, width: float, s: float) -> float:
        """How tall the panel is at scale `s` in a box `width` wide: its button (when it has one) and its note's
        lines, as many as the note wraps to at the player's text size (so that each of its notes is drawn whole), but
        never more than ``NOTE_LINES``: the code box above it and the table around it keep their room."""
        has_button = self.stage is not Stage.OPENING and self.missing is None
        top = (BUTTON_ROOM if has_button else 4) * s
        if not self.note:
            return top + 4 * s
        size, assets = Type.NOTE.at(s), self.app.assets
        lines = min(len(wrap(assets, self.note, size, width - 24 * s)), NOTE_LINES)  # more is fitted into these
        return top + lines * assets.font(size).get_linesize() + 8 * s  # as ``draw_fitted`` spaces them

    def draw(self, surface: pygame.Surface, box: Box, s: float) -> None:
        """The button (or where it would be, what is happening) and the note under it, in `box`."""
        A = self.app.assets
        button = self.button(box, s)
        if button is not None:
            button.draw(surface, A, s, hot=button.box.contains(*pygame.mouse.get_pos()))
        top = (BUTTON_ROOM if button is not None else 4) * s
        note = Box(box.x + 12 * s, box.y + top, box.w - 24 * s, box.h - top)
        colour = WARN if self.stage is Stage.FAILED else GOLD if self.stage is Stage.OPENING else CREAM
        if self.note:
            draw_fitted(surface, A, self.note, Type.NOTE.at(s), note, colour, "center")


def invitation_words(app: Window, error: InvitationError) -> str:
    """What Join says of a text that is not an invitation: its flaw, in the player's words."""
    return app.t("net.bad_invitation", reason=app.t(f"net.bad_invitation_{error.flaw}"))


def why_not_joined(app: Window, failure: Exception) -> str:
    """What Join says when the tunnel to an invitation's host did not start: in the player's words, never the
    tunnel's own (``internet.Joining`` logged them)."""
    if isinstance(failure, internet.InternetUnavailable):
        return app.t("net.internet_unavailable")
    return app.t("net.join_failed")


def paste() -> str:
    """The clipboard's text ("" when there is none, or no clipboard here)."""
    try:
        got = pygame.scrap.get_text()
    except pygame.error:
        return ""
    return got if isinstance(got, str) else ""
