"""A dropped friend keeps their seat and resumes exactly where they were; a host that quits saves the game as
the window's saves do and tells its friends."""

from __future__ import annotations

import json

from bezique.net.client import Client, LinkChange
from bezique.net.protocol import PROTOCOL_VERSION, Closing, ErrorCode, Refused, Update, Welcome
from bezique.persist import saves
from bezique.rules import action_to_json, view_for
from tests.net.hosting import Bot, hosting, joined, latest, play_bots, wait_for


def first_deal(client: Client) -> Update:
    update = wait_for(client, Update, lambda u: u.view.phase != "await_deal")
    assert isinstance(update, Update)
    return update


def test_a_dropped_player_rejoins_and_resumes_exactly_then_the_deal_is_played_out() -> None:
    with hosting("two_handed", ["human", "human"], [0, 1]) as hosted:
        host = hosted.host
        a, b = joined(hosted, "Ann", "Bob")
        first_deal(a)
        first_deal(b)
        before = latest(a, host)
        a.drop()
        assert wait_for(a, LinkChange, lambda c: c.link == "dropped")
        assert wait_for(b, Update, lambda u: u.seats[0].link == "dropped")
        version = host.version
        # nobody may play for the dropped seat: its turn waits for it
        if before.view.to_act == 0:
            b.send_text(json.dumps({"type": "act", "v": PROTOCOL_VERSION, "seq": b.next_seq(), "at": version,
                                    "action": action_to_json(0, before.legal[0])}))
            assert wait_for(b, Refused).code == ErrorCode.NOT_YOUR_SEAT
        assert host.version == version
        a.rejoin()
        welcome = wait_for(a, Welcome)
        assert (welcome.seat, welcome.token) == (0, a.token)
        back = wait_for(a, Update)
        assert isinstance(back, Update)
        assert (back.version, back.view, back.legal) == (before.version, before.view, before.legal)
        assert wait_for(b, Update, lambda u: u.seats[0].link == "connected")
        bots = [Bot(a, seed=1), Bot(b, seed=2)]
        play_bots(bots)
        assert hosted.session.awaiting_deal and latest(a, host).view == view_for(hosted.session.state, 0)
        a.close()
        b.close()


def test_a_player_who_lost_the_token_joins_again_by_the_code_into_their_dropped_seat() -> None:
    with hosting("two_handed", ["human", "human"], [0, 1]) as hosted:
        a, b = joined(hosted, "Ann", "Bob")
        first_deal(a)
        old_token = a.token
        a.close()  # the program closed: its token is gone with it
        assert wait_for(b, Update, lambda u: u.seats[0].link == "dropped")
        (again,) = joined(hosted, "Ann")
        assert again.seat == 0 and again.token != old_token
        assert latest(again, hosted.host).view == view_for(hosted.session.state, 0)
        stale = Client("Eve")
        stale.connect(hosted.host.code)
        assert wait_for(stale, Refused).code == ErrorCode.SEAT_TAKEN
        stale.send_text(json.dumps({"type": "rejoin", "v": PROTOCOL_VERSION, "seq": stale.next_seq(),
                                    "token": old_token}))
        assert wait_for(stale, Refused).code == ErrorCode.BAD_TOKEN  # the old token ended with the new join
        for client in (again, b, stale):
            client.close()


def test_a_host_that_quits_saves_the_game_and_tells_its_friends() -> None:
    meta = saves.new_game_meta("hotseat", None, network={"remote": [0, 1]})
    with hosting("two_handed", ["human", "human"], [0, 1], save_meta=meta) as hosted:
        a, b = joined(hosted, "Ann", "Bob")
        mover = a if first_deal(a).view.to_act == 0 else b
        update = latest(mover, hosted.host)
        mover.send_move(update.legal[0])
        wait_for(mover, Update, lambda u: u.version == update.version + 1)
        played = hosted.session.game.to_dict()
        hosted.host.stop()
        for client in (a, b):
            assert wait_for(client, Closing).reason == "host_quit"
            assert wait_for(client, LinkChange, lambda c: c.link == "closed")
        loaded = saves.load_saved_game()
        assert loaded.problem is None and loaded.game is not None
        assert loaded.game.to_dict() == played
        assert loaded.meta["network"]["remote"] == [0, 1]
        assert sorted(loaded.meta["network"]["tokens"].values()) == [0, 1]  # hashed: a continued host admits them
        a.close()
        b.close()


def test_the_window_s_client_rejoins_by_itself_after_a_drop() -> None:
    with hosting("two_handed", ["human", "human"], [0, 1]) as hosted:
        a = Client("Ann", auto_rejoin=True)
        a.connect(hosted.host.code)
        assert wait_for(a, Welcome).seat == 0
        (b,) = joined(hosted, "Bob")
        before = first_deal(a)
        a.drop()
        assert wait_for(a, LinkChange, lambda c: c.link == "dropped")
        assert wait_for(a, Welcome).seat == 0  # nobody asked it to: it came back with its token
        assert wait_for(a, Update).view == before.view
        a.close()
        b.close()
