"""Headless pygame for the window tests: dummy video and audio drivers, set before pygame starts."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # for ui_driver

import pygame  # after the drivers are chosen
import pytest

from bezique.ui.shutdown import quit_pygame


@pytest.fixture
def shell_data(tmp_path, monkeypatch):
    """A fresh per-user data folder (saves, settings, statistics) and an English locale for a shell test; pygame
    is shut down after it."""
    monkeypatch.setenv("BEZIQUE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    yield
    quit_pygame()


@pytest.fixture
def pygame_quit():
    """Shuts pygame down after a window test, so the next one starts from a fresh display."""
    yield
    quit_pygame()


@pytest.fixture(scope="module")
def window_assets():
    """The window's assets (its font, its card art) with pygame's display and fonts started, for a module's kit
    tests; pygame is shut down after the module."""
    from bezique.ui.card_art import CARD_ART
    from bezique.ui.kit.assets import Assets

    pygame.display.init()
    pygame.font.init()
    yield Assets(CARD_ART)
    quit_pygame()
