"""Checks on the generated art and sound assets: presence, formats, sizes, and reproducibility."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import itertools
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
DECKS = ("classic", "fourcolour", "colourblind")
FACES = [f"{deck}/{rank}{suit}.png" for deck in DECKS for suit in SUITS for rank in RANKS]
BACKS = [f"back_{colour}.png" for colour in ("blue", "red", "green", "purple", "black")]
FELTS = [f"felt_{colour}.png" for colour in ("green", "blue", "red", "grey")]
CARD_IMAGES = [*FACES, *BACKS]
SUIT_ICONS = [f"suit_{s}.png" for s in SUITS] + [f"{deck}/suit_{s}.png" for deck in DECKS for s in SUITS]
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
    extras = [*FELTS, "trump_marker.png", "icon.png"]
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


@pytest.mark.parametrize("rel", FELTS)
def test_felt_tiles_seamlessly(rel: str) -> None:
    """Opposite edges of the felt must match closely, or the table shows a grid of seams."""
    felt = _load(rel)
    w, h = felt.get_size()
    diffs = [sum(abs(a - b) for a, b in zip(felt.get_at((x, 0))[:3], felt.get_at((x, h - 1))[:3], strict=True))
             for x in range(w)]
    diffs += [sum(abs(a - b) for a, b in zip(felt.get_at((0, y))[:3], felt.get_at((w - 1, y))[:3], strict=True))
              for y in range(h)]
    assert sum(diffs) / len(diffs) < 24


def test_every_back_and_table_colour_the_settings_allow_has_its_image() -> None:
    """config.py's choices, the generator's colours and the committed files are the same set."""
    from artlib_textures import BACK_COLOURS, FELT_COLOURS

    from bezique.config import APP_CHECKS

    def allowed(key: str) -> set[str]:
        with pytest.raises(ValueError) as refused:
            APP_CHECKS[key](object())
        return set(str(refused.value).split("use one of ")[1].split(", "))

    assert allowed("card_back") == set(BACK_COLOURS) == {rel[5:-4] for rel in BACKS}
    assert allowed("table_colour") == set(FELT_COLOURS) == {rel[5:-4] for rel in FELTS}
    assert all((CARDS / rel).is_file() for rel in (*BACKS, *FELTS))


def test_four_colour_face_set_uses_four_colours() -> None:
    """The pip at the top-left of each 10 should be black, red, blue, green for S, H, D, C."""
    colours = {}
    for suit in SUITS:
        img = _load(f"fourcolour/T{suit}.png")
        colours[suit] = img.get_at((108, 92))[:3]
    assert max(colours["S"]) < 60
    assert colours["H"][0] > 150 > colours["H"][2]
    assert colours["D"][2] > 150 > colours["D"][0]
    assert colours["C"][1] > 100 > colours["C"][0]


def _pip_colours(deck: str) -> dict[str, tuple[int, int, int]]:
    """The colour at the centre of the top-left pip of each suit's 10 in a committed face set."""
    return {suit: tuple(_load(f"{deck}/T{suit}.png").get_at((108, 92))[:3]) for suit in SUITS}


def _closest_pair(colours: dict[str, tuple[int, int, int]], kind: str | None) -> float:
    """The smallest CIELAB distance between two suits' colours, as seen with dichromacy `kind` (None: normal)."""
    seen = {s: gen_cards.cielab(gen_cards.simulate_cvd(c, kind) if kind else c) for s, c in colours.items()}
    return min(math.dist(seen[a], seen[b]) for a, b in itertools.combinations(SUITS, 2))


def test_colour_blind_deck_uses_the_okabe_ito_colours() -> None:
    """Black spades, vermillion hearts, blue diamonds, bluish-green clubs: the pips, the corner index and the court
    robes of each suit."""
    expected = {"S": (24, 24, 30), "H": (0xD5, 0x5E, 0x00), "D": (0x00, 0x3C, 0xBE), "C": (0x00, 0x9E, 0x73)}
    assert {s: gen_cards.COLOUR_BLIND.ink[s] for s in SUITS} == expected
    pips = _pip_colours("colourblind")
    for suit in SUITS:  # (smoothscaling the supersampled art darkens flat colours by a step or two)
        assert math.dist(pips[suit], expected[suit]) < 6, (suit, pips[suit])
        icon = _load(f"colourblind/suit_{suit}.png").get_at((32, 32))[:3]
        assert math.dist(icon, expected[suit]) < 6, (suit, icon)
        robe = _load(f"colourblind/K{suit}.png").get_at((110, 200))[:3]  # the King's robe, left of the placket
        robe_colour = (51, 51, 57) if suit == "S" else expected[suit]  # black robes lifted so the contours show
        assert math.dist(robe, robe_colour) < 12, (suit, robe)


@pytest.mark.parametrize("kind", [None, *gen_cards.CVD_MATRICES])
def test_colour_blind_deck_suits_stay_apart_for_every_dichromacy(kind: str | None) -> None:
    """Simulated with Machado et al.'s matrices, the four suit colours stay far apart (delta E >= 30), where the
    four-colour deck's red hearts and green clubs, and its blue and green, come within ~20 of each other."""
    assert _closest_pair(_pip_colours("colourblind"), kind) >= 30
    if kind is not None:
        assert _closest_pair(_pip_colours("fourcolour"), kind) < 25


def test_cvd_simulation_keeps_grey_and_confuses_red_with_green() -> None:
    for kind in gen_cards.CVD_MATRICES:
        for grey in ((0, 0, 0), (128, 128, 128), (255, 255, 255)):
            assert math.dist(gen_cards.simulate_cvd(grey, kind), grey) <= 2
    red, green = gen_cards.simulate_cvd((196, 20, 44), "deuteranopia"), gen_cards.simulate_cvd((22, 126, 62),
                                                                                              "deuteranopia")
    assert math.dist(gen_cards.cielab(red), gen_cards.cielab(green)) < 25


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


@pytest.mark.parametrize("deck", [gen_cards.CLASSIC, gen_cards.COLOUR_BLIND], ids=lambda d: d.name)
def test_card_generation_is_reproducible(tmp_path: Path, deck: gen_cards.Deck) -> None:
    """A fresh render must match the committed file byte for byte (catches unseeded randomness)."""
    path = gen_cards.write_card("K", "H", deck, tmp_path)
    assert path.read_bytes() == (CARDS / deck.name / "KH.png").read_bytes()


def test_sound_generation_is_reproducible(tmp_path: Path) -> None:
    path = gen_sounds.write_sound("shuffle", tmp_path)
    assert path.read_bytes() == (SOUNDS / "shuffle.wav").read_bytes()


def test_the_art_the_window_is_given_names_files_that_exist_for_every_setting() -> None:
    """``ui.card_art.CARD_ART`` (what the game-free kit is told to load) has a face set for each deck_colours value
    config.py allows, each holding every face its card ids are named by and every suit icon."""
    from bezique.config import APP_CHECKS
    from bezique.rules import SUITS as RULE_SUITS
    from bezique.rules import face_code
    from bezique.ui.card_art import CARD_ART
    from bezique.ui.kit.assets import Sounds

    with pytest.raises(ValueError) as refused:
        APP_CHECKS["deck_colours"](object())
    assert set(str(refused.value).split("use one of ")[1].split(", ")) == set(CARD_ART.face_sets)
    assert set(CARD_ART.face_sets.values()) == set(DECKS) and CARD_ART.cards == CARDS
    faces = {face_code(card) for card in range(32)}
    assert faces == set(CARD_ART.faces) and len(faces) == 32
    assert len(CARD_ART.suit_names) == len(RULE_SUITS)
    for folder in CARD_ART.face_sets.values():
        assert all((CARDS / folder / f"{face}.png").is_file() for face in CARD_ART.faces)
        assert all((CARDS / folder / f"suit_{suit}.png").is_file() for suit in CARD_ART.suit_names)
    assert all((CARD_ART.sounds / f"{name}.wav").is_file() for name in Sounds.NAMES)
