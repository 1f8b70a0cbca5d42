"""``python -m bezique bench ui``: frame times with a busy table, idle CPU, and time to the first frame.

Runs under the dummy video driver unless a display is asked for. The busy table has full hands, melds on both
sides, and cards kept flying (scattered and sent home again) with scores rising, for a fixed number of frames.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bezique.presenter.session import GameSession
    from bezique.ui.app import App
    from bezique.ui.table.scene import TableScene


def add_ui_bench_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--frames", type=int, default=600, help="frames to time with animations running")
    parser.add_argument("--size", default="1280x720", help="window size, e.g. 1920x1080")
    parser.add_argument("--idle-seconds", type=float, default=2.0, help="how long to measure the idle loop")
    parser.add_argument("--seed", type=int, default=7)


def _env() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _busy_table(size: tuple[int, int], seed: int) -> tuple[App, TableScene[GameSession], random.Random]:
    """A window whose table shows full hands and melds on both sides, the deal still going: both seats played by
    the intermediate, which declares what it can and keeps its melds for more (random play seldom holds a meld at
    all: every deal then ran to the end of the game, and the frames timed were the scoreboard's over an empty
    table)."""
    from bezique.ai import make_player
    from bezique.config import Config
    from bezique.rules import Phase
    from bezique.ui.bare import open_table
    rng = random.Random(seed)
    app, table = open_table(Config(), [], size=size, seed=seed, fullscreen=False, animation_speed="normal",
                            computer_pace="instant")
    stage = table.stage
    stage.cut_timer = 0.0
    session = table.session
    players = [make_player("intermediate", seed + seat) for seat in range(session.rules.players)]
    while not session.over:
        if session.awaiting_deal:
            session.start_deal()
        seat = session.to_act
        assert seat is not None  # a deal under way has a seat to act
        view = session.view(seat)  # the bench plays every seat as the computer would: no table reads this
        if all(len(t) >= 3 for t in view.tables) and view.phase == Phase.PLAY and seat == 0 and not view.trick:
            break
        session.make_move(players[seat].choose(view, list(view.legal)))
    else:
        raise RuntimeError(f"bench ui: no busy table found with seed {seed}")
    stage.rebuild(animate=False)
    stage.need_sync = False
    return app, table, rng


def _stir(table: TableScene[GameSession], rng: random.Random) -> None:
    """Scatter a few cards and send them home; raise a score: the animations a deal keeps running."""
    from bezique.ui.kit.floaters import Floater
    stage = table.stage
    keys = [k for k, s in stage.sprites.items() if s.visible]
    w, h = stage.layout.width, stage.layout.height
    for key in rng.sample(keys, min(6, len(keys))):
        sprite = stage.sprites[key]
        sprite.cx, sprite.cy = rng.uniform(0, w), rng.uniform(0, h)
        sprite.set_face(not sprite.face_up, 0.2)
    stage.retarget()
    stage.floaters.append(Floater("+40  Bezique", w / 2, h / 2, (255, 214, 120)))


def _median_p99(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def _tick(app: App, wall: list[float], cpu: list[float]) -> float:
    """One frame: its wall-clock time (ms) added to `wall`, and the CPU time the window's thread spent on it to
    `cpu` (what the drawing costs, whatever else the machine runs: on a shared machine the wall-clock p99 is the
    other programs' as much as the window's). Returns the frame's start."""
    start, used = time.perf_counter(), time.thread_time()
    app.tick(1 / 60)
    wall.append((time.perf_counter() - start) * 1000)
    cpu.append((time.thread_time() - used) * 1000)
    return start


def _frames_while_thinking(app: App, table: TableScene[GameSession], rng: random.Random, frames: int, pooled: bool) \
        -> tuple[tuple[float, float], tuple[float, float]]:
    """(median, p99) frame time in ms, and the same of the window thread's CPU time, with cards flying while the
    expert thinks, one decision after another, about a deal's first lead: through the table's own worker (its
    process pool) when `pooled`, else on a plain thread of the window's process (what the window did before)."""
    import threading

    from bezique.rules import make_ruleset, new_game, shuffled_deck, start_deal, view_for

    turns = table.turns
    state = new_game(make_ruleset("two_handed"), 0)  # the first lead of a deal: a full search every time
    start_deal(state, shuffled_deck(state.rules, random.Random(rng.getrandbits(32))))
    seat = state.to_act
    assert seat is not None  # a deal just dealt has a seat to lead
    view = view_for(state, seat)
    legal = list(view.legal)
    hinter = turns.hinter
    worker = turns.worker
    stop = threading.Event()

    def think_on() -> None:
        while not stop.is_set():
            hinter.decide(view, legal, stop)

    thread = None if pooled else threading.Thread(target=think_on, name="bezique-bench", daemon=True)
    if thread is not None:
        thread.start()
    times: list[float] = []
    cpu: list[float] = []
    for _ in range(max(frames, 10)):
        if pooled and not worker.busy:
            worker.poll()
            worker.start(lambda stop: hinter.decide(view, legal, stop), tag=("bench",))
        if not any(s.moving for s in table.stage.sprites.values()) or rng.random() < 0.05:
            _stir(table, rng)
        start = _tick(app, times, cpu)
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - start)))  # a real frame's pace: thinking runs between
    stop.set()
    worker.cancel()
    if thread is not None:
        thread.join(5)
    return _median_p99(times), _median_p99(cpu)


def _first_frame() -> None:
    """Child process: open the window, draw one frame, print the wall-clock time."""
    _env()
    from bezique.config import Config
    from bezique.ui.bare import open_table
    app, _ = open_table(Config(), [], fullscreen=False, computer_pace="instant")
    while app.first_frame_seconds is None:
        app.tick(1 / 60)
    print(f"{time.time():.6f}")


def run_ui_bench(args: argparse.Namespace) -> int:
    _env()
    import pygame

    from bezique.presenter.layout import parse_size
    size = parse_size(args.size)
    # 1. time to the first frame, in a fresh process
    t0 = time.time()
    out = subprocess.run([sys.executable, "-c", "from bezique.ui.bench import _first_frame; _first_frame()"],
                         capture_output=True, text=True, cwd=os.path.dirname(os.path.dirname(os.path.dirname(
                             os.path.abspath(__file__)))), env=os.environ.copy(), check=False)
    try:
        first = float(out.stdout.strip().splitlines()[-1]) - t0
    except (ValueError, IndexError):
        print(out.stderr, file=sys.stderr)
        first = float("nan")
    # 2. frame times with everything moving
    app, table, rng = _busy_table(size, args.seed)
    for _ in range(30):  # warm the image caches, as the first seconds of a game do
        _stir(table, rng)
        app.tick(1 / 60)
    times: list[float] = []
    cpu: list[float] = []
    for _ in range(max(args.frames, 10)):
        if not any(s.moving for s in table.stage.sprites.values()) or rng.random() < 0.05:
            _stir(table, rng)
        _tick(app, times, cpu)
    median, p99 = _median_p99(times)
    cpu_median, cpu_p99 = _median_p99(cpu)
    # 2b. the same while the computer thinks: in its process pool (the window's way), then on a plain thread
    pooled, pooled_cpu = _frames_while_thinking(app, table, rng, args.frames, pooled=True)
    threaded, _threaded_cpu = _frames_while_thinking(app, table, rng, args.frames, pooled=False)
    # 3. idle: nothing moves; the real loop must sleep
    table.stage.floaters.clear()
    for sprite in table.stage.sprites.values():
        sprite.tween, sprite.flip = None, None
        sprite.lift = sprite.lift_target
    for _ in range(5):
        app.tick(1 / 60)
    pygame.time.set_timer(pygame.QUIT, int(args.idle_seconds * 1000), 1)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    app.busy = False
    app.dirty = False
    app.run()
    idle = (time.process_time() - cpu0) / max(time.perf_counter() - wall0, 1e-9) * 100
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"bench ui at {size[0]}x{size[1]} ({len(times)} frames, {len(table.stage.sprites)} cards on the table; "
          f"load {load:.2f})")
    print(f"  frame time    median {median:.2f} ms   p99 {p99:.2f} ms   (goal: p99 < 8 ms)")
    print(f"  frame CPU     median {cpu_median:.2f} ms   p99 {cpu_p99:.2f} ms   (the window's thread, the same frames; "
          f"while the expert thinks: median {pooled_cpu[0]:.2f} ms p99 {pooled_cpu[1]:.2f} ms)")
    print(f"  (on a thread  median {threaded[0]:.2f} ms   p99 {threaded[1]:.2f} ms   while the expert thinks in the "
          "window's process, for comparison)")
    print(f"  thinking: median {pooled[0]:.2f} ms p99 {pooled[1]:.2f} ms   (the expert in its process pool; "
          "goal: p99 < 8 ms)")
    print(f"  idle CPU      {idle:.1f}% of a core                 (goal: < 5%)")
    print(f"  first frame   {first:.2f} s after process start    (goal: < 1.5 s)")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bezique bench ui")
    add_ui_bench_arguments(parser)
    return run_ui_bench(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
