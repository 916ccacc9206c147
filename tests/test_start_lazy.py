"""What the window's start leaves for later (issue 12: start time; the figure is the bench's ``start_ms``).

Design properties the start relies on, checked in a fresh process after the first frame: the
app-controlled opponent (``tactics.ai``) is loaded only once the app plays a team or a ship
side, the players' window module only once it opens, and a pydantic model builds its
validator only when it first validates (the saves', the ships', the opponents' and the
grenades' models are not needed to show the first frame; the grenade tool reads its kinds
when first used).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

FIRST_FRAME = """
import json, sys
from tactics.ui.opening import open_default
from tactics.ui.app import App

app = App(open_default(seed=1), size=(640, 400))
app.step()
from tactics.rules.data import DataModel

def subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from subclasses(sub)

models = list(subclasses(DataModel))
print(json.dumps({
    "ai": sorted(m for m in sys.modules if m.startswith("tactics.ai")),
    "players_window": "tactics.ui.players.window" in sys.modules,
    "models": len(models),
    "built": sorted(f"{c.__module__}.{c.__qualname__}" for c in models if c.__pydantic_complete__),
}))
"""


def _first_frame() -> dict:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", FIRST_FRAME], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_first_frame_loads_no_opponent_and_builds_only_the_validators_it_uses():
    _first_frame()  # the first start of the session checks every rules file (and remembers that they passed)
    seen = _first_frame()
    assert seen["ai"] == [] and seen["players_window"] is False
    assert seen["models"] > 25  # (the starship's models are not even imported: test_start_imports)
    built = seen["built"]
    assert "tactics.engine.core.definition.EncounterDefinition" in built  # the encounter file was validated
    assert "tactics.rules.sheets.Sheet" in built  # and the sheets the panels show
    for unused in ("tactics.engine.saves.", "tactics.rules.starship_data.", "tactics.ai.",
                   "tactics.rules.explosives.GrenadeKind"):
        assert not [name for name in built if name.startswith(unused)], built
    assert len(built) < seen["models"] // 2
