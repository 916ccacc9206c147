"""Test set-up: every test runs headless (no window, no sound card needed)."""

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture(autouse=True, scope="session")
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Autosaves and other per-user files go to a temporary folder, never the user's own."""
    os.environ["TACTICS_DATA_DIR"] = str(tmp_path_factory.mktemp("tactics-data"))
