"""``lab/next_infosets.py``: the distinct next own decisions a root action leads to over sampled deals."""

from __future__ import annotations

import random

from lab_scripts import load_script

from bezique.ai.levels import make_player
from bezique.rules import GameState, apply, make_ruleset, new_game, shuffled_deck, start_deal, view_for


def seat_0_leads() -> GameState:
    """A fresh two-handed deal whose first lead is seat 0's (seat 1 deals)."""
    rules = make_ruleset("two_handed")
    state = new_game(rules, 1)
    start_deal(state, shuffled_deck(rules, random.Random(4)))
    assert state.to_act == 0
    return state


def test_the_true_deal_leads_to_one_node_and_the_reading_to_several() -> None:
    tool = load_script("next_infosets")
    state = seat_0_leads()
    players = [make_player("intermediate", s) for s in range(2)]
    view = view_for(state, 0)
    action = view.legal[0]
    keys = set()
    for _ in range(3):
        after = state.clone()
        apply(after, action)
        keys.add(tool.next_key(after, players))
    assert len(keys) == 1  # the same deal played on by the same rules: the same information set
    assert 5 <= tool.infosets(view, action, 40, players, random.Random(1)) <= 40  # the draws part the deals


def test_the_report_counts_every_measured_pair() -> None:
    tool = load_script("next_infosets")
    counts = tool.measure(1, 6, 2)
    assert counts and all(1 <= c <= 6 for c in counts)
    assert tool.report(counts, 6).startswith(f"{len(counts)} (position, action) pairs, 6 deals each: ")
