"""``python -m bezique bench speech``: what playing by ear costs, in keys and in time.

* Keys: a two-handed deal against the computer played through the real window (dummy drivers) by the ear player
  (``ear_player.EarPlayer``: it reads only the speech log and presses only keys), beside the clicks a sighted
  player makes for the same moves (one a decision: a card, a meld, the seven, Draw).
* Delay from a key to its speech: a reading key posted to the window, timed to the moment its line reaches the
  voice on the voice's thread (the game's own part, many times); then, where a voice answers (Speech Dispatcher here, at
  ``SPEECHD_ADDRESS`` if set), to the moment that voice reports it began speaking. Figures are printed, never
  asserted: the machine decides them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bezique.ui.app import App
    from bezique.ui.table.scene import TableScene

FRAME = 1 / 60
VOICE_WAIT = 5.0  # seconds a real voice is given to begin, each time (a guard: a voice that never begins is said)


def add_speech_bench_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, default=6, help="the deal's shuffle (default 6: melds and the seven)")
    parser.add_argument("--presses", type=int, default=300, help="reading keys timed in the window (default 300)")
    parser.add_argument("--voiced", type=int, default=20, help="reading keys timed to a real voice (default 20)")


class TimedVoice:
    """A backend that notes when each line reaches it, and passes it on to a real voice if there is one."""

    name = "timed"

    def __init__(self, inner: Any = None) -> None:
        self.inner = inner
        self.said_at: list[float] = []
        self.reached = threading.Event()  # set as each line reaches it (on the voice's thread)

    def say(self, text: str, interrupt: bool) -> None:
        self.said_at.append(time.perf_counter())
        self.reached.set()
        if self.inner is not None:
            self.inner.say(text, interrupt)

    def silence(self) -> None:
        if self.inner is not None:
            self.inner.silence()

    def set_rate(self, rate: int) -> None:
        if self.inner is not None:
            self.inner.set_rate(rate)

    def close(self) -> None:
        if self.inner is not None:
            self.inner.close()


def _table(seed: int, log: Path | None, backend: Any = None) -> tuple[App, TableScene[Any]]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import dataclasses

    from bezique.config import Config
    from bezique.speech import Voice
    from bezique.ui.bare import open_table
    config = Config()
    config = dataclasses.replace(config, ai=dataclasses.replace(config.ai, level="beginner"))
    app, table = open_table(config, [], size=(1280, 720), seed=seed, fullscreen=False, animation_speed="instant",
                            computer_pace="instant", language="en", trick_pause="off")
    app.use_voice(Voice(backend, log, enabled=True))
    return app, table


def _press(app: App, key: int) -> None:
    import pygame
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.tick(FRAME)


def _settle(app: App, table: TableScene[Any]) -> None:
    """Tick until the player is to act (each computer move finished before the next tick)."""
    for _ in range(20_000):
        if table.human_turn() or table.session.over:
            return
        app.tick(FRAME)
        if table.turns.worker.busy:
            table.turns.worker.wait(60.0)


def keys_for_a_deal(seed: int) -> tuple[int, int, dict[str, int]]:
    """(keys the ear player pressed, clicks a sighted player makes for the same moves, keys by kind) for one deal."""
    import pygame

    from bezique.ui.ear_player import DEAL_OVER, EarPlayer
    from bezique.ui.table.scoreboard import ResultOverlay
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "speech.log"
        app, table = _table(seed, log)
        kinds: dict[str, int] = {}

        def press(key: int) -> None:
            name = pygame.key.name(key)
            kinds[name] = kinds.get(name, 0) + 1
            _press(app, key)

        player = EarPlayer(log, press)
        for _ in range(60_000):
            app.tick(FRAME)
            if table.turns.worker.busy:
                table.turns.worker.wait(60.0)
            player.turn()
            if isinstance(app.stack.top, ResultOverlay) and DEAL_OVER in player.heard:
                break
        app.quit()
        return player.keys, len(player.moves), kinds


def key_to_line(seed: int, presses: int) -> list[float]:
    """Seconds from a reading key posted to the window to its line handed to the voice, `presses` times."""
    import pygame
    timed = TimedVoice()
    app, table = _table(seed, None, timed)
    _settle(app, table)
    delays = []
    for i in range(presses):
        timed.reached.clear()
        posted = time.perf_counter()
        _press(app, (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_5, pygame.K_6, pygame.K_7)[i % 6])
        if timed.reached.wait(VOICE_WAIT):  # the line crosses to the voice's thread
            delays.append(timed.said_at[-1] - posted)
    app.quit()
    return delays


def key_to_voice(seed: int, presses: int) -> tuple[str, list[float]]:
    """(the voice's name, seconds from a reading key to the voice beginning to speak its line) where Speech
    Dispatcher answers; ("", []) where it does not."""
    import pygame

    from bezique.speech.backend import speech_dispatcher
    found = speech_dispatcher()
    if found.backend is None:
        return "", []
    speech = found.backend.speech  # type: ignore[attr-defined]
    began = threading.Event()

    def callback(event_type: str, **_: object) -> None:
        if event_type == "begin":  # speechd's CallbackType.BEGIN
            began.set()

    speech._speak_callback = callback  # each line's events come here (speechlight looks it up at every line)
    timed = TimedVoice(found.backend)
    app, table = _table(seed, None, timed)
    _settle(app, table)
    delays = []
    for i in range(presses):
        began.clear()
        posted = time.perf_counter()
        _press(app, (pygame.K_7, pygame.K_3)[i % 2])
        if not began.wait(VOICE_WAIT):
            break
        delays.append(time.perf_counter() - posted)
    app.quit()
    return found.backend.name, delays


def _figures(delays: list[float]) -> str:
    ms = sorted(d * 1000 for d in delays)
    return (f"median {statistics.median(ms):.2f} ms, p95 {ms[int(len(ms) * 0.95) - 1]:.2f} ms, "
            f"max {ms[-1]:.2f} ms over {len(ms)}")


def run_speech_bench(args: argparse.Namespace) -> int:
    keys, clicks, kinds = keys_for_a_deal(args.seed)
    by_kind = ", ".join(f"{name} {count}" for name, count in sorted(kinds.items(), key=lambda kv: -kv[1]))
    print(f"speech: a two-handed deal by ear: {keys} keys ({by_kind}); a sighted player: {clicks} clicks "
          f"for the same {clicks} moves ({keys / max(clicks, 1):.1f} keys a move)")
    game_part = _figures(key_to_line(args.seed, args.presses))
    print(f"speech: key to line handed to the voice (the game's part): {game_part}")
    name, voiced = key_to_voice(args.seed, args.voiced)
    if not name:
        print("speech: no voice answers here (Speech Dispatcher): the delay to the voice is not measured")
    elif not voiced:
        print(f"speech: {name} never said it began speaking within {VOICE_WAIT:.0f} s")
    else:
        print(f"speech: key to {name} beginning to speak: {_figures(voiced)}")
    return 0
