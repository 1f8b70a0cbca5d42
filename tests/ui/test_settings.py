"""The Settings screen, driven with real pygame events: every card back and table colour, applied at once to the
preview, the menu and the table, and kept; no computer level (New game chooses it and remembers it), so Settings
never shows one other than the game's, nor offers Master (issue 16)."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from text_spy import drawn_texts
from ui_driver import DT, click, key, table_of

from bezique.ai import MENU_LEVELS
from bezique.config import CARD_BACKS, TABLE_COLOURS
from bezique.i18n import t
from bezique.persist.user_settings import SETTING_CHOICES, load_user_settings
from bezique.presenter.setup import GameSetup
from bezique.ui.kit.widgets import Button
from bezique.ui.scenes.settings import KEYS, SettingsScene
from bezique.ui.shell import Shell

pytestmark = pytest.mark.usefixtures("shell_data")  # conftest: a fresh data folder, English


@pytest.fixture(params=[(1024, 640), (1280, 720), (1920, 1080)], ids=lambda size: f"{size[0]}x{size[1]}")
def size(request: pytest.FixtureRequest) -> tuple[int, int]:
    return request.param


def open_settings(size: tuple[int, int] = (1280, 720), lang: str = "en") -> tuple[Shell, SettingsScene]:
    shell = Shell.create(size=size, fullscreen=False)
    shell.settings = dataclasses.replace(shell.settings, animation_speed="instant", computer_pace="fast")
    shell.open_menu()
    shell.open_settings()
    shell.app.tick(DT)
    scene = shell.app.stack.top
    assert isinstance(scene, SettingsScene)
    scene.set("language", lang)
    return shell, scene


def value_button(scene: SettingsScene, name: str) -> Button:
    """The value of row `name`, scrolled into view first with the keyboard (the list scrolls when its rows do not
    fit at the text size)."""
    while scene.row != KEYS.index(name):
        key(scene.app, pygame.K_DOWN)
    return next(b for b in scene.controls() if b.action == f"next={KEYS.index(name)}" and b.label != ">")


def press_next(shell: Shell, scene: SettingsScene, name: str) -> None:
    """A click on the value of row `name` (the next choice)."""
    button = value_button(scene, name)
    click(shell.app, (button.box.cx, button.box.cy))


def felt_colour(shell: Shell) -> tuple[int, ...]:
    return tuple(pygame.transform.average_color(shell.app.assets.felt((64, 64)).subsurface((16, 16, 32, 32))))[:3]


def test_every_card_back_and_table_colour_is_offered_labelled_and_applied_at_once() -> None:
    shell, scene = open_settings()
    assert SETTING_CHOICES["card_back"] == CARD_BACKS and len(CARD_BACKS) >= 5
    assert SETTING_CHOICES["table_colour"] == TABLE_COLOURS and len(TABLE_COLOURS) >= 4
    backs, felts, labels = [], [], set()
    for _ in CARD_BACKS:
        press_next(shell, scene, "card_back")
        backs.append(shell.settings.card_back)
        labels.add(value_button(scene, "card_back").label)
        assert shell.app.assets._back_name == f"back_{shell.settings.card_back}.png"
    for _ in TABLE_COLOURS:
        press_next(shell, scene, "table_colour")
        felts.append((shell.settings.table_colour, felt_colour(shell)))
        assert shell.app.assets.table_colour == shell.settings.table_colour
        labels.add(value_button(scene, "table_colour").label)
    assert set(backs) == set(CARD_BACKS) and {name for name, _ in felts} == set(TABLE_COLOURS)
    assert len({colour for _, colour in felts}) == len(TABLE_COLOURS)  # each felt is its own colour
    assert len(labels) == len(CARD_BACKS) + len(TABLE_COLOURS)
    saved = load_user_settings(shell.config)
    assert (saved.app.card_back, saved.app.table_colour) == (shell.settings.card_back, shell.settings.table_colour)


def test_the_deck_change_keeps_the_table_colour() -> None:
    shell, scene = open_settings()
    scene.set("table_colour", "blue")
    scene.set("deck_colours", "four_colour")  # new card images: the felt stays blue
    assert shell.app.assets.table_colour == "blue" and shell.app.assets.deck_colours == "four_colour"


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_preview_shows_the_chosen_look_inside_the_panel_beside_the_rows(size: tuple[int, int],
                                                                             lang: str) -> None:
    shell, scene = open_settings(size, lang)
    scene.set("table_colour", "red")
    scene.set("card_back", "purple")
    drawn = drawn_texts(shell.app)
    preview = scene.preview_box()
    _, panel, _ = scene._box()
    assert panel.x < preview.x and preview.right <= panel.right and preview.bottom < panel.bottom
    for button in scene.controls():
        assert button.box.right <= preview.x or button.box.y >= preview.bottom, button.label
    names = [t("option.table_colour.red", lang), t("option.card_back.purple", lang)]
    assert t("settings.preview", lang) in drawn
    assert all(any(name in text for text in drawn) for name in names)
    # the preview's well is the red felt, seen in the window
    well = pygame.Rect(preview.ints()).inflate(-8, -8)
    corner = shell.app.screen.subsurface((well.x + 2, well.y + 2, 10, 10))
    red = pygame.transform.average_color(corner)
    assert red[0] > red[1] + 30


def test_the_table_is_laid_on_the_chosen_felt() -> None:
    shell, scene = open_settings()
    scene.set("table_colour", "grey")
    key(shell.app, pygame.K_ESCAPE)
    shell.start_game(GameSetup(level="beginner", seed=3))
    shell.app.tick(DT)
    table = table_of(shell.app)
    assert table.app.assets.table_colour == "grey"
    r, g, b = pygame.transform.average_color(shell.app.screen.subsurface((0, 300, 8, 8)))[:3]
    assert abs(r - g) < 20 and abs(g - b) < 20  # grey baize, not green


def test_settings_offers_no_computer_level_so_none_differs_from_the_game_nor_is_master() -> None:
    _, scene = open_settings()
    assert "level" not in KEYS
    labels = [b.label for b in scene.controls()]
    for level in ("beginner", "intermediate", "expert", "master"):
        assert t(f"level.{level}", "en") not in labels
    assert "master" not in MENU_LEVELS  # New game does not offer it either (until the arena proves it)


def test_new_game_remembers_the_level_chosen_last_and_restore_defaults_keeps_it() -> None:
    shell, _ = open_settings()
    key(shell.app, pygame.K_ESCAPE)
    level = next(lv for lv in MENU_LEVELS if lv != shell.ai.level)
    shell.start_game(GameSetup(level=level, seed=4))
    assert shell.ai.level == level and shell.default_setup().level == level
    assert load_user_settings(shell.config).ai.level == level
    shell.open_menu()
    shell.open_settings()
    shell.app.stack.top.restore_defaults()
    assert shell.ai.level == level
