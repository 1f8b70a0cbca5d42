"""The badge's big score stays clear of its progress bar at every text size (issue 43, item 3: at the largest text
the figure grew into the bar under it). Judged from what the frame recorded it drew where."""

from __future__ import annotations

import pytest
from ui_driver import make_app, wait_rest

from bezique.commands.fit_judge import ink
from bezique.type_scale import TEXT_SCALES
from bezique.ui.kit.drawn import recording
from bezique.ui.kit.layers import forget_layers

pytestmark = pytest.mark.usefixtures("pygame_quit")


@pytest.mark.parametrize("size", [(1024, 600), (1088, 640), (1632, 918)])
@pytest.mark.parametrize("text_size", list(TEXT_SCALES))
def test_the_big_score_stays_above_its_bar(size, text_size) -> None:
    app, table = make_app(size=size)
    app.set_text_size(text_size)
    wait_rest(app)
    forget_layers()
    with recording() as frame:
        app.draw()
    layout = table.stage.layout
    for badge in (layout.my_badge, layout.opp_badge):
        compact = badge.h < 90 * layout.s
        bar_top = badge.y + (62 if compact else 72) * layout.s
        scores = [t for t in frame.texts if t.whole == "0" and badge.x <= t.box.x < badge.right
                  and badge.y <= t.box.y < badge.bottom]
        assert scores, "the badge's score is drawn"
        assert all(ink(t.box).bottom <= bar_top + 1 for t in scores), (text_size, size)
