"""The final tricks by rule (RULES.md §1.9): what the Intermediate plays once the stock is gone, and how every
rollout of the search plays its last tricks out. Cash sure winners, take the trick cheaply, give it up low; with
three to six players, by partners and the opponents still to play.
"""

from __future__ import annotations

from bezique.ai.base import Decision
from bezique.ai.knowledge import is_brisque
from bezique.rules import PLAY_ACTIONS, GameState, beats, follow_options


def final_phase_decision(state: GameState, me: int, cards: list[int]) -> Decision:
    """The final tricks by rule: cash sure winners, take brisques cheaply, follow low otherwise; with three or
    more players, ``_final_among_many`` (partners, and opponents still to play after me).

    Every rollout of the search plays its final tricks by this rule, so it reads cards by their bits (``c & 7`` the
    rank index, 0 for the ace; ``(c & 31) >> 3`` the suit; a lower rank index is a stronger card) and finds the
    sure winners from each suit's best card in the other hands instead of comparing every pair of cards."""
    if state.rules.players > 2:
        return _final_among_many(state, me, cards)
    trump = state.trump
    if not state.trick:
        top = [8, 8, 8, 8]  # per suit, the best rank index in the other hands (8: they hold none of it)
        for seat, hand in enumerate(state.hands):
            if seat != me:
                for o in hand:
                    if o & 7 < top[(o & 31) >> 3]:
                        top[(o & 31) >> 3] = o & 7
        no_trumps = trump is None or top[trump] == 8

        def sure(c: int) -> bool:
            """Nothing the others hold takes `c` led: no higher card of its suit, and no trump if they are void."""
            best = top[(c & 31) >> 3]
            if best < 8:
                return c & 7 <= best
            return (c & 31) >> 3 == trump or no_trumps
        winners = [c for c in cards if sure(c)]
        if winners:
            return _cash(winners, trump)
        return _lead_low(cards, trump)
    winning = state.trick[state.best]
    winners = [c for c in cards if beats(c, winning, trump)]
    if winners:
        return _cheapest_win(winners, trump)
    return _follow_low(cards)


def _final_among_many(state: GameState, me: int, cards: list[int]) -> Decision:
    """The final tricks with three to six players, by the rules' own facts (``follow_options``: what each seat may
    play; ``beats``; ``side_of``): a lead is sure when no opponent may take it (a partner's higher card keeps the
    trick for the side); a follower's trick is safe when no opponent still to play may take it. On a partner's
    safe trick I throw points (a ten, then a plain ace) rather than overtake; on a partner's trick in danger I
    overtake only with a safe card; against an opponent I take with the cheapest safe card, or a cheap card that
    makes the later opponents spend theirs, never with a brisque they may take."""
    rules = state.rules
    trump = state.trump
    must_win = rules.endgame_must_win_trick
    hands = state.hands
    side = rules.side_of(me)
    if not state.trick:
        opponents = [s for s in range(rules.players) if rules.side_of(s) != side]
        winners = [c for c in cards if not any(beats(x, c, trump) for s in opponents
                                               for x in follow_options(hands[s], c, c, trump, must_win))]
        return _cash(winners, trump) if winners else _lead_low(cards, trump)
    led = state.trick[0]
    winning = state.trick[state.best]
    later = later_opponents(state, me)

    def safe(top: int) -> bool:
        """No opponent still to play may take a trick `top` is winning."""
        return not any(beats(x, top, trump) for s in later for x in follow_options(hands[s], led, top, trump,
                                                                                     must_win))
    winners = [c for c in cards if beats(c, winning, trump)]
    safe_winners = [c for c in winners if safe(c)]
    if rules.side_of(state.trick_seats[state.best]) == side:  # a partner is winning
        if safe(winning):
            card = min(cards, key=lambda c: _feed_key(c, trump))
            if is_brisque(card):
                return Decision(PLAY_ACTIONS[card], "partner_brisque", {"card": card})
            return Decision(PLAY_ACTIONS[card], "partner_low", {"card": card})
        if safe_winners:
            return _cheapest_win(safe_winners, trump)
        return _follow_low(cards)
    if safe_winners:
        return _cheapest_win(safe_winners, trump)
    cheap = [c for c in winners if not is_brisque(c)]
    if cheap:
        return _cheapest_win(cheap, trump)
    return _follow_low(cards)


def _feed_key(card: int, trump: int | None) -> tuple[int, bool, int]:
    """The order in which a card is thrown on a partner's safe trick (smallest first): tens (10 points for the side,
    and the card an ace would catch), then plain aces (10 points; trumps may take them later), then the weakest low
    card, and the ace of trumps last (it wins a trick of its own)."""
    rank = card & 7
    trumps = (card & 31) >> 3 == trump
    order = 0 if rank == 1 else (1 if not trumps else 3) if rank == 0 else 2
    return order, trumps, -rank


def _cash(winners: list[int], trump: int | None) -> Decision:
    """Lead the best sure winner: brisques first, plain suits before trumps."""
    card = max(winners, key=lambda c: (c & 7 <= 1, (c & 31) >> 3 != trump, -(c & 7)))
    return Decision(PLAY_ACTIONS[card], "final_lead", {"card": card})


def _lead_low(cards: list[int], trump: int | None) -> Decision:
    """Lead the cheapest card: no brisque, no trump, the weakest."""
    card = min(cards, key=lambda c: (c & 7 <= 1, (c & 31) >> 3 == trump, -(c & 7)))
    return Decision(PLAY_ACTIONS[card], "final_low", {"card": card})


def _cheapest_win(winners: list[int], trump: int | None) -> Decision:
    """Take the trick with the cheapest winner: a plain card before a trump, the weakest."""
    card = min(winners, key=lambda c: ((c & 31) >> 3 == trump, -(c & 7)))
    return Decision(PLAY_ACTIONS[card], "final_win", {"card": card})


def _follow_low(cards: list[int]) -> Decision:
    """Give the trick up with the cheapest card: no brisque, the weakest."""
    card = min(cards, key=lambda c: (c & 7 <= 1, -(c & 7)))
    return Decision(PLAY_ACTIONS[card], "final_low", {"card": card})


def later_opponents(state: GameState, me: int) -> list[int]:
    """The seats of the other sides still to play to the current trick after `me` (none in a two-player deal)."""
    rules = state.rules
    players = rules.players
    side = rules.side_of(me)
    return [s for s in ((me + i) % players for i in range(1, players - len(state.trick)))
            if rules.side_of(s) != side]
