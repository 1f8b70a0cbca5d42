"""A hosted game: the game on a driver thread, the computers filling the seats nobody plays, and the host's own
player (when someone plays at the host's screen) joined over loopback like any friend.

The game is made by the one door (``bezique.games.door``: its rules, seats, levels and the save it replaces);
this module only serves it. Why the host's player goes through a client too: then the host's window and the
friend's draw the same table from the same messages, and the host's person can no more see a concealed card than
the friend can. The game and its record live on the driver thread: saved after every change, there, by the
``Saver`` the door gives (``games.books.Books.keep_up``: counted, kept in Past games, what happened posted to the
window's mailbox, never written into the window), with ``meta.network`` naming the seats played from other
computers and keeping the join code's secret, so that Continue hosts the game again (``rehost_game``) and the
friends join it with the code they know.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from bezique.ai import remote, resolve_level
from bezique.ai.levels import make_player
from bezique.mailbox import Mailbox
from bezique.net.client import Client
from bezique.net.doorway import seat_of_tokens
from bezique.net.host import Host, HostedSession, Saver, drive
from bezique.net.joincode import DEFAULT_PORT, SECRET_BITS
from bezique.rules import RecordedGame, SeatKind

log = logging.getLogger("bezique.net")


class Stoppable(Protocol):
    def stop(self) -> None: ...


@dataclass
class HostedGame:
    """The host, its driver thread and the host's own client (None: nobody plays at the host), and what else
    serves the game (the tunnel that opens it to the internet, ``attach``)."""

    host: Host
    client: Client | None
    driver: threading.Thread
    stop_flag: threading.Event
    attached: list[Stoppable] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def attach(self, part: Stoppable) -> None:
        """Stop `part` with the game, after the host's goodbyes (at once if hosting has stopped already: it was
        being made on another thread meanwhile)."""
        with self._lock:
            stopped = self.stop_flag.is_set()
            if not stopped:
                self.attached.append(part)
        if stopped:
            part.stop()

    def stop(self) -> None:
        """Quit hosting: the friends are told, the game is saved, the threads end (once: a second call, from the
        table leaving after its owner stopped hosting, finds it done)."""
        with self._lock:
            if self.stop_flag.is_set():
                return
            self.stop_flag.set()
        if self.client is not None:
            self.client.close()
        self.host.stop()
        for part in self.attached:  # the goodbyes go out through them before they close
            part.stop()
        self.driver.join(10)


def let_go(client: Client, hosted: HostedGame | None) -> None:
    """Done with the game: a host tells its friends and stops (the game saved), a friend leaves. It may take
    seconds (a host that does not answer the goodbye, a tunnel closing): off the window's thread, ``leave``."""
    if hosted is not None:
        hosted.stop()
    else:
        client.close()


def leave(client: Client, hosted: HostedGame | None, done: Mailbox[Client] | None = None) -> None:
    """``let_go`` on a thread of its own, so that the window draws on meanwhile: `client` is posted to `done` (the
    window's mailbox) once it has gone. Not a daemon: a window closed meanwhile ends its process only once the
    friends are told and the threads of the game have ended, as when the window waited."""

    def run() -> None:
        try:
            let_go(client, hosted)
        except Exception:  # contained: the window is told it is over all the same
            log.exception("leaving the game failed")
        if done is not None:
            done.post(client)

    threading.Thread(target=run, name="bezique-leave").start()


def host_game(session: HostedSession, meta: dict[str, Any], own: int | None = 0, port: int = DEFAULT_PORT,
              bind: str = "0.0.0.0", saver: Saver | None = None,
              replacing: Callable[[], None] | None = None) -> HostedGame:
    """Host the new game `session` (made by ``bezique.games.door``) with its save `meta`: its "human" seats other
    than `own` are played from other computers, seat `own` by the host's player joined over loopback (None:
    nobody plays at the host, a headless host), the computer plays its "ai" seats at their level. The default
    port is tried first, then any free one. `saver` keeps the game after each change (``Host``'s; default the
    save alone). `replacing` is called once the port is bound and before the game plays: the door keeps there the
    saved game this one replaces, so that a port that cannot be listened on loses nothing. ``meta.network`` is
    set here: the seats played from other computers and the code's secret.

    Raises:
        ValueError: no seat for a friend, or `own` not a person's seat.
        OSError: no port can be listened on (nothing was written).
    """
    people = [s for s, seat in enumerate(session.seats) if seat.kind == SeatKind.HUMAN]
    away = [s for s in people if s != own]
    if not away or (own is not None and own not in people):
        raise ValueError("a hosted game needs a seat for a friend, and the host's player in a person's seat")
    secret = secrets.randbits(SECRET_BITS)
    meta["network"] = {"remote": away, "secret": secret, "secret_bits": SECRET_BITS}
    host, token = _listen(session, people, own, meta, saver, secret, port, bind)
    if replacing is not None:
        try:
            replacing()
        except BaseException:
            host.stop()
            raise
    return _play(host, token, own)


def rehost_game(game: RecordedGame, meta: dict[str, Any], port: int = DEFAULT_PORT, bind: str = "0.0.0.0",
                saver: Saver | None = None, headless: bool = False) -> HostedGame:
    """Host again a hosted game continued from its save (`game` and its `meta`), exactly where it stopped: the
    same seats played from other computers (``meta.network.remote``), the host's player in the one other
    person's seat, the computers in theirs, and the code's secret the save kept, so that the code the friends
    know still works (a save without a usable one gets a fresh secret, kept from its next save). Nothing is
    written until the game changes: a failure to listen loses nothing. `headless`: nobody plays at the host (a
    headless host's game, every person on another computer).

    Raises:
        ValueError: `meta` does not name a hosted game of `game` (``hosted_seats``).
        OSError: no port can be listened on.
    """
    seats = hosted_seats(game, meta, headless)
    if seats is None:
        raise ValueError("the save is not of a game hosted for other computers")
    own, away = seats
    session = HostedSession.from_game(game)  # a classmethod: the subclass's, its listener the host's below
    assert isinstance(session, HostedSession)
    network = meta["network"]
    secret = _kept_secret(network.get("secret"), network.get("secret_bits"))
    tokens = seat_of_tokens(network.get("tokens"), len(session.seats)) if secret == network.get("secret") else {}
    meta["network"] = {**network, "remote": away, "secret": secret, "secret_bits": SECRET_BITS, "tokens": tokens}
    served = sorted(away if own is None else [own, *away])
    host, token = _listen(session, served, own, meta, saver, secret, port, bind, tokens)
    return _play(host, token, own)


def hosted_seats(game: RecordedGame, meta: dict[str, Any],
                 headless: bool = False) -> tuple[int | None, list[int]] | None:
    """The host's player's seat and the seats played from other computers, when `meta` is a hosted game's
    (``network.remote``: people's seats of `game`, leaving exactly one person at the host's screen, or with
    `headless` none: then the seat is None); None for a game played at one screen, or a ``network`` the file
    holds damaged (then it is continued at one screen)."""
    network = meta.get("network")
    away = network.get("remote") if isinstance(network, dict) else None
    if not isinstance(away, list) or not away or not all(isinstance(s, int) and not isinstance(s, bool) for s in away):
        return None
    people = [s for s, player in enumerate(game.players) if player.get("type") == SeatKind.HUMAN]
    here = [s for s in people if s not in away]
    if not set(away) <= set(people) or len(here) != (0 if headless else 1):
        return None
    return (here[0] if here else None), sorted(set(away))


def _kept_secret(value: Any, bits: Any) -> int:
    """The secret a save kept, or a fresh one when it kept none that a code can carry, or a shorter one than this
    version makes (a save of an older version: its code was easier to guess)."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1 << SECRET_BITS \
            and bits == SECRET_BITS:
        return value
    return secrets.randbits(SECRET_BITS)


def _listen(session: HostedSession, served: list[int], own: int | None, meta: dict[str, Any],
            saver: Saver | None, secret: int, port: int, bind: str,
            tokens: dict[str, int] | None = None) -> tuple[Host, str | None]:
    """A host listening for `session` (`port` first, then any free one) and serving its seats `served`, seat
    `own` (if any) kept for the host's player: the host and that seat's token. `tokens`: the friends' a save
    kept."""
    for attempt in (port, 0):
        try:
            host = Host(session, served, bind=bind, port=attempt, save_meta=meta, saver=saver, secret=secret,
                        tokens=tokens)
            # the host's player's seat, whoever else has the code
            token = host.reserve(own) if own is not None else None
            host.start()
            return host, token
        except OSError:
            if attempt == 0:
                raise
    raise AssertionError("unreachable: the last attempt raises")


def _play(host: Host, token: str | None, own: int | None) -> HostedGame:
    """The game driven on its thread (the computers playing their seats at their levels, as the table seats them)
    and the host's player, if any, joined over loopback in seat `own` with `token`."""
    stop = threading.Event()
    session = host.session
    players = {s: make_player(resolve_level(seat.level), session.seed + s)
               for s, seat in enumerate(session.seats) if seat.kind == SeatKind.AI}

    def run() -> None:
        with remote.in_processes():  # a search thinks in the computer's processes: the window keeps drawing
            drive(host, players, stop)

    driver = threading.Thread(target=run, name="bezique-hosted-game", daemon=True)
    driver.start()
    if own is None or token is None:
        return HostedGame(host, None, driver, stop)
    client = Client(session.seats[own].name, auto_rejoin=True)
    client.take_seat(f"127.0.0.1:{host.port}", token, host.secret)
    return HostedGame(host, client, driver, stop)
