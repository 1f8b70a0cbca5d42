"""The search levels' rollouts and their values (the players themselves, their budgets and their choice between
candidates are in ``expert``): determinized Monte Carlo search over the hidden cards, an exact count of the last
tricks.

Each iteration deals the cards the seat cannot see (``inference.Belief``: each card weighted by how well it fits
every other seat's plays, partners too, its seven of trumps not swapped and its melds not declared; it reads the
view only, so the search cannot cheat), then plays
every candidate action on that same deal and rolls on by rule for ``HORIZON`` tricks (the final tricks always to
the end): the other seats by the intermediate rules, its own later moves by its own, better-tuned weights
(``EXPERT_CRAFT``), with the same random stream for every candidate: common random numbers make the comparison
between candidates much sharper than the value of each. A rollout's end is valued by ``game_value``: in a race to
the target, the chance of winning the game (``win_chance``, from the expected totals: score + ``horizon_value``
of the cards held, weights fitted to what such a position goes on to score) plus a share of the deal's points;
with three sides, the points; in Rubicon and Chinese, the settlement the deal comes to and the match
(``settling``). Every value is my side's: in partnerships a partner's points are mine.

Near the end of the stock (``END_STOCK``) the rollouts stop where the final tricks begin and the exact solver
values them, since that is how the search will play them.

The rules' own choice (with ``EXPERT_CRAFT``) is played unless another candidate beats it clearly on the same
deals (``confidence``: a paired t test, family-wise against a meld the rules declare): the search corrects the
rules where it sees a real gain instead of chasing noise. An action that wins the game as it is made is taken
without a search (``winning_now``). Once the stock is gone in a two-player deal the hands are known and
``solver.solve`` plays perfectly; with three to six players the final tricks are searched like the others, on
sampled deals whose rollouts play them by the intermediate rules. Knowledge vetoes drop moves a watching player
would call blunders before the search starts.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from bezique.ai.final_tricks import final_phase_decision
from bezique.ai.knowledge import EXPERT_CRAFT, INTERMEDIATE, Knowledge, is_brisque, may_meld
from bezique.ai.policy import (
    _quick_meld,
    declaration,
    rollout_action,
    stock_play,
)
from bezique.ai.settling import final_settlement_value, settlement_value, settles
from bezique.ai.solver import solvable, solved_value
from bezique.rules import (
    DONE_ACTION,
    EXCHANGE_ACTION,
    PLAY_ACTIONS,
    SEQUENCE_RANKS,
    Action,
    BrisqueTiming,
    GameEndMode,
    GameState,
    MeldId,
    Phase,
    Ruleset,
    SevenScoring,
    Verb,
    apply,
    beats,
    can_exchange_seven,
    legal_actions,
    legal_plays,
    ordered_plays,
)

RULE_TRICKS = 99  # tricks of each rollout played by the intermediate rules before the fast policy
HORIZON = 6  # tricks simulated past the decision before the position is valued
ROLLOUT_WIN = 300  # points-equivalent of a game won or lost, beside the points, where win_chance does not apply
WIN_VALUE = 200  # points-equivalent of a race won (+) or lost (-): game_value; an undecided race stays within it
SURE_WIN = 50  # what a race decided is worth beyond WIN_VALUE: a game won now beats any margin in a game going on
POINT_SHARE = 0.25  # the share of the deal's points counted beside the chance of winning the race
WIN_SLOPE = (0.105, 1.188)  # win_chance's logit per 100 points of lead: constant, and x nearness to the target
END_STOCK = 2  # cards left in the stock at or below which a two-player decision's rollouts end in the exact solver
EXACT_HAND = 9  # the largest hand size the exact solver values inside rollouts (Chinese's twelve take seconds)
# The horizon value of a stock-phase rollout cut short: HORIZON_WEIGHTS . horizon_features(seat), for each seat.
# The weights are fitted by least squares on intermediate self-play, predicting each deal's remaining point
# difference from the position (``python lab/fit_horizon.py``); the rollouts are intermediate play too.
HORIZON_FEATURES = ("brisque_points_won", "ready_meld", "held_brisques", "held_trumps", "held_trump_brisques",
                    "unspent_seven", "meld_prospects")
HORIZON_WEIGHTS = (1.0, 0.61, 6.71, 12.31, 1.96, 12.28, 0.24)

# The rollout reads these module globals: an enum member read (``Phase.PLAY``) costs about five global
# reads, on every simulated move.
_PLAYING = Phase.PLAY
_DECLARING = Phase.DECLARE
_PLAY = Verb.PLAY


def vetoes(state: GameState, me: int, legal: list[Action]) -> list[Action]:
    """`legal` minus the blunders: a brisque thrown on a trick an opponent is winning when a worthless card would
    do (on a partner's winning card a brisque may be points for the side: the search decides); a card of a trump
    sequence held complete and not yet declared, played for nothing in the stock phase."""
    plays = [a for a in legal if a.verb == Verb.PLAY]
    if len(plays) < 2:
        return legal
    trump = state.trump
    rules = state.rules
    know = Knowledge(state, me)
    banned: set[Action] = set()
    if state.trick and rules.side_of((state.leader + state.best) % rules.players) != rules.side_of(me):
        winning = state.trick[state.best]
        losing = [a for a in plays if not beats(a.cards[0], winning, trump)]
        worthless = [a for a in losing if not is_brisque(a.cards[0]) and know.keep_value(a.cards[0]) < 10]
        if worthless:
            banned.update(a for a in losing if is_brisque(a.cards[0]))
    if not state.final_phase and trump is not None:
        seq_faces = [trump * 8 + r for r in SEQUENCE_RANKS]
        if all(know.mine_count[f] for f in seq_faces):
            declared = any(r.kind == MeldId.TRUMP_SEQUENCE and r.seat == me for r in state.records)
            if not declared:
                for a in plays:
                    face = a.cards[0] & 31
                    if face in seq_faces and know.mine_count[face] == 1:
                        banned.add(a)
    kept = [a for a in legal if a not in banned]
    return kept or legal


def deal_value(state: GameState, me: int, base: tuple[int, ...]) -> float:
    """What a rollout's end is worth to my side (``game_value``). Its points: what my side gained this deal minus
    the best other side's; a rollout cut at its horizon in the stock phase adds each seat's ``horizon_value`` (what
    its cards are worth in points still to come), later the brisques won but not yet scored."""
    rules = state.rules
    if settles(rules):
        live = state.phase in (Phase.PLAY, Phase.DECLARE) and state.stock
        worth_now = (horizon_value(state, me), horizon_value(state, 1 - me)) if live else (0.0, 0.0)
        return settlement_value(state, me, base, worth_now)
    side = rules.side_of(me)
    still = [0.0] * rules.sides  # what each side's cards are still worth this deal, in points
    if state.phase in (Phase.PLAY, Phase.DECLARE):
        worth = horizon_value if state.stock else _pending_brisques
        for seat in range(rules.players):
            still[rules.side_of(seat)] += worth(state, seat)
    gained = [state.scores[s] - base[s] + still[s] for s in range(rules.sides)]
    other = max((s for s in range(rules.sides) if s != side), key=gained.__getitem__)
    return game_value(state, side, gained[side] - gained[other], state.scores[side] + still[side],
                      state.scores[other] + still[other])


def final_value(state: GameState, me: int, base: tuple[int, ...], give_up: Callable[[], bool] | None = None) -> float:
    """``deal_value`` of a rollout stopped where the final tricks of a two-player deal begin, those tricks valued
    by the exact solver (as the search will play them) instead of played out by rule. Raises
    ``solver.OutOfTime`` once `give_up()` says so."""
    if not solvable(state):
        return deal_value(state, me, base)
    outcome, points = solved_value(state, me, give_up)
    if settles(state.rules):
        return final_settlement_value(state, me, base, points)
    other = 1 - me
    gained = (state.scores[me] - base[me]) - (state.scores[other] - base[other]) + points
    if outcome:
        return _decided(state.rules, outcome > 0, gained)
    # the solver gives only the difference of the points to come: enough for the lead, near enough for nearness
    return game_value(state, me, gained, state.scores[me] + max(points, 0), state.scores[other] + max(-points, 0))


def game_value(state: GameState, side: int, points: float, mine: float, theirs: float) -> float:
    """A rollout's end for `side`, in points: `points` gained over the best other side this deal, and the game.
    In a two-sided race to the target the game counts as ``WIN_VALUE`` x (2 x chance of winning - 1), the chance
    from the expected totals `mine` and `theirs` (``win_chance``), plus ``POINT_SHARE`` x `points`, the sum kept
    within +-``WIN_VALUE`` (a race decided is worth more: ``_decided``): a lead matters for what it does to that
    chance (little when the game is settled, much near the target). With three sides it is the points, plus
    ``ROLLOUT_WIN`` for a game decided (Rubicon and Chinese are valued by their settlement: ``settling``)."""
    rules = state.rules
    if state.finished and state.winner is not None:
        return _decided(rules, state.winner == side, points)
    if not races(rules):
        return float(points)
    chance = win_chance(mine - theirs, max(mine, theirs), rules.target_score)
    value = WIN_VALUE * (2.0 * chance - 1.0) + POINT_SHARE * points
    return max(-WIN_VALUE, min(WIN_VALUE, value))


def _decided(rules: Ruleset, won: bool, points: float) -> float:
    """``game_value`` of a game already won or lost. A race decided is worth ``WIN_VALUE + SURE_WIN`` whatever
    the margin, more than any race still going on (those stay within ``WIN_VALUE``): crediting the points there
    made a larger margin later beat a game won now (a 500 double bezique that won the game was declined for four
    queens, to win later by more)."""
    if races(rules):
        return WIN_VALUE + SURE_WIN if won else -WIN_VALUE - SURE_WIN
    return points + (ROLLOUT_WIN if won else -ROLLOUT_WIN)


def races(rules: Ruleset) -> bool:
    """Two sides racing to the target score: where ``win_chance`` (fitted on two-handed games to 500) applies."""
    return rules.sides == 2 and rules.game_end_mode != GameEndMode.SETTLEMENT


def win_chance(lead: float, nearest: float, target: int) -> float:
    """The chance of winning a race to `target` when my expected total (score + what my cards are still worth)
    leads the other side's by `lead` points and the larger of the two is `nearest`: a logistic fit on intermediate
    self-play (``python lab/fit_win.py``), whose slope grows as the totals near the target."""
    x = (WIN_SLOPE[0] + WIN_SLOPE[1] * max(0.0, nearest) / target) * lead / 100.0
    x = max(-30.0, min(30.0, x))
    return 1.0 / (1.0 + math.exp(-x))


def horizon_value(state: GameState, seat: int) -> float:
    """What `seat`'s position at a stock-phase horizon is worth in points still to come (``HORIZON_WEIGHTS``)."""
    return sum(w * f for w, f in zip(HORIZON_WEIGHTS, horizon_features(state, seat), strict=True))


def horizon_features(state: GameState, seat: int) -> tuple[float, ...]:
    """What `seat` holds at a stock-phase horizon, as the ``HORIZON_FEATURES`` (points-like numbers the weights
    scale): brisque points won but not yet scored; the best meld it could declare now; brisques held (hand and
    table); trumps held other than the seven; trump brisques held; the unspent seven of trumps; and its unfinished
    melds, value x the chance of drawing the missing cards (without this a rollout cut short sees no cost in
    throwing away the third card of a double bezique or a sequence, and the search would do just that)."""
    trump = state.trump
    spent = state.spent
    brisques = trumps = trump_brisques = seven = 0
    for cards in (state.hands[seat], state.tables[seat]):
        for c in cards:
            rank = c & 7
            if rank <= 1:
                brisques += 1
            if trump is not None and (c >> 3) & 3 == trump:
                if rank == 7:
                    seven += c not in spent
                else:
                    trumps += 1
                    trump_brisques += rank <= 1
    return (_pending_brisques(state, seat), float(_quick_meld(state, seat, trump)), float(brisques), float(trumps),
            float(trump_brisques), float(seven), Knowledge(state, seat).prospects())


def _pending_brisques(state: GameState, seat: int) -> float:
    """Brisque points `seat` has won this deal that the rules score only at its end."""
    rules = state.rules
    if rules.brisque_timing != BrisqueTiming.END_OF_DEAL:
        return 0.0
    return float(rules.brisque_value * sum(1 for c in state.won[seat] if c & 7 <= 1))


def rollout(state: GameState, rng: random.Random, limit: int = 400, rule_tricks: int = 0, horizon: int = 99,
            to_final: bool = False, own: int | None = None) -> None:
    """Play on in place: the intermediate rules for the next `rule_tricks` tricks (seat `own` by the search levels'
    own weights, ``EXPERT_CRAFT``), then the fast policy, until the deal ends or `horizon` more tricks are done
    (or, with `to_final`, the final tricks of a two-player deal are about to start, for the solver to value
    them). The final tricks are played by the intermediate rules in every variant: with three to six players the
    hands are not all known, no exact count applies, and the rules are how the other seats play them."""
    stop_rules = state.tricks_done + rule_tricks
    stop = state.tricks_done + horizon
    rules = state.rules
    two = rules.players == 2
    # with no partner to pass to and no seven to declare, a declaration step without a possible meld offers only
    # the seven's exchange and done: both the rules and the fast policy then exchange when they can
    plain_steps = not rules.partnership and rules.seven_of_trumps_scoring != SevenScoring.EXCHANGE_OR_DECLARE
    for _ in range(limit):
        phase = state.phase
        seat = state.to_act
        if (phase != _PLAYING and phase != _DECLARING) or seat is None:  # (a seat is to act whenever one plays)
            return
        if phase == _DECLARING and plain_steps and not may_meld(state, seat):
            apply(state, EXCHANGE_ACTION if can_exchange_seven(state) else DONE_ACTION)
            continue
        if state.tricks_done >= stop and phase == _PLAYING and not state.trick and not state.final_phase:
            return  # the final tricks are always played out (cheap, and exact brisque counts beat a guess)
        if state.final_phase and phase == _PLAYING:
            if to_final and two:
                return  # for the exact solver (two hands, both known once the stock is gone)
            # the final tricks by the intermediate rules (the other seats' own policy there), not the fast policy
            cards = legal_plays(state)
            card = cards[0] if len(cards) == 1 else final_phase_decision(state, seat, cards).action.cards[0]
            apply(state, Action(_PLAY, (card,)))
        elif state.tricks_done < stop_rules and not state.final_phase:
            craft = EXPERT_CRAFT if seat == own else INTERMEDIATE
            if phase == _DECLARING:
                apply(state, declaration(state, seat, legal_actions(state), "intermediate", craft).action)
            else:  # the intermediate rules' card (``intermediate_decision``'s), with no actions made for it
                cards = ordered_plays(state)
                apply(state, PLAY_ACTIONS[cards[0] if len(cards) == 1 else stock_play(state, seat, cards, rng,
                                                                                           craft)[0]])
        else:
            apply(state, rollout_action(state, rng))
