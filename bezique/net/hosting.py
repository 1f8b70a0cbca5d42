"""A hosted game as the window starts it: the game on a driver thread, the computers filling the seats nobody
plays, and the host's own player joined over loopback like any friend.

Why the host's player goes through a client too: then the host's window and the friend's draw the same table
from the same messages, and the host's person can no more see a concealed card than the friend can. The game,
its record and its save live here (saved after every change and when the host quits, with ``meta.network``
naming the seats played from other computers).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from bezique.ai import remote
from bezique.ai.levels import make_player
from bezique.net.client import Client
from bezique.net.host import Host, HostedSession, drive
from bezique.net.joincode import DEFAULT_PORT
from bezique.persist import saves
from bezique.presenter.session import game_seed, new_seats
from bezique.rules import make_ruleset


@dataclass
class HostedGame:
    """The host, its driver thread and the host's own client."""

    host: Host
    client: Client
    driver: threading.Thread
    stop_flag: threading.Event

    def stop(self) -> None:
        """Quit hosting: the friends are told, the game is saved, the threads end."""
        self.stop_flag.set()
        self.client.close()
        self.host.stop()
        self.driver.join(10)


def host_game(variant: str, name: str, friends: int, level: str, lang: str, seed: int | None = None,
              port: int = DEFAULT_PORT, bind: str = "0.0.0.0", target: int | None = None) -> HostedGame:
    """Host a new game of `variant`: seat 0 for the host's player (`name`), the next `friends` seats for friends
    on other computers, the computer at `level` in the rest. The default port is tried first, then any free one.

    Raises:
        OSError: no port can be listened on.
    """
    rules = make_ruleset(variant, {"target_score": target} if target else None)
    humans = 1 + friends
    if not 2 <= humans <= rules.players:
        raise ValueError(f"{variant} seats 2 to {rules.players} people")
    seed = game_seed(seed)
    kinds = ["human" if s < humans else "ai" for s in range(rules.players)]
    session = HostedSession(rules, new_seats(rules.players, "computer", lang, seed, level, names=[name],
                                             kinds=kinds), seed=seed)
    meta = saves.new_game_meta("hotseat", level if humans < rules.players else None,
                               network={"remote": list(range(1, humans))})
    host = None
    for attempt in (port, 0):
        try:
            host = Host(session, list(range(humans)), bind=bind, port=attempt, save_meta=meta)
            host.start()
            break
        except OSError:
            if attempt == 0:
                raise
    assert host is not None
    players = {s: make_player(level, seed + s) for s, kind in enumerate(kinds) if kind == "ai"}
    stop = threading.Event()

    def run() -> None:
        with remote.in_processes():  # a search thinks in the computer's processes: the window keeps drawing
            drive(host, players, stop)

    driver = threading.Thread(target=run, name="bezique-hosted-game", daemon=True)
    driver.start()
    client = Client(name, auto_rejoin=True)
    client.connect(host.code, f"127.0.0.1:{host.port}")
    return HostedGame(host, client, driver, stop)
