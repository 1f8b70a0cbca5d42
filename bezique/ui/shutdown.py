"""The one way the window shuts pygame down: the game's window, the crash screen and the window tests all call
``quit_pygame``, never ``pygame.quit`` (tests/test_pygame_shutdown.py holds it).

It imports pygame alone, so that the crash screen, kept free of the rest of the window's code, can use it too.
"""

from __future__ import annotations

import pygame


def quit_pygame() -> None:
    """Shut pygame down, its sounds halted first.

    Why: pygame-ce's mixer quit takes SDL's audio lock while holding Python's, and a sound that ends at that
    moment has SDL's audio thread wait for Python's lock (to let go of the sound) while holding the audio one: each
    waits for the other for ever (seen as a hang of the test suite at a window test's end). Halting every channel
    first (pygame lets Python's lock go while it halts them) leaves no sound to end during the quit.
    """
    if pygame.mixer.get_init():
        pygame.mixer.stop()
    pygame.quit()
