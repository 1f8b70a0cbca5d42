"""Every test gets a per-user data folder of its own.

Without it, a test that opens a table without the shell's fixture saved the game, the statistics and the kept games
into the real per-user folder of whoever ran the tests, and two test runs at once (or a test run beside the game)
read and overwrote each other's save: the cause of tables vanishing in tests only on a busy machine. A test that
wants another folder still sets ``BEZIQUE_DATA_DIR`` itself.
"""

import pytest

from tests.netns import pytest_configure, pytest_pyfunc_call  # noqa: F401  (the netns mark's hooks)


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BEZIQUE_DATA_DIR", str(tmp_path_factory.mktemp("bezique-data")))
