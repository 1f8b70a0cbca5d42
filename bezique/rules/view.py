"""What one seat may know (RULES.md §1.12, STYLE.md lesson 5), and sampling full states consistent with it.

The window draws a human's table from a ``PlayerView`` and the computer decides from one, so neither can see a
hidden card by accident. ``determinize`` deals the unseen cards at random into the other hands and the stock,
which is what information-set search needs; it reads nothing but the view. ``place_unseen`` puts them where a
search chooses instead (drawn by its own weights), and ``rewind`` takes a view back to an earlier play of another
seat, so that the computer never builds a state by writing its fields.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from bezique.rules.actions import Action, Event, EventKind
from bezique.rules.engine import legal_actions
from bezique.rules.ruleset import Ruleset
from bezique.rules.state import DealSummary, GameState, MeldRecord, Phase, ScoreEntry
from bezique.rules.tricks import winning_index


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything `seat` may know at this moment, and nothing more."""

    seat: int
    rules: Ruleset
    phase: Phase
    to_act: int | None
    dealer: int
    deal_index: int
    trump: int | None
    turn_up: int | None
    stock_count: int
    final_phase: bool
    scores: tuple[int, ...]
    deal_points: tuple[int, ...]
    hand: tuple[int, ...]  # this seat's concealed hand
    tables: tuple[tuple[int, ...], ...]  # every seat's melded cards
    hand_counts: tuple[int, ...]  # concealed cards per seat
    known: tuple[tuple[int, ...], ...]  # per seat: concealed cards this seat has seen (all of its own)
    trick: tuple[tuple[int, int], ...]  # (seat, card) played so far to the current trick
    trick_best: int  # index in `trick` of the card winning so far
    tricks_log: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]  # this deal's completed tricks
    records: tuple[MeldRecord, ...]
    broken: tuple[bool, ...]
    spent: frozenset[int]  # sevens of trumps that have scored
    trick_winner: int
    step_actor: int
    step_melded: bool
    step_exchanged: bool
    step_acted: bool
    step_taken: int | None
    tricks_done: int
    log: tuple[ScoreEntry, ...]
    past_deals: tuple[DealSummary, ...]
    tiebreak: tuple[int, ...] | None
    blanche: tuple[bool, ...]  # carte blanche privilege still running, per seat (public)
    finished: bool
    winner: int | None
    legal: tuple[Action, ...]  # empty unless this seat must act

    @property
    def played(self) -> tuple[int, ...]:
        """Every card played to a completed or current trick this deal."""
        return tuple(card for _, trick in self.tricks_log for _, card in trick) + tuple(c for _, c in self.trick)

    def unseen(self) -> list[int]:
        """Cards whose place this seat cannot know: in other concealed hands or in the face-down stock."""
        visible = set(self.hand)
        for table in self.tables:
            visible.update(table)
        for cards in self.known:
            visible.update(cards)
        visible.update(self.played)
        if self.turn_up is not None:
            visible.add(self.turn_up)
        return [copy * 32 + face for copy in range(self.rules.packs) for face in range(32)
                if copy * 32 + face not in visible]


def tricks_left(view: PlayerView) -> int:
    """The tricks of this deal still to be played, the one on the table counted until its last card is played.

    Every card not played yet (in the hands, on the tables, in the stock with its turn-up) goes to a trick, one
    card from each seat, so this is what any seat may know; in the final phase it is the longest hand (a seat
    that has not played to the trick yet holds a card for it). 0 between deals. The table says "Final tricks:
    N left" from it.
    """
    cards = sum(view.hand_counts) + sum(len(t) for t in view.tables) + view.stock_count + len(view.trick)
    return -(-cards // view.rules.players)


def view_for(state: GameState, seat: int) -> PlayerView:
    """The view of `seat` (all concealed hands are shown in Open Bezique)."""
    rules = state.rules
    n = rules.players
    if rules.open_hands:
        known = tuple(tuple(h) for h in state.hands)
    else:
        known = tuple(tuple(state.hands[s]) if s == seat else tuple(c for c in state.hands[s] if c in state.exposed)
                      for s in range(n))
    return PlayerView(
        seat=seat, rules=rules, phase=state.phase, to_act=state.to_act, dealer=state.dealer,
        deal_index=state.deal_index, trump=state.trump, turn_up=state.turn_up, stock_count=len(state.stock),
        final_phase=state.final_phase, scores=tuple(state.scores), deal_points=tuple(state.deal_points),
        hand=tuple(state.hands[seat]), tables=tuple(tuple(t) for t in state.tables),
        hand_counts=tuple(len(h) for h in state.hands), known=known,
        trick=tuple(zip(state.trick_seats, state.trick, strict=True)), trick_best=state.best,
        tricks_log=tuple(state.tricks_log), records=tuple(state.records), broken=tuple(state.broken),
        spent=frozenset(state.spent), trick_winner=state.trick_winner, step_actor=state.step_actor,
        step_melded=state.step_melded, step_exchanged=state.step_exchanged, step_acted=state.step_acted,
        step_taken=state.step_taken, tricks_done=state.tricks_done, log=tuple(state.log),
        past_deals=tuple(state.past_deals), tiebreak=state.tiebreak, blanche=tuple(state.blanche),
        finished=state.finished,
        winner=state.winner, legal=tuple(legal_actions(state)) if state.to_act == seat else (),
    )


def determinize(view: PlayerView, rng: random.Random) -> GameState:
    """A full state consistent with `view`: unseen cards dealt at random to the other hands and the stock.

    Uses only the view, so a search over such states cannot cheat.
    """
    unseen = view.unseen()
    rng.shuffle(unseen)
    hidden: dict[int, list[int]] = {}
    for seat in range(view.rules.players):
        missing = view.hand_counts[seat] - len(view.known[seat])
        hidden[seat], unseen = unseen[:missing], unseen[missing:]
    return place_unseen(view, hidden, unseen)


def place_unseen(view: PlayerView, hidden: Mapping[int, Sequence[int]], stock: Sequence[int]) -> GameState:
    """The full state of `view` with its unseen cards where the caller puts them: `hidden` gives each seat that
    hides cards those it hides (beside the ones the view knows it holds), `stock` the face-down stock from the
    bottom up (the turn-up, if any, lies under it). A search that draws the hidden cards its own way (by weights,
    or as they were at an earlier point) builds its states with this instead of writing them by hand.

    Raises:
        ValueError: if the cards placed are not exactly the view's unseen cards, as many in each place as it has.
    """
    for seat in range(view.rules.players):
        if len(hidden.get(seat, ())) != view.hand_counts[seat] - len(view.known[seat]):
            raise ValueError(f"seat {seat} hides {view.hand_counts[seat] - len(view.known[seat])} cards, not "
                             f"{len(hidden.get(seat, ()))}")
    placed = [card for cards in hidden.values() for card in cards] + list(stock)
    if sorted(placed) != sorted(view.unseen()):
        raise ValueError("the cards placed must be exactly the cards the view does not show")
    rules = view.rules
    state = GameState(rules, view.dealer)
    state.scores = list(view.scores)
    state.deal_points = list(view.deal_points)
    state.dealer, state.deal_index, state.phase, state.to_act = view.dealer, view.deal_index, view.phase, view.to_act
    state.final_phase, state.trump = view.final_phase, view.trump
    state.tables = [list(t) for t in view.tables]
    state.trick = [card for _, card in view.trick]
    state.trick_seats = [seat for seat, _ in view.trick]
    state.best = view.trick_best
    state.tricks_log = list(view.tricks_log)
    state.played = list(view.played)
    state.records, state.broken = list(view.records), list(view.broken)
    for index, record in enumerate(view.records):
        for card in record.cards:
            state.hist[card] = (*state.hist.get(card, ()), index)
    state.spent = set(view.spent)
    state.trick_winner, state.step_actor = view.trick_winner, view.step_actor
    state.step_melded, state.step_exchanged, state.step_acted = view.step_melded, view.step_exchanged, \
        view.step_acted
    state.step_taken, state.tricks_done = view.step_taken, view.tricks_done
    state.log, state.past_deals = list(view.log), list(view.past_deals)
    state.tiebreak, state.finished, state.winner = view.tiebreak, view.finished, view.winner
    state.blanche = list(view.blanche)
    if view.trick:
        state.leader = view.trick[0][0]
    elif view.to_act is not None:
        state.leader = view.to_act
    for winner, trick in view.tricks_log:
        state.won[winner].extend(card for _, card in trick)
    for seat in range(rules.players):
        state.hands[seat] = list(view.known[seat]) + list(hidden.get(seat, ()))
        if seat != view.seat:
            state.exposed.update(view.known[seat])
    state.stock = ([view.turn_up] if view.turn_up is not None else []) + list(stock)
    return state


def draws_since(view: PlayerView, index: int) -> int:
    """Cards each seat has drawn since trick `index` of this deal was played (one per stock trick completed from it
    on, once its declaration step is over)."""
    return len(view.tricks_log) - index - (view.phase == Phase.DECLARE)


def rewind(view: PlayerView, index: int, seat: int, drawn: Sequence[int]) -> PlayerView:
    """`view` taken back to the moment `seat` (another seat than the viewer's) was to play its card to trick `index`
    of this deal, in the stock phase (``len(tricks_log)``: the trick on the table now).

    The tricks before it stay, and the cards played to it before `seat`'s; every card played since goes back to its
    player (seen: into the viewer's hand, or among the cards the view knows another seat held); the stock grows by
    the cards drawn since (``draws_since``), which leave the hands that drew them: the other seats' hidden cards
    are fewer, and the viewer gives back `drawn`, cards of its hand or table (its view does not record which it
    drew). Other tables, meld records and scores stay as they are now: the view does not date them.

    Raises:
        ValueError: if `seat` is the viewer's, or `drawn` is not as many of the viewer's cards as it drew.
    """
    if seat == view.seat:
        raise ValueError("rewind goes back to another seat's play; the viewer's own is not in its view")
    log = view.tricks_log
    draws = draws_since(view, index)
    table = view.tables[view.seat]
    if len(set(drawn)) != draws or not set(drawn).issubset(view.hand + table):
        raise ValueError(f"give back the {draws} cards of the viewer's hand or table drawn since trick {index}")
    plays = log[index][1] if index < len(log) else view.trick
    at = next(i for i, (s, _) in enumerate(plays) if s == seat)
    back: list[list[int]] = [[] for _ in range(view.rules.players)]
    for s, card in (*plays[at:], *(pair for _, trick in log[index + 1:] for pair in trick),
                    *(view.trick if index < len(log) else ())):
        back[s].append(card)
    before = plays[:at]
    hand = tuple(c for c in view.hand if c not in drawn) + tuple(back[view.seat])
    counts = tuple(len(hand) if s == view.seat else view.hand_counts[s] + len(back[s]) - draws
                   for s in range(view.rules.players))
    known = tuple(hand if s == view.seat else view.known[s] + tuple(back[s]) for s in range(view.rules.players))
    leader = plays[0][0]
    return replace(
        view, phase=Phase.PLAY, to_act=seat, final_phase=False,
        stock_count=view.stock_count + draws * view.rules.players,
        hand=hand, hand_counts=counts, known=known, trick=tuple(before),
        tables=tuple(tuple(c for c in t if c not in drawn) if s == view.seat else t for s, t in enumerate(view.tables)),
        trick_best=winning_index([c for _, c in before], view.trump) if before else 0, tricks_log=log[:index],
        tricks_done=view.tricks_done - (len(log) - index), trick_winner=leader, step_actor=leader,
        step_melded=False, step_exchanged=False, step_acted=False, step_taken=None, legal=())


def redact_event(event: Event, seat: int, state: GameState) -> Event:
    """`event` as `seat` may see it: other players' dealt and drawn cards become hidden (empty ``cards``)."""
    if event.kind in (EventKind.DEALT, EventKind.CARD_DRAWN) and event.seat != seat and not state.rules.open_hands:
        shown = tuple(c for c in event.cards if c in state.exposed)
        if event.kind == EventKind.CARD_DRAWN and not shown:
            return event._replace(cards=())
        if event.kind == EventKind.DEALT:
            return event._replace(cards=())
        return event._replace(cards=shown)
    return event
