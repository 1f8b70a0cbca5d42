"""The last-trick popup (a peek at the trick just gathered, RULES.md §1.12): its cards as large as the trick's,
each with the name of who played it, and the winner marked three ways (the title, a gold frame round the winning
card, the name in gold), so nobody has to work out from the cards who took it. Drawing only: the geometry is
``Layout.peek``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from bezique.ui.kit.assets import GOLD, MUTED
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import blit_text, panel

if TYPE_CHECKING:
    from bezique.ui.table.protocol import SeatView


def last_trick_title(view: SeatView) -> str:
    """"Last trick — Nella took it" (or "you took it" for the one player at the table)."""
    T, m, session = view.app.t, view.model, view.session
    if m.last_winner is None:
        return T("table.last_trick")
    if m.last_winner == view.viewer and not session.hotseat:
        return T("table.last_trick_yours")
    return T("table.last_trick_won", name=session.seats[m.last_winner].name)


def draw_last_trick(view: SeatView, surface: pygame.Surface) -> None:
    L, A, s = view.layout, view.app.assets, view.layout.s
    trick = view.model.last_trick
    box, slots = L.peek(len(trick))
    panel(surface, box, alpha=255, edge=GOLD, edge_width=2)
    blit_text(surface, A, last_trick_title(view), Type.NOTE * s, (box.cx, box.y + 6 * s), GOLD, "midtop", bold=True,
              max_width=box.w - 16 * s)
    winner = view.model.last_winner
    for (seat, card), slot in zip(trick, slots, strict=False):
        img = A.card(card, slot.height)
        rect = img.get_rect(center=(round(slot.cx), round(slot.cy)))
        won = seat == winner
        if won:
            pygame.draw.rect(surface, GOLD, rect.inflate(round(8 * s), round(8 * s)), width=max(2, round(3 * s)),
                             border_radius=round(8 * s))
        surface.blit(img, rect)
        name = view.session.seats[seat].name
        blit_text(surface, A, name, Type.NOTE * s, (slot.cx, rect.bottom + 3 * s), GOLD if won else MUTED, "midtop",
                  bold=won, max_width=rect.w + 8 * s)
