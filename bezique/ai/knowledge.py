"""What a seat can work out about cards: the melds it could make, how much each card is worth keeping.

Everything here reads a ``GameState`` only through the acting seat's own cards and public facts (tables, played
cards, records, trump, stock size), so it gives the same answers on a state rebuilt by ``determinize`` from a view as
on the real state: the rule-based levels stay honest.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from bezique.rules import (
    ACE,
    BRISQUE_RANKS,
    SEVEN,
    GameState,
    MeldPattern,
    Ruleset,
    SevenScoring,
    bezique_pair,
    card_may_score,
    meld_catalogue,
    strength,
    suit_of,
)


class Craft(NamedTuple):
    """The weights of the rule-based play, in points: what keeping a card is worth, what taking a trick is worth.
    ``INTERMEDIATE`` is the intermediate level's; the search levels' own rules use ``EXPERT_CRAFT``, tuned by
    duplicate deals against the intermediate level (``python lab/tune_craft.py``)."""

    strength: float = 0.6  # x the card's rank strength (7 = 0 .. ace = 7)
    ace: float = 9.0  # a brisque kept: an ace
    ten: float = 7.0  # a brisque kept: a ten
    trump: float = 6.0  # a trump kept, beside its strength (x trump_strength)
    trump_strength: float = 1.0
    seven: float = 12.0  # the unspent seven of trumps played: it scores 10
    meld_base: float = 0.35  # meld keep: a card's share of a template's value x chance, at least this fraction
    meld_scale: float = 2.0
    win_meld: float = 0.9  # following: x the meld a won trick lets me declare
    win_bonus: float = 2.0  # following: taking the lead
    threat: float = 12.0  # following: the opponent's meld if they keep the trick
    lead_ten: float = 8.0  # leading a ten: often caught by the ace
    hold_bezique: float = 60.0  # hold a single bezique back when the double's chance x its value exceeds this
    marriage_first: int = 99  # stock cards above which a marriage of a sequence held complete is declared first
    lead_meld: float = 0.0  # leading: x the meld still ready after the card x the chance nobody takes the lead


INTERMEDIATE = Craft()
EXPERT_CRAFT = Craft(trump=9.0, threat=6.0, win_meld=0.675, lead_meld=0.6, marriage_first=10)


class Template:
    """One meld a seat could make: the faces it needs (with multiplicity), its value, meld id and class."""

    __slots__ = ("cls", "faces", "kind", "need", "quartet", "shape", "value")

    def __init__(self, pattern: MeldPattern) -> None:
        self.shape = pattern.shape
        self.kind, self.cls, self.value = pattern.shape.kind, pattern.shape.cls, pattern.shape.value
        self.quartet = pattern.rank is not None  # any four cards of the rank: faces then holds the rank
        self.faces = (pattern.rank,) if pattern.rank is not None else pattern.faces
        counts: dict[int, int] = {}
        for f in self.faces:
            counts[f] = counts.get(f, 0) + 1
        self.need = tuple(counts.items())  # (face, copies needed), computed once: decisions ask for it often


NEVER_SPARE = 99  # more copies of a face than any deck holds: no copy of it is a spare for that template


class MeldFacts:
    """The rules' meld catalogue under one trump (``melds.meld_catalogue``), in the forms decisions read: the
    templates, the templates each face belongs to (with their size in cards), the templates by falling value, the
    points of each meld id and the bezique pair."""

    __slots__ = ("by_face", "by_value", "pair", "templates", "values")

    def __init__(self, rules: Ruleset, trump: int | None) -> None:
        self.templates = [Template(pattern) for pattern in meld_catalogue(rules, trump)]
        self.by_value = sorted(self.templates, key=lambda t: -t.value)
        self.values = {t.kind: t.value for t in self.templates}
        self.pair = bezique_pair(rules, trump)
        # per face: (template, its size in cards, the copies of the face beyond which one is a spare: never for
        # a four-card template)
        self.by_face: list[list[tuple[Template, int, int]]] = [[] for _ in range(32)]
        for t in self.templates:
            for face in range(32):
                if t.quartet:
                    if face & 7 == t.faces[0]:
                        self.by_face[face].append((t, 4, NEVER_SPARE))
                elif face in t.faces:
                    size = len(t.faces)
                    self.by_face[face].append((t, size, NEVER_SPARE if size == 4 else t.faces.count(face)))


_FACTS_CACHE: dict[tuple[int, int | None], tuple[Ruleset, MeldFacts]] = {}
_last_facts: tuple[Ruleset, int | None, MeldFacts] | None = None  # the last call's: a rollout asks for the same ones


def meld_facts(rules: Ruleset, trump: int | None) -> MeldFacts:
    """``MeldFacts`` of `rules` under `trump`, built once: the search asks for them in every rollout."""
    global _last_facts
    last = _last_facts
    if last is not None and last[0] is rules and last[1] == trump:
        return last[2]
    key = (id(rules), trump)  # by identity: hashing the ruleset is slow; the entry keeps the ruleset to check it
    entry = _FACTS_CACHE.get(key)
    if entry is not None and entry[0] is rules:
        facts = entry[1]
    else:
        facts = MeldFacts(rules, trump)
        _FACTS_CACHE[key] = (rules, facts)
    _last_facts = rules, trump, facts
    return facts


_BASE_CACHE: dict[tuple[int, int | None], tuple[Craft, list[float]]] = {}


def keep_base(craft: Craft, trump: int | None) -> list[float]:
    """Per face, the part of ``Knowledge.keep_value`` that depends on the face alone (rank strength, brisque, trump
    weights; the seven of trumps in the stock phase is the caller's), worked out once per craft and trump: every
    card of every rollout decision asks. The terms are added in ``keep_value``'s order, so the sums are the same
    floats."""
    key = (id(craft), trump)  # by identity, as ``meld_facts``: the entry keeps the craft to check it
    entry = _BASE_CACHE.get(key)
    if entry is not None and entry[0] is craft:
        return entry[1]
    base = []
    for face in range(32):
        rank = face & 7
        value = strength(face) * craft.strength
        if rank in BRISQUE_RANKS:
            value += craft.ace if rank == ACE else craft.ten
        if trump is not None and suit_of(face) == trump:
            value += craft.trump + craft.trump_strength * strength(face)
        base.append(value)
    _BASE_CACHE[key] = (craft, base)
    return base


def templates(state: GameState) -> list[Template]:
    """The meld templates under the current trump: every meld shape the rules allow."""
    return meld_facts(state.rules, state.trump).templates


def may_meld(state: GameState, seat: int) -> bool:
    """Whether some meld of the rules' catalogue may be legal for `seat` now: none once the step has had its meld;
    else one whose faces `seat`'s cards (hand and table, and its partners' tables where the rules let it use them)
    cover, counting only the cards that may still score in it (``card_may_score``, their meld history), leaving out
    the card just taken by a seven exchange where the rules do, and with one from the hand where the rules need one.
    Each is a condition the rules (``melds.refusal``, one meld a trick) put too, so when this says no, no meld is
    legal and the declaration step needs no search of the melds: the rollouts ask at every declaration step, and
    most steps cannot meld (a marriage already declared stays on the table, its faces counted but spent)."""
    rules = state.rules
    if state.step_melded or (rules.seven_exchange_counts_as_meld and state.step_exchanged):
        return False
    hand = state.hands[seat]
    cards = hand + state.tables[seat]
    if rules.partner_table_cards_usable:
        for partner in state.partners(seat):
            cards = cards + state.tables[partner]
    counts = [0] * 32
    for c in cards:
        counts[c & 31] += 1
    for t in meld_facts(rules, state.trump).templates:
        if t.quartet:
            rank = t.faces[0]
            if counts[rank] + counts[8 + rank] + counts[16 + rank] + counts[24 + rank] >= 4 and _formable(
                    state, t, cards, hand):
                return True
        else:
            for f, n in t.need:  # a loop, not all(...): every declaration step of every rollout asks
                if counts[f] < n:
                    break
            else:
                if _formable(state, t, cards, hand):
                    return True
    return False


def _formable(state: GameState, t: Template, cards: list[int], hand: list[int]) -> bool:
    """``may_meld``'s test of template `t` once its faces are counted among `cards`: enough of them that may score
    in it (and are not the card just exchanged, where the rules keep it out), one in `hand` where the rules need
    one from the hand."""
    rules = state.rules
    hist = state.hist
    taken = None if rules.exchanged_card_usable_same_step else state.step_taken
    shape = t.shape
    mask = 7 if t.quartet else 31  # a quartet's cards are any of its rank: the rank's bits; else the face's
    pool: list[int] = []
    for f, n in ((t.faces[0], 4),) if t.quartet else t.need:
        usable = [c for c in cards
                  if c & mask == f and c != taken and (c not in hist or card_may_score(state, c, shape))]
        if len(usable) < n:
            return False
        pool += usable
    return not (rules.meld_requires_card_from_hand or rules.partnership) or any(c in hand for c in pool)


def is_brisque(card: int) -> bool:
    return (card & 7) in BRISQUE_RANKS


_UNPLAYED: tuple[list[int], int, int, list[int]] = ([], 0, 0, [])  # (played list, its length, packs, per face left)


def _unplayed(played: list[int], packs: int) -> list[int]:
    """Per face, the copies of a `packs`-pack deck not in `played` (not to be changed: it is remembered). The
    answer for the last list asked about is kept: a rollout builds a ``Knowledge`` at every decision, and its
    played list only grows (the rules append to it), so only the cards played since are counted."""
    global _UNPLAYED
    known, length, known_packs, left = _UNPLAYED
    n = len(played)
    if known is not played or known_packs != packs or length > n:
        length, left = 0, [packs] * 32
    elif length == n:
        return left
    else:
        left = left[:]  # the one remembered may be in use: a new list
    for c in played[length:]:
        left[c & 31] -= 1
    _UNPLAYED = (played, n, packs, left)
    return left


class Knowledge:
    """Card facts for one seat of one state, computed once per decision (every decision of every rollout builds
    one: what it asks is worked out only when asked, and remembered)."""

    __slots__ = ("_base", "_chance", "_facts", "_may", "_pools", "_ready", "_terms", "avail", "craft", "draw_frac",
                 "me", "mine", "mine_count", "state", "trump", "unseen_total")

    def __init__(self, state: GameState, me: int, craft: Craft = INTERMEDIATE) -> None:
        self.state = state
        self.craft = craft
        self.me = me
        trump = self.trump = state.trump
        rules = state.rules
        mine = self.mine = state.hands[me] + state.tables[me]
        counts = [0] * 32
        avail = _unplayed(state.played, rules.packs)[:]  # each face's copies less the played ones, mine and the
        for c in mine:  # other tables'
            face = c & 31
            counts[face] += 1
            avail[face] -= 1
        for seat, table in enumerate(state.tables):
            if seat != me:
                for c in table:
                    avail[c & 31] -= 1
        self.mine_count = counts
        self.avail = avail
        stock = len(state.stock)
        unseen = self.unseen_total = max(1, sum(avail))
        self.draw_frac = min(1.0, (stock / rules.players) / unseen) if stock else 0.0
        self._facts = meld_facts(rules, trump)
        self._base = keep_base(craft, trump)
        self._chance: dict[Template, tuple[float, int]] = {}
        self._pools: tuple[dict[int, list[int]], set[int]] | None = None  # my cards by face, my hand (ready_melds)
        self._may: dict[tuple[int, Template], bool] = {}
        self._terms: dict[Template, float] = {}  # per template, its meld term of keep_values
        self._ready: Template | bool | None = False  # ready_melds' template with all my cards (False: not asked)

    def template_chance(self, t: Template, without: int | None = None) -> tuple[float, int]:
        """(chance of completing template `t` from my cards plus future draws, number of faces missing)."""
        if without is None:
            cached = self._chance.get(t)
            if cached is None:
                cached = self._chance[t] = self._template_chance(t, None)
            return cached
        return self._template_chance(t, without)

    def prospects(self) -> float:
        """My unfinished melds, each value x the chance of drawing its missing cards (the search's horizon value
        reads it for every seat at the end of every rollout)."""
        total = 0.0
        for t in self._facts.templates:
            chance, missing = self._template_chance(t, None)
            if missing and chance > 0.0:
                total += t.value * chance
        return total

    def _template_chance(self, t: Template, without: int | None) -> tuple[float, int]:
        counts = self.mine_count
        if without is not None:
            counts = counts[:]
            counts[without & 31] -= 1
        avail = self.avail
        draw_frac = self.draw_frac
        if t.quartet:
            rank = t.faces[0]
            need = 4 - (counts[rank] + counts[8 + rank] + counts[16 + rank] + counts[24 + rank])
            if need <= 0:
                return 1.0, 0
            left = avail[rank] + avail[8 + rank] + avail[16 + rank] + avail[24 + rank]
            if left < need or draw_frac == 0.0:
                return 0.0, need
            q = min(1.0, draw_frac * left / need * 0.8)
            return q ** need, need
        p = 1.0
        n_missing = 0
        for f, need in t.need:
            lack = need - counts[f]
            if lack > 0:
                n_missing += lack
                if avail[f] < lack or draw_frac == 0.0:
                    return 0.0, n_missing
                p *= (1.0 - (1.0 - draw_frac) ** avail[f]) ** lack
        return p, n_missing

    def may_score(self, card: int, t: Template) -> bool:
        """Whether my `card` may still score in template `t` by its meld history (``melds.card_may_score``),
        remembered for this decision: every candidate play asks again."""
        if card not in self.state.hist:
            return True
        key = (card, t)
        known = self._may.get(key)
        if known is None:
            known = self._may[key] = card_may_score(self.state, card, t.shape)
        return known

    def keep_value(self, card: int) -> float:
        """How much playing `card` now costs this seat, in points (higher = keep it)."""
        return self.keep_values((card,))[card]

    def keep_values(self, cards: Iterable[int]) -> dict[int, float]:
        """``keep_value`` of each of `cards`, in one pass (every decision of every rollout asks for all its cards):
        the face's static weights (``keep_base``; the unspent seven of trumps played in the stock phase scores
        instead) plus the meld points at stake in keeping the card (phase 1): value x chance, for the melds it can
        still make."""
        state = self.state
        base_of = self._base
        out: dict[int, float] = {}
        if state.final_phase:
            for card in cards:
                out[card] = base_of[card & 31] + 0.0  # no meld keeps a card in the final tricks
            return out
        craft = self.craft
        seven = -1 if self.trump is None else self.trump * 8 + SEVEN
        hist = state.hist
        copies_of = self.mine_count
        by_face = self._facts.by_face
        terms = self._terms
        for card in cards:
            face = card & 31
            total = 0.0
            entries = by_face[face]
            if entries:
                scored = card in hist  # its meld history (the rules never keep an empty one)
                copies = copies_of[face]
                for t, size, spare_above in entries:
                    if copies > spare_above:
                        continue  # a spare copy: playing it keeps the template intact
                    if scored and not self.may_score(card, t):
                        continue
                    term = terms.get(t)
                    if term is None:
                        term = terms[t] = self._meld_term(t, size)
                    total += term
            if face == seven:
                value = strength(card) * craft.strength  # no brisque, no trump weight
                if card not in state.spent and state.rules.seven_of_trumps_scoring == SevenScoring.EXCHANGE_OR_PLAY:
                    value -= craft.seven  # scores 10 when played
                out[card] = value + total
            else:
                out[card] = base_of[face] + total
        return out

    def _meld_term(self, t: Template, size: int) -> float:
        """What template `t` (of `size` cards) adds to the keep value of each of my cards that may still make it:
        its value x chance, a card's share of it (at least ``craft.meld_base``) over the size, x ``craft.meld_scale``;
        0.0 when it cannot be completed (adding it leaves a sum unchanged). The same for every card of the template,
        so ``keep_values`` works it out once per decision."""
        p, missing = self._template_chance(t, None)  # asked once per decision: no need of the chance cache
        if p <= 0.0:
            return 0.0
        craft = self.craft
        share = (size - missing) / size
        return t.value * p * (craft.meld_base + (1.0 - craft.meld_base) * share) / size * craft.meld_scale

    def ready_melds(self, without: int | None = None) -> float:
        """The best meld value this seat could declare now if it won a trick (its cards minus `without`).

        Once asked with all my cards, the template found then (``_ready``) answers for a card `without` that is
        not one of its faces: that template is still formed without it, and none worth more could be formed with
        fewer cards (following asks for every card that wins a trick)."""
        if without is not None:
            best = self._ready
            if best is None:
                return 0.0
            if isinstance(best, Template) and not (
                    without & 7 == best.faces[0] if best.quartet else without & 31 in best.faces):
                return best.value
        found = self._ready_melds(without)
        if without is None:
            self._ready = found
        return 0.0 if found is None else found.value

    def _ready_melds(self, without: int | None) -> Template | None:
        """The most valuable template formed by my cards minus `without` with one from the hand, or None."""
        if self._pools is None:
            pools: dict[int, list[int]] = {}
            for c in self.mine:
                pools.setdefault(c & 31, []).append(c)
            self._pools = (pools, set(self.state.hands[self.me]))
        by_face, hand_set = self._pools
        counts = self.mine_count
        gone = -1 if without is None else without & 31
        may_score = self.may_score
        hist = self.state.hist  # a card with no meld history may score in any template: no call to ask
        for t in self._facts.by_value:  # the most valuable first: the first one formed is the answer
            if t.quartet:
                rank = t.faces[0]
                have = counts[rank] + counts[8 + rank] + counts[16 + rank] + counts[24 + rank]
                if have - (gone & 7 == rank) < 4:
                    continue  # quick count check: too few cards of the rank (the exact test follows)
                pool = [c for s in range(4) for c in by_face.get(s * 8 + rank, ())
                        if c != without and (c not in hist or may_score(c, t))]
                if len(pool) >= 4 and any(c in hand_set for c in pool):
                    return t
                continue
            short = False
            for f, n in t.need:
                if counts[f] - (f == gone) < n:
                    short = True  # quick count check: a face is missing (the exact test follows)
                    break
            if short:
                continue
            ok = True
            from_hand = False
            for f, n in t.need:
                pool = [c for c in by_face.get(f, ()) if c != without and (c not in hist or may_score(c, t))]
                if len(pool) < n:
                    ok = False
                    break
                if not from_hand and any(c in hand_set for c in pool):
                    from_hand = True
            if ok and from_hand:
                return t
        return None
