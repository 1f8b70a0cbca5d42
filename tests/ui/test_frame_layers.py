"""The table's layers (``bezique.ui.kit.layers``): drawn once, blitted while what they show is unchanged, and drawn
again as soon as any of it changes (language, felt, text size, window size), with the same picture either way."""

import random

import pygame
import pytest
from ui_driver import DT, human_move, make_app, step, wait_rest

from bezique.i18n import t
from bezique.presenter.words import score_name
from bezique.rules import Verb
from bezique.ui.kit.layers import forget_layers
from bezique.ui.table import draw

pytestmark = pytest.mark.usefixtures("pygame_quit")  # conftest: pygame shut down after each test


def rendered(app) -> list[str]:
    """The texts the window renders for its next frame, its layers left as they are (a cached layer renders
    none: only what is drawn again shows)."""
    seen: list[str] = []
    real = app.assets.text

    def spy(text, *args, **kwargs):
        seen.append(text)
        return real(text, *args, **kwargs)

    app.assets.text = spy
    try:
        app.draw()
    finally:
        del app.assets.text
    return seen


def test_the_background_is_drawn_once_while_the_cards_fly():
    app, table = make_app(seed=4, speed="normal")
    rng = random.Random(1)
    wait_rest(app)
    # a trick won (its zone comes onto the felt, a change of the background) and the player to play a card
    while not any(table.stage.model.won.values()) or not (
            table.human_turn() and any(a.verb == Verb.PLAY for a in table.session.legal())):
        step(app, rng)
        wait_rest(app)
    drawn, frames = draw._BACKGROUND.drawn, app.frames
    assert human_move(app, rng) == "play"  # the player's card flies to the trick
    flying = 0
    for _ in range(30):
        flying += any(s.moving for s in table.stage.sprites.values())
        app.tick(DT)
    assert flying > 5 and app.frames > frames + 30
    assert draw._BACKGROUND.drawn == drawn
    assert t("table.tricks_won", "en") not in rendered(app)  # blitted whole, not rendered again


def test_a_frame_from_the_layers_is_the_frame_drawn_afresh():
    app, _table = make_app(seed=4)
    wait_rest(app)
    app.draw()
    cached = app.screen.copy()
    forget_layers()
    app.draw()
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(cached, "RGB")


def same_as_afresh(app) -> bool:
    """Whether the frame drawn now from the layers as they are is the frame drawn with every layer afresh."""
    app.draw()
    kept = pygame.image.tobytes(app.screen, "RGB")
    forget_layers()
    app.draw()
    return kept == pygame.image.tobytes(app.screen, "RGB")


def test_through_a_deal_the_kept_layers_show_what_a_fresh_frame_shows():
    """Scores landing, the turn passing, the tricks counted, the dealer, "thinking…": at every moment of a deal
    played with the mouse (and mid-flight), the picture from the kept layers is the picture drawn afresh."""
    app, table = make_app(seed=11, speed="normal", level="beginner")
    rng = random.Random(2)
    scores, moments = set(), 0
    while table.session.state.deal_index < 1 and moments < 400:
        step(app, rng)
        assert same_as_afresh(app)  # cards still flying, the badges' edges changing hands
        app.tick(DT)
        scores.add(tuple(table.session.state.scores))
        moments += 1
    assert len(scores) > 3  # the scores changed several times (melds, the last trick, the brisques)
    assert moments > 20


def test_the_status_says_assisted_at_once():
    """The game marked assisted (what an undo does) changes the status panel alone, the badges as they were: the
    kept panels follow it."""
    app, table = make_app(seed=11, level="beginner")
    wait_rest(app)
    app.draw()
    table.session.assisted = True
    texts = rendered(app)
    assert t("table.assisted", "en") in texts
    assert same_as_afresh(app)


def test_the_badges_are_painted_again_when_the_turn_passes_and_only_then():
    app, _table = make_app(seed=11, level="beginner")
    wait_rest(app)
    app.draw()
    drawn = draw._PANELS.drawn
    human_move(app, random.Random(1))
    for _ in range(5):
        app.tick(DT)
    assert draw._PANELS.drawn > drawn  # the turn passed: the badges' edges changed
    drawn = draw._PANELS.drawn
    for _ in range(5):
        app.draw()
    assert draw._PANELS.drawn == drawn  # nothing changed: blitted, not painted


def test_the_meld_captions_follow_the_melds_and_the_language():
    """A meld declared shows its caption at once (the memo of placed captions is keyed by the melds made); the
    language switched, the caption is said in the new one on the next frame."""
    app, table = make_app(seed=11, level="beginner")
    rng = random.Random(3)

    def worded_apart():  # a meld on the table whose name differs in Italian ("Bezique" does not)
        model = table.stage.model
        return next((r for r in model.records if set(r[2]) <= set(model.tables[r[0]])
                     and score_name(r[1], "it") != score_name(r[1], "en")), None)

    for _ in range(2000):
        wait_rest(app)
        if worded_apart() is not None or table.session.state.deal_index > 0:
            break
        step(app, rng)
    record = worded_apart()
    assert record is not None
    for lang in ("en", "it"):
        app.lang = lang
        named = score_name(record[1], lang)
        assert any(named in text for text in rendered(app)), lang
    assert same_as_afresh(app)


def test_the_background_follows_the_language():
    app, table = make_app(seed=4)
    rng = random.Random(2)
    wait_rest(app)
    while not any(table.stage.model.won.values()):  # the tricks won, with their heading, are on the felt
        step(app, rng)
        wait_rest(app)
    app.draw()
    drawn = draw._BACKGROUND.drawn
    app.lang = "it"
    texts = rendered(app)
    assert draw._BACKGROUND.drawn == drawn + 1
    assert t("table.tricks_won", "it") in texts
    assert t("table.tricks_won", "it") != t("table.tricks_won", "en")


def test_the_background_follows_the_felt_the_text_size_and_the_window_size():
    app, table = make_app(seed=4)
    wait_rest(app)
    app.draw()
    drawn = draw._BACKGROUND.drawn
    app.assets.set_table_colour("grey")
    app.draw()
    r, g, b = pygame.transform.average_color(app.screen.subsurface((0, 300, 8, 8)))[:3]
    assert abs(r - g) < 20 and abs(g - b) < 20  # grey baize at once, not the green kept
    app.set_text_size("large")
    app.draw()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=640, size=(1024, 640)))
    app.tick(DT)
    assert draw._BACKGROUND.drawn == drawn + 3
    assert table.stage.layout.width == 1024
