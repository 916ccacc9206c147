"""The log's and the cards' words a rules lawyer read (review 8 rules, findings 6, 7 and 8).

What is tested: a disarm in a fight is declared in one readable sentence naming the trap by its
label (R-TRAP-3), and a failure that sets it off ends with one stop; an inline sheet without a name
leaves the combatant called by its id; an environmental counter goes down by its label (R-CNT-1);
individual turns say "an attack"; the starship's post is the text's "Weapons Officer" and a
Science Officer who may hold for Action-Phase work reads "Support/Action" (R-SHIP-2); a Stun
grenade's blast save resists, it halves no damage.
"""

from __future__ import annotations

from pathlib import Path

from tactics.assets import bundled
from tactics.engine.board import Place
from tactics.engine.combat import roster, team
from tactics.engine.combat.actions import ResolveNext
from tactics.engine.combat.disarm import DeclareDisarm
from tactics.engine.combat.individual.actions import TakeAction, TurnAction, Hold
from tactics.engine.combat.individual.procedure import BeginTurn, EndTurn, StartTurns
from tactics.engine.combat.queries import describe
from tactics.engine.core.encounter import Encounter, load_encounter
from tactics.engine.core.journal import Refused
from tactics.engine.core.opening import opening_commands, opening_of
from tactics.engine.hazards.commands import ThrowGrenade
from tactics.engine.hazards.traps import DetectTrap, PlaceTrap

import pytest


def space_bears(seed: int = 1) -> Encounter:
    """The bundled Space Bears, no surprise round, at the party's Vanguard's Action Phase."""
    enc = load_encounter(bundled("space-bears.encounter.toml"), seed=seed)
    for cmd in opening_commands(enc.state, opening_of(enc.definition), None):
        enc.submit(cmd)
    enc.submit(team.BeginActions())
    return enc


def lines(enc: Encounter, entry) -> list[str]:
    return [describe(e, enc.state) for e in entry.events]


# --------------------------------------------------------------------------- finding 6
def test_a_disarm_is_declared_in_words_naming_the_trap_and_a_blown_one_ends_with_one_stop():  # R-TRAP-3
    enc = space_bears()
    enc.submit(PlaceTrap("frag_mine", (16, 5), trap_id="trap-1", disarm_dc=14))
    enc.submit(DetectTrap("trap-1", "james"))
    said = lines(enc, enc.submit(DeclareDisarm("james", "trap-1")))
    assert said == ["James declares disarming the Frag mine (Simple + Standard action together, with disadvantage).",
                    "James' check to disarm the Frag mine comes in the Use Item slot."]
    assert not any("trap-1" in line for line in said)
    enc.submit(ResolveNext(others_pass=True))  # the Simple half: no roll
    said = lines(enc, enc.submit(ResolveNext(others_pass=True), typed=[1, 2]))  # 1 - 2 + 4 = 3 vs 14: it goes off
    line = next(x for x in said if x.startswith("James disarms the Frag mine"))
    assert line.endswith("vs DC 14: it goes off!"), line


# --------------------------------------------------------------------------- finding 7
def test_a_combatant_with_an_unnamed_inline_sheet_is_called_by_its_id(tmp_path: Path):
    sheet = '{ abilities = { STR = 10, DEX = 12, CON = 10, INT = 10, WIS = 10, CHA = 10 }, hp = 20, ac = 12 }'
    text = ['name = "Inline"', f'map = "{bundled("space-bears.json").as_posix()}"',
            '[teams.a]', 'name = "Alpha"', '[teams.b]', 'name = "Beta"']
    for cid, t, cell in (("a1", "a", "[2, 2]"), ("a2", "a", "[2, 3]"), ("b1", "b", "[20, 4]")):
        text += ["[[combatants]]", f'id = "{cid}"', f'team = "{t}"', f"cell = {cell}", f"sheet = {sheet}"]
    path = tmp_path / "inline.encounter.toml"
    path.write_text("\n".join(text) + "\n")
    enc = load_encounter(path, seed=1)
    assert [c.name for c in enc.state.combatants.values()] == ["a1", "a2", "b1"]
    started = lines(enc, enc.submit(team.StartCombat()))
    assert "inline" not in " ".join(started) and "Vanguard a1" in " ".join(started)


# --------------------------------------------------------------------------- finding 8
def test_an_environmental_counter_goes_down_by_its_label():  # R-CNT-1
    enc = space_bears()
    enc.submit(roster.AddCounter("fire", "Fire in the bay", 2, team="party"))
    while enc.state.combat.phase == "action":
        entry = enc.submit(team.EndGroupTurn())
    line = lines(enc, entry)[-1]
    assert "Fire in the bay 2 -> 1" in line and "counter fire" not in line, line


def test_individual_turns_say_an_attack():
    enc = load_encounter(bundled("space-bears-individual.encounter.toml"), seed=5)
    enc.submit(Place("bear1", (17, 7)))
    enc.submit(StartTurns(order="table"))
    for _ in range(2):
        enc.submit(BeginTurn())
        enc.submit(EndTurn())
    enc.submit(BeginTurn())  # Art holds
    enc.submit(Hold("art"))
    enc.submit(EndTurn(facing="E"))
    enc.submit(BeginTurn())  # Bear 1 attacks Art, who holds
    said = lines(enc, enc.submit(TakeAction("bear1", TurnAction("attack", target="art"))))
    assert "Bear 1 declares an attack on Art; holding: Art." in said, said


def test_the_weapons_post_is_the_weapons_officer_and_science_may_act_in_the_action_phase():  # R-SHIP-2
    from tactics.engine.starship.commands import StartSpaceCombat, TakeAction as ShipAction
    from tactics.engine.starship.phases import EndPhase
    from tactics.engine.starship.state import space_of
    from tactics.ui.starship.crew import phase_words

    enc = load_encounter(bundled("pirate-corvette.encounter.toml"), seed=4)
    space = space_of(enc.state)
    assert phase_words(space, space.ships["wayfarer"], "science", whole_round=True) == "Support/Action"  # hacking
    assert phase_words(space, space.ships["wayfarer"], "captain", whole_round=True) == "Support Phase"
    enc.submit(StartSpaceCombat())
    while space_of(enc.state).round == 0:
        enc.submit(EndPhase())
    with pytest.raises(Refused, match="the Weapons Officer does not act in the Support Phase"):
        enc.submit(ShipAction("wayfarer", "weapons", "fire", {"target": "red_maw"}))
    said = lines(enc, enc.submit(ShipAction("wayfarer", "captain", "order", {"post": "weapons"})))
    assert any(line.endswith("Give an order to the Weapons Officer.") for line in said), said


def test_a_stun_grenades_save_resists_it_halves_nothing():  # the blast deals no damage
    enc = space_bears(seed=3)
    enc.submit(ThrowGrenade("james", enc.state.combatants["bear3"].cell, "stun", cook=False))
    said = lines(enc, enc.submit(ResolveNext(others_pass=True)))  # it goes off at the end of the bears' Rearguard
    while enc.state.combat.phase == "action":
        said += lines(enc, enc.submit(team.EndGroupTurn()))
    blast = next(x for x in said if x.startswith("Stun grenade blast"))
    assert blast.endswith("Reflex DC 13 to resist.") and "for half" not in blast, blast
