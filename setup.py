"""The build steps pyproject.toml cannot say: the wheel carries the card images, the sounds and config.yaml, and
the computer's hot path compiled where the machine can.

The assets stay at the checkout's root (tools/gen_cards.py and tools/gen_sounds.py write them there, the game run
from source reads them there); the build copies them into ``bezique/data/``, where ``bezique.data_path`` finds them
once installed. MANIFEST.in puts them in the source distribution, so a wheel built from it carries them too.

The modules the search's rollouts spend their time in (``ACCELERATED``) are compiled to C extensions by mypyc (from
the same typed sources: the same moves, digit for digit, about twice as many sampled deals a second). They
are optional: without a C compiler, or with ``BEZIQUE_PURE=1``, the build carries the Python modules alone and the
game plays the same, slower. ``python3 setup.py build_ext --inplace`` compiles them in a checkout.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_ext import build_ext
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


# the rollouts' own moves, the rules they ask at every simulated move and the exact count of their final tricks
ACCELERATED = ["bezique/ai/knowledge.py", "bezique/ai/policy.py", "bezique/ai/search.py", "bezique/ai/final_tricks.py",
               "bezique/ai/solver.py", "bezique/rules/engine.py", "bezique/rules/melds.py", "bezique/rules/tricks.py"]


def pure() -> bool:
    """The build carries the Python modules alone: asked for (``BEZIQUE_PURE=1``), or no mypyc to compile them."""
    # looked up, not imported: importing mypyc takes half a second, and only the build itself needs it
    return os.environ.get("BEZIQUE_PURE") == "1" or importlib.util.find_spec("mypyc") is None


def accelerated() -> list:
    """The compiled forms of ``ACCELERATED`` (none when ``pure``), each optional: a machine that cannot compile
    them builds the game without them."""
    if pure():
        return []
    from mypyc.build import mypycify

    try:
        extensions = mypycify(ACCELERATED, opt_level="3", group_name="bezique")
    except (Exception, SystemExit) as failed:  # mypyc reports a type error by exiting: the game needs no compiling
        print(f"setup.py: the hot path stays Python ({failed!r})")
        return []
    for extension in extensions:
        extension.optional = True
    return extensions


class AcceleratedDistribution(Distribution):
    """A distribution with compiled modules unless the build is ``pure``: said without compiling them, since pip
    runs this file up to three times for one wheel and only the build itself needs them (``BuildAccelerated``)."""

    def has_ext_modules(self) -> bool:
        return not pure()


class BuildAccelerated(build_ext):
    """``build_ext`` that makes the extensions of ``ACCELERATED`` when it runs, not when setup.py is read."""

    def finalize_options(self) -> None:
        if not self.distribution.ext_modules:
            self.distribution.ext_modules = accelerated()
        super().finalize_options()


setup(distclass=AcceleratedDistribution, cmdclass={"build_py": BuildWithData, "build_ext": BuildAccelerated})
