"""Scores rise beside the panel they belong to, never over cards, names or buttons, one after another, and fly
into the panel."""

from __future__ import annotations

import random

import pytest
from text_spy import drawn_texts
from ui_driver import DT, finish_thinking, human_move, make_app

from bezique.presenter.layout import Box
from bezique.rules import Event
from bezique.ui.kit.floaters import HOLD, Floater, floater_size, new_floater, spot
from bezique.ui.table.rising import RisingScore

pytestmark = pytest.mark.usefixtures("pygame_quit")  # conftest: pygame shut down after each test


def test_a_score_waits_for_the_one_before_it_at_its_panel_then_flies_in():
    at, target = (100.0, 500.0), (40.0, 650.0)
    first = new_floater([], "+10", "Last trick", at, target, (255, 214, 120), 1.0)
    second = new_floater([first], "+90", "Brisques", at, target, (255, 214, 120), 1.0)
    assert first.shown and not second.shown and second.age == pytest.approx(-HOLD)
    elsewhere = new_floater([first, second], "+20", "Marriage", (600.0, 100.0), target, (0, 0, 0), 1.0)
    assert elsewhere.shown  # another panel: it does not wait
    first.age = 0.3
    assert first.where()[:2] == at  # read where it appeared
    first.age = 0.999
    x, y, scale, alpha = first.where()
    assert (x, y) == pytest.approx(target, abs=1.0) and scale < 0.5 and alpha == 0  # landed in the panel, gone:
    # it never lies over the figures it changes (they change as it lands)
    for age in [i / 200 for i in range(200)]:
        first.age = age
        x, y, _scale, alpha = first.where()
        if abs(x - target[0]) + abs(y - target[1]) < 15:
            assert alpha < 8, age  # faded out before it reaches them
    assert Floater("+40", 5.0, 6.0, (0, 0, 0), age=1.7).where()[:2] == (5.0, 6.0)  # no target: it stays


def test_spot_is_beside_the_panel_and_clear_of_what_must_stay_visible():
    panel = Box(10, 600, 250, 100)
    assert spot(panel, (200, 50), [], (1280, 720), 8) == (135, 600 - 8 - 25)  # above it
    blocked_above = Box(0, 400, 400, 195)
    cx, _cy = spot(panel, (200, 50), [blocked_above], (1280, 720), 8)
    assert cx - 100 > panel.right  # beside it, to the right
    assert spot(panel, (200, 50), [Box(0, 0, 1280, 599), Box(262, 560, 1000, 160)], (1280, 720), 8) is None


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_every_score_at_every_table_misses_cards_names_and_buttons(players, size):
    app, table = make_app(seed=2, speed="instant", size=size, variant={2: None, 3: "three_handed",
                                                                       4: "four_handed"}[players])
    for _ in range(3):
        app.tick(DT)
    stage, L = table.stage, table.stage.layout
    cards = [*(z.hand for z in L.seats), *(z.melds for z in L.seats), L.trick, L.stock, L.won, L.hand, L.prompt,
             *L.buttons]
    for seat in range(players):
        stage.floaters.clear()
        stage._float_score(Event("scored", seat, (), 250, "trump_sequence"))
        f = stage.floaters[0]
        w, h = floater_size(app.assets, f.text, f.label, L.s, f.inline)
        box = Box(f.x - w / 2, f.y - h / 2, w, h)
        assert not any(box.intersects(c) for c in cards), (seat, box)
        badge = L.badge_of(stage.model.rel(seat))
        names = [Box(z.badge.x, z.badge.y, z.badge.w, 30 * L.s) for z in L.seats]  # each panel's name line
        assert not any(box.intersects(n) for n in names), (seat, box)
        assert badge.contains(*f.target)  # it lands on its own panel
        assert box.x >= 0 and box.right <= L.width and box.y >= 0 and box.bottom <= L.height


def test_the_table_shows_scores_made_together_one_after_the_other():
    app, table = make_app(seed=2, speed="instant")
    for _ in range(30):
        app.tick(DT)
    table.stage.floaters.clear()
    table.stage.feed([Event("last_trick", 0, (), 10), Event("scored", 0, (), 10, "last_trick"),
                      Event("scored", 0, (), 60, "brisques"), Event("scored", 1, (), 40, "bezique_1")])
    app.tick(DT)
    floaters = list(table.stage.floaters)
    assert len(floaters) == 3
    mine = [f for f in floaters if f.target == floaters[0].target]
    assert len(mine) == 2 and mine[0].shown and not mine[1].shown  # the brisques wait for the last trick
    assert floaters[2].shown and floaters[2].target != floaters[0].target  # the other panel's: at once
    for _ in range(int(4.0 / DT)):
        app.tick(DT)
    assert not table.stage.floaters


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_six_handed_scores_rise_over_the_small_hand_not_the_panel_they_change(size):
    """The row of seats has no free felt beside its panels: a score rises over the seat's small concealed hand,
    under its panel, never over a panel (its own score line, about to change, stays in sight) nor any meld, the
    trick or a button, and flies into its own panel."""
    app, table = make_app(seed=2, speed="instant", size=size, variant="six_handed")
    for _ in range(3):
        app.tick(DT)
    stage, L = table.stage, table.stage.layout
    kept_clear = [*(z.badge for z in L.seats), *(z.melds for z in L.seats), L.trick, L.stock, L.won, L.status,
                  L.prompt, L.hand, *L.buttons]
    for seat in stage.model.others:
        stage.floaters.clear()
        stage._float_score(Event("scored", seat, (), 250, "trump_sequence"))
        f = stage.floaters[0]
        w, h = floater_size(app.assets, f.text, f.label, L.s, f.inline)
        box = Box(f.x - w / 2, f.y - h / 2, w, h)
        rel = stage.model.rel(seat)
        assert box.intersects(L.seats[rel].hand) and not any(box.intersects(c) for c in kept_clear), (seat, box)
        assert L.badge_of(rel).contains(*f.target)
        assert box.x >= 0 and box.right <= L.width


def test_a_panel_counts_a_score_when_it_lands_not_when_it_appears():
    """The model holds the new score at once (the rules said so); the panel shows it, and the deal's points with
    it, once the rising score has flown into it: here the game's first score, played for by the keyboard's moves."""
    app, table = make_app(seed=2, speed="normal")
    stage, rng = table.stage, random.Random(2)
    for _ in range(20000):
        if stage.floaters and stage.floaters[0].shown:
            break
        if table.human_turn() and stage.at_rest():
            human_move(app, rng)
        app.tick(DT)
        if table.turns.worker.busy:
            finish_thinking(table)
    rising = stage.floaters[0]
    assert isinstance(rising, RisingScore) and rising.points > 0
    assert stage.model.deal_points[rising.side] == rising.points  # in the model already
    texts = drawn_texts(app)
    assert "this deal +0" in texts and f"this deal +{rising.points}" not in texts  # both panels still at 0
    for _ in range(int(4.0 / DT)):
        if not stage.floaters:
            break
        app.tick(DT)
    texts = drawn_texts(app)
    assert f"this deal +{rising.points}" in texts and str(rising.points) in texts  # landed: the deal and the score
