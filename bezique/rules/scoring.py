"""Scoring and the end of deals and games: RULES.md §1.10, §1.11 (target, ties) and §5.6 (settlement).

Every score goes through ``score``, which credits the seat's side, logs it, reports it and applies the game-end
check of §1.11 at once, so a game can end at any single score event (a turned-up seven, a meld, a played seven).
"""

from __future__ import annotations

from bezique.rules.actions import Event, EventKind, EventSink
from bezique.rules.cards import BRISQUE_RANKS, COURT_RANKS, rank_of
from bezique.rules.choices import BrisqueTiming, FinalTieRule, GameEndMode
from bezique.rules.ruleset import Ruleset
from bezique.rules.score_ids import Bonus, ScoreId
from bezique.rules.state import DealSummary, GameState, Phase, Settlement


def score(state: GameState, seat: int, points: int, score_id: ScoreId, events: EventSink,
           cards: tuple[int, ...] = (), check: bool = True) -> None:
    """Credit `points` to `seat`'s side, log it, and stop the game if that reaches the target (§1.11)."""
    side = state.rules.side_of(seat)
    state.deal_points[side] += points
    if state.rules.game_end_mode == GameEndMode.SETTLEMENT:
        state.log.append((state.deal_index, side, seat, score_id, points))
        if events is not None:
            events.append(Event(EventKind.SCORED, seat, cards, points, score_id))
        return  # the match score changes only at settlement (RULES.md §5.6)
    state.scores[side] += points
    state.log.append((state.deal_index, side, seat, score_id, points))
    if events is not None:
        events.append(Event(EventKind.SCORED, seat, cards, points, score_id))
    if (check and state.rules.game_end_mode == GameEndMode.IMMEDIATE and state.tiebreak is None
            and state.scores[side] >= state.rules.target_score):
        finish(state, side, events)


def finish(state: GameState, winner: int | None, events: EventSink) -> None:
    state.finished = True
    state.winner = winner
    state.phase = Phase.OVER
    state.to_act = None
    if events is not None:
        events.append(Event(EventKind.GAME_OVER, winner))


def repeat_carte_blanche(state: GameState, drawn: list[tuple[int, int]], events: EventSink) -> None:
    """RULES.md §5.2 repeats: each drawn card is shown; a non-court scores again, a court ends the privilege."""
    for seat, card in drawn:  # winner first, then the others in drawing order
        if not state.blanche[seat]:
            continue
        state.exposed.add(card)
        if rank_of(card) in COURT_RANKS:
            state.blanche[seat] = False
        else:
            score(state, seat, state.rules.carte_blanche_value, Bonus.CARTE_BLANCHE, events, (card,))


def settle_deal(rules: Ruleset, raw: tuple[int, ...], brisques: tuple[int, ...]) -> Settlement:
    """The settlement of a two-player Rubicon or Chinese deal (RULES.md §5.6, §6.4) from each seat's raw points
    (melds, carte blanche, last trick) and brisques won, without a game state: the rules settle a deal with it,
    and the computer values a deal still being played by the settlement it would come to."""
    counted = rules.brisque_timing != BrisqueTiming.NONE and (raw[0] == raw[1] or min(raw) < rules.rubicon_threshold)
    total = tuple(raw[s] + rules.brisque_value * brisques[s] for s in range(2)) if counted else tuple(raw)
    settled = [0, 0]
    winner = None
    rubiconed = False
    if total[0] != total[1]:
        winner = 0 if total[0] > total[1] else 1
        loser = 1 - winner
        step = rules.round_scores_down_to
        rubiconed = total[loser] < rules.rubicon_threshold
        if rubiconed:
            settled[winner] = (raw[winner] // step * step + raw[loser] // step * step + rules.game_bonus
                               + rules.rubicon_extra_bonus + rules.rubicon_brisque_bonus)
        else:
            settled[winner] = total[winner] // step * step - total[loser] // step * step + rules.game_bonus
    return Settlement(tuple(raw), total, tuple(settled), counted, winner, rubiconed)


def _settle(state: GameState, events: EventSink) -> Settlement:
    """Rubicon and Chinese settlement of the deal just played (``settle_deal``); updates the match scores."""
    rules = state.rules
    brisques = tuple(sum(1 for c in state.won[seat] if rank_of(c) in BRISQUE_RANKS) for seat in range(rules.players))
    settlement = settle_deal(rules, tuple(state.deal_points), brisques)
    winner = settlement.winner
    if settlement.brisques_counted:
        for seat in range(2):
            if brisques[seat]:
                state.log.append((state.deal_index, seat, seat, Bonus.BRISQUES, rules.brisque_value * brisques[seat]))
    if winner is not None:
        state.scores[winner] += settlement.settled[winner]
        state.log.append((state.deal_index, winner, winner, Bonus.GAME_BONUS, settlement.settled[winner]))
    if events is not None:
        gained = settlement.settled[winner] if winner is not None else 0
        events.append(Event(EventKind.DEAL_SETTLED, winner, (), gained))
    return settlement


def _end_settlement_deal(state: GameState, events: EventSink) -> None:
    rules = state.rules
    settlement = _settle(state, events)
    state.past_deals.append(DealSummary(state.dealer, state.trump, tuple(state.records), tuple(state.deal_points),
                                        settlement))
    if rules.match_target is None:
        finish(state, settlement.winner, events)  # each deal is a game of its own
        return
    if settlement.winner is not None and state.scores[settlement.winner] >= rules.match_target:
        finish(state, settlement.winner, events)
        return
    state.phase = Phase.AWAIT_DEAL
    state.to_act = None
    state.dealer = (state.dealer + 1) % rules.players


def end_deal(state: GameState, events: EventSink) -> None:
    """Brisques, the deal's summary, and the end-of-deal decision of RULES.md §1.11 (or §5.6's settlement)."""
    rules = state.rules
    if rules.game_end_mode == GameEndMode.SETTLEMENT:
        _end_settlement_deal(state, events)
        return
    if rules.brisque_timing == BrisqueTiming.END_OF_DEAL:
        for seat in range(rules.players):
            brisques = tuple(c for c in state.won[seat] if rank_of(c) in BRISQUE_RANKS)
            if brisques:
                score(state, seat, rules.brisque_value * len(brisques), Bonus.BRISQUES, events, brisques, check=False)
    state.past_deals.append(DealSummary(state.dealer, state.trump, tuple(state.records), tuple(state.deal_points)))
    if events is not None:
        events.append(Event(EventKind.DEAL_SCORED, None, (), 0, ""))
    contenders = state.tiebreak if state.tiebreak is not None else tuple(
        side for side in range(rules.sides) if state.scores[side] >= rules.target_score)
    if contenders:
        top = max(state.scores[side] for side in contenders)
        leaders = tuple(side for side in contenders if state.scores[side] == top)
        if len(leaders) == 1:
            finish(state, leaders[0], events)
            return
        if rules.final_tie_rule == FinalTieRule.DRAW:
            finish(state, None, events)
            return
        if rules.final_tie_rule == FinalTieRule.NON_DEALER_WINS:
            finish(state, 1 - rules.side_of(state.dealer), events)
            return
        state.tiebreak = leaders
        if events is not None:
            events.append(Event(EventKind.TIE_BREAK_DEAL, None, (), 0, ",".join(map(str, leaders))))
    state.phase = Phase.AWAIT_DEAL
    state.to_act = None
    state.dealer = (state.dealer + 1) % rules.players
