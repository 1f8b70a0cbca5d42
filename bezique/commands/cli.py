"""Command-line entry: no command starts the game; sub-commands are the tools around it.

Each command lives in its own module and is imported only when asked for, so starting the game never pays for the
tools, and the tools (replay, check-config, bench rules) never import pygame.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from bezique import __version__

# command -> (module, help). Each module has `add_arguments(parser)` and `run(args) -> int`.
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("bezique.commands.play", "start the game window (the default)"),
    "replay": ("bezique.commands.replay", "replay a game record and print a summary (RECORD.md)"),
    "check-config": ("bezique.commands.check_config", "check config.yaml and print its problems"),
    "bench": ("bezique.commands.bench", "benchmarks that print figures (rules, ai, ui, review, net)"),
    "arena": ("bezique.commands.arena", "play computer levels against each other and measure them"),
    "regret": ("bezique.commands.regret", "measure computer levels' decisions against an oracle that sees both hands"),
    "audit": ("bezique.commands.fit_audit", "prove every screen fits: every size, language, text size (issue 43)"),
    "serve": ("bezique.commands.serve", "host a network game with no window (prints its code and port)"),
    "demo": ("bezique.commands.demo", "computer against computer in the real window"),
    "install-desktop": ("bezique.commands.install_desktop", "add Bezique to the Linux applications menu for this user "
                        "and open bezique:// invitations with it (on Windows, the latter)"),
}


def _usage() -> str:
    lines = ["usage: python -m bezique [--version] [COMMAND] [ARGS...]", "", "commands:"]
    lines += [f"  {name:<13} {help_text}" for name, (_, help_text) in COMMANDS.items()]
    lines += ["", "With no command the game starts; with an invitation (bezique://join/...) it joins that game.",
              "'python -m bezique COMMAND --help' explains a command."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run one command. Only that command's module is imported, so a tool never pays for (or trips over) another."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("-h", "--help"):
        print(_usage())
        return 0
    if argv and argv[0] == "--version":
        print(f"bezique {__version__}")
        return 0
    if argv and argv[0].lower().startswith("bezique:"):  # an invitation opened as a link (the desktop passes it)
        argv = ["play", "--join", *argv]
    if not argv or argv[0].startswith("-"):
        argv = ["play", *argv]
    command = argv[0]
    if command not in COMMANDS:
        print(f"bezique: unknown command {command!r}\n\n{_usage()}", file=sys.stderr)
        return 2
    module_name, help_text = COMMANDS[command]
    module = importlib.import_module(module_name)
    parser = argparse.ArgumentParser(prog=f"bezique {command}", description=help_text)
    module.add_arguments(parser)
    args = parser.parse_args(argv[1:])
    args.command = command
    return int(module.run(args) or 0)
