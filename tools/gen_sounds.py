"""Synthesise every sound effect of the game with the standard library only.

Run as ``python tools/gen_sounds.py``. Card sounds are filtered noise bursts (snaps, swishes and
riffles); fanfares are additive-synthesis bell and brass notes. Each effect is peak-normalised to
the same level and faded at both ends so playback never clicks. Noise comes from a seeded
random.Random, so the WAV files are byte-identical on every run.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOUNDS_DIR = ROOT / "assets" / "sounds"

RATE = 44100
PEAK = 10 ** (-3 / 20)  # -3 dBFS: loud enough, with headroom when two effects overlap
FADE_IN_S = 0.003
FADE_OUT_S = 0.02

Samples = list[float]

# Equal-tempered note frequencies used by the fanfares.
NOTE = {
    "C4": 261.63,
    "Eb4": 311.13,
    "E4": 329.63,
    "G4": 392.0,
    "Ab4": 415.30,
    "Bb4": 466.16,
    "C5": 523.25,
    "E5": 659.26,
    "G5": 783.99,
    "C6": 1046.5,
    "E6": 1318.5,
    "G6": 1568.0,
    "C7": 2093.0,
}


def silence(seconds: float) -> Samples:
    """A buffer of zeros to mix events into."""
    return [0.0] * int(seconds * RATE)


def mix_into(buf: Samples, sound: Sequence[float], at: float, gain: float = 1.0) -> None:
    """Add a sound into buf starting at a time in seconds, clipping anything past the end."""
    start = int(at * RATE)
    for i, s in enumerate(sound[: max(0, len(buf) - start)]):
        buf[start + i] += s * gain


def lowpass(samples: Sequence[float], cutoff: float | Callable[[int], float]) -> Samples:
    """One-pole low-pass; cutoff may vary per sample so swishes can sweep."""
    out, y = [], 0.0
    for i, x in enumerate(samples):
        fc = cutoff(i) if callable(cutoff) else cutoff
        y += (1 - math.exp(-2 * math.pi * fc / RATE)) * (x - y)
        out.append(y)
    return out


def highpass(samples: Sequence[float], cutoff: float) -> Samples:
    """One-pole high-pass (input minus its low-pass) to take the rumble out of noise."""
    return [x - y for x, y in zip(samples, lowpass(samples, cutoff), strict=True)]


def noise_burst(
    rng: random.Random, seconds: float, attack: float, decay: float, band: tuple[float, float]
) -> Samples:
    """Band-limited noise with a fast attack and exponential decay: the basic papery card sound."""
    n = int(seconds * RATE)
    raw = [rng.uniform(-1, 1) for _ in range(n)]
    filtered = lowpass(highpass(raw, band[0]), band[1])
    out = []
    for i, x in enumerate(filtered):
        t = i / RATE
        env = min(1.0, t / attack) * math.exp(-max(0.0, t - attack) / decay)
        out.append(x * env)
    return out


def bell(freq: float, seconds: float, decay: float = 0.35) -> Samples:
    """Inharmonic partials with faster-decaying overtones: a small bright bell."""
    partials = [(1.0, 1.0, 1.0), (2.0, 0.5, 0.7), (2.76, 0.35, 0.5), (5.4, 0.2, 0.3), (8.93, 0.1, 0.2)]
    return _additive(freq, seconds, partials, decay, attack=0.004)


def brass(freq: float, seconds: float, decay: float = 0.6) -> Samples:
    """Harmonic partials with 1/n amplitudes and a softer attack: a mellow horn note."""
    partials = [(float(n), 1.0 / n, 1.0 / (1 + 0.25 * n)) for n in range(1, 8)]
    return _additive(freq, seconds, partials, decay, attack=0.03)


def _additive(
    freq: float, seconds: float, partials: Sequence[tuple[float, float, float]], decay: float, attack: float
) -> Samples:
    """Sum sine partials (ratio, amplitude, relative decay) under an attack/decay envelope."""
    out = []
    for i in range(int(seconds * RATE)):
        t = i / RATE
        onset = min(1.0, t / attack)
        s = 0.0
        for ratio, amp, rel in partials:
            s += amp * math.exp(-t / (decay * rel)) * math.sin(2 * math.pi * freq * ratio * t)
        out.append(s * onset)
    return out


def fanfare(
    notes: Sequence[tuple[str, float, float]], total: float, voice: Callable[..., Samples]
) -> Samples:
    """Place (note, start, length) events of one voice on a timeline."""
    buf = silence(total)
    for name, start, length in notes:
        mix_into(buf, voice(NOTE[name], length), start)
    return buf


def finish(samples: Samples) -> Samples:
    """Remove DC, fade both ends and normalise the peak so every effect plays at the same level."""
    mean = sum(samples) / len(samples)
    out = [s - mean for s in samples]
    n_in, n_out = int(FADE_IN_S * RATE), int(FADE_OUT_S * RATE)
    for i in range(n_in):
        out[i] *= i / n_in
    for i in range(n_out):
        out[-1 - i] *= i / n_out
    peak = max(abs(s) for s in out) or 1.0
    return [s * PEAK / peak for s in out]


def card_snap(rng: random.Random) -> Samples:
    """A card slapped on the table: a crisp transient over a short papery burst."""
    buf = silence(0.2)
    mix_into(buf, noise_burst(rng, 0.012, 0.0005, 0.003, (2500, 9000)), 0.0, 1.0)
    mix_into(buf, noise_burst(rng, 0.18, 0.002, 0.035, (400, 4000)), 0.001, 0.8)
    return buf


def swish(rng: random.Random, seconds: float, low: float, high: float) -> Samples:
    """Noise whose brightness rises then falls: a card sliding across the felt."""
    n = int(seconds * RATE)
    raw = [rng.uniform(-1, 1) for _ in range(n)]

    def cutoff(i: int) -> float:
        return low + (high - low) * math.sin(math.pi * i / n)

    sweep = lowpass(highpass(raw, 300), cutoff)
    return [x * math.sin(math.pi * i / n) ** 1.5 for i, x in enumerate(sweep)]


def make_shuffle(rng: random.Random) -> Samples:
    """A riffle shuffle: a fast run of tiny snaps that speeds up and ends in a squaring tap."""
    buf = silence(1.1)
    t = 0.05
    while t < 0.85:
        mix_into(buf, noise_burst(rng, 0.02, 0.0008, 0.004, (1500, 7000)), t, rng.uniform(0.5, 1.0))
        t += 0.03 - 0.018 * (t / 0.85) + rng.uniform(-0.004, 0.004)
    mix_into(buf, card_snap(rng), 0.92, 0.8)
    return buf


def make_deal(rng: random.Random) -> Samples:
    """A dealt card: a quick swish ending in a soft landing."""
    buf = silence(0.35)
    mix_into(buf, swish(rng, 0.16, 800, 5000), 0.0, 1.0)
    mix_into(buf, card_snap(rng), 0.13, 0.7)
    return buf


def make_card_play(rng: random.Random) -> Samples:
    """A card played to the trick: a firm snap."""
    buf = silence(0.25)
    mix_into(buf, card_snap(rng), 0.0)
    return buf


def make_trick_gathered(rng: random.Random) -> Samples:
    """Two cards swept together and squared: overlapping swishes then a tap."""
    buf = silence(0.55)
    mix_into(buf, swish(rng, 0.22, 500, 3500), 0.0)
    mix_into(buf, swish(rng, 0.2, 600, 4000), 0.1, 0.9)
    mix_into(buf, card_snap(rng), 0.3, 0.5)
    return buf


def make_draw(rng: random.Random) -> Samples:
    """A card slid off the stock: a longer, softer swish."""
    buf = silence(0.4)
    mix_into(buf, swish(rng, 0.32, 400, 3000), 0.0)
    return buf


def make_meld(_rng: random.Random) -> Samples:
    """A small rising brass figure for an ordinary declaration."""
    notes = [("C5", 0.0, 0.35), ("E5", 0.12, 0.35), ("G5", 0.24, 0.55)]
    return fanfare(notes, 0.8, brass)


def make_meld_big(_rng: random.Random) -> Samples:
    """A fuller fanfare with a closing chord and bell sparkle for melds of 250 and more."""
    notes = [
        ("C5", 0.0, 0.22),
        ("E5", 0.12, 0.22),
        ("G5", 0.24, 0.22),
        ("C6", 0.36, 0.9),
        ("G5", 0.36, 0.9),
        ("E5", 0.36, 0.9),
    ]
    buf = fanfare(notes, 1.35, brass)
    mix_into(buf, fanfare([("C7", 0.38, 0.8), ("G6", 0.5, 0.7)], 1.35, bell), 0.0, 0.5)
    return buf


def make_seven(_rng: random.Random) -> Samples:
    """The seven of trumps: two bright bell strikes."""
    return fanfare([("G6", 0.0, 0.6), ("C7", 0.14, 0.6)], 0.8, bell)


def make_click(rng: random.Random) -> Samples:
    """A short, dry button tick."""
    buf = silence(0.06)
    tick = [math.sin(2 * math.pi * 1800 * i / RATE) * math.exp(-i / (0.006 * RATE)) for i in range(2000)]
    mix_into(buf, tick, 0.0)
    mix_into(buf, noise_burst(rng, 0.01, 0.0003, 0.002, (2000, 8000)), 0.0, 0.4)
    return buf


def make_illegal(_rng: random.Random) -> Samples:
    """A gentle low two-note 'no', soft rather than a harsh buzzer."""
    return fanfare([("E4", 0.0, 0.22), ("C4", 0.15, 0.3)], 0.5, lambda f, d: brass(f, d, decay=0.15))


def make_deal_won(_rng: random.Random) -> Samples:
    """A cheerful rising bell arpeggio for winning a deal."""
    notes = [("C5", 0.0, 0.5), ("E5", 0.1, 0.5), ("G5", 0.2, 0.5), ("C6", 0.3, 0.7)]
    return fanfare(notes, 1.05, bell)


def make_game_won(rng: random.Random) -> Samples:
    """A triumphant brass call with a sustained major chord and bells."""
    notes = [
        ("G4", 0.0, 0.18),
        ("C5", 0.14, 0.18),
        ("E5", 0.28, 0.18),
        ("G5", 0.42, 0.3),
        ("E5", 0.62, 0.15),
        ("G5", 0.74, 0.7),
        ("C5", 0.74, 0.7),
        ("E5", 0.74, 0.7),
    ]
    buf = fanfare(notes, 1.45, lambda f, d: brass(f, d, decay=0.9))
    mix_into(buf, make_deal_won(rng), 0.72, 0.35)
    return buf


def make_game_lost(_rng: random.Random) -> Samples:
    """A slow falling minor phrase: sympathetic, not mocking."""
    notes = [("G4", 0.0, 0.4), ("Eb4", 0.32, 0.4), ("C4", 0.64, 0.75)]
    return fanfare(notes, 1.4, lambda f, d: brass(f, d, decay=0.5))


SOUNDS: dict[str, Callable[[random.Random], Samples]] = {
    "shuffle": make_shuffle,
    "deal": make_deal,
    "card_play": make_card_play,
    "trick_gathered": make_trick_gathered,
    "draw": make_draw,
    "meld": make_meld,
    "meld_big": make_meld_big,
    "seven": make_seven,
    "click": make_click,
    "illegal": make_illegal,
    "deal_won": make_deal_won,
    "game_won": make_game_won,
    "game_lost": make_game_lost,
}


def write_wav(path: Path, samples: Sequence[float]) -> None:
    """Write mono 16-bit PCM at RATE."""
    path.parent.mkdir(parents=True, exist_ok=True)
    frames = struct.pack(f"<{len(samples)}h", *(round(max(-1.0, min(1.0, s)) * 32767) for s in samples))
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(frames)


def write_sound(name: str, out_dir: Path = SOUNDS_DIR) -> Path:
    """Synthesise one effect into out_dir; each effect seeds its own RNG so files are independent."""
    rng = random.Random(f"bezique-{name}")
    path = out_dir / f"{name}.wav"
    write_wav(path, finish(SOUNDS[name](rng)))
    return path


def main() -> int:
    """Regenerate every sound effect."""
    for name in SOUNDS:
        write_sound(name)
    print(f"wrote {len(SOUNDS)} sounds to {SOUNDS_DIR}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
