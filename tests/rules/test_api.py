"""The public rules API: what ``bezique.rules`` exports, phases and verbs through records, the error family, and
the one game loop ``play_game``."""

from __future__ import annotations

import json
import pickle
import random
from dataclasses import replace

import pytest

import bezique.rules as api
from bezique.rules import (
    DONE_ACTION,
    VERBS,
    Action,
    CardNotationError,
    GameState,
    IllegalActionError,
    Phase,
    RecordedGame,
    RecordError,
    Refusal,
    RefusalCode,
    RulesError,
    RulesetError,
    UnsupportedVariantError,
    Verb,
    action_to_json,
    apply_checked,
    legal_actions,
    make_ruleset,
    new_game,
    parse_action,
    parse_card,
    play_game,
    replay_record,
    view_for,
)

PLAYERS = [{"name": "A", "type": "ai"}, {"name": "B", "type": "ai"}]


def test_every_exported_name_exists() -> None:
    assert sorted(api.__all__) == sorted(set(api.__all__))
    for name in api.__all__:
        assert getattr(api, name) is not None, name


def test_phases_and_verbs_are_the_records_strings() -> None:
    assert [str(p) for p in Phase] == ["await_deal", "play", "declare", "over"]
    assert tuple(Verb) == VERBS and [v.value for v in Verb] == [
        "play", "meld", "exchange_seven", "declare_seven", "pass_to_partner", "done"]
    assert Phase("declare") is Phase.DECLARE and Verb("meld") is Verb.MELD
    assert json.dumps({"phase": Phase.OVER, Verb.DONE: True}) == '{"phase": "over", "done": true}'


def random_recorded_game(seed: int, actions: int) -> RecordedGame:
    rules = make_ruleset("two_handed", {"target_score": 500})
    rng = random.Random(seed)
    game = RecordedGame(rules, PLAYERS, 0, seed)
    for _ in range(actions):
        if game.state.phase == Phase.OVER:
            break
        if game.state.phase == Phase.AWAIT_DEAL:
            game.start_deal(api.shuffled_deck(rules, rng))
        game.act(rng.choice(legal_actions(game.state)))
    return game


def test_verbs_and_phases_round_trip_through_a_record() -> None:
    game = random_recorded_game(2, 400)
    text = game.to_json()
    again = replay_record(json.loads(text))
    assert again.to_json() == text
    state = again.state
    assert type(state.phase) is Phase and state.phase == game.state.phase
    entries = [entry for deal in json.loads(text)["deals"] for entry in deal["actions"]]
    assert {next(k for k in e if k != "player") for e in entries} <= set(VERBS)
    if state.phase in (Phase.PLAY, Phase.DECLARE):
        for action in legal_actions(state):
            seat, parsed = parse_action(state, json.loads(json.dumps(action_to_json(state.to_act, action))))
            assert type(parsed.verb) is Verb and parsed == action and seat == state.to_act


def test_view_reports_the_phase_member() -> None:
    game = random_recorded_game(4, 30)
    state = game.state
    assert view_for(state, state.to_act).phase is state.phase


# --- the error family -------------------------------------------------------------------------------------------
def _raised(make) -> RulesError:
    with pytest.raises(RulesError) as raised:
        make()
    return raised.value


def test_every_rules_error_is_a_rules_error_and_a_value_error() -> None:
    state = new_game(make_ruleset(), 0)
    errors = {
        IllegalActionError: lambda: apply_checked(state, DONE_ACTION),
        UnsupportedVariantError: lambda: new_game(replace(make_ruleset(), variant="piquet"), 0),
        RulesetError: lambda: make_ruleset("two_handed", {"target_score": 5000}),
        RecordError: lambda: replay_record({"format": "chess"}),
        CardNotationError: lambda: parse_card("XX"),
    }
    for kind, make in errors.items():
        error = _raised(make)
        assert type(error) is kind and isinstance(error, ValueError) and str(error)


def test_illegal_action_error_carries_its_refusal_across_pickling() -> None:
    error = _raised(lambda: apply_checked(new_game(make_ruleset(), 0), DONE_ACTION))
    assert isinstance(error, IllegalActionError)
    assert error.refusal == Refusal(RefusalCode.NO_DEAL, "the deal has not started")
    assert str(error) == error.refusal.text
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.refusal, str(copy)) == (error.refusal, str(error))
    plain = pickle.loads(pickle.dumps(IllegalActionError("the deck has 3 cards")))
    assert plain.refusal is None and str(plain) == "the deck has 3 cards"


# --- play_game --------------------------------------------------------------------------------------------------
def _random_chooser(rng: random.Random):
    return lambda state, _seat: rng.choice(legal_actions(state))


def _signature(state: GameState) -> tuple:
    return state.phase, tuple(state.scores), state.winner, state.deal_index, tuple(state.log)


@pytest.mark.parametrize("variant", ["two_handed", "four_handed", "rubicon"])
def test_play_game_finishes_and_repeats_for_a_seed(variant: str) -> None:
    def play(seed: int) -> tuple[GameState, list]:
        rules = make_ruleset(variant)
        rng = random.Random(seed)
        events: list = []
        state = play_game(new_game(rules, 0), [_random_chooser(rng)] * rules.players, rng, events=events)
        return state, events

    first, events = play(5)
    again, events_again = play(5)
    assert (first.finished and first.phase == Phase.OVER and first.winner is not None) or first.winner is None
    assert first.finished and _signature(first) == _signature(again) and events == events_again
    assert events[0].kind == "deal_started" and events[-1].kind == "game_over"
    assert _signature(play(6)[0]) != _signature(first)


def test_play_game_caps_hooks_and_per_deal_decks() -> None:
    rules = make_ruleset("two_handed", {"target_score": 2000})
    rng = random.Random(1)
    deals_due: list[int] = []
    acted: list[tuple[int, Action]] = []
    decks: list[int] = []

    def deck_rng(deal: int) -> random.Random:
        decks.append(deal)
        return random.Random(f"deck-{deal}")

    state = play_game(new_game(rules, 0), [_random_chooser(rng)] * 2, deck_rng, max_deals=2,
                      on_deal=lambda s: deals_due.append(s.deal_index),
                      on_action=lambda s, seat, action: acted.append((seat, action)))
    assert state.phase == Phase.AWAIT_DEAL and not state.finished
    assert decks == [0, 1] and deals_due == [-1, 0, 1] and len(state.past_deals) == 2
    assert all(a.verb in VERBS for _, a in acted)
    capped = play_game(new_game(rules, 0), [_random_chooser(random.Random(1))] * 2, deck_rng, max_actions=7)
    assert capped.phase in (Phase.PLAY, Phase.DECLARE) and len(capped.played) + capped.tricks_done >= 1
    replayed: list[tuple[int, Action]] = []
    play_game(new_game(rules, 0), [_random_chooser(random.Random(1))] * 2, deck_rng, max_actions=7,
              on_action=lambda s, seat, action: replayed.append((seat, action)))
    assert replayed == acted[:7]
