"""Play across the internet: the host's invitation and a friend's join by it, over the iroh tunnel (``tunnel``).

The one place that knows whether this computer can (``unavailable``): iroh ships wheels for the common desktops
only (not Intel Macs, nor older or musl Linux), so it is an optional part (``pip install bezique[internet]``) and
is imported only here, when a player asks for the internet; without it the window says so and the local network
plays as ever.

A friend's ``InternetClient`` is a ``Client`` like any other: it connects to its tunnel's loopback port with a join
code naming that port and the invitation's secret, so the join, the key exchange on the secret, the rejoin after a
drop and every check at the host are the local network's own.
"""

from __future__ import annotations

import importlib
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

from bezique.mailbox import Mailbox
from bezique.net.client import Client
from bezique.net.host import Host
from bezique.net.hosting import HostedGame
from bezique.net.invitation import Invitation, parse
from bezique.net.joincode import JoinCode
from bezique.net.protocol import CloseReason
from bezique.net.relays import Relays

if TYPE_CHECKING:
    from bezique.net.tunnel import ClientTunnel, HostTunnel

log = logging.getLogger("bezique.net")


class InternetUnavailable(RuntimeError):
    """This computer cannot play over the internet (iroh is not installed, or its library does not load here)."""


def unavailable() -> str | None:
    """Why this computer cannot play over the internet (the import's own words), or None when it can."""
    try:
        _tunnel()
    except InternetUnavailable as exc:
        return str(exc)
    return None


def _tunnel() -> ModuleType:
    try:
        return importlib.import_module("bezique.net.tunnel")
    except (ImportError, OSError) as exc:  # no iroh, or its compiled library does not load on this system
        raise InternetUnavailable(str(exc) or type(exc).__name__) from None


@dataclass
class Invited:
    """A host's invitation across the internet and the tunnel that serves it (stopped with the hosted game)."""

    invitation: Invitation
    tunnel: HostTunnel

    @property
    def relay_answered(self) -> bool | None:
        """False when no relay took the host in (only a friend with a direct path to this computer gets in); None
        when none was asked (relays off)."""
        return self.tunnel.relay_answered

    def stop(self) -> None:
        self.tunnel.stop()


def invite(host: Host, relays: Relays) -> Invited:
    """Open the host's game to the internet: a tunnel to its websocket server, and the invitation naming it (with
    the game's secret). The host counts its limits for each internet peer apart (``Doorway.forwarder``). It may
    take a few seconds (a relay is asked to take the host in): call it off the window's thread.

    Raises:
        InternetUnavailable: no iroh here.
        tunnel.TunnelError: the endpoint cannot be bound.
    """
    tunnel: HostTunnel = _tunnel().HostTunnel(host.port, relays)
    host.door.forwarder = tunnel  # before it accepts anyone: no peer of its is ever counted as this machine
    ticket = tunnel.start()
    return Invited(Invitation(ticket, host.secret), tunnel)


def invite_in_background(hosted: HostedGame, relays: Relays, tell: Mailbox[Invited | Exception]) -> None:
    """``invite`` on a thread of its own (a relay may take seconds to answer): the invitation, attached to
    `hosted` so that it stops with the game, or the exception that stopped it (its own words logged, for whoever
    reads the log: the window says it in the player's), is posted to `tell` (the window's mailbox: the window
    reads it on its own thread)."""

    def run() -> None:
        try:
            invited = invite(hosted.host, relays)
        except Exception as exc:  # any failure of the tunnel is said at the table; the game goes on
            log.warning("opening the game to the internet failed: %s", str(exc) or type(exc).__name__)
            tell.post(exc)
            return
        hosted.attach(invited)  # stopped with the game (at once if the host left meanwhile)
        tell.post(invited)

    threading.Thread(target=run, name="bezique-invite", daemon=True).start()


class InternetClient(Client):
    """A friend's client whose connections go through a tunnel to the host an invitation names; ``code`` is the
    join code it connects with (the tunnel's loopback port and the invitation's secret)."""

    UNREACHABLE = CloseReason.UNREACHABLE_INTERNET

    def __init__(self, name: str, tunnel: ClientTunnel, secret: int, auto_rejoin: bool = False) -> None:
        super().__init__(name, auto_rejoin)
        self.tunnel = tunnel
        self.code = JoinCode("127.0.0.1", tunnel.port, secret).text()

    def close(self) -> None:
        super().close()
        self.tunnel.stop()


def client_for(name: str, text: str | Invitation, relays: Relays, auto_rejoin: bool = False) -> InternetClient:
    """A client for the game the invitation `text` names (its text, or read already), its tunnel started, not
    connected yet (``join``). It may take seconds (the tunnel looks for the host): off the window's thread.

    Raises:
        invitation.InvitationError: `text` is not a whole invitation (nothing was started).
        InternetUnavailable: no iroh here.
        tunnel.TunnelError: the ticket cannot be read, or the tunnel cannot be bound.
    """
    invitation = parse(text) if isinstance(text, str) else text
    tunnel: ClientTunnel = _tunnel().ClientTunnel(invitation.ticket, relays)
    tunnel.start()
    return InternetClient(name, tunnel, invitation.secret, auto_rejoin)


def join(name: str, text: str | Invitation, relays: Relays, auto_rejoin: bool = False) -> InternetClient:
    """Join the game the invitation `text` names: the client, connecting already (its inbox says what came of it).

    Raises:
        as ``client_for``.
    """
    client = client_for(name, text, relays, auto_rejoin)
    client.connect(client.code)
    return client


class Joining:
    """``join`` on a thread of its own ("bezique-join"), so that the window draws on while the tunnel looks for the
    host: the client (or the exception that stopped it, its words logged for whoever reads the log) is posted to a
    mailbox the window reads with ``outcome``. A window that stops waiting (``abandon``) gets the client back if it
    came meanwhile, to let it go; one that comes later is closed here, so that no seat is taken unseen."""

    def __init__(self, name: str, invitation: Invitation, relays: Relays, wake: Callable[[], None] | None = None,
                 auto_rejoin: bool = True) -> None:
        self._outcome: Mailbox[Client | Exception] = Mailbox(limit=1, wake=wake)
        self._lock = threading.Lock()
        self._abandoned = False
        threading.Thread(target=self._run, args=(name, invitation, relays, auto_rejoin), name="bezique-join",
                         daemon=True).start()

    def _run(self, name: str, invitation: Invitation, relays: Relays, auto_rejoin: bool) -> None:
        outcome: Client | Exception
        try:
            outcome = join(name, invitation, relays, auto_rejoin)
        except Exception as exc:  # the window says it in the player's words; its own words go to the log
            log.warning("joining across the internet failed: %s", str(exc) or type(exc).__name__)
            outcome = exc
        with self._lock:
            if not self._abandoned:
                self._outcome.post(outcome)
                return
        if isinstance(outcome, Client):
            outcome.close()

    def outcome(self) -> Client | Exception | None:
        """The client, or why it could not join; None while the tunnel is still starting (the window's thread)."""
        came = self._outcome.drain()
        return came[-1] if came else None

    def abandon(self) -> Client | None:
        """Stop waiting: the client if it had come unread (the caller lets it go), else None."""
        with self._lock:
            self._abandoned = True
            came = self._outcome.drain()
        return next((c for c in came if isinstance(c, Client)), None)
