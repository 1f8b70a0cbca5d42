"""The architecture, checked from the source: which part of bezique may import which (STYLE.md lesson 13).

Every import counts — at module level, inside a function, under ``if TYPE_CHECKING:`` — because each one is a
dependency a reader must follow and a cycle waiting to happen. The graph is read with ``ast``, never by importing,
so a broken module cannot hide its imports, and the checker is tried on a planted violation first so that it cannot
pass by finding nothing.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "bezique"

I_O_AND_CLOCKS = ("os", "pathlib", "io", "time", "datetime", "threading", "subprocess", "socket", "shutil",
                  "tempfile")


@dataclass(frozen=True)
class Rule:
    """Modules under `importer` may not import modules under any `forbidden` prefix, `why` says what it keeps.

    `except_from` lifts the rule for some importers, `except_to` for some targets (both prefixes)."""

    name: str
    importer: str
    forbidden: tuple[str, ...]
    why: str
    except_from: tuple[str, ...] = ()
    except_to: tuple[str, ...] = ()


# The window's top: the hosts of tables (the game's shell, the bare window and the screens they open over a table)
# and the tools that drive them. They compose the scenes and the table; nothing below them imports them back.
WINDOW_TOP = ("bezique.ui.shell", "bezique.ui.bare", "bezique.ui.screens", "bezique.ui.bench", "bezique.ui.pace_bench",
              "bezique.ui.fit_tour", "bezique.ui.fit_chat", "bezique.ui.speech_bench")

RULES = (
    Rule("rules-stand-alone", "bezique.rules", ("bezique",), "the rules core knows nothing of players, window or "
         "files", except_to=("bezique.rules",)),
    Rule("rules-no-libraries", "bezique.rules", ("pygame", "yaml", "platformdirs"), "the rules core runs anywhere"),
    Rule("rules-no-io-or-clock", "bezique.rules", I_O_AND_CLOCKS, "the rules are a pure function of state, action "
         "and the Random they are given: no files, processes, threads or clocks"),
    Rule("ai-below-the-window", "bezique.ai", ("bezique.ui", "bezique.presenter", "bezique.commands",
                                               "bezique.persist", "pygame"),
         "the computer players run headless in the arena: no window, presenter, verbs or per-user files"),
    Rule("pygame-only-in-ui", PACKAGE, ("pygame",), "only the window draws", except_from=("bezique.ui",)),
    Rule("ui-is-a-leaf", PACKAGE, ("bezique.ui",), "only the command verbs open the window",
         except_from=("bezique.ui", "bezique.commands")),
    Rule("ui-not-commands", "bezique.ui", ("bezique.commands",), "the verbs start the window, never the reverse"),
    Rule("texts-not-players", "bezique.i18n", ("bezique.ai",), "texts never import the players"),
    Rule("files-not-texts", "bezique.persist", ("bezique.i18n",), "per-user files never import texts"),
    Rule("net-headless", "bezique.net", ("pygame", "bezique.ui", "bezique.commands"),
         "the host and the client run without a window (tests, a headless host); the window uses them"),
    Rule("presenter-headless", "bezique.presenter", ("pygame", "bezique.ui"),
         "the session, model and layout are tested without a window"),
    Rule("rules-through-its-api", PACKAGE, tuple(f"bezique.rules.{path.stem}" for path in
                                                 sorted((ROOT / "bezique" / "rules").glob("[!_]*.py"))),
         "the rest of the program uses the rules only through bezique.rules (its __init__), so the core can move "
         "its insides freely", except_from=("bezique.rules",)),
    Rule("nothing-imports-the-lab", PACKAGE, ("lab",), "the research scripts of lab/ measure the game; the game "
         "never needs them, and its wheel does not carry them"),
    Rule("kit-is-game-free", "bezique.ui.kit", ("bezique",), "the window's kit (images, type, widgets, tweens) "
         "knows no rules, players, settings, words or files: the game hands it what it draws",
         except_to=("bezique.ui.kit", "bezique.geometry", "bezique.type_scale")),
    Rule("games-headless", "bezique.games", ("pygame", "bezique.ui", "bezique.commands"),
         "the one door into a game and its bookkeeping serve the window and a headless host alike"),
    Rule("the-door-above-the-game", PACKAGE, ("bezique.games",), "the door makes games out of the layers below it "
         "(rules, players, session, files, network); only the window and the commands go through it",
         except_from=("bezique.games", "bezique.ui", "bezique.commands")),
    Rule("mailbox-stands-alone", "bezique.mailbox", ("bezique",), "any thread may post to it: it knows nothing of "
         "what is posted", except_to=("bezique.mailbox",)),
    Rule("speech-is-game-free", "bezique.speech", ("bezique", "pygame"), "the voice and the speech log know no "
         "game and no window: the table's words come from presenter.narration, the screens' from the screens",
         except_to=("bezique.speech",)),
    Rule("window-top-on-top", "bezique.ui", WINDOW_TOP, "the scenes and the table are handed their host; they "
         "never import the shell, the bare window or the screens a host opens, which import them",
         except_from=WINDOW_TOP),
    Rule("nothing-imports-the-table-scene", "bezique.ui.table", ("bezique.ui.table.scene",),
         "the table's drawing modules are handed the scene, they never import it back",
         except_from=("bezique.ui.table.scene",)),
)


@dataclass(frozen=True)
class Import:
    """One import statement's dependency: `source` (a module of the package) needs `target` (any module)."""

    source: str
    target: str
    path: Path
    line: int

    def where(self, root: Path) -> str:
        return f"{self.path.relative_to(root)}:{self.line}: {self.source} -> {self.target}"


def under(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_modules(root: Path, package: str) -> dict[str, Path]:
    """Every module of `package` (found under `root`), by dotted name."""
    return {module_name(path, root): path for path in sorted(root.joinpath(*package.split(".")).rglob("*.py"))}


def imports_of(path: Path, module: str, modules: dict[str, Path]) -> list[Import]:
    """The modules `module` (at `path`) imports anywhere in its text: relative imports resolved, and
    ``from pkg import mod`` read as the submodule where one exists."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    here = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [Import(module, alias.name, path, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = here.split(".")[: len(here.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.append(Import(module, sub if sub in modules else base, path, node.lineno))
    return sorted(found, key=lambda imp: (imp.line, imp.target))


def import_graph(root: Path, package: str = PACKAGE) -> list[Import]:
    modules = package_modules(root, package)
    return [imp for module, path in modules.items() for imp in imports_of(path, module, modules)]


def broken(rule: Rule, imports: list[Import]) -> list[Import]:
    return [imp for imp in imports
            if under(imp.source, rule.importer) and not any(under(imp.source, p) for p in rule.except_from)
            and any(under(imp.target, p) for p in rule.forbidden)
            and not any(under(imp.target, p) for p in rule.except_to)]


def cycles(imports: list[Import], package: str = PACKAGE) -> list[list[Import]]:
    """The package's import cycles, each as its chain of imports: in every strongly connected group of modules, a
    shortest cycle through each module not already on one, so that every import to undo shows."""
    edges: dict[str, dict[str, Import]] = {}
    for imp in imports:
        if under(imp.target, package) and imp.target != imp.source:
            edges.setdefault(imp.source, {}).setdefault(imp.target, imp)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def connect(node: str) -> None:  # Tarjan's algorithm
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in edges.get(node, {}):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(edges):
        if node not in index:
            connect(node)
    found = []
    for group in groups:
        covered: set[str] = set()
        for start in sorted(group):
            if start not in covered:
                chain = _shortest_cycle(start, group, edges)
                covered |= {imp.source for imp in chain}
                found.append(chain)
    return found


def _shortest_cycle(start: str, group: set[str], edges: dict[str, dict[str, Import]]) -> list[Import]:
    """The shortest chain of imports from `start` back to itself inside `group` (breadth first)."""
    paths: dict[str, list[Import]] = {start: []}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt, imp in sorted(edges.get(node, {}).items()):
                if nxt == start:
                    return [*paths[node], imp]
                if nxt in group and nxt not in paths:
                    paths[nxt] = [*paths[node], imp]
                    following.append(nxt)
        frontier = following
    raise AssertionError(f"{start} is in a cycle that cannot be walked")  # Tarjan said it was


def global_random_uses(root: Path, package: str) -> list[str]:
    """Uses of the ``random`` module's shared generator (``random.shuffle(...)``, ``from random import choice``)
    in `package`: only ``random.Random`` instances, passed in, keep a game reproducible from its seed."""
    found = []
    for path in package_modules(root, package).values():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        aliases = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                   for alias in node.names if alias.name == "random"}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "random" and not node.level:
                found += [f"{path.relative_to(root)}:{node.lineno}: from random import {alias.name}"
                          for alias in node.names if alias.name != "Random"]
            elif (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases
                  and node.attr != "Random"):
                found.append(f"{path.relative_to(root)}:{node.lineno}: {node.value.id}.{node.attr}")
    return found


def report(chains: list[Import] | list[list[Import]], root: Path) -> str:
    return "\n".join(" ; ".join(imp.where(root) for imp in chain) if isinstance(chain, list) else chain.where(root)
                     for chain in chains)


# --- the checker on a planted package -----------------------------------------------------------------------


def _plant(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    """A tiny bezique with one violation of each kind, hidden the ways real code hides imports."""
    _plant(tmp_path, {
        "bezique/__init__.py": "",
        "bezique/rules/__init__.py": "from .engine import step\n",
        "bezique/rules/engine.py": (
            "import random\nfrom typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from bezique.ui import kit\n"
            "def step(rng: random.Random) -> None:\n    import time\n    random.shuffle([])\n"),
        "bezique/rules/cards.py": "from random import choice\nfrom . import engine\n",
        "bezique/ai/__init__.py": "from bezique.ai import search\n",
        "bezique/ai/search.py": "from . import levels\nfrom lab.overrules import expert_deal\n",
        "bezique/ai/levels.py": "from .. import ai\n",
        "bezique/ui/__init__.py": "",
        "bezique/ui/kit.py": "import pygame.font\nfrom bezique.geometry import Box\nimport bezique.i18n\n",
        "bezique/geometry.py": "",
        "bezique/ui/table/__init__.py": "",
        "bezique/ui/table/scene.py": "from bezique.ui.table import draw\n",
        "bezique/ui/table/draw.py": "def paint():\n    from .scene import TableScene\n",
        "bezique/commands/play.py": "from bezique.ui.table.scene import TableScene\n",
    })
    return tmp_path


def test_imports_are_resolved_to_modules_wherever_they_hide(planted: Path) -> None:
    found = {(imp.source, imp.target, imp.line) for imp in import_graph(planted)}
    assert {("bezique.rules", "bezique.rules.engine", 1),  # from .engine import step
            ("bezique.rules.engine", "bezique.ui.kit", 4),  # under TYPE_CHECKING, `from pkg import mod`
            ("bezique.rules.engine", "time", 6),  # inside a function
            ("bezique.rules.cards", "bezique.rules.engine", 2),  # from . import module
            ("bezique.ai.levels", "bezique.ai", 1),  # from .. import package
            ("bezique.ui.table.draw", "bezique.ui.table.scene", 2),
            ("bezique.ui.kit", "pygame.font", 1)} <= found


def test_the_checker_catches_planted_violations(planted: Path) -> None:
    imports = import_graph(planted)
    caught = {rule.name: [imp.where(planted) for imp in broken(rule, imports)] for rule in RULES}
    assert caught["rules-stand-alone"] == ["bezique/rules/engine.py:4: bezique.rules.engine -> bezique.ui.kit"]
    assert caught["rules-no-io-or-clock"] == ["bezique/rules/engine.py:6: bezique.rules.engine -> time"]
    assert caught["nothing-imports-the-table-scene"] == [
        "bezique/ui/table/draw.py:2: bezique.ui.table.draw -> bezique.ui.table.scene"]  # scene.py -> draw is fine
    assert caught["ui-is-a-leaf"] == ["bezique/rules/engine.py:4: bezique.rules.engine -> bezique.ui.kit"]
    assert caught["pygame-only-in-ui"] == []  # bezique.ui.kit may
    assert caught["nothing-imports-the-lab"] == ["bezique/ai/search.py:2: bezique.ai.search -> lab.overrules"]
    assert caught["kit-is-game-free"] == ["bezique/ui/kit.py:3: bezique.ui.kit -> bezique.i18n"]  # geometry may
    assert global_random_uses(planted, "bezique.rules") == ["bezique/rules/cards.py:1: from random import choice",
                                                           "bezique/rules/engine.py:7: random.shuffle"]


def test_the_checker_reports_each_cycle_as_its_path(planted: Path) -> None:
    found = [[f"{imp.source} -> {imp.target}" for imp in chain] for chain in cycles(import_graph(planted))]
    assert sorted(found) == [
        ["bezique.ai -> bezique.ai.search", "bezique.ai.search -> bezique.ai.levels",
         "bezique.ai.levels -> bezique.ai"],
        ["bezique.ui.table.draw -> bezique.ui.table.scene", "bezique.ui.table.scene -> bezique.ui.table.draw"],
    ]  # the rules' imports (cards -> engine -> ui.kit) go one way: no cycle


# --- the real tree ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def graph() -> list[Import]:
    imports = import_graph(ROOT)
    assert len({imp.source for imp in imports}) > 50, "the import graph of bezique/ came out nearly empty"
    return imports


@pytest.mark.parametrize("rule", RULES, ids=[rule.name for rule in RULES])
def test_layer_rule(rule: Rule, graph: list[Import]) -> None:
    offenders = broken(rule, graph)
    assert not offenders, f"{rule.importer} must not import {', '.join(rule.forbidden)} ({rule.why}):\n" + report(
        offenders, ROOT)


def test_every_rule_names_modules_that_exist() -> None:
    """A rule about a package that was renamed or moved would pass by matching nothing: each prefix a rule names
    inside bezique (importers, forbidden targets, exceptions) must match a module of the tree."""
    modules = package_modules(ROOT, PACKAGE)
    named = {p for rule in RULES for p in (rule.importer, *rule.forbidden, *rule.except_from, *rule.except_to)}
    missing = sorted(p for p in named if under(p, PACKAGE) and not any(under(m, p) for m in modules))
    assert missing == []


def test_no_import_cycles(graph: list[Import]) -> None:
    found = cycles(graph)
    assert not found, "import cycles (each as its chain of imports):\n" + report(found, ROOT)


def test_the_rules_use_only_the_random_generator_they_are_given() -> None:
    assert global_random_uses(ROOT, "bezique.rules") == []


def test_the_tools_use_the_rules_through_their_api() -> None:
    """The developer tools, the lab's research scripts and the start-up script are held to the same door as the
    package (the lab may use anything else of bezique: it measures the computer's insides)."""
    scripts = [*sorted((ROOT / "tools").rglob("*.py")), *sorted((ROOT / "lab").glob("*.py")), ROOT / "main.py"]
    inside = [f"{path.relative_to(ROOT)}:{imp.line}: {imp.target}"
              for path in scripts for imp in imports_of(path, "script", {})
              if imp.target.startswith("bezique.rules.")]
    assert (ROOT / "lab" / "overrules.py") in scripts and inside == []


# --- one door into a game ------------------------------------------------------------------------------------

# What makes a game for play: its seats (``new_seats``), its session (a ``GameSession`` or any subclass, made or
# rebuilt from a record by ``from_game``), or the network serving one (``hosting.host_game`` / ``rehost_game``).
SEATS = "new_seats"
SESSION = "GameSession"
FROM_A_RECORD = "from_game"
SERVED = ("host_game", "rehost_game")
DOOR = "bezique.games.door"
# the modules besides the door that make a session, and why none of them is a way into a game for a player
MAKES_NO_GAME_FOR_PLAY = {
    "bezique.net.hosting": "serves the games the door made; a game continued rebuilds its session from the saved "
                           "record, rules, seats and levels all the save's (the door decides that it is hosted)",
    "bezique.presenter.guide": "the guided lesson: one scripted deal at its own fixed seed, never set up or saved",
    "bezique.ui.scenes.review_replay": "Review replays a kept game's deal; nothing is played on",
    "bezique.net.bench": "the network benchmark's game, measured, never played",
}
# the ways into a game (the window and the verbs that open it), which build no ruleset of their own: the rules of
# a game come from its GameSetup through the door (``GameSetup.ruleset``, ``Defaults.rules_for``)
RULES_MAKERS = ("make_ruleset", "preset", "apply_house", "default_rules")
DOORS = ("bezique.ui", "bezique.commands.play", "bezique.commands.demo")
RULES_NOT_FOR_PLAY = {
    "bezique.ui.bench": "the window benchmark's fixed position",
    "bezique.ui.pace_bench": "the pace benchmark's deals on a stepped clock",
    "bezique.ui.scenes.past_games": "a kept game's sides, read for its line in Past games",
    "bezique.ui.scenes.house_rules": "the House rules screen shows what the changes make (New game keeps them)",
}


def session_classes(paths: list[Path]) -> set[str]:
    """``GameSession`` and every class below it in the modules at `paths` (read by name, to a fixed point)."""
    bases = {node.name: {b.id if isinstance(b, ast.Name) else b.attr if isinstance(b, ast.Attribute) else ""
                         for b in node.bases}
             for path in paths for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.ClassDef)}
    found = {SESSION}
    while True:
        more = {name for name, of in bases.items() if of & found} - found
        if not more:
            return found
        found |= more


def game_makers(path: Path, sessions: set[str]) -> list[tuple[int, str]]:
    """Where the module at `path` makes a game for play (seats, a session of a class in `sessions`, a hosted
    game): each line and what."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "bezique.net.hosting":
            found += [(node.lineno, alias.name) for alias in node.names if alias.name in SERVED]
        elif isinstance(node, ast.Attribute) and node.attr in SERVED and isinstance(node.value, ast.Name) \
                and node.value.id == "hosting":
            found.append((node.lineno, f"hosting.{node.attr}"))
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name in sessions or name in (SEATS, FROM_A_RECORD):
                found.append((node.lineno, name))
    return found


def rules_made(path: Path) -> list[tuple[int, str]]:
    """Where the module at `path` calls a ruleset maker (``RULES_MAKERS``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [(node.lineno, node.func.id) for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in RULES_MAKERS]


def test_the_door_checker_sees_a_game_made_behind_its_back(tmp_path: Path) -> None:
    _plant(tmp_path, {"network.py": (
        "from bezique.net.hosting import host_game\nfrom bezique.net import hosting\n"
        "def host(rules, seats):\n    hosting.rehost_game()\n    return GameSession(rules, new_seats(2), seed=1)\n"
        "def again(game):\n    return session.GameSession.from_game(game)\n"),
        "screen.py": "def players(v):\n    return make_ruleset(v).players\n",
        "lesson.py": "class Lesson(session.GameSession):\n    pass\nclass Step(Lesson):\n    pass\nStep()\n"})
    assert sorted(game_makers(tmp_path / "network.py", {"GameSession"})) == [
        (1, "host_game"), (4, "hosting.rehost_game"), (5, "GameSession"), (5, "new_seats"), (7, "from_game")]
    lesson = tmp_path / "lesson.py"
    assert session_classes([lesson]) == {"GameSession", "Lesson", "Step"}
    assert game_makers(lesson, session_classes([lesson])) == [(5, "Step")]
    assert rules_made(tmp_path / "screen.py") == [(2, "make_ruleset")]


def test_only_the_door_makes_a_game_for_play() -> None:
    """Every way into a game (New game, the network screen, ``play``, the bare window, Continue, a headless host)
    goes through ``bezique.games.door``: no other module seats a game, makes its session or hosts it, so none can
    drift from the others (``config.yaml``'s target reached New game's games but not the network screen's)."""
    modules = package_modules(ROOT, PACKAGE)
    sessions = session_classes(list(modules.values()))
    assert {"GameSession", "HostedSession"} < sessions
    makers = {module: game_makers(path, sessions) for module, path in modules.items()}
    outside = sorted(f"{modules[m].relative_to(ROOT)}:{line}: {what}" for m, found in makers.items()
                     if m != DOOR and m not in MAKES_NO_GAME_FOR_PLAY for line, what in found)
    assert outside == [], "a game made outside the door (bezique.games.door):\n" + "\n".join(outside)
    assert {what for _, what in makers[DOOR]} >= {SEATS, SESSION, "HostedSession", FROM_A_RECORD, *SERVED}
    assert set(MAKES_NO_GAME_FOR_PLAY) <= set(modules) and all(makers[m] for m in MAKES_NO_GAME_FOR_PLAY), \
        "an exception that no longer makes anything is stale: take it out"


def test_the_doors_make_no_rules_of_their_own() -> None:
    """The window and the verbs that open it play the rules the door makes from a GameSetup: a screen that made
    its own (``make_ruleset(variant)``) left out config.yaml's target."""
    modules = package_modules(ROOT, PACKAGE)
    doors = {m: path for m, path in modules.items() if any(under(m, d) for d in DOORS)}
    own = sorted(f"{path.relative_to(ROOT)}:{line}: {what}" for m, path in doors.items()
                 if m not in RULES_NOT_FOR_PLAY for line, what in rules_made(path))
    assert own == [], "rules made by a way into a game instead of the door:\n" + "\n".join(own)
    assert all(rules_made(modules[m]) for m in RULES_NOT_FOR_PLAY), "a stale exception: take it out"


# --- threads, each written down ------------------------------------------------------------------------------

THREADS_DOC = ROOT / "docs" / "ARCHITECTURE.md"
THREAD_NAME = re.compile(r"^bezique-[a-z-]+$")


def thread_names(path: Path) -> list[tuple[int, str | None]]:
    """Each ``threading.Thread(...)`` the module at `path` starts: its line and its name (given there, or, when a
    variable names it, each thread name the module spells out); None for a thread without a name."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    spelt = sorted({node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
                    and isinstance(node.value, str) and THREAD_NAME.match(node.value)})
    found: list[tuple[int, str | None]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "Thread" \
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "threading":
            name = next((k.value for k in node.keywords if k.arg == "name"), None)
            if isinstance(name, ast.Constant) and isinstance(name.value, str):
                found.append((node.lineno, name.value))
            elif name is not None and spelt:
                found += [(node.lineno, spelt_name) for spelt_name in spelt]
            else:
                found.append((node.lineno, None))
    return found


def threads_written_down() -> set[str]:
    """The threads the table of docs/ARCHITECTURE.md's "Threads" section names (in its first column)."""
    section = THREADS_DOC.read_text(encoding="utf-8").split("## Threads", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1] for line in section.splitlines() if line.startswith("| ")]
    return {name for row in rows for name in re.findall(r"`([^`]+)`", row)}


def test_the_thread_checker_reads_names_wherever_they_are_given(tmp_path: Path) -> None:
    _plant(tmp_path, {"loops.py": (
        "import threading\nclass Loop:\n    def __init__(self, name):\n"
        "        self.t = threading.Thread(target=print, name=name)\nLoop('bezique-a')\nLoop('bezique-b')\n"),
        "bare.py": "import threading\nthreading.Thread(target=print, daemon=True)\n"})
    assert thread_names(tmp_path / "loops.py") == [(4, "bezique-a"), (4, "bezique-b")]
    assert thread_names(tmp_path / "bare.py") == [(2, None)]


def test_every_thread_is_named_and_written_down_with_what_it_owns() -> None:
    """docs/ARCHITECTURE.md's table of threads is the one place that says which thread owns what: a thread started
    without a name, or under a name the table does not list, fails here."""
    written = threads_written_down()
    started = {(f"{path.relative_to(ROOT)}:{line}", name) for path in package_modules(ROOT, PACKAGE).values()
               for line, name in thread_names(path)}
    assert len(started) >= 5, "the thread checker found too few threads to be looking"
    missing = sorted(f"{where}: {name or 'a thread without a name'}" for where, name in started
                     if name not in written)
    assert missing == [], "threads not in docs/ARCHITECTURE.md's Threads table:\n" + "\n".join(missing)
