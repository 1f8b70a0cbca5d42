"""The one build step pyproject.toml cannot say: the wheel carries the card images, the sounds and config.yaml.

They stay at the checkout's root (tools/gen_cards.py and tools/gen_sounds.py write them there, the game run from
source reads them there); the build copies them into ``bezique/data/``, where ``bezique.data_path`` finds them once
installed. MANIFEST.in puts them in the source distribution, so a wheel built from it carries them too.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildWithData(build_py):
    """``build_py`` that also copies assets/ and config.yaml into the built package."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:  # an editable install runs from the checkout, which has them at its root
            return
        target = Path(self.build_lib) / "bezique" / "data"
        shutil.copytree(ROOT / "assets", target / "assets", dirs_exist_ok=True)
        shutil.copy2(ROOT / "config.yaml", target / "config.yaml")


setup(cmdclass={"build_py": BuildWithData})
