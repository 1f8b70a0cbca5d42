"""What a frame would otherwise draw again sixty times a second though it has not changed: a layer (a part of the
picture drawn once into its own surface and blitted whole while what it shows is the same) and translucent rounded
shapes (the dark pills under captions and prompts), made once per size and colour.

Why: a busy table spent most of its frame time blitting large translucent surfaces (the felt's wells, a fresh
ellipse and fresh pills every frame) that never changed between two frames.

A layer is keyed by everything its drawing reads (``Layer.blit``'s `key`), so it is drawn again as soon as any of
it changes, and is otherwise only blitted. ``forget_layers`` drops every layer's picture: the next frame draws all
of them afresh, and every shape and memo (the tests that ask what a frame says call it, so that they see every
text drawn, and compare a frame with one drawn from nothing kept).
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar

import pygame

_layers: weakref.WeakSet[Layer] = weakref.WeakSet()
_shapes: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
_clears: list[Callable[[], None]] = [_shapes.clear]  # what ``forget_layers`` empties besides the layers
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
SHAPES_KEPT = 200  # translucent pictures kept (least recently used dropped first): a window uses a few dozen


class Layer:
    """One part of the picture, as large as the surface it goes on and opaque (it starts from whatever its drawing
    lays first, the felt), kept while its key is unchanged."""

    def __init__(self) -> None:
        self._key: tuple[tuple[int, int], int, Hashable] | None = None
        self._surface: pygame.Surface | None = None
        self.drawn = 0  # how many times it was drawn (rather than only blitted): tests count them
        _layers.add(self)

    def blit(self, surface: pygame.Surface, key: Hashable, draw: Callable[[pygame.Surface], None]) -> None:
        """Blit the layer onto `surface` at its corner, first drawing it with ``draw(layer)`` if `key` (what the
        drawing reads) or the surface's size or format differ from the last time."""
        full = (surface.get_size(), surface.get_bitsize(), key)
        if self._surface is None or self._key != full:
            self._surface = pygame.Surface(surface.get_size(), 0, surface)  # the screen's format: a plain copy
            draw(self._surface)
            self._key = full
            self.drawn += 1
        surface.blit(self._surface, (0, 0))

    def forget(self) -> None:
        self._key, self._surface = None, None


def forget_layers() -> None:
    """Every layer, shape and memo (``memo``) made afresh on the next frame."""
    for layer in list(_layers):
        layer.forget()
    for clear in _clears:
        clear()


def memo() -> dict[K, V]:
    """A dict for a drawing to keep what it worked out by all it was worked out from (its keys), emptied by
    ``forget_layers`` with the layers, so that a test's fresh frame works it all out again."""
    cache: dict[K, V] = {}
    _clears.append(cache.clear)
    return cache


def kept(key: Hashable, size: tuple[int, int], make: Callable[[pygame.Surface], object]) -> pygame.Surface:
    """The translucent picture `key`, drawn by ``make(surface)`` on a clear surface of `size` the first time and
    kept (least recently used dropped first): blit it, never draw on it. `key` says all that `make` reads."""
    surf = _shapes.get(key)
    if surf is None:
        surf = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
        make(surf)
        _shapes[key] = surf
        if len(_shapes) > SHAPES_KEPT:
            _shapes.popitem(last=False)
    else:
        _shapes.move_to_end(key)
    return surf


def rounded(size: tuple[int, int], rgba: tuple[int, int, int, int], radius: int) -> pygame.Surface:
    """A translucent rounded rectangle of `size` filled with `rgba` (a pill when `radius` is half its height),
    made once and kept: blit it, never draw on it."""
    return kept(("rect", size, rgba, radius), size,
                lambda surf: pygame.draw.rect(surf, rgba, surf.get_rect(), border_radius=radius))


def ellipse(size: tuple[int, int], rgba: tuple[int, int, int, int]) -> pygame.Surface:
    """A translucent filled ellipse of `size`, made once and kept: blit it, never draw on it."""
    return kept(("ellipse", size, rgba), size, lambda surf: pygame.draw.ellipse(surf, rgba, surf.get_rect()))
