"""The host of a game on several computers: it owns the game and tells each remote seat only what that seat may
know.

Threads: websockets' asyncio server runs on a loop in a background thread, where ``doorway.Doorway`` admits
connections (limits, the key exchange that proves the code, seats) and checks each message as far as it can
without the game; what is left reaches the game thread through a thread-safe inbox. The game is changed on one
other thread only, the game thread (``drive``'s: ``hosting``'s driver thread, whether a window plays a seat over
loopback or nobody does), so ``GameSession`` needs no lock; the saver runs there too, so it writes only files and
posts what a window must say to the window's mailbox (``games.books``), never into the window. That thread
takes the inbox with ``poll``, which checks each message against the game (whose seat, whose turn, stale, the
rules' own refusal) and returns an accepted move for the caller to play through the session like any other. Every
change of a ``HostedSession`` (a move, a new deal) sends each remote seat an ``Update`` built on the game thread:
``view_for`` its seat, the events redacted for it, its legal actions, every seat's state. Why asyncio rather than
websockets' threaded API: one thread serves every connection, and the game thread never blocks on a socket.

Faults are contained: a message whose handling fails, a save that raises anything, an update that cannot be
built for one seat, are logged and told to the table (``Notice``), and the game goes on; the game thread and the
other connections never stop for one peer.

A dropped friend keeps their seat: the game waits at their turn, and a ``rejoin`` with the token given at join
resumes exactly where it was (the update sent carries the whole view); the tokens are saved (hashed) with the
game, so a host continued from its save admits them too. A join takes a seat nobody has joined yet, else one
whose player dropped (a friend whose program restarted has lost the token).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import secrets
import sys
import threading
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from websockets.asyncio.server import serve

from bezique.net import joincode
from bezique.net.doorway import Doorway, Inbound, refusal
from bezique.net.limits import Limits
from bezique.net.link import PING_INTERVAL_S, PING_TIMEOUT_S, lan_address
from bezique.net.protocol import (
    TRANSPORT_MAX,
    Act,
    Chat,
    ChatLine,
    CloseReason,
    ErrorCode,
    Notice,
    NoticeKind,
    ProtocolError,
    Ready,
    SeatState,
    Update,
    encode,
)
from bezique.net.sockets import SocketGate
from bezique.persist import saves
from bezique.presenter.seat_link import Link
from bezique.presenter.session import GameSession
from bezique.rules import (
    Action,
    Event,
    EventKind,
    IllegalActionError,
    Phase,
    SeatKind,
    parse_action,
    redact_event,
    view_for,
    why_illegal,
)

Saver = Callable[[GameSession, dict[str, Any]], None]  # what is done with the game and its meta after each change

CHAT_RESENT = 50  # the chat's last lines sent to a seat that joins or comes back (the host keeps no more)
# messages waiting for the game thread: far more than the seats' rates let in between two of its polls, so only a
# game thread that has stalled fills it; then each further message is refused to its sender as BUSY (it may send
# it again) and the table is told of a fault. A seat's join or drop (bounded by the connection limits) has
# LINK_ROOM more, so that the game thread learns of it even then.
INBOX_MAX = 1024
LINK_ROOM = 64
STOP_GRACE_S = 5.0  # how long a quitting host waits for its goodbyes to be sent before it closes anyway
log = logging.getLogger("bezique.net")


class HostedSession(GameSession):
    """A ``GameSession`` that tells its host of every change, with the omniscient events (the host redacts them
    for each seat), so the table plays a hosted game exactly as any other."""

    listener: Callable[[list[Event]], None] | None = None

    def start_deal(self) -> list[Event]:
        events = super().start_deal()
        self._tell(events)
        return events

    def make_move(self, action: Action, chosen: bool = True) -> list[Event]:
        events = super().make_move(action, chosen)
        self._tell(events)
        return events

    def _tell(self, events: list[Event]) -> None:
        if self.listener is not None:
            self.listener(events)


class Host:
    """Serves one game to the remote seats of `session`.

    Args:
        session: the game (its seats' kinds: the people not in `remote` are at the host's screen).
        remote: the seats friends play from their computers.
        bind: the interface to listen on ("0.0.0.0": the local network; "127.0.0.1" for tests).
        port: 0 for any free port (the code carries it).
        advertise: the address put in the code (default: this machine's LAN address, or `bind` if not 0.0.0.0).
        save_meta: the game's save meta (None: nothing is saved); with it the game is saved after every change,
            on the game thread, by `saver`, its ``network`` keeping the friends' tokens.
        saver: what keeps the game after each change, on the game thread (default ``plain_save``: the save alone);
            the door gives the player's bookkeeping (``games.books.Books``), so that a hosted game is counted, kept
            in Past games and its failed saves said like a game at one screen.
        secret: the join code's secret (default a fresh one); a game hosted again keeps its own, so that the code
            its friends know still works.
        tokens: the friends' tokens a save kept (``Doorway.kept_tokens``): their rejoins are admitted.
        limits: what a peer is allowed (a test gives smaller ones and its own clock).
    """

    def __init__(self, session: HostedSession, remote: Sequence[int], bind: str = "0.0.0.0",
                 port: int = joincode.DEFAULT_PORT, advertise: str | None = None,
                 save_meta: dict[str, Any] | None = None, saver: Saver | None = None,
                 secret: int | None = None, tokens: Mapping[str, int] | None = None,
                 limits: Limits | None = None) -> None:
        if not remote or any(not 0 <= s < len(session.seats) or session.seats[s].kind != SeatKind.HUMAN
                             for s in remote):
            raise ValueError("remote seats must be human seats of the game")
        self.session = session
        self.remote = tuple(sorted(set(remote)))
        self.bind, self._want_port = bind, port
        self.advertise = advertise or (lan_address() if bind == "0.0.0.0" else bind)
        self.secret = secrets.randbits(joincode.SECRET_BITS) if secret is None else secret
        self.port = 0
        self.version = 0  # counts the game's changes: a move's ``at`` must name the current one
        self.ready: set[int] = set()  # seats that asked for the next deal
        # the chat's last lines, sent again to a seat that joins or comes back (the earlier ones are not kept: a long
        # evening's chat would otherwise grow the host without end), and how many were said in all
        self.chat: deque[ChatLine] = deque(maxlen=CHAT_RESENT)
        self.chat_said = 0
        self._behind = False  # the inbox is full: messages are refused (said once while it lasts)
        self.closed = False
        self.on_send: Callable[[int, str], None] | None = None  # each update as it is made (tests inspect them)
        self.on_notice: Callable[[Notice], None] | None = None  # each notice (a headless host prints it)
        self._inbox: queue.Queue[Inbound | Notice | None] = queue.Queue(INBOX_MAX + LINK_ROOM)
        self.door = Doorway(self.secret, self.remote, [seat.name for seat in session.seats], limits or Limits(),
                            self._hand_on, dict(tokens or {}))
        self.gate = SocketGate(self.door.limits)  # counts the sockets from other computers before the door
        self.door.proven = self.gate.proven
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._started = threading.Event()
        self._stopping: asyncio.Event | None = None
        self._error: BaseException | None = None
        self.save_meta = save_meta
        self.saver = saver or plain_save
        session.listener = self._changed

    # --- the game thread ---------------------------------------------------------------------------------------

    @property
    def code(self) -> str:
        return joincode.JoinCode(self.advertise, self.port, self.secret).text()

    @property
    def links(self) -> list[Link]:
        return self.door.links

    @property
    def names(self) -> list[str]:
        return self.door.names

    @property
    def joined(self) -> bool:
        """Every remote seat has had its player: the first deal may start."""
        return all(self.links[s] != Link.OPEN for s in self.remote)

    def humans(self) -> list[int]:
        return self.session.humans

    def waiting(self) -> list[int]:
        """Between deals, the people whose "next deal" the host still waits for (none during a deal)."""
        if not self.session.awaiting_deal or self.session.state.deal_index < 0:
            return []  # the first deal waits only for everyone to join
        return [s for s in self.humans() if s not in self.ready]

    def may_deal(self) -> bool:
        """Whether the next deal may start: everyone has joined and, after a deal, every person asked for it."""
        return self.session.awaiting_deal and self.joined and not self.waiting()

    def reserve(self, seat: int) -> str:
        """Keep remote `seat` for whoever holds the token returned (the host's own player, joining over loopback):
        no join by the code takes it, even while it is dropped."""
        return self.door.reserve(seat)

    def ready_here(self, seat: int) -> None:
        """The person at the host's screen asked for the next deal."""
        if self.session.awaiting_deal:
            self.ready.add(seat)
            self._send_updates([])

    def start(self) -> None:
        """Listen (in a background thread) and return once the port is bound.

        Raises:
            OSError: the port cannot be bound (another program has it).
        """
        self._thread = threading.Thread(target=self._run, name="bezique-host", daemon=True)
        self._thread.start()
        self._started.wait()
        if self._error is not None:
            raise self._error

    def stop(self, reason: CloseReason = CloseReason.HOST_QUIT) -> None:
        """Tell every client the game is over here (`reason`), close their connections and the server."""
        if self.closed:
            return  # nothing to save here: every change was saved on the game thread as it was made
        self.closed = True
        loop = self._loop
        if loop is not None and self._stopping is not None:
            loop.call_soon_threadsafe(self._say_goodbye, reason)
        if self._thread is not None:
            self._thread.join(STOP_GRACE_S * 2)
        with contextlib.suppress(queue.Full):  # full: the game thread has plenty to read before it waits again
            self._inbox.put_nowait(None)  # a game thread waiting in poll wakes up

    def poll(self, timeout: float | None = 0) -> Action | None:
        """Handle what has come in (waiting up to `timeout` seconds for something, None: until it comes) and
        return the first accepted move of the remote seat to act, for the caller to play (``session.make_move``)."""
        try:
            item = self._inbox.get(timeout=timeout) if timeout != 0 else self._inbox.get_nowait()
        except queue.Empty:
            return None
        while item is not None:
            try:
                accepted = self._handle(item)
            except Exception:  # contained: logged and told, the game goes on
                who = self.names[item.seat] if isinstance(item, Inbound) else ""
                log.exception("a message from %s could not be handled", who or "the network")
                self.tell(Notice(NoticeKind.FAULT, who, 0))
                accepted = None
            if accepted is not None:
                return accepted
            try:
                item = self._inbox.get_nowait()
            except queue.Empty:
                return None
        return None

    def _handle(self, item: Inbound | Notice) -> Action | None:
        if isinstance(item, Notice):
            self.tell(item)
            return None
        message = item.message
        if message is None:  # joined or dropped: everyone sees it, and a joiner gets the whole view
            name = self.names[item.seat]
            if name != self.session.seats[item.seat].name:  # the name the friend joined with is kept
                self.session.rename(item.seat, name)
            self._save()  # the name, and the token a rejoin after a continue needs
            self._send_updates([])
            if self.links[item.seat] == Link.CONNECTED:  # and the chat so far (its window keeps what it has not shown)
                for line in self.chat:
                    self._deliver_seat(item.seat, encode(line))
            return None
        try:
            if isinstance(message, Chat):
                line = ChatLine(item.seat, message.text, self.chat_said)
                self.chat.append(line)
                self.chat_said += 1
                self._broadcast(encode(line))
                return None
            if isinstance(message, Ready):
                self._check_at(message.at)
                if not self.session.awaiting_deal or self.session.over:
                    raise ProtocolError(ErrorCode.NOT_NOW, "the next deal is asked for between deals")
                self.ready.add(item.seat)
                self._send_updates([])
                return None
            assert isinstance(message, Act)
            return self._accept(item.seat, message)
        except ProtocolError as exc:
            if item.conn is not None:
                self._deliver(item, refusal(message.seq, exc))
            return None

    def _check_at(self, at: int) -> None:
        if at != self.version:
            raise ProtocolError(ErrorCode.STALE, f"sent for game version {at}; it is now {self.version}")

    def _accept(self, seat: int, message: Act) -> Action:
        state = self.session.state
        player = message.action.get("player")
        if player != seat or isinstance(player, bool):
            raise ProtocolError(ErrorCode.NOT_YOUR_SEAT, f"you play seat {seat}, not {player!r:.10}")
        if state.to_act != seat:
            raise ProtocolError(ErrorCode.NOT_YOUR_TURN, "it is not your turn" if state.to_act is None else
                                f"it is seat {state.to_act}'s turn")
        self._check_at(message.at)
        try:
            _, action = parse_action(state, message.action)
        except IllegalActionError as exc:
            raise ProtocolError(ErrorCode.MALFORMED, f"action: {exc}") from None
        refusal = why_illegal(state, action)
        if refusal is not None:
            raise ProtocolError(ErrorCode.ILLEGAL_MOVE, refusal.text, refusal)
        return action

    def _changed(self, events: list[Event]) -> None:
        self.version += 1
        if any(e.kind == EventKind.DEAL_STARTED for e in events):
            self.ready.clear()
        self._save()
        self._send_updates(events)

    def _save(self) -> None:
        """The game saved by the saver; whatever it raises is contained: logged, told at the table, and the game
        goes on (the next change tries again)."""
        if self.save_meta is None:
            return
        network = self.save_meta.get("network")
        if isinstance(network, dict):
            network["tokens"] = self.door.kept_tokens()
        try:
            self.saver(self.session, self.save_meta)
        except Exception as exc:
            log.exception("the hosted game could not be saved")
            self.tell(Notice(NoticeKind.SAVE_FAILED, type(exc).__name__, 0))

    def tell(self, notice: Notice) -> None:
        """A notice for the table: the host's own player (and, for a fault, everyone) and ``on_notice``."""
        if self.on_notice is not None:
            self.on_notice(notice)
        text = encode(notice)
        for seat in self.remote:
            if notice.kind == NoticeKind.FAULT or seat in self.door.reserved:
                self._deliver_seat(seat, text)

    def _send_updates(self, events: list[Event]) -> None:
        state = self.session.state
        seats = tuple(SeatState(self.names[s], self.session.seats[s].kind, self._link(s),
                                self.session.seats[s].level if self.session.seats[s].kind == SeatKind.AI else "")
                      for s in range(len(self.names)))
        waiting = tuple(self.waiting())
        over = state.phase == Phase.OVER  # the game is over: the hands still held are laid down for everyone
        for seat in self.remote:
            try:
                view = view_for(state, seat)
                text = encode(Update(self.version, view, tuple(redact_event(e, seat, state) for e in events),
                                     tuple(view.legal), seats, waiting,
                                     {s: tuple(h) for s, h in enumerate(state.hands) if s != seat and over}))
            except Exception:  # contained: this seat misses one update (the next carries the whole view)
                log.exception("the update for seat %d could not be built", seat)
                continue
            if self.on_send is not None:
                self.on_send(seat, text)
            self._deliver_seat(seat, text)

    def _link(self, seat: int) -> Link:
        """`seat`'s link as the windows show it: the host's own player is at the host while its loopback holds (a
        friend's seat is one whose link is not "here")."""
        link = self.links[seat]
        return Link.HERE if seat in self.door.reserved and link == Link.CONNECTED else link

    def _broadcast(self, text: str) -> None:
        for seat in self.remote:
            self._deliver_seat(seat, text)

    def _deliver_seat(self, seat: int, text: str) -> None:
        if self._loop is not None and not self.closed:
            self._loop.call_soon_threadsafe(self.door.send_seat, seat, text)

    def _deliver(self, item: Inbound, text: str) -> None:
        if self._loop is not None and not self.closed and item.conn is not None:
            self._loop.call_soon_threadsafe(self.door.send, item.conn, text)

    # --- the loop thread ---------------------------------------------------------------------------------------

    def _hand_on(self, item: Inbound | Notice) -> None:
        """What the door hands the game thread, into its bounded inbox; over ``INBOX_MAX`` (a stalled game thread)
        a message is refused to its sender and the table told, once while it lasts (``LINK_ROOM`` keeps room for
        joins and drops)."""
        waiting = self._inbox.qsize()
        link = isinstance(item, Inbound) and item.message is None
        if waiting < INBOX_MAX + (LINK_ROOM if link else 0):
            try:
                self._inbox.put_nowait(item)
            except queue.Full:  # ``stop`` took the last place meanwhile: the game is ending
                return
            self._behind = self._behind and waiting >= INBOX_MAX // 2  # caught up when half of it is read
            return
        if isinstance(item, Inbound) and item.message is not None and item.conn is not None:
            self.door.send(item.conn, refusal(getattr(item.message, "seq", None),
                                              ProtocolError(ErrorCode.BUSY, "the host is behind: send it again")))
        if not self._behind:
            self._behind = True
            log.warning("the game thread is behind (%d messages wait): more are refused until it catches up", waiting)
            self.tell(Notice(NoticeKind.FAULT, "", 0))

    def _run(self) -> None:
        try:
            asyncio.run(self._serve())
        except BaseException as exc:  # reported to start(), which raises it on the caller's thread
            self._error = exc
            self._started.set()

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stopping = asyncio.Event()
        async with serve(self.door.connection, self.bind, self._want_port, max_size=TRANSPORT_MAX,
                         create_connection=self.gate.connection_class(),
                         ping_interval=PING_INTERVAL_S, ping_timeout=PING_TIMEOUT_S) as server:
            self.port = int(next(iter(server.sockets)).getsockname()[1])
            self._started.set()
            await self._stopping.wait()
            writers = self.door.goodbye(self._reason)
            if writers:  # the goodbyes go out (each writer ends at CLOSE) before the server closes the rest
                await asyncio.wait(writers, timeout=STOP_GRACE_S)

    _reason = CloseReason.HOST_QUIT

    def _say_goodbye(self, reason: CloseReason) -> None:
        self._reason = reason
        assert self._stopping is not None
        self._stopping.set()


def plain_save(session: GameSession, meta: dict[str, Any]) -> None:
    """A host's save when nobody keeps its books (tests, the bench): the game and `meta` written, nothing counted;
    a failure is said on stderr and the game goes on (it is tried again at the next change)."""
    try:
        saves.save_game(session.game, meta)
    except OSError as exc:
        print(f"bezique: the hosted game could not be saved: {exc}", file=sys.stderr)


def drive(host: Host, players: Mapping[int, Any], stop: threading.Event | None = None) -> None:
    """Run a hosted game with nobody at the host's screen (tests, the bench, a headless host): computers move at
    once (``players``: seat -> a ``bezique.ai`` player), remote seats' moves come from the network, deals start
    when everyone has joined and asked for them. Returns when the game is over or the host stops.

    Faults are contained: a friend's accepted move that fails to play is logged and told at the table, and the game
    waits for another; a computer, a deal or anything else that fails ends the game cleanly (it was saved at its
    last change; the friends are told the host met a fault) instead of leaving a table that waits for ever."""
    while not host.closed and not (stop is not None and stop.is_set()):
        try:
            _step(host, players, stop)
        except Exception:
            log.exception("the hosted game met a fault it cannot play past: it is ended, saved as it was")
            host.tell(Notice(NoticeKind.FAULT, "", 0))
            host.stop(CloseReason.FAULT)


def _step(host: Host, players: Mapping[int, Any], stop: threading.Event | None) -> None:
    """One step of ``drive``: a deal, a computer's move, or what came from the network."""
    session = host.session
    state = session.state
    if state.phase == Phase.OVER:
        host.poll(None)  # answer late messages until the host stops
        return
    if host.may_deal():
        session.start_deal()
        return
    seat = state.to_act
    if seat is not None and seat in players and state.phase != Phase.AWAIT_DEAL:
        view = view_for(state, seat)
        choice = players[seat].choose(view, view.legal, stop)
        if host.closed or (stop is not None and stop.is_set()):
            return  # a search cut short by the host quitting: its move is not played
        session.make_move(choice)
        return
    action = host.poll(None)
    if action is not None and not host.closed:
        try:
            session.make_move(action)
        except Exception:  # the friend's move only: logged, told, and the game waits for another
            log.exception("an accepted move of seat %s failed to play", state.to_act)
            host.tell(Notice(NoticeKind.FAULT, host.names[state.to_act] if state.to_act is not None else "", 0))
