"""Game records (RECORD.md): writing, reading, replaying, and the replay command's outputs and exit codes."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bezique.commands.bench import bench_rules
from bezique.commands.cli import main
from bezique.rules import (
    IllegalActionError,
    Phase,
    RecordedGame,
    RecordError,
    face_code,
    legal_actions,
    make_card,
    make_face,
    make_ruleset,
    parse_action,
    parse_code,
    replay_record,
    shuffled_deck,
)

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = [{"name": "Anna", "type": "human"}, {"name": "Computer", "type": "ai", "level": "random"}]


def random_game(seed: int, target: int = 500, max_actions: int | None = None, variant: str = "two_handed",
                players: list | None = None) -> RecordedGame:
    """A game of random legal actions, played through the recording (checked) path."""
    rules = make_ruleset(variant, {"target_score": target})
    rng = random.Random(seed)
    players = players or [{"name": f"P{i}", "type": "ai"} for i in range(rules.players)]
    game = RecordedGame.new(rules, players, rng.randrange(rules.players), seed)
    done = 0
    while game.state.phase != Phase.OVER:
        game.start_deal(shuffled_deck(rules, rng))
        while game.state.phase not in (Phase.AWAIT_DEAL, Phase.OVER):
            if max_actions is not None and done >= max_actions:
                return game
            game.act(rng.choice(legal_actions(game.state)))
            done += 1
    return game


def state_signature(game: RecordedGame) -> tuple:
    s = game.state
    return (s.phase, tuple(s.scores), s.winner, s.finished, s.dealer, s.deal_index, tuple(map(tuple, s.hands)),
            tuple(map(tuple, s.tables)), tuple(s.stock), tuple(s.log), tuple(s.past_deals))


@pytest.mark.parametrize("variant", ["two_handed", "open", "three_handed", "four_handed", "six_handed", "rubicon",
                                     "chinese"])
def test_complete_games_round_trip_through_json(variant: str) -> None:
    for seed in range(6 if variant not in ("rubicon", "chinese") else 2):
        game = random_game(seed, variant=variant)
        again = replay_record(json.loads(game.to_json()))
        assert state_signature(again) == state_signature(game)
        assert again.to_dict() == game.to_dict()


def test_unfinished_game_replays_to_the_same_decision() -> None:
    game = random_game(3, max_actions=57)
    again = replay_record(game.to_dict())
    assert state_signature(again) == state_signature(game)
    assert legal_actions(again.state) == legal_actions(game.state)


def write(tmp_path: Path, doc: dict) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def test_replay_json_output_of_finished_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = random_game(11)
    assert main(["replay", write(tmp_path, game.to_dict()), "--json", "--legal"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] is True
    assert out["winner"] == game.state.winner
    assert out["scores"] == game.state.scores
    assert out["legal"] == [] and out["to_act"] is None
    assert len(out["deals"]) == len(game.to_dict()["deals"])
    assert sum(sum(d["points"]) for d in out["deals"]) == sum(game.state.scores)
    for deal in out["deals"]:
        assert deal["trump"] in ("S", "H", "D", "C")
        for meld in deal["melds"]:
            assert set(meld) == {"player", "kind", "cards", "points"}


def test_replay_legal_lists_copies_and_sorted_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = random_game(4, max_actions=30)
    assert main(["replay", write(tmp_path, game.to_dict()), "--json", "--legal"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["to_act"] == game.state.to_act
    assert out["finished"] is False and out["winner"] is None
    plays = [a["play"] for a in out["legal"] if "play" in a]
    assert all("#" in code for code in plays)
    order = "ATKQJ987"
    keys = [(order.index(c[0]), "SHDC".index(c[1]), int(c.split("#")[1])) for c in plays]
    assert keys == sorted(keys)


def test_replay_stops_when_next_deal_entry_is_missing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = random_game(2, target=1000)
    doc = game.to_dict()
    assert len(doc["deals"]) > 1, "seed 2 no longer plays more than one deal: pick a seed that does"
    doc["deals"] = doc["deals"][:1]
    assert main(["replay", write(tmp_path, doc), "--json", "--legal"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {**out, "finished": False, "legal": [], "to_act": None}


def run_replay(path: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bezique", "replay", path], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)


def test_illegal_action_exits_2_with_one_line_naming_deal_and_action(tmp_path: Path) -> None:
    game = random_game(8, max_actions=10)
    doc = game.to_dict()
    actions = doc["deals"][0]["actions"]
    seat = actions[0]["player"]
    deck = doc["deals"][0]["deck"]
    # The first action is the elder's lead: make it a card the elder was not dealt.
    dealt = replay_record({**doc, "deals": [{"deck": deck, "actions": []}]}).state.hands[seat]
    elder_faces = {face_code(c) for c in dealt}
    stranger = next(code for code in deck if code not in elder_faces)
    actions[0] = {"player": seat, "play": stranger}
    result = run_replay(write(tmp_path, doc))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"replay: deal 1, action 1 (player {seat} play {stranger}): ")
    assert "not in seat" in lines[0]


@pytest.mark.parametrize("mutate, fragment", [
    (lambda d: d.update(version=2), "newer than this program reads"),
    (lambda d: d.update(format="pgn"), "format"),
    (lambda d: d.update(variant="five_handed"), "variant"),
    (lambda d: d.update(rules={"target_score": 700}), "target_score: 700 is not allowed"),
    (lambda d: d.update(rules={"no_such_key": 1}), "no_such_key: unknown rule key"),
    (lambda d: d.update(first_dealer=5), "first_dealer"),
    (lambda d: d["deals"][0]["deck"].pop(), "the deck has 63 cards"),
    (lambda d: d["deals"][0]["deck"].__setitem__(0, "XX"), "is not a card"),
    (lambda d: d["deals"][0]["actions"].__setitem__(0, {"player": 0}), "exactly one verb"),
    (lambda d: d["deals"][0]["actions"].__setitem__(0, {"player": 1 - d["deals"][0]["actions"][0]["player"],
                                                        "done": True}), "turn"),
])
def test_malformed_records_exit_2_with_a_clear_line(tmp_path: Path, mutate, fragment: str) -> None:
    doc = copy.deepcopy(random_game(9, max_actions=5).to_dict())
    mutate(doc)
    result = run_replay(write(tmp_path, doc))
    assert result.returncode == 2, result.stdout
    assert fragment in result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_action_after_end_of_game_is_an_error() -> None:
    doc = random_game(12).to_dict()
    doc["deals"][-1]["actions"].append({"player": 0, "done": True})
    with pytest.raises(RecordError, match="already over"):
        replay_record(doc)
    doc = random_game(12).to_dict()
    doc["deals"].append(copy.deepcopy(doc["deals"][0]))
    with pytest.raises(RecordError, match="already over"):
        replay_record(doc)


def test_unreadable_and_non_json_files_exit_2(tmp_path: Path) -> None:
    assert run_replay(str(tmp_path / "missing.json")).returncode == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    result = run_replay(str(bad))
    assert result.returncode == 2 and "not valid JSON" in result.stderr and "Traceback" not in result.stderr


def test_plain_code_means_lowest_equivalent_copy_and_ambiguity_is_reported() -> None:
    """A plain code resolves to the lowest copy when all copies the player could mean are equivalent."""
    game = random_game(21, max_actions=0)
    state = game.state
    seat = state.to_act
    hand = state.hands[seat]
    card = hand[0]
    _, action = parse_action(state, {"player": seat, "play": face_code(card)})
    same_face = sorted(c for c in hand if c & 31 == card & 31)
    assert action.cards == (same_face[0],)
    # Put one copy on the table with a meld history: now the plain code is ambiguous.
    face = make_face(0, 3)  # QS
    q0, q1 = make_card(face, 0), make_card(face, 1)
    for c in (q0, q1):
        for owner in range(2):
            if c in state.hands[owner]:
                state.hands[owner].remove(c)
            if c in state.tables[owner]:
                state.tables[owner].remove(c)
        if c in state.stock:
            state.stock.remove(c)
    state.hands[seat].append(q1)
    state.tables[seat].append(q0)
    state.hist[q0] = (0,)
    with pytest.raises(IllegalActionError, match="ambiguous"):
        parse_action(state, {"player": seat, "play": "QS"})
    assert parse_action(state, {"player": seat, "play": "QS#1"})[1].cards == (q1,)
    assert parse_code("QS#1") == (face, 1)


def test_bench_rules_plays_complete_deals() -> None:
    """On a clock that ticks once a game, a budget of 2.5 ticks plays exactly two games, the same ones each time."""
    def stepped() -> Callable[[], float]:
        ticks = iter(range(100))
        return lambda: float(next(ticks))

    deals, actions, elapsed = bench_rules(2.5, seed=4, clock=stepped())
    assert (deals, actions, elapsed) == bench_rules(2.5, seed=4, clock=stepped())
    assert deals >= 2 and actions > deals * 60 and elapsed == 4.0
