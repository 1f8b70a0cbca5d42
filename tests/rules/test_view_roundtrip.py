"""A view rebuilt into a full state and looked at again is the same view (``determinize``, ``place_unseen``), for
every variant at many points of seeded random games; and ``rewind`` takes a view back to an earlier play."""

from __future__ import annotations

import random

import pytest
from random_points import points

from bezique.rules import VARIANTS, determinize, draws_since, place_unseen, rewind, view_for


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_view_of_a_determinized_view_is_the_view(variant):
    rng = random.Random(1)
    seen = 0
    for state in (s for seed in (5, 6, 7) for s in points(variant, seed, every=7)):
        for seat in range(state.rules.players):
            view = view_for(state, seat)
            assert view_for(determinize(view, rng), seat) == view
            seen += 1
    assert seen > 100


def test_place_unseen_refuses_cards_the_view_shows_or_the_wrong_count():
    state = next(s for s in points("two_handed", 3, every=7) if s.stock)
    view = view_for(state, 0)
    unseen = view.unseen()
    hidden = view.hand_counts[1] - len(view.known[1])
    full = place_unseen(view, {1: unseen[:hidden]}, unseen[hidden:])
    assert view_for(full, 0) == view and full.hands[1][len(view.known[1]):] == unseen[:hidden]
    with pytest.raises(ValueError):
        place_unseen(view, {1: unseen[:hidden - 1]}, unseen[hidden - 1:])
    with pytest.raises(ValueError):
        place_unseen(view, {1: [view.hand[0], *unseen[1:hidden]]}, unseen[hidden:])


@pytest.mark.parametrize("variant", ["two_handed", "rubicon", "three_handed"])
def test_rewind_takes_a_view_back_to_another_seats_play(variant):
    rng = random.Random(2)
    checked = 0
    for state in (s for seed in (9, 10) for s in points(variant, seed, every=3)):
        if state.final_phase or len(state.tricks_log) < 2:
            continue
        view = view_for(state, 0)
        index = len(view.tricks_log) - 2
        seat = next(s for s, _ in view.tricks_log[index][1] if s != 0)
        draws = draws_since(view, index)
        mine = view.hand + view.tables[0]
        then = rewind(view, index, seat, mine[:draws])
        assert then.to_act == seat and then.tricks_log == view.tricks_log[:index]
        assert then.stock_count == view.stock_count + draws * view.rules.players
        played = [c for s, c in view.tricks_log[index][1]]
        at = [s for s, _ in view.tricks_log[index][1]].index(seat)
        assert [c for _, c in then.trick] == played[:at] and played[at] in then.known[seat]
        assert sum(then.hand_counts) + then.stock_count + len(then.played) + sum(map(len, then.tables)) == \
            sum(view.hand_counts) + view.stock_count + len(view.played) + sum(map(len, view.tables))
        assert view_for(determinize(then, rng), 0) == then
        checked += 1
    assert checked > 20
    with pytest.raises(ValueError):
        rewind(view, index, 0, ())
