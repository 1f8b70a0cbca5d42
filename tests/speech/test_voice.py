"""The game's voice: each line to the voice and the speech log (marked as interrupting or queued), nothing while
off, detail lines left out when brief, a voice that fails dropped with the log going on, and a missing speech
extra said rather than failing."""

from __future__ import annotations

import builtins
from pathlib import Path
from typing import Any

import pytest

from bezique.speech import Found, Voice, find_voice
from bezique.speech.speaker import HELD, Job
from bezique.speech.spelling import by_character, in_groups


class Recorder:
    name = "recorder"

    def __init__(self, fail: bool = False) -> None:
        self.said: list[tuple[str, bool]] = []
        self.fail = fail
        self.rate = 0

    def say(self, text: str, interrupt: bool) -> None:
        if self.fail:
            raise OSError("the voice went away")
        self.said.append((text, interrupt))

    def silence(self) -> None:
        self.said.append(("", True))

    def set_rate(self, rate: int) -> None:
        self.rate = rate

    def close(self) -> None:
        pass


def test_each_line_goes_to_the_voice_and_the_log(tmp_path: Path) -> None:
    voice, log = Recorder(), tmp_path / "speech.log"
    speech = Voice(voice, log, enabled=True)
    speech.say("Your turn:  play a card.")
    speech.say("Queen of Spades, 1 of 9", interrupt=True)
    speech.repeat()
    speech.close()  # the voice's thread has said everything posted to it
    assert voice.said[-1] == ("Queen of Spades, 1 of 9", True)
    assert ("Your turn: play a card.", False) in voice.said or voice.said[0][1]  # or cut short: it was stale
    assert log.read_text(encoding="utf-8") == "+ Your turn: play a card.\n! Queen of Spades, 1 of 9\n" \
        "! Queen of Spades, 1 of 9\n"


def test_off_it_says_nothing_and_brief_leaves_out_the_details(tmp_path: Path) -> None:
    voice = Recorder()
    speech = Voice(voice, enabled=False)
    speech.say("nothing")
    assert voice.said == []
    speech.enabled = True
    speech.configure("fast", "brief")
    speech.say("Anna draws a card.", detail=True)
    speech.say("Anna plays the Ace of Spades.")
    speech.close()
    assert voice.said == [("Anna plays the Ace of Spades.", False)] and voice.rate == 40


def test_a_voice_that_fails_is_dropped_and_the_log_goes_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "speech.log"
    speech = Voice(Recorder(fail=True), log, enabled=True)
    speech.say("one")
    speech.say("two")
    speech.speaker.close()  # type: ignore[union-attr]  # what was posted is done
    assert speech.backend is None and speech.problem == "no_voice"
    assert log.read_text(encoding="utf-8") == "+ one\n+ two\n"
    assert "the voice stopped working" in capsys.readouterr().err


def test_without_the_speech_extra_the_game_says_so_and_runs_silent(monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    real_import = builtins.__import__

    def no_speechlight(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.startswith("speechlight"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_speechlight)
    monkeypatch.delenv("BEZIQUE_SPEECH_LOG", raising=False)
    assert find_voice() == Found(None, False, "missing")
    voice = Voice.from_env(wanted=True)
    assert voice.enabled and voice.backend is None and voice.problem == "missing"
    assert "pip install bezique[speech]" in capsys.readouterr().err
    voice.say("nobody hears this")  # and nothing fails


def test_the_speech_log_turns_speech_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BEZIQUE_SPEECH_LOG", str(tmp_path / "speech.log"))
    monkeypatch.setattr("bezique.speech.voice.find_voice", lambda system_voice=True: Found(None, False, "no_voice"))
    voice = Voice.from_env(wanted=False)
    assert voice.enabled and voice.available
    voice.say("heard")
    voice.close()
    assert (tmp_path / "speech.log").read_text(encoding="utf-8") == "+ heard\n"


def test_a_voice_that_never_answers_does_not_hold_up_the_window() -> None:
    import threading
    stuck = threading.Event()

    class Hanging(Recorder):
        def say(self, text: str, interrupt: bool) -> None:
            stuck.wait(30)  # a daemon that no longer answers

    speech = Voice(Hanging(), enabled=True)
    for n in range(100):  # the window goes on posting; the queue is bounded, nothing blocks
        speech.say(f"line {n}")
    assert speech.speaker is not None and len(speech.speaker._jobs) <= 32
    stuck.set()
    speech.close()


def test_turning_speech_on_looks_for_a_voice_on_the_voices_thread() -> None:
    voice = Recorder()
    speech = Voice(None, enabled=False)
    speech.finder = lambda: Found(voice, False, "")
    speech.turn_on()
    speech.say("found")
    speech.close()
    assert voice.said == [("found", False)]


def test_codes_are_read_in_groups_and_spelled() -> None:
    assert in_groups("K7QX-2M9P-A") == "K 7 Q X, 2 M 9 P, A"
    assert by_character("K7-Q", {"-": "dash"}) == "K, 7, dash, Q"


def test_starting_with_speech_looks_for_the_system_voice_off_the_windows_thread(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """At start only a running screen reader is asked for on the window's thread; the system voice (Speech
    Dispatcher's client, which a daemon that never answers can hold for ever) is looked for on the voice's
    thread, and the settings' rate reaches it once found."""
    import threading
    answer = threading.Event()
    asked: list[tuple[bool, str]] = []
    found = Recorder()

    def blocking_find(system_voice: bool = True) -> Found:
        asked.append((system_voice, threading.current_thread().name))
        if system_voice:
            answer.wait(10)  # a Speech Dispatcher that does not answer (bounded, so a failing test ends)
            return Found(found, False, "")
        return Found(None, False, "")

    monkeypatch.setattr("bezique.speech.voice.find_voice", blocking_find)
    monkeypatch.delenv("BEZIQUE_SPEECH_LOG", raising=False)
    voice = Voice.from_env(wanted=True, rate="fast")
    assert not answer.is_set()  # from_env came back while the system voice was still being looked for
    assert (False, threading.current_thread().name) in asked
    assert all(not system_voice for system_voice, thread in asked if thread == threading.current_thread().name)
    assert voice.enabled
    answer.set()
    voice.say("found")
    voice.close()
    assert (True, "bezique-speech") in asked
    assert found.said == [("found", False)] and found.rate == 40


def test_the_settings_rate_reaches_a_voice_found_when_speech_is_turned_on() -> None:
    voice = Recorder()
    speech = Voice(None, enabled=False)
    speech.configure("fast", "full")  # Settings, while no voice was there to take it
    speech.finder = lambda: Found(voice, False, "")
    speech.turn_on()  # F12
    speech.close()
    assert voice.rate == 40


def test_a_voice_far_behind_drops_old_lines_but_never_a_rate_or_a_search() -> None:
    import threading
    saying, stuck = threading.Event(), threading.Event()
    second = Recorder()

    class Hanging(Recorder):
        def say(self, text: str, interrupt: bool) -> None:
            saying.set()
            stuck.wait(10)  # the first line holds the voice while the window goes on posting

    speech = Voice(Hanging(), enabled=True)
    speech.say("first")
    assert saying.wait(10)
    speech.configure("slow", "full")
    speech.finder = lambda: Found(second, False, "")
    speech.speaker.post(Job.FIND, speech.finder)  # type: ignore[union-attr]
    speech.configure("fast", "full")
    for n in range(100):
        speech.say(f"line {n}")
    speaker = speech.speaker
    assert speaker is not None
    kinds = [kind for kind, _ in speaker._jobs]
    assert kinds.count(Job.SAY) <= HELD and Job.FIND in kinds and Job.RATE in kinds
    stuck.set()
    speech.close()
    assert second.rate == 40 and second.said[-1] == ("line 99", False)
