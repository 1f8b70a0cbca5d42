"""What a new game is made of, before any window exists: the variants the window can seat, the targets offered for
each, and the choices of the New game screen (also what ``play`` and ``demo`` fill in from the command line).

The list of variants is derived once, here, from the rules' ``VARIANTS`` and the seat counts the table layout can
draw (``layout.LAID_OUT_PLAYERS``), so the menu, the shell and the commands cannot drift apart; the targets come
from the rules (``allowed_targets``). No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bezique.game_mode import GameMode
from bezique.presenter.house_rules import NEW_GAME_KEYS, apply_house, changed_keys
from bezique.presenter.layout import LAID_OUT_PLAYERS
from bezique.rules import VARIANTS, FourHandMode, Ruleset, RulesetError, SeatKind, allowed_targets, make_ruleset, preset

SEATABLE_VARIANTS: tuple[str, ...] = tuple(v for v in VARIANTS if make_ruleset(v, {}).players in LAID_OUT_PLAYERS)
FALLBACK_VARIANT = "two_handed"  # what a config naming an unseatable variant plays instead
MODES = tuple(GameMode)
MAX_SEATS = 6


def seatable_variant(variant: str) -> str:
    """The variant a game asked to be `variant` is played as: itself when the window can seat it, else
    ``FALLBACK_VARIANT`` (``config.yaml`` and New game's starting point both ask here)."""
    return variant if variant in SEATABLE_VARIANTS else FALLBACK_VARIANT


def target_choices(variant: str) -> list[int | None]:
    """The targets offered for `variant`, as the rules allow them: points to win, or for Rubicon / Chinese the
    match target (None: one deal decides)."""
    return list(allowed_targets(variant))


def default_rules(config_variant: str, config_rules: Ruleset, variant: str) -> Ruleset:
    """The rules a game of `variant` starts from: ``config.yaml``'s when it names that variant, else the preset."""
    return config_rules if variant == config_variant else preset(variant)


@dataclass
class GameSetup:
    """What the New game screen chose (or the command line asked for).

    Seat 0 is a person (the player, or the first at the screen) unless the game is only watched (``demo``:
    every seat the computer); ``people[i]`` says whether seat ``i + 1`` is a person too (else the computer, at
    ``level``). ``house`` holds each variant's rule changes over its
    defaults (the house rules, and New game's sides for four-handed), so switching variant keeps every one's.
    """

    level: str = "intermediate"
    variant: str = FALLBACK_VARIANT
    target: int | None = 1000
    names: list[str] = field(default_factory=lambda: [""] * MAX_SEATS)
    assisted: bool = False
    seed: int | None = None
    people: list[bool] = field(default_factory=lambda: [False] * (MAX_SEATS - 1))
    house: dict[str, dict[str, Any]] = field(default_factory=dict)
    demo: bool = False

    @property
    def players(self) -> int:
        return preset(self.variant).players

    def seat_kinds(self) -> list[SeatKind]:
        """Who plays each seat of the variant."""
        if self.demo:
            return [SeatKind.AI] * self.players
        return [SeatKind.HUMAN, *(SeatKind.HUMAN if p else SeatKind.AI for p in self.people[:self.players - 1])]

    @property
    def mode(self) -> GameMode:
        """Against the computer with one person at the table, hot-seat with several (what the save and statistics
        say), a demo with none."""
        people = self.seat_kinds().count(SeatKind.HUMAN)
        return GameMode.DEMO if not people else GameMode.HOTSEAT if people > 1 else GameMode.COMPUTER

    @mode.setter
    def mode(self, mode: GameMode) -> None:
        """Every other seat a person (hot-seat) or the computer, as ``play --hotseat`` asks; or every seat the
        computer (a demo)."""
        self.people = [mode == GameMode.HOTSEAT] * (MAX_SEATS - 1)
        self.demo = mode == GameMode.DEMO

    def choose_variant(self, variant: str) -> None:
        """Play `variant`, to the chosen target where it allows it, else to its own default."""
        self.variant = variant
        if self.target not in target_choices(variant):
            self.target = target_choices(variant)[0]

    @property
    def computers(self) -> bool:
        return SeatKind.AI in self.seat_kinds()

    def house_of(self, variant: str | None = None) -> dict[str, Any]:
        """The rule changes of `variant` (the chosen one by default), New game's sides included."""
        return self.house.get(variant or self.variant, {})

    def target_rules(self) -> dict[str, Any]:
        """The chosen target as the rule that holds it (``Ruleset.target_key``): the match target where deals are
        settled (None: one deal), else the points to win."""
        key = preset(self.variant).target_key
        return {key: self.target if key == "match_target" else self.target or 1000}

    def ruleset(self, defaults: Ruleset) -> Ruleset:
        """The rules of the game to start: `defaults` (``default_rules``) with the house rules and the target.
        House rules the defaults no longer accept (``config.yaml`` changed since) are left out rather than
        refusing to start."""
        try:
            return apply_house(defaults, self.house_of(), self.target_rules())
        except RulesetError:
            return apply_house(defaults, {}, self.target_rules())

    def house_rules_in_force(self, defaults: Ruleset) -> list[str]:
        """The house-rules screen's changes this game plays with (sorted keys; empty: the standard game)."""
        return changed_keys(defaults, self.house_of())

    def set_sides(self, four_hand_mode: FourHandMode, defaults: Ruleset) -> None:
        """Partnership or every player alone, for four-handed (New game's own row, kept with the house rules)."""
        house = {k: v for k, v in self.house_of().items() if k != "four_hand_mode"}
        if four_hand_mode != defaults.four_hand_mode:
            house["four_hand_mode"] = four_hand_mode
        self.house[self.variant] = house

    def set_house(self, house: dict[str, Any]) -> None:
        """The house-rules screen's choice for the chosen variant (New game's own keys kept as they are)."""
        own = {k: v for k, v in self.house_of().items() if k in NEW_GAME_KEYS}
        self.house[self.variant] = {**own, **{k: v for k, v in house.items() if k not in NEW_GAME_KEYS}}

    # --- remembered between games (``persist.new_game``) ------------------------------------------------------
    def choices(self) -> dict[str, Any]:
        """What New game remembers for next time (the seed is never kept: each game gets a fresh one)."""
        return {"variant": self.variant, "level": self.level, "target": self.target, "people": list(self.people),
                "names": list(self.names), "assisted": self.assisted}

    def remembered(self, choices: dict[str, Any], house: dict[str, dict[str, Any]], levels: tuple[str, ...]) -> None:
        """Take the choices saved last time, each only where it still fits (a variant the window seats, a level
        offered, a target the variant allows)."""
        variant = choices.get("variant")
        if variant in SEATABLE_VARIANTS:
            self.variant = variant
            self.target = target_choices(variant)[0]
        if choices.get("level") in levels:
            self.level = choices["level"]
        if choices.get("target", 0) in target_choices(self.variant):
            self.target = choices["target"]
        self.people = list(choices.get("people", self.people))
        self.names = list(choices.get("names", self.names))
        self.assisted = bool(choices.get("assisted", self.assisted))
        self.house = {v: dict(keys) for v, keys in house.items()}
