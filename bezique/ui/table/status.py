"""The status panel at the top right: the deal's number, the tricks played (or left, in the final tricks), the
target, the assisted mark, the keys, and the trump suit's symbol. Part of the table's drawing (``draw``): what it
shows (``status_face``) is worked out apart from painting it (``paint_status``), so that the table paints it only
when the face changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import pygame

from bezique.geometry import Box
from bezique.presenter.layout import STATUS_FOOT, STATUS_KEYS, STATUS_LINES, STATUS_PAD, status_height
from bezique.rules import tricks_left
from bezique.ui.kit.assets import CREAM, GOLD, MUTED, Assets
from bezique.ui.kit.drawn import inside
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import blit_text, panel

if TYPE_CHECKING:
    from bezique.ui.table.protocol import TableView


class StatusFace(NamedTuple):
    """What the status panel shows, worked out without drawing (``status_face``): painted from it alone
    (``paint_status``), it is also the key of the layer it is painted in."""

    box: Box
    s: float
    trump: int | None
    deal: str
    phase: str
    target: str
    assisted: str | None
    keys: str | None


def status_face(view: TableView) -> StatusFace:
    L, s, T = view.layout, view.layout.s, view.app.t
    box = L.status
    screen = view.screen
    deal = max(screen.deal_index + 1, 1)
    m = view.model
    left = tricks_left(screen) if screen.final_phase else 0  # the rules count them
    if left:
        # the last trick is its own sentence ("the last one"), not the singular of "N left"
        phase = T("table.final_phase_last") if left == 1 else T("table.final_phase_left", count=left)
    else:  # before the final tricks, and once they are all played: the tricks as gathered
        played = sum(len(pile) for pile in m.won.values()) // max(view.session.rules.players, 1)
        phase = T("table.tricks_played", count=played)
    rules = view.session.rules
    points = rules.game_target
    if points is None:
        target = T("table.single_deal")
    else:
        target = T("table.match_target" if rules.target_key == "match_target" else "table.target", points=points)
    assisted = view.session.capabilities.assist  # helped by undo or the tracker (None: the record is elsewhere)
    # the small status of the three- and four-handed tables leaves the keys to How to play
    A = view.app.assets  # the keys' hint where the layout gave it the height and it fits the width whole
    keys = box.h >= status_height(s, A.text_scale, keys=True) - 0.5 and \
        A.font(STATUS_KEYS * s).size(T("table.keys"))[0] <= box.w - 24 * s
    return StatusFace(box, s, m.trump, T("table.deal_number", number=deal), phase, target,
                      T("table.assisted") if assisted is not None and assisted.assisted else None,
                      T("table.keys") if keys else None)


def paint_status(surface: pygame.Surface, A: Assets, face: StatusFace) -> None:
    panel(surface, face.box, alpha=200)
    with inside(face.box):
        _status_lines(surface, A, face)


def _status_lines(surface: pygame.Surface, A: Assets, face: StatusFace) -> None:
    """The status panel's words: the deal and trumps' symbol, the phase, the target, the keys' hint."""
    box, s = face.box, face.s
    room = box.w - 24 * s
    if face.trump is not None:  # the suit's symbol (the stock zone names it in words), on a light disc: a black
        icon = A.suit(face.trump, round(22 * s))  # spade or club alone vanished into the dark panel
        r = round(16 * s)
        centre = (round(box.right - 12 * s - r), round(box.y + 10 * s + r))
        pygame.draw.circle(surface, CREAM, centre, r)
        pygame.draw.circle(surface, GOLD, centre, r, width=max(1, round(2 * s)))
        surface.blit(icon, icon.get_rect(center=centre))
        room -= 2 * r + 8 * s
    deal_role, phase_role, target_role = STATUS_LINES  # a line under another, each as tall as its type stands
    t, x, y = A.text_scale, box.x + 12 * s, box.y + STATUS_PAD * s
    blit_text(surface, A, face.deal, deal_role * s, (x, y), GOLD, bold=True, max_width=room)
    y += deal_role.line(s, t)
    blit_text(surface, A, face.phase, phase_role * s, (x, y), CREAM, max_width=box.w - 24 * s)
    y += phase_role.line(s, t)
    assisted = None
    if face.assisted is not None:  # the target's line shares its row with the mark of an assisted game
        assisted = blit_text(surface, A, face.assisted, Type.NOTE * s, (box.right - 12 * s, y), (255, 180, 150),
                             "topright", max_width=(box.w - 24 * s) / 2)
    target_room = box.w - 24 * s - (assisted.w + 8 * s if assisted is not None else 0)
    blit_text(surface, A, face.target, target_role * s, (x, y), MUTED, max_width=target_room)
    if face.keys is not None:
        blit_text(surface, A, face.keys, STATUS_KEYS * s, (x, box.bottom - STATUS_FOOT * s), MUTED, "bottomleft",
                  max_width=box.w - 24 * s)
