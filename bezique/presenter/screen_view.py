"""What the players at the screen may see of the game: the one thing the table reads the game's facts from.

The table draws one seat's side (the hand at the bottom of the screen) and must never hold a card that the
people looking at it may not know. So it reads no ``GameState``: it reads a ``ScreenView``, which is the rules'
``PlayerView`` of the seat at the screen (every public fact of the game: phase, trumps, dealer, scores, past
deals, the score log, the tricks, the stock's size, the tables, the hand sizes; and that seat's own hand, and
the legal moves when it is to act) plus the other hands the screen shows face up, ``shown``:

* against the computer: the player's seat, and ``shown`` is empty;
* hot-seat: the seat of whoever is at the screen now (the table turns to the next person at the hand-over, and
  the curtain hides the bottom hand between turns), ``shown`` empty;
* Open Bezique: every hand is public, so ``shown`` holds every other hand, as the rules' view already knows it;
* the demo (every seat the computer, nobody to hide a card from) shows every hand, as it always has: ``shown``
  holds them, taken from the game itself, so only the demo's screen view knows more than a seat may.

A table can therefore be driven by a ``ScreenView`` and the events as redacted for its seat, without a game
state: a network client builds ``ScreenView.of(view)`` from the ``PlayerView`` (``bezique.rules.view_for``) it
receives and feeds the table the events redacted for its seat (``bezique.rules.redact_event``); the local game
builds it with ``GameSession.screen``. No pygame here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields

from bezique.rules import PlayerView


@dataclass(frozen=True, slots=True)
class ScreenView(PlayerView):
    """`seat`'s ``PlayerView`` (its fields are this view's: ``screen.phase``, ``screen.hand``…) and the other
    seats' concealed hands the screen shows face up (seat -> cards; empty unless every hand is on show)."""

    shown: Mapping[int, tuple[int, ...]] = field(default_factory=dict)

    @classmethod
    def of(cls, view: PlayerView, shown: Mapping[int, tuple[int, ...]] | None = None) -> ScreenView:
        """The screen view of `view`'s seat. `shown` defaults to what the view itself knows is public: in Open
        Bezique every other hand (the rules' view knows them all), else none. Only the demo passes its own."""
        if shown is None:
            shown = {s: view.known[s] for s in range(view.rules.players) if s != view.seat} \
                if view.rules.open_hands else {}
        return cls(**{f.name: getattr(view, f.name) for f in fields(PlayerView)}, shown=dict(shown))

    @property
    def shows_all(self) -> bool:
        """Every other hand is face up on the screen (Open Bezique, the demo)."""
        return len(self.shown) == self.rules.players - 1
