"""The text spy the fits tests judge with: it must see every module's texts, and give every module back as it found
it. It once bound itself for good into any window module it was the first to import, so every later test's spy
was blind to that module's texts: a text cut on the Statistics screen passed or failed by the order tests ran in."""

from __future__ import annotations

import sys

import pytest
from text_spy import spy_on_blit_text

import bezique.ui.scenes as scenes
from bezique.ui.kit import widgets
from bezique.ui.scenes import stats


def test_a_module_the_spy_imports_first_is_spied_on_and_given_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "bezique.ui.scenes.stats")  # as if no test had imported it yet
    monkeypatch.setattr(scenes, "stats", stats)  # the package's own name for it is given back after the test too
    real = widgets.blit_text
    with pytest.MonkeyPatch.context() as patch:
        spy_on_blit_text(patch)
        fresh = sys.modules["bezique.ui.scenes.stats"]
        assert fresh is not stats  # imported again, by the spy
        assert fresh.blit_text is widgets.blit_text is not real  # and spied on
    assert fresh.blit_text is real  # given back
