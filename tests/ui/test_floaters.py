"""Scores made at the same moment rise one under the other, each readable, instead of on top of each other."""

from __future__ import annotations

import pytest
from ui_driver import DT, make_app

from bezique.rules import Event
from bezique.ui.kit.floaters import LINE, STAGGER, Floater, free_slot, new_floater

pytestmark = pytest.mark.usefixtures("pygame_quit")  # conftest: pygame shut down after each test


def test_scores_at_one_spot_take_the_next_free_line():
    live: list[Floater] = []
    for text in ("+10  Last trick", "+60  Brisques", "+40  Bezique"):
        live.append(new_floater(live, text, 140.0, 650.0, (255, 214, 120), 0.9, 720, 1.0))
    assert [f.slot for f in live] == [0, 1, 2]
    assert [f.y for f in live] == [650.0, 650.0 - LINE, 650.0 - 2 * LINE]  # bottom half: stacked upwards
    assert [f.age for f in live] == [0.0, -STAGGER, -2 * STAGGER] and not live[1].shown
    top = new_floater(live, "+20  Marriage", 640.0, 170.0, (190, 215, 250), 0.9, 720, 1.0)
    assert top.slot == 0 and top.y == 170.0  # another spot: its own stack
    assert new_floater([*live, top], "+20", 640.0, 170.0, (0, 0, 0), 0.9, 720, 1.0).y == 170.0 + LINE  # downwards
    assert free_slot(live[1:], (140.0, 650.0)) == 0  # the first score has gone: its line is free again


def test_the_table_shows_scores_made_together_apart():
    app, table = make_app(seed=2, speed="instant")
    for _ in range(30):
        app.tick(DT)
    table.stage.floaters.clear()
    table.stage.feed([Event("last_trick", 0, (), 10), Event("scored", 0, (), 10, "last_trick"),
                 Event("scored", 0, (), 60, "brisques"), Event("scored", 0, (), 40, "bezique_1")])
    app.tick(DT)
    floaters = list(table.stage.floaters)
    assert len(floaters) == 3
    assert len({f.anchor for f in floaters[:2]}) == 1  # the last trick and the brisques: the same spot
    boxes = []
    for f in floaters:
        surf = app.assets.text(f.text, int(34 * table.stage.layout.s * 1.25), f.colour, True)
        boxes.append(surf.get_rect(center=(round(f.x), round(f.y))))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not a.colliderect(b)
    for _ in range(int(1.5 / DT)):
        app.tick(DT)
    assert not table.stage.floaters
