"""The guided first deal (issue 18): the prepared deck, its session, and which coach's line applies now.

A newcomer plays one two-handed deal against the beginner, and the table teaches as it goes: the card to lead,
the trick just won, the meld now possible and its points, the seven of trumps, the last stock trick, the
obligations of the final tricks and the brisques counted at the end. The deck is stacked (``lesson_deck``), so
the first hands always hold what the lesson shows (a bezique, a marriage, the seven of trumps), but the player may
play any legal card: the coach never decides a rule, it reads the moment (``Moment``: the player's view with its
legal actions, the melds the rules find in their cards, the trick on show, the computer's advice) and says what
applies (``Coach.tip``). The window words the tip (its ``key`` is an i18n ``guide.*`` key) and points at its
``target``. No pygame here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from bezique.game_mode import GameMode
from bezique.geometry import Box
from bezique.presenter.layout import Layout
from bezique.presenter.session import GameSession, new_seats
from bezique.presenter.table_session import Seat
from bezique.rules import (
    SEVEN,
    Action,
    Event,
    Phase,
    PlayerView,
    Ruleset,
    SevenScoring,
    Verb,
    beats,
    classify,
    legal_melds,
    make_ruleset,
    parse_code,
    rank_of,
    suit_of,
)

LESSON_SEED = 5  # the computer deals (the player leads the first trick) and is named by it
LESSON_LEVEL = "beginner"
PLAYER, COMPUTER = 0, 1

# The prepared deal (RULES.md §1.3; trumps are hearts): the player holds a bezique (Q♠ J♦), the spade marriage
# (K♠ Q♠), the seven of trumps to exchange for the turn-up ace, and the club brisques; the computer a diamond
# marriage. The stock's first cards bring both hearts' kings and queens (a royal marriage for whoever draws them).
PLAYER_HAND = "7H QS JD KS AC TC 8D 9C"
COMPUTER_HAND = "KD QD 9S 8C 7S JC 9H 7D"
TURN_UP = "AH"
STOCK = ("KH 8S QH QH 7C KH TD JH JS JS 8C AS TS JC TD QD JD 9C AC TH TS KS 7H KC "
         "8D 8S 9S 8H 7C KC AS QC AH 9H 8H KD TH 9D QS 9D 7S AD QC 7D TC JH AD")  # the first card drawn first


def _codes(text: str) -> list[str]:
    return text.split()


def lesson_rules() -> Ruleset:
    """The standard two-handed game, whatever config.yaml and the house rules say: the lesson is the same for all."""
    return make_ruleset("two_handed", {})


def lesson_deck(rules: Ruleset) -> list[int]:
    """The prepared deck, top first, as ``start_deal`` takes it: packets of ``deal_pattern`` to the player (the
    non-dealer) then the computer, the turn-up, then the stock in the order it is drawn."""
    hands = {PLAYER: _codes(PLAYER_HAND), COMPUTER: _codes(COMPUTER_HAND)}
    codes: list[str] = []
    taken = 0
    for packet in rules.deal_pattern:
        for seat in (PLAYER, COMPUTER):
            codes += hands[seat][taken:taken + packet]
        taken += packet
    codes += [TURN_UP, *_codes(STOCK)]
    return [parse_code(code)[0] for code in codes]


class LessonSession(GameSession):
    """The lesson's game: the player against the beginner, the prepared deck, no cut shown, no undo.

    Its one deal is the lesson; nobody saves it or counts it (the table that plays it is given no autosave)."""

    lesson = True

    def __init__(self, seats: list[Seat]) -> None:
        super().__init__(lesson_rules(), seats, seed=LESSON_SEED, allow_undo=False)
        self.cut = []  # the seed's cut made the computer the dealer; it is not shown

    def start_deal(self) -> list[Event]:
        """Deal the prepared deck (``GameSession.start_deal`` shuffles; the lesson's cards are always the same)."""
        events: list[Event] = []
        self.game.start_deal(lesson_deck(self.rules), events)
        self._close_undo("nothing")
        self._changed()
        return events


def moment_of(session: GameSession, seat: int, reading: tuple[int, int] | None = None,
              advice: Action | None = None) -> Moment:
    """The moment as `seat` sees it: their view, the melds the rules find in their cards (none in the final
    tricks, where nobody melds), the trick on show and the adviser's move."""
    view = session.view(seat)
    melds = [] if view.final_phase else [(shape.kind, shape.value, cards)
                                         for shape, cards in legal_melds(session.state, seat)]
    return Moment(view, reading, advice, melds, over=session.awaiting_deal or session.over)


def lesson_session(lang: str) -> LessonSession:
    """The lesson's session, its seats named in `lang` (the player "You", the computer at the beginner level)."""
    return LessonSession(new_seats(2, GameMode.COMPUTER, lang, LESSON_SEED, LESSON_LEVEL))


# --- the coach ----------------------------------------------------------------------------------------------
class WordKind(StrEnum):
    """What a tip's argument names, for the window to word it."""

    CARD = "card"  # a card, by id
    SUIT = "suit"
    MELD = "meld"  # (meld id, cards)
    SEAT = "seat"  # the seat's player, by name


Word = int | str | tuple[WordKind, object]
"""A tip's argument, worded by the window: a number or text as it is, else ``(WordKind, what it names)``."""


class Aim(StrEnum):
    """What kind of thing the table points at."""

    CARD = "card"  # a card of the player's, by id
    ACTION = "action"  # the declaration panel's row for an action
    ZONE = "zone"  # a zone of the table


class Zone(StrEnum):
    """A zone of the table the coach points at."""

    STOCK = "stock"
    TRICK = "trick"
    WON = "won"  # the tricks won


@dataclass(frozen=True)
class Target:
    """What the table points at: a card, an action's row or a zone, as `kind` says (and the field it names)."""

    kind: Aim
    card: int = -1
    action: Action | None = None
    zone: Zone | None = None


@dataclass(frozen=True)
class Tip:
    """One coach's line: its i18n key (``guide.<key>``), its arguments and what it points at; `extra`, a second
    sentence's key (with the same arguments) that adds what this moment has on top (the seven, a meld kept);
    `also`, a zone the line speaks of that glows too (the stock of the last stock trick)."""

    key: str
    args: Mapping[str, Word] = field(default_factory=dict)
    target: Target | None = None
    extra: str | None = None
    also: Zone | None = None


@dataclass(frozen=True)
class Moment:
    """What the coach reads, all of it what the player may know.

    Args:
        view: the player's view (its ``legal`` is empty unless they are to act).
        reading: the trick on show before it is gathered, as (winner seat, winning card), or None.
        advice: the move the computer's adviser recommends (None when the player is not to act).
        melds: the melds the rules find in the player's cards now, as (kind, points, cards).
        over: the deal has been scored.
    """

    view: PlayerView
    reading: tuple[int, int] | None = None
    advice: Action | None = None
    melds: Sequence[tuple[str, int, tuple[int, ...]]] = ()
    over: bool = False


class Coach:
    """Which tip applies now. It remembers only which topics it has explained once, so the second time a moment
    comes (another lead, another trick won) its line is the short one."""

    def __init__(self) -> None:
        self._shown: dict[str, int] = {}  # topic -> the trick at which it was first shown

    def first(self, topic: str, trick: int) -> bool:
        """True while `topic` is met for the first time (the whole trick it first came up in)."""
        return self._shown.setdefault(topic, trick) == trick

    def tip(self, m: Moment) -> Tip | None:
        """The line for the moment `m`, or None when there is nothing to say."""
        v = m.view
        if m.over:
            return None
        if m.reading is not None:
            return self._trick_on_show(m)
        if v.to_act != v.seat or not v.legal:
            return self._waiting(m)
        if v.phase == Phase.DECLARE:
            return self._declare(m)
        if v.final_phase:
            return self._final(m)
        return self._stock_play(m)

    # --- the moments ----------------------------------------------------------------------------------------
    def _trick_on_show(self, m: Moment) -> Tip:
        winner, card = m.reading or (0, 0)
        v = m.view
        trick = v.tricks_done
        if winner == v.seat:
            key = "guide.won_first" if self.first("won", trick) and not v.final_phase else "guide.won"
            return Tip(key, {"card": (WordKind.CARD, card)}, Target(Aim.ZONE, zone=Zone.TRICK))
        return Tip("guide.lost", {"name": (WordKind.SEAT, winner), "card": (WordKind.CARD, card)},
                   Target(Aim.ZONE, zone=Zone.TRICK))

    def _waiting(self, m: Moment) -> Tip | None:
        """The computer's turn: its declaration is worth a line; its cards speak for themselves."""
        v = m.view
        if v.phase == Phase.DECLARE and v.to_act is not None:
            return Tip("guide.their_declaration", {"name": (WordKind.SEAT, v.to_act)})
        return None

    def _declare(self, m: Moment) -> Tip:
        v = m.view
        legal = v.legal
        seven = next((a for a in legal if a.verb == Verb.EXCHANGE_SEVEN), None)
        if seven is not None and v.turn_up is not None:
            return Tip("guide.seven",
                       {"card": (WordKind.CARD, v.turn_up), "points": v.rules.seven_of_trumps_value},
                       Target(Aim.ACTION, action=seven))
        melds = [a for a in legal if a.verb == Verb.MELD]
        if melds:
            chosen = m.advice if m.advice in melds else max(melds, key=lambda a: _points(m, a))
            assert chosen is not None
            key = "guide.meld_first" if self.first("meld", v.tricks_done) else "guide.meld"
            if v.stock_count <= len(v.hand_counts):
                key = "guide.meld_last"
            kept = m.advice is not None and m.advice.verb == Verb.DONE
            meld = (WordKind.MELD, (chosen.kind or "", chosen.cards))
            return Tip(key, {"meld": meld, "points": _points(m, chosen)},
                       Target(Aim.ACTION, action=chosen), "guide.meld_keep" if kept else None)
        done = Action(Verb.DONE)
        if v.stock_count <= len(v.hand_counts):
            return Tip("guide.draw_last", {}, Target(Aim.ACTION, action=done))
        if v.step_acted:
            return Tip("guide.draw_after", {}, Target(Aim.ACTION, action=done))
        key = "guide.draw_first" if self.first("draw", v.tricks_done) else "guide.draw"
        return Tip(key, {}, Target(Aim.ACTION, action=done))

    def _stock_play(self, m: Moment) -> Tip:
        v = m.view
        card = _advised_card(m)
        args: dict[str, Word] = {"card": (WordKind.CARD, card)}
        target = Target(Aim.CARD, card=card)
        if v.stock_count <= len(v.hand_counts):  # the last trick before the stock runs out
            turn_up = v.turn_up if v.turn_up is not None else card
            return Tip("guide.last_stock", {**args, "turn_up": (WordKind.CARD, turn_up)}, target, also=Zone.STOCK)
        seven = _scoring_seven(v, card)
        if not v.trick:
            held = _best_held(m)
            if held is not None:
                args.update(meld=(WordKind.MELD, (held[0], held[2])), points=held[1])
            extra = "guide.why_seven" if seven else "guide.why_meld" if held is not None else None
            if v.tricks_done == 0:
                return Tip("guide.welcome", {**args, "suit": (WordKind.SUIT, v.trump or 0)}, target,
                           extra or "guide.why_card")
            if seven or (held is not None and self.first("held", v.tricks_done)):
                return Tip("guide.lead", args, target, extra)
            return Tip("guide.lead_first" if self.first("lead", v.tricks_done) else "guide.lead", args, target)
        led = v.trick[v.trick_best][1]
        args["led"] = (WordKind.CARD, v.trick[0][1])
        first = self.first("follow", v.tricks_done)
        if beats(card, led, v.trump):
            key = "guide.follow_win_first" if first else "guide.follow_win"
        else:
            key = "guide.follow_low_first" if first else "guide.follow_low"
        return Tip(key, args, target, "guide.seven_scores" if seven else None)

    def _final(self, m: Moment) -> Tip:
        v = m.view
        card = _advised_card(m)
        args: dict[str, Word] = {"card": (WordKind.CARD, card)}
        target = Target(Aim.CARD, card=card)
        if len(v.hand) == 1:
            return Tip("guide.final_last", {**args, "points": v.rules.last_trick_bonus}, target)
        if not v.trick:
            key = "guide.final_start" if self.first("final", v.tricks_done) else "guide.final_lead"
            return Tip(key, args, target)
        led = v.trick[0][1]
        args["suit"] = (WordKind.SUIT, suit_of(led))
        return Tip(_obligation(v, led), args, target)


def _points(m: Moment, action: Action) -> int:
    """What a legal meld scores, as the rules value its cards under the trump."""
    shape = classify(m.view.rules, m.view.trump, action.cards)
    return shape.value if shape is not None else 0


def _advised_card(m: Moment) -> int:
    """The card the adviser recommends, or the first legal one (the coach always points at a card it may play)."""
    if m.advice is not None and m.advice.verb == Verb.PLAY:
        return m.advice.cards[0]
    return next(a.cards[0] for a in m.view.legal if a.verb == Verb.PLAY)


def _scoring_seven(v: PlayerView, card: int) -> bool:
    """Whether playing `card` now scores the seven of trumps (RULES.md §1.6 S3): an unspent seven of trumps played
    while the stock lasts, under the rule that a played seven scores."""
    return (v.rules.seven_of_trumps_scoring == SevenScoring.EXCHANGE_OR_PLAY and not v.final_phase
            and v.trump is not None and suit_of(card) == v.trump and rank_of(card) == SEVEN and card not in v.spent)


def _best_held(m: Moment) -> tuple[str, int, tuple[int, ...]] | None:
    """The biggest meld in the player's cards (to be declared after winning a trick), or None."""
    return max(m.melds, key=lambda meld: meld[1], default=None)


def _obligation(v: PlayerView, led: int) -> str:
    """The final tricks' rule as the legal plays show it (the rules decide; this only names what they decided):
    follow suit and beat the card, follow suit, trump, or play anything."""
    plays = [a.cards[0] for a in v.legal if a.verb == Verb.PLAY]
    suit = suit_of(led)
    same = [c for c in v.hand if suit_of(c) == suit]
    if plays and all(suit_of(c) == suit for c in plays):
        return "guide.must_beat" if len({c & 31 for c in plays}) < len({c & 31 for c in same}) else "guide.must_follow"
    if plays and v.trump is not None and all(suit_of(c) == v.trump for c in plays):
        return "guide.must_trump"
    return "guide.free_play"


def coach_box(layout: Layout) -> Box:
    """Where the coach's box goes: on the felt between the won tricks and the buttons, as wide as that felt is from
    the right of the player's hand and melds to the window's edge column; it covers no card, badge or button."""
    s = layout.s
    top = layout.won.bottom + 8 * s
    left = max(layout.hand.right, layout.my_melds.right) + 10 * s
    right = layout.won.right
    bottom = min(b.y for b in layout.buttons) - 8 * s
    return Box(left, top, right - left, bottom - top)

