"""The system's voice, through ``speechlight`` (the ``speech`` extra): a screen reader where one runs, else the
system's speech synthesizer.

``speechlight`` (MIT, typed, maintained) was chosen over ``accessible_output2``: it reaches NVDA, JAWS, System
Access and SAPI on Windows, the system voice on macOS, Orca and Speech Dispatcher on Linux, each with an
interrupting and a queued way to speak, and installs its Linux client (``speechd-unofficial``) from PyPI, where
``accessible_output2`` needs the distribution's ``python3-speechd`` and cannot interrupt VoiceOver.

On Linux ``speechlight``'s default is Orca; Orca not running, this speaks through Speech Dispatcher itself (the
daemon is started on demand; ``SPEECHD_ADDRESS`` names another). Nothing here knows the game.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
from dataclasses import dataclass
from typing import Any, Protocol

SCREEN_READER_PROBE_SECONDS = 2.0  # how long the macOS VoiceOver check may take before it is taken as not running


class Backend(Protocol):
    """A voice: speaks a line, queued after what it is saying or cutting it short."""

    name: str

    def say(self, text: str, interrupt: bool) -> None: ...

    def silence(self) -> None: ...

    def set_rate(self, rate: int) -> None:
        """`rate`: -100 (slowest) to 100 (fastest), 0 the voice's own."""

    def close(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Found:
    """What ``find_voice`` found: a voice (None: none), whether a screen reader speaks it, and why there is none."""

    backend: Backend | None
    screen_reader: bool
    problem: str  # "" when a voice was found; else "missing" (no speechlight) or "no_voice" (nothing answers)


class SpeechlightVoice:
    """One ``speechlight`` speech object (it picks NVDA, JAWS, SAPI… itself on Windows, the system voice on macOS)."""

    def __init__(self, speech: Any, name: str) -> None:
        self.speech = speech
        self.name = name

    def say(self, text: str, interrupt: bool) -> None:
        self.speech.say(text, interrupt=interrupt)

    def silence(self) -> None:
        self.speech.silence()

    def set_rate(self, rate: int) -> None:
        """Speech Dispatcher takes -100..100; SAPI -10..10; a screen reader keeps its own user's rate."""
        client = getattr(self.speech, "_sd", None)
        with contextlib.suppress(Exception):  # a voice refusing a rate keeps speaking at its own
            if client is not None:
                client.set_rate(max(-100, min(100, rate)))
            elif sys.platform == "win32" and self.name == "sapi":
                self.speech.sapi.Rate = max(-10, min(10, rate // 10))

    def close(self) -> None:
        client = getattr(self.speech, "_sd", None)
        if client is not None:
            with contextlib.suppress(Exception):
                client.close()
            self.speech._sd = None


def find_voice(system_voice: bool = True) -> Found:
    """The best voice on this system: its screen reader where one runs, else (`system_voice`) the system's
    synthesizer. Without `system_voice` only a running screen reader is taken: a game that does not speak starts no
    speech daemon."""
    try:
        import speechlight
    except ImportError:
        return Found(None, False, "missing")
    if sys.platform == "linux":
        return _linux(speechlight, system_voice)
    speech = speechlight.speech
    if sys.platform == "win32":
        reader = next((name for name in ("nvda", "sa", "jfw") if getattr(speech, f"{name}_running")()), None)
        if reader is None and not system_voice:
            return Found(None, False, "")
        if reader is None and speech.sapi is None:
            return Found(None, False, "no_voice")
        return Found(SpeechlightVoice(speech, reader or "sapi"), reader is not None, "")
    if sys.platform == "darwin":
        reader = _voiceover_running()
        if not (reader or system_voice):
            return Found(None, False, "")
        if getattr(speech, "_darwin", None) is None:
            return Found(None, False, "no_voice")
        return Found(SpeechlightVoice(speech, "macos"), reader, "")
    return Found(None, False, "no_voice")


def _linux(speechlight: Any, system_voice: bool) -> Found:
    """Orca when it runs (the player's own screen reader, its voice and rate); else Speech Dispatcher."""
    orca = speechlight.speech
    if getattr(orca, "_orca", None) is not None and orca._orca.available:
        return Found(SpeechlightVoice(orca, "orca"), True, "")
    return speech_dispatcher() if system_voice else Found(None, False, "")


def speech_dispatcher() -> Found:
    """Speech Dispatcher's voice (at ``SPEECHD_ADDRESS`` if set), or why there is none."""
    try:
        from speechlight.speech_dispatcher import Speech
    except ImportError:
        return Found(None, False, "missing")
    speech = Speech()
    if getattr(speech, "_sd", None) is None:
        return Found(None, False, "no_voice")
    return Found(SpeechlightVoice(speech, "speech-dispatcher"), False, "")


def _voiceover_running() -> bool:
    """VoiceOver on (macOS): its process runs. A bounded check; any failure is 'not running'."""
    try:
        done = subprocess.run(["pgrep", "-x", "VoiceOver"], capture_output=True,
                              timeout=SCREEN_READER_PROBE_SECONDS, check=False)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0
