"""Command-line entry: no command starts the game; sub-commands are the tools around it.

Each command lives in its own module and is imported only when asked for, so starting the game never pays for the
tools, and the tools (replay, check-config, bench rules) never import pygame.
"""

from __future__ import annotations

import argparse
import importlib
import sys

# command -> (module, help). Each module has `add_arguments(parser)` and `run(args) -> int`.
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("bezique.app_entry", "start the game window (the default)"),
    "replay": ("bezique.replay_cmd", "replay a game record and print a summary (RECORD.md)"),
    "check-config": ("bezique.config_cmd", "check config.yaml and print its problems"),
    "bench": ("bezique.bench_cmd", "benchmarks that print figures (rules, ui)"),
    "arena": ("bezique.ai.arena", "play computer levels against each other and measure them"),
    "demo": ("bezique.demo_cmd", "computer against computer in the real window"),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bezique", description="Bezique, the French trick-and-meld card game.")
    sub = parser.add_subparsers(dest="command")
    for name, (module_name, help_text) in COMMANDS.items():
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            continue  # a command whose module is not written yet is simply not offered
        module.add_arguments(sub.add_parser(name, help=help_text, description=help_text))
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        argv = ["play", *argv]
    args = build_parser().parse_args(argv)
    module = importlib.import_module(COMMANDS[args.command][0])
    return int(module.run(args) or 0)
