"""Reduce motion (issue 17): with the setting on, no card travels — each lands at its new place in one frame and
fades in there with a highlight — and scores fade where they appear instead of flying into the panel; every event
that moves a card still shows it landing (nothing changes unseen). With the setting off the same deal flies."""

from __future__ import annotations

import random

import pytest
from ui_driver import DT, make_app, step, table_of

from bezique.ui.kit.sprites import ARRIVAL_GLOW

pytestmark = pytest.mark.usefixtures("pygame_quit")
CARD_EVENTS = {"packet", "turn_up", "card_played", "card_drawn", "trick_won", "meld_declared", "seven_exchanged"}


class Watch:
    """Every tick of the window: for each card, how many frames in a row it has been travelling (its place or size
    changed from one frame to the next; the lift of a card under the pointer is apart, see the last test); and
    for each event shown, whether it set a card landing."""

    def __init__(self, app) -> None:
        self.app = app
        self.last: dict[int, tuple[float, float, float]] = {}
        self.run: dict[int, int] = {}
        self.longest = 0
        self.events: list[tuple[str, bool, bool]] = []  # (kind, a card set landing, every landing calm)
        self.floaters: list = []
        real_tick, stage = app.tick, table_of(app).stage
        real_show = stage.show

        def tick(dt, events=None):
            busy = real_tick(dt, events)
            self.frame()
            return busy

        def show(event):
            real_show(event)
            landing = [s for s in stage.sprites.values() if s.tween is not None]
            self.events.append((event.kind, bool(landing), all(s.calm for s in landing)))
            self.floaters.extend(f for f in stage.floaters if f not in self.floaters)

        app.tick, stage.show = tick, show

    def frame(self) -> None:
        now = {}
        for key, sprite in table_of(self.app).stage.sprites.items():
            now[key] = (round(sprite.cx, 1), round(sprite.cy, 1), round(sprite.height, 1))
            moved = key in self.last and self.last[key] != now[key]
            self.run[key] = self.run.get(key, 0) + 1 if moved else 0
            self.longest = max(self.longest, self.run[key])
        self.last = now


def play(reduce_motion: bool, moves: int = 14) -> Watch:
    app, _ = make_app(seed=4, speed="normal", reduce_motion=reduce_motion)
    watch = Watch(app)
    rng = random.Random(2)
    for _ in range(moves):
        step(app, rng)
    return watch


def test_with_reduce_motion_no_card_moves_over_several_frames_and_every_change_is_seen() -> None:
    watch = play(reduce_motion=True)
    kinds = {kind for kind, _, _ in watch.events}
    assert {"packet", "turn_up", "card_played", "trick_won", "card_drawn"} <= kinds
    assert watch.longest == 1  # a card is at its new place in the frame after it leaves the old one
    for kind, landing, calm in watch.events:
        if kind in CARD_EVENTS:
            assert landing, kind  # a card lands, highlighted, where the event put it
            assert calm, kind
    assert all(f.target is None for f in watch.floaters)  # scores stay where they appear and fade there


def test_without_it_the_same_deal_flies() -> None:
    """The watch sees flights when there are some: the test above is not blind."""
    watch = play(reduce_motion=False, moves=4)
    assert watch.longest > 5


def test_a_calm_card_lands_at_once_then_glows_and_fades_in_where_it_landed() -> None:
    app, table = make_app(seed=4, speed="normal", reduce_motion=True)
    stage = table.stage
    for _ in range(400):  # the deal is under way: a card set landing, its first frame at its new place
        app.tick(DT)
        landing = [s for s in stage.sprites.values() if s.tween is not None and s.tween.elapsed > s.tween.delay]
        if landing:
            break
    sprite = landing[0]
    end = sprite.tween.end
    assert (sprite.cx, sprite.cy) == (end["cx"], end["cy"])  # at its place in the first frame of its landing
    assert sprite.arriving() is not None and sprite.moving  # glowing, so the window keeps drawing it
    drawn_glows = []
    real_glow = app.assets.glow

    def glow(height, colour):
        drawn_glows.append(colour)
        return real_glow(height, colour)

    app.assets.glow = glow
    app.draw()
    del app.assets.glow
    assert ARRIVAL_GLOW in drawn_glows
    for _ in range(200):
        app.tick(DT)
        if sprite.tween is None:
            break
    assert sprite.arriving() is None and (sprite.cx, sprite.cy) == (end["cx"], end["cy"])


def test_a_calm_card_lifts_and_turns_over_in_one_frame() -> None:
    from bezique.presenter.layout import Slot
    from bezique.ui.kit.sprites import CardSprite

    sprite = CardSprite(3, Slot(100, 100, 0, 120), face_up=False)
    sprite.calm = True
    sprite.lift_target = 18
    sprite.set_face(True, 0.3, delay=0.1)
    sprite.update(DT)
    assert sprite.lift == 18 and sprite.shown() == (False, 1.0)  # lifted at once; turns over when it lands
    for _ in range(6):
        sprite.update(DT)
        assert sprite.shown()[1] == 1.0  # never squeezed: no flip animation
    assert sprite.face_up and not sprite.moving
