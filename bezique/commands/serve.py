"""``python -m bezique serve [--variant V] [--bind ADDR] [--port N] [--continue]``: host a game with no window,
every person playing from another computer (an always-on machine, a test). No computer takes a seat, so there is no
level to choose.

It prints the join code and the port (one ``code:`` and one ``port:`` line, for a person or a script to read) and
serves until SIGINT or SIGTERM, then tells the friends the host closed and stops; the game is saved after every
change, so what was played is in the save when it stops. ``--continue`` hosts again the headless game saved here,
with the code its friends know, and their windows rejoin by themselves. The game is made (and continued) by the
one door (``bezique.games.door``) from ``config.yaml`` and the player's settings, as the window makes it, with
every seat a person's. What happens to the game (a save that failed, saved again) and what the host contains
(wrong codes tried, a fault) is said on stderr.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from types import FrameType

from bezique.games.books import Books, say_on_stderr
from bezique.games.defaults import load_defaults
from bezique.games.door import Hosting, is_hosted, resume_game, start_game
from bezique.net.hosting import HostedGame
from bezique.net.joincode import DEFAULT_PORT
from bezique.net.protocol import Notice, NoticeKind
from bezique.persist import saves
from bezique.presenter.setup import MAX_SEATS, seatable_variant
from bezique.rules import VARIANTS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", choices=sorted(VARIANTS), help="the variant (default: config.yaml's)")
    parser.add_argument("--bind", default="0.0.0.0",
                        help="the address to listen on (default 0.0.0.0: every network this computer is on)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"the port (default {DEFAULT_PORT}; a busy port: any free one, printed)")
    parser.add_argument("--continue", dest="resume", action="store_true",
                        help="host again the game a headless host saved here, with the code its friends know")


def notice_line(notice: Notice) -> str:
    """A host's notice as the one English line a headless host says on stderr."""
    if notice.kind == NoticeKind.WRONG_CODES:
        return f"{notice.count} wrong codes were tried from {notice.who}: nobody got in"
    if notice.kind == NoticeKind.WRONG_CODES_SPREAD:
        return f"{notice.count} wrong codes were tried from {notice.who} addresses: nobody got in"
    if notice.kind == NoticeKind.SAVE_FAILED:
        return f"the game could not be saved ({notice.who}): tried again at the next move"
    return f"a message from {notice.who or 'the network'} could not be handled: the game goes on (see the log)"


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        print(f"bezique: {args.port} is not a port (0 to 65535)", file=sys.stderr)
        return 2
    stop = threading.Event()

    def asked_to_stop(_signal: int, _frame: FrameType | None) -> None:
        stop.set()

    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, asked_to_stop)
    try:
        hosted = _resume(args) if args.resume else _new(args)
    except (OSError, ValueError) as exc:
        print(f"bezique: cannot host: {exc}", file=sys.stderr)
        return 1
    host = hosted.host
    host.on_notice = lambda notice: print(f"bezique: {notice_line(notice)}", file=sys.stderr, flush=True)
    print(f"code: {host.code}\nport: {host.port}\naddress: {host.advertise}", flush=True)
    try:
        while not stop.wait(0.5):  # a signal sets it; the wait wakes now and then so the signal is handled
            pass
    finally:
        hosted.stop()  # the friends are told, the server closes, the driver ends (every change was saved)
    print("bezique: stopped; the game is saved", file=sys.stderr, flush=True)
    return 0


def _new(args: argparse.Namespace) -> HostedGame:
    defaults = load_defaults()
    for problem in defaults.problems:
        print(f"bezique: {problem}", file=sys.stderr)
    setup, _ = defaults.new_setup(remembered=False)
    if args.variant:
        if seatable_variant(args.variant) != args.variant:
            raise ValueError(f"the variant {args.variant} cannot be seated yet")
        setup.choose_variant(args.variant)
    setup.people = [True] * (MAX_SEATS - 1)  # every seat a person's, each on another computer
    books = Books(say_on_stderr, defaults.app.kept_games)
    started = start_game(setup, defaults, "en", books, Hosting(args.port, args.bind, here=False))
    assert started.hosted is not None
    return started.hosted


def _resume(args: argparse.Namespace) -> HostedGame:
    defaults = load_defaults()
    loaded = saves.load_saved_game()
    if loaded.game is None or not is_hosted(loaded.game, loaded.meta, headless=True):
        raise ValueError(f"no game a headless host saved is here ({loaded.problem or 'nothing saved'})")
    books = Books(say_on_stderr, defaults.app.kept_games)
    started = resume_game(loaded.game, loaded.meta, defaults, books, Hosting(args.port, args.bind, here=False))
    assert started.hosted is not None
    return started.hosted
