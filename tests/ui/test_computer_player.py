"""The table's computer opponents are built at the level the game names, hidden levels included."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from bezique.ai.expert import MasterPlayer
from bezique.ai.players import IntermediatePlayer
from bezique.ui.table.options import TableOptions
from bezique.ui.table.turns import computer_player


def test_a_config_naming_master_gets_the_master() -> None:
    assert type(computer_player("master", 1, TableOptions())) is MasterPlayer


def test_an_unknown_level_plays_as_the_default_opponent_not_at_random() -> None:
    assert type(computer_player("grandmaster", 1, TableOptions())) is IntermediatePlayer
