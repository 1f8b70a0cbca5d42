"""What the game says, and to whom: the system's voice (``backend``) and the speech log.

The window owns one ``Voice``. Every line goes through ``say``: queued after what is being said, or cutting it
short (``interrupt``: new input makes old speech stale). With ``BEZIQUE_SPEECH_LOG=PATH`` each line is also
written to PATH, one a line, marked ``!`` when it interrupted and ``+`` when queued, so a test or a person can
follow a game by ear without a voice. Nothing here knows the game; the words come from ``presenter.narration``
and the screens.
"""

from __future__ import annotations

import contextlib
import os
import queue
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from bezique.speech.backend import Backend, Found, find_voice
from bezique.speech.speaker import Job, Speaker

LOG_ENV = "BEZIQUE_SPEECH_LOG"
RATES = {"slow": -40, "normal": 0, "fast": 40, "fastest": 80}  # Settings → Speech rate, for the voice
VERBOSITY = ("full", "brief")  # brief: the table says the moves and the results, not every card drawn
WHY_SILENT = {"missing": "the speech extra is not installed (pip install bezique[speech])",  # on stderr
              "no_voice": "no voice answers on this system"}


class Voice:
    """The game's speech: on or off, its voice (None: the log only), its rate and how much it says."""

    def __init__(self, backend: Backend | None = None, log_path: str | os.PathLike[str] | None = None,
                 enabled: bool = False, problem: str = "", screen_reader: bool = False) -> None:
        self.speaker: Speaker | None = None  # the voice's thread, started with the first voice
        self.backend = backend
        self.enabled = enabled
        self.problem = problem  # why there is no voice ("missing", "no_voice"), "" with one
        self.screen_reader = screen_reader
        self.brief = False
        self.rate = 0  # the settings' rate step (RATES), given to a voice when one is found
        self.last = ""  # the last line said, for "say it again"
        self.said = 0  # lines said since the window opened
        self.finder: Callable[[], Found] = find_voice  # what turning speech on asks for a voice
        # why the voice's thread found none or lost it, for the window to read (``failed``); bounded, never waited on
        self.failures: queue.Queue[str] = queue.Queue(maxsize=8)
        self.wake: Callable[[], None] | None = None  # the window's, called after each failure is posted
        self.log: TextIO | None = None
        if log_path:
            path = Path(log_path)
            path.parent.mkdir(parents=True, exist_ok=True)
            self.log = path.open("a", encoding="utf-8", buffering=1)  # a line at a time: a reader follows it live

    @classmethod
    def from_env(cls, wanted: bool, rate: str = "normal", verbosity: str = "full") -> Voice:
        """The window's voice: on when `wanted` (``--speech`` or Settings), when a screen reader runs, or when the
        environment asks for the speech log. Only a running screen reader is asked for here, on the window's
        thread; the system's voice (Speech Dispatcher's client, which a daemon that never answers would hold up)
        is looked for on the voice's thread. A missing library or voice is said on stderr; the game runs on."""
        log = os.environ.get(LOG_ENV) or None
        found = find_voice(system_voice=False)
        voice = cls(found.backend, log, wanted or found.screen_reader or log is not None, found.problem,
                    found.screen_reader)
        voice.configure(rate, verbosity)
        if found.problem == "missing" and voice.enabled:
            print(f"bezique: speech is off: {WHY_SILENT['missing']}", file=sys.stderr)
        elif found.backend is None and (wanted or log is not None):
            voice.look_for_voice()
        return voice

    def configure(self, rate: str, verbosity: str) -> None:
        """Settings → Speech: the voice's rate (kept for a voice found later) and how much the table says."""
        self.brief = verbosity == "brief"
        self.rate = RATES.get(rate, 0)
        if self._backend is not None or self.speaker is not None:
            self._speaker().post(Job.RATE, self.rate)

    def look_for_voice(self) -> None:
        """Ask the voice's thread for the system's voice (a daemon starting never holds up the window), then give
        the one found the settings' rate."""
        self._speaker().post(Job.FIND, self._find)
        self._speaker().post(Job.RATE, self.rate)

    def _find(self) -> Found:
        """On the voice's thread: the voice `finder` finds, and why there is none said on stderr."""
        found = self.finder()
        if found.backend is None:
            print(f"bezique: speech is off: {WHY_SILENT.get(found.problem, WHY_SILENT['no_voice'])}",
                  file=sys.stderr)
        return found

    @property
    def backend(self) -> Backend | None:
        """The voice spoken through (None: the log only)."""
        return self.speaker.backend if self.speaker is not None else self._backend

    @backend.setter
    def backend(self, backend: Backend | None) -> None:
        self._backend = backend
        if self.speaker is not None:
            self.speaker.backend = backend

    def _speaker(self) -> Speaker:
        """The voice's thread, started when first needed (a silent game starts none)."""
        if self.speaker is None:
            self.speaker = Speaker(self._backend, self._failed)
        return self.speaker

    def _failed(self, problem: str) -> None:
        """The voice's thread found none, or lost it: a plain attribute Settings reads, and a word to the window
        (``failures``)."""
        self.problem = problem
        with contextlib.suppress(queue.Full):  # a window not reading has been told already
            self.failures.put_nowait(problem)
        if self.wake is not None:
            self.wake()

    def failed(self) -> list[str]:
        """On the window's thread: why the voice's thread found no voice or lost it, since last asked."""
        said = []
        with contextlib.suppress(queue.Empty):
            while True:
                said.append(self.failures.get_nowait())
        return said

    @property
    def available(self) -> bool:
        """A voice speaks (or the log listens): turning speech on will be heard."""
        return self.backend is not None or self.log is not None

    def turn_on(self) -> None:
        """Speech on (the speech key, Settings): a voice is looked for again if there was none (one may have been
        installed or started since), on the voice's thread: a daemon starting does not hold up the window."""
        if self.backend is None:
            self.look_for_voice()
        self.enabled = True

    def turn_off(self, last_words: str) -> None:
        """Speech off, after saying `last_words` (cutting short whatever was being said)."""
        self.say(last_words, interrupt=True)
        self.enabled = False

    def say(self, text: str, interrupt: bool = False, detail: bool = False) -> None:
        """Say `text`: after what is being said, or (`interrupt`) cutting it short. A `detail` line is left out when
        the player asked for brief speech."""
        text = " ".join(text.split())
        if not self.enabled or not text or (detail and self.brief):
            return
        self.last = text
        self.said += 1
        if self.log is not None:
            self.log.write(f"{'!' if interrupt else '+'} {text}\n")
        if self.backend is not None or self.speaker is not None:
            self._speaker().post(Job.SAY, (text, interrupt))

    def repeat(self) -> None:
        """The last line again (interrupting)."""
        if self.last:
            self.say(self.last, interrupt=True)

    def close(self) -> None:
        """The window closes: the voice's thread ends (waited for a moment only), the log is closed."""
        if self.speaker is not None:
            self.speaker.close()
            self.speaker = None
        elif self._backend is not None:
            self._backend.close()
        if self.log is not None:
            self.log.close()
            self.log = None
