"""What a table is opened with: the player's settings (``TableOptions``).

Kept apart from the scene so that every part of the table (and the scenes that open one) can read them without
importing the scene.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from bezique.config import AISettings, AppSettings


@dataclass(frozen=True)
class TableOptions:
    """What the table reads: the player's settings as they stand (``config.app`` / ``config.ai`` overlaid by
    Settings; ``Shell.apply`` swaps in new ones while a game is open), and what this one table adds."""

    app: AppSettings = field(default_factory=AppSettings)
    ai: AISettings = field(default_factory=AISettings)
    hints: bool = True  # the Hint button (a new game from the menu turns it on only for assisted games)
    demo: bool = False
    demo_deals: int = 0  # demo: quit after this many deals (0: play the game out)
    chat: bool = False  # a game on several computers: room for the chat's tab above the buttons
    problems: list[str] = field(default_factory=list)

    @classmethod
    def from_settings(cls, app: AppSettings, ai: AISettings, **overrides: Any) -> TableOptions:
        """Options holding `app` and `ai`; an override names a field of this class or of ``AppSettings`` (the demo
        command, the benchmark and the tests set the animation speed, the computer's pace or undo this way)."""
        app_fields = {f.name for f in fields(AppSettings)}
        changes = {k: v for k, v in overrides.items() if k in app_fields}
        own = {k: v for k, v in overrides.items() if k not in app_fields}
        return cls(app=replace(app, **changes) if changes else app, ai=ai, **own)
