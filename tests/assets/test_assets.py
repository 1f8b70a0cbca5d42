"""Checks on the generated art and sound assets: presence, formats, sizes, and reproducibility."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import math
import struct
import sys
import wave
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets"
CARDS = ASSETS / "cards"
SOUNDS = ASSETS / "sounds"
sys.path.insert(0, str(ROOT / "tools"))

import gen_cards  # noqa: E402
import gen_sounds  # noqa: E402

RANKS = "ATKQJ987"
SUITS = "SHDC"
DECKS = ("classic", "fourcolour")
FACES = [f"{deck}/{rank}{suit}.png" for deck in DECKS for suit in SUITS for rank in RANKS]
CARD_IMAGES = [*FACES, "back_blue.png", "back_red.png"]
SUIT_ICONS = [f"suit_{s}.png" for s in SUITS] + [f"fourcolour/suit_{s}.png" for s in SUITS]
SOUND_NAMES = [
    "shuffle",
    "deal",
    "card_play",
    "trick_gathered",
    "draw",
    "meld",
    "meld_big",
    "seven",
    "click",
    "illegal",
    "deal_won",
    "game_won",
    "game_lost",
]
MAX_ASSET_BYTES = 8 * 1024 * 1024


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    """Font rendering in the regeneration test needs pygame initialised."""
    pygame.init()


def _load(rel: str) -> pygame.Surface:
    return pygame.image.load(str(CARDS / rel))


def _read_wav(path: Path) -> tuple[wave._wave_params, list[int]]:
    with wave.open(str(path), "rb") as wav:
        params = wav.getparams()
        frames = wav.readframes(params.nframes)
    return params, list(struct.unpack(f"<{params.nframes}h", frames))


def test_all_card_files_exist() -> None:
    extras = ["felt.png", "trump_marker.png", "icon.png"]
    missing = [p for p in [*CARD_IMAGES, *SUIT_ICONS, *extras] if not (CARDS / p).is_file()]
    assert not missing


@pytest.mark.parametrize("rel", CARD_IMAGES)
def test_card_shape_and_alpha(rel: str) -> None:
    img = _load(rel)
    assert img.get_size() == (350, 500)
    assert img.get_flags() & pygame.SRCALPHA, "cards need per-pixel alpha for the rounded corners"
    for corner in ((0, 0), (349, 0), (0, 499), (349, 499)):
        assert img.get_at(corner).a == 0
    assert img.get_at((175, 250)).a == 255
    assert img.get_at((175, 3)).a == 255, "edges between the corners should be opaque"


@pytest.mark.parametrize("rel", SUIT_ICONS)
def test_suit_icons(rel: str) -> None:
    img = _load(rel)
    assert img.get_size() == (64, 64)
    assert img.get_at((0, 0)).a == 0
    assert img.get_at((32, 32)).a == 255


def test_app_icon_and_marker() -> None:
    icon = _load("icon.png")
    assert icon.get_size() == (256, 256)
    assert icon.get_at((0, 0)).a == 0
    marker = _load("trump_marker.png")
    assert marker.get_at((0, 0)).a == 0
    assert marker.get_at((marker.get_width() // 2, marker.get_height() // 2)).a == 255


def test_felt_tiles_seamlessly() -> None:
    """Opposite edges of the felt must match closely, or the table shows a grid of seams."""
    felt = _load("felt.png")
    w, h = felt.get_size()
    diffs = [abs(felt.get_at((x, 0)).g - felt.get_at((x, h - 1)).g) for x in range(w)]
    diffs += [abs(felt.get_at((0, y)).g - felt.get_at((w - 1, y)).g) for y in range(h)]
    assert sum(diffs) / len(diffs) < 12


def test_four_colour_deck_uses_four_colours() -> None:
    """The pip at the top-left of each 10 should be black, red, blue, green for S, H, D, C."""
    colours = {}
    for suit in SUITS:
        img = _load(f"fourcolour/T{suit}.png")
        colours[suit] = img.get_at((108, 92))[:3]
    assert max(colours["S"]) < 60
    assert colours["H"][0] > 150 > colours["H"][2]
    assert colours["D"][2] > 150 > colours["D"][0]
    assert colours["C"][1] > 100 > colours["C"][0]


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sound_format(name: str) -> None:
    params, samples = _read_wav(SOUNDS / f"{name}.wav")
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 44100)
    assert params.nframes / params.framerate < 1.5
    assert abs(samples[0]) < 200 and abs(samples[-1]) < 200, "unfaded ends click on playback"
    peak_db = 20 * math.log10(max(abs(s) for s in samples) / 32768)
    assert -4.0 < peak_db < -2.0


def test_total_asset_size() -> None:
    total = sum(p.stat().st_size for p in ASSETS.rglob("*") if p.is_file())
    assert total < MAX_ASSET_BYTES


def test_card_generation_is_reproducible(tmp_path: Path) -> None:
    """A fresh render must match the committed file byte for byte (catches unseeded randomness)."""
    path = gen_cards.write_card("K", "H", gen_cards.CLASSIC, tmp_path)
    assert path.read_bytes() == (CARDS / "classic" / "KH.png").read_bytes()


def test_sound_generation_is_reproducible(tmp_path: Path) -> None:
    path = gen_sounds.write_sound("shuffle", tmp_path)
    assert path.read_bytes() == (SOUNDS / "shuffle.wav").read_bytes()
