"""The scripts of ``lab/`` loaded as modules by their file, for their tests (``lab/`` is not a package: its scripts
are run by their path, ``python3 lab/NAME.py``)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

LAB = Path(__file__).resolve().parents[1]


def load_script(name: str) -> ModuleType:
    """``lab/<name>.py``, freshly executed, with ``lab/`` on the path as when it is run as a script (a script may
    import a sibling's helpers)."""
    if str(LAB) not in sys.path:
        sys.path.insert(0, str(LAB))
    spec = importlib.util.spec_from_file_location(name, LAB / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
