"""No text whatever can crash the window's drawing: every code point category (NUL, ESC and the other controls, lone
surrogates, bidi overrides, zero-width characters, combining marks by the dozen, astral symbols, private use,
unassigned, noncharacters) is fed to the kit's measuring, fitting, wrapping and drawing, to the chat panel as a
name and a line, and to the crash screen's font; and no module draws text but through the kit's ``SafeFont``."""

from __future__ import annotations

import re
import sys
import unicodedata
from collections import defaultdict
from pathlib import Path

import pygame
import pytest

from bezique.geometry import Box
from bezique.i18n import t
from bezique.ui.kit.chat import ChatPanel
from bezique.ui.kit.chat_layout import chat_size
from bezique.ui.kit.safe_font import MAX_DRAWN, SafeFont, drawable
from bezique.ui.kit.widgets import blit_text, draw_fitted, fit_text, wrap
from bezique.ui.scenes.crash import _font

ROOT = Path(__file__).resolve().parents[2]
SPECIAL = "\x00\x1b[31m\n\r\t\x7f\x85\u200b\u200c\u200d\u200e\u200f\u202a\u202e\u2066\u2069\ufeff\u2028\u2029" \
          "\ud800\udfff\ufffd\uffff\U0010ffff\U000e0001\u0301\u0489\U0001f600\U0001f468\u200d\U0001f469"


def samples_by_category(per_category: int = 4) -> dict[str, list[str]]:
    """A few code points of every general category Unicode has, spread over the whole range."""
    found: dict[str, list[str]] = defaultdict(list)
    for point in range(sys.maxunicode + 1):
        ch = chr(point)
        category = unicodedata.category(ch)
        if len(found[category]) < per_category:
            found[category].append(ch)
    for ch in SPECIAL:
        found[unicodedata.category(ch)].append(ch)
    return found


CATEGORIES = samples_by_category()


def hostile_texts() -> list[str]:
    texts = [SPECIAL, "\u202eevil\u202c", "a" + "\u0301" * 200, "\u200b" * 50, "\x00", "\ud800", "x" * 5000,
             "ok\nAlice: I resign", "\x1b]0;title\x07"]
    for chars in CATEGORIES.values():
        texts += ["".join(chars), f"a{chars[0]}b", chars[0], chars[0] * 40]
    return texts


@pytest.fixture(scope="module")
def assets(window_assets):
    return window_assets


def test_every_category_is_sampled() -> None:
    assert {"Cc", "Cf", "Cs", "Co", "Cn", "Mn", "Me", "Zl", "Zp", "Zs", "So", "Lo"} <= set(CATEGORIES)
    assert len(CATEGORIES) == 30  # every general category Unicode defines


@pytest.mark.parametrize("size", [11, 44])
def test_the_kit_measures_fits_wraps_and_draws_any_text(assets, size: int) -> None:
    surface = pygame.Surface((800, 600))
    for text in hostile_texts():
        font = assets.font(size)
        assert isinstance(font, SafeFont)
        assert font.size(text)[1] > 0
        assert assets.text(text, size).get_height() > 0
        assert assets.text(text, size, bold=True, shadow=True).get_height() > 0
        fit_text(assets, text, size, 200, 80)
        wrap(assets, text, size, 300)
        blit_text(surface, assets, text, size, (10, 10), max_width=300)
        draw_fitted(surface, assets, text, size, Box(10, 100, 300, 120))


def test_the_chat_panel_shows_any_name_and_line(assets) -> None:
    chat = ChatPanel(lambda _line: None, lambda key: t(key, "en"), 300)
    s = 1.0
    w, h = chat_size(s)
    chat.layout(Box(16, 720 - h - 16, w, h), s)
    surface = pygame.Surface((1280, 720))
    for text in hostile_texts():
        chat.add(text[:40], text[:300], mine=False)
        chat.draw(surface, assets)
    chat.open()
    chat.draw(surface, assets)


def test_the_crash_screen_font_takes_any_text() -> None:
    pygame.font.init()
    font = _font(18)
    for text in hostile_texts():
        assert font.render(text, True, (255, 255, 255)).get_height() > 0


def test_drawable_keeps_what_shows_and_leaves_out_what_fails() -> None:
    assert drawable("Ann & Bob: 100 points") == "Ann & Bob: 100 points"
    assert drawable("café ça 😀 日本") == "café ça 😀 日本"
    assert drawable("a\x00b\x1bc\u202ed\u200be") == "abcde"
    assert drawable("a\ud800b") == "a?b"
    assert drawable("two\nlines") == "two lines"
    assert len(drawable("x" * 5000)) == MAX_DRAWN


def test_no_module_opens_a_font_or_renders_text_but_through_safe_font() -> None:
    """Every font the window draws with is a SafeFont: ``Assets.font`` and the crash screen open only those."""
    opened = re.compile(r"pygame\.font\.(Font|SysFont)\(|pygame\.freetype|ftfont")
    offenders = [str(path.relative_to(ROOT)) for path in (ROOT / "bezique").rglob("*.py")
                 if path.name != "safe_font.py" and opened.search(path.read_text(encoding="utf-8"))]
    assert offenders == []
