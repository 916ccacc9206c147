"""The own side's risk of a grenade throw, before the roll (R-GREN-2, R-GREN-3, R-GREN-6; N-GREN-2, N-GREN-3).

What is tested: on the bundled Space Bears map, Brandon (15, 2) throwing a frag at Bear 1 (21, 5)
lands on his own square in 10 of the 100 rolls of 2d10 (the FOOD crate beside him stops the short
throws, R-GREN-3), and the blast catches him, James, or either, exactly as often as an exhaustive
enumeration of the 100 rolls through the throw's own flight (``landing``) and blast says. Bears
are not the thrower's side; Art (out of reach) has no risk.
"""

from fractions import Fraction

from tactics.assets import bundled
from tactics.engine.core.encounter import Encounter, load_encounter
from tactics.maps import BattleMap
from tactics.engine.hazards.throw_risk import throw_risk
from tactics.rules import explosives as ex

from ui_driver import fighter

FACES = range(1, 11)


def test_the_risk_matches_the_hundred_rolls():  # R-GREN-2, R-GREN-3, R-GREN-6
    state = load_encounter(bundled("space-bears.encounter.toml"), seed=1).state
    brandon, james = state.combatants["brandon"], state.combatants["james"]
    battle_map, kind = state.current_map(), ex.grenade_kind("frag")
    on_own = caught = caught_james = either = 0
    for d1 in FACES:
        for d2 in FACES:
            cell = ex.landing(battle_map, brandon.cell, (21, 5), d1, d2, facing=brandon.facing).cell
            blast = ex.blast_cells(kind, cell, brandon.cell, walls=battle_map, facing=brandon.facing)
            on_own += cell == brandon.cell
            caught += brandon.cell in blast
            caught_james += james.cell in blast
            either += brandon.cell in blast or james.cell in blast
    risk = throw_risk(state, "brandon", (21, 5), "frag")
    me, *others = risk.allies
    assert me.thrower and me.name == "Brandon"
    assert me.lands_on == Fraction(on_own, 100) == Fraction(1, 10)
    assert me.in_blast == Fraction(caught, 100)
    assert next(a for a in others if a.name == "James").in_blast == Fraction(caught_james, 100)
    assert risk.any_in_blast == Fraction(either, 100) > 0
    assert {a.name for a in risk.allies} == {"Brandon", "James", "Art"}  # not the bears, not absent Katie
    assert "Art" not in {a.name for a in risk.at_risk}


def test_in_an_open_room_only_a_short_throw_risks_the_thrower():  # R-GREN-2, R-GREN-6
    definition = {"name": "Range", "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
                  "combatants": [fighter("ann", "party", (3, 6)), fighter("bob", "party", (3, 8)),
                                 fighter("bear", "bears", (12, 6))]}
    state = Encounter(definition, BattleMap.from_text("\n".join(["." * 20] * 12)), seed=4).state
    far = throw_risk(state, "ann", (12, 6), "frag")
    assert far.at_risk == () and far.any_in_blast == 0
    near = throw_risk(state, "ann", (5, 6), "frag")  # 10 ft off: the scatter can bring it back
    assert near.any_in_blast > 0 and near.any_in_blast >= max(a.in_blast for a in near.allies)
    assert all(a.name != "Bear" for a in near.allies)
