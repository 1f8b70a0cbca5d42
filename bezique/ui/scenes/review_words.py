"""What the Review screen says of a deal, in the player's language: the step's title, the line about the deal, what
happened in a trick (a line each, with the cards to show beside it) and a decision in words. It reads the deal as
``bezique.presenter.review`` lays it out and never draws; the player who played against the computer is spoken to
("You lead"), everyone else named.
"""

from __future__ import annotations

from bezique.presenter.review import DealReview, Step
from bezique.presenter.words import card_name, meld_label, suit_word
from bezique.rules import Action, Bonus, Verb
from bezique.ui.scene import Window

YOU_KEYS = {"review.deals": "review.deals_you", "review.led": "review.led_you", "review.won": "review.won_you",
            "review.exchanged": "review.exchanged_you", "review.scored": "review.scored_you",
            "review.drew": "review.drew_you"}
OTHER_ACTIONS = {Verb.DONE: "review.act_done", Verb.EXCHANGE_SEVEN: "review.act_exchange",
                 Verb.DECLARE_SEVEN: "review.act_declare_seven", Verb.PASS_TO_PARTNER: "review.act_pass"}


class ReviewWords:
    """The Review screen's words for `viewer` (the player's seat), in the window's language at the time asked."""

    def __init__(self, app: Window, viewer: int) -> None:
        self.app = app
        self.viewer = viewer

    def said(self, deal: DealReview, key: str, seat: int, **fields: object) -> str:
        """`key` said of `seat`: in the second person (the ``_you`` key) to the one person who played against the
        computer, else with the seat's name."""
        humans = deal.humans
        if seat == self.viewer and humans[seat] and humans.count(True) == 1:
            return self.app.t(YOU_KEYS[key], **fields)
        return self.app.t(key, name=deal.names[seat], **fields)

    def step_title(self, deal: DealReview, step: int) -> str:
        """The title of `step`: "The deal" for step 0, else "Trick 5 of 32"."""
        if step == 0:
            return self.app.t("review.dealt")
        return self.app.t("review.trick", number=step, count=deal.tricks)

    def info_line(self, deal: DealReview, step: Step) -> str:
        """Who dealt, trumps, the stock, and whether these are the last tricks."""
        T, lang = self.app.t, self.app.lang
        parts = [self.said(deal, "review.deals", deal.dealer)]
        if step.trump is not None:
            parts.append(T("table.trump_suit", suit=suit_word(step.trump, lang)))
        else:
            parts.append(T("review.no_trumps"))
        parts.append(T("review.final") if step.final else T("table.stock_short", count=step.stock))
        return "  ·  ".join(parts)

    def action_text(self, action: Action, trump: int | None) -> str:
        """A decision in a few words: the card played, the meld declared, or what else was done."""
        lang = self.app.lang
        if action.verb == Verb.PLAY:
            return card_name(action.cards[0], lang)
        if action.verb == Verb.MELD and action.kind:
            return meld_label(action.kind, action.cards, trump, lang)
        return self.app.t(OTHER_ACTIONS.get(action.verb, "review.act_done"))

    def happenings(self, deal: DealReview, step: Step) -> list[tuple[str, tuple[int, ...]]]:
        """What happened in `step`, a line each, with the cards to draw beside it."""
        T, lang = self.app.t, self.app.lang
        names = deal.names
        lines: list[tuple[str, tuple[int, ...]]] = []
        if step.number == 0 and step.turn_up is not None:
            lines.append((T("review.turn_up"), (step.turn_up,)))
        if step.plays:
            lines.append((self.said(deal, "review.led", step.plays[0][0]), ()))
        if step.winner is not None:
            lines.append((self.said(deal, "review.won", step.winner), ()))
        for seat, seven, taken in step.exchanged:
            lines.append((self.said(deal, "review.exchanged", seat, card=card_name(taken, lang)), (seven, taken)))
        for item in step.scored:
            if item.label == Bonus.BRISQUES:
                what = T("score.brisques")
            elif item.label == Bonus.LAST_TRICK:
                what = T("score.last_trick")
            else:
                what = meld_label(item.label, item.cards, step.trump, lang)
            shown = () if item.label == Bonus.BRISQUES else item.cards
            lines.append((self.said(deal, "review.scored", item.seat, what=what, points=item.points), shown))
        if step.settled is not None:
            winner, points = step.settled
            lines.append((T("score.settle_drawn") if winner is None else
                          T("score.settle_gain", name=names[winner], points=points), ()))
        if step.drawn:
            for seat in dict.fromkeys(seat for seat, _ in step.drawn):
                cards = tuple(card for who, card in step.drawn if who == seat)
                lines.append((self.said(deal, "review.drew", seat), cards))
        if not lines:
            lines.append((T("review.nothing"), ()))
        return lines
