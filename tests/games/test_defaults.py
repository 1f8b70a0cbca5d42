"""What every new game starts from (``games.defaults``): config.yaml's game under the player's settings. New game
(and every door that remembers its choices) offers only the targets its chips show, so a config target it does not
offer starts at the variant's own; the bare window (the demo) plays config.yaml's game exactly as it is."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from bezique.config import AISettings, AppSettings, Config
from bezique.games.defaults import Defaults
from bezique.games.door import start_game
from bezique.rules import make_ruleset


def test_a_target_new_game_does_not_offer_is_kept_only_by_the_bare_window(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BEZIQUE_DATA_DIR", str(tmp_path))
    config = dataclasses.replace(Config(), rules=make_ruleset("two_handed", {"target_score": 2000}))
    defaults = Defaults(config, AppSettings(), dataclasses.replace(AISettings(), level="expert"))
    bare, _ = defaults.new_setup(remembered=False)
    assert bare.target == 2000 and bare.level == "expert"
    assert start_game(bare, defaults, "en", books=None).session.rules.target_score == 2000
    offered, problem = defaults.new_setup()
    assert offered.target == 1000 and problem is None  # two-handed offers 1000 and 500
