"""The window's type: Source Sans Pro from its pinned package, kerned, never below a readable size, with button
labels that wrap before they shrink, and a missing font file named (issue 16, "Type")."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pygame
import pytest

from bezique.presenter.layout import Box
from bezique.type_scale import FONT_SCALE, MIN_TEXT_PX, text_px
from bezique.ui.card_art import CARD_ART
from bezique.ui.kit import assets as kit_assets
from bezique.ui.kit.assets import FONT_FILES, FONT_LICENCE, AssetError, Assets, font_file
from bezique.ui.kit.widgets import Button, blit_text, fit_line, label_lines

ROOT = Path(__file__).resolve().parents[2]
PIN = "font-source-sans-pro==0.0.1"


@pytest.fixture(scope="module")
def assets() -> Assets:
    pygame.display.init()
    pygame.font.init()
    return Assets(CARD_ART)


def _ink_gaps(surface: pygame.Surface) -> list[int]:
    """The runs of empty pixel columns between the first and the last inked column of rendered text."""
    w, h = surface.get_size()
    inked = [any(surface.get_at((x, y)).a > 60 for y in range(h)) for x in range(w)]
    first, last = inked.index(True), w - 1 - inked[::-1].index(True)
    gaps, run = [], 0
    for column in inked[first:last + 1]:
        if column:
            if run:
                gaps.append(run)
            run = 0
        else:
            run += 1
    return gaps


def test_both_weights_come_from_the_font_package_with_its_open_font_licence() -> None:
    for bold in FONT_FILES:
        path = font_file(bold)
        assert path.is_file() and path.parent.parent.name == kit_assets.FONT_PACKAGE
    licence = (font_file().parent / FONT_LICENCE).read_text(encoding="utf-8")
    assert "SIL Open Font License, Version 1.1" in licence


def test_the_font_package_is_pinned_for_pip_and_for_pip_install_dot() -> None:
    assert PIN in (ROOT / "requirements.txt").read_text().splitlines()
    assert f'"{PIN}"' in (ROOT / "pyproject.toml").read_text()


def test_text_is_kerned(assets: Assets) -> None:
    font = assets.font(40)
    for pair in ("To", "AV", "LT"):
        assert font.size(pair)[0] < font.size(pair[0])[0] + font.size(pair[1])[0], pair


@pytest.mark.parametrize("word", ["Vittorio", "Points", "salotto", "diritto", "Combinazioni"])
def test_a_space_stays_a_space_and_no_letter_opens_a_gap_at_the_smallest_size(assets: Assets, word: str) -> None:
    """The issue's "Vit torio" and "1trick": at the smallest size drawn, a word's letters sit closer than the
    space between two words."""
    font = assets.font(1)
    assert font.get_height() >= MIN_TEXT_PX
    space = max(_ink_gaps(font.render("1 trick", True, (255, 255, 255))))
    inside = max(_ink_gaps(font.render(word, True, (255, 255, 255))))
    assert space >= 3
    assert inside < space


def test_no_size_is_drawn_below_the_readable_minimum(assets: Assets) -> None:
    assert text_px(4) == MIN_TEXT_PX
    assert assets.font(4).get_height() == assets.font(MIN_TEXT_PX / FONT_SCALE).get_height()


def test_text_too_wide_shrinks_to_the_minimum_then_is_cut_with_an_ellipsis(assets: Assets) -> None:
    text = "Salta la dichiarazione quando non c'è nulla da dichiarare"
    line, size = fit_line(assets, text, 30, 120)
    assert text_px(size) == MIN_TEXT_PX and line.endswith("…") and text.startswith(line[:-1])
    assert assets.font(size).size(line)[0] <= 120
    surface = pygame.Surface((400, 60))
    rect = blit_text(surface, assets, text, 30, (0, 0), max_width=120)
    assert rect.width <= 120


def test_a_long_label_wraps_on_two_lines_at_its_size_before_it_shrinks(assets: Assets) -> None:
    size = 24 * 0.8
    label = "Registro dei punti"
    width = assets.font(size).size(label)[0] * 0.7
    lines, drawn = label_lines(assets, label, size, (width, 60))
    assert lines == ["Registro dei", "punti"] and drawn == size
    one, drawn_one = label_lines(assets, "Menu", size, (width, 60))
    assert one == ["Menu"] and drawn_one == size
    full = assets.font(size).size(label)[0]
    nearly, drawn_nearly = label_lines(assets, label, size, (full * 0.96, 60))  # a hair too wide: a pixel less
    assert nearly == [label] and size * 0.9 <= drawn_nearly < size


def test_a_button_draws_its_wrapped_label_inside_its_box(assets: Assets) -> None:
    surface = pygame.Surface((300, 120), pygame.SRCALPHA)
    button = Button(Box(20, 20, 90, 44), "Registro dei punti", "log")
    button.draw(surface, assets, 0.8)
    ink = pygame.mask.from_threshold(surface, (246, 238, 214), (30, 30, 30, 255)).get_bounding_rects()
    assert ink, "no label drawn"
    union = ink[0].unionall(ink[1:])
    assert pygame.Rect(button.box.ints()).contains(union)
    assert union.height > text_px(24 * 0.8)  # two lines tall


def test_a_missing_font_file_is_an_asset_error_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(kit_assets.FONT_FILES, False, "NoSuchFace-Regular.ttf")
    with pytest.raises(AssetError, match=re.escape("NoSuchFace-Regular.ttf")):
        Assets(CARD_ART)


def test_a_missing_font_package_is_an_asset_error_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kit_assets, "FONT_PACKAGE", "no_such_font_package")
    with pytest.raises(AssetError, match="no_such_font_package"):
        font_file()


def test_the_standalone_build_bundles_the_faces_and_their_licence() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    import build_app

    args = build_app.pyinstaller_args(Path("dist"), Path("work"))
    data = [args[i + 1] for i, arg in enumerate(args) if arg == "--add-data"]
    for name in (*FONT_FILES.values(), FONT_LICENCE):
        assert any(re.search(rf"{re.escape(name)}.font_source_sans_pro/files$", d) for d in data), name
    assert args[args.index("--hidden-import") + 1] == kit_assets.FONT_PACKAGE


def test_the_crash_screen_writes_in_the_window_face_and_still_speaks_when_the_font_is_what_failed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from bezique.ui.scenes import crash

    assert crash._font(20).size("Vittorio") == pygame.font.Font(str(font_file()), 20).size("Vittorio")
    monkeypatch.setitem(kit_assets.FONT_FILES, False, "NoSuchFace-Regular.ttf")
    stand_in = crash._font(20)
    assert stand_in.get_height() > 0
    crash.show_crash_screen("the game's file NoSuchFace-Regular.ttf is missing or unreadable")
    assert pygame.display.get_surface() is not None
