"""Stacked decks and small drivers for rules tests (a helper module, not a test file).

A test says what each seat is dealt, what the turn-up is and in which order the stock is drawn;
``build_deck`` turns that into the deck of faces RECORD.md describes (top first: packets of ``deal_pattern``
from the seat after the dealer, clockwise; then the turn-up; then the stock, drawn from its top). Unspecified
places are filled with the left-over cards, low non-trump cards first, so a test names only what it needs.

The drivers go through the checked path (``apply_checked``) so every scripted step is also a legality check.
Card codes: ``QS`` (a face, any copy) or ``QS#1`` (one physical copy, numbered by order of appearance in the
deck).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from bezique.rules import (
    ACE,
    BRISQUE_RANKS,
    DONE_ACTION,
    EXCHANGE_ACTION,
    SEVEN,
    TEN,
    Action,
    GameState,
    Phase,
    Ruleset,
    Verb,
    apply_checked,
    card_code,
    face_code,
    face_of,
    legal_actions,
    make_card,
    make_ruleset,
    new_game,
    number_copies,
    parse_code,
    rank_of,
    sort_key,
    start_deal,
    strength,
    suit_of,
    why_illegal,
)

TWO = make_ruleset()


# --- notation -----------------------------------------------------------------------------------------------
def codes(text: str | Iterable[str]) -> list[str]:
    """``"KS QS"`` or ``["KS", "QS"]`` -> ``["KS", "QS"]``."""
    return text.split() if isinstance(text, str) else list(text)


def face(code: str) -> int:
    """The face of ``QS`` or ``QS#1``."""
    return parse_code(code)[0]


def uid(code: str) -> int:
    """The physical card of ``QS#1``; a plain ``QS`` means copy 0."""
    f, copy = parse_code(code)
    return make_card(f, copy or 0)


def uids(text: str | Iterable[str]) -> tuple[int, ...]:
    return tuple(uid(c) for c in codes(text))


def names(cards: Iterable[int]) -> list[str]:
    """Copy-named codes of physical cards, in RECORD.md's sort order."""
    return [card_code(c) for c in sorted(cards, key=sort_key)]


def faces_of(cards: Iterable[int]) -> list[str]:
    """Face codes (no copy numbers), sorted: handy to compare hands without caring about copies."""
    return [face_code(c) for c in sorted(cards, key=sort_key)]


# --- building decks -----------------------------------------------------------------------------------------
def _filler_order(trump: int | None):
    """Sort key for left-over cards: harmless cards first (low non-trumps), sevens of trumps last."""
    def key(f: int) -> tuple[int, int, int]:
        is_trump = trump is not None and suit_of(f) == trump
        if is_trump and rank_of(f) == SEVEN:
            return (3, 0, f)
        if rank_of(f) in (ACE, TEN):
            band = 2
        elif rank_of(f) <= 4:  # K Q J
            band = 1
        else:
            band = 0
        return (band, int(is_trump), -rank_of(f) * 4 + suit_of(f))
    return key


def build_deck(rules: Ruleset, hands: Sequence[Sequence[str] | str], turn_up: str | None = None,
               draws: Sequence[str] | str = (), dealer: int | None = None) -> list[int]:
    """The deck (faces, top first) that deals `hands[seat]` to each seat, turns up `turn_up` and puts `draws`
    on top of the stock in draw order (``draws[0]`` is drawn first).

    Hands shorter than ``hand_size`` and the rest of the stock are filled with left-over cards. A code with
    a copy number (``QS#1``) is checked against the numbering the deck produces; a mismatch raises ValueError,
    so a test can never silently hold a different copy from the one it names. The default dealer is the last
    seat (as in ``deal``).
    """
    n = rules.players
    if dealer is None:
        dealer = n - 1
    hands = [codes(h) for h in hands] + [[] for _ in range(n - len(hands))]
    draws = codes(draws)
    wanted = Counter(face(c) for hand in hands for c in hand) + Counter(face(c) for c in draws)
    if turn_up is None and rules.turn_up_trump:  # default: a low spade, so trumps are spades
        turn_up = next(c for c in ("9S", "8S", "JS") if wanted[face(c)] < rules.packs)
    if turn_up is not None:
        wanted[face(turn_up)] += 1
    if not rules.turn_up_trump and turn_up is not None:
        raise ValueError(f"{rules.variant} has no turn-up")
    for f, count in wanted.items():
        if count > rules.packs:
            raise ValueError(f"{face_code(f)} is asked for {count} times; there are only {rules.packs} packs")
    for seat, hand in enumerate(hands):
        if len(hand) > rules.hand_size:
            raise ValueError(f"seat {seat} is given {len(hand)} cards; hand_size is {rules.hand_size}")
    trump = suit_of(face(turn_up)) if turn_up is not None else None
    spare = Counter({f: rules.packs for f in range(32)})
    spare.subtract(wanted)
    left = sorted(spare.elements(), key=_filler_order(trump))
    slots: list[str | int] = []  # the deck, top first: codes where asked for, faces of fillers elsewhere
    filled = [list(h) for h in hands]
    for seat in range(n):
        while len(filled[seat]) < rules.hand_size:
            filled[seat].append(left.pop(0))
    order = [(dealer + 1 + i) % n for i in range(n)]
    taken = [0] * n
    for packet in rules.deal_pattern:
        for seat in order:
            slots.extend(filled[seat][taken[seat]:taken[seat] + packet])
            taken[seat] += packet
    if rules.turn_up_trump:
        slots.append(turn_up)
    slots.extend(draws)
    slots.extend(left)
    deck = [face(s) if isinstance(s, str) else s for s in slots]
    numbered = number_copies(deck)
    for slot, card in zip(slots, numbered, strict=True):
        if isinstance(slot, str) and "#" in slot and uid(slot) != card:
            raise ValueError(f"{slot} lands in the deck as {card_code(card)}; reorder the hands or draws")
    assert len(deck) == 32 * rules.packs
    return deck


def alternate(first: Sequence[str] | str, second: Sequence[str] | str) -> list[str]:
    """Two-handed draw order when one player wins every trick: winner's draws interleaved with the loser's.

    Once the shorter list runs out only the other continues, so give both the same length when order matters.
    """
    a, b = codes(first), codes(second)
    out: list[str] = []
    for i in range(max(len(a), len(b))):
        if i < len(a):
            out.append(a[i])
        if i < len(b):
            out.append(b[i])
    return out


def deal(hands: Sequence[Sequence[str] | str], turn_up: str | None = None, draws: Sequence[str] | str = (),
         rules: Ruleset = TWO, dealer: int | None = None, scores: Sequence[int] | None = None) -> GameState:
    """A game whose first deal is stacked as `build_deck` says.

    By default the dealer is the last seat, so seat 0 is the elder hand and leads the first trick. `scores`,
    if given, are the scores carried into this deal (as if earlier deals had been played).
    """
    if dealer is None:
        dealer = rules.players - 1
    state = new_game(rules, dealer)
    if scores is not None:
        state.scores = list(scores)
    start_deal(state, build_deck(rules, hands, turn_up, draws, dealer))
    return state


# --- finding cards ------------------------------------------------------------------------------------------
def find(state: GameState, seat: int, code: str, places: str = "hand table",
         exclude: Iterable[int] = ()) -> int:
    """The physical card `code` held by `seat`: an exact copy for ``QS#1``, else the lowest copy of the face
    in the first of `places` (``hand``, ``table``, ``partner``) that has one."""
    f, copy = parse_code(code)
    exclude = set(exclude)
    pools = {"hand": state.hands[seat], "table": state.tables[seat],
             "partner": [c for p in state.partners(seat) for c in state.tables[p]]}
    for place in places.split():
        pool = sorted(c for c in pools[place] if face_of(c) == f and c not in exclude)
        if copy is not None:
            pool = [c for c in pool if c == make_card(f, copy)]
        if pool:
            return pool[0]
    raise AssertionError(f"seat {seat} holds no {code} in {places} (hand {names(state.hands[seat])}, "
                         f"table {names(state.tables[seat])})")


def hand_faces(state: GameState, seat: int) -> list[str]:
    return faces_of(state.hands[seat])


# --- driving ------------------------------------------------------------------------------------------------
def act(state: GameState, action: Action) -> GameState:
    """Apply through the checked path, after asserting the action is also listed as legal (up to copies)."""
    reason = why_illegal(state, action)
    assert reason is None, f"{action} refused: {reason}"
    apply_checked(state, action)
    return state


def play(state: GameState, code: str, places: str = "hand table") -> int:
    """The seat to act plays `code` (checked); returns the physical card played."""
    seat = state.to_act
    assert seat is not None and state.phase == Phase.PLAY, f"no play is due (phase {state.phase})"
    card = find(state, seat, code, places)
    act(state, Action(Verb.PLAY, (card,)))
    return card


def done(state: GameState) -> GameState:
    assert state.phase == Phase.DECLARE, f"no declaration step (phase {state.phase})"
    return act(state, DONE_ACTION)


def exchange(state: GameState) -> GameState:
    return act(state, EXCHANGE_ACTION)


def meld_action(state: GameState, text: str | Iterable[str], kind: str | None = None) -> Action:
    """The meld action of the current declaration step's actor for these cards.

    Plain codes take the lowest copy of the face from the actor's concealed hand, then table, then a partner's
    table (never the same physical card twice); ``QS#1`` names a copy exactly.
    """
    seat = state.step_actor
    chosen: list[int] = []
    for c in codes(text):
        chosen.append(find(state, seat, c, "hand table partner", exclude=chosen))
    return Action(Verb.MELD, tuple(sorted(chosen, key=sort_key)), kind)


def meld(state: GameState, text: str | Iterable[str], kind: str | None = None,
         points: int | None = None) -> Action:
    """Declare a meld (checked). With `points`, assert the actor's side scored exactly that much."""
    action = meld_action(state, text, kind)
    side = state.rules.side_of(state.step_actor)
    before = state.scores[side]
    listed = [a for a in legal_actions(state) if a.verb == Verb.MELD]
    mine = sorted(map(face_of, action.cards))
    assert any(a.kind == (kind or a.kind) and sorted(map(face_of, a.cards)) == mine for a in listed), \
        f"{names(action.cards)} not among the listed melds {[names(a.cards) for a in listed]}"
    act(state, action)
    if points is not None:
        assert state.scores[side] - before == points, (state.scores[side] - before, points)
    return action


def refused(state: GameState, text: str | Iterable[str] | Action, kind: str | None = None) -> str:
    """Assert a meld is illegal now, on both the checked path and the legal list; return the reason."""
    action = text if isinstance(text, Action) else meld_action(state, text, kind)
    reason = why_illegal(state, action)
    assert reason, f"{names(action.cards)} should be illegal"
    assert action not in legal_actions(state)
    return reason.text


def melds_listed(state: GameState) -> list[tuple[str, list[str]]]:
    """The listed meld actions as (kind, face codes)."""
    return [(a.kind or "", faces_of(a.cards)) for a in legal_actions(state) if a.verb == Verb.MELD]


def _penalty(state: GameState, card: int) -> tuple[int, int]:
    """How reluctant a scripted player is to spend `card`: melding cards and trumps last."""
    trump = state.trump
    if trump is not None and suit_of(card) == trump and rank_of(card) == SEVEN and card not in state.spent:
        band = 9
    elif rank_of(card) in BRISQUE_RANKS:
        band = 5
    elif rank_of(card) <= 4:
        band = 4
    elif trump is not None and suit_of(card) == trump:
        band = 3
    else:
        band = 0
    return band, strength(card)


def _kept(card: int, keep: set[str]) -> bool:
    return card_code(card) in keep or face_code(card) in keep


def take_trick(state: GameState, winner: int, keep: Iterable[str] = (), lead: str | None = None) -> list[int]:
    """Play one whole trick so that `winner` wins it, never playing a card named in `keep` (a face code keeps
    all copies, ``QS#1`` one copy). With `lead`, the leader plays that card. Returns the cards played.

    Searches the plays (cheapest cards first) on clones; raises AssertionError if no such trick exists.
    """
    assert state.phase == Phase.PLAY and not state.trick, "take_trick starts at a lead"
    keep = set(codes(keep))

    def search(s: GameState, first: bool) -> list[int] | None:
        seat = s.to_act
        options = [a.cards[0] for a in legal_actions(s) if not _kept(a.cards[0], keep)]
        if first and lead is not None:
            options = [find(s, seat, lead)]
        options.sort(key=lambda c: _penalty(s, c))
        for card in options:
            trial = s.clone()
            apply_checked(trial, Action(Verb.PLAY, (card,)))
            if trial.phase == Phase.OVER:
                continue
            if trial.trick:  # the trick goes on
                rest = search(trial, False)
                if rest is not None:
                    return [card, *rest]
            elif trial.tricks_log[-1][0] == winner:
                return [card]
        return None

    plan = search(state, True)
    assert plan is not None, f"seat {winner} cannot be made to win this trick (keep {sorted(keep)})"
    for card in plan:
        act(state, Action(Verb.PLAY, (card,)))
    return plan


def win(state: GameState, winner: int = 0, keep: Iterable[str] = (), lead: str | None = None) -> list[int]:
    """`take_trick`, asserting that `winner` now has the declaration step (in phase 1)."""
    cards = take_trick(state, winner, keep, lead)
    if not state.final_phase and state.phase != Phase.OVER:
        assert state.phase == Phase.DECLARE and state.step_actor == winner
    return cards


def win_tricks(state: GameState, count: int, winner: int = 0, keep: Iterable[str] = ()) -> None:
    """Win `count` phase-1 tricks for `winner`, declaring nothing (``done`` after each)."""
    for _ in range(count):
        win(state, winner, keep)
        done(state)


def to_last_stock_trick(state: GameState, winner: int = 0, keep: Iterable[str] = ()) -> None:
    """Play tricks (all won by `winner`, nothing declared) until the next trick is the last stock trick."""
    while len(state.stock) > state.rules.players:
        win(state, winner, keep)
        done(state)


def final_tricks(turn_up: str, rules: Ruleset = TWO) -> GameState:
    """A two-handed deal at its first final trick (the stock is out), seat 0 to lead, having won every trick."""
    state = deal([], turn_up=turn_up, rules=rules)
    to_last_stock_trick(state, 0)
    win(state, 0)
    done(state)
    assert state.final_phase and state.to_act == 0
    return state


def play_when_legal(state: GameState, seat: int, card: int) -> None:
    """Keep playing (cheapest legal cards, ``done`` in any declaration step) until `seat` may play `card`,
    then play it."""
    while True:
        assert state.phase != Phase.OVER, "the game ended before the card could be played"
        if state.phase == Phase.DECLARE:
            done(state)
            continue
        options = [a.cards[0] for a in legal_actions(state)]
        if state.to_act == seat and any(face_of(o) == face_of(card) for o in options):
            act(state, Action(Verb.PLAY, (card,)))
            return
        options = [o for o in options if o != card]
        options.sort(key=lambda c: _penalty(state, c))
        act(state, Action(Verb.PLAY, (options[0],)))


def play_out(state: GameState) -> None:
    """Finish the current deal with the cheapest legal actions (``done`` in every declaration step)."""
    deal_index = state.deal_index
    while state.phase in (Phase.PLAY, Phase.DECLARE) and state.deal_index == deal_index:
        if state.phase == Phase.DECLARE:
            done(state)
        else:
            options = [a.cards[0] for a in legal_actions(state)]
            options.sort(key=lambda c: _penalty(state, c))
            act(state, Action(Verb.PLAY, (options[0],)))


# --- rigging positions --------------------------------------------------------------------------------------
def _containers(state: GameState) -> list[list[int]]:
    """Every place a card can be, won piles and stock first (so rigging a hand takes from them first)."""
    return [*state.won, state.stock, *state.hands, *state.tables, state.trick]


def move_card(state: GameState, card: int, dest: list[int]) -> None:
    """Move one physical card from wherever it is to the end of `dest` (for rigging won piles)."""
    for pile in _containers(state):
        if card in pile:
            pile.remove(card)
            dest.append(card)
            return
    raise AssertionError(f"{card_code(card)} is nowhere")


def swap_cards(state: GameState, a: int, b: int) -> None:
    """Exchange the places of two physical cards (hands, tables, won piles, stock, trick). Only for cards with
    no meld history: used to set up a position directly, keeping every card in exactly one place."""
    assert not state.hist.get(a) and not state.hist.get(b), "swap only cards that never scored in a meld"
    where = {}
    for pile in _containers(state):
        for i, c in enumerate(pile):
            if c in (a, b):
                where[c] = (pile, i)
    (pa, ia), (pb, ib) = where[a], where[b]
    pa[ia], pb[ib] = b, a


def rig_hand(state: GameState, seat: int, text: str | Iterable[str]) -> None:
    """Make `seat`'s concealed hand hold exactly these faces (same size as now), swapping cards with the other
    places. Cards the hand holds already are kept; the replaced cards go where the new ones came from."""
    want = codes(text)
    hand = state.hands[seat]
    assert len(want) == len(hand), f"seat {seat} holds {len(hand)} cards, {len(want)} asked for"
    need = Counter(face(c) for c in want)
    counts: Counter = Counter()
    surplus = []
    for c in sorted(hand):
        if counts[face_of(c)] < need[face_of(c)]:
            counts[face_of(c)] += 1
        else:
            surplus.append(c)
    missing = list((need - counts).elements())
    assert len(surplus) == len(missing), (names(surplus), missing)
    for old, f in zip(surplus, missing, strict=True):
        new = next(c for pile in _containers(state) if pile is not hand for c in sorted(pile)
                   if face_of(c) == f and not state.hist.get(c))
        swap_cards(state, old, new)
    assert sorted(face_of(c) for c in hand) == sorted(need.elements())

