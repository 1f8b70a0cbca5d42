"""The invitation across the internet: written and read back whole, read forgivingly where a messenger mangles it,
refused in words where it is cut or altered; and a computer without iroh says why it cannot play over the internet
(no network here: these run anywhere)."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bezique.net import internet
from bezique.net.invitation import PREFIX, Flaw, Invitation, InvitationError, looks_like, parse
from bezique.net.joincode import SECRET_BITS
from bezique.net.relays import RelayKind, Relays, relays_from
from tests.net.hosting import hosting

# a real ticket of iroh 1.2.0 (an endpoint on loopback, no relay): its shortest form
TICKET = ("endpointabkpequhj2lbn3rt7qpstckk2nh6hvx7q3bf4ttroetzgiwe4luyiaqbab7qaaabxxjaeaibaaaaaaaaaaaaaa"
          "aaaaaaaaaagbjkaq")

tickets = st.text("abcdefghijklmnopqrstuvwxyz234567", min_size=100, max_size=300).map(lambda t: "endpoint" + t)
secrets_ = st.integers(0, (1 << SECRET_BITS) - 1)


@given(tickets, secrets_)
def test_an_invitation_reads_back_whole(ticket: str, secret: int) -> None:
    invitation = Invitation(ticket, secret)
    text = invitation.text()
    assert text.startswith(PREFIX) and looks_like(text)
    assert parse(text) == invitation


@given(secrets_, st.lists(st.sampled_from([" ", "\n", "\r\n", "\t"]), min_size=1, max_size=6), st.randoms())
def test_a_messenger_s_line_breaks_brackets_and_case_are_forgiven(secret: int, breaks: list[str], rng) -> None:
    text = Invitation(TICKET, secret).text()
    for brk in breaks:  # a chat app wraps the long link, or a person copies it with the spaces around it
        at = rng.randrange(len(text))
        text = text[:at] + brk + text[at:]
    for mangled in (text, f"<{text}>", f'"{text}" ', text.upper(), f"  {text}/\n"):
        assert parse(mangled) == Invitation(TICKET, secret)


@pytest.mark.parametrize(("text", "said"), [
    ("K7Q2-M9XA-P", Flaw.NOT_ONE),
    ("bezique://join/", Flaw.CUT_SHORT),
    (f"bezique://join/{TICKET}", Flaw.CUT_SHORT),
    (f"bezique://join/{TICKET}/", Flaw.CUT_SHORT),
    (f"bezique://join/{TICKET[:30]}/K7Q2M", Flaw.ADDRESS_DAMAGED),
    (f"bezique://join/{TICKET}x1/K7Q2M", Flaw.ADDRESS_DAMAGED),
    (f"bezique://join/{TICKET}/K7Q2", Flaw.SECRET_DAMAGED),
    (f"bezique://join/{TICKET}/K7Q2MM", Flaw.SECRET_DAMAGED),
    (f"bezique://join/{TICKET}/K7Q2U", Flaw.SECRET_DAMAGED),
    (f"bezique://join/{TICKET}/K7/Q2M", Flaw.CUT_SHORT),
    (f"https://join/{TICKET}/K7Q2M", Flaw.NOT_ONE),
])
def test_a_cut_or_altered_invitation_is_said_in_words(text: str, said: Flaw) -> None:
    with pytest.raises(InvitationError) as raised:
        parse(text)
    assert raised.value.flaw is said  # the window words it (test_net_invite: in every language)


def test_a_join_code_is_not_taken_for_an_invitation() -> None:
    assert not looks_like("K7Q2-M9XA-P") and not looks_like("") and looks_like(" Bezique://join/x")


def test_the_config_s_relay_names_the_relays() -> None:
    assert relays_from("public") == Relays(RelayKind.PUBLIC)
    assert relays_from("off") == Relays(RelayKind.OFF)
    assert relays_from("https://relay.example.org", "t0k") == Relays(RelayKind.OWN, "https://relay.example.org",
                                                                      "t0k")


def test_without_iroh_the_computer_says_it_cannot_play_over_the_internet(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "iroh", None)  # as on a computer where iroh has no wheel
    monkeypatch.delitem(sys.modules, "bezique.net.tunnel", raising=False)
    assert "iroh" in (internet.unavailable() or "")
    with pytest.raises(internet.InternetUnavailable):
        internet.join("Ann", Invitation(TICKET, 5).text(), Relays())
    with pytest.raises(InvitationError):  # a bad invitation is said as such first, with or without iroh
        internet.join("Ann", "bezique://join/nothing", Relays())


def test_the_door_knows_the_tunnel_before_the_tunnel_takes_anyone_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every tunnelled peer reaches the host from 127.0.0.1: one that came in before the door knew the tunnel
    would be counted as this machine (and another's limits as its). The tunnel starts accepting in ``start``."""
    tunnel = pytest.importorskip("bezique.net.tunnel")
    told: list[bool] = []

    def start(self: Any) -> str:
        told.append(door.forwarder is self)
        self._loop.end()
        raise tunnel.TunnelError("not started here")

    monkeypatch.setattr(tunnel.HostTunnel, "start", start)
    with hosting("two_handed", ["human", "human"], [0, 1]) as hosted:
        door = hosted.host.door
        with pytest.raises(tunnel.TunnelError):
            internet.invite(hosted.host, Relays(RelayKind.OFF))
    assert told == [True]
