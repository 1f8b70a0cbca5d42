"""What every new game starts from, whichever door it comes in by: ``config.yaml`` (the variant, its rules and its
target) under the player's settings (``settings.json``: the computer's level, games kept, undo), and New game's
choices of last time (``persist.new_game``), each where it still fits.

The window (New game, the network screen, ``play``'s options) and a headless host read the same ``Defaults`` and
fill the same ``GameSetup`` from it (``new_setup``), so that a game hosted from the command line plays to the
target ``config.yaml`` names exactly as one started from the menu does. No pygame here.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from bezique.ai import MENU_LEVELS, resolve_level
from bezique.config import AISettings, AppSettings, Config, load_config
from bezique.persist import new_game
from bezique.persist.storage import StorageProblem
from bezique.persist.user_settings import load_user_settings
from bezique.presenter.setup import GameSetup, default_rules, seatable_variant, target_choices
from bezique.rules import Ruleset, make_ruleset


@dataclass(frozen=True)
class Defaults:
    """``config.yaml`` (the rules and the defaults), the player's settings laid over it, and the problems met
    reading either (one line each, naming the file), for the first table to show."""

    config: Config
    app: AppSettings
    ai: AISettings
    problems: tuple[str, ...] = ()

    def rules_for(self, variant: str) -> Ruleset:
        """The rules a game of `variant` starts from, before house rules: ``config.yaml``'s when it names that
        variant, else the variant's preset."""
        return default_rules(self.config.variant, self.config.rules, variant)

    def new_setup(self, remembered: bool = True) -> tuple[GameSetup, StorageProblem | None]:
        """A new game's starting point: ``config.yaml``'s variant and target and the settings' level, under New
        game's choices of last time when `remembered` (each only where it still fits: a target New game does not
        offer is the variant's own), and the problem met reading those (their file was set aside), if any. Not
        `remembered` (the bare window), config.yaml's game is played as it is, whatever its target."""
        variant = seatable_variant(self.config.variant)
        setup = GameSetup(level=resolve_level(self.ai.level), variant=variant, target=self.config.rules.game_target)
        if not remembered:
            return setup, None
        if setup.target not in target_choices(variant):
            setup.target = target_choices(variant)[0]
        saved = new_game.load_new_game()
        setup.remembered(saved.choices, saved.house_rules, MENU_LEVELS)
        return setup, saved.problem


def load_config_settings() -> tuple[Config, list[str]]:
    """``config.yaml`` and its problems as text. A broken or missing config never stops the game; a variant the
    window cannot seat plays two-handed, and says so."""
    loaded = load_config()
    config = loaded.config
    problems = [str(p) for p in loaded.problems if p.key or "not found" not in p.message]
    variant = seatable_variant(config.variant)
    if variant != config.variant:
        problems.append(f"variant {config.variant!r} is not playable in the window yet; playing {variant}")
        config = with_variant(config, variant)
    return config, problems


def with_variant(config: Config, variant: str) -> Config:
    """`config` playing `variant`: its own rules when it names that variant, else the variant's preset (a
    command's ``--variant``, a variant the window cannot seat)."""
    if variant == config.variant:
        return config
    return dataclasses.replace(config, variant=variant, rules=make_ruleset(variant, {}))


def load_defaults() -> Defaults:
    """The player's settings (``settings.json`` over ``config.yaml``), with every problem met reading them."""
    config, problems = load_config_settings()
    loaded = load_user_settings(config)
    return Defaults(config, loaded.app, loaded.ai, (*problems, *(str(p) for p in loaded.problems)))
