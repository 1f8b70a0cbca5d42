"""``python -m bezique check-config [PATH]``: say what is wrong in a config file without starting the game.

Exit status 0 when the file is clean, 2 when it has problems (the game would still start, with defaults for
the bad settings), so scripts and CI can check a config the same way a player does. With no PATH, a missing
``config.yaml`` is fine, as it is for the game (it simply plays on its defaults); a PATH given that does not exist
is a mistake worth exit 2.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bezique.config import DEFAULT_CONFIG_PATH, load_config

EXIT_OK = 0
EXIT_PROBLEMS = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", nargs="?", type=Path, default=None,
                        help=f"the config file to check (default: {DEFAULT_CONFIG_PATH})")


def run(args: argparse.Namespace) -> int:
    """Print each problem on its own line, or one ``config OK`` line; return the exit status."""
    if args.path is None and not DEFAULT_CONFIG_PATH.exists():
        print("no config.yaml: the game uses its defaults")
        return EXIT_OK
    path: Path = args.path or DEFAULT_CONFIG_PATH
    loaded = load_config(path)
    for problem in loaded.problems:
        print(problem)
    if loaded.problems:
        return EXIT_PROBLEMS
    config = loaded.config
    print(f"config OK: {path} (variant {config.variant}, target {config.rules.target_score})")
    return EXIT_OK
