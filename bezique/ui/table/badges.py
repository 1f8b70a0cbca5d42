"""The seats' badges on the table: name and level, side tag (partnerships), score and the way to the target, the
deal's points so far (both changing as each rising score lands in the badge), "thinking…" while the computer plays,
and the dealer's token. Part of the table's drawing
(``draw``): it reads the table through ``protocol.TableView``, never writes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from bezique.presenter.layout import Box
from bezique.rules import Ruleset
from bezique.ui.kit.assets import BAR_ME, BAR_OPP, CREAM, GOLD, MUTED, PANEL_EDGE
from bezique.ui.kit.widgets import blit_text, panel, progress_bar
from bezique.ui.table.rising import rising_points

if TYPE_CHECKING:
    from bezique.ui.table.protocol import TableView


def game_target(rules: Ruleset) -> int:
    """What the scores race to: the target, or in Rubicon / Chinese the match target (one deal: none)."""
    if rules.game_end_mode == "settlement":
        return rules.match_target or 0
    return rules.target_score


def _badge(view: TableView, surface: pygame.Surface, box: Box, seat: int, bottom: bool) -> None:
    A, s = view.app.assets, view.layout.s
    session = view.session
    rules = session.rules
    T = view.app.t
    seat_info = session.seats[seat]
    thinking = seat_info.kind == "ai" and session.to_act == seat and view.at_rest()
    active = session.to_act == seat and view.at_rest()
    mine = rules.side_of(seat) == rules.side_of(view.viewer)
    edge = GOLD if active else (BAR_ME if rules.partnership and mine and not bottom else PANEL_EDGE)
    panel(surface, box, alpha=210, edge=edge, edge_width=3 if active else 2)
    compact = box.h < 90 * s
    name_size = 22 * s if compact else 26 * s
    tag = ""
    if rules.partnership:
        tag = T("table.partner") if mine and not bottom else (T("table.your_side") if bottom else T("table.opponent"))
    tag_w = A.text(tag, int(16 * s), MUTED).get_width() + 8 * s if tag else 0
    room = box.w - 24 * s - tag_w
    name = seat_info.name
    if seat_info.kind == "ai":  # the level too, unless it would shrink the name (a narrow badge beside a tag)
        full = f"{name}  ·  {_level(seat_info.level, view.app.lang)}"
        if A.text(full, int(name_size * 0.85), GOLD, True).get_width() <= room:
            name = full
    blit_text(surface, A, name, name_size, (box.x + 12 * s, box.y + (7 if compact else 10) * s), GOLD, bold=True,
              max_width=room)
    if tag:
        blit_text(surface, A, tag, 16 * s, (box.right - 10 * s, box.y + (9 if compact else 13) * s),
                  BAR_ME if mine else MUTED, "topright")
    side = rules.side_of(seat)
    settlement = rules.game_end_mode == "settlement"
    rising = rising_points(view.floaters, side)  # the figures change as the scores land, not as they appear
    score = view.model.scores[side] - (0 if settlement else rising)
    target = game_target(rules)
    deal = view.model.deal_points[side] - rising
    big, small = (deal, T("table.match_points", points=score)) if settlement else (score, f"/ {target}")
    big_size = 30 * s if compact else 40 * s
    y_big = box.y + (28 if compact else 34) * s
    blit_text(surface, A, f"{big}", big_size, (box.x + 12 * s, y_big), CREAM, bold=True)
    small_x = box.x + 16 * s + A.text(f"{big}", int(big_size), CREAM, True).get_width()
    small_rect = blit_text(surface, A, small, 18 * s if compact else 20 * s, (small_x, y_big + (10 if compact else 12)
                           * s), MUTED)
    room = box.right - 12 * s - small_rect.right - 10 * s
    y_right = y_big + (10 if compact else 14) * s
    if thinking:  # on the score line, where "this deal" goes: the name line keeps the name and the tag whole
        dots = "." * (1 + int(view.time * 3) % 3)
        blit_text(surface, A, T("table.thinking_short") + dots, 18 * s, (box.right - 12 * s, y_right), CREAM,
                  "topright", max_width=room)
    elif not settlement:
        _this_deal(surface, A, T, deal, room, (box.right - 12 * s, y_right), s)
    if target:
        bar_y = box.y + (62 if compact else 72) * s
        bar_w = box.w - 24 * s
        progress_bar(surface, Box(box.x + 12 * s, bar_y, bar_w, (8 if compact else 12) * s), score / max(target, 1),
                     BAR_ME if mine else BAR_OPP)
    if session.state.deal_index >= 0 and session.state.dealer == seat:
        _dealer_token(surface, A, T("table.dealer"), box, s)


def _this_deal(surface: pygame.Surface, A, T, points: int, room: float, pos: tuple[float, float], s: float) -> None:
    """The deal's points so far, at the right of the score line: "this deal +120", in smaller type if need be, or
    just "+120" in a narrow badge (four-handed at 1024×640), never dropped."""
    for text, size in ((T("table.this_deal", points=points), 18), (T("table.this_deal", points=points), 15),
                       (f"+{points}", 18)):
        if A.text(text, int(size * s), MUTED).get_width() <= room:
            blit_text(surface, A, text, size * s, pos, MUTED, "topright")
            return


def _dealer_token(surface: pygame.Surface, A, label: str, box: Box, s: float) -> None:
    """The dealer's token: a small gold pill sitting on the badge's lower edge, at the right."""
    text = A.text(label, max(11, int(14 * s)), (38, 30, 22), True)
    w, h = text.get_width() + 14 * s, text.get_height() + 4 * s
    rect = pygame.Rect(round(box.right - 14 * s - w), round(box.bottom - h / 2), round(w), round(h))
    pygame.draw.rect(surface, GOLD, rect, border_radius=rect.h // 2)
    pygame.draw.rect(surface, (255, 240, 200), rect, width=1, border_radius=rect.h // 2)
    surface.blit(text, text.get_rect(center=rect.center))


def draw_badges(view: TableView, surface: pygame.Surface) -> None:
    """Every seat's badge: the others' round the table, the viewer's at the bottom left."""
    L = view.layout
    for seat in view.model.others:
        _badge(view, surface, L.badge_of(view.model.rel(seat)), seat, False)
    _badge(view, surface, L.my_badge, view.viewer, True)

def _level(level: str, lang: str) -> str:
    from bezique.i18n import level_name
    try:
        return level_name(level, lang)
    except KeyError:
        return level.capitalize()
