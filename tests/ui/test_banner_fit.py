"""The table's problem banner fits every window the game can open, from the smallest (320x240 given as ``--size``;
512x320 by resizing) to 3840x2160: the problem's words are drawn whole inside the banner and the window, in every
language and text size, beside or under the words that say how to dismiss it, which are never cut either (issue 43:
at 800x500 and 640x480 the problem was cut to one line and "click or press X to dismiss" lost its key). Judged from
the frame's record of what was drawn where (``kit/drawn.py``); the panel drawn is where a click closes it
(``banner.banner_plan``, used by both)."""

from __future__ import annotations

import pygame
import pytest
from ui_driver import DT

from bezique.commands.fit_judge import ink, inside
from bezique.config import Config
from bezique.geometry import Box
from bezique.i18n import t
from bezique.ui.bare import open_table
from bezique.ui.kit import drawn
from bezique.ui.kit.layers import forget_layers
from bezique.ui.kit.typeset import READABLE_PX

SMALLEST = (320, 240)  # parse_size's least: the smallest window --size opens
SIZES = (SMALLEST, (512, 320), (640, 480), (800, 500), (800, 600), (1024, 600), (1024, 640), (1280, 720),
         (1366, 768), (1920, 1080), (3840, 2160))


def problems(lang: str) -> list[str]:
    """The longest problem the window says (nothing can be kept, with the system's reason) and another behind it,
    so the banner also says how many more there are."""
    return [t("problem.nothing_kept", lang, reason="[Errno 13] Permission denied: '/home/someone/.local/share'"),
            t("problem.settings_damaged", lang)]


@pytest.mark.usefixtures("pygame_quit")
@pytest.mark.parametrize("text_size", ["normal", "larger"])
@pytest.mark.parametrize("lang", ["en", "it", "fr"])
def test_the_banner_says_its_problem_and_its_key_whole_at_every_size(lang: str, text_size: str) -> None:
    said = problems(lang)
    app, table = open_table(Config(), said, size=SMALLEST, animation_speed="instant", computer_pace="instant",
                            trick_pause="off", language=lang, text_size=text_size)
    first = " ".join((said[0] + " " + t("table.more_problems", lang, count=1)).split())  # as its lines are wrapped
    dismiss = t("table.dismiss", lang)
    for size in SIZES:
        if size != SMALLEST:
            app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        app.tick(DT)
        assert app.size == size
        banner = table.stage.layout.banner
        forget_layers()
        with drawn.recording() as frame:
            table.draw(app.screen)
        words = [text for text in frame.texts if text.drawn.strip() and inside(ink(text.box), banner)
                 and (" ".join(text.drawn.split()) in first or text.drawn == dismiss)]
        case = f"{size} {lang} {text_size}"
        assert " ".join(" ".join(text.drawn for text in words if text.drawn != dismiss).split()) == first, case
        assert [text.drawn for text in words].count(dismiss) == 1, case  # its key named once, whole
        for text in words:
            assert not text.cut and text.px >= READABLE_PX, (case, text)
            assert inside(text.box, banner, 1) and inside(text.box, Box(0, 0, *size), 0), (case, text)
        assert not [whole for whole, _box in frame.cuts if " ".join(whole.split()) == first], case
        assert banner.right <= size[0] and banner.bottom <= size[1] / 2, case  # the table stays in sight under it


@pytest.mark.usefixtures("pygame_quit")
def test_a_click_closes_the_banner_only_where_it_is_drawn() -> None:
    """The banner is drawn as tall as its lines at the top of its room; a click under it, in the room it leaves
    free, is the table's (it closed the banner before), a click on it closes it."""
    from bezique.ui.table.banner import banner_plan
    app, table = open_table(Config(), ["A short problem"], size=(1280, 720), animation_speed="instant",
                            computer_pace="instant", trick_pause="off", language="en")
    app.tick(DT)
    room = table.stage.layout.banner
    drawn_box = banner_plan(app.assets, app.t, table.stage.layout, table.stage.banner).box
    assert drawn_box.h < room.h  # a free strip under it, inside its room
    below = (round(drawn_box.cx), round((drawn_box.bottom + room.bottom) / 2))
    for button in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle(pygame.event.Event(button, pos=below, button=1))
    assert table.stage.banner == ["A short problem"]
    for button in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle(pygame.event.Event(button, pos=(round(drawn_box.cx), round(drawn_box.cy)), button=1))
    assert table.stage.banner == []
