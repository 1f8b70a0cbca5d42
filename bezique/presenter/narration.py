"""The table in words, for players who listen instead of look: each event as the seat at the screen sees it, and
the answers to the reading keys (the hand by suit, the trick, trumps and stock, the melds, the scores, the legal
moves, whose turn).

Everything here reads only the seat's ``ScreenView`` and the events as redacted for it (the same the table draws),
so no line can name a card the seat may not know. No pygame: the window says the lines (``bezique.speech``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from bezique.i18n import t
from bezique.presenter.model import ShownKind
from bezique.presenter.screen_view import ScreenView
from bezique.presenter.words import card_name, meld_label, rank_word, suit_word
from bezique.rules import BRISQUE_RANKS, Action, Bonus, Event, EventKind, Phase, Verb, rank_of, suit_of


class Line(NamedTuple):
    """A line to say; `detail` lines are left out when the player asked for brief speech."""

    text: str
    detail: bool = False


@dataclass(frozen=True, slots=True)
class Listener:
    """Who hears: the seat at the screen, every seat's name, the language."""

    seat: int
    names: Sequence[str]
    lang: str

    def said(self, key: str, seat: int | None, **fmt: object) -> str:
        """``speech.<key>``'s words about `seat`: its ``.you`` form when it is the listener's own seat."""
        if seat == self.seat:
            return t(f"speech.{key}.you", self.lang, **fmt)
        name = self.names[seat] if seat is not None and 0 <= seat < len(self.names) else "?"
        return t(f"speech.{key}", self.lang, name=name, **fmt)

    def card(self, card: int) -> str:
        return card_name(card, self.lang)

    def cards(self, cards: Sequence[int]) -> str:
        return ", ".join(self.card(c) for c in cards)

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else "?"


def event_line(event: Event, who: Listener, trump: int | None,
               previous: ShownKind | None = None) -> Line | None:
    """The line for one event as the listener's table shows it (None: nothing to say). `trump`: the trump suit
    as the table knows it when the event shows; `previous`: the kind of the event shown before it (a seven's
    score after its exchange was said already)."""
    kind, seat, cards, lang = event.kind, event.seat, event.cards, who.lang
    if kind == EventKind.DEAL_STARTED:
        return Line(who.said("deal_started", seat))
    if kind == EventKind.TURN_UP and cards:
        return Line(t("speech.turn_up", lang, card=who.card(cards[0]), suit=suit_word(suit_of(cards[0]), lang)))
    if kind == EventKind.CARD_PLAYED and cards:
        return Line(who.said("played", seat, card=who.card(cards[0])))
    if kind == EventKind.TRICK_WON:
        return Line(who.said("trick_won", seat, cards=who.cards(cards)))
    if kind == EventKind.MELD_DECLARED:
        meld = meld_label(event.label, tuple(cards), trump, lang)
        return Line(who.said("declared", seat, meld=meld, points=event.points, cards=who.cards(cards)))
    if kind == EventKind.SEVEN_EXCHANGED and len(cards) == 2:
        return Line(who.said("exchanged", seat, card=who.card(cards[1]), points=event.points))
    if kind == EventKind.SEVEN_DECLARED:
        return Line(who.said("seven_shown", seat, points=event.points))
    if kind == EventKind.CARD_DRAWN:
        if cards:
            return Line(who.said("drew", seat, card=who.cards(cards)), detail=seat != who.seat)
        return Line(who.said("drew_hidden", seat), detail=True)
    if kind == EventKind.PASSED_TO_PARTNER:
        return Line(who.said("passed", seat))
    if kind == EventKind.FINAL_PHASE:
        return Line(t("speech.final_phase", lang))
    if kind == EventKind.SCORED:
        return _scored_line(event, who, previous)
    if kind == EventKind.DEAL_SETTLED:
        return Line(t("score.settle_drawn", lang) if seat is None else
                    t("score.settle_gain", lang, name=who.name(seat), points=event.points))
    if kind == EventKind.DEAL_SCORED:
        return Line(t("speech.deal_over", lang))
    if kind == EventKind.TIE_BREAK_DEAL:
        return Line(t("speech.tie_break", lang))
    if kind == EventKind.GAME_OVER:
        return Line(t("speech.game_drawn", lang) if seat is None else who.said("game_won", seat))
    return None


def _scored_line(event: Event, who: Listener, previous: ShownKind | None) -> Line | None:
    """A score the other events do not say already: the last trick, the brisques, carte blanche, and the seven of
    trumps played or turned up (its exchange or showing has its own line; a meld's points are in its line)."""
    seat, label = event.seat, event.label
    if label == Bonus.LAST_TRICK:
        return Line(who.said("last_trick", seat, points=event.points))
    if label == Bonus.BRISQUES:
        return Line(who.said("brisques", seat, count=len(event.cards), points=event.points))
    if label == Bonus.CARTE_BLANCHE:
        return Line(who.said("carte_blanche", seat, points=event.points))
    if label == Bonus.SEVEN_OF_TRUMPS and previous not in (EventKind.SEVEN_EXCHANGED, EventKind.SEVEN_DECLARED):
        return Line(who.said("seven_scored", seat, points=event.points))
    return None


# --- the reading keys -----------------------------------------------------------------------------------------
def hand_line(view: ScreenView, who: Listener) -> str:
    """The listener's hand suit by suit (trumps first), then the cards on their table."""
    lang = who.lang
    if not view.hand and not view.tables[view.seat]:
        return t("speech.hand_empty", lang)
    suits = sorted({suit_of(c) for c in view.hand}, key=lambda s: (s != view.trump, s))
    groups = [t("speech.suit_group", lang, suit=suit_word(s, lang),
                ranks=", ".join(rank_word(c, lang) for c in sorted((c for c in view.hand if suit_of(c) == s),
                                                                   key=rank_of)))
              for s in suits]
    text = t("speech.hand", lang, count=len(view.hand), groups="; ".join(groups))
    if view.tables[view.seat]:
        text += " " + t("speech.own_table", lang, cards=who.cards(view.tables[view.seat]))
    return text


def trick_line(view: ScreenView, who: Listener) -> str:
    """The trick on the table: who played what, and who wins it so far."""
    if not view.trick:
        leader = view.to_act if view.to_act is not None else view.trick_winner
        return who.said("trick_empty", leader)
    plays = "; ".join(t("speech.play_item", who.lang, name=_name(who, s), card=who.card(c)) for s, c in view.trick)
    best = view.trick[view.trick_best][0]
    return t("speech.trick", who.lang, plays=plays) + " " + who.said("trick_best", best)


def trumps_line(view: ScreenView, who: Listener) -> str:
    """Trumps, the turn-up and the stock left (or the tricks left once it is empty)."""
    lang = who.lang
    parts = [t("speech.trumps", lang, suit=suit_word(view.trump, lang)) if view.trump is not None
             else t("speech.no_trumps", lang)]
    if view.turn_up is not None:
        parts.append(t("speech.turn_up_card", lang, card=who.card(view.turn_up)))
    if view.final_phase or (view.stock_count == 0 and view.phase != Phase.AWAIT_DEAL):
        left = -(-(sum(view.hand_counts) + sum(len(x) for x in view.tables) + len(view.trick)) // view.rules.players)
        parts.append(t("speech.stock_empty", lang, left=left))
    else:
        parts.append(t("speech.stock", lang, count=view.stock_count))
    return " ".join(parts)


def melds_line(view: ScreenView, who: Listener) -> str:
    """Every seat's cards on the table and what they declared this deal."""
    lang = who.lang
    parts = []
    for seat in range(view.rules.players):
        declared = [t("speech.meld_item", lang, meld=meld_label(r.kind, r.cards, view.trump, lang), points=r.value)
                    for r in view.records if r.seat == seat]
        if view.tables[seat] or declared:
            parts.append(who.said("melds_seat", seat, cards=who.cards(view.tables[seat]) or "-",
                                  declared=", ".join(declared) or "-"))
    return " ".join(parts) if parts else t("speech.melds_none", lang)


def scores_line(view: ScreenView, who: Listener) -> str:
    """This deal's points, the game's scores and the target, and the brisques each side has won."""
    lang, rules = who.lang, view.rules
    sides = [" & ".join(_name(who, s) for s in range(rules.players) if rules.side_of(s) == side)
             for side in range(rules.sides)]
    brisques = [0] * rules.sides
    for winner, trick in view.tricks_log:
        brisques[rules.side_of(winner)] += sum(1 for _, c in trick if rank_of(c) in BRISQUE_RANKS)
    def each(values: Sequence[int]) -> str:
        return "; ".join(t("speech.score_item", lang, name=n, points=v) for n, v in zip(sides, values, strict=True))
    return " ".join([t("speech.deal_points", lang, scores=each(view.deal_points)),
                     t("speech.game_points", lang, scores=each(view.scores)) + (
                         f" {t('speech.target', lang, target=rules.game_target)}" if rules.game_target else ""),
                     t("speech.brisques_won", lang, scores=each(brisques))])


def legal_line(view: ScreenView, who: Listener) -> str:
    """What the listener may do now, or whose turn it is."""
    lang = who.lang
    if view.to_act != view.seat or not view.legal:
        return turn_line(view, who)
    if view.phase == Phase.PLAY:
        cards = sorted({a.cards[0] for a in view.legal if a.verb == Verb.PLAY}, key=lambda c: (suit_of(c), rank_of(c)))
        return t("speech.may_play", lang, cards=who.cards(cards))
    return t("speech.may_declare", lang, choices=", ".join(dict.fromkeys(choice_name(a, view, who)
                                                                          for a in view.legal)))


def choice_name(action: Action, view: ScreenView, who: Listener) -> str:
    """A declaration choice in words: a meld, the seven, passing to a partner, or drawing."""
    lang = who.lang
    if action.verb == Verb.MELD and action.kind is not None:
        return meld_label(action.kind, action.cards, view.trump, lang)
    if action.verb == Verb.EXCHANGE_SEVEN:
        return t("speech.choice_exchange", lang)
    if action.verb == Verb.DECLARE_SEVEN:
        return t("speech.choice_show_seven", lang)
    if action.verb == Verb.PASS_TO_PARTNER and action.seat is not None:
        return t("speech.choice_pass", lang, name=_name(who, action.seat))
    return t("speech.choice_draw", lang)


def turn_line(view: ScreenView, who: Listener) -> str:
    """Whose turn, and to do what."""
    lang = who.lang
    if view.phase == Phase.OVER:
        return t("speech.game_drawn", lang) if view.winner is None else t("speech.game_over", lang)
    if view.to_act is None:
        return t("speech.between_deals", lang)
    key = "turn_declare" if view.phase == Phase.DECLARE else "turn_play"
    return who.said(key, view.to_act)


def _name(who: Listener, seat: int) -> str:
    return t("speech.you", who.lang) if seat == who.seat else who.name(seat)


__all__ = ["Line", "Listener", "choice_name", "event_line", "hand_line", "legal_line", "melds_line", "scores_line",
           "trick_line", "trumps_line", "turn_line"]
