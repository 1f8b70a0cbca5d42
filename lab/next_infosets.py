"""How far a tree search over the player's own later decisions could reach: the distinct information sets of its
next card play that each root action leads to, over the sampled deals of one decision.

Information-set search (SO-ISMCTS) grows a tree whose nodes are what the searching player knows; its second level
of own decisions is worth something only if the sampled deals meet the same nodes often enough to compare the moves
there. In Bezique the stock deals each player a card after every trick, so the player's next decision differs by
the card it draws and the card the opponent played: this counts those nodes. At every fourth stock-phase card play
of seat 0 in deals of the Intermediate against itself, each legal action is played on ``--samples`` deals from the
search's reading (``inference.Belief``), the deal goes on by the Intermediate's rules to seat 0's next card play,
and that decision's information set is keyed by what seat 0 sees there (its hand and the trick by face, the tricks
done, the phase). Printed: the distinct sets a root action leads to and the deals each gets, medians over the
(position, action) pairs. Usage:

    python lab/next_infosets.py [--deals 4] [--samples 300] [--seed 1]

Found on stop 34 (compiled, the defaults: 181 pairs): 300 deals lead a root action to a median of 69 distinct next
decisions, 4.35 deals each, before a tree shares its deals between the five or so root actions: about one deal a
node. A tree over the player's own later moves would not see its second level; the flat search's paired deals
(``confidence``) use every deal for every candidate instead.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Hashable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bezique.ai.base import Player
from bezique.ai.inference import Belief
from bezique.ai.levels import make_player
from bezique.rules import Action, GameState, Phase, PlayerView, apply, make_ruleset, new_game, play_game, view_for

EVERY = 4  # one stock-phase card play of seat 0 in this many is measured
STEPS = 20  # moves at most from a root action to seat 0's next card play (a trick, two draws, declarations)


def next_key(state: GameState, players: list[Player]) -> Hashable:
    """Play `state` on by the `players`' rules (in place) to seat 0's next card play, or the deal's end, and key
    what seat 0 sees there: its hand and the trick by face (copies of a face alike), the tricks done, the phase."""
    for _ in range(STEPS):
        seat = state.to_act
        if seat is None or state.phase not in (Phase.PLAY, Phase.DECLARE) or (state.phase == Phase.PLAY and seat == 0):
            break
        view = view_for(state, seat)
        apply(state, players[seat].choose(view, view.legal))
    seen = view_for(state, 0)
    return (tuple(sorted(c & 31 for c in seen.hand)), tuple(c & 31 for _s, c in seen.trick), len(seen.tricks_log),
            seen.phase)


def infosets(view: PlayerView, action: Action, samples: int, players: list[Player],
             rng: random.Random) -> int:
    """The distinct next information sets of seat 0 that `action` leads to over `samples` deals of `view`."""
    belief = Belief(view, rng)
    keys = set()
    for _ in range(samples):
        state = belief.deal(rng)
        apply(state, action)
        keys.add(next_key(state, players))
    return len(keys)


def measure(deals: int, samples: int, seed: int) -> list[int]:
    """For every measured (position, legal action) pair of `deals` deals: its count of next information sets."""
    counts: list[int] = []
    for deal in range(deals):
        counts.extend(measure_deal(deal, samples, seed))
    return counts


def measure_deal(deal: int, samples: int, seed: int) -> list[int]:
    """``measure`` of one deal of the Intermediate against itself."""
    rules = make_ruleset("two_handed", {"target_score": 2000})  # no game ends inside the deal
    players = [make_player("intermediate", seed * 1_000_003 + deal * 2 + s) for s in range(2)]
    counts: list[int] = []
    plays = 0

    def choose(state: GameState, seat: int) -> Action:
        nonlocal plays
        view = view_for(state, seat)
        if seat == 0 and state.phase == Phase.PLAY and not state.final_phase and state.stock and len(view.legal) > 1:
            plays += 1
            if plays % EVERY == 0:
                rng = random.Random(seed * 7_919 + deal * 1_000 + plays)
                counts.extend(infosets(view, a, samples, players, rng) for a in view.legal)
        return players[seat].choose(view, view.legal)

    play_game(new_game(rules, deal % 2), [choose, choose], random.Random(seed * 7_907 + deal), max_deals=1)
    return counts


def report(counts: list[int], samples: int) -> str:
    return (f"{len(counts)} (position, action) pairs, {samples} deals each: distinct next own information sets "
            f"median {statistics.median(counts):g} (mean {statistics.mean(counts):.1f}), deals a set median "
            f"{statistics.median(samples / c for c in counts):.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(report(measure(args.deals, args.samples, args.seed), args.samples))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
