"""The game being played in the window: a ``RecordedGame`` (so saving is free), its seats, decks and undo.

Everything the window changes goes through ``make_move`` (the checked path), which returns the omniscient events; the
table shows them as redacted for the seat at the screen (``shown_events``) and reads the game's facts from that
seat's ``ScreenView`` (``screen``), never from the game state, so it cannot hold a card its players may not know.
No pygame here.

Undo keeps a snapshot before each decision the player chose. It may go back as long as the player has *seen*
nothing new since: the table reports each event as it shows it (``seen``), and the first that shows a card the
player did not know (another seat's card played or melded, a card drawn into their hand) closes the door, with
the reason kept for the window to give. So a misplayed card can be taken back while the computer is still to
answer, and across the automatic draw while the drawn card is not yet shown; the computer's reply, once seen, is
never taken back, and an undo never re-deals or shows a hidden card.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import replace

from bezique.game_mode import GameMode
from bezique.i18n import t
from bezique.i18n.names import computer_names
from bezique.presenter.screen_view import ScreenView
from bezique.presenter.table_session import Capabilities, Seat, record_seat
from bezique.rules import (
    Action,
    Bonus,
    Event,
    EventKind,
    GameState,
    Phase,
    PlayerView,
    RecordedGame,
    Refusal,
    Ruleset,
    SeatKind,
    Verb,
    apply,
    choose_first_dealer,
    copy_key,
    legal_actions,
    redact_event,
    shuffled_deck,
    view_for,
    why_illegal,
)


def game_seed(seed: int | None = None) -> int:
    """`seed`, or a fresh one when none is given: a game's decks and its computer opponents' names both follow it,
    so the seed is fixed before either is made."""
    return random.randrange(1 << 30) if seed is None else seed


DEAL_ENDS = (EventKind.DEAL_SCORED, EventKind.DEAL_SETTLED, EventKind.GAME_OVER)
# why Undo cannot take a move back, as the window words it (i18n ``table.undo_<reason>``)
UNDO_REASONS = ("off", "hotseat", "nothing", "first", "answered", "drew", "deal_over")
# what another seat does that shows the player a card they did not know
_SHOWN_BY_OTHERS = (EventKind.CARD_PLAYED, EventKind.MELD_DECLARED, EventKind.SEVEN_EXCHANGED, EventKind.SEVEN_DECLARED)


def news(event: Event, viewer: int, turn_up: int | None) -> str | None:
    """Whether the (redacted) `event`, shown to `viewer`, showed them a card they did not know (the turn-up being
    `turn_up` before it): the reason undo stops there ("answered": another seat's card; "drew": a card drawn into
    their hand; "deal_over"), or None."""
    if event.kind in DEAL_ENDS or event.kind == EventKind.DEAL_STARTED:
        return "deal_over"
    if event.seat is None or not event.cards:
        return None
    if event.seat != viewer:
        return "answered" if event.kind in _SHOWN_BY_OTHERS or event.label == Bonus.CARTE_BLANCHE else None
    if event.kind == EventKind.CARD_DRAWN and event.cards[0] != turn_up:
        return "drew"
    return None


def new_seats(players: int, mode: GameMode, lang: str, seed: int, level: str = "",
              names: list[str] | None = None, kinds: list[SeatKind] | None = None) -> list[Seat]:
    """The seats of a new game, named in the player's language: every way a game starts (New game, ``play``,
    ``demo``, the tests' ``open_table``) comes here, so none can name a seat in the wrong language.

    Args:
        players: seats at the table.
        mode: against the computer (seat 0 the player, the rest the computer), hot-seat (everyone at the screen)
            or a demo (every seat the computer); ignored when `kinds` is given.
        lang: "en" or "it", for the default names ("You" / "Tu", "Player 2" / "Giocatore 2").
        seed: the game's seed: the computers' names follow it, so a replay seats the same opponents.
        level: the computers' level.
        names: names typed in New game (blank or missing: the default name).
        kinds: who plays each seat, for a table mixing people and computers.
    """
    if kinds is None:
        kinds = [SeatKind.HUMAN if mode == GameMode.HOTSEAT or (mode == GameMode.COMPUTER and i == 0) else SeatKind.AI
                 for i in range(players)]
    typed = [n.strip() for n in (names or [])] + [""] * players
    alone = kinds.count(SeatKind.HUMAN) == 1  # the one person at the table is "You"; several are numbered
    people = {i: typed[i] or (t("newgame.default_you", lang) if alone else t("newgame.player_name", lang,
                                                                                number=i + 1))
              for i, kind in enumerate(kinds) if kind == SeatKind.HUMAN}
    computers = iter(computer_names(seed, len(kinds) - len(people), taken=list(people.values())))
    return [Seat(people[i], SeatKind.HUMAN) if i in people else Seat(next(computers), SeatKind.AI, level)
            for i in range(players)]


class GameSession:
    """One game: seats, the recorded game, a seeded deck generator and the undo snapshots."""

    def __init__(self, rules: Ruleset, seats: list[Seat], seed: int | None = None, allow_undo: bool = False) -> None:
        self.rules = rules
        self.seats = seats
        self.seed = game_seed(seed)
        self.rng = random.Random(self.seed)
        self.first_dealer, self.cut = choose_first_dealer(rules, self.rng)
        players = [{"name": s.name, "type": s.kind, **({"level": s.level} if s.level else {})} for s in seats]
        self.game = RecordedGame.new(rules, players, self.first_dealer, seed=self.seed)
        self.allow_undo = allow_undo and not self.hotseat  # no undo when two share the screen: one could peek
        self.undo_closed = "nothing"  # why there is nothing to undo (a key of UNDO_REASONS)
        self.assisted = False
        self.resumed = False  # continued from a save: the table rebuilds instead of dealing
        self.on_change: Callable[[GameSession], None] | None = None  # after every change (the autosave)
        self._undo: list[RecordedGame] = []
        self._version = 0  # moves on at every change, so a screen view is built once per position
        self._screen: tuple[int, RecordedGame, int, ScreenView] | None = None

    @classmethod
    def from_game(cls, game: RecordedGame, allow_undo: bool = False, assisted: bool = False) -> GameSession:
        """A session around a game replayed from a save: its seats come from the record's players."""
        session = cls.__new__(cls)
        session.rules = game.rules
        session.seats = [record_seat(p) for p in game.players]
        session.seed = game_seed(game.seed)
        # later deals: a generator moved on by the deals already played, so they differ from the first ones
        session.rng = random.Random(session.seed * 1009 + len(game.deals))
        session.first_dealer, session.cut = game.first_dealer, []
        session.game = game
        session.allow_undo = allow_undo and sum(s.kind == SeatKind.HUMAN for s in session.seats) < 2
        session.assisted = assisted
        session.resumed = True
        session.on_change = None
        session._undo = []
        session.undo_closed = "nothing"
        session._version = 0
        session._screen = None
        return session

    def _changed(self) -> None:
        self._version += 1
        if self.on_change is not None:
            self.on_change(self)

    @property
    def state(self) -> GameState:
        """The whole game, every hidden card included: for the session's own bookkeeping and the headless
        tools. The window never reads it (an architecture test holds it): it reads ``screen``."""
        return self.game.state

    @property
    def version(self) -> int:
        """Moves on at every change of the game (a move, a deal, an undo): a reader compares it to know that the
        position has changed."""
        return self._version

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == SeatKind.HUMAN]

    @property
    def hotseat(self) -> bool:
        return len(self.humans) > 1

    def person_from(self, seat: int) -> int:
        """The first person's seat from `seat` on, clockwise: who looks at the table when the computer acts first
        at a table mixing people and computers (`seat` itself when nobody at the table is a person)."""
        humans = self.humans
        return min(humans, key=lambda h: (h - seat) % len(self.seats)) if humans else seat

    @property
    def to_act(self) -> int | None:
        return self.state.to_act

    @property
    def awaiting_deal(self) -> bool:
        return self.state.phase == Phase.AWAIT_DEAL

    @property
    def over(self) -> bool:
        return self.state.phase == Phase.OVER

    def start_deal(self) -> list[Event]:
        events: list[Event] = []
        self.game.start_deal(shuffled_deck(self.rules, self.rng), events)
        self._close_undo("nothing")
        self._changed()
        return events

    def view(self, seat: int) -> PlayerView:
        """What `seat` may know, the rules' view: for the computer (``computer_view``), the tools and the tests; the
        window reads ``screen``."""
        return view_for(self.state, seat)

    def computer_view(self, seat: int) -> PlayerView:
        """What the computer playing `seat` decides from: the window asks for no other seat's view than the one at
        the screen (``screen``), so a person's hand cannot reach it by mistake.

        Raises:
            ValueError: `seat` is a person's.
        """
        if self.seats[seat].kind != SeatKind.AI:
            raise ValueError(f"seat {seat} is a person's: the computer decides only for its own seats")
        return self.view(seat)

    @property
    def shows_all(self) -> bool:
        """The screen shows every hand: Open Bezique, where they are public, and the demo, where every seat is the
        computer and there is nobody to hide a card from."""
        return self.rules.open_hands or not self.humans

    def screen(self, seat: int) -> ScreenView:
        """What the players at the screen may see, `seat`'s side of the table facing them (the table's viewer):
        built once per position and seat."""
        cached = self._screen
        if cached is not None and cached[0] == seat and cached[1] is self.game and cached[2] == self.version:
            return cached[3]
        state = self.state
        shown = {s: tuple(state.hands[s]) for s in range(self.rules.players) if s != seat} \
            if self.shows_all or self.over else None  # a game over lays down the hands still held
        screen = ScreenView.of(self.view(seat), shown)
        self._screen = (seat, self.game, self._version, screen)
        return screen

    def shown_events(self, events: list[Event], seat: int) -> list[Event]:
        """`events` as the screen shows them, `seat`'s side facing it: redacted for that seat, unless the screen
        shows every hand (``shows_all``)."""
        return list(events) if self.shows_all else self.redact(events, seat)

    def legal(self) -> list[Action]:
        return legal_actions(self.state)

    def preview(self, action: Action) -> list[Event]:
        """The events `action` would bring if the seat to act took it now (``preview_on``): what the declaration
        panel shows of a move before it is made (the seven of trumps an exchange would use)."""
        return preview_on(self.state, action)

    def why_illegal(self, action: Action) -> Refusal | None:
        """Why the rules refuse `action` now (a code for the window's words, and the English), or None."""
        return why_illegal(self.state, action)

    def make_move(self, action: Action, chosen: bool = True) -> list[Event]:
        """Apply `action` for the seat to act (checked). Raises ``engine.IllegalActionError``.

        `chosen`: the player chose it (False: the table made a forced move for them, which an undo passes over:
        going back to it would only make it again)."""
        seat = self.state.to_act
        undoable = chosen and self.allow_undo and seat is not None and self.seats[seat].kind == SeatKind.HUMAN
        snapshot = copy.deepcopy(self.game) if undoable else None
        events: list[Event] = []
        self.game.act(action, events)
        if any(e.kind in DEAL_ENDS for e in events):
            self._close_undo("deal_over")  # a deal scored is never taken back
        elif snapshot is not None:
            self._undo.append(snapshot)
        self._changed()
        return events

    def seen(self, event: Event, viewer: int, turn_up: int | None) -> None:
        """The table has just shown `viewer` the (redacted) `event`, the turn-up being `turn_up` before it: if it
        showed them a card they did not know, no move before it may be taken back (the reason is kept)."""
        if not self._undo:
            return
        reason = news(event, viewer, turn_up)
        if reason is not None:
            self._close_undo(reason)

    def _close_undo(self, reason: str) -> None:
        self._undo.clear()
        self.undo_closed = reason

    def can_undo(self) -> bool:
        """Whether there is a move the player may take back: the one place that decides (the setting, hot-seat and
        whether a move is left that they have seen nothing new since), so the table asks nothing else."""
        return self.allow_undo and bool(self._undo)

    def why_no_undo(self) -> str | None:
        """Why nothing can be taken back (a key of ``UNDO_REASONS``), or None when something can."""
        if not self.allow_undo:
            return "hotseat" if self.hotseat else "off"
        return None if self._undo else self.undo_closed

    def undo(self) -> bool:
        """Go back to before the player's last chosen decision (marks the game assisted)."""
        if not self.can_undo():
            return False
        self.game = self._undo.pop()
        if not self._undo:
            self.undo_closed = "first"
        self.assisted = True
        self._changed()
        return True

    def rename(self, seat: int, name: str) -> None:
        """`seat`'s player is `name` from now on, at the table and in the record (a friend who joined a hosted game
        with their own name: Past games and a game continued later name them, not "Player 2")."""
        self.seats[seat] = replace(self.seats[seat], name=name)
        self.game.players[seat] = {**self.game.players[seat], "name": name}

    def plays_here(self, seat: int) -> bool:
        """Every seat's moves are made here: by the people at the screen or by the computer beside it."""
        return True

    def mark_assisted(self) -> None:
        """The player was helped (the card tracker shown against the computer): the save is told at once."""
        if self.assisted:
            return
        self.assisted = True
        if self.on_change is not None:
            self.on_change(self)

    @property
    def capabilities(self) -> Capabilities:
        """Everything but news (every change is made here): undo, the computers, the record for a review, the
        assistance mark, and the cut for a game begun at this table (not one continued from a save)."""
        return Capabilities(undo=self, computers=self, review=self, assist=self, cut=None if self.resumed else self)

    def redact(self, events: list[Event], seat: int) -> list[Event]:
        return [redact_event(e, seat, self.state) for e in events]

    def play_meant(self, seat: int, card: int) -> Action:
        """The legal ``play`` meaning `card` (``play_meaning``)."""
        return play_meaning(self.state, seat, card)


def preview_on(state: GameState, action: Action) -> list[Event]:
    """The events `action` would bring if the seat to act in `state` took it now, tried on a copy (nothing
    changes) and redacted for that seat. Only that seat's own cards and the public ones decide them, so a state
    made up around a seat's view (``determinize``) previews its moves exactly."""
    state = state.clone()
    seat = state.to_act
    events: list[Event] = []
    apply(state, action, events)
    return events if seat is None else [redact_event(e, seat, state) for e in events]


def play_meaning(state: GameState, seat: int, card: int) -> Action:
    """The legal ``play`` meaning `card` of `seat` (the rules list one copy per equivalence class); the play of
    `card` itself when none is legal, for the caller to ask ``why_illegal`` the polite refusal."""
    legal = [a for a in legal_actions(state) if a.verb == Verb.PLAY]
    action = Action(Verb.PLAY, (card,))
    if action in legal:
        return action
    table = state.tables[seat]
    key = copy_key(state, seat, card, card in table)
    for a in legal:
        other = a.cards[0]
        if copy_key(state, seat, other, other in table) == key:
            return a
    return action
