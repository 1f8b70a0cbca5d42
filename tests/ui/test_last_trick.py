"""The last-trick popup: cards as large as the trick's, each named with who played it, the winner marked."""

import random

import pygame
import pytest
from ui_driver import DT, make_app, move, step, wait_rest

from bezique.presenter.layout import Layout, card_box
from bezique.ui.kit.assets import GOLD, MUTED
from bezique.ui.table import last_trick
from bezique.ui.table.last_trick import last_trick_title

pytestmark = pytest.mark.usefixtures("pygame_quit")  # conftest: pygame shut down after each test


def drawn(monkeypatch):
    """What the popup draws from now on: (colour, rect) of its rectangles, (text, colour) of its words."""
    rects, texts = [], []
    real_rect, real_text = pygame.draw.rect, last_trick.blit_text

    def rect(surface, colour, box, *args, **kwargs):
        rects.append((tuple(colour)[:3], pygame.Rect(box)))
        return real_rect(surface, colour, box, *args, **kwargs)

    def text(surface, assets, words, size, pos, colour, *args, **kwargs):
        texts.append((words, tuple(colour)))
        return real_text(surface, assets, words, size, pos, colour, *args, **kwargs)

    monkeypatch.setattr(pygame.draw, "rect", rect)
    monkeypatch.setattr(last_trick, "blit_text", text)
    return rects, texts


def test_peek_shows_big_named_cards_and_the_winner(monkeypatch):
    app, table = make_app(seed=3, level="intermediate")
    rng = random.Random(3)
    for _ in range(400):
        wait_rest(app)
        if table.human_turn() and table.controls.can_peek() and table.session.state.tricks_done >= 2:
            break
        step(app, rng)
    else:
        pytest.fail("seed 3 never gave the player a turn after two tricks in 400 steps")
    L = table.stage.layout
    won = (int(L.won.cx), int(L.won.y + 12))
    move(app, won)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=won, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=won, button=1))
    app.tick(DT)
    assert table.controls.peek
    winner, trick = table.session.state.tricks_log[-1]
    assert table.stage.model.last_winner == winner and table.stage.model.last_trick == tuple(trick)
    box, slots = L.peek(len(trick))
    assert all(slot.height == L.mid_h for slot in slots)  # as large as the cards of the trick itself
    title = last_trick_title(table.readout)
    assert title == ("Last trick — you took it" if winner == table.stage.viewer else
                     f"Last trick — {table.session.seats[winner].name} took it")
    rects, texts = drawn(monkeypatch)
    app.draw()
    for (seat, _card), slot in zip(trick, slots, strict=True):
        card = pygame.Rect(card_box(slot).ints())
        frames = [r for colour, r in rects if colour == GOLD and r.contains(card) and r.w < 1.5 * card.w]
        assert bool(frames) == (seat == winner)  # a gold frame round the winning card only
        name = table.session.seats[seat].name
        colour = next(c for text, c in texts if text == name)
        assert colour == (GOLD if seat == winner else MUTED)  # and the winner's name in gold
    inside = (int(box.x + 6), int(box.bottom - 6))
    move(app, inside)
    assert table.controls.peek  # stays open while the pointer is on it
    move(app, (int(L.trick.cx), int(L.trick.cy)))
    assert not table.controls.peek


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_peek_layout_fits_every_card_and_name(players, size):
    L = Layout.for_size(*size, players)
    box, slots = L.peek(players)
    assert len(slots) == players
    assert box.x >= 0 and box.right <= size[0] and box.y >= 0 and box.bottom <= size[1]
    cards = [card_box(slot) for slot in slots]
    for i, card in enumerate(cards):
        assert box.x < card.x and card.right < box.right and box.y + 20 * L.s < card.y
        assert card.bottom + 20 * L.s < box.bottom  # room for the name under it
        assert i == 0 or cards[i - 1].right < card.x  # side by side, none hidden
    assert slots[0].height >= (L.mid_h if players == 2 else 0.6 * L.mid_h)
