"""The table model follows the engine's (redacted) events exactly: after every action it agrees with the view.

No pygame: this is the logic that decides where every card goes.
"""

import random

import pytest

from bezique.presenter import model as tm
from bezique.presenter.layout import Layout
from bezique.rules import (
    EventKind,
    apply_checked,
    legal_actions,
    make_ruleset,
    new_game,
    redact_event,
    shuffled_deck,
    start_deal,
    view_for,
)


def split_packets(events, rules):
    out = []
    dealt = {e.seat: e for e in events if e.kind == EventKind.DEALT}
    for e in events:
        if e.kind == EventKind.DEALT:
            continue
        out.append(e)
        if e.kind == EventKind.DEAL_STARTED:
            pos = 0
            for packet in rules.deal_pattern:
                for seat in [x.seat for x in events if x.kind == EventKind.DEALT]:
                    cards = dealt[seat].cards[pos:pos + packet] if dealt[seat].cards else ()
                    out.append(tm.Step(tm.Staging.PACKET, seat, cards, packet))
                pos += packet
    return out


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("variant", ["two_handed", "open"])
def test_model_tracks_a_whole_deal(seed, variant):
    rules = make_ruleset(variant, {})
    rng = random.Random(seed)
    state = new_game(rules, seed % 2)
    viewer = 0
    model = tm.TableModel(bottom=viewer, reveal_top=rules.open_hands)
    layout = Layout.for_size(1280, 720)
    events = []
    start_deal(state, shuffled_deck(rules, rng), events)
    for _ in range(400):
        for e in split_packets([redact_event(e, viewer, state) for e in events], rules):
            model.apply(e)
        view = view_for(state, viewer)
        truth = tm.from_view(view, rules.open_hands)
        assert model.signature() == truth.signature()
        places = tm.placements(model, layout)
        for card in view.hand:
            assert places[card].face_up  # my cards face up
        if not rules.open_hands:
            for key in model.hands[1]:
                assert key < 0 and not places[key].face_up  # the opponent's never
        if state.phase != "play" and state.phase != "declare":
            break
        events = []
        apply_checked(state, rng.choice(legal_actions(state)), events)
    else:
        pytest.fail("the deal did not end within 400 moves: the model was never checked at its end")


def test_hand_order_groups_suits_and_trumps_first():
    from bezique.rules import parse_card
    cards = [parse_card(c) for c in ("7S#0", "AH#0", "KS#0", "TD#0", "AC#0")]
    plain = [tm.hand_order(cards, 2, False)]
    assert [c & 31 for c in plain[0]][:2] == [parse_card("KS#0"), parse_card("7S#0")]
    first = tm.hand_order(cards, 2, True)
    assert first[0] == parse_card("TD#0")


def test_a_big_stock_stands_taller_than_a_small_one():
    """168 cards (Chinese) must not look like 10: the pile's height follows its size (the table draws its side)."""
    layout = Layout.for_size(1280, 720)

    def pile(count):
        model = tm.new_model(make_ruleset("chinese", {}), 0)
        model.stock = [model.hidden() for _ in range(count)]
        places = tm.placements(model, layout)
        ys = [places[k].slot.cy for k in model.stock]
        return max(ys) - min(ys)

    assert pile(168) > 2 * pile(10)
    assert tm.stock_depth(168) > tm.stock_depth(47) > tm.stock_depth(10)
