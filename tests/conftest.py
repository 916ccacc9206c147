"""Test set-up: every test runs headless (no window, no sound card needed)."""

import gc
import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# No timed assertions in tests (speed belongs to `python -m tactics.bench`): Hypothesis's
# per-example deadline failed a first example that read the rules data and built its
# validator (pydantic builds them on first use) on a machine busy with other work.
settings.register_profile("tactics", deadline=None)
settings.load_profile("tactics")

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture(autouse=True, scope="session")
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Autosaves, the cache and other per-user files go to temporary folders, never the user's own."""
    os.environ["TACTICS_DATA_DIR"] = str(tmp_path_factory.mktemp("tactics-data"))
    os.environ["TACTICS_CACHE_DIR"] = str(tmp_path_factory.mktemp("tactics-cache"))


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's own data folder (autosaves): ``tmp_path / "data"``, set as ``TACTICS_DATA_DIR``."""
    folder = tmp_path / "data"
    monkeypatch.setenv("TACTICS_DATA_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def _free_closed_windows(request: pytest.FixtureRequest):
    """After a test that opened the window, collect its garbage at once.

    A closed App is a web of cycles (add-ons, panels, pygame_gui) holding
    megabytes of surfaces the cycle collector cannot see as large; left to the
    collector's own schedule, a dozen of them piled up (the suite peaked at
    3.5 GB). Collecting here keeps the suite's peak to one window's worth.
    """
    yield
    if "pygame" in sys.modules and request.node.module.__name__.startswith(("test_ui", "test_cli", "test_turns_ui")):
        gc.collect()
