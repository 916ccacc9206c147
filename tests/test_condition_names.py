"""A condition or crew name a script nearly spells right is not a silent note (review7lib finding 11):
another case is the condition (R-COND-1); a near miss is refused with "did you mean"; any other
name stays the GM's note and the log says it has no rules effect. The same for a crew id."""

from __future__ import annotations

import pytest

from tactics.assets import bundled
from tactics.engine.combat.gm import ApplyCondition, RemoveCondition
from tactics.engine.combat.queries import advantages_in_force, describe
from tactics.engine.core.encounter import load_encounter
from tactics.engine.core.journal import Refused
from tactics.engine.starship.commands import AssignPost


def test_a_condition_in_another_case_is_that_condition_and_a_near_miss_is_refused() -> None:
    enc = load_encounter(bundled("space-bears.encounter.toml"), seed=7)
    entry = enc.submit(ApplyCondition("bear1", "shaken", 2))
    assert describe(entry.events[0], enc.state) == "Bear 1 is Shaken for 2 rounds."
    assert [c.name for c in enc.state.combatants["bear1"].conditions] == ["Shaken"]
    assert any("Bear 1 is Shaken" in line for line in advantages_in_force(enc.state))  # it counts
    with pytest.raises(Refused, match=r"there is no condition 'Shakn': did you mean Shaken\?"):
        enc.submit(ApplyCondition("bear1", "Shakn", 2))
    with pytest.raises(Refused, match=r"did you mean Flat-footed\?"):
        enc.submit(ApplyCondition("bear1", "flatfooted"))
    note = enc.submit(ApplyCondition("bear2", "On fire", 1))
    assert describe(note.events[0], enc.state) == "Bear 2 is On fire for 1 round (a note: no rules effect)."
    enc.submit(RemoveCondition("bear1", "SHAKEN"))
    assert enc.state.combatants["bear1"].conditions == []


def test_a_crew_id_nearly_a_combatants_is_refused_and_an_npc_name_is_kept() -> None:
    enc = load_encounter(bundled("pirate-corvette.encounter.toml"), seed=5)
    with pytest.raises(Refused, match=r"no combatant 'jamez': did you mean james \(James\)\?"):
        enc.submit(AssignPost("wayfarer", "captain", "jamez"))
    with pytest.raises(Refused, match=r"did you mean james"):
        enc.submit(AssignPost("wayfarer", "captain", "James"))  # the name, not the id
    assert enc.state.space.ships["wayfarer"].crew["captain"] == "katie"  # nothing changed
    enc.submit(AssignPost("wayfarer", "captain", "Ensign Park"))  # an NPC far from every id
    enc.submit(AssignPost("wayfarer", "medical", "Ensign Ruiz"))  # an NPC already aboard
    assert enc.state.space.ships["wayfarer"].crew["captain"] == "Ensign Park"
