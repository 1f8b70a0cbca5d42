"""What a new game is made of, before any window exists: the variants the window can seat, the targets offered for
each, and the choices of the New game screen (also what ``play`` and ``demo`` fill in from the command line).

The list of variants is derived once, here, from the rules' ``VARIANTS`` and the seat counts the table layout can
draw (``layout.LAID_OUT_PLAYERS``), so the menu, the shell and the commands cannot drift apart. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bezique.presenter.layout import LAID_OUT_PLAYERS
from bezique.rules import VARIANTS, make_ruleset

SEATABLE_VARIANTS: tuple[str, ...] = tuple(v for v in VARIANTS if make_ruleset(v, {}).players in LAID_OUT_PLAYERS)
FALLBACK_VARIANT = "two_handed"  # what a config naming an unseatable variant plays instead
TARGETS = (1000, 500)
MODES = ("computer", "hotseat", "demo")


def target_choices(variant: str) -> list[int | None]:
    """The targets offered for `variant`: points to win, or for Rubicon / Chinese the match target (None: one
    deal decides)."""
    preset = make_ruleset(variant, {})
    if preset.game_end_mode == "settlement":
        return [preset.match_target or 1500, None]
    return list(TARGETS)


@dataclass
class GameSetup:
    """What the New game screen chose (or the command line asked for)."""

    mode: str = "computer"  # one of MODES: against the computer, two people at one screen, the computer alone
    level: str = "intermediate"
    variant: str = FALLBACK_VARIANT
    target: int | None = 1000
    names: list[str] = field(default_factory=lambda: ["", "", "", ""])
    assisted: bool = False
    seed: int | None = None
