"""The rules engine: legal actions, the unchecked ``apply`` and the checked ``apply_checked`` (STYLE.md lesson 4).

``apply`` trusts its caller (the computer's rollouts) and runs every automatic consequence of an action — the
seven of trumps scoring when played, trick resolution, draws, the move to the final tricks, end-of-deal scoring
and the game-end check of RULES.md §1.11 — until the next decision is due. ``apply_checked`` first proves the action
is legal and raises ``IllegalActionError`` saying why not.
"""

from __future__ import annotations

from bezique.rules.actions import (
    DECLARE_SEVEN_ACTION,
    DONE_ACTION,
    EXCHANGE_ACTION,
    VERBS,
    Action,
    Event,
    EventKind,
    EventSink,
    Verb,
)
from bezique.rules.cards import BRISQUE_RANKS, SEVEN, SORT_INDEX, SUITS, card_code, rank_of, suit_of
from bezique.rules.choices import BrisqueTiming, LastTrickBonusTrick, SevenScoring
from bezique.rules.errors import IllegalActionError, Refusal, RefusalCode
from bezique.rules.melds import classify, legal_melds, refusal
from bezique.rules.score_ids import Bonus
from bezique.rules.scoring import end_deal, repeat_carte_blanche, score
from bezique.rules.state import GameState, MeldRecord, Phase
from bezique.rules.tricks import beats, follow_options, lowest_copies

__all__ = [
    "apply", "apply_checked", "can_exchange_seven", "legal_actions", "legal_plays", "why_illegal",
]

# Reading ``Phase.PLAY`` goes through ``EnumType.__getattr__`` (about 0.2 µs, five times a global): the paths the
# computer's search runs on every simulated move read these module globals instead.
_PLAYING, _DECLARING = Phase.PLAY, Phase.DECLARE
_PLAY, _DONE, _MELD, _PASS = Verb.PLAY, Verb.DONE, Verb.MELD, Verb.PASS_TO_PARTNER

PLAY_ACTIONS = [Action(_PLAY, (uid,)) for uid in range(32 * 8)]
"""``PLAY_ACTIONS[card]`` is the action playing `card`: shared immutable actions, so that the legal lists and the
computer's rollouts allocate none per move."""
_sort_index = SORT_INDEX.__getitem__


# --- legal actions ----------------------------------------------------------------------------------------------
def legal_actions(state: GameState) -> list[Action]:
    """Every legal action for ``state.to_act``, one per distinct result, in RECORD.md's order."""
    if state.phase == _PLAYING:
        return [PLAY_ACTIONS[card] for card in ordered_plays(state)]
    if state.phase == _DECLARING:
        return _declaration_actions(state)
    return []


def ordered_plays(state: GameState) -> list[int]:
    """The cards of ``legal_actions`` in the play phase, in its order (RECORD.md's): for a caller that needs the
    cards only (the computer's rollouts ask at every simulated move), without the actions."""
    return sorted(legal_plays(state), key=_sort_index)


def legal_plays(state: GameState) -> list[int]:
    """The cards ``to_act`` may play: the lowest copy of each equivalence class (RECORD.md)."""
    seat = state.to_act
    assert seat is not None
    if state.final_phase:
        return lowest_copies(state, seat, _final_phase_candidates(state, seat))
    return lowest_copies(state, seat, state.hands[seat], state.tables[seat])


def _final_phase_candidates(state: GameState, seat: int) -> list[int]:
    """RULES.md §1.9 step 3: follow suit (heading the trick if must-win), else trump, else anything."""
    hand = state.hands[seat]
    if not state.trick:
        return hand
    return follow_options(hand, state.trick[0], state.trick[state.best], state.trump,
                          state.rules.endgame_must_win_trick)


def _unspent_sevens(state: GameState, seat: int) -> list[int]:
    """The sevens of trumps in `seat`'s concealed hand that have not scored, lowest copy first."""
    if state.trump is None:
        return []
    hand, spent = state.hands[seat], state.spent
    # its copies are the face plus 32 per copy (``cards``): a look for each beats reading the whole hand
    return [c for c in range(state.trump * 8 + SEVEN, 32 * state.rules.packs, 32) if c in hand and c not in spent]


def can_exchange_seven(state: GameState) -> bool:
    """RULES.md §1.6 S2, for the actor of the current declaration step."""
    rules = state.rules
    if (state.phase != _DECLARING or rules.seven_of_trumps_scoring == SevenScoring.NONE or not rules.turn_up_trump
            or not state.stock or state.stock[0] & 7 == SEVEN):
        return False
    if len(state.stock) == rules.players and not rules.seven_exchange_allowed_after_last_stock_trick:
        return False
    if rules.seven_exchange_counts_as_meld and state.step_melded:
        return False
    return bool(_unspent_sevens(state, state.step_actor))


def _declaration_actions(state: GameState) -> list[Action]:
    rules = state.rules
    actor = state.step_actor
    actions: list[Action] = []
    if not state.step_melded and not (rules.seven_exchange_counts_as_meld and state.step_exchanged):
        melds = [Action(_MELD, tuple(sorted(cards, key=_sort_index)), shape.kind)
                 for shape, cards in legal_melds(state, actor)]
        melds.sort(key=lambda a: [SORT_INDEX[c] for c in a.cards])
        actions.extend(melds)
    if can_exchange_seven(state):
        actions.append(EXCHANGE_ACTION)
    if rules.seven_of_trumps_scoring == SevenScoring.EXCHANGE_OR_DECLARE and _unspent_sevens(state, actor):
        actions.append(DECLARE_SEVEN_ACTION)
    if actor == state.trick_winner and not state.step_acted:
        actions.extend(Action(_PASS, seat=p) for p in state.partners(actor))
    actions.append(DONE_ACTION)
    return actions


# --- applying ---------------------------------------------------------------------------------------------------
def apply(state: GameState, action: Action, events: EventSink = None) -> None:
    """Apply a legal action (unchecked) and every automatic consequence until the next decision."""
    verb = action.verb
    if verb == _PLAY:
        _play(state, action.cards[0], events)
    elif verb == _DONE:
        _end_step(state, events)
    elif verb == _MELD:
        _meld(state, action.cards, events)
    elif verb == Verb.EXCHANGE_SEVEN:
        _exchange_seven(state, events)
    elif verb == Verb.DECLARE_SEVEN:
        _declare_seven(state, events)
    elif verb == Verb.PASS_TO_PARTNER:
        assert action.seat is not None
        state.step_actor = state.to_act = action.seat
        state.step_acted = True
        if events is not None:
            events.append(Event(EventKind.PASSED_TO_PARTNER, action.seat))


def apply_checked(state: GameState, action: Action, events: EventSink = None, seat: int | None = None) -> None:
    """Apply `action` after proving it legal (and, if `seat` is given, that it is that seat's turn).

    Raises:
        IllegalActionError: what was tried and why the rules refuse it (its ``refusal`` holds the code).
    """
    refused = why_illegal(state, action, seat)
    if refused is not None:
        raise IllegalActionError(refused)
    apply(state, action, events)


def why_illegal(state: GameState, action: Action, seat: int | None = None) -> Refusal | None:
    """Why `action` is not legal now (a code and the English sentence), or None if it is.

    `seat` is who tries it, when the caller knows (a record names the player); by default the seat to act.
    """
    if state.phase == Phase.OVER:
        return Refusal(RefusalCode.GAME_OVER, "the game is over")
    if state.phase == Phase.AWAIT_DEAL:
        return Refusal(RefusalCode.NO_DEAL, "the deal has not started")
    if seat is not None and seat != state.to_act:
        return Refusal(RefusalCode.NOT_YOUR_TURN, f"it is seat {state.to_act}'s turn, not seat {seat}'s")
    seat = state.to_act
    verb = action.verb
    if verb not in VERBS:
        return Refusal(RefusalCode.UNKNOWN_VERB, f"{verb!r} is not an action")
    if verb == Verb.PLAY:
        return _why_play_illegal(state, action)
    if state.phase != Phase.DECLARE:
        return Refusal(RefusalCode.NOT_DECLARATION_STEP,
                       f"{verb} is only possible in the declaration step after winning a trick; now seat {seat} "
                       "must play a card")
    if verb == Verb.DONE:
        return None
    if verb == Verb.MELD:
        return _why_meld_illegal(state, action)
    if verb == Verb.EXCHANGE_SEVEN:
        return None if can_exchange_seven(state) else _why_no_exchange(state)
    if verb == Verb.DECLARE_SEVEN:
        if state.rules.seven_of_trumps_scoring != SevenScoring.EXCHANGE_OR_DECLARE:
            return Refusal(RefusalCode.SEVEN_NOT_DECLARED,
                           "sevens of trumps are not declared under these rules (they score when played)")
        if _unspent_sevens(state, state.step_actor):
            return None
        return Refusal(RefusalCode.NO_UNSPENT_SEVEN, "you hold no unspent seven of trumps")
    legal = _declaration_actions(state)
    if action in legal:
        return None
    if not state.partners(state.step_actor):
        return Refusal(RefusalCode.NO_PARTNER, "there is no partner to pass to")
    return Refusal(RefusalCode.PASS_NOT_ALLOWED,
                   "only the trick winner may pass, as the first action of the step, and only to a teammate")


def _why_play_illegal(state: GameState, action: Action) -> Refusal | None:
    if state.phase != Phase.PLAY:
        return Refusal(RefusalCode.STEP_NOT_DONE,
                       "the declaration step must be ended with done before the next card is played")
    if len(action.cards) != 1:
        return Refusal(RefusalCode.ONE_CARD, "play exactly one card")
    card = action.cards[0]
    seat = state.to_act
    assert seat is not None
    if card not in state.hands[seat] and card not in state.tables[seat]:
        return Refusal(RefusalCode.NOT_IN_HAND, f"{card_code(card)} is not in seat {seat}'s hand")
    if not state.final_phase:
        return None
    allowed = _final_phase_candidates(state, seat)
    if card in allowed:
        return None
    led = SUITS[suit_of(state.trick[0])]
    if any(suit_of(c) == suit_of(state.trick[0]) for c in allowed):
        best = state.trick[state.best]
        if state.rules.endgame_must_win_trick and any(beats(c, best, state.trump) for c in allowed):
            return Refusal(RefusalCode.MUST_FOLLOW_AND_WIN,
                           f"in the final tricks you must follow suit ({led}) and win the trick if you can")
        return Refusal(RefusalCode.MUST_FOLLOW_SUIT, f"in the final tricks you must follow suit ({led})")
    assert state.trump is not None  # without trumps a seat that cannot follow suit may play any card
    return Refusal(RefusalCode.MUST_TRUMP,
                   f"in the final tricks you must trump ({SUITS[state.trump]}) when you cannot follow suit ({led})")


def _why_meld_illegal(state: GameState, action: Action) -> Refusal | None:
    if state.step_melded:
        return Refusal(RefusalCode.ONE_MELD_PER_TRICK, "only one meld may be scored per trick won")
    if state.rules.seven_exchange_counts_as_meld and state.step_exchanged:
        return Refusal(RefusalCode.EXCHANGE_WAS_MELD, "the seven exchange was this trick's meld")
    shape = classify(state.rules, state.trump, action.cards)
    if shape is None:
        return Refusal(RefusalCode.NOT_A_MELD, f"{' '.join(card_code(c) for c in action.cards)} is not a meld")
    if action.kind is not None and action.kind != shape.kind:
        return Refusal(RefusalCode.WRONG_MELD_KIND, f"these cards form a {shape.kind}, not a {action.kind}")
    reason = refusal(state, state.step_actor, shape, action.cards)
    return None if reason is None else Refusal(RefusalCode.MELD_NOT_ALLOWED, reason)


def _why_no_exchange(state: GameState) -> Refusal:
    rules = state.rules
    if rules.seven_of_trumps_scoring == SevenScoring.NONE or not rules.turn_up_trump:
        return Refusal(RefusalCode.SEVEN_HAS_NO_VALUE, "the seven of trumps has no value in this variant")
    if not state.stock or rank_of(state.stock[0]) == SEVEN:
        return Refusal(RefusalCode.TURN_UP_IS_SEVEN,
                       "the turn-up is already a seven; it can be exchanged only once per deal")
    if len(state.stock) == rules.players and not rules.seven_exchange_allowed_after_last_stock_trick:
        return Refusal(RefusalCode.EXCHANGE_TOO_LATE, "the seven may not be exchanged after the last stock trick")
    if rules.seven_exchange_counts_as_meld and state.step_melded:
        return Refusal(RefusalCode.EXCHANGE_AFTER_MELD,
                       "you already melded on this trick, and the exchange counts as the meld")
    return Refusal(RefusalCode.NO_UNSPENT_SEVEN, "you hold no unspent seven of trumps in your concealed hand")


def _play(state: GameState, card: int, events: EventSink) -> None:
    seat = state.to_act
    assert seat is not None
    hand = state.hands[seat]
    if card in hand:
        hand.remove(card)
    else:
        state.tables[seat].remove(card)
        for index in state.hist.get(card, ()):
            state.broken[index] = True
    state.exposed.discard(card)
    trick = state.trick
    trick.append(card)
    state.trick_seats.append(seat)
    state.played.append(card)
    if events is not None:
        events.append(Event(EventKind.CARD_PLAYED, seat, (card,)))
    if len(trick) > 1 and beats(card, trick[state.best], state.trump):
        state.best = len(trick) - 1
    rules = state.rules
    if (card & 7 == SEVEN and (card & 31) >> 3 == state.trump and not state.final_phase
            and rules.seven_of_trumps_scoring == SevenScoring.EXCHANGE_OR_PLAY and card not in state.spent):
        state.spent.add(card)
        score(state, seat, rules.seven_of_trumps_value, Bonus.SEVEN_OF_TRUMPS, events, (card,))
        if state.finished:
            return
    if len(trick) < rules.players:
        state.to_act = (seat + 1) % rules.players
    else:
        _resolve_trick(state, events)


def _resolve_trick(state: GameState, events: EventSink) -> None:
    rules = state.rules
    winner = state.trick_seats[state.best]
    cards = state.trick
    state.won[winner].extend(cards)
    state.tricks_log.append((winner, tuple(zip(state.trick_seats, cards, strict=True))))
    state.tricks_done += 1
    state.trick, state.trick_seats, state.best = [], [], 0
    if events is not None:
        events.append(Event(EventKind.TRICK_WON, winner, tuple(cards)))
    if rules.brisque_timing == BrisqueTiming.IMMEDIATE:
        brisques = tuple(c for c in cards if rank_of(c) in BRISQUE_RANKS)
        if brisques:
            score(state, winner, rules.brisque_value * len(brisques), Bonus.BRISQUES, events, brisques)
            if state.finished:
                return
    if not state.final_phase:
        if rules.last_trick_bonus_trick == LastTrickBonusTrick.LAST_STOCK_TRICK and len(state.stock) == rules.players:
            score(state, winner, rules.last_trick_bonus, Bonus.LAST_TRICK, events)
            if state.finished:
                return
        state.phase = _DECLARING
        state.trick_winner = state.step_actor = state.to_act = winner
        state.step_melded = state.step_exchanged = state.step_acted = False
        state.step_taken = None
        if events is not None:
            events.append(Event(EventKind.DECLARATION_STEP, winner))
        return
    if any(state.hands):
        state.leader = state.to_act = winner
        return
    if rules.last_trick_bonus_trick == LastTrickBonusTrick.FINAL:
        score(state, winner, rules.last_trick_bonus, Bonus.LAST_TRICK, events)
        if state.finished:
            return
    end_deal(state, events)


def _meld(state: GameState, cards: tuple[int, ...], events: EventSink) -> None:
    seat = state.step_actor
    shape = classify(state.rules, state.trump, cards)
    assert shape is not None
    if shape.sets_trump is not None:
        state.trump = shape.sets_trump
    index = len(state.records)
    state.records.append(MeldRecord(shape.kind, shape.cls, shape.value, tuple(cards), seat, shape.suit,
                                    shape.level))
    state.broken.append(False)
    hand, table, hist = state.hands[seat], state.tables[seat], state.hist
    for card in cards:
        hist[card] = (*hist.get(card, ()), index)
        if card in hand:
            hand.remove(card)
            table.append(card)
    state.step_melded = state.step_acted = True
    if events is not None:
        events.append(Event(EventKind.MELD_DECLARED, seat, tuple(cards), shape.value, shape.kind))
    score(state, seat, shape.value, shape.kind, events, tuple(cards))


def _exchange_seven(state: GameState, events: EventSink) -> None:
    seat = state.step_actor
    seven = _unspent_sevens(state, seat)[0]
    taken = state.stock[0]
    state.stock[0] = seven
    hand = state.hands[seat]
    hand.remove(seven)
    hand.append(taken)
    state.spent.add(seven)
    state.exposed.add(taken)
    state.step_taken = taken
    state.step_exchanged = state.step_acted = True
    if events is not None:
        events.append(Event(EventKind.SEVEN_EXCHANGED, seat, (seven, taken), state.rules.seven_of_trumps_value))
    score(state, seat, state.rules.seven_of_trumps_value, Bonus.SEVEN_OF_TRUMPS, events, (seven,))


def _declare_seven(state: GameState, events: EventSink) -> None:
    seat = state.step_actor
    seven = _unspent_sevens(state, seat)[0]
    state.spent.add(seven)
    state.step_acted = True
    if events is not None:
        events.append(Event(EventKind.SEVEN_DECLARED, seat, (seven,), state.rules.seven_of_trumps_value))
    score(state, seat, state.rules.seven_of_trumps_value, Bonus.SEVEN_OF_TRUMPS, events, (seven,))


def _end_step(state: GameState, events: EventSink) -> None:
    """``done``: the draws (winner first, then clockwise), and the move to the final tricks when the stock is out."""
    rules = state.rules
    n = rules.players
    stock = state.stock
    winner = state.trick_winner
    drawn = []
    for i in range(n):
        seat = (winner + i) % n
        card = stock.pop()
        state.hands[seat].append(card)
        drawn.append((seat, card))
        if not stock and rules.turn_up_trump:
            state.exposed.add(card)  # the turn-up was face up: everyone knows who took it
        if events is not None:
            events.append(Event(EventKind.CARD_DRAWN, seat, (card,)))
    if any(state.blanche):
        repeat_carte_blanche(state, drawn, events)
    state.step_taken = None
    state.phase = _PLAYING
    state.leader = state.to_act = winner
    if not stock:
        state.final_phase = True
        for seat in range(n):
            state.exposed.update(state.tables[seat])
            state.hands[seat].extend(state.tables[seat])
            state.tables[seat] = []
        if events is not None:
            events.append(Event(EventKind.FINAL_PHASE, winner))
