"""The one way into a game: every door (New game's Start and Host buttons, the network screen, ``play``'s options,
the bare window of ``demo`` and the tests, a headless host) fills a ``GameSetup`` from the same ``Defaults`` and
hands it to ``start_game``; Continue hands the saved game to ``resume_game``. Only here are a game's rules made
from the setup, its seats named and given their levels, its save's meta written, and the saved game it replaces
counted and kept (``Books.replace_saved``), so no door can drift from another (an architecture test holds that no
other module builds a game for play).

A game starts at one screen (the window's table plays it, on the window's thread) or hosted (``Hosting``: the
game on its driver thread, served to other computers; the host's player, if any, joined over loopback). No pygame
here: the window and a headless host call the same functions. The network is imported only for a hosted game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bezique.ai import resolve_level
from bezique.game_mode import GameMode
from bezique.games.books import Books
from bezique.games.defaults import Defaults
from bezique.net.joincode import DEFAULT_PORT
from bezique.persist import saves
from bezique.presenter.session import GameSession, game_seed, new_seats
from bezique.presenter.setup import GameSetup
from bezique.rules import RecordedGame

if TYPE_CHECKING:
    from bezique.net.hosting import HostedGame

@dataclass(frozen=True)
class Hosting:
    """Where a hosted game listens (`port` first, then any free one; `bind`: "0.0.0.0" the local network,
    "127.0.0.1" this computer alone), and whether a player at this machine plays its first seat (`here`: the
    window) or every person plays from another computer (a headless host)."""

    port: int = DEFAULT_PORT
    bind: str = "0.0.0.0"
    here: bool = True


@dataclass
class Started:
    """A game begun or continued: its session (the host's, when hosted), its save's meta, and the hosted game
    (None: played at one screen, by the window's table)."""

    session: GameSession
    meta: dict[str, Any]
    hosted: HostedGame | None = None


def start_game(setup: GameSetup, defaults: Defaults, lang: str, books: Books | None,
               hosting: Hosting | None = None) -> Started:
    """A new game as `setup` asks, from `defaults` (the rules of its variant, the player's undo): its rules, its
    seats named in `lang` with the computers at the setup's level, its save's meta, and, when `books` keeps
    games, the saved game it replaces counted and kept first (hosted: once the port is bound, so that a failure
    to listen loses nothing). Without `books` (the bare window) nothing is saved or replaced.

    Raises:
        ValueError: hosted, but the setup seats no person to play from another computer.
        OSError: hosted, and no port can be listened on.
    """
    defaults_rules = defaults.rules_for(setup.variant)
    rules = setup.ruleset(defaults_rules)
    level = resolve_level(setup.level)
    seed = game_seed(setup.seed)
    seats = new_seats(rules.players, setup.mode, lang, seed, level, list(setup.names), setup.seat_kinds())
    meta = {} if setup.mode == GameMode.DEMO else saves.new_game_meta(  # a game nobody plays is never saved
        setup.mode, level if setup.computers else None, setup.assisted and setup.mode == GameMode.COMPUTER, 0,
        house_rules=setup.house_rules_in_force(defaults_rules))
    if hosting is not None:
        from bezique.net.host import HostedSession
        from bezique.net.hosting import host_game
        hosted_session = HostedSession(rules, seats, seed=seed)
        hosted = host_game(hosted_session, meta, 0 if hosting.here else None, port=hosting.port, bind=hosting.bind,
                           saver=books.keep_up if books is not None else None,
                           replacing=books.replace_saved if books is not None else None)
        return Started(hosted_session, meta, hosted)
    if books is not None:
        books.replace_saved()
    session = GameSession(rules, seats, seed=seed, allow_undo=defaults.app.allow_undo)
    session.assisted = setup.assisted and setup.mode == GameMode.COMPUTER
    return Started(session, meta)


def resume_game(game: RecordedGame, meta: dict[str, Any], defaults: Defaults, books: Books,
                hosting: Hosting | None = None) -> Started:
    """The saved `game` (with its `meta`), exactly where it stopped: at one screen, or, for a game hosted for
    other computers (``meta.network``), hosted again at `hosting` (default: the default port, the local network)
    with the code its friends know.

    Raises:
        OSError: a hosted game, and no port can be listened on (the save is left as it was).
    """
    where = hosting or Hosting()
    if is_hosted(game, meta, headless=not where.here):
        from bezique.net.hosting import rehost_game
        hosted = rehost_game(game, meta, port=where.port, bind=where.bind, saver=books.keep_up,
                             headless=not where.here)
        return Started(hosted.host.session, meta, hosted)
    session = GameSession.from_game(game, allow_undo=defaults.app.allow_undo,
                                    assisted=bool(meta.get("assisted", False)))
    return Started(session, meta)


def is_hosted(game: RecordedGame, meta: dict[str, Any], headless: bool = False) -> bool:
    """Whether a saved game was hosted for other computers (``hosting.hosted_seats``; `headless`: with nobody at
    the host): the network is loaded only for a save that says so."""
    if "network" not in meta:
        return False
    from bezique.net import hosting
    return hosting.hosted_seats(game, meta, headless) is not None
