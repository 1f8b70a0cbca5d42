"""An arena whose search level sees the other hands (never the stock's order): the bound on what reading the
opponent can be worth to it.

The Expert samples the cards it cannot see from its reading of the opponent (``inference.Belief``); here its view
is given every hand as it is, so its sampled deals differ only in the stock. Against the same opponent on the same
decks (the same seed as an honest run, ``lab/compare_arena.py`` to pair the two), the difference is what a perfect
reading would add to the search as it is; the rest of the gap to any target is the search's own.

Usage: the arena command's options; level A must be a search level (expert, master) and level B must not (the
search levels' views are all given the hands):

    python lab/clairvoyant_arena.py --a expert --b intermediate --games 300 --target 500 --seed 30501 \\
        --iterations 100 --log /tmp/clairvoyant.jsonl

The same on the regret command's positions (its options after ``regret``): the levels there see every hand as it
is, the positions and the oracle stay the honest ones, so the figures pair with an honest run of the same command
(stop 33: the Expert's regret on 50 sampled deals went from 11.57 to only 10.81, where the arena above gained +31
points a deal: the oracle's own noise hides most of what reading is worth from the regret command):

    python lab/clairvoyant_arena.py regret --levels expert,rules --iterations 50 \\
        --oracle lab/regret/oracle_two_handed_500_s31000_p300_r48.json

It changes the arena (or the regret command) in this process only (and in processes it forks): a probe, never the
game.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bezique.ai import arena, regret
from bezique.ai.base import Decision, StopFlag
from bezique.ai.expert import ExpertPlayer
from bezique.ai.levels import HIDDEN_LEVELS, LEVELS
from bezique.commands.cli import main as cli_main
from bezique.rules import Action, GameState, PlayerView

# the levels whose players search (and so read a view's hands), as the registry builds them
SEARCH_LEVELS = tuple(name for name, factory in {**LEVELS, **HIDDEN_LEVELS}.items()
                      if isinstance(factory, type) and issubclass(factory, ExpertPlayer))


class _Table:
    """The state the arena last made a view of: the one whose player is about to decide."""

    state: GameState | None = None


def open_view(view: PlayerView, state: GameState) -> PlayerView:
    """`view` with every hand of `state` known, as in Open Bezique; the stock stays hidden."""
    return replace(view, known=tuple(tuple(hand) for hand in state.hands))


def install() -> None:
    """Give every search level's decision in the arena the hands of the state it decides on."""
    honest_view = arena.view_for
    honest_decide = ExpertPlayer.decide

    def view_for(state: GameState, seat: int) -> PlayerView:
        _Table.state = state
        return honest_view(state, seat)

    def decide(self: ExpertPlayer, view: PlayerView, legal: Sequence[Action], stop: StopFlag | None = None) -> Decision:
        assert _Table.state is not None, "a search level decided outside the arena"
        return honest_decide(self, open_view(view, _Table.state), legal, stop)

    arena.view_for = view_for
    ExpertPlayer.decide = decide  # type: ignore[method-assign]


def install_regret() -> None:
    """Give every level's choice in the regret command the hands of its position (not the Intermediate's games
    that find the positions: those stay the honest ones, and so does the oracle)."""
    honest_view = regret.view_for
    honest_choice = regret.level_choice

    def level_choice(level: str, options: dict[str, int], position: regret.Position, seed: int) -> int:
        regret.view_for = lambda state, seat: open_view(honest_view(state, seat), state)
        try:
            return honest_choice(level, options, position, seed)
        finally:
            regret.view_for = honest_view

    regret.level_choice = level_choice


def main(argv: list[str]) -> int:
    if argv[:1] == ["regret"]:
        install_regret()
        return cli_main(argv)
    levels = {name: argv[argv.index(name) + 1] for name in ("--a", "--b") if name in argv}
    if levels.get("--a") not in SEARCH_LEVELS or levels.get("--b") in SEARCH_LEVELS:
        print("clairvoyant_arena: --a must be a search level (expert, master) and --b must not", file=sys.stderr)
        return 2
    install()
    return cli_main(["arena", *argv])


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
