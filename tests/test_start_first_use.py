"""What the first frame leaves for its first use, and that each part still works then (issue 12: start time).

What is tested: a fresh process started the way the benchmark's start is (``tactics.bench._app_child``:
the default encounter opened, the window's modules imported, the window made and its first frame
drawn), with its rules data remembered by an earlier start as every start after the first has it.
After that frame none of :data:`NOT_BEFORE_FIRST_USE` is imported: Python's ``logging`` (said only
when a save goes wrong), the game lock and ``socket`` (only the ``tactics`` command's window locks
its game), ``platformdirs`` (only when ``$TACTICS_DATA_DIR`` does not name the folder), setting up a
fight (the builder's commands, events, log lines and its encounter-file writer: a
:class:`~tactics.engine.features.LaterFeature`), the grenade tool's own-side risk, the tracker's
group move and the players' window calibration.

Then, in the same window, each is used as a GM would: a team added with the Set up tool's command
(the builder loads on its ``setup.*`` event: the team is there, the log says so in the builder's
words, the autosave is written with it), the set-up saved as an encounter file that opens again
with the team, the game locked (the lock file names this host, as ``socket`` does), an autosave
that cannot be written logged (to the same logger a handler listens to) and shown, and the default
data folder asked of ``platformdirs``. The grenade preview, the group move and the calibration are
used through the real window by their own UI tests (test_ui_grenade*, test_ui_team_group_moves*,
test_players_window*), which load them the same way.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest

from first_start import copy_of

#: Not imported when the first frame of the default encounter is shown.
NOT_BEFORE_FIRST_USE = (
    "logging",
    "socket",
    "platformdirs",
    "tactics.engine.saves.lock",
    "tactics.engine.builder.commands",
    "tactics.engine.builder.events",
    "tactics.engine.builder.log",
    "tactics.engine.builder.writer",
    "tactics.engine.builder.tomltext",
    "tactics.engine.hazards.throw_risk",
    "tactics.ui.group_moves",
    "tactics.ui.players.scale",
)

CHILD = """
import json, os, sys
from pathlib import Path

from tactics.ui.opening import open_default
encounter = open_default(seed=1)
from tactics.ui.app import App
app = App(encounter, size=(640, 400))
app.step()
seen = {"before": sorted(m for m in NOT_BEFORE_FIRST_USE if m in sys.modules)}

# The GM adds a team (the Set up tool's command): the builder's part loads on its event.
from tactics.engine.builder.commands import AddTeam
from tactics.engine.combat.queries import describe
from tactics.engine.features import LATER
entry = app.battle.encounter.submit(AddTeam("Raiders", [200, 60, 60], players=False))
app.step()
state = app.battle.state
seen["teams"] = sorted(team.name for team in state.teams.values())
seen["said"] = [describe(event, state) for event in entry.events]
seen["builder_loaded"] = [m for m in NOT_BEFORE_FIRST_USE if m.startswith("tactics.engine.builder.") and m in sys.modules]
autosaves = sorted((Path(os.environ["TACTICS_DATA_DIR"]) / "autosave").glob("autosave-*.json"))
seen["autosaved"] = "Raiders" in autosaves[-1].read_text(encoding="utf-8") if autosaves else False

# ... and saves the set-up as an encounter file (the builder's writer), which opens again with the team.
target = Path(sys.argv[1]) / "raid.encounter.toml"
seen["saved"] = app.builder.save_to(target)
from tactics.engine.core.encounter import load_encounter
seen["reopened_teams"] = sorted(team.name for team in load_encounter(target, seed=1).state.teams.values())

# The tactics command's window locks its game (the lock file says who holds it).
app.saving.lock_games()
locks = sorted((Path(os.environ["TACTICS_DATA_DIR"]) / "autosave").glob("autosave-*.lock"))
seen["lock"] = locks[0].read_text(encoding="utf-8") if locks else ""
seen["pid"] = os.getpid()

# An autosave that cannot be written is logged (the same logger a handler listens to) and shown.
seen["logging_before_a_problem"] = "logging" in sys.modules
import logging
heard = []
class Heard(logging.Handler):
    def emit(self, record):
        heard.append(record.getMessage())
logging.getLogger("tactics.engine.saves.autosave").addHandler(Heard())
blocker = Path(sys.argv[1]) / "a-file"
blocker.write_text("not a folder")
app.saving.autosaver.folder = blocker / "autosave"
app.battle.encounter.submit(AddTeam("Guards", [90, 200, 120], players=False))
app.step()
seen["heard"] = heard
seen["autosave_error"] = app.saving.autosaver.last_error is not None

# The data folder's default, with no $TACTICS_DATA_DIR: platformdirs' answer.
from tactics.engine.saves import autosave
del os.environ["TACTICS_DATA_DIR"]
seen["default_data_dir"] = str(autosave.data_dir())
print(json.dumps(seen))
"""


def _start(tmp: Path, cache: Path) -> dict:
    data = tmp / "data"
    data.mkdir(exist_ok=True)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "TACTICS_CACHE_DIR": str(cache), "TACTICS_DATA_DIR": str(data)}
    code = f"NOT_BEFORE_FIRST_USE = {NOT_BEFORE_FIRST_USE!r}\n" + CHILD
    done = subprocess.run([sys.executable, "-c", code, str(tmp)], capture_output=True, text=True, timeout=180,
                          env=env, cwd=Path(__file__).resolve().parents[1])
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def seen(first_start: tuple[Path, dict], tmp_path_factory: pytest.TempPathFactory) -> dict:
    """A start after the first (its rules data remembered by the first, as every later start has it:
    conftest's ``first_start``, shared with test_start_lazy)."""
    cache = copy_of(first_start[0], tmp_path_factory.mktemp("first-use-cache"))
    return _start(tmp_path_factory.mktemp("later-start"), cache)


def test_the_first_frame_imports_none_of_what_waits_for_its_first_use(seen):
    assert seen["before"] == []


def test_the_builder_loads_on_its_first_command_and_its_change_is_logged_and_autosaved(seen):
    assert "Raiders" in seen["teams"]
    assert seen["said"] and all("Raiders" in line for line in seen["said"]), seen["said"]  # the builder's sentence
    assert "tactics.engine.builder.log" in seen["builder_loaded"]
    assert seen["autosaved"] is True


def test_the_set_up_is_saved_as_an_encounter_file_that_opens_with_it(seen):
    assert seen["saved"] is True
    assert "Raiders" in seen["reopened_teams"]


def test_the_game_lock_names_this_host(seen):
    assert seen["lock"] == f"pid {seen['pid']} on {socket.gethostname()}"


def test_an_autosave_that_fails_is_logged_and_shown(seen):
    assert seen["logging_before_a_problem"] is False  # nothing went wrong before: nothing said
    assert seen["autosave_error"] is True
    assert any(line.startswith("autosave failed after") for line in seen["heard"]), seen["heard"]


def test_the_default_data_folder_is_platformdirs_answer(seen):
    assert seen["default_data_dir"] == platformdirs.user_data_dir("tactics", appauthor=False)
