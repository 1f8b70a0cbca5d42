"""Can a cheap policy learn the Expert's search? A linear policy over features of a card play, fitted to the
search's own values, against the rules' choice: the first step of expert iteration, measured before building it.

The search's rollouts play the Expert's later moves by its rules, and a weaker rollout policy shows in the Expert at
about a fifth of its strength (lab/README.md): a rollout policy that played like the search would be the lever left.
This tool plays single two-handed deals of the Expert (``--iterations`` sampled deals a decision, its seat
alternating) against the Intermediate and keeps, for every stock-phase card play it searched, each candidate's
features (``features``: the rules' own score and keep value, rank, trump, brisque, tabled, the stock left, taking
the trick, the meld after it, the unseen cards that beat it...) and its paired mean gain over the rules' choice on
the decision's sampled deals (``ExpertPlayer.decide_with_table``). It fits, for leads and follows apart, a softmax
policy over those features that maximises the search-estimated gain of its choice (gradient ascent, started from the
rules' own score), on the first three quarters of the decisions, and reports on the rest: the search-estimated gain
a decision of the learned policy's choice (the rules' is 0 by definition; a lead of the rules' score alone is not
quite 0, since the rules break near-ties at random) and of the search's best (an upper bound, optimistic: the
largest of noisy estimates). Usage:

    python lab/distil_policy.py [--deals 400] [--iterations 100] [--seed 35] [--jobs 2] [--steps 150]

Found on stop 35 (compiled, ``--deals 1200``, the other defaults; 22 minutes on two cores): 28,777 searched
decisions. Held out, the learned policy does no better than the rules: leads -0.30 a decision (the rules' score
alone -0.19), follows -0.12 (the rules 0), where the search's best estimates +2.7 and +2.8. And that best is the
optimism of the largest of noisy estimates: chosen on half of the sampled deals and valued on the other half it
is worse than the rules' choice, while the Expert's own choice (the bar) is better (``--deals 600 --seed 36``,
14,395 decisions: the search's best -2.9 on leads, -2.0 on follows; the Expert's choice +1.1 and +1.3; the
learned policy -0.38 and -0.19). A policy fitted to the search's preferences learns mostly noise: the search's
worth is in the few candidates that clear the bar (``confidence``), on the deals sampled for that decision.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from overrules import expert_deal  # sibling scripts: lab/ is the script's own folder on the path
from stages import stage_name

from bezique.ai.base import Decision
from bezique.ai.confidence import DealTable
from bezique.ai.knowledge import EXPERT_CRAFT, Knowledge, is_brisque
from bezique.ai.policy import follow_scores, lead_costs
from bezique.rules import GameState, Phase, PlayerView, beats, suit_of

MIN_SEEN = 8  # sampled deals a candidate's gain needs to count (candidates pruned sooner are clearly worse)
KINDS = ("lead", "follow")


class Candidate(NamedTuple):
    """One candidate card of a searched decision: its features, its paired mean gain over the rules' choice on
    the decision's sampled deals, and how many deals that gain is over."""

    features: list[float]
    gain: float
    deals: int


class Searched(NamedTuple):
    """A stock-phase card play the search decided: lead or follow, its candidates, the rules' choice (an index),
    and the gains of two choices made on the even sampled deals and valued on the odd ones (``split_gains``): the
    search's best, and the Expert's own (the rules' choice unless a candidate clears the bar)."""

    kind: str
    candidates: list[Candidate]
    prior: int
    split_best: float = 0.0
    split_bar: float = 0.0


def split_gains(table: DealTable) -> tuple[float, float]:
    """Two choices made on the even deals of a decision's `table` and valued by their paired mean gain over the
    rules' choice on the odd deals, without the optimism of valuing a choice on the deals it was chosen on: the
    candidate with the best mean (of those searched on ``MIN_SEEN`` deals or more), and the Expert's own choice
    (``DealTable.pick``, among the candidates searched on every deal: the others were pruned as clearly worse)."""
    values, prior = table.values, table.prior

    def gain(i: int, parity: int) -> float:
        n = min(len(values[i]), len(values[prior]))
        pairs = [values[i][d] - values[prior][d] for d in range(parity, n, 2)]
        return sum(pairs) / len(pairs) if pairs else 0.0

    best = max((i for i, v in enumerate(values) if i == prior or len(v) >= MIN_SEEN), key=lambda i: gain(i, 0))
    full = [i for i, v in enumerate(values) if len(v) == len(values[prior])]
    half = DealTable([table.candidates[i] for i in full], table.candidates[prior], 0, table.bar)
    for k, d in enumerate(range(0, len(values[prior]), 2)):
        half.add(k, {j: values[i][d] for j, i in enumerate(full)})
    return gain(best, 1), gain(full[half.pick()[0]], 1)


def features(state: GameState, me: int, cards: list[int]) -> dict[int, list[float]]:
    """Each of `cards`' features as a play by seat `me` now, read from what that seat knows (its cards, the
    tables, the trick, the cards played): the rules' score (the Expert's weights; a lead's cost negated), its keep
    value, tabled, brisque, trump, its rank, its rank among trumps (ace to jack); brisque, trump, tabled and keep
    value each x the share of the stock left and x a late stock; the length of its suit in my cards, trump x my
    trumps, a brisque in the last two draws, the share of unseen cards that beat it, none beating it, its suit's
    unseen cards, the other seat's tabled cards of its suit, my other copies of its face. A follow adds: taking
    the trick, and that x the brisques on it, x the stock's share, x late, x the meld it lets me declare, x my
    card a brisque."""
    know = Knowledge(state, me, EXPERT_CRAFT)
    keep = know.keep_values(cards)
    trump = state.trump
    stock = len(state.stock)
    share = stock / state.rules.stock_size
    late = 1.0 if stage_name(stock) == "late" else 0.0  # the regret command's last stage
    suit_count = [0, 0, 0, 0]
    for c in state.hands[me] + state.tables[me]:
        suit_count[suit_of(c)] += 1
    my_trumps = suit_count[trump] if trump is not None else 0
    if state.trick:
        follow = follow_scores(state, know, cards, keep)
        rules = {c: follow[c][0] for c in cards}
        winning = state.trick[state.best]
        stake = sum(10 for c in state.trick if is_brisque(c))
    else:
        costs = lead_costs(state, know, cards, keep, every=True)
        rules = {c: -costs[c] for c in cards}
    other_table = state.tables[1 - me]
    out: dict[int, list[float]] = {}
    for c in cards:
        rank = c & 7
        is_trump = 1.0 if trump is not None and suit_of(c) == trump else 0.0
        brisque = 1.0 if rank <= 1 else 0.0
        tabled = 1.0 if c in state.tables[me] else 0.0
        ranks = [1.0 if r == rank else 0.0 for r in range(8)]
        beaters = sum(n for face, n in enumerate(know.avail) if n > 0 and beats(face, c, trump))
        f = [rules[c], keep[c], tabled, brisque, is_trump, *ranks, *(is_trump * x for x in ranks[:5]),
             share * brisque, share * is_trump, share * tabled, share * keep[c],
             late * brisque, late * is_trump, late * tabled, late * keep[c],
             float(suit_count[suit_of(c)]), is_trump * my_trumps, brisque * (1.0 if stock <= 2 else 0.0),
             beaters / know.unseen_total, 1.0 if beaters == 0 else 0.0,
             sum(know.avail[suit_of(c) * 8 + r] for r in range(8)) / 16.0,
             float(sum(1 for x in other_table if suit_of(x) == suit_of(c))), know.mine_count[c & 31] - 1.0]
        if state.trick:
            wins = 1.0 if beats(c, winning, trump) else 0.0
            meld = know.ready_melds(without=c) if wins and stock else 0.0
            f += [wins, wins * stake, wins * share, wins * late, wins * meld, wins * brisque]
        out[c] = f
    return out


def searched_deal(job: tuple[int, int, int]) -> list[Searched]:
    """One deal of the Expert against the Intermediate (``overrules.expert_deal``): its searched stock-phase card
    plays."""
    deal, iterations, seed = job
    out: list[Searched] = []

    def watch(state: GameState, view: PlayerView, _decision: Decision, table: DealTable | None) -> None:
        if table is None or state.phase != Phase.PLAY or state.final_phase:
            return
        cards = [a.cards[0] for a in table.candidates]
        feats = features(state, view.seat, cards)
        prior = table.values[table.prior]
        candidates = []
        for i, c in enumerate(cards):
            n = min(len(table.values[i]), len(prior))
            gain = sum(a - b for a, b in zip(table.values[i][:n], prior[:n], strict=True)) / max(1, n)
            candidates.append(Candidate(feats[c], gain, n))
        out.append(Searched("follow" if state.trick else "lead", candidates, table.prior, *split_gains(table)))

    expert_deal(deal, iterations, seed, watch)
    return out


def counted(decision: Searched) -> list[int]:
    """The candidates whose gain counts: the rules' own, and those searched on ``MIN_SEEN`` deals or more."""
    return [i for i, c in enumerate(decision.candidates) if i == decision.prior or c.deals >= MIN_SEEN]


def pick(decision: Searched, weights: list[float]) -> int:
    """The counted candidate the linear policy scores highest."""
    return max(counted(decision), key=lambda i: sum(w * x for w, x in zip(weights, decision.candidates[i].features,
                                                                           strict=True)))


def held_out_gains(decisions: list[Searched], weights: list[float]) -> tuple[float, float]:
    """(the search-estimated gain a decision of the policy's choice, of the search's best counted candidate)."""
    mine = sum(d.candidates[pick(d, weights)].gain for d in decisions)
    best = sum(max(d.candidates[i].gain for i in counted(d)) for d in decisions)
    return mine / len(decisions), best / len(decisions)


def fit(decisions: list[Searched], steps: int, rate: float = 0.05, l2: float = 1e-3) -> list[float]:
    """Weights of a softmax policy over the counted candidates that maximise the expected search-estimated gain of
    its choice, by Adam steps on standardised features, started from the rules' own score (the first feature)."""
    rows = [[d.candidates[i] for i in counted(d)] for d in decisions]
    width = len(rows[0][0].features)
    flat = [c.features for row in rows for c in row]
    means = [sum(f[k] for f in flat) / len(flat) for k in range(width)]
    spread = [math.sqrt(sum((f[k] - means[k]) ** 2 for f in flat) / len(flat)) or 1.0 for k in range(width)]
    data = [([[x / s for x, s in zip(c.features, spread, strict=True)] for c in row], [c.gain for c in row])
            for row in rows]
    w = [0.0] * width
    w[0] = 0.5 * spread[0]
    m, v = [0.0] * width, [0.0] * width
    for t in range(1, steps + 1):
        grad = [0.0] * width
        for feats, gains in data:
            scores = [sum(a * b for a, b in zip(w, f, strict=True)) for f in feats]
            top = max(scores)
            probs = [math.exp(s - top) for s in scores]
            total = sum(probs)
            probs = [p / total for p in probs]
            mean = sum(p * g for p, g in zip(probs, gains, strict=True))
            for p, g, f in zip(probs, gains, feats, strict=True):
                pull = p * (g - mean)
                for k in range(width):
                    grad[k] += pull * f[k]
        for k in range(width):
            gk = grad[k] / len(data) - l2 * w[k]
            m[k] = 0.9 * m[k] + 0.1 * gk
            v[k] = 0.999 * v[k] + 0.001 * gk * gk
            w[k] += rate * (m[k] / (1 - 0.9 ** t)) / (math.sqrt(v[k] / (1 - 0.999 ** t)) + 1e-8)
    return [x / s for x, s in zip(w, spread, strict=True)]


def report(decisions: list[Searched], steps: int) -> list[str]:
    """Per kind: the held-out gains of the learned policy, of the rules' score alone and of the search's best."""
    lines = []
    for kind in KINDS:
        mine = [d for d in decisions if d.kind == kind and len(counted(d)) > 1]
        cut = len(mine) * 3 // 4
        if cut < 4:
            lines.append(f"{kind}: {len(mine)} searched decisions, too few to fit")
            continue
        train, test = mine[:cut], mine[cut:]
        rules_alone = [1.0] + [0.0] * (len(train[0].candidates[0].features) - 1)
        learned, best = held_out_gains(test, fit(train, steps))
        alone, _best = held_out_gains(test, rules_alone)
        split_best = sum(d.split_best for d in test) / len(test)
        split_bar = sum(d.split_bar for d in test) / len(test)
        lines.append(f"{kind}: {len(mine)} searched decisions, held out {len(test)}: learned policy {learned:+.2f} a "
                     f"decision, the rules' score alone {alone:+.2f}, the search's best {best:+.2f} (optimistic); "
                     f"chosen on half the deals and valued on the others: the search's best {split_best:+.2f}, "
                     f"the Expert's choice {split_bar:+.2f}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--steps", type=int, default=150, help="gradient steps of the fit")
    args = parser.parse_args(argv)
    jobs = [(deal, args.iterations, args.seed) for deal in range(args.deals)]
    with multiprocessing.Pool(args.jobs) as pool:
        decisions = [d for deal in pool.map(searched_deal, jobs, chunksize=1) for d in deal]
    print("\n".join(report(decisions, args.steps)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
