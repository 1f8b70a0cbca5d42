"""Images, fonts and sounds, loaded once and pre-scaled once per size (never per frame).

Card faces are cached per (card face, height, angle): the hand fan uses a few fixed angles and flights quantise
their angle, so the cache stays small. Text surfaces are cached by (text, size, colour, bold) in a bounded LRU.

Every image and sound is a file the game ships, named by the game in an ``Art`` (``bezique.ui.card_art``): the kit
loads and caches them without knowing what a card or a suit is. One that is missing or unreadable raises
``AssetError`` naming it, never a blank stand-in, so a broken installation says what is broken.

The type is Source Sans Pro (SIL Open Font License; the licence sits beside the files), from the pinned
``font-source-sans-pro`` package, found with ``importlib.resources`` whether run from a checkout, a wheel or the
standalone build. pygame's bundled font spaced badly after "t" and lost spaces at small sizes; SDL_ttf renders this
one with its kerning. A missing font file is an ``AssetError`` too: the window never falls back to another face.
"""

from __future__ import annotations

import contextlib
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import pygame

from bezique.type_scale import MIN_TEXT_PX, TEXT_SCALES, text_px
from bezique.ui.kit.safe_font import SafeFont

CARD_RADIUS = 0.06  # corner radius as a fraction of the card width

# The type: the package that carries it, its folder there, a face per weight (False: regular, True: bold).
FONT_PACKAGE = "font_source_sans_pro"
FONT_FOLDER = "files"
FONT_FILES = {False: "SourceSansPro-Regular.ttf", True: "SourceSansPro-Bold.ttf"}
FONT_LICENCE = "LICENSE.txt"

# A warm palette on green felt.
CREAM = (246, 238, 214)
GOLD = (232, 190, 92)
GOLD_DARK = (170, 126, 46)
INK = (38, 30, 22)
PANEL = (16, 46, 34)
PANEL_EDGE = (210, 170, 90)
SHADOW = (0, 0, 0)
RED = (196, 56, 48)
MUTED = (176, 196, 176)
GREEN_OK = (120, 200, 120)
BAR_BG = (10, 30, 22)
BAR_ME = (236, 188, 84)
BAR_OPP = (140, 176, 220)


@dataclass(frozen=True)
class Art:
    """Where a window's images and sounds are and what their files are called, as the game that ships them says.

    `cards` holds a folder per face set, the backs (``back_<name>.png``), the felts (``felt_<name>.png``), the trump
    marker and the icon; `sounds` the sound effects (``Sounds.NAMES``).
    """

    cards: Path
    sounds: Path
    face_sets: Mapping[str, str]  # a deck_colours setting -> its folder of `cards` (the first: the fallback)
    face_name: Callable[[int], str]  # a card's id -> the stem of its face file in a face set
    suit_names: tuple[str, ...]  # a suit's index -> the stem of its icon (``suit_<name>.png``, in a face set)
    faces: tuple[str, ...]  # the stem of every face of a set (what ``preload`` loads)
    backs: tuple[str, ...]
    felts: tuple[str, ...]


class AssetError(RuntimeError):
    """A file the game ships is missing or cannot be read; the message names it (the crash screen shows it)."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"the game's file {path} is missing or unreadable ({reason}); reinstall Bezique")
        self.path = path


def font_file(bold: bool = False) -> Path:
    """The font file for a weight, from its package.

    Raises:
        AssetError: the package is not installed or the file is missing (it names the file).
    """
    name = FONT_FILES[bold]
    try:
        folder = Path(str(resources.files(FONT_PACKAGE) / FONT_FOLDER))
    except ModuleNotFoundError as exc:
        raise AssetError(Path(FONT_PACKAGE) / FONT_FOLDER / name,
                         f"the package {FONT_PACKAGE} is not installed") from exc
    path = folder / name
    if not path.is_file():
        raise AssetError(path, "no such file")
    return path


class Assets:
    """All loaded `art` for one window (`deck_colours`, `back` and `table_colour` come from the settings): the faces
    and suit icons of the chosen face set, the chosen back, and the felt of the chosen colour."""

    def __init__(self, art: Art, deck_colours: str = "classic", back: str = "blue", table_colour: str = "green",
                 text_size: str = "normal") -> None:
        self.art = art
        self.deck_colours = deck_colours if deck_colours in art.face_sets else next(iter(art.face_sets))
        self._deck_dir = art.cards / art.face_sets[self.deck_colours]
        self._raw: dict[str, pygame.Surface] = {}
        self._back_name = f"back_{back}.png"  # the names config.py allows; each has its file (tested)
        self.table_colour = table_colour
        self.text_scale = TEXT_SCALES.get(text_size, 1.0)
        self._scaled: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._text: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._font_files = {bold: font_file(bold) for bold in FONT_FILES}  # checked now: a missing one is named
        self._felts: OrderedDict[tuple[str, tuple[int, int]], pygame.Surface] = OrderedDict()

    # --- raw images -----------------------------------------------------------------------------------------
    def _load(self, name: str, folder: Path | None = None) -> pygame.Surface:
        path = (folder or self.art.cards) / name
        key = str(path)
        surf = self._raw.get(key)
        if surf is None:
            try:
                surf = pygame.image.load(key)
            except (pygame.error, OSError) as exc:
                raise AssetError(path, str(exc) or type(exc).__name__) from exc
            surf = surf.convert_alpha() if pygame.display.get_surface() is not None else surf
            self._raw[key] = surf
        return surf

    def preload(self) -> int:
        """Load every image this window can draw (the faces and suit icons of its set, every back and felt the
        settings offer, the marker and icon) and open both weights of the font; return how many images. Raises
        ``AssetError`` on the first file missing. ``--first-frame-exit`` calls it to check an installation, the
        game itself loads lazily."""
        for bold in FONT_FILES:
            self.font(MIN_TEXT_PX, bold)
        art = self.art
        faces = [f"{face}.png" for face in art.faces] + [f"suit_{suit}.png" for suit in art.suit_names]
        shared = [*(f"back_{back}.png" for back in art.backs), *(f"felt_{colour}.png" for colour in art.felts),
                  "trump_marker.png", "icon.png"]
        for name in faces:
            self._load(name, self._deck_dir)
        for name in shared:
            self._load(name)
        return len(faces) + len(shared)

    def _cache(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = self._scaled.get(key)
        if surf is None:
            surf = make()
            self._scaled[key] = surf
            if len(self._scaled) > 900:
                self._scaled.popitem(last=False)
        else:
            self._scaled.move_to_end(key)
        return surf

    # --- cards ----------------------------------------------------------------------------------------------
    def card(self, card: int | None, height: int, angle: float = 0.0, dim: bool = False) -> pygame.Surface:
        """A card face (or the back when `card` is None) at `height` pixels, rotated by `angle` degrees."""
        name = self.art.face_name(card) if card is not None else "back"
        angle = round(angle / 2.0) * 2.0 % 360.0
        key = ("card", name, height, angle, dim)

        def make() -> pygame.Surface:
            if angle:
                return pygame.transform.rotozoom(self.card(card, height, 0.0, dim), angle, 1.0)
            src = self._load(name + ".png", self._deck_dir) if card is not None else self._load(self._back_name)
            width = max(2, round(height * 0.7))
            surf = pygame.transform.smoothscale(src, (width, max(2, height)))
            if dim:
                shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
                shade.fill((70, 70, 80, 255))
                surf = surf.copy()
                surf.blit(shade, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
                surf.fill((60, 60, 60, 0), special_flags=pygame.BLEND_RGBA_ADD)
            return surf

        return self._cache(key, make)

    def card_scaled_x(self, card: int | None, height: int, fraction: float) -> pygame.Surface:
        """A card squeezed horizontally (a flip in progress); fraction in (0, 1]."""
        fraction = max(0.04, round(fraction * 16) / 16)
        key = ("flip", card if card is None else self.art.face_name(card), height, fraction)

        def make() -> pygame.Surface:
            base = self.card(card, height)
            return pygame.transform.smoothscale(base, (max(1, round(base.get_width() * fraction)),
                                                       base.get_height()))

        return self._cache(key, make)

    def shadow(self, height: int, angle: float = 0.0, spread: float = 1.0) -> pygame.Surface:
        """A soft shadow for a card of `height` (blurred by scaling down and up)."""
        angle = round(angle / 2.0) * 2.0 % 360.0
        key = ("shadow", height, angle, round(spread, 1))

        def make() -> pygame.Surface:
            if angle:
                return pygame.transform.rotozoom(self.shadow(height, 0.0, spread), angle, 1.0)
            w, h = round(height * 0.7), height
            pad = max(4, round(height * 0.08 * spread))
            small = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
            pygame.draw.rect(small, (0, 0, 0, 120), (pad, pad, w, h), border_radius=round(w * CARD_RADIUS))
            tiny = pygame.transform.smoothscale(small, (max(1, small.get_width() // 6),
                                                        max(1, small.get_height() // 6)))
            return pygame.transform.smoothscale(tiny, small.get_size())

        return self._cache(key, make)

    def glow(self, height: int, colour: tuple[int, int, int]) -> pygame.Surface:
        """A soft coloured halo around a card (highlight for hints and meld hovering)."""
        key = ("glow", height, colour)

        def make() -> pygame.Surface:
            w, h = round(height * 0.7), height
            pad = max(6, round(height * 0.1))
            small = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
            pygame.draw.rect(small, (*colour, 230), (pad // 2, pad // 2, w + pad, h + pad),
                             border_radius=round(w * 0.1))
            tiny = pygame.transform.smoothscale(small, (max(1, small.get_width() // 4),
                                                        max(1, small.get_height() // 4)))
            return pygame.transform.smoothscale(tiny, small.get_size())

        return self._cache(key, make)

    def suit(self, suit: int, size: int) -> pygame.Surface:
        key = ("suit", suit, size)
        return self._cache(key, lambda: pygame.transform.smoothscale(
            self._load(f"suit_{self.art.suit_names[suit]}.png", self._deck_dir), (size, size)))

    def trump_marker(self, suit: int | None, size: int) -> pygame.Surface:
        key = ("trump", suit, size)

        def make() -> pygame.Surface:
            surf = pygame.transform.smoothscale(self._load("trump_marker.png"), (size, size)).copy()
            if suit is not None:
                icon = self.suit(suit, round(size * 0.5))
                surf.blit(icon, icon.get_rect(center=(size // 2, size // 2)))
            return surf

        return self._cache(key, make)

    def icon(self) -> pygame.Surface:
        return self._load("icon.png")

    @property
    def _felt_name(self) -> str:
        return f"felt_{self.table_colour}.png"

    def set_table_colour(self, colour: str) -> None:
        """Lay the felt of `colour` (one config.py allows) on every screen from the next frame."""
        self.table_colour = colour

    def felt(self, size: tuple[int, int]) -> pygame.Surface:
        """The tiled felt of the chosen colour with a soft vignette, rendered once per size (the window's, and the
        Settings preview's) and colour."""
        key = (self.table_colour, size)
        surf = self._felts.get(key)
        if surf is not None:
            self._felts.move_to_end(key)
            return surf
        w, h = size
        surf = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
        tile = self._load(self._felt_name)
        for y in range(0, h, tile.get_height()):
            for x in range(0, w, tile.get_width()):
                surf.blit(tile, (x, y))
        surf.blit(pygame.transform.smoothscale(_vignette(), size), (0, 0))
        self._felts[key] = surf
        if len(self._felts) > 4:
            self._felts.popitem(last=False)
        return surf

    # --- text -----------------------------------------------------------------------------------------------
    def set_text_size(self, text_size: str) -> None:
        """Draw every text at the `text_size` setting's scale (``TEXT_SCALES``) from the next frame."""
        self.text_scale = TEXT_SCALES.get(text_size, 1.0)

    def px(self, size: float) -> int:
        """The pixel size this window draws a requested `size` at: ``text_px`` at the player's text size."""
        return text_px(size, self.text_scale)

    def font(self, size: float, bold: bool = False) -> pygame.font.Font:
        """The window's face at requested `size` (see ``px``), regular or bold, opened once per pixel size: a
        ``SafeFont``, which measures and draws any text whatever without failing.

        Raises:
            AssetError: the font file cannot be opened.
        """
        px = self.px(size)
        font = self._fonts.get((px, bold))
        if font is None:
            path = self._font_files[bold]
            try:
                font = SafeFont(str(path), px)
            except (pygame.error, OSError) as exc:
                raise AssetError(path, str(exc) or type(exc).__name__) from exc
            self._fonts[(px, bold)] = font
        return font

    def text(self, text: str, size: float, colour: tuple[int, int, int] = CREAM, bold: bool = False,
             shadow: bool = False) -> pygame.Surface:
        key = (text, self.px(size), colour, bold, shadow)
        surf = self._text.get(key)
        if surf is not None:
            self._text.move_to_end(key)
            return surf
        font = self.font(size, bold)
        main = font.render(text, True, colour)
        if shadow:
            out = pygame.Surface((main.get_width() + 2, main.get_height() + 2), pygame.SRCALPHA)
            back = font.render(text, True, (0, 0, 0))
            back.set_alpha(150)
            out.blit(back, (2, 2))
            out.blit(main, (0, 0))
            main = out
        self._text[key] = main
        if len(self._text) > 500:
            self._text.popitem(last=False)
        return main


def _vignette() -> pygame.Surface:
    """A radial darkening towards the edges, drawn small (the felt scales it up to its size)."""
    vw, vh = 64, 36
    vig = pygame.Surface((vw, vh), pygame.SRCALPHA)
    for y in range(vh):
        for x in range(vw):
            dx, dy = (x - vw / 2 + 0.5) / (vw / 2), (y - vh / 2 + 0.5) / (vh / 2)
            d = min(1.0, (dx * dx + dy * dy) ** 0.5 / 1.25)
            vig.set_at((x, y), (0, 0, 0, int(150 * d ** 2.2)))
    return vig


class Sounds:
    """The sound effects (the files of `folder`); silent when the machine has no audio (``unavailable`` says why)
    or the player muted them.

    A missing or unreadable sound file raises ``AssetError``: a machine without audio is the player's business, a
    broken installation is not."""

    NAMES = ("shuffle", "deal", "card_play", "trick_gathered", "draw", "meld", "meld_big", "seven", "click",
             "illegal", "deal_won", "game_won", "game_lost")

    def __init__(self, folder: Path, volume: float = 0.8, mute: bool = False) -> None:
        self.volume = max(0.0, min(1.0, volume))
        self.mute = mute
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.played: list[str] = []  # what was asked for, for tests
        self.unavailable: str | None = None
        paths = {name: folder / f"{name}.wav" for name in self.NAMES}
        for path in paths.values():
            if not path.is_file():
                raise AssetError(path, "no such file")
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
        except pygame.error as exc:
            self.unavailable = f"no audio device: {exc}"
            return
        for name, path in paths.items():
            try:
                sound = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError) as exc:
                raise AssetError(path, str(exc) or type(exc).__name__) from exc
            sound.set_volume(self.volume)
            self._sounds[name] = sound

    @property
    def loaded(self) -> int:
        """How many sound effects are ready to play (all of ``NAMES``, or none without audio)."""
        return len(self._sounds)

    def play(self, name: str) -> None:
        self.played.append(name)
        if len(self.played) > 200:
            del self.played[:100]
        if self.mute:
            return
        sound = self._sounds.get(name)
        if sound is not None:
            with contextlib.suppress(pygame.error):
                sound.play()
