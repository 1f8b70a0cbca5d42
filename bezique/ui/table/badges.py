"""The seats' badges on the table: name and level, side tag (partnerships), score and the way to the target, the
deal's points so far (both changing as each rising score lands in the badge), "thinking…" while the computer plays,
and the dealer's token. Part of the table's drawing
(``draw``): it reads the table through ``protocol.TableView``, never writes. What a badge shows (``badge_face``) is
worked out apart from painting it (``paint_badge``), so that the table paints its badges only when a face changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import pygame

from bezique.geometry import Box
from bezique.presenter.seat_link import Link
from bezique.rules import GameEndMode, SeatKind
from bezique.ui.kit.assets import BAR_ME, BAR_OPP, CREAM, GOLD, INK, MUTED, PANEL_EDGE, Assets
from bezique.ui.kit.drawn import inside
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import blit_text, fit_line, panel, pill_text, progress_bar
from bezique.ui.table.rising import rising_points

if TYPE_CHECKING:
    from bezique.ui.table.protocol import TableView


class BadgeFace(NamedTuple):
    """What one badge shows, worked out from the table without drawing (``badge_face``): the badge is painted from
    it alone (``paint_badge``), so it is also the key of the layer it is painted in."""

    box: Box
    s: float
    edge: tuple[int, int, int]
    edge_width: int
    name: str
    full: str | None  # the name with the level, if the badge has the room for it (the painter measures)
    tag: str
    tag_colour: tuple[int, int, int]
    big: str
    small: str
    thinking: str | None  # "thinking…" with its dots, where "this deal" goes
    deal: int | None  # the deal's points ("this deal +120"), unless thinking or settled by the match
    this_deal: tuple[str, str]  # its two forms, long and short
    fraction: float | None  # the way to the target, None: no target
    bar: tuple[int, int, int]
    dealer: str | None  # the dealer's token, if this seat deals
    name_size: float = 0.0  # the name's type size, one for every badge of the row (``badge_faces``); 0: the role's


def badge_face(view: TableView, box: Box, seat: int, bottom: bool) -> BadgeFace:
    """What `seat`'s badge in `box` shows now."""
    s = view.layout.s
    session = view.session
    rules = session.rules
    T = view.app.t
    seat_info = session.seats[seat]
    thinking = seat_info.kind == SeatKind.AI and session.to_act == seat and view.at_rest()
    active = session.to_act == seat and view.at_rest()
    mine = rules.side_of(seat) == rules.side_of(view.viewer)
    edge = GOLD if active else (BAR_ME if rules.partnership and mine and not bottom else PANEL_EDGE)
    tag = ""
    if rules.partnership:
        tag = T("table.partner") if mine and not bottom else (T("table.your_side") if bottom else T("table.opponent"))
    full = f"{seat_info.name}  ·  {_level(seat_info.level, view.app.lang)}" if seat_info.kind == SeatKind.AI else None
    # a game on several computers: a friend's seat says so (a name cannot pass for the host's or a computer's), and
    # whether they are there
    if seat_info.link in (Link.OPEN, Link.DROPPED, Link.CONNECTED):
        full = f"{seat_info.name}  ·  {T(f'net.link_{seat_info.link}')}"
    side = rules.side_of(seat)
    settlement = rules.game_end_mode == GameEndMode.SETTLEMENT
    rising = rising_points(view.floaters, side)  # the figures change as the scores land, not as they appear
    score = view.model.scores[side] - (0 if settlement else rising)
    target = rules.game_target or 0
    deal = view.model.deal_points[side] - rising
    big, small = (deal, T("table.match_points", points=score)) if settlement else (score, f"/ {target}")
    dots = T("table.thinking_short") + "." * (1 + int(view.time * 3) % 3) if thinking else None
    screen = view.screen
    dealer = T("table.dealer") if screen.deal_index >= 0 and screen.dealer == seat else None
    return BadgeFace(box, s, edge, 3 if active else 2, seat_info.name, full, tag, BAR_ME if mine else MUTED,
                     f"{big}", small, dots, None if thinking or settlement else deal,
                     (T("table.this_deal", points=deal), f"+{deal}"), score / max(target, 1) if target else None,
                     BAR_ME if mine else BAR_OPP, dealer)


def paint_badge(surface: pygame.Surface, A: Assets, face: BadgeFace) -> None:
    """The badge `face` says, painted on `surface`."""
    panel(surface, face.box, alpha=210, edge=face.edge, edge_width=face.edge_width)
    with inside(face.box):
        _badge_lines(surface, A, face)


def paint_dealer_token(surface: pygame.Surface, A: Assets, faces: tuple[BadgeFace, ...]) -> None:
    """The dealer's token on the lower edge of their badge, painted over the cards (a seat's hand lies just under
    its badge at the top of the table, and hid the token drawn with the badge)."""
    for face in faces:
        if face.dealer is not None:
            _dealer_token(surface, A, face.dealer, face.box, face.s)


def _badge_lines(surface: pygame.Surface, A: Assets, face: BadgeFace) -> None:
    """The badge's words: its name and tag, the score and target, this deal's points, and the progress bar."""
    box, s = face.box, face.s
    compact = box.h < 90 * s
    name_size = face.name_size or _name_role(s)
    name, room = _name_line(A, face, name_size)
    blit_text(surface, A, name, name_size, (box.x + 12 * s, box.y + (7 if compact else 10) * s), GOLD, bold=True,
              max_width=room)
    if face.tag:
        blit_text(surface, A, face.tag, Type.NOTE * s, (box.right - 10 * s, box.y + (9 if compact else 13) * s),
                  face.tag_colour, "topright")
    # the score is the badge's figure, already its largest type: the text size does not grow it, or at the largest
    # it ran into the progress bar under it (issue 43); the words beside it grow as every text does
    big_size = (Type.HEADING if compact else Type.TITLE) * s / A.text_scale
    y_big = box.y + (28 if compact else 34) * s
    blit_text(surface, A, face.big, big_size, (box.x + 12 * s, y_big), CREAM, bold=True)
    small_x = box.x + 16 * s + A.font(big_size, True).size(face.big)[0]
    small_rect = blit_text(surface, A, face.small, Type.NOTE * s,
                           (small_x, y_big + (10 if compact else 12) * s), MUTED)
    room = box.right - 12 * s - small_rect.right - 10 * s
    y_right = y_big + (10 if compact else 14) * s
    if face.thinking is not None:  # on the score line, where "this deal" goes: the name line keeps the name whole
        blit_text(surface, A, face.thinking, Type.NOTE * s, (box.right - 12 * s, y_right), CREAM, "topright",
                  max_width=room)
    elif face.deal is not None:
        _this_deal(surface, A, face.this_deal, room, (box.right - 12 * s, y_right), s)
    if face.fraction is not None:
        bar_y = box.y + (62 if compact else 72) * s
        progress_bar(surface, Box(box.x + 12 * s, bar_y, box.w - 24 * s, (8 if compact else 12) * s), face.fraction,
                     face.bar)


def _name_role(s: float) -> float:
    """The name's size in the type scale: a label, in every badge (the big score is the badge's heading)."""
    return Type.LABEL * s


def _name_line(A: Assets, face: BadgeFace, size: float) -> tuple[str, float]:
    """The badge's name line at `size` and the width it has beside the tag: the name with the level where both fit
    whole, else the name alone."""
    s = face.s
    tag_w = A.font(Type.NOTE * s).size(face.tag)[0] + 8 * s if face.tag else 0
    room = face.box.w - 24 * s - tag_w
    if face.full is not None and A.font(size, True).size(face.full)[0] <= room:
        return face.full, room
    return face.name, room


def _this_deal(surface: pygame.Surface, A: Assets, forms: tuple[str, str], room: float, pos: tuple[float, float],
               s: float) -> None:
    """The deal's points so far, at the right of the score line: "this deal +120", or just "+120" in a narrow badge
    (four-handed at 1024×640), never dropped and never in a face of its own."""
    long, short = forms
    size = Type.NOTE * s
    text = long if A.font(size).size(long)[0] <= room else short
    blit_text(surface, A, text, size, pos, MUTED, "topright", max_width=room)


def _dealer_token(surface: pygame.Surface, A: Assets, label: str, box: Box, s: float) -> None:
    """The dealer's token: a small gold pill sitting on the badge's lower edge, at the right."""
    size, pad = Type.NOTE * s, (7 * s, 1 * s)
    width = min(A.font(size, True).size(label)[0] + 2 * pad[0], box.w * 0.6)
    pill_text(surface, A, label, size, (box.right - 14 * s - width / 2, box.bottom), width, INK, (255, 240, 200, 255),
              pad=pad, fill=GOLD)


def badge_faces(view: TableView) -> tuple[BadgeFace, ...]:
    """Every seat's badge: the others' round the table, the viewer's at the bottom left."""
    L = view.layout
    faces = (*(badge_face(view, L.badge_of(view.model.rel(seat)), seat, False) for seat in view.model.others),
             badge_face(view, L.my_badge, view.viewer, True))
    return _one_name_size(view.app.assets, faces)


def _one_name_size(A: Assets, faces: tuple[BadgeFace, ...]) -> tuple[BadgeFace, ...]:
    """Every badge with its name in one size, the viewer's too: the label's, or the size the tightest name fits
    its badge at (``fit_line``), so that no seat's name is smaller than another's. Each badge then adds the
    computer's level where it fits whole at that size."""
    def fitted(face: BadgeFace) -> float:
        role = _name_role(face.s)
        return fit_line(A, face.name, role, _name_line(A, face, role)[1], bold=True)[1]

    size = min(fitted(face) for face in faces)
    return tuple(face._replace(name_size=size) for face in faces)


def _level(level: str, lang: str) -> str:
    from bezique.i18n import level_name
    try:
        return level_name(level, lang)
    except KeyError:
        return level.capitalize()
