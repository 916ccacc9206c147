"""The log sentence of an event does not depend on what a script imported first (review 7 lib, finding 5).

A script that replays a fight and prints :func:`tactics.engine.combat.queries.describe`
for each event must read the grenade's dice, not its raw kind, although it never
imported ``tactics.engine.hazards.log`` (the window does, a script cannot know to):
every part's log sentences are registered by :mod:`tactics.engine.features`.
Checked in a fresh process, where nothing else was imported first. Seed 7 fixed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

SCRIPT = """
import json, sys
from tactics.assets import bundled
from tactics.engine.core.encounter import load_encounter
from tactics.engine.combat import team, queries
from tactics.engine.combat.actions import Action, Declare, ResolveNext

enc = load_encounter(bundled("space-bears.encounter.toml"), seed=7)
enc.submit(team.StartCombat()); enc.submit(team.BeginActions())
enc.submit(Declare("brandon", Action("use-item", item="grenade", target_cell=(21, 5), grenade="frag")))
events = enc.submit(ResolveNext(others_pass=True)).events
print(json.dumps({"lines": [queries.describe(ev, enc.state) for ev in events],
                  "pygame": [m for m in sys.modules if "pygame" in m]}))
"""


def test_a_grenade_line_reads_its_dice_in_a_fresh_script() -> None:
    env = dict(os.environ, PYTHONPATH=os.getcwd())
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, check=True)
    found = json.loads(out.stdout.strip().splitlines()[-1])
    thrown = [line for line in found["lines"] if "throws a Frag grenade" in line]
    assert thrown and "d10" in thrown[0] and "lands at" in thrown[0], found["lines"]
    assert not any(line.startswith("grenade.") for line in found["lines"]), found["lines"]
    assert found["pygame"] == []
