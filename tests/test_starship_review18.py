"""Space combat's rules core after review 18: what the post dialog asks of it.

What is tested on the bundled pirate corvette, with fixed dice:

1. a crew action's check is worked out before the roll by the function the roll uses: its DC with
   its parts ("DC 11 (10 + Wayfarer's Shield Mod 1)"), its modifiers, a repair's DC from the chart
   (R-SHIP-8, R-SHIP-3);
2. the crew bonus comes from the crew member's sheet: the skill the action's data names, a skill the
   sheet does not list read as its governing ability's modifier (N-SKILL-1); an NPC has no sheet and
   the GM sets it by hand; a bonus set by hand wins (R-SHIP-8);
3. a cloak drops when the phase of the ship's volley ends, said in its own event with the reason, and
   a timed cloak says when it runs out (R-SHIP-1; R-SHIP-4 details: "unless it has fired"; N-SEEN-3);
4. the Medical Officer with no injured crew has nothing to treat, as the Chief Engineer with no
   Battle Damage has nothing to repair: not offered Treat, not waited for, Treat refused with why;
   with an injured Captain only the Captain may be treated (N-SHIP-4, R-SHIP-2);
5. the Chief Engineer's declaration says what it is for (N-SHIP-2).
"""

from __future__ import annotations

import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import load_encounter
from tactics.engine.core.journal import Refused
from tactics.engine.starship.commands import (
    AssignPost, EndPhase, FireWeapons, StartSpaceCombat, TakeAction, treatable_posts,
)
from tactics.engine.starship.events import SpaceActionTaken, SpaceCloakDropped
from tactics.engine.starship.state import is_cloaked
from tactics.engine.starship.view import (
    action_note, actions_offered, check_plan, crew_skill_of, describe, idle_words, posts_acting_now,
)
from tactics.rules.dice import Dice
from tactics.rules.starship import check_text


def corvette(seed: int = 11):
    return load_encounter(bundled("pirate-corvette.encounter.toml"), seed=seed)


def to(enc, round_: int, phase: str) -> None:
    while (enc.state.space.round, enc.state.space.phase) != (round_, phase):
        enc.submit(EndPhase())


# -- 1: the worked DC before the roll ---------------------------------------------------------------


def test_the_scan_is_worked_out_before_the_roll_with_the_dc_it_is_rolled_against():  # R-SHIP-8
    enc = corvette()
    enc.submit(StartSpaceCombat())  # the surprise round: the Red Maw's Sensors/Comms scans the Wayfarer
    plan = check_plan(enc.state, "red_maw", "sensors", "scan", {"target": "wayfarer"})
    assert plan is not None
    assert plan.dc == 11 and plan.dc_text() == "DC 11 (10 + Wayfarer's Shield Mod 1)"
    assert plan.text() == "2d10 + Sensor Mod 1 + crew bonus 0 vs DC 11 (10 + Wayfarer's Shield Mod 1)"
    rolled = enc.submit(TakeAction("red_maw", "sensors", "scan", {"target": "wayfarer"}), typed=[8, 8])
    check = rolled.events[0].check
    assert check["dc"] == plan.dc and check["total"] == 8 + 8 + 1
    assert "vs DC 11 (10 + Wayfarer's Shield Mod 1): success" in check_text(check)  # what s13.png showed after


@pytest.mark.parametrize("seed", [1, 7, 11, 29])
def test_the_preview_and_the_roll_agree_for_every_offered_check(seed):  # R-SHIP-8, R-SHIP-3
    enc = corvette(seed)
    enc.submit(StartSpaceCombat())
    to(enc, 1, "support")
    for ship, post in (("wayfarer", "science"), ("red_maw", "science"), ("wayfarer", "captain")):
        for action in actions_offered(enc.state, ship, post):
            if action.check is None:
                continue
            params = {"target": "red_maw" if ship == "wayfarer" else "wayfarer", "crew_skill": True}
            plan = check_plan(enc.state, ship, post, action.name, params)
            events = TakeAction(ship, post, action.name, params).execute(enc.state, Dice(seed))
            check = next(e for e in events if isinstance(e, SpaceActionTaken)).check
            assert check["dc"] == plan.dc, action.name
            assert check["modifiers"] == [[k, v] for k, v in plan.modifiers if v], action.name


def test_a_repair_names_the_chart_line_its_dc_comes_from():  # R-SHIP-5, R-SHIP-8
    enc = corvette()
    enc.submit(StartSpaceCombat())
    enc.submit(FireWeapons("red_maw", [], "wayfarer"), typed=[10] * 5)
    enc.submit(EndPhase(), typed=[3, 4])  # Battle Damage 2d6 7 on the Wayfarer
    to(enc, 1, "response")
    damage = enc.state.space.ships["wayfarer"].battle_damage[0]
    plan = check_plan(enc.state, "wayfarer", "engineer", "repair", {"battle_damage": damage.id})
    assert plan.dc == damage.repair_dc
    assert plan.dc_text() == f"DC {damage.repair_dc} (the chart's repair DC for 2d6 7)"


# -- 2: the crew bonus from the sheet ---------------------------------------------------------------


def test_a_player_characters_crew_bonus_is_read_from_the_sheet():  # R-SHIP-8, N-SKILL-1
    enc = corvette()
    enc.submit(StartSpaceCombat())
    to(enc, 1, "support")
    james = crew_skill_of(enc.state, "wayfarer", "science", "boost_weapons")
    # James's sheet lists no Science: the skill is read as its governing ability, INT 14 -> +2
    assert (james.value, james.label, james.from_sheet) == (2, "James' Science (INT)", True)
    assert james.words == "Science (INT) +2: James' sheet has no Science, so the INT modifier"
    rolled = enc.submit(TakeAction("wayfarer", "science", "boost_weapons", {"crew_skill": True}), typed=[5, 4])
    check = rolled.events[0].check
    assert ["James' Science (INT)", 2] in check["modifiers"] and check["total"] == 5 + 4 + 2 + 2  # + Weapons Mod 2
    assert "+ James' Science (INT) 2" in describe(rolled.events[0])


def test_a_listed_skill_is_the_whole_bonus_and_an_npc_has_none():  # R-SHIP-8, N-MOVE-3
    enc = corvette()
    enc.submit(AssignPost("wayfarer", "medical", "art"))  # Art's sheet lists Treat Injury 4
    art = crew_skill_of(enc.state, "wayfarer", "medical", "treat")
    assert (art.value, art.words) == (4, "Treat Injury +4 from Art's sheet")
    ruiz = crew_skill_of(enc.state, "wayfarer", "sensors", "scan")
    assert (ruiz.value, ruiz.from_sheet) == (0, False)
    assert ruiz.words == "Ensign Ruiz has no character sheet: set the Computers bonus by hand"


def test_a_bonus_set_by_hand_wins_and_a_script_without_one_rolls_none():  # R-SHIP-8
    enc = corvette()
    enc.submit(StartSpaceCombat())
    to(enc, 1, "support")
    plan = check_plan(enc.state, "wayfarer", "science", "boost_weapons", {"bonus": 5, "crew_skill": True})
    assert ("crew bonus", 5) in plan.modifiers and not any("Science" in k for k, _ in plan.modifiers)
    plain = check_plan(enc.state, "wayfarer", "science", "boost_weapons")
    assert ("crew bonus", 0) in plain.modifiers  # TakeAction's contract before review 18 holds


# -- 3: the cloak drops, said ------------------------------------------------------------------------


def test_the_cloak_drops_when_the_phase_of_its_volley_ends_saying_why():  # R-SHIP-1, R-SHIP-4, N-SEEN-3
    enc = corvette()
    enc.submit(StartSpaceCombat())
    failed = enc.submit(TakeAction("red_maw", "engineer", "assist_cloak"), typed=[5, 2])  # 7 vs DC 13
    assert not failed.events[0].success
    fired = enc.submit(FireWeapons("red_maw", [], "wayfarer"), typed=[5, 2, 3, 9])
    red_maw = enc.state.space.ships["red_maw"]
    assert red_maw.revealed  # the volley gives it away at once
    assert "firing gives the Red Maw away (its cloak drops when the phase ends)" in describe(fired.events[0])
    end = enc.submit(EndPhase())
    dropped = [e for e in end.events if isinstance(e, SpaceCloakDropped)]
    assert [(e.ship, e.reason) for e in dropped] == [("red_maw", "fired")]
    assert describe(dropped[0]) == "The Red Maw's cloak drops: it fired (a cloak hides a ship only until it fires)."
    assert not red_maw.cloaked and not is_cloaked(red_maw, enc.state.space.now)


def test_a_cloak_engaged_in_the_phase_of_the_volley_still_lands():  # R-SHIP-1
    enc = corvette()
    enc.submit(StartSpaceCombat())
    enc.submit(TakeAction("red_maw", "engineer", "assist_cloak"), typed=[10, 10])  # 20 vs DC 13
    enc.submit(FireWeapons("red_maw", [], "wayfarer"), typed=[1, 1, 1, 1])
    end = enc.submit(EndPhase())
    kinds = [e.kind for e in end.events]
    assert kinds.index("space.cloak_dropped") < kinds.index("space.cloaked")
    assert is_cloaked(enc.state.space.ships["red_maw"], enc.state.space.now)


def test_a_timed_cloak_says_when_it_runs_out():  # R-SHIP-1
    enc = corvette()
    enc.submit(StartSpaceCombat())
    to(enc, 1, "support")
    enc.submit(TakeAction("red_maw", "science", "cloak"), typed=[10, 10])  # three phases
    lines = []
    for _ in range(4):
        lines += [describe(e) for e in enc.submit(EndPhase()).events]
    assert "The Red Maw's cloak runs out: its phases under the cloak are over." in lines
    assert lines.index("The Red Maw vanishes under its cloak.") < lines.index(
        "The Red Maw's cloak runs out: its phases under the cloak are over.")
    assert not enc.state.space.ships["red_maw"].cloaked


# -- 4: nothing to treat -----------------------------------------------------------------------------


def test_the_medical_officer_has_nothing_to_treat_with_no_one_injured():  # N-SHIP-4, R-SHIP-2
    enc = corvette()
    enc.submit(StartSpaceCombat())
    to(enc, 1, "response")  # BD 0/3 on both ships
    assert treatable_posts(enc.state.space, enc.state.space.ships["wayfarer"]) == []
    assert actions_offered(enc.state, "wayfarer", "medical") == []
    assert "medical" not in posts_acting_now(enc.state, "wayfarer")
    assert idle_words(enc.state, "wayfarer", "medical") == "nothing to treat"
    assert idle_words(enc.state, "wayfarer", "engineer") == "nothing to repair"
    with pytest.raises(Refused, match="no one aboard the Wayfarer is hurt: the Medical Officer has nothing to treat"):
        enc.submit(TakeAction("wayfarer", "medical", "treat", {"post": "captain"}), typed=[9, 9])


def test_only_injured_crew_may_be_treated():  # N-SHIP-4
    enc = corvette()
    enc.submit(StartSpaceCombat())
    to(enc, 1, "action")
    enc.submit(FireWeapons("red_maw", [], "wayfarer"), typed=[10] * 5)
    enc.submit(EndPhase(), typed=[6, 6])  # 2d6 12: Bridge hit, the Captain is injured from the Response Phase
    assert enc.state.space.phase == "response"
    wayfarer = enc.state.space.ships["wayfarer"]
    assert treatable_posts(enc.state.space, wayfarer) == ["captain"]
    assert "medical" in posts_acting_now(enc.state, "wayfarer")
    with pytest.raises(Refused, match=r"Art \(Weapons Officer\) is not hurt: nothing to treat. Injured: Katie"):
        enc.submit(TakeAction("wayfarer", "medical", "treat", {"post": "weapons"}), typed=[9, 9])
    treated = enc.submit(TakeAction("wayfarer", "medical", "treat", {"post": "captain"}), typed=[9, 9])
    assert treated.events[0].success


# -- 5: the Chief Engineer's declaration ---------------------------------------------------------------


def test_the_engineers_declaration_says_what_it_is_for():  # N-SHIP-2, R-SHIP-2
    enc = corvette()
    enc.submit(StartSpaceCombat())
    first = actions_offered(enc.state, "red_maw", "engineer")[0]
    assert first.name == "engineer_to_action" and first.label == "Commit to the Action Phase"
    assert first.hint == "no roll now: Grapple or cloak later this phase"
    assert "before anyone rolls; roll Grapple or Power the cloak later this phase" in first.text
    assert "Gives up the Response Phase" in first.text
    # the surprise round is an Action Phase only (R-SHIP-7): nothing is given up there
    assert action_note(enc.state, "red_maw", "engineer", first.name) == (
        "The surprise round has no Response Phase: acting now gives nothing up.")
    to(enc, 1, "action")
    assert action_note(enc.state, "red_maw", "engineer", first.name) == ""


def test_a_check_naming_an_unknown_skill_is_a_data_error(tmp_path):  # R-SHIP-8 (rules numbers are data)
    from tactics.rules.data import DataError
    from tactics.rules.starship_data import load_actions

    bad = tmp_path / "ship_actions.toml"
    bad.write_text('[action.scan]\npost = "sensors"\nphases = ["action"]\nlabel = "Scan"\n'
                   'check = { dc = 10, skill = "Computrs" }\n', encoding="utf-8")
    with pytest.raises(DataError, match=r"action\.scan\.check\.skill.*unknown skill 'Computrs'"):
        load_actions(bad)
