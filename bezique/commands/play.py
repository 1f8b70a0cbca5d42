"""``python -m bezique [play]``: open the window at the menu (or, with options, straight into a game).

pygame is imported only inside ``run`` so that the other commands never load it.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from bezique.presenter.layout import parse_size
from bezique.presenter.setup import SEATABLE_VARIANTS

if TYPE_CHECKING:
    from bezique.ui.app import App


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from bezique.ai import SEATED_LEVELS

    parser.add_argument("--hotseat", action="store_true", help="two players taking turns on one screen")
    parser.add_argument("--level", help=f"computer level, one of {', '.join(SEATED_LEVELS)} (default: the settings' "
                                        "level); opens a game at once")
    parser.add_argument("--seed", type=int, help="shuffle seed, to replay the same deals")
    parser.add_argument("--size", help="window size, e.g. 1600x900 (default: the last one, or sized to the screen)")
    parser.add_argument("--variant", choices=SEATABLE_VARIANTS,
                        help="the game to open straight away (default: the settings' variant)")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    parser.add_argument("--first-frame-exit", action="store_true",
                        help="draw the first frame, check that every card image and sound loads, print the time and "
                             "the counts and exit (non-zero, naming what is missing, on a broken installation)")


def run(args: argparse.Namespace) -> int:
    """Open the window; any unexpected failure becomes a friendly message and a log (``bezique.commands.crash``)."""
    from bezique.commands.crash import run_guarded

    return run_guarded(lambda: _open_window(args))


def _open_window(args: argparse.Namespace) -> int:
    """The menu; or, with ``--hotseat``, ``--level`` or ``--seed``, a new game straight away (tests, quick play)."""
    import os
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from bezique.ui.kit.assets import AssetError
    from bezique.ui.shell import Shell

    checking = getattr(args, "first_frame_exit", False)
    try:
        size = getattr(args, "size", None)
        shell = Shell.create(size=parse_size(size) if size else None,
                             fullscreen=True if getattr(args, "fullscreen", False) else None)
    except AssetError as exc:
        if not checking:
            raise  # the player gets the crash screen, its log names the file
        return _broken(str(exc))
    app = shell.app
    hotseat, level, seed = getattr(args, "hotseat", False), getattr(args, "level", None), getattr(args, "seed", None)
    variant = getattr(args, "variant", None)
    if hotseat or level or seed is not None or variant:
        from bezique.ai import level_problem, resolve_level
        from bezique.presenter.setup import target_choices
        setup = shell.default_setup()
        setup.mode = "hotseat" if hotseat else "computer"
        if level:
            problem = level_problem(level)
            if problem is not None:  # said where it was typed, and on the table it opens
                print(f"bezique: {problem}", file=sys.stderr)
                shell.problems.append(problem)
            setup.level = resolve_level(level)
        setup.seed = seed
        if variant and variant != setup.variant:
            setup.variant, setup.target = variant, target_choices(variant)[0]
        shell.start_game(setup)
    else:
        shell.open_menu()
    if checking:
        status = _check_installation(app)
        app.quit()
        return status
    return app.run()


def _check_installation(app: App) -> int:
    """Draw the first frame, load every image and count the sounds, so that an installation without its data fails
    here (status 1, naming the file) rather than opening with blank cards and silence."""
    from bezique.ui.kit.assets import AssetError

    try:
        app.tick(0.0)
        images = app.assets.preload()
    except AssetError as exc:
        return _broken(str(exc))
    sounds, expected = app.sounds.loaded, len(app.sounds.NAMES)
    if sounds < expected:
        return _broken(f"{sounds} of {expected} sounds loaded ({app.sounds.unavailable})")
    print(f"first frame in {app.first_frame_seconds:.2f} s; {images} images and {sounds} sounds loaded")
    return 0


def _broken(problem: str) -> int:
    """A check's verdict on a broken installation: what is wrong on stderr, status 1."""
    print(f"bezique: {problem}", file=sys.stderr)
    return 1
