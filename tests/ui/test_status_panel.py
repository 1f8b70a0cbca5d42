"""The status panel's trick count: tricks played while the stock lasts, then the final tricks left as the rules
count them (``tricks_left``), down to "the last one"."""

from __future__ import annotations

import random

import pytest
from text_spy import drawn_texts
from ui_driver import make_app, step, wait_rest

from bezique.rules import tricks_left

pytestmark = pytest.mark.usefixtures("pygame_quit")  # conftest: pygame shut down after each test


def test_the_final_tricks_count_down_from_the_rules_to_the_last_one():
    app, table = make_app(seed=7)
    rng = random.Random(7)
    seen: list[str] = []
    for _ in range(4000):
        wait_rest(app)
        state = table.session.state
        if state.phase in ("await_deal", "over") or state.deal_index > 0:
            break
        texts = drawn_texts(app)
        if not state.final_phase:
            assert not any(t.startswith("Final tricks") for t in texts)
        else:
            left = tricks_left(table.session.view(table.stage.viewer))
            want = "Final tricks: the last one" if left == 1 else f"Final tricks: {left} left"
            assert want in texts
            if want not in seen:
                seen.append(want)
        step(app, rng)
    assert seen == [*(f"Final tricks: {n} left" for n in range(8, 1, -1)), "Final tricks: the last one"]
