"""Whether this machine can compile the computer's hot path (setup.py's optional mypyc build), and the choices
``bench ai`` reports: the tests of the wheel and of the standalone build expect compiled modules only where they can
be made, and the same choices as the checkout's Python modules everywhere."""

from __future__ import annotations

import os
import shutil
import sysconfig
from pathlib import Path


def compiler_here() -> bool:
    """A C compiler and Python's headers (a Python without its development files builds the game in Python alone,
    as it should)."""
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    return headers.is_file() and any(shutil.which(name) for name in (os.environ.get("CC", "cc"), "cc", "gcc", "clang"))


def choices_digest(bench_output: str) -> str:
    """The digest of the Expert's choices on ``bench ai``'s fixed workload, from its output."""
    line = next(line for line in bench_output.splitlines() if "; choices " in line)
    return line.rsplit("; choices ", 1)[1].strip()
