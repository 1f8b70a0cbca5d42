"""The README's pictures of a game on two computers, taken from the real windows.

    python tools/network_shots.py [--out docs/screenshots] [--size 1280x720] [--tricks 5]

Two real windows (headless, the dummy video driver), each in a process and a data folder of its own as on two
computers: the host's window hosts a two-handed game and is pictured waiting with its join code
(``network-host-waiting.jpg``); the friend's window (this script again, ``--friend``) joins with the code over a real
socket on 127.0.0.1, both seats are played by clicks' equivalent (the table's own ``try_move``) until ``--tricks``
tricks are down, each says a line in the chat, and each window is pictured: the host's table with the friend's line
beside the chat's tab (``network-host-table.jpg``), the friend's with the chat open (``network-friend-table.jpg``).

The game listens on 127.0.0.1 only; the code and address the host's window shows are those of a home network
(``SHOWN``, a private address nothing is sent to), as a reader's own window would show them, the friend joining at
the loopback address typed beside the code. JPEG keeps the three pictures small. Remade by running this again (the
code's secret is new each time); nothing here is part of the game.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from bezique.games.door import Hosting
from bezique.net.client import Client
from bezique.net.joincode import DEFAULT_PORT
from bezique.presenter.layout import parse_size
from bezique.presenter.setup import GameSetup
from bezique.rules import Action, Verb
from bezique.ui.fit_chat import until
from bezique.ui.scenes.net_join import open_join
from bezique.ui.scenes.net_table import NetTableScene
from bezique.ui.shell import Shell

SHOWN = "192.168.1.20"  # the address the host's window shows: a home network's (the game listens on 127.0.0.1)
HOST_NAME, FRIEND_NAME = "Alice", "Bruno"
HOST_SAYS, FRIEND_SAYS = "Good luck, Bruno!", "Thanks, you too!"
DT = 1 / 60
HANG_S = 120.0  # a guard against a hang only


def window(size: tuple[int, int]) -> Shell:
    """A shell in English whose animations are instant, showing its menu (its data folder: $BEZIQUE_DATA_DIR)."""
    shell = Shell.create(size=size, fullscreen=False)
    shell.apply(dataclasses.replace(shell.settings, animation_speed="instant", trick_pause="off", language="en",
                                    computer_pace="instant"), shell.ai)
    shell.open_menu()
    shell.app.tick(DT)
    return shell


def net_table(shell: Shell) -> NetTableScene | None:
    return next((s for s in shell.app.stack.scenes if isinstance(s, NetTableScene)), None)


def play_until(shell: Shell, table: NetTableScene, tricks: int, rng: random.Random) -> None:
    """This window's seat played (a meld when it has one, else a card by chance) until `tricks` tricks are down
    and the table is at rest; the other window plays its own."""
    def done() -> bool | None:
        if len(table.session.view.tricks_log) >= tricks and table.stage.at_rest():
            return True
        if table.human_turn():
            legal = list(table.session.legal())
            melds = [a for a in legal if a.verb in (Verb.MELD, Verb.EXCHANGE_SEVEN)]
            table.try_move(melds[0] if melds else choose(legal, rng))
        return None
    until(shell, done)


def choose(legal: list[Action], rng: random.Random) -> Action:
    plays = [a for a in legal if a.verb == Verb.PLAY]
    return rng.choice(plays or legal)


def shoot(shell: Shell, path: Path) -> None:
    for _ in range(3):
        shell.app.tick(DT)
    shell.app.draw()
    pygame.image.save(shell.app.screen, str(path))
    print(path)


def host(out: Path, size: tuple[int, int], tricks: int) -> None:
    """The host's window: pictured waiting with its code, then at its table once the friend's window has joined
    and the tricks are played; the friend's window is this script in another process."""
    shell = window(size)
    shell.hosting = Hosting(port=DEFAULT_PORT, bind="127.0.0.1")
    setup = GameSetup(variant="two_handed", seed=4)
    setup.people[0] = True  # the second seat: the friend on the other computer
    setup.names[0] = HOST_NAME
    hosted = shell.host(setup).hosted
    assert hosted is not None and hosted.client is not None
    friend: subprocess.Popen[bytes] | None = None
    try:
        hosted.host.advertise = SHOWN
        table = until(shell, lambda: net_table(shell))
        shoot(shell, out / "network-host-waiting.jpg")
        friend = subprocess.Popen([sys.executable, __file__, "--friend", hosted.host.code,
                                   f"127.0.0.1:{hosted.host.port}", "--out", str(out),
                                   "--size", f"{size[0]}x{size[1]}", "--tricks", str(tricks)])
        until(shell, lambda: None if table.code_shown() else True)
        hosted.client.say(HOST_SAYS)
        play_until(shell, table, tricks, random.Random(1))
        until(shell, lambda: any(said.text == FRIEND_SAYS for said in table.chat.lines) or None)
        shoot(shell, out / "network-host-table.jpg")
        if friend.wait(HANG_S) != 0:  # the host's threads serve the friend meanwhile
            raise RuntimeError("the friend's window failed")
    finally:
        if friend is not None and friend.poll() is None:
            friend.kill()
        shell.app.stack.clear()  # the table leaves: hosting stops, its threads and sockets with it
        hosted.stop()
        shell.app.quit()


def join(code: str, address: str, out: Path, size: tuple[int, int], tricks: int) -> None:
    """The friend's window: joins with the code at `address`, plays its seat, says its line and is pictured with
    the chat open."""
    shell = window(size)
    client = Client(FRIEND_NAME, auto_rejoin=True)
    client.connect(code, address)
    open_join(shell.app, client, shell)
    try:
        table = until(shell, lambda: net_table(shell))
        play_until(shell, table, tricks, random.Random(2))
        client.say(FRIEND_SAYS)
        until(shell, lambda: len(table.chat.lines) >= 2 or None)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m", scancode=0))
        shoot(shell, out / "network-friend-table.jpg")
    finally:
        shell.app.stack.clear()  # the table leaves the game: the client closes
        shell.app.quit()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default="docs/screenshots", help="the folder the pictures go to")
    parser.add_argument("--size", default="1280x720", help="WIDTHxHEIGHT (default 1280x720)")
    parser.add_argument("--tricks", type=int, default=5, help="tricks played before the tables are pictured")
    parser.add_argument("--friend", nargs=2, metavar=("CODE", "ADDRESS"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    size = parse_size(args.size)
    # each window's own folder, as on two computers; a save still being written as a window closes must not fail
    # the tool at its very end (seen once in the tests)
    with tempfile.TemporaryDirectory(prefix="bezique-shots-", ignore_cleanup_errors=True) as folder:
        os.environ["BEZIQUE_DATA_DIR"] = folder
        if args.friend:
            code, address = args.friend
            join(code, address, out, size, args.tricks)
        else:
            host(out, size, args.tricks)
    return 0


if __name__ == "__main__":
    sys.exit(main())
