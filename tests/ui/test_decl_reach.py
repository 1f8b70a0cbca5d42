"""Every meld the declaration panel lists can be reached and declared at every window size (issue 43, item 1): by
the wheel, by the panel's down arrow, and by the keys' focus. The panel once counted its rows one way (the scaled
floats floor-divided, losing a row to rounding) and capped its scroll another way (the fit of the whole area), so at
1088x640 and 1632x918 it read "1–1 of 2" and neither the wheel, ▼ nor ↓ moved: the bezique could not be declared."""

from __future__ import annotations

import pygame
import pytest
from test_table import stacked_app
from ui_driver import button, click, key, point_on, wait_rest

from bezique.rules import parse_code

# the smallest window, the first windows of 1280x720, 1366x768, 1536x864 and 1920x1080 screens, and larger ones
SIZES = [(1024, 600), (1024, 640), (1088, 640), (1160, 652), (1306, 734), (1280, 720), (1632, 918), (1920, 1080),
         (2560, 1440), (3840, 2160)]
HAND = ["AS", "KS", "QS", "JD", "KH", "QH", "KD", "QD"]  # spades trumps: a royal marriage, a bezique, two marriages


def declaring(size: tuple[int, int]):
    """A table at `size` whose player has won the first trick (the ace of trumps) and holds four melds."""
    app, table = stacked_app(HAND, "9S", size=size)
    wait_rest(app)
    ace = next(c for c in table.stage.model.hands[0] if c & 31 == parse_code("AS")[0])
    click(app, point_on(table, ace))
    wait_rest(app)
    melds = table.controls.decl_melds()
    assert len(melds) >= 4 and any((m.kind or "").startswith("bezique") for m in melds)
    return app, table, melds


def shown(table) -> list[str]:
    return [b.action for b in table.controls.buttons()[1] if b.action.startswith("meld:")]


@pytest.mark.parametrize("size", SIZES)
def test_every_meld_is_reached_by_the_wheel_the_arrow_and_the_keys(size) -> None:
    app, table, melds = declaring(size)
    every = {f"meld:{i}" for i in range(len(melds))}
    rows = shown(table)
    assert len(rows) == table.controls.decl_rows() or len(rows) == len(melds)
    seen = set(rows)
    for _ in melds:  # the wheel, turned down
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        app.tick(1 / 60)
        seen |= set(shown(table))
    assert seen == every, f"the wheel reaches {sorted(seen)} at {size}"
    for _ in melds:  # back up with the wheel, then down with the arrow
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
        app.tick(1 / 60)
    seen = set(shown(table))
    while (down := button(table, "decl_down")) is not None and down.enabled:
        click(app, (down.box.cx, down.box.cy))
        seen |= set(shown(table))
    assert seen == every, f"the arrow reaches {sorted(seen)} at {size}"
    outlined = set()
    for _ in range(len(melds) + 6):  # the keys: the focus walks the rows, each scrolled into view and outlined
        key(app, pygame.K_DOWN)
        box = table.controls.focus_outline()[1]
        outlined |= {b.action for b in table.controls.buttons()[1] if b.box == box and b.action.startswith("meld:")}
    assert outlined == every, f"the keys reach {sorted(outlined)} at {size}"


@pytest.mark.parametrize("size", [(1088, 640), (1632, 918)])
def test_the_bezique_is_declared_at_the_first_windows(size) -> None:
    app, table, melds = declaring(size)
    bezique = next(i for i, m in enumerate(melds) if (m.kind or "").startswith("bezique"))
    for _ in range(len(melds)):
        if (row := button(table, f"meld:{bezique}")) is not None:
            break
        down = button(table, "decl_down")
        click(app, (down.box.cx, down.box.cy))
    assert row is not None
    click(app, (row.box.cx, row.box.cy))
    assert any(str(entry[3]).startswith("bezique") for entry in table.session.state.log)
