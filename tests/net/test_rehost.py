"""A hosted game continued from its save is hosted again, over real localhost sockets: the same seats, the friend
joins with the same code (the save keeps its secret) and the game plays on from exactly the position saved. A save
whose secret is missing or damaged still hosts, with a fresh one; a damaged ``network`` is not taken for a hosted
game; a headless host whose save fails goes on playing."""

from __future__ import annotations

import errno
import random
from typing import Any

import pytest

from bezique.net import hosting
from bezique.net.client import Client, LinkChange
from bezique.net.host import plain_save
from bezique.net.joincode import SECRET_BITS, secret_of
from bezique.net.protocol import Closing, Link, Update, Welcome
from bezique.persist import saves, storage
from bezique.rules import view_for
from tests.net.hosting import latest, wait_for
from tests.net.rehosting import MOVES_GUARD, host_new, hosted_meta, people_game, play_moves, valid_secret


def test_a_hosted_game_saved_mid_deal_is_hosted_again_with_the_same_code_and_plays_on() -> None:
    first = host_new(seed=5)
    friend = Client("Bruno")
    friend.connect(first.host.code)
    assert wait_for(friend, Welcome).seat == 1
    wait_for(friend, Update, lambda u: u.view.phase == "play")
    play_moves([first.client, friend], first.host, 5)
    code, port, played = first.host.code, first.host.port, first.host.session.game.to_dict()
    position = first.host.session.state
    first.stop()
    assert wait_for(friend, Closing).reason == "host_quit"
    friend.close()

    loaded = saves.load_saved_game()
    assert loaded.game is not None and loaded.game.to_dict() == played  # saved after every move
    assert loaded.meta["network"]["remote"] == [1] and loaded.meta["network"]["secret"] == first.host.secret
    assert loaded.game.players[1]["name"] == "Bruno"  # the name the friend joined with, not "Player 2"
    again = hosting.rehost_game(loaded.game, loaded.meta, port=port, bind="127.0.0.1")
    try:
        assert again.host.code == code  # the same port and the kept secret: the code the friend knows
        assert again.host.remote == (0, 1)
        assert again.host.session.seats == first.host.session.seats and again.host.names[1] == "Bruno"
        assert [s.kind for s in again.host.session.seats] == ["human", "human"]
        friend = Client("Bruno")
        friend.connect(code)
        assert wait_for(friend, Welcome).seat == 1
        assert latest(friend, again.host).view == view_for(position, 1)  # exactly where it stopped
        assert latest(again.client, again.host).view == view_for(position, 0)
        play_moves([again.client, friend], again.host, 1)
        deal = saves.load_saved_game().game.to_dict()["deals"][-1]
        assert deal["actions"][:-1] == played["deals"][-1]["actions"]  # one move more, on from the saved ones
    finally:
        again.stop()
        friend.close()


@pytest.mark.parametrize("secret", [None, "K7Q2", True, -1, 1 << SECRET_BITS, 2.5])
def test_a_save_without_a_usable_secret_is_hosted_with_a_fresh_one_that_it_keeps(secret: Any) -> None:
    session = people_game()
    meta = hosted_meta([1], secret)
    again = hosting.rehost_game(session.game, meta, port=0, bind="127.0.0.1")
    try:
        assert valid_secret(again.host.secret) and secret_of(again.host.code) == again.host.secret
        assert again.host.save_meta is meta and meta["network"] == {"remote": [1], "secret": again.host.secret,
                                                                    "secret_bits": SECRET_BITS, "tokens": {}}
        friend = Client("Bruno")
        friend.connect(again.host.code)
        assert wait_for(friend, Welcome).seat == 1
        play_moves([again.client, friend], again.host, 1)
        assert saves.load_saved_game().meta["network"]["secret"] == again.host.secret  # kept from its next save
        friend.close()
    finally:
        again.stop()


def test_the_computers_of_a_hosted_game_play_their_seats_again() -> None:
    session = people_game(kinds=["human", "ai", "human"], variant="three_handed")
    again = hosting.rehost_game(session.game, hosted_meta([2], level="beginner"), port=0, bind="127.0.0.1")
    try:
        assert again.host.remote == (0, 2) and again.host.links[1] == "here"
        friend = Client("Carla")
        friend.connect(again.host.code)
        assert wait_for(friend, Welcome).seat == 2
        for _ in range(12):  # the computer's turns come and go: the game never waits at seat 1
            play_moves([again.client, friend], again.host, 1)
        assert len(again.host.session.game.deals[-1]["actions"]) > 12
        friend.close()
    finally:
        again.stop()


def test_a_hosted_game_saved_between_deals_deals_on_when_both_ask_again() -> None:
    session = people_game()
    rng = random.Random(2)
    for _ in range(MOVES_GUARD):
        if session.awaiting_deal:
            break
        session.make_move(rng.choice(session.legal()))
    assert session.awaiting_deal and session.state.deal_index == 0
    again = hosting.rehost_game(session.game, hosted_meta([1]), port=0, bind="127.0.0.1")
    try:
        friend = Client("Bruno")
        friend.connect(again.host.code)
        assert wait_for(friend, Welcome).seat == 1
        if again.client.seat is None:
            wait_for(again.client, Welcome)
        for client in (again.client, friend):  # the next deal waits for both, as it did before
            assert latest(client, again.host).waiting == (0, 1) and latest(client, again.host).view.deal_index == 0
        for client in (again.client, friend):
            client.ready()
        dealt = wait_for(friend, Update, lambda u: u.view.phase == "play")
        assert dealt.view.deal_index == 1
        friend.close()
    finally:
        again.stop()


@pytest.mark.parametrize("network", [
    None, "remote", {}, {"remote": []}, {"remote": "1"}, {"remote": [True]}, {"remote": [7]}, {"remote": [0, 1]},
    {"remote": [1.0]},
])
def test_a_damaged_network_is_no_hosted_game(network: Any) -> None:
    session = people_game()
    meta = saves.new_game_meta("hotseat", None)
    if network is not None:
        meta["network"] = network
    assert hosting.hosted_seats(session.game, meta) is None
    with pytest.raises(ValueError, match="not of a game hosted"):
        hosting.rehost_game(session.game, meta, port=0, bind="127.0.0.1")


def test_hosted_seats_name_the_host_s_player_and_the_friends() -> None:
    assert hosting.hosted_seats(people_game().game, hosted_meta([1])) == (0, [1])
    three = people_game(kinds=["human", "ai", "human"], variant="three_handed")
    assert hosting.hosted_seats(three.game, hosted_meta([2])) == (0, [2])
    assert hosting.hosted_seats(three.game, hosted_meta([0])) == (2, [0])
    assert hosting.hosted_seats(three.game, hosted_meta([1])) is None  # a computer's seat is nobody's to join


def test_a_headless_host_whose_save_fails_says_so_and_plays_on(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    def full(path: Any, obj: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage, "write_json_atomic", full)
    session = people_game()
    plain_save(session, hosted_meta([1]))
    assert "could not be saved" in capsys.readouterr().err and not saves.has_saved_game()


def test_a_friend_rejoins_by_itself_a_host_killed_and_continued() -> None:
    """The host's program dies (no goodbye) and is continued from its save: the friend's window rejoins by itself
    with the token it had, its seat admitted (the save kept the token, hashed), without typing the code again."""
    first = host_new(seed=5)
    friend = Client("Bruno", auto_rejoin=True)
    friend.connect(first.host.code)
    assert wait_for(friend, Welcome).seat == 1
    wait_for(friend, Update, lambda u: u.view.phase == "play")
    play_moves([first.client, friend], first.host, 2)
    port, door = first.host.port, first.host.door

    def killed(_reason: object) -> list:  # every connection cut, no goodbye said: as a crash leaves them
        for conn in list(door.conns.values()):
            conn.ws.transport.abort()
        return []

    door.goodbye = killed  # type: ignore[method-assign]
    first.stop()
    assert wait_for(friend, LinkChange, lambda c: c.link == Link.DROPPED)
    loaded = saves.load_saved_game()
    assert loaded.game is not None
    again = hosting.rehost_game(loaded.game, loaded.meta, port=port, bind="127.0.0.1")
    try:
        assert again.host.port == port
        assert wait_for(friend, Welcome).seat == 1  # its own rejoin, with its token: no code typed
        assert friend.link == Link.CONNECTED
        play_moves([again.client, friend], again.host, 1)
    finally:
        again.stop()
        friend.close()
