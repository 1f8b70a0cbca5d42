"""A hosted game as the window starts it: the game on a driver thread, the computers filling the seats nobody
plays, and the host's own player joined over loopback like any friend.

Why the host's player goes through a client too: then the host's window and the friend's draw the same table
from the same messages, and the host's person can no more see a concealed card than the friend can. The game,
its record and its save live here: saved after every change by the ``Saver`` the window gives (its own
bookkeeping: counted, kept in Past games, a failed save said), with ``meta.network`` naming the seats played
from other computers and keeping the join code's secret, so that Continue hosts the game again
(``rehost_game``) and the friends join it with the code they know.
"""

from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass
from typing import Any

from bezique.ai import Player, remote, resolve_level
from bezique.ai.levels import make_player
from bezique.net.client import Client
from bezique.net.doorway import seat_of_tokens
from bezique.net.host import Host, HostedSession, Saver, drive
from bezique.net.joincode import DEFAULT_PORT, SECRET_BITS
from bezique.persist import history, saves, stats
from bezique.presenter.session import game_seed, new_seats
from bezique.rules import RecordedGame, Ruleset


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
              seed: int | None = None, port: int = DEFAULT_PORT, bind: str = "0.0.0.0",
              saver: Saver | None = None) -> HostedGame:
    """Host a new game with `rules`: seat 0 is the host's player, the other "human" seats of `kinds` are played
    from other computers, the computer at `level` plays the "ai" ones; `names` are the names typed (blank: the
    default). A game saved here before is kept and counted first, as New game does. The default port is tried
    first, then any free one. `saver` keeps the game after each change (``Host``'s; default the save alone). The
    save's ``meta.network`` names the seats played from other computers and keeps the code's secret.

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
    secret = secrets.randbits(SECRET_BITS)
    meta = saves.new_game_meta("hotseat", level if "ai" in kinds else None,
                               network={"remote": people[1:], "secret": secret, "secret_bits": SECRET_BITS})
    host, token = _listen(session, people, 0, meta, saver, secret, port, bind)
    try:
        keep_saved_game()
    except OSError:
        host.stop()
        raise
    return _play(host, token, 0, {s: make_player(level, seed + s) for s, kind in enumerate(kinds) if kind == "ai"})


def rehost_game(game: RecordedGame, meta: dict[str, Any], port: int = DEFAULT_PORT, bind: str = "0.0.0.0",
                saver: Saver | None = None) -> HostedGame:
    """Host again a hosted game continued from its save (`game` and its `meta`), exactly where it stopped: the
    same seats played from other computers (``meta.network.remote``), the host's player in the one other
    person's seat, the computers in theirs, and the code's secret the save kept, so that the code the friends
    know still works (a save without a usable one gets a fresh secret, kept from its next save). Nothing is
    written until the game changes: a failure to listen loses nothing.

    Raises:
        ValueError: `meta` does not name a hosted game of `game` (``hosted_seats``).
        OSError: no port can be listened on.
    """
    seats = hosted_seats(game, meta)
    if seats is None:
        raise ValueError("the save is not of a game hosted for other computers")
    own, away = seats
    session = HostedSession.from_game(game)  # a classmethod: the subclass's, its listener the host's below
    assert isinstance(session, HostedSession)
    network = meta["network"]
    secret = _kept_secret(network.get("secret"), network.get("secret_bits"))
    tokens = seat_of_tokens(network.get("tokens"), len(session.seats)) if secret == network.get("secret") else {}
    meta["network"] = {**network, "remote": away, "secret": secret, "secret_bits": SECRET_BITS, "tokens": tokens}
    host, token = _listen(session, sorted([own, *away]), own, meta, saver, secret, port, bind, tokens)
    players = {s: make_player(resolve_level(seat.level), session.seed + s)
               for s, seat in enumerate(session.seats) if seat.kind == "ai"}  # as the table seats them (``turns``)
    return _play(host, token, own, players)


def hosted_seats(game: RecordedGame, meta: dict[str, Any]) -> tuple[int, list[int]] | None:
    """The host's player's seat and the seats played from other computers, when `meta` is a hosted game's
    (``network.remote``: people's seats of `game`, leaving exactly one person at the host's screen); None for a
    game played at one screen, or a ``network`` the file holds damaged (then it is continued at one screen)."""
    network = meta.get("network")
    away = network.get("remote") if isinstance(network, dict) else None
    if not isinstance(away, list) or not away or not all(isinstance(s, int) and not isinstance(s, bool) for s in away):
        return None
    people = [s for s, player in enumerate(game.players) if player.get("type") == "human"]
    here = [s for s in people if s not in away]
    if not set(away) <= set(people) or len(here) != 1:
        return None
    return here[0], sorted(set(away))


def _kept_secret(value: Any, bits: Any) -> int:
    """The secret a save kept, or a fresh one when it kept none that a code can carry, or a shorter one than this
    version makes (a save of an older version: its code was easier to guess)."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1 << SECRET_BITS \
            and bits == SECRET_BITS:
        return value
    return secrets.randbits(SECRET_BITS)


def _listen(session: HostedSession, served: list[int], own: int, meta: dict[str, Any], saver: Saver | None,
            secret: int, port: int, bind: str, tokens: dict[str, int] | None = None) -> tuple[Host, str]:
    """A host listening for `session` (`port` first, then any free one) and serving its seats `served`, seat
    `own` kept for the host's player: the host and that seat's token. `tokens`: the friends' a save kept."""
    for attempt in (port, 0):
        try:
            host = Host(session, served, bind=bind, port=attempt, save_meta=meta, saver=saver, secret=secret,
                        tokens=tokens)
            token = host.reserve(own)  # the host's player's seat, whoever else has the code
            host.start()
            return host, token
        except OSError:
            if attempt == 0:
                raise
    raise AssertionError("unreachable: the last attempt raises")


def _play(host: Host, token: str, own: int, players: dict[int, Player]) -> HostedGame:
    """The game driven on its thread (`players`: the computers' seats) and the host's player joined over
    loopback in seat `own`."""
    stop = threading.Event()

    def run() -> None:
        with remote.in_processes():  # a search thinks in the computer's processes: the window keeps drawing
            drive(host, players, stop)

    driver = threading.Thread(target=run, name="bezique-hosted-game", daemon=True)
    driver.start()
    client = Client(host.session.seats[own].name, auto_rejoin=True)
    client.take_seat(f"127.0.0.1:{host.port}", token, host.secret)
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
