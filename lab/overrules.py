"""How often the Expert's search overrules its own rules' choice, by kind of decision and by the stock left: what
a learned policy would have to capture to play like the search.

The Expert plays the rules' choice (``EXPERT_CRAFT``) unless a candidate beats it clearly on the sampled deals
(``confidence``): the decisions it overrules are the search's whole contribution, and the data a policy distilled
from the search (to be cheap enough for rollouts) would learn from. This plays single two-handed deals of the
Expert (``--iterations`` sampled deals a decision, one core) against the Intermediate, the Expert's seat
alternating, and counts its stock-phase decisions with a choice (a lead, a follow, a declaration step) and those
decided by the search, with the search's mean estimated gain over the rules' choice (points-equivalent of the
rollouts' value). Usage:

    python lab/overrules.py [--deals 60] [--iterations 100] [--seed 1]

Found on stop 34 (compiled, the defaults): 23% of 1671 decisions are overruled: leads 25-41% (most as the stock
runs out), follows 19-35%, declaration steps 2-4%; a mean estimated gain of 6-13 a decision.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stages import stage_name  # a sibling: lab/ is the script's own folder on the path

from bezique.ai.base import Decision
from bezique.ai.confidence import DealTable
from bezique.ai.expert import ExpertPlayer
from bezique.ai.levels import make_player
from bezique.ai.regret import decision_kind
from bezique.rules import Action, GameState, PlayerView, make_ruleset, new_game, play_game, view_for

Key = tuple[str, str]  # (kind of decision, stage)


class Tally:
    """Decisions with a choice, those the search decided and its estimated gains, by (kind, stage)."""

    def __init__(self) -> None:
        self.decisions: Counter[Key] = Counter()
        self.gains: defaultdict[Key, list[float]] = defaultdict(list)

    def add(self, view: PlayerView, searched: bool, gain: float) -> None:
        kind = decision_kind(view.phase, bool(view.trick))
        stage = stage_name(view.stock_count)
        self.decisions[kind, stage] += 1
        if searched:
            self.gains[kind, stage].append(gain)

    def report(self) -> list[str]:
        lines = []
        for key in sorted(self.decisions):
            n, gains = self.decisions[key], self.gains[key]
            gain = f", mean gain {sum(gains) / len(gains):.1f}" if gains else ""
            lines.append(f"{key[0]:8s} {key[1]:6s} {n:5d} decisions, overruled {len(gains):4d} ({len(gains) / n:.0%})"
                         f"{gain}")
        total = sum(self.decisions.values())
        over = sum(len(g) for g in self.gains.values())
        lines.append(f"all: {total} decisions, overruled {over} ({over / max(1, total):.0%})")
        return lines


Watch = Callable[[GameState, PlayerView, Decision, DealTable | None], None]


def expert_deal(deal: int, iterations: int, seed: int, watch: Watch) -> None:
    """One deal of the Expert (`iterations` sampled deals a decision, one core) against the Intermediate, the
    Expert's seat alternating by deal; `watch` is shown every decision of the Expert (the true state before it,
    the view, the decision, the table of values it chose from: ``ExpertPlayer.decide_with_table``) before it is
    played. The measuring tools of the search share it."""
    rules = make_ruleset("two_handed", {"target_score": 2000})  # no game ends inside the deal
    expert = ExpertPlayer(seed * 1_000_003 + deal, iterations=iterations, cores=1)
    rival = make_player("intermediate", seed * 1_000_003 + deal + 500_000)
    expert_seat = deal % 2

    def choose(state: GameState, seat: int) -> Action:
        view = view_for(state, seat)
        if seat != expert_seat:
            return rival.choose(view, view.legal)
        decision, table = expert.decide_with_table(view, view.legal)
        watch(state, view, decision, table)
        return decision.action

    play_game(new_game(rules, deal % 2), [choose, choose], random.Random(seed * 7_907 + deal), max_deals=1)


def play_deal(deal: int, iterations: int, seed: int, tally: Tally) -> None:
    """One deal of the Expert against the Intermediate (``expert_deal``), its stock-phase choices tallied."""
    def watch(_state: GameState, view: PlayerView, decision: Decision, _table: DealTable | None) -> None:
        if len(view.legal) > 1 and not view.final_phase:
            tally.add(view, decision.code == "search", float((decision.args or {}).get("gain", 0)))

    expert_deal(deal, iterations, seed, watch)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    tally = Tally()
    for deal in range(args.deals):
        play_deal(deal, args.iterations, args.seed, tally)
    print("\n".join(tally.report()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
