"""``python -m bezique serve``: a headless host in its own process, over real localhost sockets. It prints the code
and the port, two friends join by the code and play, SIGTERM stops it cleanly (the friends told, the game saved,
status 0), and ``serve --continue`` hosts the saved game again with the same code, where it stopped. Every wait
is bounded by ``HANG_S`` only; nothing sleeps."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bezique.net.client import Client
from bezique.net.protocol import CloseReason, Closing, Update, Welcome
from bezique.persist import saves
from tests.net.hosting import HANG_S, wait_for

ROOT = Path(__file__).resolve().parents[2]


def serve(data: Path, *options: str) -> tuple[subprocess.Popen[str], dict[str, str]]:
    """A headless host started as a player would start it, and what it printed first (code, port, address)."""
    env = {**os.environ, "BEZIQUE_DATA_DIR": str(data)}
    process = subprocess.Popen([sys.executable, "-m", "bezique", "serve", "--bind", "127.0.0.1", *options],
                               cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    printed = {}
    for _ in range(3):
        key, _, value = process.stdout.readline().partition(": ")
        printed[key] = value.strip()
    return process, printed


def stopped(process: subprocess.Popen[str]) -> tuple[int, str]:
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=HANG_S)
    return process.returncode, err


def test_a_headless_host_serves_friends_and_stops_cleanly_with_the_game_saved(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BEZIQUE_DATA_DIR", str(tmp_path))
    process, printed = serve(tmp_path, "--port", "0", "--variant", "two_handed")
    try:
        assert printed["port"].isdigit() and printed["address"] == "127.0.0.1"
        ann, bob = Client("Ann", auto_rejoin=True), Client("Bob")
        for client in (ann, bob):
            client.connect(printed["code"])
            wait_for(client, Welcome)
        update = wait_for(ann, Update, lambda u: u.view.phase == "play")
        mover = ann if update.view.to_act == ann.seat else bob
        latest = mover.update if mover.update is not None and mover.update.version == update.version else \
            wait_for(mover, Update, lambda u: u.version == update.version)
        mover.send_move(latest.legal[0])
        wait_for(mover, Update, lambda u: u.version == update.version + 1)
    except BaseException:
        process.kill()
        raise
    status, err = stopped(process)
    assert status == 0, err
    assert "the game is saved" in err
    assert wait_for(bob, Closing).reason == CloseReason.HOST_QUIT
    bob.close()
    saved = saves.load_saved_game()
    assert saved.game is not None and len(saved.game.to_dict()["deals"][-1]["actions"]) == 1
    assert sorted(saved.game.players[s]["name"] for s in (0, 1)) == ["Ann", "Bob"]

    again, printed_again = serve(tmp_path, "--continue", "--port", printed["port"])
    try:
        assert printed_again["code"] == printed["code"]  # the code its friends know
        ann.close()
        back = Client("Ann")
        back.connect(printed["code"])
        assert wait_for(back, Welcome).seat in (0, 1)
        assert wait_for(back, Update).view.deal_index == 0  # where it stopped
        back.close()
    finally:
        status, err = stopped(again)
    assert status == 0, err


def test_a_port_out_of_range_is_refused_by_name() -> None:
    result = subprocess.run([sys.executable, "-m", "bezique", "serve", "--port", "70000"], cwd=ROOT,
                            capture_output=True, text=True, timeout=HANG_S)
    assert result.returncode == 2 and "70000 is not a port" in result.stderr
