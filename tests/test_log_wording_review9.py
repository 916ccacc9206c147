"""Six wording slips of the log (review 9, finding 9), each line as the table reads it back:
"1 success", "The Party wins.", a name said once, "Space Bears stand", a mechanical trap that is set
off (not "explodes"), and a cooked grenade gone off in hand that was never thrown (R-GREN-5)."""

from __future__ import annotations

from dataclasses import replace

from tactics.assets import bundled
from tactics.engine.combat.events import ActionResolved, CombatEnded
from tactics.engine.combat.individual.events import TurnsNote, TurnsOver
from tactics.engine.combat.queries import describe
from tactics.engine.core.encounter import Encounter, load_encounter
from tactics.engine.hazards.traps import PlaceTrap
from tactics.engine.board import Walk
from tactics.engine.starship.commands import StartSpaceCombat, Surrender
from tactics.engine.starship.events import SpaceVolleySettled
from tactics.engine.starship.view import describe as space_describe
from tactics.maps import BattleMap, Spawn
from tactics.rules.data import read_document


def bears() -> Encounter:
    definition = read_document(bundled("space-bears.encounter.toml"))
    room = replace(BattleMap.from_text("\n".join(["." * 12] * 8)),
                   spawns=[Spawn(n, (i, 0)) for i, n in enumerate(["Brandon", "James", "Art", "Katie", "Bear 1", "Bear 2",
                                                                    "Bear 3", "Bear 4"])])
    return Encounter(definition, room, seed=5)


def test_one_success_is_one_success():  # 9.1
    volley = SpaceVolleySettled(ship="w", ship_name="Wayfarer", target="r", target_name="Red Maw", roll=1,
                                dice=[], sensor_bonus=0, successes=1, battle_damage=False, found=True,
                                bd_dc=[5, 13], changed=False)
    assert "stands: 1 success, no Battle Damage" in space_describe(volley)
    assert "1 successes" not in space_describe(replace(volley, changed=True))


def test_space_combat_names_the_winning_team():  # 9.2, R-SHIP-9
    enc = load_encounter(bundled("pirate-corvette.encounter.toml"), seed=11)
    enc.submit(StartSpaceCombat())
    entry = enc.submit(Surrender("red_maw"))
    line = space_describe(entry.events[-1])
    assert line == f"Space combat is over: {enc.state.teams['party'].name} wins."
    assert "side wins" not in line


def test_a_note_that_is_a_sentence_names_its_creature_once():  # 9.3
    enc = bears()
    line = describe(TurnsNote(combatant="bear3", text="Bear 3 is stopped by the difficult ground at (21, 6) "
                                                      "and cannot reach Art."), enc.state)
    assert line == "Bear 3 is stopped by the difficult ground at (21, 6) and cannot reach Art."
    assert describe(TurnsNote(combatant="bear3", text="acts"), enc.state) == "Bear 3: acts."


def test_a_plural_team_name_takes_a_plural_verb():  # 9.4, R-END-1
    enc = bears()
    assert describe(CombatEnded(round=6, winner="bears"), enc.state) == "Combat is over after round 6: Space Bears stand."
    assert describe(CombatEnded(round=6, winner="party"), enc.state) == "Combat is over after round 6: The Party stands."
    assert describe(TurnsOver(round=4, winner="bears"), enc.state) == "The fight is over after round 4: Space Bears stand."


def test_a_mechanical_trap_is_set_off_and_strikes_it_does_not_explode():  # 9.5, R-TRAP-4
    enc = bears()
    enc.submit(PlaceTrap("simple_mechanical", (0, 2), detection_dc=40, trap_id="trap-1"))
    entry = enc.submit(Walk("brandon", [(0, 1), (0, 2)]))
    lines = [describe(e, enc.state) for e in entry.events]
    assert "The Simple mechanical trap is set off by Brandon at (0, 2)!" in lines
    assert any(line.startswith("The Simple mechanical trap strikes 1 square: 2d6") for line in lines)
    assert not any("explodes" in line or "blast" in line for line in lines)
    enc.submit(PlaceTrap("frag_mine", (1, 2), detection_dc=40, trap_id="mine"))  # an explosive still explodes
    entry = enc.submit(Walk("james", [(1, 1), (1, 2)]))
    assert any("and explodes at (1, 2)!" in describe(e, enc.state) for e in entry.events)


def test_a_grenade_gone_off_in_hand_was_not_thrown_off_target():  # 9.6, R-GREN-5
    enc = bears()
    line = describe(ActionResolved(id=3, combatant="james", action_kind="use-item", success=False, outcome="in-hand"),
                    enc.state)
    assert line == "James' Use Item: the grenade went off before the throw."
