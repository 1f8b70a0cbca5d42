"""The table's grid of buttons (Hint, Menu, Undo, Score log) draws its four labels at one size: the largest at
which every label fits. Italian at the largest text once drew "Suggerimento" and "Annulla mossa" a size smaller
than "Menu" and "Segnapunti" beside them, a grid that read as broken."""

from __future__ import annotations

import pytest
from ui_driver import make_app, wait_rest

from bezique.ui.kit.drawn import recording
from bezique.ui.kit.layers import forget_layers

pytestmark = pytest.mark.usefixtures("pygame_quit")


@pytest.mark.parametrize(("lang", "size"), [("it", (1088, 640)), ("fr", (1024, 600)), ("en", (1920, 1080))])
def test_the_four_labels_share_one_size(lang: str, size: tuple[int, int]) -> None:
    app, table = make_app(size=size, language=lang, text_size="larger")
    wait_rest(app)
    grid = [b for b in table.controls.buttons()[0] if b.action in ("hint", "menu", "undo", "log")]
    assert len(grid) == 4
    forget_layers()
    with recording() as frame:
        app.draw()
    sizes = {b.action: {t.px for t in frame.texts if b.box.contains(t.box.cx, t.box.cy)} for b in grid}
    assert all(len(px) == 1 for px in sizes.values()), sizes
    assert len(set().union(*sizes.values())) == 1, sizes
    assert not any(t.cut for t in frame.texts if any(b.box.contains(t.box.cx, t.box.cy) for b in grid))
