"""Melds: their types and shapes (RULES.md §1.7, §5.4, §6.3, §7) and the legality algorithm M1–M6 (§1.8).

One function, ``refusal``, decides whether a declaration is legal and says why not; the enumerator of legal melds
calls it on one representative card set per equivalence class (RECORD.md), so the window, the computer and the
checked path can never disagree about what may be declared.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from functools import lru_cache
from itertools import combinations, product
from typing import NamedTuple

from bezique.rules.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    KING,
    QUEEN,
    SPADES,
    TEN,
    card_code,
    face_of,
    make_face,
    rank_of,
    suit_of,
)
from bezique.rules.choices import BeziquePairScheme, MultiBeziqueMode, SameTypeReuse
from bezique.rules.ruleset import Ruleset
from bezique.rules.score_ids import MeldId
from bezique.rules.state import GameState, MeldRecord
from bezique.rules.tricks import copy_key

SEQUENCE_RANKS = (ACE, TEN, KING, QUEEN, JACK)
QUARTET_NAMES = {ACE: "aces", TEN: "tens", KING: "kings", QUEEN: "queens", JACK: "jacks"}
QUARTET_VALUES = {ACE: 100, TEN: 90, KING: 80, QUEEN: 60, JACK: 40}
TRUMP_QUARTET_VALUES = {ACE: 1000, TEN: 900, KING: 800, QUEEN: 600, JACK: 400}
OPPOSITE_COLOUR_JACK = {SPADES: DIAMONDS, DIAMONDS: SPADES, HEARTS: CLUBS, CLUBS: HEARTS}
MELD_NAMES: dict[MeldId, str] = {
    MeldId.COMMON_MARRIAGE: "marriage", MeldId.ROYAL_MARRIAGE: "royal marriage",
    MeldId.BACKDOOR_SEQUENCE: "back-door sequence", MeldId.TRUMP_SEQUENCE: "trump sequence",
    MeldId.BEZIQUE_1: "bezique", MeldId.BEZIQUE_2: "double bezique", MeldId.BEZIQUE_3: "triple bezique",
    MeldId.BEZIQUE_4: "quadruple bezique", MeldId.BEZIQUE_5: "quintuple bezique",
    **{MeldId(f"four_{name}"): f"four {name}" for name in QUARTET_NAMES.values()},
    **{MeldId(f"four_trump_{name}"): f"four trump {name}" for name in QUARTET_NAMES.values()},
}


class MeldShape:
    """A meld type as it applies under the current trump: its id, class, value and (for M-class) suit."""

    __slots__ = ("cls", "kind", "level", "sets_trump", "suit", "value")

    def __init__(self, kind: MeldId, cls: str, value: int, suit: int | None = None, level: int = 0,
                 sets_trump: int | None = None) -> None:
        self.kind, self.cls, self.value, self.suit, self.level = kind, cls, value, suit, level
        self.sets_trump = sets_trump  # the suit this declaration makes trumps (Rubicon, Chinese), if any


def bezique_pair(rules: Ruleset, trump: int | None) -> tuple[int, int] | None:
    """Faces (queen, jack) of the bezique under `trump`, or None while no bezique may be declared (§6.2)."""
    scheme = rules.bezique_pair_scheme
    if scheme == BeziquePairScheme.FIXED_QS_JD:
        return make_face(SPADES, QUEEN), make_face(DIAMONDS, JACK)
    if trump is None:
        return None
    if scheme == BeziquePairScheme.TRUMP_QUEEN_OPPOSITE_COLOUR_JACK:
        return make_face(trump, QUEEN), make_face(OPPOSITE_COLOUR_JACK[trump], JACK)
    swapped = trump == DIAMONDS if scheme == BeziquePairScheme.SWAP_ON_DIAMONDS else trump in (SPADES, DIAMONDS)
    if not swapped:
        return make_face(SPADES, QUEEN), make_face(DIAMONDS, JACK)
    if scheme == BeziquePairScheme.QC_JH_WHEN_SPADES_OR_DIAMONDS:
        return make_face(CLUBS, QUEEN), make_face(HEARTS, JACK)
    return make_face(DIAMONDS, QUEEN), make_face(SPADES, JACK)


def marriage_shape(rules: Ruleset, trump: int | None, suit: int) -> MeldShape:
    if trump is None:
        return MeldShape(MeldId.ROYAL_MARRIAGE, "M", 40, suit, sets_trump=suit)
    if suit == trump:
        return MeldShape(MeldId.ROYAL_MARRIAGE, "M", 40, suit)
    return MeldShape(MeldId.COMMON_MARRIAGE, "M", 20, suit)


def sequence_shape(rules: Ruleset, trump: int | None, suit: int) -> MeldShape | None:
    if trump is None:
        return MeldShape(MeldId.TRUMP_SEQUENCE, "M", 250, suit, sets_trump=suit)
    if suit == trump:
        return MeldShape(MeldId.TRUMP_SEQUENCE, "M", 250, suit)
    if rules.backdoor_sequence_value > 0:
        return MeldShape(MeldId.BACKDOOR_SEQUENCE, "M", rules.backdoor_sequence_value, suit)
    return None


def quartet_shape(rules: Ruleset, trump: int | None, rank: int, all_trumps: bool) -> MeldShape | None:
    name = QUARTET_NAMES[rank]
    if rules.trump_quartets and all_trumps and trump is not None:
        return MeldShape(MeldId(f"four_trump_{name}"), "Q", TRUMP_QUARTET_VALUES[rank])
    value = rules.four_tens_value if rank == TEN else QUARTET_VALUES[rank]
    return MeldShape(MeldId(f"four_{name}"), "Q", value) if value > 0 else None


def bezique_shape(rules: Ruleset, level: int, sets_trump: int | None = None) -> MeldShape:
    """The bezique of `level` pairs (single, double, ...), making `sets_trump` trumps if it is not None."""
    return MeldShape(MeldId(f"bezique_{level}"), "B", rules.bezique_value(level), level=level, sets_trump=sets_trump)


def bezique_pairs_for_declaration(rules: Ruleset, trump: int | None) -> list[tuple[int, int, int | None]]:
    """(queen face, jack face, suit it would make trumps) for every bezique pair declarable now."""
    pair = bezique_pair(rules, trump)
    if pair is not None:
        return [(pair[0], pair[1], None)]
    if rules.bezique_can_set_trump and trump is None:
        return [(make_face(s, QUEEN), make_face(OPPOSITE_COLOUR_JACK[s], JACK), s) for s in range(4)]
    return []


def classify(rules: Ruleset, trump: int | None, cards: tuple[int, ...]) -> MeldShape | None:
    """The meld these exact cards form under `trump` (M2), or None if they form none."""
    faces = sorted(face_of(c) for c in cards)
    n = len(faces)
    suits = {suit_of(f) for f in faces}
    ranks = sorted(rank_of(f) for f in faces)
    if n == 2 and len(suits) == 1 and ranks == [KING, QUEEN]:
        return marriage_shape(rules, trump, suits.pop())
    if n == 5 and len(suits) == 1 and ranks == sorted(SEQUENCE_RANKS):
        return sequence_shape(rules, trump, suits.pop())
    if n == 4 and len(set(ranks)) == 1 and ranks[0] in QUARTET_NAMES:
        return quartet_shape(rules, trump, ranks[0], suits == {trump})
    if n % 2 == 0 and 1 <= n // 2 <= rules.max_bezique_level:
        level = n // 2
        for queen, jack, sets in bezique_pairs_for_declaration(rules, trump):
            if faces == sorted([queen] * level + [jack] * level):
                return bezique_shape(rules, level, sets)
    return None


class MeldPattern(NamedTuple):
    """One meld the rules allow under a trump: its shape, and the faces that form it."""

    shape: MeldShape
    faces: tuple[int, ...]  # the faces it needs, with multiplicity; empty for an ordinary quartet
    rank: int | None = None  # an ordinary quartet: any four cards of this rank (all trumps excepted, where the
    # ruleset has trump quartets: those are the trump quartet's)


@lru_cache(maxsize=64)
def meld_catalogue(rules: Ruleset, trump: int | None) -> tuple[MeldPattern, ...]:
    """Every meld shape `rules` allow under `trump` (None: trumps not yet set), with its points: the marriages, the
    trump and back-door sequences, each level of bezique, the quartets and trump quartets. Built from the same shape
    functions as ``classify``, so the computer's knowledge of melds is the rules' own."""
    out = [MeldPattern(marriage_shape(rules, trump, suit), (make_face(suit, KING), make_face(suit, QUEEN)))
           for suit in range(4)]
    for suit in range(4):
        sequence = sequence_shape(rules, trump, suit)
        if sequence is not None:
            out.append(MeldPattern(sequence, tuple(make_face(suit, rank) for rank in SEQUENCE_RANKS)))
    for queen, jack, sets in bezique_pairs_for_declaration(rules, trump):
        for level in range(1, rules.max_bezique_level + 1):
            out.append(MeldPattern(bezique_shape(rules, level, sets), (queen,) * level + (jack,) * level))
    for rank in QUARTET_NAMES:
        ordinary = quartet_shape(rules, trump, rank, False)
        if ordinary is not None:
            out.append(MeldPattern(ordinary, (), rank))
        if trump is None or rules.packs < 4:
            continue  # four cards of one trump face need four packs
        in_trumps = quartet_shape(rules, trump, rank, True)
        if in_trumps is not None and (ordinary is None or in_trumps.kind != ordinary.kind):
            out.append(MeldPattern(in_trumps, (make_face(trump, rank),) * 4))
    return tuple(out)


def _place(state: GameState, seat: int, card: int) -> tuple[int, str] | None:
    """(owner, "hand" | "table") of a card the declarer may use, or None if they may not (M1)."""
    if card in state.hands[seat]:
        return seat, "hand"
    if card in state.tables[seat]:
        return seat, "table"
    if state.rules.partner_table_cards_usable:
        for partner in state.partners(seat):
            if card in state.tables[partner]:
                return partner, "table"
    return None


def _describe_record(record: MeldRecord) -> str:
    return MELD_NAMES.get(record.kind, record.kind)


def history_conflict(state: GameState, card: int, shape: MeldShape) -> MeldRecord | None:
    """The earlier record whose history keeps `card` out of a declaration of `shape`, whatever the other cards (M4,
    M5): one of the same type (not broken, where re-forming is allowed), or of the class and worth more; or None."""
    rules = state.rules
    records, broken = state.records, state.broken
    for index in state.hist.get(card, ()):
        record = records[index]
        if record.kind == shape.kind:
            if rules.same_type_reuse == SameTypeReuse.NEVER or not broken[index]:
                return record
        elif record.cls == shape.cls and record.value > shape.value and not (
                rules.marriage_after_sequence_allowed and record.kind.endswith("_sequence")
                and shape.kind.endswith("_marriage") and record.suit == shape.suit):
            return record
    return None


def card_may_score(state: GameState, card: int, shape: MeldShape) -> bool:
    """Whether `card`'s meld history still lets it be part of a declaration of `shape` (``history_conflict``; and a
    multiple bezique declared all at once needs cards that have scored in no bezique, M6)."""
    hist = state.hist.get(card)
    if not hist:
        return True
    if history_conflict(state, card, shape) is not None:
        return False
    return not (shape.cls == "B" and shape.level >= 2 and state.rules.multi_bezique_mode == MultiBeziqueMode.ALL_AT_ONCE
                and any(state.records[i].cls == "B" for i in hist))


def refusal(state: GameState, seat: int, shape: MeldShape, cards: tuple[int, ...]) -> str | None:
    """Why `seat` may not declare `cards` as `shape` now (rules M1 and M3–M6), or None if it may.

    M0 (timing) and M2 (shape) are the caller's: the engine checks the step, ``classify`` the shape.
    """
    rules = state.rules
    if len(set(cards)) != len(cards):
        return "the same physical card is named twice"
    places = []
    for card in cards:
        place = _place(state, seat, card)
        if place is None:
            return f"{card_code(card)} is not in your hand or on your table"
        places.append(place)
    if state.step_taken in cards and not rules.exchanged_card_usable_same_step:
        return (f"{card_code(state.step_taken)} was just taken with the seven of trumps and cannot be melded "
                "in the same step")
    if (rules.meld_requires_card_from_hand or rules.partnership) and all(
            place != (seat, "hand") for place in places):
        return "a meld needs at least one card from your concealed hand"
    if (shape.cls == "B" and shape.level >= 2 and rules.partnership
            and rules.partnership_multi_bezique_from_one_player
            and any(owner != seat for owner, _ in places)):
        return "a double or larger bezique must be made of your own cards only"
    records, hist = state.records, state.hist
    for card in cards:
        record = history_conflict(state, card, shape)
        if record is not None:
            if record.kind == shape.kind:
                return f"{card_code(card)} has already scored in a {_describe_record(record)}"
            return (f"{card_code(card)} has already scored in a {_describe_record(record)}, "
                    f"worth more than a {MELD_NAMES.get(shape.kind, shape.kind)}")
    if shape.cls == "Q" and rules.trump_quartets and all(
            any(records[i].cls == "Q" for i in hist.get(card, ())) for card in cards):
        return "a quartet needs at least one card that has not yet scored in a quartet"
    if shape.cls == "B" and shape.level >= 2:
        in_b_record = {card for card in cards if any(records[i].cls == "B" for i in hist.get(card, ()))}
        if rules.multi_bezique_mode == MultiBeziqueMode.ALL_AT_ONCE:
            if in_b_record:
                used = ", ".join(card_code(c) for c in sorted(in_b_record))
                return f"a multiple bezique must be declared all at once from fresh cards; {used} already scored"
        else:
            fresh = [c for c in cards if c not in in_b_record]
            if not any(rank_of(c) == QUEEN for c in fresh) or not any(rank_of(c) == JACK for c in fresh):
                return "building up a bezique needs a fresh queen and a fresh jack"
    return None


class _Pattern(NamedTuple):
    """A catalogue pattern as the enumerator reads it (``_patterns``)."""

    shape: MeldShape
    need: tuple[tuple[int, int], ...]  # (face, copies), or () for an ordinary quartet
    quartet: tuple[int, ...]  # an ordinary quartet: the four faces of its rank; () otherwise
    trumps_apart: bool  # an ordinary quartet whose all-trump combinations are the trump quartet's


_PATTERNS: dict[tuple[int, int | None], tuple[Ruleset, tuple[_Pattern, ...]]] = {}


def _patterns(rules: Ruleset, trump: int | None) -> tuple[_Pattern, ...]:
    """``meld_catalogue`` with each pattern's faces counted, kept by the ruleset's identity: the enumerator runs at
    every declaration step of the computer's rollouts, and hashing a ruleset (``lru_cache``) costs more than the
    enumeration itself."""
    entry = _PATTERNS.get((id(rules), trump))
    if entry is not None and entry[0] is rules:
        return entry[1]
    catalogue = meld_catalogue(rules, trump)
    apart = {p.shape.kind for p in catalogue if p.rank is None and p.shape.cls == "Q"}  # the trump quartets
    out = []
    for pattern in catalogue:
        need: dict[int, int] = {}
        for face in pattern.faces:
            need[face] = need.get(face, 0) + 1
        rank = pattern.rank
        quartet = () if rank is None else tuple(make_face(suit, rank) for suit in range(4))
        trump_kind = None if rank is None else f"four_trump_{QUARTET_NAMES[rank]}"
        out.append(_Pattern(pattern.shape, tuple(need.items()), quartet, trump_kind in apart))
    _PATTERNS[(id(rules), trump)] = (rules, tuple(out))
    return tuple(out)


def _multichoose(classes: list[list[int]], k: int) -> Iterable[tuple[int, ...]]:
    """Every way to take k cards from equivalence classes: the lowest copies of each class, one result per
    distinct count vector (one card, or classes of one card each, are the usual cases: no recursion needed)."""
    if k == 1:
        return [(cls[0],) for cls in classes]
    if all(len(cls) == 1 for cls in classes):
        return combinations([cls[0] for cls in classes], k)

    def rec(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if left == 0:
            yield ()
            return
        if i == len(classes):
            return
        for take in range(min(left, len(classes[i])), -1, -1):
            for rest in rec(i + 1, left - take):
                yield tuple(classes[i][:take]) + rest
    return rec(0, k)


class _Pool:
    """The cards `seat` may meld (its hand and table, and its partners' tables where the rules allow), by face,
    and their equivalence classes (RECORD.md), worked out only for the faces a candidate needs."""

    __slots__ = ("by_face", "classes", "owners", "seat", "state")

    def __init__(self, state: GameState, seat: int) -> None:
        self.state, self.seat = state, seat
        self.owners = [seat, *state.partners(seat)] if state.rules.partner_table_cards_usable else [seat]
        by_face: list[list[int]] = [[] for _ in range(32)]
        for card in state.hands[seat]:
            by_face[card & 31].append(card)
        for owner in self.owners:
            for card in state.tables[owner]:
                by_face[card & 31].append(card)
        self.by_face = by_face
        self.classes: dict[int, list[list[int]]] = {}

    def of(self, face: int) -> list[list[int]]:
        """The equivalence classes of `face` among the pool, each sorted by copy."""
        known = self.classes.get(face)
        if known is not None:
            return known
        cards = self.by_face[face]
        if len(cards) == 1:
            known = [cards]
        else:
            state, seat = self.state, self.seat
            groups: dict[Hashable, list[int]] = {}
            hand = state.hands[seat]
            for card in cards:
                if card in hand:
                    key = copy_key(state, seat, card, False)
                else:
                    owner = next(o for o in self.owners if card in state.tables[o])
                    key = copy_key(state, owner, card, True)
                groups.setdefault(key, []).append(card)
            known = [sorted(group) for group in groups.values()]
        self.classes[face] = known
        return known


def _candidates(state: GameState, seat: int) -> Iterator[tuple[MeldShape, tuple[int, ...]]]:
    """Every (shape, cards) of the rules' catalogue with the right faces, one per combination of equivalence
    classes. The faces are counted first: most declaration steps can form no meld at all."""
    pool = _Pool(state, seat)
    by_face, trump = pool.by_face, state.trump
    for pattern in _patterns(state.rules, state.trump):
        faces = pattern.quartet
        if not faces:
            for face, n in pattern.need:
                if len(by_face[face]) < n:
                    break
            else:
                choices = [_multichoose(pool.of(face), n) for face, n in pattern.need]
                for combo in product(*choices):
                    yield pattern.shape, sum(combo, ())
            continue
        if len(by_face[faces[0]]) + len(by_face[faces[1]]) + len(by_face[faces[2]]) + len(by_face[faces[3]]) < 4:
            continue
        for cards in _multichoose([cls for face in faces for cls in pool.of(face)], 4):
            if pattern.trumps_apart and all(suit_of(c) == trump for c in cards):
                continue  # four trumps of the rank are the trump quartet's
            yield pattern.shape, cards


def legal_melds(state: GameState, seat: int) -> list[tuple[MeldShape, tuple[int, ...]]]:
    """Every legal declaration for `seat` now (ignoring timing), one per distinct result."""
    return [(shape, cards) for shape, cards in _candidates(state, seat) if refusal(state, seat, shape, cards) is None]
