"""Reading the other players' plays: how likely each unseen card is to be in each concealed hand.

A plain ``determinize`` deals the unseen cards uniformly, as if every other player held a random handful. Players
(and our own rule levels) lead their cheapest card, take a trick only when it pays, declare what they can and swap
the seven of trumps for the turn-up as soon as they may, so each choice says something. ``Belief`` reads, for
every other seat of a deal in its stock phase (opponents and partners alike, two to six players):

- its plays (the cards on the table now, then its card in each trick since its oldest concealed card was drawn):
  a card the intermediate rules would have played instead, by a margin of d points, is exp(-d / TEMPERATURE)
  times less likely to have been in that hand. A card may also have been drawn after the play, which then says
  nothing about it: with k cards drawn since into a concealed hand of h, a card's factor is mixed with 1 in
  proportion k / h, so old plays fade;
- its latest declaration step (after the last trick it won): a seven of trumps it held then would have been
  swapped for the turn-up, so while no seven has been swapped an unseen seven is less likely in its hand, by the
  chance it was already held then;
- the melds it did not declare there: a hand with a meld of fresh cards worth more than its last declaration (any
  meld, if a card of that one was played by then), complete at that step, is less likely, by the chance that meld
  was already complete then. This is a fact about
  whole hands (a king and a queen together, not each alone), so ``Belief.deal`` draws hands by the card weights and
  keeps each with its likelihood (rejection sampling), trying at most ``TRIES`` times.

In the final tricks of a two-player deal every card is known. With more players the final tricks are read by the
rules alone: a seat that did not follow suit (or head the trick, or trump) holds no card that would have made it
(``follow_options``), and the stock-phase reading is dropped (those hands have been played down since).

The model stays soft: a human who plays or holds a meld back for a reason the rules do not see only makes some
hands less likely, never impossible (``FLOOR``, ``HOLD_BACK``). It reads the view and the random stream only, so
the search stays honest: two states that look alike to the seat give the same deals.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from bezique.ai.knowledge import Knowledge, meld_facts
from bezique.ai.policy import follow_scores, lead_cost
from bezique.rules import (
    SEVEN,
    GameState,
    MeldId,
    Phase,
    PlayerView,
    SevenScoring,
    beats,
    determinize,
    draws_since,
    follow_options,
    place_unseen,
    rewind,
    suit_of,
)

TEMPERATURE = 2.0  # points by which another card would have been the better play that make it e times less likely
FLOOR = 1e-9  # the least weight of a card (a card the rules bar too): a sampled deal may still need it
HOLD_BACK = 0.1  # the chance a player keeps back a meld it holds, or the swap of the seven, on purpose
TRIES = 24  # hands drawn by the card weights before the likeliest of them is taken as it is
HELD_BACK_KINDS = frozenset({MeldId.BEZIQUE_1})  # melds the intermediate rules keep back while a larger one is likely


class Belief:
    """Card weights for each other seat's concealed hand and the melds it would have declared, read once per
    decision from `view`; ``deal`` draws full states from them."""

    __slots__ = ("checks", "hidden", "order", "view", "weights")

    def __init__(self, view: PlayerView, rng: random.Random) -> None:
        self.view = view
        self.hidden: dict[int, int] = {}  # seat -> concealed cards the view does not show; empty: uniform deals
        self.weights: dict[int, dict[int, float]] = {}  # seat -> card -> weight (absent: 1)
        self.checks: dict[int, _MeldCheck] = {}  # seat -> the melds it did not declare at its latest step
        self.order: list[tuple[int, int]] = []  # (seat, concealed cards) in drawing order: the most read first
        me = view.seat
        hidden = {s: view.hand_counts[s] - len(view.known[s]) for s in range(view.rules.players) if s != me}
        hidden = {s: n for s, n in hidden.items() if n > 0}
        if not hidden:
            return  # the final tricks of a two-player deal, or open hands: every card is known
        if view.final_phase or not view.stock_count:
            self.weights = {s: weights for s in hidden if (weights := _voids(view, s))}
        else:
            self._read_stock_phase(view, hidden, rng)
        if self.weights or self.checks:
            self.hidden = hidden
            # a seat whose weights rule out most cards draws first, before the others take the cards it may hold
            spread = {s: sum(self.weights[s].values()) / n if s in self.weights else math.inf
                      for s, n in hidden.items()}
            self.order = sorted(hidden.items(), key=lambda item: spread[item[0]])

    def _read_stock_phase(self, view: PlayerView, hidden: dict[int, int], rng: random.Random) -> None:
        """Each seat's plays, swap of the seven and declarations of the stock phase, into ``weights`` and
        ``checks``."""
        pool = view.unseen()
        dealt = pool[:]
        rng.shuffle(dealt)  # a uniform deal of the view: each seat's concealed cards, in seat order, then the stock
        uniform: dict[int, list[int]] = {}
        for s, n in hidden.items():
            uniform[s], dealt = dealt[:n], dealt[n:]
        for seat, n in hidden.items():
            weights = dict.fromkeys(pool, 1.0)
            read = False
            for index, card, draws in _reads(view, seat, n):
                then = _rewind(view, index, seat, uniform, rng)
                if then is None:
                    continue
                stale = min(1.0, draws / n)
                for c, factor in _evidence(then, seat, card, pool).items():
                    weights[c] *= stale + (1.0 - stale) * factor
                read = True
            step = _latest_step(view, seat)
            if step is not None:
                index, draws = step
                fresh = (n - draws) / n  # the chance a card it hides now was already held at that step
                for c, factor in _sevens(view, seat, index, draws, fresh, pool).items():
                    weights[c] *= factor
                    read = True
                check = _MeldCheck.at(view, seat, index, n, draws)
                if check is not None:
                    self.checks[seat] = check
            if read:
                self.weights[seat] = {c: max(FLOOR, w) for c, w in weights.items()}

    def deal(self, rng: random.Random) -> GameState:
        """A full state consistent with the view: each seat's concealed cards drawn by their weights, kept with the
        likelihood of the melds it did not declare (the likeliest of ``TRIES`` draws otherwise), the rest to the
        stock at random."""
        if not self.hidden:
            return determinize(self.view, rng)
        pool = self.view.unseen()
        best: tuple[float, dict[int, list[int]], list[int]] = (-1.0, {}, [])
        for _ in range(TRIES):
            rng.shuffle(pool)
            hands, rest = self._draw(pool, rng)
            likelihood = 1.0
            for seat, check in self.checks.items():
                likelihood *= check.likelihood(hands[seat])
            if likelihood >= 1.0 or rng.random() < likelihood:
                best = likelihood, hands, rest
                break
            if likelihood > best[0]:
                best = likelihood, hands, rest
        return place_unseen(self.view, best[1], best[2])

    def _draw(self, pool: list[int], rng: random.Random) -> tuple[dict[int, list[int]], list[int]]:
        """Each seat's concealed cards drawn from the shuffled `pool` by its weights, seat after seat (weighted
        sampling without replacement, Efraimidis-Spirakis: the largest log(u) / weight win), and the rest."""
        left = pool
        hands: dict[int, list[int]] = {}
        for seat, n in self.order:
            weights = self.weights.get(seat)
            if weights is None:
                hands[seat], left = left[:n], left[n:]  # already shuffled: a uniform draw
                continue
            keys = sorted(range(len(left)), key=lambda i: math.log(1.0 - rng.random()) / weights[left[i]],
                          reverse=True)
            chosen = set(keys[:n])
            hands[seat] = [left[i] for i in sorted(chosen)]
            left = [c for i, c in enumerate(left) if i not in chosen]
        return hands, left


class _MeldCheck:
    """The melds of fresh cards (all from the concealed hand) a seat did not declare at its latest declaration
    step: those worth more than its last declaration of the deal (it may have declared that one there), unless a
    card of that one was already played then (it declared nothing there: every meld counts). A hand
    drawn now that completes one is less likely by the chance it was already complete then: each card it hides
    may have been drawn since, the cards it shows or has played since were held for sure."""

    __slots__ = ("draws", "held", "hidden", "melds")

    def __init__(self, melds: list[tuple[tuple[tuple[int, ...], int], ...]], held: list[int], hidden: int,
                 draws: int) -> None:
        self.melds = melds  # per meld: (faces, cards needed among them) groups; a quartet takes any suits
        self.held = held  # face counts of the cards it surely held at the step
        self.hidden = hidden
        self.draws = draws

    @classmethod
    def at(cls, view: PlayerView, seat: int, index: int, hidden: int, draws: int) -> _MeldCheck | None:
        """The check of `seat`'s declaration step after trick `index` (`draws` cards ago), or None if it says
        nothing."""
        if draws >= hidden:
            return None
        records = [r for r in view.records if r.seat == seat]
        last = records[-1].value if records else 0
        before = {c for _winner, trick in view.tricks_log[:index + 1] for _s, c in trick}
        if records and before.intersection(records[-1].cards):
            last = 0  # a card of its last declaration was played by then: it declared nothing at this step
        melds: list[tuple[tuple[tuple[int, ...], int], ...]] = []
        for t in meld_facts(view.rules, view.trump).templates:
            if t.value <= last or t.kind in HELD_BACK_KINDS:
                continue
            if t.quartet:
                rank = t.faces[0]
                melds.append((((rank, 8 + rank, 16 + rank, 24 + rank), 4),))
            else:
                melds.append(tuple(((face,), n) for face, n in t.need))
        if not melds:
            return None
        melded = {c for r in records for c in r.cards}  # played from its table, not from its concealed hand
        held = [0] * 32
        for c in view.known[seat]:
            held[c & 31] += 1
        for s, c in [pair for _winner, trick in view.tricks_log[index + 1:] for pair in trick] + list(view.trick):
            if s == seat and c not in melded:
                held[c & 31] += 1
        return cls(melds, held, hidden, draws)

    def likelihood(self, hand: Sequence[int]) -> float:
        """How likely a seat hiding `hand` (its concealed cards the view does not show) is to have left its melds
        undeclared: 1 - (1 - ``HOLD_BACK``) x the largest chance that one of them was complete at the step."""
        held = self.held
        counts = held[:]
        for c in hand:
            counts[c & 31] += 1
        worst = 0.0
        for groups in self.melds:
            needed = 0  # concealed cards the meld takes beyond the ones surely held
            for faces, n in groups:
                if sum(counts[f] for f in faces) < n:
                    break
                needed += max(0, n - sum(held[f] for f in faces))
            else:
                chance = 1.0  # all `needed` of them among the hidden - draws cards held at the step
                for i in range(needed):
                    chance *= max(0.0, (self.hidden - self.draws - i) / (self.hidden - i))
                worst = max(worst, chance)
        return 1.0 - (1.0 - HOLD_BACK) * worst


def _latest_step(view: PlayerView, seat: int) -> tuple[int, int] | None:
    """`seat`'s latest declaration step of the deal (after the last trick it won) as (trick index, cards it has
    drawn since), or None if it has had none."""
    log = view.tricks_log
    index = next((i for i in range(len(log) - 1, -1, -1) if log[i][0] == seat), None)
    return None if index is None else (index, draws_since(view, index))


def _sevens(view: PlayerView, seat: int, index: int, draws: int, fresh: float, pool: list[int]) -> dict[int, float]:
    """Factors for the unseen sevens of trumps in `seat`'s hand: while the turn-up is not yet a seven, a seven it
    held at its declaration step after trick `index` would have been swapped for it (the rules always swap), so it
    holds one now only if it drew it since (`fresh`: the chance a card it hides was held then)."""
    rules = view.rules
    turn_up, trump = view.turn_up, view.trump
    if (fresh <= 0.0 or rules.seven_of_trumps_scoring == SevenScoring.NONE or turn_up is None or turn_up & 7 == SEVEN
            or (rules.seven_exchange_counts_as_meld and any(r.seat == seat for r in view.records))):
        return {}
    if view.stock_count + draws * rules.players == rules.players and not \
            rules.seven_exchange_allowed_after_last_stock_trick:
        return {}
    factor = 1.0 - (1.0 - HOLD_BACK) * fresh
    return {c: factor for c in pool if c & 7 == SEVEN and suit_of(c) == trump}


def _voids(view: PlayerView, seat: int) -> dict[int, float]:
    """Weights of the unseen cards for `seat` in the final tricks (with three or more players): each card it has
    played there was one the rules allowed (``follow_options``: follow suit, head the trick, trump), so a card that
    would have barred it is not in its hand (``FLOOR``), having been there all along (nothing is drawn now). Empty
    if its plays bar nothing."""
    rules, trump = view.rules, view.trump
    me = view.seat
    final = rules.hand_size - view.hand_counts[me] - any(s == me for s, _c in view.trick)  # final tricks done
    tricks = [trick for _winner, trick in view.tricks_log[len(view.tricks_log) - final:]] if final > 0 else []
    barred: set[int] = set()
    pool = view.unseen()
    for trick in [*tricks, view.trick]:
        for at, (s, played) in enumerate(trick):
            if s != seat or at == 0:
                continue
            before = [c for _s, c in trick[:at]]
            best = before[0]
            for c in before[1:]:
                if beats(c, best, trump):
                    best = c
            barred.update(c for c in pool if c not in barred and
                          played not in follow_options([played, c], before[0], best, trump,
                                                       rules.endgame_must_win_trick))
    return {c: FLOOR if c in barred else 1.0 for c in pool} if barred else {}


def _telling(card: int, trump: int | None) -> bool:
    """Whether playing `card` in the stock phase says what else its player holds: a seven of trumps scores when
    played, a reason of its own."""
    return not (card & 7 == SEVEN and suit_of(card) == trump)


def _reads(view: PlayerView, seat: int, hidden: int) -> list[tuple[int, int, int]]:
    """`seat`'s plays worth reading, as (trick index in this deal, card, cards it has drawn since): its card on the
    table now, then its card in each completed trick while fewer cards have been drawn since than it hides (an
    older play may concern none of the cards it holds now)."""
    reads: list[tuple[int, int, int]] = []
    log = view.tricks_log
    if view.phase == Phase.PLAY:
        reads.extend((len(log), card, 0) for s, card in view.trick if s == seat and _telling(card, view.trump))
    for index in range(len(log) - 1, -1, -1):
        draws = draws_since(view, index)
        if draws >= hidden:
            break
        reads.extend((index, card, draws) for s, card in log[index][1] if s == seat and _telling(card, view.trump))
    return reads


def _rewind(view: PlayerView, index: int, seat: int, uniform: dict[int, list[int]],
            rng: random.Random) -> GameState | None:
    """A deal of the position as `seat` saw it when it played to trick `index` (``rules.rewind``), from a uniform
    deal of the view where each other seat hides `uniform[s]` now: it held those less the cards it has drawn since
    (any, at random). Which of my cards I drew since does not matter to the reading: my last ones stand for them.
    None if some seat hides fewer cards than it has drawn since (the view cannot say what it held)."""
    draws = draws_since(view, index)
    me = view.seat
    if any(len(uniform.get(s, ())) < draws for s in range(view.rules.players) if s != me):
        return None
    held: dict[int, list[int]] = {}
    for s, cards in uniform.items():
        drawn = set(rng.sample(cards, draws))
        held[s] = [c for c in cards if c not in drawn]
    mine = view.hand + view.tables[me]
    then = rewind(view, index, seat, mine[len(mine) - draws:])
    placed = {c for cards in held.values() for c in cards}
    return place_unseen(then, held, [c for c in then.unseen() if c not in placed])


def _evidence(then: GameState, seat: int, card: int, pool: list[int]) -> dict[int, float]:
    """For each card of `pool`: how much less likely `seat` held it when it played `card` in `then`
    (exp(-margin / TEMPERATURE) when the intermediate rules would rather have played it, else 1)."""
    know = Knowledge(then, seat)
    faces = {c & 31: c for c in pool}  # copies of a face unseen alike are worth the same
    options = {*faces.values(), card}
    keep = {c: know.keep_value(c) for c in options}
    if then.trick:
        scores = {c: s for c, (s, _code) in follow_scores(then, know, sorted(options), keep).items()}
        chosen = scores[card]
        better = {c: scores[c] - chosen for c in options}
    else:
        costs = {c: lead_cost(c, keep[c]) for c in options}
        chosen = costs[card]
        better = {c: chosen - costs[c] for c in options}
    by_face = {c & 31: math.exp(-better[c] / TEMPERATURE) if better[c] > 0 else 1.0 for c in faces.values()}
    return {c: by_face[c & 31] for c in pool}
