"""Views, events and actions survive the trip to JSON and back exactly, in every variant, at every decision."""

from __future__ import annotations

import json
import random

import pytest

from bezique.net.view_check import consistent, news_agree
from bezique.net.wire import (
    WireError,
    action_from_json,
    event_from_json,
    event_to_json,
    legal_to_json,
    view_from_json,
    view_to_json,
)
from bezique.rules import (
    VARIANTS,
    EventKind,
    apply,
    legal_actions,
    make_ruleset,
    new_game,
    redact_event,
    shuffled_deck,
    start_deal,
    view_for,
)
from tests.dealing import dealt_game


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_view_of_a_deal_comes_back_the_same(variant: str) -> None:
    rules = make_ruleset(variant)
    rng = random.Random(3)
    state = new_game(rules, 0)
    checked = 0
    for _deal in range(3):
        if state.finished:
            break
        events: list = []
        start_deal(state, shuffled_deck(rules, rng), events)
        while state.to_act is not None:
            seat = state.to_act
            view = view_for(state, seat)
            doc = json.loads(json.dumps(view_to_json(view)))
            legal = tuple(action_from_json(a) for a in json.loads(json.dumps(legal_to_json(seat, view.legal))))
            assert consistent(view_from_json(doc, legal)) == view  # and it agrees with its game
            news_agree(view, [redact_event(e, seat, state) for e in events], view.legal,
                       {s: tuple(h) for s, h in enumerate(state.hands)})
            checked += 1
            for event in events:
                assert event_from_json(json.loads(json.dumps(event_to_json(event)))) == event
            events = []
            apply(state, rng.choice(legal_actions(state)), events)
    assert checked > 50


def test_a_bad_field_is_named() -> None:
    state = dealt_game(make_ruleset(), 0, random.Random(1))
    doc = view_to_json(view_for(state, 0))
    doc["hand"][2] = "QS"  # a copy not named
    with pytest.raises(WireError, match=r"view.hand\[2\]"):
        view_from_json(doc)
    del doc["stock_count"]
    with pytest.raises(WireError, match=r"view\.stock_count: missing"):
        view_from_json(doc)


def test_an_event_kind_is_read_as_the_rules_name_it() -> None:
    """An event comes back with its kind a member of ``EventKind`` (so the window compares members), and a kind the
    rules do not know is refused by name instead of reaching the table."""
    event = event_from_json({"kind": "card_played", "seat": 1, "cards": ["AS#0"]})
    assert event.kind is EventKind.CARD_PLAYED
    with pytest.raises(WireError, match=r"event\.kind: 'card_plaid' is not an event kind"):
        event_from_json({"kind": "card_plaid", "seat": 1})
    with pytest.raises(WireError, match=r"event\.kind: \[1\] is not an event kind"):
        event_from_json({"kind": [1]})
    with pytest.raises(WireError, match=r"event\.kind: missing"):
        event_from_json({"seat": 1})
