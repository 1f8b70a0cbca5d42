"""Helpers for the tests of a hosted game continued from its save: people who play moves through their clients,
and saved hosted games made without a host (one just dealt, one a move from its end).

Every wait is on a client's queue (``hosting.HANG_S`` guards against a hang only): no test sleeps or measures time.
"""

from __future__ import annotations

import random
from typing import Any

from bezique.config import AISettings, AppSettings, Config
from bezique.games.books import Books
from bezique.games.defaults import Defaults
from bezique.games.door import Hosting, start_game
from bezique.net.client import Client
from bezique.net.host import Host
from bezique.net.hosting import HostedGame
from bezique.net.joincode import SECRET_BITS
from bezique.net.protocol import Update, Welcome
from bezique.persist import saves
from bezique.presenter.session import GameSession, new_seats
from bezique.presenter.setup import GameSetup
from bezique.rules import Action, RecordedGame, make_ruleset, parse_action, replay_record
from tests.net.hosting import latest, wait_for

MOVES_GUARD = 5000  # a budget of moves for a random game to reach its end: far more than any needs
ON_LOCALHOST = Hosting(port=0, bind="127.0.0.1")


def host_new(seed: int = 5, lang: str = "en", name: str = "Alice", books: Books | None = None) -> HostedGame:
    """A two-handed game hosted through the one door (``games.door.start_game``) as New game hosts it, for one
    friend, on 127.0.0.1 at a free port: seat 0 the host's player (`name`), the computer at beginner; saved after
    every change by `books` (None: the save alone)."""
    setup = GameSetup(level="beginner", seed=seed)
    setup.people[0] = True
    setup.names[0] = name
    hosted = start_game(setup, Defaults(Config(), AppSettings(), AISettings()), lang, books, ON_LOCALHOST).hosted
    assert hosted is not None
    return hosted


def hosted_meta(remote: list[int], secret: Any = 12345, level: str | None = None) -> dict[str, Any]:
    """A hosted game's save meta, as the door makes it for ``hosting.host_game`` (`secret` as the file holds it)."""
    network: dict[str, Any] = {"remote": remote}
    if secret is not None:
        network["secret"] = secret
        network["secret_bits"] = SECRET_BITS
    return saves.new_game_meta("hotseat", level, network=network)


def people_game(seed: int = 5, variant: str = "two_handed", kinds: list[str] | None = None,
                target: int | None = None) -> GameSession:
    """A game between people (and computers, by `kinds`), its first deal dealt."""
    rules = make_ruleset(variant, {"target_score": target} if target else None)
    kinds = kinds or ["human"] * rules.players
    session = GameSession(rules, new_seats(rules.players, "hotseat", "en", seed, "beginner", kinds=kinds), seed=seed)
    session.start_deal()
    return session


def one_move_from_the_end(seed: int = 5) -> tuple[RecordedGame, dict[str, Any]]:
    """A two-handed game (to 500) between people played at random to its end, then its record without the last
    move: that game, and that last move as the record names it (the move that ends the game)."""
    session = people_game(seed, target=500)
    rng = random.Random(seed)
    for _ in range(MOVES_GUARD):
        if session.over:
            break
        if session.awaiting_deal:
            session.start_deal()
        else:
            session.make_move(rng.choice(session.legal()))
    assert session.over, "the random game did not end"
    doc = session.game.to_dict()
    last = doc["deals"][-1]["actions"].pop()
    return replay_record(doc), last


def action_of(game: RecordedGame, entry: dict[str, Any]) -> Action:
    """The move a record's `entry` names, in `game`'s position."""
    return parse_action(game.state, entry)[1]


def play_moves(clients: list[Client], host: Host, count: int) -> None:
    """`count` moves, each the first legal action of the person to act (once it is a person's turn: the computers
    play theirs meanwhile), made through their client; returns once every client has the update of the move (so
    the host has saved it: it saves before it sends)."""
    for client in clients:
        if client.seat is None:  # the host's own player's client joins by itself: not always welcomed yet
            wait_for(client, Welcome)
    seats = {client.seat: client for client in clients}
    for _ in range(count):
        seen = latest(clients[0], host)
        while seen.view.to_act not in seats:  # a computer's turn: its move comes by itself
            seen = wait_for(clients[0], Update, lambda u, v=seen.version: u.version > v)
        mover = seats[seen.view.to_act]
        update = latest(mover, host)
        mover.send_move(update.legal[0])
        for client in clients:
            wait_for(client, Update, lambda u, v=update.version: u.version == v + 1)


def valid_secret(secret: Any) -> bool:
    return isinstance(secret, int) and not isinstance(secret, bool) and 0 <= secret < 1 << SECRET_BITS
