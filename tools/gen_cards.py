"""Generate every card image of the game: the three 32-card face sets, the backs and felts of every colour the
settings offer, and the extras.

Run as ``python tools/gen_cards.py``. Everything is drawn with pygame primitives at SS-times
resolution and smoothscaled down, which gives anti-aliased edges without any third-party art or
font files (rank letters use pygame's built-in default font; suits are our own vector shapes).
Output is deterministic so the committed PNGs can be checked against a fresh run.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import functools
import math
import sys
from dataclasses import dataclass
from pathlib import Path

import pygame
from artlib_court import GOLD, GOLD_DARK, CourtColors, draw_half_court
from artlib_shapes import SUITS, Color, downsample, draw_suit, ellipse_points, shade
from artlib_textures import BACK_COLOURS, FELT_COLOURS, draw_back, make_felt

ROOT = Path(__file__).resolve().parent.parent
CARDS_DIR = ROOT / "assets" / "cards"
CONTACT_SHEET = ROOT / "docs" / "contact-sheet.png"

W, H = 350, 500
SS = 3
RADIUS = 22
RANKS = "ATKQJ987"
RANK_LABEL = {"T": "10"}
CREAM = (251, 248, 239)
BORDER = (188, 182, 170)

RED = (196, 20, 44)
BLACK = (24, 24, 30)
BLUE = (24, 84, 180)
GREEN = (22, 126, 62)
ROYAL = (38, 70, 150)
PURPLE = (104, 50, 128)
# The colour-blind deck: Okabe & Ito's palette (https://jfly.uni-koeln.de/color/) - vermillion #D55E00 and bluish
# green #009E73 - with their blue #0072B2 taken deeper (#003CBE): with tritanopia #0072B2 and #009E73 both turn teal
# and differ by only 16 CIELAB units; the deeper blue keeps them 35 apart (tests/assets check every dichromacy).
VERMILLION = (213, 94, 0)
DEEP_BLUE = (0, 60, 190)
BLUISH_GREEN = (0, 158, 115)
SKY_BLUE = (86, 180, 233)
SILVER = (136, 136, 144)


@dataclass(frozen=True)
class Deck:
    """A colour scheme: pip colour per suit and the accent used in each suit's court robes."""

    name: str
    ink: dict[str, Color]
    accent: dict[str, Color]


CLASSIC = Deck(
    "classic", {"S": BLACK, "H": RED, "D": RED, "C": BLACK}, {"S": RED, "H": ROYAL, "D": GREEN, "C": PURPLE}
)
FOUR_COLOUR = Deck(
    "fourcolour", {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}, {"S": RED, "H": ROYAL, "D": RED, "C": PURPLE}
)
# Every suit its own Okabe-Ito colour, and court accents from the suit's own colour family (never another suit's
# colour), so that the four suits stay apart with deuteranopia, protanopia and tritanopia (see simulate_cvd).
COLOUR_BLIND = Deck(
    "colourblind",
    {"S": BLACK, "H": VERMILLION, "D": DEEP_BLUE, "C": BLUISH_GREEN},
    {"S": SILVER, "H": shade(VERMILLION, 0.62), "D": SKY_BLUE, "C": shade(BLUISH_GREEN, 0.6)},
)
DECKS = (CLASSIC, FOUR_COLOUR, COLOUR_BLIND)

# Machado, Oliveira & Fernandes (2009) matrices at full severity, applied to linear RGB: how a colour looks with
# each kind of dichromacy. Used on the contact sheet and by the asset tests to check the colour-blind deck.
CVD_MATRICES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}

# Pip centres (1x pixels) for the number cards, following the French-suited layouts.
COL_L, COL_M, COL_R = 108, 175, 242
ROWS4 = (92, 197, 303, 408)
ROWS3 = (92, 250, 408)
PIP_LAYOUTS: dict[str, list[tuple[int, int]]] = {
    "7": [(c, r) for c in (COL_L, COL_R) for r in ROWS3] + [(COL_M, 171)],
    "8": [(c, r) for c in (COL_L, COL_R) for r in ROWS3] + [(COL_M, 171), (COL_M, 329)],
    "9": [(c, r) for c in (COL_L, COL_R) for r in ROWS4] + [(COL_M, 250)],
    "T": [(c, r) for c in (COL_L, COL_R) for r in ROWS4] + [(COL_M, 144), (COL_M, 356)],
}
PIP_SIZE = 66


@functools.lru_cache(maxsize=4)
def _font(size: int) -> pygame.font.Font:
    """pygame's built-in default font, cached because opening it is comparatively slow."""
    return pygame.font.Font(None, size)


def _rank_glyph(label: str, color: Color, cap_height: int, max_width: int) -> pygame.Surface:
    """Render rank text cropped to its ink, sized by cap height and condensed if too wide (the 10)."""
    text = _font(int(cap_height / 0.49)).render(label, True, color)
    text = text.subsurface(text.get_bounding_rect()).copy()
    scale = cap_height / text.get_height()
    width = min(max_width, round(text.get_width() * scale))
    return pygame.transform.smoothscale(text, (width, cap_height))


def _draw_index(surf: pygame.Surface, rank: str, suit: str, color: Color) -> None:
    """Corner index: a tall rank over a suit symbol, in the part of the card left visible in a fan."""
    corner = pygame.Surface((64 * SS, 116 * SS), pygame.SRCALPHA)
    glyph = _rank_glyph(RANK_LABEL.get(rank, rank), color, 58 * SS, 60 * SS)
    corner.blit(glyph, glyph.get_rect(midtop=(32 * SS, 2 * SS)))
    draw_suit(corner, suit, 32 * SS, 90 * SS, 42 * SS, color)
    surf.blit(corner, (8 * SS, 14 * SS))
    flipped = pygame.transform.rotate(corner, 180)
    surf.blit(flipped, flipped.get_rect(bottomright=((W - 8) * SS, (H - 14) * SS)))


def _blank_card() -> pygame.Surface:
    """A supersampled cream card with a thin grey border and transparent rounded corners."""
    surf = pygame.Surface((W * SS, H * SS), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, BORDER, rect, border_radius=RADIUS * SS)
    pygame.draw.rect(surf, CREAM, rect.inflate(-3 * SS, -3 * SS), border_radius=RADIUS * SS - int(1.5 * SS))
    return surf


def _draw_pips(surf: pygame.Surface, rank: str, suit: str, color: Color) -> None:
    """Number-card pips; those below the middle are turned upside down as on printed cards."""
    for x, y in PIP_LAYOUTS[rank]:
        draw_suit(surf, suit, x * SS, y * SS, PIP_SIZE * SS, color, upside_down=y > H // 2)


def _draw_ace(surf: pygame.Surface, suit: str, color: Color) -> None:
    """One large pip with a dark engraved rim, inside a gold laurel wreath."""
    cx, cy = W // 2 * SS, H // 2 * SS
    rx, ry = 120 * SS, 152 * SS
    pygame.draw.polygon(surf, GOLD_DARK, ellipse_points(cx, cy, rx, ry, 180), 2 * SS)
    leaf = ellipse_points(7 * SS, 0, 8 * SS, 3.2 * SS, 16)
    for i in range(44):
        t = 2 * math.pi * (i + 0.5) / 44
        x, y = cx + rx * math.cos(t), cy + ry * math.sin(t)
        tangent = math.atan2(ry * math.cos(t), -rx * math.sin(t))
        for side, tone in ((1, GOLD), (-1, GOLD_DARK)):
            a = tangent + side * 0.6
            ca, sa = math.cos(a), math.sin(a)
            pygame.draw.polygon(
                surf, tone, [(x + px * ca - py * sa, y + px * sa + py * ca) for px, py in leaf]
            )
    draw_suit(surf, suit, cx, cy, 196 * SS, shade(color, 0.5))
    draw_suit(surf, suit, cx, cy, 188 * SS, color)


def _panel_background(surf: pygame.Surface, panel: pygame.Rect, base: Color, motif: Color) -> None:
    """A pale tinted ground with a faint lozenge diaper, like the printed backgrounds of old courts."""
    pygame.draw.rect(surf, base, panel)
    step = 16 * SS
    for row, y in enumerate(range(panel.top + step // 2, panel.bottom, step)):
        for x in range(panel.left + (row % 2 + 1) * step // 2, panel.right, step):
            pygame.draw.polygon(
                surf, motif, [(x, y - 3 * SS), (x + 2 * SS, y), (x, y + 3 * SS), (x - 2 * SS, y)]
            )


def _draw_court(surf: pygame.Surface, rank: str, suit: str, deck: Deck) -> None:
    """A framed panel holding a double-headed figure: one half drawn, the other its 180-degree turn."""
    ink = deck.ink[suit]
    robe = shade(ink, 1.12) if ink == BLACK else ink
    colors = CourtColors(robe=robe, accent=deck.accent[suit], pip=ink)
    panel = pygame.Rect(75 * SS, 24 * SS, 200 * SS, 452 * SS)
    _panel_background(surf, panel, shade(deck.accent[suit], 1.9), shade(deck.accent[suit], 1.78))
    half = pygame.Surface((panel.width, panel.height // 2), pygame.SRCALPHA)
    draw_half_court(half, rank, suit, colors, SS)
    surf.blit(half, panel.topleft)
    surf.blit(pygame.transform.rotate(half, 180), (panel.left, panel.centery))
    pygame.draw.line(surf, GOLD_DARK, (panel.left, panel.centery), (panel.right - 1, panel.centery), 2 * SS)
    pygame.draw.rect(surf, ink, panel, 2 * SS)
    pygame.draw.rect(surf, GOLD, panel.inflate(-5 * SS, -5 * SS), SS)


def render_face(rank: str, suit: str, deck: Deck) -> pygame.Surface:
    """The finished 350x500 face of one card."""
    surf = _blank_card()
    color = deck.ink[suit]
    if rank == "A":
        _draw_ace(surf, suit, color)
    elif rank in "KQJ":
        _draw_court(surf, rank, suit, deck)
    else:
        _draw_pips(surf, rank, suit, color)
    _draw_index(surf, rank, suit, color)
    return downsample(surf, (W, H))


def render_back(colour: str) -> pygame.Surface:
    """The finished 350x500 back of one of the two packs."""
    surf = pygame.Surface((W * SS, H * SS), pygame.SRCALPHA)
    draw_back(surf, colour, SS, RADIUS * SS)
    return downsample(surf, (W, H))


def render_suit_icon(suit: str, color: Color, size: int = 64) -> pygame.Surface:
    """A stand-alone suit symbol on transparent, for trump display and score tables."""
    surf = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    draw_suit(surf, suit, size * SS / 2, size * SS / 2, size * SS * 0.9, color)
    return downsample(surf, (size, size))


def render_trump_marker(size: int = 96) -> pygame.Surface:
    """A gold rosette badge with a plain cream centre where the UI blits the trump suit icon."""
    k = SS
    surf = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    c = size * k / 2
    petals = 16
    outer = []
    for i in range(petals * 8):
        t = 2 * math.pi * i / (petals * 8)
        r = size * k * (0.44 + 0.04 * math.cos(petals * t))
        outer.append((c + r * math.cos(t), c + r * math.sin(t)))
    pygame.draw.polygon(surf, GOLD_DARK, outer)
    pygame.draw.circle(surf, GOLD, (c, c), size * k * 0.4)
    pygame.draw.circle(surf, GOLD_DARK, (c, c), size * k * 0.34, max(1, k))
    pygame.draw.circle(surf, CREAM, (c, c), size * k * 0.31)
    for i in range(24):
        t = 2 * math.pi * i / 24
        pygame.draw.circle(
            surf,
            (252, 236, 180),
            (c + size * k * 0.37 * math.cos(t), c + size * k * 0.37 * math.sin(t)),
            k * 1.3,
        )
    return downsample(surf, (size, size))


def render_app_icon(size: int = 256) -> pygame.Surface:
    """Two fanned cards (ace of spades over ace of hearts) on a rounded felt tile."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    surf.blit(make_felt(size), (0, 0))
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=size // 5)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(surf, GOLD_DARK, surf.get_rect().inflate(-6, -6), 3, border_radius=size // 5 - 3)
    for rank_suit, angle, dx in ((("A", "H"), 14, -30), (("A", "S"), -10, 28)):
        card = downsample(render_face(*rank_suit, CLASSIC), (126, 180))
        card = pygame.transform.rotozoom(card, angle, 1.0)
        surf.blit(card, card.get_rect(center=(size // 2 + dx, size // 2 + 6)))
    return surf


def _save(surf: pygame.Surface, path: Path) -> None:
    """Save a PNG, creating folders on the way."""
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(path))


def write_card(rank: str, suit: str, deck: Deck, cards_dir: Path = CARDS_DIR) -> Path:
    """Render and save one face as ``{deck}/{RANK}{SUIT}.png``; used by tests to check determinism."""
    path = cards_dir / deck.name / f"{rank}{suit}.png"
    _save(render_face(rank, suit, deck), path)
    return path


def write_all(cards_dir: Path = CARDS_DIR) -> None:
    """Write every face of every deck, every back and felt colour, trump marker, suit icons and the app icon."""
    for deck in DECKS:
        for suit in SUITS:
            for rank in RANKS:
                write_card(rank, suit, deck, cards_dir)
            _save(render_suit_icon(suit, deck.ink[suit]), cards_dir / deck.name / f"suit_{suit}.png")
    for suit in SUITS:
        _save(render_suit_icon(suit, CLASSIC.ink[suit]), cards_dir / f"suit_{suit}.png")
    for colour in BACK_COLOURS:
        _save(render_back(colour), cards_dir / f"back_{colour}.png")
    for colour in FELT_COLOURS:
        _save(make_felt(colour=colour), cards_dir / f"felt_{colour}.png")
    _save(render_trump_marker(), cards_dir / "trump_marker.png")
    _save(render_app_icon(), cards_dir / "icon.png")


def _tile(dest: pygame.Surface, tile: pygame.Surface) -> None:
    """Cover a surface with a repeating texture."""
    for y in range(0, dest.get_height(), tile.get_height()):
        for x in range(0, dest.get_width(), tile.get_width()):
            dest.blit(tile, (x, y))


def _linear(channel: int) -> float:
    """An sRGB channel (0-255) as linear light (0-1)."""
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _srgb(value: float) -> int:
    """Linear light (clamped to 0-1) back to an sRGB channel."""
    v = min(1.0, max(0.0, value))
    return round(255 * (v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))


def simulate_cvd(color: Color, kind: str) -> tuple[int, int, int]:
    """How `color` looks to someone with the dichromacy `kind` (a key of CVD_MATRICES)."""
    lin = [_linear(c) for c in color[:3]]
    return tuple(_srgb(sum(m * v for m, v in zip(row, lin, strict=True))) for row in CVD_MATRICES[kind])  # type: ignore[return-value]


def simulate_cvd_surface(surf: pygame.Surface, kind: str) -> pygame.Surface:
    """A copy of `surf` as seen with the dichromacy `kind` (alpha kept); slow, for small review images only."""
    raw = pygame.image.tobytes(surf, "RGBA")
    seen: dict[bytes, bytes] = {}
    out = bytearray(len(raw))
    for i in range(0, len(raw), 4):
        px = raw[i:i + 4]
        mapped = seen.get(px)
        if mapped is None:
            mapped = bytes(simulate_cvd(tuple(px[:3]), kind)) + px[3:]  # type: ignore[arg-type]
            seen[px] = mapped
        out[i:i + 4] = mapped
    return pygame.image.frombytes(bytes(out), surf.get_size(), "RGBA")


def cielab(color: Color) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour: Euclidean distance there (delta E 1976) approximates how different two
    colours look."""
    r, g, b = (_linear(c) for c in color[:3])
    xyz = (
        (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
        0.2126 * r + 0.7152 * g + 0.0722 * b,
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
    )
    fx, fy, fz = (t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116 for t in xyz)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def write_contact_sheet(cards_dir: Path = CARDS_DIR, out: Path = CONTACT_SHEET) -> None:
    """All faces of the three decks, the backs, extras, and fanned hands on felt, for visual review: each deck's
    hand as printed, then the colour-blind deck's and the four-colour deck's hands as dichromats see them."""
    cw, ch, gap = 140, 200, 12
    cols = len(RANKS)
    rows = len(DECKS) * len(SUITS) + 2
    hand_h = 120 + 26
    sheet = pygame.Surface((gap + cols * (cw + gap), gap + rows * (ch + gap) + 3 * (hand_h + gap) + gap))
    _tile(sheet, pygame.image.load(str(cards_dir / "felt_green.png")))
    for d, deck in enumerate(DECKS):
        for s, suit in enumerate(SUITS):
            for r, rank in enumerate(RANKS):
                img = pygame.image.load(str(cards_dir / deck.name / f"{rank}{suit}.png"))
                pos = (gap + r * (cw + gap), gap + (d * len(SUITS) + s) * (ch + gap))
                sheet.blit(pygame.transform.smoothscale(img, (cw, ch)), pos)
    y = gap + len(DECKS) * len(SUITS) * (ch + gap)
    backs = [f"back_{c}.png" for c in BACK_COLOURS]
    for i, name in enumerate(backs):
        img = pygame.image.load(str(cards_dir / name))
        sheet.blit(pygame.transform.smoothscale(img, (cw, ch)), (gap + i * (cw + gap), y))
    y += ch + gap
    for i, colour in enumerate(FELT_COLOURS):
        felt = pygame.image.load(str(cards_dir / f"felt_{colour}.png"))
        sheet.blit(pygame.transform.smoothscale(felt, (cw, cw)), (gap + i * (cw + gap), y))
    x = gap + len(FELT_COLOURS) * (cw + gap)
    for d, deck in enumerate(DECKS):
        for i, suit in enumerate(SUITS):
            sheet.blit(pygame.image.load(str(cards_dir / deck.name / f"suit_{suit}.png")), (x + i * 70, y + d * 68))
    sheet.blit(pygame.image.load(str(cards_dir / "trump_marker.png")), (x + 290, y))
    icon = pygame.image.load(str(cards_dir / "icon.png"))
    sheet.blit(pygame.transform.smoothscale(icon, (ch, ch)), (x + 400, y))
    y += ch + gap
    width = (sheet.get_width() - 4 * gap) // 3
    views: list[list[tuple[Deck, str | None]]] = [
        [(deck, None) for deck in DECKS],
        [(COLOUR_BLIND, kind) for kind in CVD_MATRICES],
        [(FOUR_COLOUR, kind) for kind in CVD_MATRICES],
    ]
    for row in views:
        for i, (deck, kind) in enumerate(row):
            hand = _fanned_hand(cards_dir, deck)
            if kind is not None:
                hand = simulate_cvd_surface(hand, kind)
            left = gap + i * (width + gap)
            label = f"{deck.name}" + (f" as seen with {kind}" if kind else "")
            sheet.blit(_font(22).render(label, True, CREAM), (left, y))
            sheet.blit(hand, (left, y + 22))
        y += hand_h + gap
    _save(sheet, out)


def _fanned_hand(cards_dir: Path, deck: Deck) -> pygame.Surface:
    """The in-game hand: cards 120 px tall overlapping so ~28% of each stays visible, on transparent."""
    hand = ["AS", "TS", "KH", "QS", "JD", "9C", "8H", "7D", "QC", "KC"]
    height = 120
    width = height * W // H
    step = round(width * 0.28)
    surf = pygame.Surface(((len(hand) - 1) * step + width, height), pygame.SRCALPHA)
    for i, code in enumerate(hand):
        img = pygame.image.load(str(cards_dir / deck.name / f"{code}.png"))
        surf.blit(pygame.transform.smoothscale(img, (width, height)), (i * step, 0))
    return surf


def main() -> int:
    """Regenerate all card assets and the review contact sheet."""
    pygame.init()
    write_all()
    write_contact_sheet()
    print(f"wrote card assets to {CARDS_DIR} and {CONTACT_SHEET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
