"""The text's "Other Common Actions of Note" in team rounds: reloading, drawing a weapon, treating
injury (ground-and-space-combat.txt; readings N-READY-1, N-READY-2, N-TREAT-1).

What is tested: "By default, reloading is a Standard Move Action ... a Simple Action ... for
example, the Quick Reload feat": a one-shot crossbow fires once, then its attack is refused
("Reload first"); the reload is a Standard Move (no Bonus Move after it), a Simple action with the
feat, and an attack declared after a reload that resolves first is accepted. "Draw a Weapon ...
holstered ... a Simple Move Action ... in a bag ... a Standard Move Action": a holstered pistol
must be drawn first ("Draw the ... first: a Simple action (holster)"), a packed knife needs a
Standard Move; a weapon the sheet does not place is in hand. "Treating Injury ... the Treat Injury
skill usually with a Medical kit ... a Standard Use Item Action": the check against the table's DC
on the seeded dice, its dice in the log, the healing rolled; no kit: one disadvantage; only an
ally within reach. Every one is undone and replayed like any event. Fixed seeds, typed dice.
"""

from dataclasses import replace

import pytest

from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.queries import describe, legal_kinds
from tactics.engine.combat.team import Advance, BeginActions, StartCombat
from tactics.engine.core.encounter import Encounter
from tactics.engine.saves.document import reloaded
from tactics.maps import BattleMap, Spawn
from tactics.rules import actions as act
from tactics.rules.common_actions import default_common_actions

from test_ground_audit import refused

ROOM = "\n".join(["." * 10] * 6)
SPAWNS = {"Rook": (1, 1), "Vale": (1, 3), "Medic": (2, 2), "Bear": (8, 2)}
SHEETS = {
    "rook": {"label": "Rook", "abilities": {"DEX": 14, "WIS": 12}, "hp": 20,
             "weapons": ["hand_crossbow", "slug_revolver", "combat_knife"],
             "carried": {"slug_revolver": "holster", "combat_knife": "pack"}},
    "vale": {"label": "Vale", "abilities": {"DEX": 14, "WIS": 12}, "hp": 20, "weapons": ["hand_crossbow"],
             "feats": ["Quick Reload"]},
    "medic": {"label": "Medic", "abilities": {"DEX": 12, "WIS": 14}, "hp": 20, "weapons": ["combat_knife"],
              "skills": {"Treat Injury": 4}, "gear": ["Medical kit"]},
}


#: Rook with a two-handed crossbow in hand (N-READY-3): the holstered revolver cannot simply be drawn.
GUNNER = {"weapons": ["heavy_crossbow", "slug_revolver", "combat_knife"],
          "carried": {"slug_revolver": "holster", "combat_knife": "pack"}}


def encounter(seed: int = 3, medic_kit: bool = True, rook: dict | None = None) -> Encounter:
    sheets = {k: dict(v) for k, v in SHEETS.items()}
    if not medic_kit:
        sheets["medic"]["gear"] = []
    sheets["rook"].update(rook or {})
    definition = {
        "name": "Common actions", "mode": "team",
        "teams": {"party": {"name": "The Party", "colour": [70, 140, 230], "players": True},
                  "bears": {"name": "Bears", "colour": [220, 80, 60]}},
        "combatants": [{"id": cid, "team": "party", "sheet": sheet, "spawn": sheet["label"]}
                       for cid, sheet in sheets.items()]
        + [{"id": "bear", "name": "Bear", "team": "bears", "sheet": "space_bear", "spawn": "Bear"}],
    }
    room = replace(BattleMap.from_text(ROOM), spawns=[Spawn(n, c) for n, c in SPAWNS.items()])
    return Encounter(definition, room, seed=seed)


def turn_of(enc: Encounter, cid: str) -> None:
    """On to the group turn in which ``cid`` acts."""
    while not enc.state.combat.can_act_now(cid):
        enc.submit(Advance())


def fight(cid: str, **kw) -> Encounter:
    enc = encounter(**kw)
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    turn_of(enc, cid)
    return enc


def resolve_all(enc: Encounter, typed: list[int] | None = None) -> list:
    out = []
    while any(d.status == "declared" for d in enc.state.combat.declarations):
        out.append(enc.submit(ResolveNext(others_pass=True), typed=typed))
        typed = None
    return out


def lines(enc: Encounter, entries) -> list[str]:
    return [describe(e, enc.state) for entry in entries for e in entry.events]


def next_turn(enc: Encounter, cid: str) -> None:
    """Through the rest of this round to ``cid``'s group turn in the next."""
    round_now = enc.state.combat.round
    while enc.state.combat.round == round_now or not enc.state.combat.can_act_now(cid):
        enc.submit(Advance())


# --------------------------------------------------------------------------- reloading (N-READY-1)
def test_a_one_shot_crossbow_fires_once_then_must_be_reloaded():  # "reloading is a Standard Move Action"
    enc = fight("rook")
    enc.submit(Declare("rook", Action(act.STANDARD_ATTACK, weapon="hand_crossbow", target="bear")))
    reason = refused(enc, Declare("rook", Action(act.BONUS_ATTACK, weapon="hand_crossbow", target="bear")),
                     "Reload first")
    assert "Hand crossbow is empty" in reason and "Standard Move" in reason
    entries = resolve_all(enc)
    assert "Rook's Hand crossbow: 0 shots left, reload it." in lines(enc, entries)  # hit or miss, the shot is gone
    next_turn(enc, "rook")
    refused(enc, Declare("rook", Action(act.STANDARD_ATTACK, weapon="hand_crossbow", target="bear")), "Reload first")
    refused(enc, Declare("rook", Action(act.SIMPLE, effect="reload", weapon="hand_crossbow")),
            "reloading is a Standard Move")  # no Quick Reload on Rook's sheet
    enc.submit(Declare("rook", Action(act.STANDARD_MOVE, effect="reload", weapon="hand_crossbow")))
    assert act.BONUS_MOVE not in legal_kinds(enc.state, "rook")  # the reload moved no one: no Bonus Move
    refused(enc, Declare("rook", Action(act.BONUS_MOVE, path=[(1, 2)])), "Bonus Move")
    entry = enc.submit(ResolveNext(others_pass=True))
    assert [e.kind for e in entry.events] == ["weapon.reloaded", "action.resolved"]  # nothing rolled
    assert "Rook reloads the Hand crossbow (1 shot loaded)." in lines(enc, [entry])


def test_quick_reload_makes_it_a_simple_action_before_the_attack():  # "a Simple Action ... the Quick Reload feat"
    enc = fight("vale")
    enc.submit(Declare("vale", Action(act.STANDARD_ATTACK, weapon="hand_crossbow", target="bear")))
    resolve_all(enc)
    next_turn(enc, "vale")
    refused(enc, Declare("vale", Action(act.STANDARD_ATTACK, weapon="hand_crossbow", target="bear")), "Reload first")
    enc.submit(Declare("vale", Action(act.SIMPLE, effect="reload", weapon="hand_crossbow")))
    enc.submit(Declare("vale", Action(act.STANDARD_ATTACK, weapon="hand_crossbow", target="bear")))  # reloaded by then
    entries = resolve_all(enc)
    kinds = [e.kind for entry in entries for e in entry.events]
    assert kinds.index("weapon.reloaded") < kinds.index("attack.rolled") < kinds.index("weapon.load-used")


def test_a_reload_is_refused_when_the_weapon_is_loaded_and_for_a_weapon_without_a_load():
    enc = fight("rook")
    refused(enc, Declare("rook", Action(act.STANDARD_MOVE, effect="reload", weapon="hand_crossbow")), "already loaded")
    refused(enc, Declare("rook", Action(act.STANDARD_MOVE, effect="reload", weapon="combat_knife")),
            "not reloaded in play")
    refused(enc, Declare("rook", Action(act.STANDARD_MOVE, effect="reload", weapon="heavy_crossbow")), "carries no")


def test_reloads_are_undone_and_replayed():  # every event through the journal
    enc = fight("rook")
    enc.submit(Declare("rook", Action(act.STANDARD_ATTACK, weapon="hand_crossbow", target="bear")))
    resolve_all(enc)
    assert enc.state.combat.fired["rook"]["hand_crossbow"] == 1
    assert reloaded(enc).state == enc.state  # a save and its replay hold the shot
    enc.undo()  # the attack's resolution taken back: loaded again
    assert enc.state.combat.fired.get("rook", {}).get("hand_crossbow", 0) == 0


# --------------------------------------------------------------------------- drawing (N-READY-2)
def test_a_holstered_pistol_is_drawn_with_a_simple_action_first():  # "holstered ... a Simple Move Action"
    enc = fight("rook")
    reason = refused(enc, Declare("rook", Action(act.STANDARD_ATTACK, weapon="slug_revolver", target="bear")),
                     "Draw the Slug revolver first")
    assert reason == "Draw the Slug revolver first: a Simple action (holster)"
    enc.submit(Declare("rook", Action(act.SIMPLE, effect="draw", weapon="slug_revolver")))
    enc.submit(Declare("rook", Action(act.STANDARD_ATTACK, weapon="slug_revolver", target="bear")))  # drawn first
    entries = resolve_all(enc)
    said = lines(enc, entries)
    assert said[0] == "Rook draws the Slug revolver from the holster."
    assert "Rook's Slug revolver: 5 shots left." in said
    assert enc.state.combat.drawn["rook"] == ["slug_revolver"]


def test_a_packed_knife_takes_a_standard_move_and_a_weapon_not_placed_is_in_hand():  # "in a bag ... Standard Move"
    enc = fight("rook")
    refused(enc, Declare("rook", Action(act.SIMPLE, effect="draw", weapon="combat_knife")),
            "a Standard Move \\(pack\\)")
    refused(enc, Declare("rook", Action(act.SIMPLE, effect="draw", weapon="hand_crossbow")), "already in")
    enc.submit(Declare("rook", Action(act.STANDARD_MOVE, effect="draw", weapon="combat_knife")))
    assert act.BONUS_MOVE not in legal_kinds(enc.state, "rook")
    resolve_all(enc)
    assert "combat_knife" in enc.state.combat.drawn["rook"]


def test_a_new_fight_starts_with_weapons_where_the_sheet_carries_them():  # N-READY-2
    enc = fight("rook")
    enc.submit(Declare("rook", Action(act.SIMPLE, effect="draw", weapon="slug_revolver")))
    resolve_all(enc)
    from tactics.engine.combat.team import EndCombat

    enc.submit(EndCombat())
    enc.submit(StartCombat())
    assert enc.state.combat.drawn == {} and enc.state.combat.fired == {}


# --------------------------------------------------------------------------- hands (N-READY-3)
def test_with_both_hands_full_a_simple_draw_is_refused_with_why():  # "Draw/Holster Weapon": one Simple action
    enc = fight("rook", rook=GUNNER)
    reason = refused(enc, Declare("rook", Action(act.SIMPLE, effect="draw", weapon="slug_revolver")), "hands are full")
    assert reason == ("Rook's hands are full (Heavy crossbow): the Slug revolver needs one hand. "
                      "Switch weapons to put it away: a Standard Move")
    refused(enc, Declare("rook", Action(act.STANDARD_MOVE, effect="draw", weapon="slug_revolver")),
            "Switch weapons, naming what to put away")
    refused(enc, Declare("rook", Action(act.SIMPLE, effect="draw", weapon="slug_revolver", stow=["heavy_crossbow"])),
            "switching weapons: a Standard Move")  # the Simple action draws or holsters, not both
    refused(enc, Declare("rook", Action(act.STANDARD_MOVE, effect="draw", weapon="slug_revolver",
                                        stow=["combat_knife"])), "not in Rook's hand")
    refused(enc, Declare("rook", Action(act.STANDARD_MOVE, effect="draw", weapon="slug_revolver",
                                        stow="heavy_crossbow")), "named by their ids")  # (a bad file's stow)


def test_switching_weapons_puts_one_away_and_draws_the_other():  # "Switch Weapons": a Standard Move Action
    enc = fight("rook", rook=GUNNER)
    enc.submit(Declare("rook", Action(act.STANDARD_MOVE, effect="draw", weapon="slug_revolver",
                                      stow=["heavy_crossbow"])))
    assert act.BONUS_MOVE not in legal_kinds(enc.state, "rook")  # it moved no one (as N-READY-1)
    refused(enc, Declare("rook", Action(act.SIMPLE_AFTER, effect="draw", weapon="combat_knife")), "Standard Move")
    said = lines(enc, resolve_all(enc))
    assert said[:2] == ["Rook puts the Heavy crossbow away in the pack.", "Rook draws the Slug revolver from the holster."]
    assert enc.state.combat.drawn["rook"] == ["slug_revolver"]
    assert enc.state.combat.stowed["rook"] == {"heavy_crossbow": "pack"}  # started in hand: no holster for it
    next_turn(enc, "rook")
    assert refused(enc, Declare("rook", Action(act.STANDARD_ATTACK, weapon="heavy_crossbow", target="bear")),
                   "Draw the Heavy crossbow first") == "Draw the Heavy crossbow first: a Standard Move (pack)"
    refused(enc, Declare("rook", Action(act.STANDARD_MOVE, effect="draw", weapon="heavy_crossbow")),
            "Rook has one hand free \\(Slug revolver in the other\\): the Heavy crossbow needs both hands")
    enc.submit(Declare("rook", Action(act.STANDARD_MOVE, effect="draw", weapon="heavy_crossbow",
                                      stow=["slug_revolver"])))  # and back: the revolver to its holster
    said = lines(enc, resolve_all(enc))
    assert said[:2] == ["Rook puts the Slug revolver away in the holster.", "Rook draws the Heavy crossbow from the pack."]
    assert enc.state.combat.drawn["rook"] == ["heavy_crossbow"]
    assert enc.state.combat.stowed["rook"] == {"slug_revolver": "holster"}
    assert reloaded(enc).state == enc.state  # a save and its replay hold where each weapon is
    enc.undo()
    assert enc.state.combat.drawn["rook"] == ["slug_revolver"] and enc.state.combat.stowed["rook"] == \
        {"heavy_crossbow": "pack"}


def test_hands_count_what_declared_draws_leave_in_them():  # N-READY-3, as they will be when the draw resolves
    enc = fight("rook")  # a one-handed crossbow in hand, the revolver holstered, the knife packed
    enc.submit(Declare("rook", Action(act.SIMPLE, effect="draw", weapon="slug_revolver")))  # two hands full now
    refused(enc, Declare("rook", Action(act.STANDARD_MOVE, effect="draw", weapon="combat_knife")),
            "Rook's hands are full \\(Hand crossbow and Slug revolver\\): the Combat knife needs one hand")
    enc.submit(Declare("rook", Action(act.STANDARD_MOVE, effect="draw", weapon="combat_knife", stow=["hand_crossbow"])))
    from tactics.engine.combat.readying import ready_problem
    from tactics.rules.sheets import default_armoury

    crossbow = default_armoury().weapon("hand_crossbow")  # as an attack after the switch would find it
    assert ready_problem(enc.state, enc.state.combatants["rook"], crossbow, act.BONUS_ATTACK) == \
        "Draw the Hand crossbow first: a Standard Move (pack)"
    said = lines(enc, resolve_all(enc))
    assert said[0] == "Rook draws the Slug revolver from the holster."
    assert "Rook puts the Hand crossbow away in the pack." in said and "Rook draws the Combat knife from the pack." in said


def test_natural_weapons_hold_no_hand_and_sheets_without_carried_draw_nothing():  # N-READY-3, N-READY-2
    from tactics.engine.combat.readying import hands_blocked, hands_of, held

    enc = fight("rook", rook={"weapons": ["xeno_dart_rifle", "silenced_pistol", "unarmed"], "carried": {}})
    rook = enc.state.combatants["rook"]
    assert (hands_of(rook, "xeno_dart_rifle"), hands_of(rook, "silenced_pistol"), hands_of(rook, "unarmed")) == (2, 1, 0)
    assert held(enc.state, rook) == ["xeno_dart_rifle", "silenced_pistol"]  # three hands' worth: the sheet's word
    assert hands_blocked(enc.state, rook, legal_kinds(enc.state, "rook")) == []  # nothing to draw, nothing refused
    enc.submit(Declare("rook", Action(act.STANDARD_ATTACK, weapon="xeno_dart_rifle", target="bear")))  # as before


# --------------------------------------------------------------------------- treating injury (N-TREAT-1)
def hurt(enc: Encounter, cid: str, by: int) -> None:
    from tactics.engine.combat.gm import AdjustHP

    enc.submit(AdjustHP(cid, -by))


def test_treat_injury_rolls_the_skill_against_the_dc_and_heals_the_rolled_amount():  # "a Standard Use Item Action"
    enc = fight("medic")
    hurt(enc, "rook", 10)
    rules = default_common_actions().treat_injury
    enc.submit(Declare("medic", Action(act.USE_ITEM, item="treat-injury", target="rook")))
    entry = enc.submit(ResolveNext(others_pass=True), typed=[12, 5])  # d20 12 + Treat Injury 4 = 16 vs DC 15; heal d8 5
    check = next(e for e in entry.events if e.kind == "combat.check")
    assert (check.data["d20"], check.data["total"], check.data["dc"]) == (12, 16, rules.dc)
    assert enc.state.combatants["rook"].hp == 15
    said = lines(enc, [entry])
    assert any("Medic" in s and "treating Rook's injuries" in s and "12" in s and "16" in s for s in said)
    assert any("5" in s and "1d8" in s for s in said)  # the healing's faces, as the GM's rolled heal


def test_a_failed_treatment_heals_nothing():
    enc = fight("medic")
    hurt(enc, "rook", 10)
    enc.submit(Declare("medic", Action(act.USE_ITEM, item="treat-injury", target="rook")))
    entry = enc.submit(ResolveNext(others_pass=True), typed=[3])  # 3 + 4 = 7 vs DC 15
    assert enc.state.combatants["rook"].hp == 10
    assert "Medic fails to treat Rook." in lines(enc, [entry])


def test_without_a_medical_kit_the_check_takes_one_disadvantage():  # "usually with a Medical kit"
    enc = fight("medic", medic_kit=False)
    hurt(enc, "rook", 10)
    enc.submit(Declare("medic", Action(act.USE_ITEM, item="treat-injury", target="rook")))
    entry = enc.submit(ResolveNext(others_pass=True), typed=[14, 2, 4])  # 14 - d2 2 + 4 = 16; heal 4
    check = next(e for e in entry.events if e.kind == "combat.check")
    assert check.data["extra"] == [2, 2, -1] and ["no Medical kit", -1] in check.data["advantages"]
    assert enc.state.combatants["rook"].hp == 14


def test_only_an_injured_ally_within_reach_or_oneself_is_treated():  # N-TREAT-1
    enc = fight("medic")
    refused(enc, Declare("medic", Action(act.USE_ITEM, item="treat-injury", target="rook")), "not injured")
    refused(enc, Declare("medic", Action(act.USE_ITEM, item="treat-injury", target="bear")), "not an ally")
    hurt(enc, "medic", 3)
    enc.submit(Declare("medic", Action(act.USE_ITEM, item="treat-injury")))  # oneself
    enc2 = fight("medic")
    hurt(enc2, "vale", 3)
    enc2.submit(Declare("medic", Action(act.USE_ITEM, item="treat-injury", target="vale")))  # 2,2 touches 1,3
    hurt(enc2, "rook", 3)
    enc3 = fight("medic")
    hurt(enc3, "rook", 3)
    enc3.state.combatants["rook"].cell = (5, 5)  # (a scene: Rook stands across the room)
    refused(enc3, Declare("medic", Action(act.USE_ITEM, item="treat-injury", target="rook")), "out of reach")


def test_treat_injury_is_undone_with_its_healing():
    enc = fight("medic")
    hurt(enc, "rook", 10)
    enc.submit(Declare("medic", Action(act.USE_ITEM, item="treat-injury", target="rook")))
    enc.submit(ResolveNext(others_pass=True), typed=[12, 5])
    assert enc.state.combatants["rook"].hp == 15
    enc.undo()
    assert enc.state.combatants["rook"].hp == 10


def test_an_ally_down_at_0_is_treated_back_up():  # N-TREAT-1: treat_down, no dying track (N-HP-1)
    enc = fight("medic")
    hurt(enc, "vale", 20)
    assert enc.state.combatants["vale"].hp == 0
    enc.submit(Declare("medic", Action(act.USE_ITEM, item="treat-injury", target="vale")))
    enc.submit(ResolveNext(others_pass=True), typed=[15, 3])
    assert enc.state.combatants["vale"].hp == 3 and not enc.state.combatants["vale"].down


def test_once_the_standard_is_spent_treat_injury_is_refused_in_words():  # N-TREAT-1, R-ACT-1 (fix11, gap 1)
    from tactics.engine.combat.treat_injury import treat_refusal

    enc = fight("medic")
    hurt(enc, "rook", 10)
    assert treat_refusal(enc.state, "medic") is None  # Rook (1,1) touches the medic (2,2)
    enc.submit(Declare("medic", Action(act.STANDARD_MOVE, path=[(3, 2)])))
    why = treat_refusal(enc.state, "medic")
    assert why == ("Medic already has a Standard action this turn (Standard Move): "
                   "Treat Injury is a Standard Use Item action")
    refused(enc, Declare("medic", Action(act.USE_ITEM, item="treat-injury", target="rook")),
            "already has a Standard action this turn \\(Standard Move\\)")
    enc2 = fight("medic")
    hurt(enc2, "rook", 10)
    enc2.submit(Declare("medic", Action(act.USE_ITEM, item="stealth")))  # hiding is the Standard Use Item
    assert "(Use Item): Treat Injury" in str(treat_refusal(enc2.state, "medic"))


# --------------------------------------------------------------------------- the table's data
def test_bad_common_actions_data_names_the_file_and_the_field(tmp_path):
    from tactics.rules.common_actions import load_common_actions
    from tactics.rules.data import DataError

    from tactics.rules.data import data_path

    bundled = data_path("common_actions.toml").read_text()
    bad = tmp_path / "common_actions.toml"
    bad.write_text(bundled.replace('heal = "1d8"', 'heal = "lots"'))
    with pytest.raises(DataError, match="common_actions.toml: treat_injury.heal"):
        load_common_actions(bad)
    bad.write_text(bundled.replace('default_place = "hand"', 'default_place = "sock"'))
    with pytest.raises(DataError, match="draw.*sock"):
        load_common_actions(bad)
    bad.write_text(bundled.replace('stow_place = "pack"', 'stow_place = "hand"'))  # N-READY-3: not a place to stow in
    with pytest.raises(DataError, match="common_actions.toml: draw.*stow_place 'hand'"):
        load_common_actions(bad)
    bad.write_text(bundled.replace("dc = 15", "dc = -3"))
    with pytest.raises(DataError, match="treat_injury.dc"):
        load_common_actions(bad)


def test_a_sheet_that_carries_a_weapon_in_an_unknown_place_is_refused_naming_it():  # N-READY-2
    from tactics.rules.data import DataError
    from tactics.rules.sheets import default_armoury

    armoury = default_armoury()
    with pytest.raises(DataError, match="carried.hand_crossbow.*unknown place 'sock'"):
        armoury.sheet_from({"weapons": ["hand_crossbow"], "carried": {"hand_crossbow": "sock"}}, path="fight.toml")
    with pytest.raises(DataError, match="carried.slug_revolver.*not one of the sheet's weapons"):
        armoury.sheet_from({"weapons": ["hand_crossbow"], "carried": {"slug_revolver": "holster"}}, path="fight.toml")


def medic_turn(*allies: tuple[str, tuple[int, int]]) -> Encounter:
    """Individual turns in the room: the medic's turn (seed 5 puts it first), Rook beside it, ``allies``
    ((id of SHEETS, square)) of the party elsewhere, and a bear."""
    from tactics.engine.combat.individual.procedure import BeginTurn, StartTurns

    party = [("medic", (2, 2)), ("rook", (2, 3)), *allies]
    definition = {
        "name": "Turns", "mode": "individual",
        "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
        "combatants": [{"id": cid, "name": cid.title(), "team": "party", "cell": list(cell), "hp": 20,
                        "sheet": SHEETS[cid]} for cid, cell in party]
        + [{"id": "bear", "name": "Bear", "team": "bears", "cell": [8, 2], "sheet": "space_bear"}],
    }
    enc = Encounter(definition, BattleMap.from_text(ROOM), seed=5)
    enc.submit(StartTurns("table"))
    enc.submit(BeginTurn())
    assert enc.state.combat.current == "medic"  # (seed 5 puts the medic first)
    return enc


def test_in_individual_turns_treating_is_a_non_contested_action():  # N-TREAT-1 (as N-TURN-14)
    from tactics.engine.combat.individual.actions import TakeAction, TurnAction
    from tactics.engine.combat.individual.view import pips_of

    enc = medic_turn()
    hurt(enc, "rook", 6)
    enc.submit(TakeAction("medic", TurnAction("use-item", item="treat-injury", target="rook")), typed=[15, 4])
    assert enc.state.combatants["rook"].hp == 18
    assert pips_of(enc.state, "medic").contested == "open"


def test_in_individual_turns_the_engine_says_why_no_treatment_can_be_taken():  # N-TREAT-1 (fix11, gap 2)
    from tactics.engine.combat.individual.actions import TakeAction, TurnAction
    from tactics.engine.combat.individual.treating import turn_treat_refusal

    enc = medic_turn(("vale", (6, 5)))
    assert turn_treat_refusal(enc.state, "medic") == "No one on Medic's side is injured"
    assert turn_treat_refusal(enc.state, "rook") == "it is not Rook's turn: Medic acts now"
    hurt(enc, "vale", 6)  # across the room
    assert turn_treat_refusal(enc.state, "medic") == \
        "Vale is out of reach: treating needs them within 5 ft: move next to them first"
    hurt(enc, "rook", 15)  # beside the medic
    assert turn_treat_refusal(enc.state, "medic") is None
    for _ in range(2):  # both actions, the contested one traded for a second treatment (R-TURN-2)
        enc.submit(TakeAction("medic", TurnAction("use-item", item="treat-injury", target="rook")))
    assert turn_treat_refusal(enc.state, "medic") == \
        "Medic has used both actions this turn: Treat Injury is a non-contested action"
    refused(enc, TakeAction("medic", TurnAction("use-item", item="treat-injury", target="rook")),
            "Medic has used both actions this turn")
