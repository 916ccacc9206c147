"""A blast's or a trap's damage reaches the log and the Counter Phase as an attack's does (review 13 F1, F3).

What a GM noticed: a grenade dropped James (1 hp) and the log said only "saved, takes 4 (half
of 9)": no "loses 4 hp (0 left ...)", no "James is down!", and the Counter Phase card's "Down
this round" left him out. Every source of damage now gives the same lines (R-GREN-6, R-TRAP-4,
R-CNT-1).
"""

from __future__ import annotations

from tactics.engine.board import Walk
from tactics.engine.combat.events import CombatantDowned, HpChanged
from tactics.engine.combat.queries import describe, down_this_round
from tactics.engine.core.encounter import Encounter
from tactics.engine.hazards.blast import hit_consequences
from tactics.engine.hazards.commands import Detonate, PlaceTrap, ThrowGrenade
from tactics.engine.hazards.events import HazardHit
from tactics.engine.saves.document import load_save, save_encounter
from tactics.maps import BattleMap

ROOM = "\n".join(["." * 16] * 12)


def fighter(cid: str, team: str, cell: tuple[int, int], hp: int, **sheet: object) -> dict:
    return {"id": cid, "name": cid.title(), "team": team, "cell": list(cell), "hp": hp, "sheet": sheet}


def encounter(*combatants: dict) -> Encounter:
    definition = {"name": "Blast lines", "teams": {"party": {"name": "The Party", "players": True},
                                                   "bears": {"name": "Bears"}}, "combatants": list(combatants)}
    return Encounter(definition, BattleMap.from_text(ROOM), seed=5)


def lines(enc: Encounter, entry) -> list[str]:
    return [describe(e, enc.state) for e in entry.events]


def test_a_grenade_that_drops_a_creature_says_the_hp_left_and_that_it_is_down(tmp_path):  # R-GREN-6
    enc = encounter(fighter("ann", "party", (1, 5), 30), fighter("bear", "bears", (7, 5), 30),
                    fighter("cub", "bears", (8, 5), 4))
    enc.submit(ThrowGrenade("ann", (7, 5)), typed=[5, 5])
    boom = enc.submit(Detonate("grenade-1"), typed=[3, 3, 3, 20, 20])  # 9; both save: 4 each
    said = lines(enc, boom)
    assert "Bear loses 4 hp (26 left; Frag grenade)." in said
    assert "Cub loses 4 hp (0 left; Frag grenade)." in said and "Cub is down!" in said
    assert said.index("Cub loses 4 hp (0 left; Frag grenade).") == said.index("Cub is down!") - 1
    assert "Bear is down!" not in said
    assert down_this_round(enc.state, enc.journal.entries) == ["cub"]  # the Counter Phase card names him
    assert enc.state.combatants["cub"].hp == 0 and enc.state.combatants["bear"].hp == 26
    save_encounter(enc, tmp_path / "game.json")
    again = load_save(tmp_path / "game.json")
    assert again.state.combatants["cub"].hp == 0 and again.state.combatants["bear"].hp == 26
    assert down_this_round(again.state, again.journal.entries) == ["cub"]


def test_a_hidden_mine_walked_into_gives_the_same_lines():  # R-TRAP-4
    enc = encounter(fighter("ann", "party", (0, 3), 2, skills={"Perception": 1}))
    enc.submit(PlaceTrap("stealth_mine", (4, 3)))  # DC 12 > passive 11: not spotted
    entry = enc.submit(Walk("ann", [(1, 3), (2, 3), (3, 3), (4, 3), (5, 3)]))
    said = lines(enc, entry)
    assert any(s.startswith("Ann loses 2 hp (0 left; ") for s in said) and "Ann is down!" in said
    assert enc.state.combatants["ann"].hp == 0


def test_a_second_blast_in_the_same_command_starts_from_what_the_first_left():
    enc = encounter(fighter("cub", "bears", (8, 5), 15))
    hit = dict(source="grenade-1", label="Frag grenade", save=None, saved=False, conditions=[], text="")
    events = hit_consequences(enc.state, [HazardHit(combatant="cub", damage=10, **hit),
                                          HazardHit(combatant="cub", damage=10, **hit)])
    changes = [(e.delta, e.hp) for e in events if isinstance(e, HpChanged)]
    assert changes == [(-10, 5), (-5, 0)]
    assert [e.combatant for e in events if isinstance(e, CombatantDowned)] == ["cub"]  # down once


def test_a_blast_that_misses_everyone_adds_nothing():
    enc = encounter(fighter("cub", "bears", (8, 5), 15))
    unharmed = HazardHit(combatant="cub", source="g", label="Stun grenade", save=None, saved=True, damage=0,
                         conditions=[], text="Cub: unharmed")
    assert hit_consequences(enc.state, [unharmed]) == [unharmed]


def test_a_hit_of_no_damage_does_not_read_as_a_heal():
    """Review 13 F11: a 0-damage Minor Hit logged "Bear 2 gains 0 hp (26 left; ...)"."""
    enc = encounter(fighter("bear2", "bears", (8, 5), 26))
    line = describe(HpChanged(combatant="bear2", delta=0, hp=26, reason="Silenced pistol (minor)"), enc.state)
    assert line == "Bear2 loses no hp (26 left; Silenced pistol (minor))."


def test_a_move_a_mine_cut_short_reads_fell_short_on_its_card():
    """Review 13 F11: Katie's card kept "Standard Move to 25,14 (10 ft) done" after a mine stopped her."""
    from tactics.engine.combat.actions import Action, Declare, ResolveNext
    from tactics.engine.combat.queries import declaration_status
    from tactics.engine.combat.team import Advance, StartCombat
    from tactics.rules import actions as act

    enc = encounter(fighter("ann", "party", (0, 3), 30, skills={"Perception": 1}, modifiers={"DEX": 5}),
                    fighter("bear", "bears", (15, 11), 30))
    enc.submit(PlaceTrap("stealth_mine", (2, 3)))  # DC 12 > passive 11: walked into
    enc.submit(StartCombat())
    enc.submit(Advance())
    assert enc.state.combat.can_act_now("ann")
    enc.submit(Declare("ann", Action(act.STANDARD_MOVE, path=[(1, 3), (2, 3), (3, 3), (4, 3)])))
    enc.submit(ResolveNext())
    [move] = enc.state.combat.declarations_of("ann")
    assert enc.state.combatants["ann"].cell != (4, 3) and declaration_status(move) == "fell short"


def test_a_move_stopped_before_a_spotted_trap_says_so_not_done():  # N-MOVE-6
    """Review 13 recheck NEW-D: Katie spotted a trap, stopped where she stood, and her card read
    "Standard Move to (23, 15) (15 ft) done"."""
    from tactics.engine.combat.actions import Action, Declare, ResolveNext
    from tactics.engine.combat.queries import declaration_status
    from tactics.engine.combat.team import Advance, StartCombat
    from tactics.rules import actions as act

    enc = encounter(fighter("ann", "party", (0, 3), 30, skills={"Perception": 2}, modifiers={"DEX": 5}),
                    fighter("bear", "bears", (15, 11), 30))
    enc.submit(PlaceTrap("frag_mine", (6, 3)))  # DC 10, passive 12: spotted from 10 ft
    enc.submit(StartCombat())
    enc.submit(Advance())
    enc.submit(Declare("ann", Action(act.STANDARD_MOVE, path=[(c, 3) for c in range(1, 7)])))
    entry = enc.submit(ResolveNext())
    [move] = enc.state.combat.declarations_of("ann")
    assert enc.state.combatants["ann"].cell != (6, 3)
    assert declaration_status(move) == "stopped: a trap ahead" and move.success  # the Bonus Move stays
    assert "Ann's Standard Move: stopped short: a trap was spotted ahead." in lines(enc, entry)
