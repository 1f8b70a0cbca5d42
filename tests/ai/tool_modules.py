"""The scripts of ``tools/`` loaded as modules by their file, for their tests (``tools/`` is not a package)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def load_tool(name: str) -> ModuleType:
    """``tools/<name>.py``, freshly executed, with ``tools/`` on the path as when it is run as a script (a tool may
    import a sibling's helpers)."""
    if str(ROOT / "tools") not in sys.path:
        sys.path.insert(0, str(ROOT / "tools"))
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
