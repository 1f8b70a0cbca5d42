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
from bezique.persist import history, saves, stats
from bezique.presenter.session import game_seed, new_seats
from bezique.rules import Ruleset


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


def host_game(rules: Ruleset, kinds: list[str], names: list[str], level: str, lang: str,
              seed: int | None = None, port: int = DEFAULT_PORT, bind: str = "0.0.0.0") -> HostedGame:
    """Host a new game with `rules`: seat 0 is the host's player, the other "human" seats of `kinds` are played
    from other computers, the computer at `level` plays the "ai" ones; `names` are the names typed (blank: the
    default). A game saved here before is kept and counted first, as New game does. The default port is tried
    first, then any free one.

    Raises:
        ValueError: fewer than two people, or seat 0 not a person.
        OSError: no port can be listened on, or the saved game cannot be kept (it is left as it was).
    """
    if kinds[0] != "human" or kinds.count("human") < 2:
        raise ValueError("a hosted game needs the host's player in seat 0 and at least one friend")
    seed = game_seed(seed)
    session = HostedSession(rules, new_seats(rules.players, "computer", lang, seed, level, names=names,
                                             kinds=kinds), seed=seed)
    people = [s for s, kind in enumerate(kinds) if kind == "human"]
    meta = saves.new_game_meta("hotseat", level if "ai" in kinds else None, network={"remote": people[1:]})
    host = None
    for attempt in (port, 0):
        try:
            host = Host(session, people, bind=bind, port=attempt, save_meta=meta)
            token = host.reserve(0)  # seat 0 is the host's player's, whoever else has the code
            host.start()
            break
        except OSError:
            if attempt == 0:
                raise
    assert host is not None
    keep_saved_game()
    players = {s: make_player(level, seed + s) for s, kind in enumerate(kinds) if kind == "ai"}
    stop = threading.Event()

    def run() -> None:
        with remote.in_processes():  # a search thinks in the computer's processes: the window keeps drawing
            drive(host, players, stop)

    driver = threading.Thread(target=run, name="bezique-hosted-game", daemon=True)
    driver.start()
    client = Client(session.seats[0].name, auto_rejoin=True)
    client.take_seat(f"127.0.0.1:{host.port}", token)
    return HostedGame(host, client, driver, stop)


def keep_saved_game() -> None:
    """The game saved here, kept for Past games and counted (finished, or abandoned for the new one) before the
    hosted game's first save replaces it, as New game keeps it."""
    left = saves.load_saved_game()
    if left.game is None:
        return
    if left.finished:
        stats.record_game_result(left.game, left.meta)
    else:
        stats.record_abandoned(left.game, left.meta)
    history.keep_game(left.game, left.meta, abandoned=not left.finished)
    saves.delete_saved_game()
