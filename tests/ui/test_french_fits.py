"""French runs longer than English: every screen at the smallest window (1024x640) shows each French text whole.
A text too wide for its place is shrunk by ``blit_text``; one still too wide at the smallest size is cut, and one
that leaves the window is lost. Neither may happen on the menu, New game (every game), Settings, Statistics, How to
play (every page), or at the table through a whole deal (declarations, score log, pause, scoreboard)."""

from __future__ import annotations

import dataclasses
import random

import pygame
import pytest
from text_spy import spy_on_blit_text
from ui_driver import DT, click, key, step, table_of, wait_rest

from bezique.presenter.setup import GameSetup
from bezique.ui.kit import widgets
from bezique.ui.shell import Shell
from bezique.ui.table.overlays import ResultOverlay

SIZE = (1024, 640)
pytestmark = pytest.mark.usefixtures("shell_data")


@pytest.fixture
def drawn(monkeypatch) -> list[tuple[str, str]]:
    """(what is wrong, text) for each text drawn from now on: "cut", "off the window", or "" when it fits."""
    problems: list[tuple[str, str]] = []

    def judge(surface, assets, text, size, rect, max_width, bold) -> None:
        # cut: blit_text had to end it with "…" to fit (shrinking a pixel or two within the minimum size is fine)
        cut = max_width is not None and widgets.fit_line(assets, text, size, max_width, bold)[0] != text
        problems.append(("cut" if cut else "" if surface.get_rect().contains(rect) else "off the window", text))

    spy_on_blit_text(monkeypatch, judge)
    return problems


def french_shell(lang: str = "fr") -> Shell:
    shell = Shell.create(size=SIZE, fullscreen=False)
    shell.settings = dataclasses.replace(shell.settings, animation_speed="instant", computer_pace="fast")
    shell.app.lang = lang
    shell.open_menu()
    shell.app.tick(DT)
    return shell


def press(app, buttons, action: str) -> None:
    b = next(b for b in buttons if b.action == action)
    click(app, (b.box.cx, b.box.cy))


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_menus_fit_in_french_and_italian(drawn, lang: str) -> None:
    """Italian runs nearly as long as French: the menus are held to the same measure in both."""
    shell = french_shell(lang)
    app = shell.app
    press(app, app.stack.top.buttons(), "new")
    form = app.stack.top
    variants = [c.action for c in form.controls() if c.action.startswith("variant=")]
    assert len(variants) >= 5
    for mode in [c.action for c in form.controls() if c.action.startswith("mode=")]:
        press(app, form.controls(), mode)
        for variant in variants:
            press(app, form.controls(), variant)
            app.dirty = True
            app.draw()
    key(app, pygame.K_ESCAPE)
    for action in ("settings", "stats", "howto"):
        press(app, app.stack.top.buttons(), action)
        for _ in range(40):  # How to play, page by page (the other screens ignore the key)
            key(app, pygame.K_PAGEDOWN)
        key(app, pygame.K_ESCAPE)
    texts = {text for _, text in drawn}
    expected = {"fr": {"Bésigue chinois", "Réglages", "Les huit derniers plis", "Statistiques"},
                "it": {"Bezique cinese", "Impostazioni", "Statistiche"}}
    assert expected[lang] <= texts
    assert sorted({(what, text) for what, text in drawn if what}) == []


def test_a_french_deal_fits_at_the_table(drawn) -> None:
    shell = french_shell()
    app = shell.app
    shell.start_game(GameSetup(variant="two_handed", target=500, assisted=True, seed=11))
    rng = random.Random(3)
    for moves in range(3000):
        wait_rest(app)
        if isinstance(app.stack.top, ResultOverlay):
            for _ in range(30):
                app.tick(0.1)  # the brisques are counted
            break
        if moves == 20:
            for k in (pygame.K_l, pygame.K_ESCAPE, pygame.K_ESCAPE, pygame.K_ESCAPE):  # score log, pause
                key(app, k)
        step(app, rng)
    assert isinstance(app.stack.top, ResultOverlay)
    assert table_of(app).session.state.stock_count == 0
    texts = {text for _, text in drawn}
    assert {"Marque", "Annoncer", "Pause", "Donne suivante"} <= texts
    assert sorted({(what, text) for what, text in drawn if what}) == []


@pytest.mark.parametrize("scene", ["ended over the table", "joining"])
@pytest.mark.parametrize("more", [False, True])
def test_the_longest_ending_fits_whole_at_the_smallest_window_in_the_largest_text(scene: str, more: bool) -> None:
    """Why a game across the network ended, in French at 1024x600 and the largest text: every word drawn, on lines
    that do not cross each other or the button under them, and nothing cut. `more`: a message a line longer than
    any the game has now, drawn whole too (the lines after the third were dropped unseen)."""
    import queue
    from types import SimpleNamespace

    from bezique.commands.fit_judge import judge
    from bezique.i18n import t
    from bezique.ui.app import App
    from bezique.ui.kit import drawn as drawn_record
    from bezique.ui.kit.layers import forget_layers
    from bezique.ui.scenes.net_join import JoinScene
    from bezique.ui.scenes.net_table import EndedScene

    size = (1024, 600)
    app = App(size=size, text_size="larger")
    app.lang = "fr"
    words = t("net.ended_host_flooded", "fr") + (" " + t("net.ended_fault", "fr") if more else "")
    if scene == "joining":
        joining = JoinScene(app, SimpleNamespace(inbox=queue.Queue(), on_arrival=None), None, None)  # type: ignore[arg-type]
        joining.problem = words
        app.push(joining)
    else:
        app.push(EndedScene(app, words, lambda: None))
    forget_layers()
    with drawn_record.recording() as frame:
        app.draw()
    assert judge(frame, size) == []
    lines = [text.drawn for text in frame.texts if text.drawn in words]
    assert " ".join(lines) == words
