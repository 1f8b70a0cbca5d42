"""The game being played in the window: a ``RecordedGame`` (so saving is free), its seats, decks and undo.

Everything the window changes goes through ``act`` (the checked path), which returns the omniscient events; the
table redacts them for whoever is looking (``view.redact_event``). No pygame here.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass

from bezique.i18n import t
from bezique.i18n.names import computer_names
from bezique.rules import (
    Action,
    Event,
    Phase,
    PlayerView,
    RecordedGame,
    Refusal,
    Ruleset,
    Verb,
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


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str  # "human" | "ai"
    level: str = ""


def new_seats(players: int, mode: str, lang: str, seed: int, level: str = "",
              names: list[str] | None = None, kinds: list[str] | None = None) -> list[Seat]:
    """The seats of a new game, named in the player's language: every way a game starts (New game, ``play``,
    ``demo``, the tests' ``open_table``) comes here, so none can name a seat in the wrong language.

    Args:
        players: seats at the table.
        mode: "computer" (seat 0 the player, the rest the computer), "hotseat" (everyone at the screen) or "demo"
            (every seat the computer); ignored when `kinds` is given.
        lang: "en" or "it", for the default names ("You" / "Tu", "Player 2" / "Giocatore 2").
        seed: the game's seed: the computers' names follow it, so a replay seats the same opponents.
        level: the computers' level.
        names: names typed in New game (blank or missing: the default name).
        kinds: "human" or "ai" for each seat, for a table mixing people and computers.
    """
    if kinds is None:
        kinds = ["human" if mode == "hotseat" or (mode == "computer" and i == 0) else "ai" for i in range(players)]
    typed = [n.strip() for n in (names or [])] + [""] * players
    alone = kinds.count("human") == 1  # the one person at the table is "You"; several are numbered
    people = {i: typed[i] or (t("newgame.default_you", lang) if alone else t("newgame.player_name", lang,
                                                                                number=i + 1))
              for i, kind in enumerate(kinds) if kind == "human"}
    computers = iter(computer_names(seed, len(kinds) - len(people), taken=list(people.values())))
    return [Seat(people[i], "human") if i in people else Seat(next(computers), "ai", level) for i in range(players)]


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
        self.assisted = False
        self.resumed = False  # continued from a save: the table rebuilds instead of dealing
        self.on_change: Callable[[GameSession], None] | None = None  # after every change (the autosave)
        self._undo: list[RecordedGame] = []

    @classmethod
    def from_game(cls, game: RecordedGame, allow_undo: bool = False, assisted: bool = False) -> GameSession:
        """A session around a game replayed from a save: its seats come from the record's players."""
        session = cls.__new__(cls)
        session.rules = game.rules
        session.seats = [Seat(str(p.get("name", "")), str(p.get("type", "human")), str(p.get("level", "") or ""))
                         for p in game.players]
        session.seed = game_seed(game.seed)
        # later deals: a generator moved on by the deals already played, so they differ from the first ones
        session.rng = random.Random(session.seed * 1009 + len(game.deals))
        session.first_dealer, session.cut = game.first_dealer, []
        session.game = game
        session.allow_undo = allow_undo and sum(s.kind == "human" for s in session.seats) < 2
        session.assisted = assisted
        session.resumed = True
        session.on_change = None
        session._undo = []
        return session

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)

    @property
    def state(self):
        return self.game.state

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

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
        self._undo.clear()
        self._changed()
        return events

    def view(self, seat: int) -> PlayerView:
        return view_for(self.state, seat)

    def legal(self) -> list[Action]:
        return legal_actions(self.state)

    def why_illegal(self, action: Action) -> Refusal | None:
        """Why the rules refuse `action` now (a code for the window's words, and the English), or None."""
        return why_illegal(self.state, action)

    def act(self, action: Action) -> list[Event]:
        """Apply `action` for the seat to act (checked). Raises ``engine.IllegalActionError``."""
        seat = self.state.to_act
        undoable = self.allow_undo and seat is not None and self.seats[seat].kind == "human" and not self.hotseat
        snapshot = copy.deepcopy(self.game) if undoable else None
        events: list[Event] = []
        self.game.act(action, events)
        if any(e.kind in ("card_drawn", "deal_started", "deal_scored", "deal_settled", "game_over") for e in events):
            self._undo.clear()  # never go back past a draw: it would show hidden cards
        elif snapshot is not None:
            self._undo.append(snapshot)
        self._changed()
        return events

    def note_opponent_events(self, events: list[Event]) -> None:
        """The computer's moves: a draw among them closes the door on undo."""
        if any(e.kind in ("card_drawn", "deal_started", "deal_scored", "deal_settled", "game_over") for e in events):
            self._undo.clear()

    def can_undo(self) -> bool:
        """Whether the player may take a move back now: the one place that decides (the setting, hot-seat and
        whether a move since the last draw is left to undo), so the table asks nothing else."""
        return self.allow_undo and bool(self._undo)

    def undo(self) -> bool:
        """Go back to before the player's last decision (marks the game assisted)."""
        if not self._undo:
            return False
        self.game = self._undo.pop()
        self.assisted = True
        self._changed()
        return True

    def redact(self, events: list[Event], seat: int) -> list[Event]:
        return [redact_event(e, seat, self.state) for e in events]

    def canonical_play(self, seat: int, card: int) -> Action:
        """The legal ``play`` meaning `card` (the rules list one copy per equivalence class)."""
        legal = [a for a in self.legal() if a.verb == Verb.PLAY]
        action = Action(Verb.PLAY, (card,))
        if action in legal:
            return action
        state = self.state
        table = state.tables[seat]
        key = copy_key(state, seat, card, card in table)
        for a in legal:
            other = a.cards[0]
            if copy_key(state, seat, other, other in table) == key:
                return a
        return action  # not legal: the caller asks why_illegal for the polite refusal
