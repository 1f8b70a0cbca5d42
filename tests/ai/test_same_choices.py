"""The computer plays exactly as it did before the speed work: seeded games between the levels in every variant,
seeded Expert games on a fixed number of sampled deals, and seeded rollouts (the rules' and the fast policy's)
give the very actions and end states recorded in ``same_choices.json``.

The rules' fast paths (``bezique.rules`` hot paths, ``bezique.ai.policy``) must change only the speed, never a
choice: any difference here means a fast path disagrees with the plain rules. A change that is *meant* to change
how the computer plays (a better search, a new weight) re-records the fixture on purpose, and says so in its
commit: ``PYTHONPATH=. python3 tests/ai/test_same_choices.py --record`` from the repository root (the path
for its helpers under ``tests``).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from bezique.ai import make_player
from bezique.ai.search import rollout
from bezique.rules import (
    Action,
    GameState,
    Phase,
    apply,
    legal_actions,
    make_ruleset,
    new_game,
    play_game,
    view_for,
)
from tests.dealing import dealt_game

FIXTURE = Path(__file__).with_name("same_choices.json")

# (name, variant, levels by seat, deals, seed, the Expert's sampled deals a decision): a fixed number of sampled
# deals, so that the Expert's choices do not depend on the machine's speed
GAMES = [
    ("expert-intermediate", "two_handed", ("expert", "intermediate"), 1, 11, 6),
    ("intermediate-expert", "two_handed", ("intermediate", "expert"), 1, 12, 6),
    ("expert-expert", "two_handed", ("expert", "expert"), 1, 13, 6),
    ("intermediate-beginner", "two_handed", ("intermediate", "beginner"), 3, 14, 0),
    ("open", "open", ("intermediate", "beginner"), 1, 15, 0),
    ("three_handed", "three_handed", ("intermediate", "beginner", "intermediate"), 1, 16, 0),
    ("four_handed", "four_handed", ("intermediate", "beginner", "intermediate", "beginner"), 1, 17, 0),
    ("six_handed", "six_handed", ("intermediate", "beginner") * 3, 1, 18, 0),
    ("rubicon", "rubicon", ("intermediate", "beginner"), 1, 19, 0),
    ("chinese", "chinese", ("beginner", "intermediate"), 1, 20, 0),
    ("three_handed_expert", "three_handed", ("expert", "intermediate", "beginner"), 1, 21, 4),
    ("four_handed_expert", "four_handed", ("expert", "intermediate") * 2, 1, 22, 2),
    ("rubicon_expert", "rubicon", ("intermediate", "expert"), 1, 23, 2),
]
ROLLOUT_SEEDS = range(40)  # each: a seeded two-handed position, rolled out by the rules and by the fast policy


def action_code(action: Action) -> str:
    """A short, exact text of an action: verb initial, cards, meld id, partner seat."""
    text = action.verb.value[:2] + ",".join(map(str, action.cards))
    if action.kind:
        text += ":" + action.kind
    if action.seat is not None:
        text += "@" + str(action.seat)
    return text


def state_code(state: GameState) -> str:
    """A digest of the parts of a state a rollout changes: scores, phase, tricks, the won piles, hands, tables,
    melds and trump (a digest keeps the fixture small; a difference is found again by re-running both versions)."""
    text = json.dumps([state.scores, state.phase.value, state.tricks_done, state.won, state.hands, state.tables,
                       [r.kind for r in state.records], state.trump])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def play_seeded(variant: str, levels: tuple[str, ...], deals: int, seed: int, iterations: int) -> str:
    """Every action of a seeded game between `levels` (each seat's player reads its own view only; the Expert
    samples `iterations` deals a decision)."""
    rules = make_ruleset(variant)
    players = [make_player(level, seed * 10 + s, **({"iterations": iterations} if level == "expert" else {}))
               for s, level in enumerate(levels)]
    codes: list[str] = []

    def choose(state: GameState, seat: int) -> Action:
        view = view_for(state, seat)
        action = players[seat].choose(view, view.legal)
        codes.append(action_code(action))
        return action

    state = play_game(new_game(rules, seed % rules.players), [choose] * rules.players,
                      lambda deal: random.Random(f"same-{seed}-{deal}"), max_deals=deals)
    return " ".join(codes) + " | " + json.dumps(state.scores)


def rollout_position(seed: int) -> GameState:
    """A two-handed deal played at random for a seeded number of actions (into the final tricks, now and then)."""
    rng = random.Random(seed)
    state = dealt_game(make_ruleset("two_handed"), seed % 2, rng)
    for _ in range(rng.randrange(5, 110)):
        if state.phase not in (Phase.PLAY, Phase.DECLARE):
            break
        apply(state, rng.choice(legal_actions(state)))
    return state


def rolled_out(seed: int) -> list[str]:
    """The end states of a seeded position's rollouts: the rules for six tricks, the fast policy to the end, and
    the fast policy stopped where the final tricks begin."""
    start = rollout_position(seed)
    out = []
    for rule_tricks, horizon, to_final in ((99, 6, False), (0, 99, False), (0, 99, True)):
        state = start.clone()
        rollout(state, random.Random(seed), rule_tricks=rule_tricks, horizon=horizon, to_final=to_final, own=0)
        out.append(state_code(state))
    return out


def record() -> dict:
    return {"games": {game[0]: play_seeded(*game[1:]) for game in GAMES},
            "rollouts": [rolled_out(seed) for seed in ROLLOUT_SEEDS]}


@pytest.fixture(scope="module")
def recorded() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.mark.parametrize(("name", "variant", "levels", "deals", "seed", "iterations"), GAMES,
                         ids=[g[0] for g in GAMES])
def test_seeded_games_choose_the_same_actions(recorded: dict, name: str, variant: str, levels: tuple[str, ...],
                                              deals: int, seed: int, iterations: int) -> None:
    now = play_seeded(variant, levels, deals, seed, iterations).split(" ")
    before = recorded["games"][name].split(" ")
    first = next((i for i, (a, b) in enumerate(zip(now, before, strict=False)) if a != b), min(len(now), len(before)))
    assert now == before, (f"{name}: action {first} differs: now {now[first:first + 3]}, "
                           f"before {before[first:first + 3]}")


def test_seeded_rollouts_end_the_same(recorded: dict) -> None:
    for seed in ROLLOUT_SEEDS:
        assert rolled_out(seed) == recorded["rollouts"][seed], f"rollouts of position {seed}"


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        sys.exit("usage: PYTHONPATH=. python3 tests/ai/test_same_choices.py --record  (re-records same_choices.json)")
    FIXTURE.write_text(json.dumps(record(), indent=0) + "\n", encoding="utf-8")
    print(f"recorded {FIXTURE}")
