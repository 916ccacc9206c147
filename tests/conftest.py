"""Test set-up: every test runs headless (no window, no sound card needed)."""

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture(autouse=True, scope="session")
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Autosaves and other per-user files go to a temporary folder, never the user's own."""
    os.environ["TACTICS_DATA_DIR"] = str(tmp_path_factory.mktemp("tactics-data"))


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's own data folder (autosaves): ``tmp_path / "data"``, set as ``TACTICS_DATA_DIR``."""
    folder = tmp_path / "data"
    monkeypatch.setenv("TACTICS_DATA_DIR", str(folder))
    return folder
