"""The window's speech: the keys that work on every screen, and each screen's focus said as it moves.

Every scene answers the same three questions (``Spoken``, which ``Scene`` implements): its title, what has the
keyboard's focus, and its keys, each in words. After every input and every change of screen the window asks the
top scene and says what changed, cutting short what was being said (new input makes old speech stale). The keys
that work everywhere, whatever the screen: F12 speech on or off, F1 or ``?`` this screen's keys (New game keeps F1
for How to play; ``?`` still says its keys), F2 the last line again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from bezique.speech import Voice
from bezique.ui.kit.widgets import Button

MOVING_KEYS = frozenset({pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_HOME,
                         pygame.K_END, pygame.K_PAGEUP, pygame.K_PAGEDOWN})


class Spoken(Protocol):
    """What a screen says of itself (``Scene`` gives every screen these three)."""

    def spoken_title(self) -> str:
        """The screen's name and what it is for, said when it opens ("" for none)."""

    def spoken_focus(self) -> str:
        """What has the keyboard's focus now, in words: said whenever it changes."""

    def spoken_keys(self) -> str:
        """This screen's keys, in words (F1 or ``?``)."""

    def typing(self) -> bool:
        """A text field takes the keys now: ``?`` is typed, not answered."""

    def takes_f1(self) -> bool:
        """The screen has F1 for its own use (New game's How to play)."""


class Speaking:
    """The window's side of speech: the global keys and following the top screen's focus."""

    def __init__(self, voice: Voice, t: Callable[..., str]) -> None:
        self.voice = voice
        self.t = t
        self.screen: object | None = None  # the top scene last said
        self.focus = ""  # its focus as last said
        self.asked = False  # the player turned speech on: a voice that cannot be found is said to them

    def key(self, event: pygame.event.Event, top: Spoken | None) -> bool:
        """A key for speech itself (F12, F1 or ``?``, F2): said and used up (True); else False."""
        voice = self.voice
        if event.key == pygame.K_F12:
            self.key_toggle(top)
            return True
        if not voice.enabled or top is None:
            return False
        if event.key == pygame.K_F2:
            voice.repeat()
            return True
        asks = (event.key == pygame.K_F1 and not top.takes_f1()) or (event.unicode == "?" and not top.typing())
        if asks:
            voice.say(sentences(top.spoken_keys(), self.t("speech.keys_global")), interrupt=True)
            return True
        return False

    def key_toggle(self, top: Spoken | None) -> None:
        """Speech on or off (F12, or Settings → Speech): said either way."""
        if self.voice.enabled:
            self.asked = False
            self.voice.turn_off(self.t("speech.off"))
        else:
            self.asked = True
            self.voice.turn_on()
            self.greet(top)

    def silenced(self) -> str | None:
        """On the window's thread: why speech the player turned on cannot be heard (no voice answered, and no
        speech log listens), in words, and speech is off again; None while it can be (or was not asked for)."""
        voice = self.voice
        problems = voice.failed()
        if not problems or not self.asked or not voice.enabled or voice.available:
            return None
        self.asked = voice.enabled = False
        why = "speech.unavailable_missing" if problems[-1] == "missing" else "speech.unavailable_no_voice"
        return self.t("speech.stays_off", why=self.t(why))

    def greet(self, top: Spoken | None) -> None:
        """Speech just came on: the keys that exist first, then the screen and its focus."""
        self.voice.say(self.t("speech.on"), interrupt=True)
        self.screen = None
        self.follow(top, interrupt=False)

    def follow(self, top: Spoken | None, interrupt: bool = True, again: bool = False) -> None:
        """After input or a change of screen: a new screen says its title and focus; else a focus that moved says
        where it is now (and, `again`, after a key that moves the focus, where it still is: at the end of a row an
        arrow is answered rather than met with silence)."""
        if not self.voice.enabled or top is None:
            return
        focus = top.spoken_focus()
        if top is not self.screen:
            self.screen = top
            self.focus = focus
            self.voice.say(sentences(top.spoken_title(), focus), interrupt=interrupt)
        elif focus != self.focus or again:
            self.focus = focus
            if focus:
                self.voice.say(focus, interrupt=interrupt)


def sentences(*parts: str) -> str:
    """`parts` said one after the other, each ended as a sentence (a title then the focus: "New game. Game: …")."""
    said = [part.strip() for part in parts if part.strip()]
    return " ".join(part if part.endswith((".", "!", "?", ":", "…")) else f"{part}." for part in said[:-1]) + \
        (" " if len(said) > 1 else "") + (said[-1] if said else "")


def button_words(t: Callable[..., str], buttons: Sequence[Button], focus: int) -> str:
    """The focused button of a column in words: its label, whether it can be pressed, where it is in the column."""
    if not 0 <= focus < len(buttons):
        return ""
    button = buttons[focus]
    words = t("speech.button" if button.enabled else "speech.unavailable", label=button.label)
    return f"{words}, {t('speech.position', index=focus + 1, count=len(buttons))}"


def row_words(t: Callable[..., str], label: str, value: str, index: int, count: int) -> str:
    """A row of a form in words: its label, its value, where it is among the rows."""
    return f"{t('speech.row', label=label, value=value)}, {t('speech.position', index=index + 1, count=count)}"


def spelled(t: Callable[..., str]) -> dict[str, str]:
    """The names of the characters a voice may skip when a code is spelled, in the player's language."""
    return {"-": t("speech.dash"), " ": t("speech.space"), ".": t("speech.dot"), ":": t("speech.colon")}
