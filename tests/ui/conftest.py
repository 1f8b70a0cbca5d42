"""Headless pygame for the window tests: dummy video and audio drivers, set before pygame starts."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # for ui_driver
