"""What the table's drawing code reads, as protocols: the drawing never imports the scene or its parts.

STYLE.md: the drawing code and the overlays never import the scene that owns them; they read a protocol (Tuxemon's
states do not import the state manager). Each protocol holds exactly what its readers read: ``DeclView`` what the
declaration panel needs to lay out its buttons (``Controls`` answers it while the player points and clicks),
``SeatView`` what the meld badges and the last-trick popup read, ``TableView`` everything ``draw_table`` reads
(``TableReadout`` answers it). Every member is read-only: drawing changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from bezique.presenter.layout import Layout
    from bezique.presenter.model import TableModel
    from bezique.presenter.screen_view import ScreenView
    from bezique.presenter.table_session import TableSession
    from bezique.rules import Action
    from bezique.ui.app import App
    from bezique.ui.kit.floaters import Floater
    from bezique.ui.kit.sprites import CardSprite
    from bezique.ui.kit.widgets import Button


class TablePart(Protocol):
    """What every reader of the table sees: the window, the layout of its size, the game's facts as the players at
    the screen may see them (``screen``) and the session, for its seats, rules and safe questions."""

    @property
    def app(self) -> App: ...
    @property
    def layout(self) -> Layout: ...
    @property
    def screen(self) -> ScreenView: ...
    @property
    def session(self) -> TableSession: ...


class DeclView(TablePart, Protocol):
    """What the declaration panel's buttons are built from."""

    @property
    def decl_scroll(self) -> int:
        """The first meld row shown."""
    def decl_melds(self) -> list[Action]:
        """The melds listed, one row each."""
    def meld_source(self) -> Callable[[int], str]:
        """Where each card the viewer may meld lies (``meld_rows.where_from``)."""


class SeatView(TablePart, Protocol):
    """What the drawing of one seat's cards reads: the picture from the viewer's side."""

    @property
    def model(self) -> TableModel: ...
    @property
    def viewer(self) -> int: ...
    @property
    def sprites(self) -> dict[int, CardSprite]: ...


class TableView(DeclView, SeatView, Protocol):
    """Everything ``draw_table`` reads: the picture, the line under the trick, the pointer and the buttons."""

    @property
    def time(self) -> float: ...
    @property
    def trump_flash(self) -> float:
        """When a meld set trumps (the marker's flourish)."""
    @property
    def shown_cards(self) -> tuple[int, tuple[int, ...], float] | None:
        """Carte blanche: (seat, cards, until)."""
    @property
    def floaters(self) -> list[Floater]: ...
    @property
    def cut_timer(self) -> float: ...
    @property
    def banner(self) -> list[str]: ...
    @property
    def message(self) -> tuple[str, float, tuple[int, int, int]] | None:
        """(text, until, colour)."""
    @property
    def curtain(self) -> bool:
        """Hot-seat: the bottom hand is shown face down."""
    @property
    def peek(self) -> bool: ...
    @property
    def hover_button(self) -> str | None: ...
    @property
    def hover_disabled(self) -> str | None: ...
    @property
    def hover_meld(self) -> int | None: ...
    @property
    def hint(self) -> tuple[Action, str] | None: ...
    def at_rest(self) -> bool: ...
    def human_turn(self) -> bool: ...
    def can_peek(self) -> bool: ...
    def buttons(self) -> tuple[list[Button], list[Button]]: ...
    def disabled_reason(self, action: str) -> str | None: ...
    def prompt(self) -> str: ...
    def playable(self) -> set[int]: ...
