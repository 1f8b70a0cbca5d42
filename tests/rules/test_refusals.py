"""Every refusal code of ``why_illegal``, each from a stacked position where the rules give exactly that reason.

The window words its refusals by code (``presenter.words.illegal_text``), so each code must come out of the position
it names, and ``apply_checked`` must carry the same refusal in its ``IllegalActionError``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from stacking import (
    TWO,
    deal,
    done,
    exchange,
    final_tricks,
    find,
    meld,
    meld_action,
    rig_hand,
    to_last_stock_trick,
    win,
)

from bezique.rules import (
    DECLARE_SEVEN_ACTION,
    DONE_ACTION,
    EXCHANGE_ACTION,
    Action,
    GameState,
    IllegalActionError,
    RefusalCode,
    Verb,
    apply_checked,
    legal_actions,
    make_ruleset,
    new_game,
    play_game,
    why_illegal,
)

P, O = 0, 1  # noqa: E741
Position = tuple[GameState, Action, int | None]  # the state, the action tried, and who tries it (None: the actor)


def _random_game_over() -> Position:
    rng = random.Random(3)
    state = play_game(new_game(TWO, 0), [lambda s, _seat: rng.choice(legal_actions(s))] * 2, rng)
    return state, DONE_ACTION, None


def _declaring(hand: str = "", **overrides) -> GameState:
    """Seat 0 in the declaration step of the first trick, holding `hand` (kept out of the trick)."""
    state = deal([hand], turn_up="9S", rules=make_ruleset("two_handed", overrides))
    win(state, P, keep=hand)
    return state


def _second_card_of_final_trick(turn_up: str, o_hand: str, **overrides) -> GameState:
    """The final tricks: P leads the queen of hearts, O (holding `o_hand`) must answer."""
    state = final_tricks(turn_up, make_ruleset("two_handed", overrides))
    rig_hand(state, P, "QH 8S 8S 9S 9S 8C 8C JS")
    rig_hand(state, O, o_hand)
    apply_checked(state, Action(Verb.PLAY, (find(state, P, "QH"),)))
    return state


def _must_follow() -> Position:
    state = _second_card_of_final_trick("9D", "9H AH 7D KC KS JC TS TC")
    return state, Action(Verb.PLAY, (find(state, O, "7D"),)), None


def _must_follow_and_win() -> Position:
    state = _second_card_of_final_trick("9D", "9H AH 7D KC KS JC TS TC", endgame_must_win_trick=True)
    return state, Action(Verb.PLAY, (find(state, O, "9H"),)), None


def _must_trump() -> Position:
    state = _second_card_of_final_trick("9D", "8D KC KS JC TS TC AC AS")
    return state, Action(Verb.PLAY, (find(state, O, "KC"),)), None


def _in_play() -> GameState:
    return deal(["AH 9H", "8C"])


def _second_meld() -> Position:
    state = _declaring("AS TS KS QS JS")
    meld(state, "KS QS", "royal_marriage", points=40)
    return state, meld_action(state, "AS TS KS QS JS"), None


def _meld_after_exchange() -> Position:
    state = _declaring("7S KH QH", seven_exchange_counts_as_meld=True)
    exchange(state)
    return state, meld_action(state, "KH QH"), None


def _same_marriage_again() -> Position:
    state = _declaring("KS QS")
    meld(state, "KS QS", "royal_marriage", points=40)
    done(state)
    win(state, P, keep="KS QS")
    return state, meld_action(state, "KS QS", "royal_marriage"), None


def _exchange_at_last_stock_trick() -> Position:
    state = deal(["7S"], turn_up="KS", rules=make_ruleset(
        "two_handed", {"seven_exchange_allowed_after_last_stock_trick": False}))
    to_last_stock_trick(state, P, keep="7S")
    win(state, P, keep="7S")
    return state, EXCHANGE_ACTION, None


def _exchange_after_meld() -> Position:
    state = _declaring("7S KH QH", seven_exchange_counts_as_meld=True)
    meld(state, "KH QH", "common_marriage", points=20)
    return state, EXCHANGE_ACTION, None


def _turn_up_is_seven() -> Position:
    state = deal(["7H KC QC", "8C"], turn_up="7H")
    win(state, P, keep="7H")
    return state, EXCHANGE_ACTION, None


def _pass_after_meld() -> Position:
    state = deal(["KS QS", "", "", ""], rules=make_ruleset("four_handed"))
    win(state, 0, keep="KS QS")
    meld(state, "KS QS", "royal_marriage", points=40)
    return state, Action(Verb.PASS_TO_PARTNER, seat=2), None


def _play_in(state: GameState, cards: int = 1) -> Action:
    return Action(Verb.PLAY, tuple(state.hands[state.to_act][:cards]))


SCENARIOS: dict[RefusalCode, Callable[[], Position]] = {
    RefusalCode.GAME_OVER: _random_game_over,
    RefusalCode.NO_DEAL: lambda: (new_game(TWO, 0), DONE_ACTION, None),
    RefusalCode.NOT_YOUR_TURN: lambda: ((s := _in_play()), Action(Verb.PLAY, (s.hands[O][0],)), O),
    RefusalCode.UNKNOWN_VERB: lambda: (_in_play(), Action("shuffle"), None),
    RefusalCode.NOT_DECLARATION_STEP: lambda: (_in_play(), DONE_ACTION, None),
    RefusalCode.STEP_NOT_DONE: lambda: ((s := _declaring()), _play_in(s), None),
    RefusalCode.ONE_CARD: lambda: ((s := _in_play()), _play_in(s, 2), None),
    RefusalCode.NOT_IN_HAND: lambda: ((s := _in_play()), Action(Verb.PLAY, (s.hands[O][0],)), None),
    RefusalCode.MUST_FOLLOW_SUIT: _must_follow,
    RefusalCode.MUST_FOLLOW_AND_WIN: _must_follow_and_win,
    RefusalCode.MUST_TRUMP: _must_trump,
    RefusalCode.ONE_MELD_PER_TRICK: _second_meld,
    RefusalCode.EXCHANGE_WAS_MELD: _meld_after_exchange,
    RefusalCode.NOT_A_MELD: lambda: ((s := _declaring("9H 8C")), meld_action(s, "9H 8C"), None),
    RefusalCode.WRONG_MELD_KIND: lambda: ((s := _declaring("KS QS")), meld_action(s, "KS QS", "common_marriage"),
                                          None),
    RefusalCode.MELD_NOT_ALLOWED: _same_marriage_again,
    RefusalCode.SEVEN_HAS_NO_VALUE: lambda: (
        _declaring("7S", seven_of_trumps_scoring="none", seven_turnup_dealer_bonus=0), EXCHANGE_ACTION, None),
    RefusalCode.TURN_UP_IS_SEVEN: _turn_up_is_seven,
    RefusalCode.EXCHANGE_TOO_LATE: _exchange_at_last_stock_trick,
    RefusalCode.EXCHANGE_AFTER_MELD: _exchange_after_meld,
    RefusalCode.NO_UNSPENT_SEVEN: lambda: (_declaring(), EXCHANGE_ACTION, None),
    RefusalCode.SEVEN_NOT_DECLARED: lambda: (_declaring("7S"), DECLARE_SEVEN_ACTION, None),
    RefusalCode.NO_PARTNER: lambda: (_declaring(), Action(Verb.PASS_TO_PARTNER, seat=O), None),
    RefusalCode.PASS_NOT_ALLOWED: _pass_after_meld,
}


@pytest.mark.parametrize("code", list(RefusalCode))
def test_each_refusal_code_has_its_position(code: RefusalCode) -> None:
    state, action, seat = SCENARIOS[code]()
    refusal = why_illegal(state, action, seat)
    assert refusal is not None and refusal.code is code, refusal
    assert refusal.text and str(refusal) == refusal.text
    assert action not in legal_actions(state) or seat not in (None, state.to_act)
    with pytest.raises(IllegalActionError) as raised:
        apply_checked(state, action, seat=seat)
    assert raised.value.refusal == refusal and str(raised.value) == refusal.text


def test_declaring_a_seven_without_one() -> None:
    state = _declaring(seven_of_trumps_scoring="exchange_or_declare")
    refusal = why_illegal(state, DECLARE_SEVEN_ACTION)
    assert refusal is not None and refusal.code is RefusalCode.NO_UNSPENT_SEVEN


def test_the_seat_to_act_may_name_itself() -> None:
    state = _in_play()
    assert why_illegal(state, _play_in(state), seat=P) is None


def test_a_trumped_trick_asks_only_to_follow_suit_when_the_suit_cannot_win() -> None:
    """Three-handed, must-win on: P leads Q♥, the second seat (void in hearts) trumps it. The third seat must follow
    hearts, but no heart can head a trumped trick (RULES.md §1.9 step 3), so its refusal is "follow suit", not
    "follow suit and win" (the engine once compared a heart's rank with the trump's)."""
    state = final_tricks("9D", make_ruleset("three_handed", {"endgame_must_win_trick": True}))
    assert [len(hand) for hand in state.hands] == [8, 8, 8]
    rig_hand(state, 0, "QH 8S 9S 7S 8C 9C 7C JS")
    rig_hand(state, 1, "7D 8S 9S 7S 8C 9C 7C JS")
    rig_hand(state, 2, "AH 9H JC TC KC QC JD TD")
    apply_checked(state, Action(Verb.PLAY, (find(state, 0, "QH"),)))
    apply_checked(state, Action(Verb.PLAY, (find(state, 1, "7D"),)))
    refusal = why_illegal(state, Action(Verb.PLAY, (find(state, 2, "JC"),)))
    assert refusal is not None and refusal.code == RefusalCode.MUST_FOLLOW_SUIT
    assert why_illegal(state, Action(Verb.PLAY, (find(state, 2, "9H"),))) is None  # any heart: none can win
