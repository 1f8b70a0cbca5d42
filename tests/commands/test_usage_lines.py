"""Each command's module opens with its usage (``python -m bezique serve [--variant V] …``): every option that line
names is one the command takes (serve's named a ``--level`` it never had)."""

from __future__ import annotations

import argparse
import importlib
import re

import pytest

from bezique.commands.cli import COMMANDS


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_the_usage_line_names_only_options_the_command_takes(command: str) -> None:
    module = importlib.import_module(COMMANDS[command][0])
    parser = argparse.ArgumentParser()
    module.add_arguments(parser)
    taken = {option for action in parser._actions for option in action.option_strings}
    usage = re.match(r"``python -m bezique[^`]*``", module.__doc__ or "")
    named = set(re.findall(r"--[a-z][a-z-]*", usage.group(0))) if usage else set()
    assert named <= taken, f"{command}'s usage names {sorted(named - taken)}, which it does not take"
