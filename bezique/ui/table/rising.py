"""The table's rising scores: where a score appears beside the panel of the side it belongs to, and what that panel
shows until the score lands in it.

A score rises on felt that holds no card, name or button and flies into its panel's score (the drawing and the
waiting one after another are ``bezique.ui.kit.floaters``). The panel's figures change when the score lands, not
when it appears: the model already holds the new score (the rules' event said so), and ``rising_points`` is what
the panels still leave out meanwhile. Where no felt beside the panel is free (the crowded three-, four- and
six-handed tables) the score rises inside it, on one smaller line under the name, or in six-handed over the seat's
small concealed hand just under its panel, whose backs only count the cards, so that the score line it is about to
change stays in sight.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields

from bezique.presenter.layout import Layout
from bezique.presenter.words import score_name
from bezique.rules import Event
from bezique.ui.kit.assets import Assets
from bezique.ui.kit.floaters import Floater, floater_size, new_floater, spot
from bezique.ui.kit.tween import SPEED_FACTORS

MY_COLOUR = (255, 214, 120)  # the viewer's own scores
OTHER_COLOUR = (190, 215, 250)


@dataclass
class RisingScore(Floater):
    """A rising score that `side`'s panel counts once it has landed (once it is gone from the table)."""

    side: int = 0
    points: int = 0


def rising_score(L: Layout, assets: Assets, event: Event, rel: int, side: int, mine: bool, lang: str, speed: str,
                 calm: bool, live: Sequence[Floater]) -> RisingScore:
    """The score `event` made, rising by the panel of `rel` (the seat relative to the viewer) of `side`: `mine` in
    the viewer's colour, at the animation `speed`, staying where it appears and fading there when `calm` (reduce
    motion), after the scores `live` already rising at the same spot."""
    s = L.s
    badge = L.badge_of(rel)
    text, label = f"+{event.points}", score_name(event.label, lang)
    size = floater_size(assets, text, label, s)
    clear = [*(z.hand for z in L.seats), *(z.melds for z in L.seats), *(z.badge for z in L.seats), L.trick,
             L.stock, L.won, L.status, L.prompt, L.hand, L.decl_panel, *L.buttons]
    at = spot(badge, size, clear, (L.width, L.height), 8 * s)
    inline = at is None
    if at is None:
        width, height = floater_size(assets, text, label, s, inline=True)
        if L.players == 6 and rel != 0:  # the row of seats: over the small hand under the panel
            hand = L.seats[rel].hand
            at = (min(max(hand.cx, width / 2), L.width - width / 2), max(hand.cy, badge.bottom + height / 2))
        else:  # over the panel's score and bar, under its name line
            at = (badge.cx, badge.bottom - 4 * s - height / 2)
    life = max(1.1, 1.8 * max(SPEED_FACTORS.get(speed, 1.0), 0.6))
    target = None if calm else (badge.x + 40 * s, badge.y + badge.h * 0.52)  # the score's figures
    floater = new_floater(live, text, label, at, target, MY_COLOUR if mine else OTHER_COLOUR, life, inline)
    return RisingScore(**{f.name: getattr(floater, f.name) for f in fields(Floater)}, side=side,
                       points=event.points)


def rising_points(floaters: Sequence[Floater], side: int) -> int:
    """The points of `side`'s scores still rising (shown, waiting or flying): its panel adds them when they land."""
    return sum(f.points for f in floaters if isinstance(f, RisingScore) and f.side == side)
