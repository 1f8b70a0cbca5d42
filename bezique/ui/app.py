"""The window and its loop: events to the top scene, time to every scene, drawing only when something changed.

When nothing moves and no input arrives the loop blocks in ``pygame.event.wait`` (no busy loop); while anything
animates, or the computer thinks, it runs at 60 frames a second. ``tick`` is one turn of the loop and is what the
tests and the benchmark drive, with real pygame events.

The first window is sized to the screen (``first_size``) unless a size is asked for; the size the player gives it
by resizing is handed to ``on_resize_saved`` when the window closes, so that the next start opens at it.

One thread owns the window (docs/ARCHITECTURE.md, "Threads"): every scene, the stack, ``dirty`` and whatever a
scene draws are read and written on the thread that runs this loop. Another thread that learns something the
window must show posts it to a mailbox (``bezique.mailbox``) whose reader the window's owner registers in
``drains``, and calls ``wake`` so that a loop asleep in ``pygame.event.wait`` comes round to read it.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable

import pygame

from bezique.i18n import t as _t
from bezique.presenter.layout import DEFAULT_SIZE, MIN_SIZE
from bezique.speech import Voice
from bezique.ui.card_art import CARD_ART
from bezique.ui.kit.assets import Assets, Sounds
from bezique.ui.kit.notice import WindowNotice
from bezique.ui.scene import Scene, SceneStack
from bezique.ui.shutdown import quit_pygame
from bezique.ui.speaking import MOVING_KEYS, Speaking

FPS = 60
SCREEN_SHARE = 0.85  # of the screen the first window takes
ASPECT = 16 / 9  # the shape the table's layout is drawn for (1280x720)
WAKE = pygame.event.custom_type()  # another thread posted something for the window: it reads it at once


def wake() -> None:
    """From any thread: wake the window's loop to read what was posted (SDL's event queue takes events from any
    thread; a window already closed has nothing to wake)."""
    with contextlib.suppress(pygame.error):
        pygame.event.post(pygame.event.Event(WAKE))


def first_size(desktop: tuple[int, int] | None, remembered: tuple[int, int] | None = None) -> tuple[int, int]:
    """The first window's size on a screen of `desktop` size: the `remembered` one (the last window's) where the
    screen holds it; else ``SCREEN_SHARE`` of the screen in the layout's shape, never smaller than the smallest
    layout (1024x640) when the screen holds that. No screen known: the remembered size, or 1280x720."""
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return remembered or DEFAULT_SIZE
    dw, dh = desktop
    if remembered is not None:
        return min(remembered[0], dw), min(remembered[1], dh)
    w = min(dw * SCREEN_SHARE, dh * SCREEN_SHARE * ASPECT)
    h = w / ASPECT
    return round(max(w, min(MIN_SIZE[0], dw))), round(max(h, min(MIN_SIZE[1], dh)))


class App:
    """The window (it is the ``Window`` every scene sees): the display, the assets and sounds, the scene stack and
    the loop. It knows nothing of what the scenes are; whoever builds it (``bezique.ui.scenes.start``) pushes them."""

    def __init__(self, size: tuple[int, int] | None = DEFAULT_SIZE, fullscreen: bool = False,
                 deck_colours: str = "classic", back: str = "blue", volume: float = 0.8, mute: bool = False,
                 title: str = "Bezique", text_size: str = "normal",
                 remembered: tuple[int, int] | None = None) -> None:
        """`size` None: sized to the screen (``first_size``, from the `remembered` size if any)."""
        self.started = time.perf_counter()
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(title)
        if size is None:
            desktops = pygame.display.get_desktop_sizes()
            size = first_size(desktops[0] if desktops else None, remembered)
        self.windowed_size = (max(size[0], 320), max(size[1], 240))
        self.opened_size = self.windowed_size
        self.on_resize_saved: Callable[[tuple[int, int]], None] | None = None  # the size to open at next time
        self.fullscreen = False
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self.text_size = text_size
        self.assets = Assets(CARD_ART, deck_colours=deck_colours, back=back, text_size=text_size)
        with contextlib.suppress(pygame.error):
            pygame.display.set_icon(self.assets.icon())
        sounds = CARD_ART.sounds
        self.sounds = Sounds(sounds, volume, mute) if os.environ.get("SDL_AUDIODRIVER") != "none" else \
            Sounds(sounds, 0, True)
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self.running = True
        self.dirty = True
        self.busy = True
        self.frames = 0
        self.first_frame_seconds: float | None = None
        self.lang = "en"  # "it" or "en": every scene reads its words through ``self.t``
        # what other threads posted, read at the start of each turn on this thread (each True when anything came)
        self.drains: list[Callable[[], bool]] = []
        self.voice = Voice()  # silent until ``use_voice`` (the player's settings, --speech, a screen reader)
        self.speaking = Speaking(self.voice, self.t)
        self.notice = WindowNotice()  # a short notice over any screen (F12 found no voice)
        self.drains.append(self.voice_news)
        if fullscreen:
            self.toggle_fullscreen()

    def t(self, key: str, **fmt: object) -> str:
        """The string `key` in the player's language."""
        return _t(key, self.lang, **fmt)

    def use_voice(self, voice: Voice) -> None:
        """Speak through `voice`; if it is on, its first words say which keys exist."""
        self.voice.close()
        self.voice = self.speaking.voice = voice
        voice.wake = wake  # the voice's thread wakes the window when it finds no voice
        if voice.enabled:
            self.speaking.greet(self.stack.top)

    def set_deck(self, deck_colours: str, back: str) -> None:
        """Swap the card images (settings applied live), keeping the felt's colour and the text size."""
        self.assets = Assets(CARD_ART, deck_colours=deck_colours, back=back, table_colour=self.assets.table_colour,
                             text_size=self.text_size)
        self.dirty = True

    def set_window_size(self, size: tuple[int, int] | None) -> None:
        """The window at `size` (None: sized to the screen), when it is a window (full screen keeps the screen and
        opens at it after F11)."""
        desktops = pygame.display.get_desktop_sizes()
        w, h = first_size(desktops[0] if desktops else None, size)
        self.windowed_size = self.opened_size = (max(w, 320), max(h, 240))
        if not self.fullscreen:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self._resized()

    def set_text_size(self, text_size: str) -> None:
        """Every screen's text at the `text_size` setting from the next frame (the scenes lay out again)."""
        if text_size != self.text_size:
            self.text_size = text_size
            self.assets.set_text_size(text_size)
            self._resized()

    def voice_news(self) -> bool:
        """What the voice's thread reported: speech the player turned on that cannot be heard is refused as a
        move would be (its sound; said in a notice, since no voice can say it). True when the window changed."""
        why = self.speaking.silenced()
        if why is None:
            return False
        self.sounds.play("illegal")
        self.notice.show(why)
        return True

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    # --- scene stack shortcuts ------------------------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        self.stack.push(scene)
        self.dirty = True

    def pop(self, scene: Scene | None = None) -> None:
        self.stack.pop(scene)
        self.dirty = True

    def replace(self, scene: Scene) -> None:
        self.stack.replace(scene)
        self.dirty = True

    def quit(self) -> None:
        """Close: the scenes go, and a window the player resized hands its size over to be opened at next time."""
        if self.running and self.on_resize_saved is not None and self.windowed_size != self.opened_size:
            self.on_resize_saved(self.windowed_size)
            self.opened_size = self.windowed_size
        self.running = False
        self.stack.clear()  # scenes cancel their workers in exit()
        self.voice.close()

    # --- the loop -------------------------------------------------------------------------------------------
    def toggle_fullscreen(self) -> None:
        """Full screen as a borderless window over the whole screen, and back to the window it was.

        Not SDL's FULLSCREEN: where no window manager grants it (seen on a bare X server), the window kept its
        size while the game drew a screen-sized layout, cropped into it; a borderless window placed at the corner
        covers the screen with or without one."""
        desktops = pygame.display.get_desktop_sizes()  # the screens as they are (Info() gives the window's size)
        desktop = desktops[0] if desktops and desktops[0][0] > 0 else self.windowed_size
        if self.fullscreen:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            w, h = self.windowed_size
            pygame.display.set_window_position((max(0, (desktop[0] - w) // 2), max(0, (desktop[1] - h) // 2)))
        else:
            self.windowed_size = self.screen.get_size()
            self.screen = pygame.display.set_mode(desktop, pygame.NOFRAME)
            pygame.display.set_window_position((0, 0))
        self.fullscreen = not self.fullscreen
        self._resized()

    def _resized(self) -> None:
        w, h = self.screen.get_size()
        for scene in self.stack.scenes:
            scene.resize(w, h)
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            w, h = max(event.w, MIN_SIZE[0] // 2), max(event.h, MIN_SIZE[1] // 2)
            if (w, h) != self.screen.get_size():
                self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            self.windowed_size = self.screen.get_size()
            self._resized()
            return
        if event.type in (pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED):
            surface = pygame.display.get_surface()
            if surface is not None and self.screen.get_size() != (event.x, event.y):
                self.screen = surface
            if not self.fullscreen:
                self.windowed_size = self.screen.get_size()
            self._resized()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWFOCUSGAINED, pygame.ACTIVEEVENT):
            self.dirty = True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN,
                          pygame.MOUSEWHEEL, pygame.KEYUP):
            self.dirty = True
        top = self.stack.top
        if event.type == pygame.KEYDOWN and self.speaking.key(event, top):
            return
        if top is not None:
            top.handle_event(event)
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP, pygame.TEXTINPUT):  # a typed text is echoed
                self.speaking.follow(self.stack.top, again=getattr(event, "key", None) in MOVING_KEYS)

    def tick(self, dt: float, events: list[pygame.event.Event] | None = None) -> bool:
        """One turn: read what other threads posted, handle `events` (default: the queue), advance time, draw if
        needed. Returns busy."""
        for drain in self.drains:
            if drain():
                self.dirty = True
        for event in pygame.event.get() if events is None else events:
            self.handle(event)
            if not self.running:
                return False
        dt = min(max(dt, 0.0), 0.1)
        busy = False
        scenes = list(self.stack.scenes)
        for scene in scenes:
            if scene in self.stack.scenes:
                busy = scene.update(dt, scene is self.stack.top) or busy
        busy = self.notice.update(dt) or busy
        if not self.running:
            return False
        if self.stack.top is not self.speaking.screen:  # a screen opened or closed by itself: said
            self.speaking.follow(self.stack.top, interrupt=False)
        if busy or self.dirty:
            self.draw()
        self.busy = busy
        return busy

    def draw(self) -> None:
        surface = self.screen
        for scene in self.stack.visible():
            scene.draw(surface)
        self.notice.draw(surface, self.assets)
        pygame.display.flip()
        self.dirty = False
        self.frames += 1
        if self.first_frame_seconds is None:
            self.first_frame_seconds = time.perf_counter() - self.started

    def run(self) -> int:
        """The main loop, until the window closes or a scene quits."""
        last = time.perf_counter()
        while self.running and self.stack.scenes:
            if self.busy or self.dirty:
                self.clock.tick(FPS)
                events = pygame.event.get()
            else:
                first = pygame.event.wait(250)  # sleeps: no busy loop when nothing moves
                events = ([first] if first.type != pygame.NOEVENT else []) + pygame.event.get()
            now = time.perf_counter()
            self.tick(now - last, events)
            last = now
        self.quit()
        quit_pygame()
        return 0

