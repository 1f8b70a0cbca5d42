"""``python -m bezique [play]``: open the window at the menu (or, with options, straight into a game).

pygame is imported only inside ``run`` so that the other commands never load it.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from bezique.game_mode import GameMode
from bezique.presenter.layout import parse_size
from bezique.presenter.setup import SEATABLE_VARIANTS

if TYPE_CHECKING:
    from bezique.presenter.setup import GameSetup
    from bezique.ui.app import App
    from bezique.ui.shell import Shell


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
    parser.add_argument("--host", action="store_true",
                        help="host a game for a friend on another computer (--variant, --level for computer seats)")
    parser.add_argument("--join", metavar="CODE", help="join the game whose code the host's table shows, or whose "
                                                       "invitation (bezique://join/...) the host sent")
    parser.add_argument("--address", help="with --join: the host's address (host or host:port), if not the code's")
    parser.add_argument("--name", default="", help="with --host or --join: your name at the table")
    parser.add_argument("--speech", action="store_true",
                        help="the game speaks, for players who cannot see the screen (also on with a screen reader, "
                             "or F12 on any screen; needs the speech extra: pip install bezique[speech])")
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
    if getattr(args, "join", None):
        _join(shell, args)
    elif getattr(args, "host", False) or hotseat or level or seed is not None or variant:
        setup = _setup(shell, args)
        if getattr(args, "host", False):
            _host(shell, setup)
        else:
            shell.start_game(setup)
    else:
        shell.open_menu()
    if not checking:
        shell.start_speech(wanted=getattr(args, "speech", False))
    if checking:
        status = _check_installation(app)
        app.quit()
        return status
    return app.run()


def _setup(shell: Shell, args: argparse.Namespace) -> GameSetup:
    """The game the options ask for, from New game's starting point (``config.yaml``'s target, the settings'
    level, the choices of last time): ``--variant``, ``--level``, ``--seed``; ``--hotseat`` seats people at
    this screen, ``--host`` one friend on another computer (named ``--name`` here) and the computer in the rest."""
    from bezique.ai import level_problem, resolve_level
    from bezique.presenter.setup import MAX_SEATS
    setup = shell.default_setup()
    if args.host:
        setup.people = [seat == 0 for seat in range(MAX_SEATS - 1)]
        setup.names = [args.name or shell.app.t("newgame.default_you"), *[""] * (MAX_SEATS - 1)]
    else:
        setup.mode = GameMode.HOTSEAT if args.hotseat else GameMode.COMPUTER
    if args.level:
        problem = level_problem(args.level)
        if problem is not None:  # said where it was typed, and on the table it opens
            print(f"bezique: {problem}", file=sys.stderr)
            shell.problems.append(problem)
        setup.level = resolve_level(args.level)
    setup.seed = args.seed
    if args.variant:
        setup.choose_variant(args.variant)
    return setup


def _host(shell: Shell, setup: GameSetup) -> None:
    """``--host``: host the game (the table shows its code, printed here too); leaving goes to the menu. A port
    that cannot be listened on is said here and on the menu."""
    try:
        started = shell.host(setup)
    except OSError as exc:
        problem = shell.app.t("net.cannot_host", reason=exc.strerror or str(exc))
        print(f"bezique: {problem}", file=sys.stderr)
        shell.notices.append(problem)
        shell.open_menu()
        return
    assert started.hosted is not None
    host = started.hosted.host
    print(f"bezique: hosting at {host.advertise}:{host.port}, code {host.code}", flush=True)


def _join(shell: Shell, args: argparse.Namespace) -> None:
    """``--join CODE``: join the game whose code the host's table shows, or whose invitation (``bezique://``, also
    as the link the desktop opens) the host sent. Leaving goes to the menu."""
    from bezique.net.client import Client
    from bezique.net.invitation import looks_like, tidy
    from bezique.net.joincode import JoinCodeError
    from bezique.net.peer_text import TextError, read_text
    from bezique.net.protocol import MAX_NAME
    from bezique.ui.scenes.net_join import open_join
    from bezique.ui.scenes.network import NetworkScene, code_words
    try:  # the check the host makes of every name: said here, before anything is sent
        typed = read_text(args.name or "", "--name", MAX_NAME)
    except TextError as exc:
        print(f"bezique: {exc}", file=sys.stderr)
        shell.open_menu()
        return
    name = typed or shell.app.t("newgame.default_you")
    if looks_like(args.join):  # Join's own screen, the invitation in it: it connects (or says why not) there
        shell.open_menu()
        network = NetworkScene(shell.app, shell, name)
        shell.app.push(network)
        network.values["code"] = tidy(args.join)
        network.join_invited(name)
        return
    client = Client(name, auto_rejoin=True)
    try:
        client.connect(args.join, args.address)
    except JoinCodeError as exc:
        print(f"bezique: {code_words(shell.app, exc)}", file=sys.stderr)
        client.close()
        shell.open_menu()
        return
    open_join(shell.app, client, shell)


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
