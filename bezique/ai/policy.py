"""Rule-based decisions: the beginner and intermediate levels, and the fast rollout policy of the search levels.

Each decision function takes a ``GameState`` and the acting seat. The rule levels call them on a state rebuilt by
``determinize`` from their view and read only that seat's cards and public facts (in the final tricks of a
two-player deal the opponent's hand is fully known from the view, so reading it there is not cheating). The final
tricks' own rule is ``final_tricks``.
"""

from __future__ import annotations

import math
import random

from bezique.ai.base import Decision
from bezique.ai.final_tricks import final_phase_decision, later_opponents
from bezique.ai.knowledge import INTERMEDIATE, Craft, Knowledge, is_brisque, meld_facts, templates
from bezique.rules import (
    ACE,
    DECLARE_SEVEN_ACTION,
    DONE_ACTION,
    KING,
    PLAY_ACTIONS,
    QUEEN,
    SEVEN,
    TEN,
    Action,
    GameState,
    MeldId,
    MultiBeziqueMode,
    Phase,
    Verb,
    apply,
    beats,
    card_may_score,
    legal_actions,
    legal_plays,
    strength,
    suit_of,
)

# The rollout reads these module globals: an enum member read (``Phase.PLAY``) costs about five global
# reads, on every simulated move.
_DECLARING = Phase.DECLARE
_MELD = Verb.MELD
_EXCHANGE = Verb.EXCHANGE_SEVEN
_DONE = Verb.DONE
LEAD_NOISE = 0.5  # points of random tie-break between leads of about the same cost


def meld_id(action: Action) -> MeldId:
    """The id of a meld action: the rules name it on every meld they offer (and a record's or a peer's meld is
    checked against them before it is played)."""
    assert action.kind is not None, "a meld action without its id"
    return action.kind


def meld_value(state: GameState, action: Action) -> int:
    """The points of a meld action, by the rules' catalogue for the ruleset and trump in play."""
    return meld_facts(state.rules, state.trump).values[meld_id(action)]


# --- the fast rollout policy --------------------------------------------------------------------------------------
def _static_cost(card: int, trump: int | None, hand_faces: list[int], pair: tuple[int, int] | None) -> float:
    """A cheap keep-value for rollouts: rank, brisque, trump and whether the card has a meld partner in hand (its
    marriage partner, or the other card of the bezique `pair`)."""
    rank = card & 7
    cost = 8 - rank
    if rank <= 1:
        cost += 10
    if trump is not None and suit_of(card) == trump:
        cost += 7 if rank != SEVEN else -6
    face = card & 31
    if (rank == KING and face + 1 in hand_faces) or (rank == QUEEN and face - 1 in hand_faces):
        cost += 8
    if pair is not None and face in pair and (pair[1] if face == pair[0] else pair[0]) in hand_faces:
        cost += 10
    return cost


def rollout_action(state: GameState, rng: random.Random) -> Action:
    """A quick, sensible action for simulations (melds greedily, keeps brisques and trumps, takes brisques)."""
    if state.phase == _DECLARING:
        legal = legal_actions(state)
        best = None
        best_value = -1
        exchange = None
        values = meld_facts(state.rules, state.trump).values
        for action in legal:
            if action.verb == _MELD:
                value = values[meld_id(action)]
                if value > best_value:
                    best, best_value = action, value
            elif action.verb == _EXCHANGE:
                exchange = action
        if best is not None:
            return best
        if exchange is not None:
            return exchange
        for action in legal:
            if action.verb not in (_DONE, _MELD):
                return action  # declare_seven, or a pass in partnerships (rare)
        return DONE_ACTION
    cards = legal_plays(state)
    if len(cards) == 1:
        return PLAY_ACTIONS[cards[0]]
    trump = state.trump
    seat = state.to_act
    assert seat is not None
    hand_faces = [c & 31 for c in state.hands[seat]] + [c & 31 for c in state.tables[seat]]
    pair = meld_facts(state.rules, trump).pair
    trick = state.trick
    if not trick:
        if state.final_phase:
            aces = [c for c in cards if c & 7 == ACE and suit_of(c) != trump]
            if aces and rng.random() < 0.7:
                return PLAY_ACTIONS[aces[0]]
        cheapest = min(cards, key=lambda c: _static_cost(c, trump, hand_faces, pair) + rng.random() * 2)
        return PLAY_ACTIONS[cheapest]
    winning = trick[state.best]
    stake = sum(10 for c in trick if c & 7 <= 1)
    if state.final_phase:
        winners = [c for c in cards if beats(c, winning, trump)]
        if winners:
            return PLAY_ACTIONS[min(winners, key=lambda c: (suit_of(c) == trump, strength(c)))]
        return PLAY_ACTIONS[min(cards, key=lambda c: (c & 7 <= 1, strength(c)))]
    meld = _quick_meld(state, seat, trump) if len(state.stock) > 1 else 0
    threat = 12.0 if len(state.stock) > 2 else 0.0
    pick, best_score = cards[0], -1e9
    for c in cards:
        cost = _static_cost(c, trump, hand_faces, pair)
        brisque = 10 if c & 7 <= 1 else 0
        won = beats(c, winning, trump)
        score = (stake + brisque + 0.8 * meld - cost) if won else (-stake - brisque - cost - threat)
        score += rng.random()
        if score > best_score:
            pick, best_score = c, score
    return PLAY_ACTIONS[pick]


def _quick_meld(state: GameState, seat: int, trump: int | None) -> int:
    """A cheap estimate of the best meld `seat` could declare after winning: the most valuable shape of the rules'
    catalogue its cards form with one card from the hand, a tabled card counting only for melds of another class
    than those it has scored in (so upgrades such as a royal marriage to the trump sequence are not counted)."""
    hand = state.hands[seat]
    if not hand:
        return 0
    counts = [0] * 32
    in_hand = [False] * 32
    for c in hand:
        counts[c & 31] += 1
        in_hand[c & 31] = True
    scored: dict[str, list[int]] = {}  # meld class -> per face, tabled cards that have scored in it
    hist, records = state.hist, state.records
    for c in state.tables[seat]:
        counts[c & 31] += 1
        for cls in {records[i].cls for i in hist.get(c, ())}:
            scored.setdefault(cls, [0] * 32)[c & 31] += 1
    fresh_of = {cls: [n - u for n, u in zip(counts, used, strict=True)] for cls, used in scored.items()}
    for t in meld_facts(state.rules, trump).by_value:
        fresh = fresh_of.get(t.cls, counts)  # the cards that may still score in the template's class
        if t.quartet:
            faces: tuple[int, ...] = (t.faces[0], 8 + t.faces[0], 16 + t.faces[0], 24 + t.faces[0])
            if fresh[faces[0]] + fresh[faces[1]] + fresh[faces[2]] + fresh[faces[3]] < 4:
                continue
        else:
            faces = t.faces
            if not all(fresh[f] >= n for f, n in t.need):
                continue
        if any(in_hand[f] for f in faces):
            return t.value
    return 0


# --- the rule-based levels ----------------------------------------------------------------------------------------
def declaration(state: GameState, me: int, legal: list[Action], skill: str, craft: Craft = INTERMEDIATE) -> Decision:
    """Declaration step: the best meld (holding a single bezique while the double is likely), the 7 swap, done."""
    melds = [a for a in legal if a.verb == _MELD]
    exchange = next((a for a in legal if a.verb == _EXCHANGE), None)
    if melds:
        values = meld_facts(state.rules, state.trump).values  # looked up once: every rollout step may ask
        best = max(melds, key=lambda a: (values[meld_id(a)], -len(a.cards)))
        if skill == "intermediate" and best.kind == MeldId.BEZIQUE_1 and state.rules.max_bezique_level >= 2:
            double = next((t for t in templates(state) if t.kind == MeldId.BEZIQUE_2), None)
            others = [a for a in melds if a.kind != MeldId.BEZIQUE_1]
            at_once = state.rules.multi_bezique_mode == MultiBeziqueMode.ALL_AT_ONCE
            if double is not None and at_once and len(state.stock) > 16:
                chance, _ = Knowledge(state, me).template_chance(double)
                if chance * double.value > craft.hold_bezique:
                    if others:
                        alt = max(others, key=lambda a: values[meld_id(a)])
                        return Decision(alt, "meld", {"meld": alt.kind, "points": values[meld_id(alt)]})
                    if exchange is not None:
                        return Decision(exchange, "exchange", {"card": state.stock[0]})
                    return Decision(DONE_ACTION, "hold_bezique")
        if len(state.stock) > craft.marriage_first:
            first = marriage_first(state, melds, best)
            if first is not None:
                return Decision(first, "marriage_first", {"points": values[meld_id(first)],
                                                          "later": values[meld_id(best)]})
        return Decision(best, "meld", {"meld": best.kind, "points": values[meld_id(best)]})
    if exchange is not None:
        return Decision(exchange, "exchange", {"card": state.stock[0]})
    if DECLARE_SEVEN_ACTION in legal:
        return Decision(DECLARE_SEVEN_ACTION, "declare_seven")
    passing = next((a for a in legal if a.verb == Verb.PASS_TO_PARTNER), None)
    if passing is not None:  # nothing of mine to declare: the partner may have something, and a pass costs nothing
        return Decision(passing, "pass_partner")
    return Decision(DONE_ACTION, "done")


def marriage_first(state: GameState, melds: list[Action], best: Action) -> Action | None:
    """A marriage among `melds` made of cards of the sequence `best` after which the rules still let that sequence
    score (marriage then sequence, RULES.md: 40 + 250 over two tricks won where the sequence alone scores 250), or
    None. Asked of the rules on a copy of the state: declare the marriage, then ask whether each card of the
    sequence may still score in it."""
    facts = meld_facts(state.rules, state.trump)
    shape = next((t.shape for t in facts.templates if t.kind == best.kind), None)
    if shape is None or shape.cls != "M" or len(best.cards) <= 2:
        return None
    for action in melds:
        if len(action.cards) == 2 and set(action.cards) <= set(best.cards):
            after = state.clone()
            apply(after, action)
            if all(card_may_score(after, c, shape) for c in best.cards):
                return action
    return None


def beginner_decision(state: GameState, me: int, legal: list[Action], rng: random.Random) -> Decision:
    """Plausible play with no subtlety: greedy melds, low leads, takes a brisque when it can, now and then a slip."""
    if len(legal) == 1:
        return Decision(legal[0], "only")
    if state.phase == Phase.DECLARE:
        return declaration(state, me, legal, "beginner")
    cards = [a.cards[0] for a in legal]
    if rng.random() < 0.12:
        card = rng.choice(cards)
        return Decision(PLAY_ACTIONS[card], "whim", {"card": card})
    trump = state.trump
    if not state.trick:
        card = min(cards, key=lambda c: (strength(c) + (6 if suit_of(c) == trump else 0), rng.random()))
        # melds are back in the hand in the final tricks: "keeps your melds" would mean nothing there
        code = "final_lead_low" if state.final_phase else "lead_low"
        return Decision(PLAY_ACTIONS[card], code, {"card": card})
    winning = state.trick[state.best]
    winners = [c for c in cards if beats(c, winning, trump)]
    if winners and (is_brisque(winning) or state.final_phase):
        card = min(winners, key=strength)
        code = "win_brisque" if is_brisque(winning) else "final_win"
        return Decision(PLAY_ACTIONS[card], code, {"card": card})
    card = min(cards, key=lambda c: (strength(c) + (10 if is_brisque(c) else 0), rng.random()))
    return Decision(PLAY_ACTIONS[card], "final_low" if state.final_phase else "discard", {"card": card})


def intermediate_decision(state: GameState, me: int, legal: list[Action], rng: random.Random,
                          craft: Craft = INTERMEDIATE) -> Decision:
    """The craft of the game from RULES.md and the rules sheet's tips (see the module docstring), weighted by
    `craft`."""
    if len(legal) == 1:
        return Decision(legal[0], "only")
    if state.phase == Phase.DECLARE:
        return declaration(state, me, legal, "intermediate", craft)
    if state.final_phase:
        return final_phase_decision(state, me, [a.cards[0] for a in legal])
    card, code = stock_play(state, me, [a.cards[0] for a in legal], rng, craft)
    return Decision(PLAY_ACTIONS[card], code, {"card": card})


def stock_play(state: GameState, me: int, cards: list[int], rng: random.Random,
               craft: Craft = INTERMEDIATE) -> tuple[int, str]:
    """``intermediate_decision``'s card among `cards` (two or more, in the legal actions' order) in the stock
    phase, and its reason code: the search's rollouts ask for the card alone at every simulated move, with no
    action list or ``Decision`` made for it."""
    know = Knowledge(state, me, craft)
    keep = know.keep_values(cards)
    if not state.trick:
        # lead a card that costs nothing; a lone low card of a plain suit is ideal; never lead a ten naked
        costs = lead_costs(state, know, cards, keep)
        card = min(cards, key=lambda c: costs[c] + rng.random() * LEAD_NOISE)
        trump = state.trump
        if card & 7 == SEVEN and suit_of(card) == trump and card not in state.spent:
            return card, "seven"
        plain = lead_cost(card, keep[card], craft)
        if costs[card] < plain and any(lead_cost(c, keep[c], craft) + LEAD_NOISE < plain for c in cards):
            return card, "lead_meld"  # not the cheapest: led for the trick it may win, and the meld it lets me declare
        return card, "lead_low"
    best_card, best_score, best_code = cards[0], -1e9, "discard"
    for c, (score, code) in follow_scores(state, know, cards, keep).items():
        if score > best_score:
            best_card, best_score, best_code = c, score, code
    return best_card, best_code


def ranked_stock_plays(state: GameState, me: int, cards: list[int], craft: Craft = INTERMEDIATE) -> list[int]:
    """`cards` (stock phase) best first by the rules' own scores (``stock_play``'s, without its random tie-break):
    a lead by its ``lead_cost``, a follow by its ``follow_scores``; ties keep the order of `cards`. The search
    levels search only the first few where rollouts cost most (``expert.NARROW``)."""
    know = Knowledge(state, me, craft)
    keep = know.keep_values(cards)
    if not state.trick:
        costs = lead_costs(state, know, cards, keep, every=True)
        return sorted(cards, key=costs.__getitem__)
    scores = follow_scores(state, know, cards, keep)
    return sorted(cards, key=lambda c: -scores[c][0])


def follow_scores(state: GameState, know: Knowledge, cards: list[int],
                  keep: dict[int, float]) -> dict[int, tuple[float, str]]:
    """The intermediate rules' score (higher = better) and reason code of following the current trick with each of
    `cards` in the stock phase: take what is on the trick and meld next, or throw the card that costs least
    (weighted by ``know.craft``). Shared with the search levels, which read an opponent's follow back to guess its
    hand.

    With partners (or any seat still to play after me) a trick my side wins now is ours only if no opponent still
    to play takes it (``_hold_chance``): on a partner's winning card a worthless card or a brisque keeps the trick
    for the side (its points, and a meld for the partner: ``craft.threat``, the same guess as an opponent's), and
    overtaking the partner is worth only my own meld and the safer card."""
    craft = know.craft
    trump = state.trump
    winning = state.trick[state.best]
    stake = sum(10 for c in state.trick if is_brisque(c))
    stock_left = len(state.stock)
    threat = craft.threat if stock_left > 2 else 0.0  # the opponent's meld if they keep the trick
    rules = state.rules
    later = later_opponents(state, know.me) if rules.players > 2 else []  # two players: nobody after the follower
    partner_winning = rules.partnership and \
        rules.side_of(state.trick_seats[state.best]) == rules.side_of(know.me)
    holds: dict[int, float] = {}  # per winning face, the chance no later opponent takes it
    out: dict[int, tuple[float, str]] = {}
    # The best meld left after playing a card, asked for every card that wins: with all my cards first (a card
    # played takes melds away, never adds one), so that when that is none, or the card belongs to no meld
    # template, the answer is known without asking again.
    in_melds = meld_facts(state.rules, trump).by_face  # per face, the meld templates it belongs to
    with_all: float | None = None
    for c in cards:
        k = keep[c]
        brisque = 10 if is_brisque(c) else 0
        wins = beats(c, winning, trump)
        if wins:
            if not stock_left:
                meld = 0.0
            else:
                if with_all is None:
                    with_all = know.ready_melds()
                meld = know.ready_melds(without=c) if with_all and in_melds[c & 31] else with_all
            score = stake + brisque + craft.win_meld * meld - k + craft.win_bonus
            code = "win_meld" if meld >= 20 else ("win_brisque" if stake else "win_cheap")
            if later:  # kept only if no opponent still to play takes it; else its points are theirs
                hold = _held(holds, state, know, c, later)
                score -= (1.0 - hold) * (2 * (stake + brisque) + craft.win_meld * meld + craft.win_bonus + threat)
        elif partner_winning:
            hold = _held(holds, state, know, winning, later) if later else 1.0
            score = (2.0 * hold - 1.0) * (stake + brisque + threat) - k  # the side's if it holds, else theirs
            code = "partner_brisque" if brisque else "partner_low"
        else:
            score = -stake - brisque - k - threat
            code = "discard"
            if c & 7 == SEVEN and suit_of(c) == trump and c not in state.spent:
                code = "seven"
        out[c] = (score, code)
    return out


def _held(holds: dict[int, float], state: GameState, know: Knowledge, top: int, later: list[int]) -> float:
    """``_hold_chance`` of `top`, asked once per face in a decision (`holds`)."""
    face = top & 31
    hold = holds.get(face)
    if hold is None:
        hold = holds[face] = _hold_chance(state, know, top, later)
    return hold


def _hold_chance(state: GameState, know: Knowledge, top: int, later: list[int]) -> float:
    """In the stock phase (any card may be played), the chance that none of the `later` opponents takes a trick
    `top` is winning: none if one of them shows a card that ``beats`` it on its table; else each of their hidden
    cards is taken to be any of the cards I have not seen (``know.avail``), so the chance that none of them is one
    that beats `top`."""
    trump = state.trump
    for seat in later:
        if any(beats(c, top, trump) for c in state.tables[seat]):
            return 0.0
    beaters = sum(n for face, n in enumerate(know.avail) if n and beats(face, top, trump))
    if not beaters:
        return 1.0
    hidden = sum(len(state.hands[seat]) for seat in later)
    return max(0.0, 1.0 - beaters / know.unseen_total) ** hidden


def lead_costs(state: GameState, know: Knowledge, cards: list[int], keep: dict[int, float],
               every: bool = False) -> dict[int, float]:
    """What leading each of `cards` costs by the rules (``lead_cost``), less, with a meld ready to declare, the
    chance that no opponent takes the lead (``_hold_chance``) x the meld still ready after it x
    ``craft.lead_meld``: a trick won is the only way to declare, and a lead nobody can beat wins it. Unless
    `every` (a ranking of all the cards), only the cards that could become the cheapest lead are lowered."""
    craft = know.craft
    costs = {c: lead_cost(c, keep[c], craft) for c in cards}
    if not craft.lead_meld or len(state.stock) <= 1:
        return costs
    with_all = know.ready_melds()
    if not with_all:
        return costs
    # a card whose cost stays above the cheapest one's even if it surely won the trick and kept the whole meld is
    # never led (the random tie-break is below LEAD_NOISE): its chance is not worked out (rollouts lead often)
    reach = math.inf if every else min(costs.values()) + LEAD_NOISE + craft.lead_meld * with_all
    rules = state.rules
    opponents = [s for s in range(rules.players) if rules.side_of(s) != rules.side_of(know.me)]
    in_melds = meld_facts(rules, state.trump).by_face
    holds: dict[int, float] = {}
    for c in cards:
        if costs[c] >= reach:
            continue
        meld = know.ready_melds(without=c) if in_melds[c & 31] else with_all
        if meld:
            costs[c] -= craft.lead_meld * meld * _held(holds, state, know, c, opponents)
    return costs


def lead_cost(card: int, keep: float, craft: Craft = INTERMEDIATE) -> float:
    """What leading `card` (worth `keep` to its holder) costs by the rules: a ten led is often caught by the ace.
    Shared with the search levels, which read an opponent's lead back to guess its hand."""
    return keep + craft.lead_ten if card & 7 == TEN else keep
