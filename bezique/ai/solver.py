"""Exact solver for the final tricks of a two-player deal, once both hands are known.

After the stock is gone in two-handed play every card the seat has not seen is in the opponent's hand, so the rest
of the deal is a game of perfect information. ``solve`` runs a memoised minimax with alpha-beta pruning over the
remaining tricks (at most eight each) under the final-phase obligations of RULES.md §1.9, and values an outcome as

    WIN x (+1 win, -1 loss, 0 otherwise)  +  (my score - opponent's score at the end) - (the same now)

so it maximises the point difference (brisques won, last-trick bonus) but never lets a game slip when a player can
reach the target (the last-trick bonus can end the game at once, brisques are added simultaneously: §1.11).

When nobody can reach the target in this deal (most deals), a faster path applies: the value is then the future
point difference alone, memoised by the cards left only, and cards of a suit that win and lose the same tricks are
searched once, and the memo is shared by every solve under the same trump (``_shared_memo``). Near the target
the memo is shared too, by the solves of the same scores, and the same cards are merged (a near-target count of
eight cards a hand takes at most about 9,000 nodes on its own, 2,200 at the median: 300 random endgames of games to
500). The search levels call it inside their rollouts near the end of the stock. Given `give_up` (a
callable the solve asks now and then: the search's clock is past its deadline, or the window cancelled it) a solve
raises ``OutOfTime`` once it says so: a search on a clock must never wait on one exact count (twelve cards a hand
in Chinese take seconds). A ``WorkLimit`` as `give_up` also bounds the work on any budget, the clock's or a fixed
number of sampled deals: past its number of nodes searched the solve raises ``OutOfWork``, and the caller falls back
on a cheaper count. That limit is deterministic: a limited solve keeps a memo of its own (the shared one only
serves hands of at most ``SHARED_HAND`` cards, which a solve counts in a few thousand nodes, and is not limited), so
whether a position fits depends on that position alone, on any core and after any earlier solve.

A Rubicon or Chinese deal is valued as it is scored when the caller gives `end_value` (``settling.final_tricks_value``:
the settlement of the deal's end, from the last trick's points and the brisques each seat has won, which count only
in a tie or a rubicon): the solve then takes the general path, whatever the target.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable

from bezique.rules import BrisqueTiming, GameEndMode, GameState, LastTrickBonusTrick, beats, follow_options, strength

WIN = 1000
INF = 10 ** 9
ASK_EVERY = 1023  # nodes between two calls of give_up (a mask: a power of two less one)


SHARED_HAND = 8  # the largest hand whose fast-path solves share the memo (two-handed: a few thousand nodes each)


class OutOfTime(Exception):
    """A solve was told to give up (its search's deadline passed, or it was cancelled)."""


class OutOfWork(Exception):
    """A solve searched the nodes its ``WorkLimit`` allows without finishing."""


class WorkLimit:
    """A solve's `give_up` that also bounds its work: at most `nodes` nodes searched (see the module docstring),
    then ``OutOfWork``; `clock` is the caller's own `give_up` (deadline, cancel), asked as before. One per solve."""

    def __init__(self, nodes: int, clock: Callable[[], bool] | None = None) -> None:
        self.nodes = nodes
        self.clock = clock

    def __call__(self) -> bool:
        return self.clock is not None and self.clock()


EndValue = Callable[[int, int, int, int], int]
"""The value for the solving seat of the deal ending with (its points, the opponent's) scored in the final tricks
without the brisques, and (its brisques, the opponent's) won in them."""


def _brisques(cards: Iterable[int]) -> int:
    return sum(1 for c in cards if (c & 7) <= 1)


Hands = tuple[tuple[int, ...], tuple[int, ...]]  # (the solving seat's, the opponent's), as card faces
Memo = dict[tuple[object, ...], tuple[int, int]]
"""A solve's memo: a position's key (its hands, turn, led card and, near the target, points) to its (lower, upper)
bounds."""

_SHARED: dict[tuple[object, ...], Memo] = {}
SHARED_ENTRIES = 100_000  # positions kept across solves before the shared memos start afresh (about 300 B each)


def _shared_memo(key: tuple[object, ...]) -> Memo:
    """The memo shared by every solve whose values mean the same (`key`): on the fast path one per trump and
    scoring, where a position's value is the points still to come from its cards alone; near the target one per
    scores too (the scores, the brisques won before the final tricks), where it also counts the game. The bounds
    one solve finds then hold in the next, and the candidates and sampled deals of one search, and the moves of one
    deal, meet the same positions: at the end of the stock the final hands differ only by the one card the stock
    still hides and the candidate played, so most of a search's counts near the target are found in its memo."""
    memo = _SHARED.get(key)
    if memo is None:
        if sum(len(m) for m in _SHARED.values()) > SHARED_ENTRIES:
            _SHARED.clear()
        memo = _SHARED[key] = {}
    return memo


class _Solver:
    def __init__(self, state: GameState, me: int, give_up: Callable[[], bool] | None = None,
                 end_value: EndValue | None = None) -> None:
        rules = state.rules
        self.give_up = give_up
        self.end_value = end_value
        self.ends: dict[tuple[int, int, int, int], int] = {}  # end_value's answers
        self.me = me
        self.opp = 1 - me
        self.trump = state.trump
        self.must_win = rules.endgame_must_win_trick
        settlement = rules.game_end_mode == GameEndMode.SETTLEMENT
        # a settlement deal (Rubicon, Chinese) has no target: its points count only as the deal is settled
        self.target = INF if settlement else rules.target_score
        self.immediate_end = rules.game_end_mode == GameEndMode.IMMEDIATE and state.tiebreak is None
        self.tiebreak = state.tiebreak
        # Chinese: brisques are worth nothing
        self.brisque_value = 0 if rules.brisque_timing == BrisqueTiming.NONE else rules.brisque_value
        self.brisques_now = rules.brisque_timing == BrisqueTiming.IMMEDIATE
        self.last_bonus = rules.last_trick_bonus if rules.last_trick_bonus_trick == LastTrickBonusTrick.FINAL else 0
        self.base = (state.scores[rules.side_of(me)], state.scores[rules.side_of(1 - me)])
        self.won = (_brisques(state.won[me]), _brisques(state.won[1 - me]))
        self.nodes = 0
        left = _brisques(state.hands[0]) + _brisques(state.hands[1])
        top = left * self.brisque_value + self.last_bonus
        if not self.brisques_now:
            top += max(self.won) * self.brisque_value
        # nobody can reach the target whatever happens: the value is the future point difference alone, which
        # depends on the cards left and not on the points made so far, so positions reached by different tricks
        # share one memo entry (several times fewer nodes)
        self.additive = end_value is None and self.tiebreak is None and max(self.base) + top < self.target
        scoring = (self.trump, self.must_win, self.brisque_value, self.last_bonus)
        # near the target a value depends on the scores too (and a settlement's on its end_value: not shared)
        meaning = scoring if self.additive else (*scoring, self.brisques_now, self.target, self.immediate_end,
                                                  self.tiebreak, self.base, self.won)
        shared = end_value is None and max(len(state.hands[0]), len(state.hands[1])) <= SHARED_HAND
        self.memo: Memo = _shared_memo(meaning) if shared else {}
        self.max_nodes = give_up.nodes if isinstance(give_up, WorkLimit) and not shared else INF

    # utility of the game ending now with these extra points (pm, po) and the game's winner
    def _end(self, pm: int, po: int, outcome: int) -> int:
        return WIN * outcome + pm - po

    def legal(self, hand: tuple[int, ...], led: int | None, best: int | None) -> list[int]:
        """The distinct faces `hand` may play (sorted by suit, strongest first), `best` winning the trick led by
        `led` (in two-handed play the led card itself)."""
        faces = sorted(set(hand))  # a face is suit x 8 + rank, the ace rank 0: by suit, strongest first
        if led is None or best is None:
            return faces
        return follow_options(faces, led, best, self.trump, self.must_win)

    def value(self, hands: Hands, turn: int, led: int | None,
              pm: int, po: int, bm: int, bo: int, alpha: int, beta: int) -> int:
        """Value for `me` (0 = me, 1 = opponent in `hands`/`turn`); pm/po: points scored so far in the solve,
        bm/bo: brisque cards captured so far in the solve."""

        def child(card: int, after: Hands, alpha: int, beta: int) -> int:
            if led is None:
                return self.value(after, 1 - turn, card, pm, po, bm, bo, alpha, beta)
            return self._resolve(after, 1 - turn, led, turn, card, pm, po, bm, bo, alpha, beta)

        return self._minimax((hands, turn, led, pm, po, bm, bo), hands, turn,
                             lambda: self._search_moves(hands, turn, led), child, alpha, beta)

    @staticmethod
    def _distinct(moves: list[int], hands: Hands, led: int | None) -> list[int]:
        """`moves` (sorted by suit, strongest first) without cards equivalent to the one before: same suit, same
        points (both brisques or neither), and no other card left in either hand or on the trick (`led`) ranking
        between them or level with one of them (a tie goes to the card played first). Such cards win and lose the
        same tricks, so either one stands for both (the future value only counts points)."""
        if len(moves) < 2:
            return moves
        out = [moves[0]]
        around: list[int] | None = None
        for prev, card in itertools.pairwise(moves):
            # faces: suit x 8 + rank (the ace rank 0); same suit, both brisques (rank <= 1) or neither
            if card >> 3 == prev >> 3 and (card & 7 <= 1) == (prev & 7 <= 1):
                if around is None:
                    around = [*hands[0], *hands[1]] if led is None else [*hands[0], *hands[1], led]
                # the two cards themselves, and no other: a copy of either one breaks the tie differently
                if sum(1 for c in around if prev <= c <= card) == 2:
                    continue
            out.append(card)
        return out

    def _search_moves(self, hands: Hands, turn: int, led: int | None) -> list[int]:
        """The moves worth searching, on either path: distinct ones, a follower's winners first (cheapest first),
        then its cheapest throw-away; the best reply is usually among the first, which makes the cut-offs early."""
        moves = self._distinct(self.legal(hands[turn], led, led), hands, led)
        if led is not None and len(moves) > 1:
            trump = self.trump
            moves.sort(key=lambda c: (not beats(c, led, trump), (20 if c >> 3 == trump else 0) - (c & 7)))
        return moves

    def future(self, hands: Hands, turn: int, led: int | None,
               alpha: int, beta: int) -> int:
        """``value`` when nobody can reach the target (``additive``): my points minus the opponent's from here on,
        brisques counted as they are won and the last-trick bonus."""

        def child(card: int, after: Hands, alpha: int, beta: int) -> int:
            return self.future_after(after, turn, led, card, alpha, beta)

        return self._minimax((hands, turn, led), hands, turn, lambda: self._search_moves(hands, turn, led), child,
                             alpha, beta)

    def future_after(self, after: Hands, turn: int, led: int | None, card: int,
                     alpha: int, beta: int) -> int:
        """``future`` once seat `turn` has played `card` (leading, or following `led`), leaving hands `after`."""
        if led is None:
            return self.future(after, 1 - turn, card, alpha, beta)
        winner = turn if beats(card, led, self.trump) else 1 - turn
        points = _brisques((led, card)) * self.brisque_value
        sign = 1 if winner == 0 else -1
        if not after[0] and not after[1]:
            return sign * (points + self.last_bonus)
        # the child's window, shifted by this trick's points
        return sign * points + self.future(after, winner, None, alpha - sign * points, beta - sign * points)

    def _minimax(self, key: tuple[object, ...], hands: Hands, turn: int,
                 moves: Callable[[], list[int]], child: Callable[..., int], alpha: int, beta: int) -> int:
        """Alpha-beta over `moves()` of seat `turn` (0 maximises), memoised under `key` as (lower, upper) bounds;
        `child(card, hands after it, alpha, beta)` values one move."""
        hit = self.memo.get(key)
        if hit is not None:
            lo, hi = hit
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            alpha, beta = max(alpha, lo), min(beta, hi)
        self.nodes += 1
        if not self.nodes & ASK_EVERY:
            if self.nodes > self.max_nodes:
                raise OutOfWork
            if self.give_up is not None and self.give_up():
                raise OutOfTime
        a0, b0 = alpha, beta
        hand = hands[turn]
        maximizing = turn == 0
        best_val = -INF if maximizing else INF
        for card in moves():
            rest = list(hand)
            rest.remove(card)
            v = child(card, (tuple(rest), hands[1]) if turn == 0 else (hands[0], tuple(rest)), alpha, beta)
            if maximizing:  # comparisons, not max() and min(): every node of every exact count asks
                if v > best_val:
                    best_val = v
                if v > alpha:
                    alpha = v
            else:
                if v < best_val:
                    best_val = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        lo, hi = -INF, INF
        if best_val <= a0:
            hi = best_val
        elif best_val >= b0:
            lo = best_val
        else:
            lo = hi = best_val
        old = self.memo.get(key)
        if old is not None:
            lo, hi = max(lo, old[0]), min(hi, old[1])
        self.memo[key] = (lo, hi)
        return best_val

    def _resolve(self, hands: Hands, leader: int, led: int, follower: int, card: int, pm: int, po: int, bm: int,
                 bo: int, alpha: int, beta: int) -> int:
        winner = follower if beats(card, led, self.trump) else leader
        n_br = _brisques((led, card))
        if winner == 0:
            bm += n_br
        else:
            bo += n_br
        if self.brisques_now and n_br:
            if winner == 0:
                pm += n_br * self.brisque_value
            else:
                po += n_br * self.brisque_value
            done = self._check(pm, po, winner)
            if done is not None:
                return done
        if not hands[0] and not hands[1]:
            if self.last_bonus:
                if winner == 0:
                    pm += self.last_bonus
                else:
                    po += self.last_bonus
                done = self._check(pm, po, winner)
                if done is not None:
                    return done
            return self._deal_end(pm, po, bm, bo)
        return self.value(hands, winner, None, pm, po, bm, bo, alpha, beta)

    def _check(self, pm: int, po: int, scorer: int) -> int | None:
        if not self.immediate_end:
            return None
        total = self.base[scorer] + (pm if scorer == 0 else po)
        if total >= self.target:
            return self._end(pm, po, 1 if scorer == 0 else -1)
        return None

    def _deal_end(self, pm: int, po: int, bm: int, bo: int) -> int:
        if self.end_value is not None:
            key = (pm, po, bm, bo)
            value = self.ends.get(key)
            if value is None:
                value = self.ends[key] = self.end_value(pm, po, bm, bo)
            return value
        if not self.brisques_now:
            pm += (self.won[0] + bm) * self.brisque_value
            po += (self.won[1] + bo) * self.brisque_value
        sm, so = self.base[0] + pm, self.base[1] + po
        reached = [0, 1] if self.tiebreak is not None else [s for s, v in ((0, sm), (1, so)) if v >= self.target]
        outcome = 0
        if len(reached) == 1:
            outcome = 1 if reached[0] == 0 else -1
        elif len(reached) == 2 and sm != so:
            outcome = 1 if sm > so else -1
        return self._end(pm, po, outcome)


def solvable(state: GameState) -> bool:
    """A two-player deal in its final tricks with nobody to deal cards to: the solver applies."""
    return (state.rules.players == 2 and state.final_phase and not state.stock and not state.finished
            and state.to_act is not None)


def solved_value(state: GameState, seat: int, give_up: Callable[[], bool] | None = None) -> tuple[int, int]:
    """(game outcome for `seat`: +1 won, -1 lost, 0 neither; its points minus the opponent's from here, brisques
    of the whole deal included) with perfect play by both from this solvable position."""
    mover = state.to_act
    assert mover is not None  # solvable
    _card, values = solve(state, mover, give_up)
    best = max(values.values())
    if mover != seat:
        best = -best
    outcome = round(best / WIN)
    return outcome, best - WIN * outcome


def solve(state: GameState, me: int, give_up: Callable[[], bool] | None = None,
          end_value: EndValue | None = None) -> tuple[int, dict[int, int]]:
    """(best card uid to play for `me`, who must be ``state.to_act``; value of every legal face: the best one
    exact, the others at most their value). Raises ``OutOfTime`` once `give_up()` says so, ``OutOfWork`` past a
    ``WorkLimit``. With `end_value` the deal's end is valued by it (a settlement) instead of the points."""
    assert state.to_act == me and solvable(state)
    solver = _Solver(state, me, give_up, end_value)
    hands = (tuple(sorted(c & 31 for c in state.hands[me])), tuple(sorted(c & 31 for c in state.hands[1 - me])))
    led = state.trick[0] & 31 if state.trick else None
    values: dict[int, int] = {}
    moves = solver.legal(hands[0], led, led)
    alpha = -INF
    banked = 0 if solver.brisques_now else (solver.won[0] - solver.won[1]) * solver.brisque_value
    for face in moves:
        rest = list(hands[0])
        rest.remove(face)
        new_hands = (tuple(rest), hands[1])
        if solver.additive:
            v = banked + solver.future_after(new_hands, 0, led, face, alpha - 1 - banked, INF)
        elif led is None:
            v = solver.value(new_hands, 1, face, 0, 0, 0, 0, alpha - 1, INF)
        else:
            v = solver._resolve(new_hands, 1, led, 0, face, 0, 0, 0, 0, alpha - 1, INF)
        values[face] = v
        alpha = max(alpha, v)
    best_face = max(values, key=lambda f: (values[f], -strength(f)))
    card = min(c for c in state.hands[me] if c & 31 == best_face)
    return card, values

