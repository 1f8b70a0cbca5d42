"""A failure shows a friendly message naming the log, writes the traceback there, and keeps the saved game."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent("""
    import random
    from bezique.commands.crash import run_guarded
    from bezique.rules import RecordedGame, legal_actions, make_ruleset, shuffled_deck
    from bezique.persist.saves import new_game_meta, save_game

    def main() -> int:
        rules = make_ruleset()
        rng = random.Random(3)
        game = RecordedGame.new(rules, [{"name": "Anna", "type": "human"},
                                        {"name": "Computer", "type": "ai", "level": "random"}], 0, 3)
        game.start_deal(shuffled_deck(rules, rng))
        for _ in range(9):
            game.act(rng.choice(legal_actions(game.state)))
            save_game(game, new_game_meta("computer", level="random"))
        raise RuntimeError("a bug in the middle of a deal")

    raise SystemExit(run_guarded(main))
""")


def test_crash_shows_message_logs_traceback_and_keeps_the_save(tmp_path: Path, monkeypatch) -> None:
    env = {**os.environ, "BEZIQUE_DATA_DIR": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", SCRIPT], cwd=tmp_path, env=env, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 1
    assert "Sorry, Bezique stopped" in result.stderr and "Ci dispiace" in result.stderr
    assert "Traceback" not in result.stderr
    logs = list((tmp_path / "logs").glob("crash-*.log"))
    assert len(logs) == 1 and str(logs[0]) in result.stderr
    log = logs[0].read_text(encoding="utf-8")
    assert "RuntimeError: a bug in the middle of a deal" in log and "Traceback" in log

    from bezique.persist import saves

    monkeypatch.setenv("BEZIQUE_DATA_DIR", str(tmp_path))
    loaded = saves.load_saved_game()
    assert loaded.problem is None and loaded.game is not None
    assert sum(len(d["actions"]) for d in loaded.game.to_dict()["deals"]) == 9
