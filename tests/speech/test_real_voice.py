"""One line goes end to end through a real voice: the game's ``Voice`` → speechlight → a Speech Dispatcher of the
test's own → espeak-ng, which writes what it says to a WAV file instead of a sound card.

The daemon is the system's (Debian ``speech-dispatcher`` and ``espeak-ng``, which ``.ci/run`` installs); without
them, or without the ``speech`` extra, the test skips and says which is missing. Every wait is bounded: the synth
command writes a line into a FIFO once the WAV is written, and the test waits for it with ``select``; the daemon is
stopped (and waited for, with a timeout) whatever happens.
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import wave
from collections.abc import Iterator
from pathlib import Path

import pytest

from bezique.speech import Voice
from bezique.speech.backend import speech_dispatcher

WAIT_SECONDS = 30.0  # the longest the test waits for the voice (a loaded CI machine); never a sleep


def _missing() -> str:
    """What this machine lacks for the test, in words ("" when nothing)."""
    for program in ("speech-dispatcher", "espeak-ng"):
        if shutil.which(program) is None:
            return f"{program} is not installed (Debian: apt-get install speech-dispatcher espeak-ng)"
    if not Path("/usr/lib/speech-dispatcher-modules/sd_generic").exists():
        return "speech-dispatcher's generic output module (sd_generic) is not installed"
    try:
        import speechlight  # noqa: F401
    except ImportError:
        return "the speech extra (speechlight) is not installed"
    return ""


@pytest.fixture
def daemon(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A Speech Dispatcher of the test's own on a private socket, whose one voice is espeak-ng writing said.wav (and
    said.txt) in `tmp_path`, then a line to the FIFO `done`; ALSA's null device stands in for a sound card."""
    missing = _missing()
    if missing:
        pytest.skip(missing)
    conf = tmp_path / "conf"
    (conf / "modules").mkdir(parents=True)
    (tmp_path / "asound.conf").write_text("pcm.!default { type null }\n", encoding="utf-8")
    (conf / "speechd.conf").write_text(
        'LogLevel 3\nLogDir "stdout"\nAddModule "wavfile" "sd_generic" "wavfile.conf"\n'
        'DefaultModule wavfile\nAudioOutputMethod "alsa"\n', encoding="utf-8")
    os.mkfifo(tmp_path / "done")
    synth = (f"printf %s \\'$DATA\\' > {tmp_path}/said.txt && espeak-ng -w {tmp_path}/said.wav -f {tmp_path}/said.txt"
             f" && echo said > {tmp_path}/done")
    (conf / "modules" / "wavfile.conf").write_text(
        f'GenericExecuteSynth "{synth}"\nGenericCmdDependency "espeak-ng"\nGenericLanguage "en" "en" "utf-8"\n'
        'AddVoice "en" "MALE1" "en"\n', encoding="utf-8")
    socket = tmp_path / "speechd.sock"
    env = {**os.environ, "ALSA_CONFIG_PATH": str(tmp_path / "asound.conf")}
    process = subprocess.Popen(["speech-dispatcher", "--run-single", "-c", "unix_socket", "-S", str(socket),
                                "-C", str(conf), "-P", str(tmp_path / "pid"), "-t", "60"],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{socket}")
    try:
        log = _read_until(process, "waiting for clients")
        if "waiting for clients" not in log:
            pytest.fail(f"the test's speech dispatcher did not start: {log[-2000:]}")
        yield tmp_path
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def _read_until(process: subprocess.Popen[bytes], words: str) -> str:
    """The daemon's log (its stdout) up to the line holding `words`, or all it said within ``WAIT_SECONDS``."""
    assert process.stdout is not None
    fd, seen = process.stdout.fileno(), b""
    while words.encode() not in seen:
        ready, _, _ = select.select([fd], [], [], WAIT_SECONDS)
        chunk = os.read(fd, 4096) if ready else b""
        if not chunk:
            break
        seen += chunk
    return seen.decode(errors="replace")


def test_a_line_is_spoken_by_a_real_voice_into_a_wav_file(daemon: Path) -> None:
    fifo = os.open(daemon / "done", os.O_RDONLY | os.O_NONBLOCK)  # opened before speaking: no write is lost
    found = speech_dispatcher()
    assert found.backend is not None and found.backend.name == "speech-dispatcher"
    voice = Voice(found.backend, enabled=True)
    try:
        voice.say("Queen of Spades", interrupt=True)
        ready, _, _ = select.select([fifo], [], [], WAIT_SECONDS)
        assert ready, f"no speech within {WAIT_SECONDS} s"
        assert os.read(fifo, 64).decode().strip() == "said"
    finally:
        os.close(fifo)
        voice.close()
    assert (daemon / "said.txt").read_text(encoding="utf-8") == "Queen of Spades"
    with wave.open(str(daemon / "said.wav")) as sound:  # a real recording: half a second of voice at the least
        assert sound.getnframes() / sound.getframerate() > 0.5

