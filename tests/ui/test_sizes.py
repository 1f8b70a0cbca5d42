"""Sizes (issue 17): the text size setting reaches every screen through the assets' one font function and every
screen still fits at 1024x640 at the largest step (no text cut or off the window); the card size enlarges the
hand's cards as far as the layout has room, never making zones meet; the first window is sized to the screen, and
the size the player gives it is remembered (F11 still works)."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random

import pygame
import pytest
from test_french_fits import drawn, press  # noqa: F401 (drawn: the fixture spying on every text drawn)
from ui_driver import DT, key, make_app, step

from bezique.persist.user_settings import SETTING_CHOICES, settings_path
from bezique.presenter.layout import MIN_SIZE, Layout, card_box
from bezique.presenter.setup import GameSetup
from bezique.type_scale import TEXT_SCALES
from bezique.ui.app import first_size
from bezique.ui.kit.sprites import CARD_SCALES
from bezique.ui.scenes.settings import KEYS
from bezique.ui.shell import Shell
from bezique.ui.shutdown import quit_pygame

SIZE = (1024, 640)
SIZES = [(1024, 640), (1280, 720), (1366, 768), (1920, 1080), (2560, 1080), (1280, 1024)]


def sized_shell(text_size: str, lang: str = "en", size: tuple[int, int] = SIZE) -> Shell:
    shell = Shell.create(size=size, fullscreen=False)
    settings = dataclasses.replace(shell.settings, animation_speed="instant", computer_pace="fast", language=lang,
                                   text_size=text_size)
    assert shell.apply(settings, shell.ai) is None
    shell.open_menu()
    shell.app.tick(DT)
    return shell


def test_every_step_is_offered_and_labelled() -> None:
    assert SETTING_CHOICES["text_size"] == tuple(TEXT_SCALES) and len(TEXT_SCALES) >= 3
    assert SETTING_CHOICES["card_size"] == tuple(CARD_SCALES) and len(CARD_SCALES) >= 3
    assert {"text_size", "card_size", "reduce_motion", "window_size"} <= set(KEYS)


@pytest.mark.usefixtures("shell_data")
def test_the_text_size_reaches_the_font_of_every_screen() -> None:
    shell = sized_shell("normal")
    app = shell.app
    normal = app.assets.font(24).get_height()
    settings = dataclasses.replace(shell.settings, text_size="larger")
    shell.apply(settings, shell.ai)
    assert app.assets.font(24).get_height() > normal * 1.2
    app.set_deck("four_colour", "red")  # new card images keep the text size
    assert app.assets.font(24).get_height() > normal * 1.2
    shell.apply(dataclasses.replace(settings, text_size="small"), shell.ai)
    assert app.assets.font(24).get_height() < normal


@pytest.mark.usefixtures("shell_data")
@pytest.mark.parametrize(("text_size", "lang"), [(step, "en") for step in TEXT_SCALES] + [("larger", "fr")])
def test_every_screen_fits_at_1024x640_at_every_text_size(drawn, text_size, lang) -> None:  # noqa: F811
    shell = sized_shell(text_size, lang)
    app = shell.app
    press(app, app.stack.top.buttons(), "new")
    form = app.stack.top
    for variant in [c.action for c in form.controls() if c.action.startswith("variant=")]:
        press(app, form.controls(), variant)
    key(app, pygame.K_ESCAPE)
    press(app, app.stack.top.buttons(), "settings")
    for _ in KEYS:  # every row, the list scrolling
        key(app, pygame.K_DOWN)
    key(app, pygame.K_ESCAPE)
    for action in ("stats", "howto"):
        press(app, app.stack.top.buttons(), action)
        for _ in range(40):  # How to play, page by page
            key(app, pygame.K_PAGEDOWN)
        key(app, pygame.K_ESCAPE)
    shell.start_game(GameSetup(variant="two_handed", target=500, assisted=True, seed=11))
    rng = random.Random(3)
    for moves in range(40):
        if moves == 10:
            for k in (pygame.K_l, pygame.K_ESCAPE, pygame.K_ESCAPE, pygame.K_ESCAPE):  # score log, pause
                key(app, k)
        step(app, rng)
    assert len(drawn) > 500
    assert sorted({(what, text) for what, text in drawn if what}) == []


@pytest.mark.usefixtures("shell_data")
def test_the_settings_list_scrolls_to_every_row_at_the_largest_text() -> None:
    shell = sized_shell("larger")
    shell.open_settings()
    scene = shell.app.stack.top
    seen = set()
    for _ in KEYS:
        shown = scene.shown_rows()
        assert scene.row in shown
        rows = [b for b in scene.controls() if b.action.startswith("next=") and b.label != ">"]
        assert len(rows) == len(shown) < len(KEYS)  # not every row fits: the list scrolls
        for a, b in itertools.pairwise(rows):
            assert a.box.bottom <= b.box.y  # rows apart
        assert rows[-1].box.bottom <= scene.controls()[-1].box.y  # above Back and Restore
        seen.update(shown)
        key(shell.app, pygame.K_DOWN)
    assert seen == set(range(len(KEYS)))


def zones(L: Layout) -> dict[str, object]:
    return {"opp_badge": L.opp_badge, "my_badge": L.my_badge, "status": L.status, "opp_hand": L.opp_hand,
            "opp_melds": L.opp_melds, "stock": L.stock, "trick": L.trick, "won": L.won, "my_melds": L.my_melds,
            "prompt": L.prompt, "hand": L.hand}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("card_size", list(CARD_SCALES))
def test_bigger_cards_never_make_zones_meet(size, players, card_size) -> None:
    w, h = size
    normal, L = Layout.for_size(w, h, players), Layout.for_size(w, h, players, CARD_SCALES[card_size])
    assert L.hand_h >= normal.hand_h
    boxes, before = zones(L), zones(normal)
    boxes.update({f"seat{i}.{part}": getattr(z, part) for i, z in enumerate(L.seats) for part in ("hand", "melds")})
    before.update({f"seat{i}.{part}": getattr(z, part) for i, z in enumerate(normal.seats)
                   for part in ("hand", "melds")})
    for name, box in boxes.items():
        assert box.x >= 0 and box.y >= 0 and box.right <= w + 0.5 and box.bottom <= h + 0.5, name
    names = list(boxes)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if not before[a].intersects(before[b]):
                assert not boxes[a].intersects(boxes[b]), (card_size, a, b)
    for button in L.buttons:
        assert not button.intersects(L.hand)
    for n in (8, 9, 12):
        for slot in L.hand_slots(n):
            assert L.hand.x - 1 <= card_box(slot).x and card_box(slot).right <= L.hand.right + 1
            assert card_box(slot, lift=18 * L.s).y >= 0 and card_box(slot).bottom <= h + 0.5


def test_the_hand_grows_where_there_is_room() -> None:
    for size in ((1280, 720), (1024, 640), (1920, 1080)):
        sizes = [Layout.for_size(*size, 2, CARD_SCALES[c]).hand_h for c in CARD_SCALES]
        assert sizes == sorted(sizes) and sizes[1] >= sizes[0] * 1.1, size
    tall = [Layout.for_size(1280, 1024, 2, CARD_SCALES[c]).hand_h for c in CARD_SCALES]
    assert tall[0] < tall[1] < tall[2]  # a tall window has room for every step


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize(("tall", "wide"), [((1280, 1024), (1280, 720)), ((1024, 768), (1024, 576)),
                                            ((1280, 800), (1280, 720))])
def test_a_taller_window_gives_its_height_to_the_hand(players: int, tall: tuple[int, int],
                                                      wide: tuple[int, int]) -> None:
    """A 5:4, 4:3 or 16:10 window is not the 16:9 design with a band of empty felt: its hand's cards are larger
    than those of the 16:9 window as wide, and every zone is still as clear of the others as at the design's."""
    high, low = Layout.for_size(*tall, players), Layout.for_size(*wide, players)
    assert high.hand_h >= low.hand_h * 1.05
    assert high._clear_pairs() >= Layout._zones(*tall, players, 1.0)._clear_pairs()


@pytest.mark.usefixtures("pygame_quit")
def test_the_table_draws_the_hand_at_the_card_size() -> None:
    app, table = make_app(seed=2, card_size="normal")
    for _ in range(200):
        app.tick(DT)
    heights = {round(s.height) for s in table.stage.sprites.values()}
    normal = table.stage.layout.hand_h
    assert normal in heights
    table.opt = dataclasses.replace(table.opt, app=dataclasses.replace(table.opt.app, card_size="large"))
    table.resize(*app.size)
    app.tick(DT)
    assert table.stage.layout.hand_h > normal
    assert table.stage.layout.hand_h in {round(s.height) for s in table.stage.sprites.values()}


def test_the_first_window_is_sized_to_the_screen() -> None:
    assert first_size((1920, 1080)) == (1632, 918)  # 85%, the layout's shape
    w, h = first_size((2560, 1440))
    assert abs(w / h - 16 / 9) < 0.01 and w <= 2560 * 0.86
    assert first_size((3440, 1440))[1] == round(1440 * 0.85)  # an ultra-wide screen: the height decides
    assert first_size((1280, 800)) >= MIN_SIZE  # never below the smallest layout when the screen holds it
    assert first_size((1024, 600)) == (1024, 600)  # a small screen: all of it
    assert first_size((1920, 1080), (1400, 800)) == (1400, 800)  # the remembered size
    assert first_size((1280, 720), (1920, 1080)) == (1280, 720)  # … held to the screen
    assert first_size(None) == (1280, 720)


@pytest.mark.usefixtures("shell_data")
def test_the_size_given_to_the_window_is_remembered_and_f11_still_works() -> None:
    shell = Shell.create(size=None, fullscreen=False)
    desktop = pygame.display.get_desktop_sizes()[0]
    assert shell.app.size == first_size(desktop)
    shell.open_menu()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=660, size=(1000, 660)))
    shell.app.tick(DT)
    assert shell.app.size == (1000, 660)
    key(shell.app, pygame.K_F11)
    assert shell.app.fullscreen
    key(shell.app, pygame.K_F11)
    assert not shell.app.fullscreen and shell.app.size == (1000, 660)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    shell.app.tick(DT)
    assert json.loads(settings_path().read_text())["app"]["window_size"] == "1000x660"
    quit_pygame()
    again = Shell.create(size=None, fullscreen=False)
    assert again.app.size == (1000, 660)
    again.open_menu()
    again.open_settings()
    scene = again.app.stack.top
    while scene.row != KEYS.index("window_size"):
        key(again.app, pygame.K_DOWN)
    assert "1000 × 660" in [b.label for b in scene.controls()]
    key(again.app, pygame.K_RIGHT)  # the next choice is applied to the window at once
    assert again.settings.window_size == "1024x640" and again.app.size == (1024, 640)
