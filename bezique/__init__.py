"""Bezique: the 19th-century French trick-and-meld card game.

Packages: ``rules`` (the pure rules core), ``ai`` (computer opponents), ``ui`` (the pygame window).
Dependencies point one way: rules <- ai <- ui.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

__version__ = "0.1.0"


def data_path(*parts: str) -> Path:
    """Where the game's own files are (``assets/...``, ``config.yaml``), the one place every reader asks.

    An installed wheel and the standalone build carry them in ``bezique/data/`` (setup.py and tools/build_app.py
    copy them there); a checkout keeps them at its root. Both have the same layout below that folder, so the
    fallback is the same lookup, not a second one.
    """
    installed = resources.files(__name__) / "data"
    root = Path(str(installed)) if installed.is_dir() else Path(__file__).resolve().parent.parent
    return root.joinpath(*parts)
