"""A player who cannot see the screen: it reads only the speech log (``BEZIQUE_SPEECH_LOG``) and presses only keys.

It is how the tests prove a deal can be played by ear through the real window, and how ``bench speech`` counts the
keys a blind player presses. It listens for the table's "your turn" lines. To play, it moves the keyboard's focus
over its cards (Right), each said as the focus reaches it, and presses Enter on the first one not said to be
"cannot be played now". To declare, it asks what it may do (6), moves over the declaration's choices (Down) until
the focus line names its choice, and presses Enter: exchanging the seven first, then a meld, else drawing (never
passing a card to a partner). English words only: it parses the English lines.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from bezique.i18n import t

TURN_PLAY = t("speech.turn_play.you", "en")
TURN_DECLARE = t("speech.turn_declare.you", "en")
DEAL_OVER = t("speech.deal_over", "en")
REFUSED = t("speech.focus_card_refused", "en", card="", position="").strip(", ")
MAY_DO = re.compile(r"^You may: (.*)\.$")
POSITION = re.compile(r", (\d+) of (\d+)$")
EXCHANGE = t("speech.choice_exchange", "en")
DRAW = t("speech.choice_draw", "en")
PASS = t("speech.choice_pass", "en", name="")


@dataclass
class EarPlayer:
    """Plays by ear. `press` sends one key to the window and lets it answer (a tick); `log` is the speech log."""

    log: Path
    press: Callable[[int], None]
    read_to: int = 0  # how much of the log has been read
    keys: int = 0  # keys pressed
    heard: list[str] = field(default_factory=list)  # every line read, in order
    moves: list[str] = field(default_factory=list)  # what it chose: "play Ace of Spades", "declare Bezique"…
    pending: str = ""  # the turn line waiting for an answer
    focused: bool = False  # an arrow was pressed this turn: the last focus line said is where the focus is

    def listen(self) -> list[str]:
        """The lines said since last time (a turn line is kept as the one to answer)."""
        text = self.log.read_text(encoding="utf-8")
        new, self.read_to = text[self.read_to:], len(text)
        lines = [line[2:] for line in new.splitlines() if line[:2] in ("! ", "+ ")]
        self.heard += lines
        for line in lines:
            if line in (TURN_PLAY, TURN_DECLARE):
                self.pending = line
        return lines

    def key(self, key: int) -> list[str]:
        """Press `key` and hear what it made the game say."""
        self.keys += 1
        self.press(key)
        return self.listen()

    def turn(self) -> bool:
        """Answer the turn line heard, if any: True when a move was made."""
        self.listen()
        line, self.pending = self.pending, ""
        if line == TURN_PLAY:
            return self._play()
        if line == TURN_DECLARE:
            return self._declare()
        return False

    def _ask(self, pattern: re.Pattern[str]) -> list[str]:
        """Press 6 (what may I do?) and split the answer into its choices."""
        for line in self.key(pygame.K_6):
            found = pattern.match(line)
            if found:
                return [part.strip() for part in found.group(1).split(",")]
        raise AssertionError(f"6 said nothing of what may be done: {self.heard[-3:]}")

    def _focus_on(self, step: int, wanted: list[str] | None) -> str:
        """Move the focus with `step` until the focus line names one of `wanted` (None: any card that may be played;
        the line said last may already), then press Enter; at most 60 keys. Returns what was chosen."""
        for _ in range(60):
            focus = next((line for line in reversed(self.heard) if POSITION.search(line)), "")
            name = focus.split(",")[0]
            if self.focused and (name in wanted if wanted is not None else REFUSED not in focus):
                self.key(pygame.K_RETURN)
                self.focused = False
                return name
            self.focused = True  # from the first arrow on, the focus line said is where the focus is
            self.key(step)
        raise AssertionError(f"the focus never reached {wanted!r}: {self.heard[-5:]}")

    def _play(self) -> bool:
        """The first card the focus meets that may be played (as a player leafing through the hand would: a card
        that may not be played is said so as the focus reaches it)."""
        self.moves.append(f"play {self._focus_on(pygame.K_RIGHT, None)}")
        return True

    def _declare(self) -> bool:
        choices = self._ask(MAY_DO)
        melds = [c for c in choices if c not in (EXCHANGE, DRAW) and not c.startswith(PASS)]
        choice = EXCHANGE if EXCHANGE in choices else melds[0] if melds else DRAW
        self.moves.append(f"declare {self._focus_on(pygame.K_DOWN, [choice])}")
        return True
