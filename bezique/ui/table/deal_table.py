"""The deal-by-deal table at the end of the game: every deal's points per side for two, three and four players,
and the totals, drawn in a panel beside the scoreboard's columns. Kept apart from ``bezique.ui.table.scoreboard``
so that module stays within the STYLE guide's module size; ``ResultOverlay`` works out what goes in the table and
where, this module adds up the deals and draws it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from bezique.geometry import Box
from bezique.rules import Bonus, ScoreEntry
from bezique.ui.kit.assets import CREAM, GOLD, MUTED, Assets
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import blit_text, panel

SETTLED = Bonus.GAME_BONUS  # the score id of a Rubicon / Chinese deal's settlement: what it gave for the match


def per_deal_totals(log: Sequence[ScoreEntry], sides: int, settled: bool = False) -> list[list[int]]:
    """Points per side for every deal of the game: ``[[side0, side1], …]``; with `settled` (Rubicon, Chinese,
    whose match scores are the settlements) only what each deal's settlement gave, so the rows add up to the
    total (the deal's raw points and brisques are on the scoreboard's columns)."""
    deals = 1 + max((entry[0] for entry in log), default=-1)
    out = [[0] * sides for _ in range(deals)]
    for d, side, _seat, score_id, points in log:
        if not settled or score_id == SETTLED:
            out[d][side] += points
    return out


def draw_deal_table(surface: pygame.Surface, A: Assets, T: Callable[..., str], box: Box, s: float,
                    heads: list[list[str]], rows: list[list[int]], totals: list[int], settled: bool = False) -> None:
    """The whole game deal by deal: a column per side (its members' names on a line each), the latest deals
    when they outnumber the room, and the totals. `A` the assets, `T` the translator, `heads`, `rows` and `totals`
    as ``ResultOverlay.deal_table`` gives them; `settled`: the rows are match points (its title says so)."""
    panel(surface, box, alpha=150)
    title = T("score.per_deal_settled") if settled else T("score.per_deal_table")
    blit_text(surface, A, title, Type.HEADING * s, (box.cx, box.y + 10 * s), GOLD, "midtop", bold=True,
              max_width=box.w - 20 * s)
    deal_w = box.w * (0.3 if len(heads) <= 2 else 0.22)
    col_w = (box.w - deal_w - 14 * s) / len(heads)
    rights = [box.x + deal_w + (j + 1) * col_w for j in range(len(heads))]  # numbers align right
    # every line steps by its role's line height, so a larger text size never runs one line into the next
    y = box.y + 10 * s + A.font(Type.HEADING * s, True).get_linesize() + 8 * s
    head_h = A.font(Type.NOTE * s).get_linesize()
    blit_text(surface, A, T("score.deal_column"), Type.NOTE * s, (box.x + 14 * s, y), MUTED, max_width=deal_w - 18 * s)
    for right, names in zip(rights, heads, strict=True):
        for n, name in enumerate(names):
            blit_text(surface, A, name, Type.NOTE * s, (right, y + n * head_h), MUTED, "topright",
                      max_width=col_w - 10 * s)
    y += 6 * s + head_h * max(len(names) for names in heads)
    row_h = A.font(Type.BODY * s).get_linesize()
    total_h = 10 * s + A.font(Type.LABEL * s, True).get_linesize() + 6 * s
    room = max(1, int((box.bottom - y - total_h) // row_h))
    for row in rows[-room:]:
        blit_text(surface, A, str(row[0]), Type.BODY * s, (box.x + 14 * s, y), CREAM)
        for right, points in zip(rights, row[1:], strict=True):
            blit_text(surface, A, str(points), Type.BODY * s, (right, y), CREAM, "topright")
        y += row_h
    pygame.draw.line(surface, GOLD, (box.x + 10 * s, y + 4 * s), (box.right - 10 * s, y + 4 * s))
    y += 10 * s
    blit_text(surface, A, T("score.running_total"), Type.LABEL * s, (box.x + 14 * s, y), GOLD, bold=True,
              max_width=deal_w - 18 * s)
    for right, points in zip(rights, totals, strict=True):
        blit_text(surface, A, str(points), Type.LABEL * s, (right, y), GOLD, "topright", bold=True)
