"""Individual turns, the second text's rules of issue 11 point 16, through the command API.

What is tested (typed dice or fixed seeds):
- a loaded firearm/crossbow fired within its guaranteed-hit range is a non-contested action:
  no accuracy roll, a plain hit, the contested action still open (the text's non-contested list;
  N-SHOT-1); beyond that range, or with a weapon that has none, it is refused ("attack instead");
- firing two loaded 1-handed crossbows in one turn (the text's Tactical Actions), a crossbow that
  is not loaded refused until a reload (a non-contested action), and an attack roll using a load;
- a held action fired in the middle of a movement (R-TURN-3: "fire when they are in the middle
  of their movement action before they reach their destination tile"): the mover stops on the
  chosen square while it resolves, then goes on; a downed mover stays there; a mover stopped
  short never gets there and the holder keeps the action (N-HELD-1);
- the shield's AC, and with the table option shield_front_only only against attacks from the
  front arc (R-FACE-2).
"""

import pytest

from tactics.engine.combat.attack import attack_setup
from tactics.engine.combat.gm import AdjustHP
from tactics.engine.combat.individual.actions import Hold, TakeAction, TurnAction
from tactics.engine.combat.individual.interrupts import Pass, UseHeld
from tactics.engine.combat.individual.procedure import BeginTurn, EndTurn, StartTurns
from tactics.engine.combat.individual.view import describe, pending_interrupt, pips_of
from tactics.engine.core.encounter import Encounter
from tactics.engine.core.journal import Refused
from tactics.rules.sheets import default_armoury

ROOM = "\n".join(["." * 14] * 9)
CROSSBOWS = ["hand_crossbow", "hand_crossbow"]


def fighter(cid: str, team: str, cell, **sheet) -> dict:
    return {"id": cid, "name": cid.title(), "team": team, "cell": list(cell), "hp": 30, "sheet": sheet}


def encounter(*combatants: dict, text: str = ROOM, settings: dict | None = None) -> Encounter:
    definition = {
        "name": "Sure shots", "mode": "individual",
        "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
        "combatants": list(combatants), "settings": settings or {},
    }
    from tactics.maps import BattleMap

    enc = Encounter(definition, BattleMap.from_text(text), seed=5)
    enc.submit(StartTurns("table"))
    enc.submit(BeginTurn())
    return enc


def ada(cell=(2, 4), weapons=CROSSBOWS) -> dict:
    return fighter("ada", "party", cell, weapons=list(weapons), abilities={"DEX": 14})


def bruno(cell=(4, 4)) -> dict:
    return fighter("bruno", "bears", cell, weapons=["bear_claws"], ac=13)


def kinds(entry) -> list[str]:
    return [e.kind for e in entry.events]


def shot(target: str = "bruno", weapon: str = "hand_crossbow") -> TurnAction:
    return TurnAction("shot", weapon=weapon, target=target)


# -- non-contested attacks ---------------------------------------------------------------------


def test_sure_shot_within_guaranteed_range_is_a_non_contested_hit():  # the text's non-contested list, N-SHOT-1
    enc = encounter(ada(), bruno((4, 4)))  # 10 ft: inside the hand crossbow's 15 ft
    entry = enc.submit(TakeAction("ada", shot()), typed=[4])
    assert "attack.rolled" not in kinds(entry)  # no accuracy check: nobody rolls against anybody
    damage = next(e for e in entry.events if e.kind == "damage.rolled")
    assert damage.data["amount"] == 4 and damage.data["outcome"] == "hit"
    assert enc.state.combatants["bruno"].hp == 26
    pips = pips_of(enc.state, "ada")
    assert pips.plain == "used" and pips.contested == "open"  # the attack is still open
    assert "guaranteed-hit range" in describe(next(e for e in entry.events if e.kind == "turns.sure-shot"), enc.state)


def test_beyond_guaranteed_range_or_without_one_it_is_an_attack():  # N-SHOT-1
    enc = encounter(ada(weapons=["hand_crossbow", "silenced_pistol"]), bruno((6, 4)))  # 20 ft
    with pytest.raises(Refused, match="sure hit only within 15 ft"):
        enc.submit(TakeAction("ada", shot()))
    with pytest.raises(Refused, match="no guaranteed-hit range"):
        enc.submit(TakeAction("ada", shot(weapon="silenced_pistol")))
    entry = enc.submit(TakeAction("ada", TurnAction("attack", weapon="hand_crossbow", target="bruno")))
    assert "attack.rolled" in kinds(entry)  # the contested attack, with its accuracy check


def test_two_loaded_hand_crossbows_fire_twice_then_must_reload():  # the text's Tactical Actions
    enc = encounter(ada(), bruno((4, 4)))
    enc.submit(TakeAction("ada", shot()), typed=[3])
    enc.submit(TakeAction("ada", shot()), typed=[5])  # the contested action traded for a second shot
    assert enc.state.combatants["bruno"].hp == 22
    assert pips_of(enc.state, "ada").left == 0
    enc.submit(EndTurn())
    enc.submit(BeginTurn())  # Bruno
    enc.submit(EndTurn())
    enc.submit(BeginTurn())  # Ada again: both crossbows empty
    with pytest.raises(Refused, match="not loaded: reload it first"):
        enc.submit(TakeAction("ada", shot()))
    with pytest.raises(Refused, match="not loaded"):
        enc.submit(TakeAction("ada", TurnAction("attack", weapon="hand_crossbow", target="bruno")))
    entry = enc.submit(TakeAction("ada", TurnAction("reload", weapon="hand_crossbow")))
    assert "reloads the Hand crossbow (1 shot loaded)" in describe(entry.events[-1], enc.state)
    enc.submit(TakeAction("ada", shot()), typed=[2])  # one crossbow loaded again
    assert enc.state.combatants["bruno"].hp == 20


def test_one_crossbow_fires_once_and_an_attack_roll_uses_its_load():  # N-SHOT-1
    enc = encounter(ada(weapons=["hand_crossbow"]), bruno((4, 4)))
    enc.submit(TakeAction("ada", TurnAction("attack", weapon="hand_crossbow", target="bruno")))
    with pytest.raises(Refused, match="not loaded"):
        enc.submit(TakeAction("ada", shot()))
    with pytest.raises(Refused, match="already loaded"):
        encounter(ada(), bruno()).submit(TakeAction("ada", TurnAction("reload", weapon="hand_crossbow")))


def test_sure_shot_data_needs_a_loaded_ranged_weapon():  # data validation names the problem
    from pydantic import ValidationError

    from tactics.rules.sheets import Weapon

    with pytest.raises(ValidationError, match="give it a load"):
        Weapon(name="bow", kind="ranged", damage="1d6", range_ft=60, sure_hit_ft=10)
    assert default_armoury().weapon("heavy_crossbow").sure_hit_ft == 20


# -- a held action in the middle of a movement ---------------------------------------------------

PATH = [(9, 4), (8, 4), (7, 4), (6, 4), (5, 4), (4, 4)]


def _bruno_moves(path=PATH, text: str = ROOM, hp: int | None = None) -> Encounter:
    """Ada (2, 4) holds; Bruno (10, 4) declares a move toward her along ``path``."""
    enc = encounter(ada(), bruno((10, 4)), text=text)
    if hp is not None:
        enc.submit(AdjustHP("bruno", hp - 30))
    enc.submit(Hold("ada"))
    enc.submit(EndTurn())
    enc.submit(BeginTurn())
    enc.submit(TakeAction("bruno", TurnAction("move", path=path)))
    return enc


def test_held_shot_fires_when_the_mover_reaches_the_square_then_it_goes_on():  # R-TURN-3, N-HELD-1
    enc = _bruno_moves()
    prompt = pending_interrupt(enc.state)
    assert prompt.holder == "ada" and prompt.fire_squares == tuple(PATH[:-1])
    with pytest.raises(Refused, match="sure hit only within 15 ft"):  # at (8, 4) Bruno is 30 ft away
        enc.submit(UseHeld("ada", shot(), at=(8, 4)))
    entry = enc.submit(UseHeld("ada", shot(), at=(5, 4)), typed=[6])  # 15 ft: "when they get in range"
    order = [e.kind for e in entry.events if e.kind in ("token.moved", "turns.held-used", "damage.rolled")]
    assert order == ["token.moved", "turns.held-used", "damage.rolled", "token.moved"]
    moves = [e.data["path"][-1] for e in entry.events if e.kind == "token.moved"]
    assert moves == [[5, 4], [4, 4]]  # stopped at the square, then went on to its destination
    assert enc.state.combatants["bruno"].cell == (4, 4) and enc.state.combatants["bruno"].hp == 24
    assert "ada" not in enc.state.combat.held
    aimed = next(e for e in enc.journal.entries[-1].events if e.kind == "turns.held-aimed")
    assert "when Bruno reaches (5, 4)" in describe(aimed, enc.state)
    assert pips_of(enc.state, "bruno").left == 1  # its move is spent as declared


def test_a_mover_downed_mid_move_stays_where_it_was_hit():  # N-HELD-1, R-TURN-5
    enc = _bruno_moves(hp=3)
    enc.submit(UseHeld("ada", shot(), at=(5, 4)), typed=[5])
    bruno_now = enc.state.combatants["bruno"]
    assert bruno_now.hp == 0 and bruno_now.cell == (5, 4)


def test_aim_must_be_on_the_path_before_the_destination():  # R-TURN-3 ("before they reach their destination")
    enc = _bruno_moves()
    with pytest.raises(Refused, match="use the held action after the move"):
        enc.submit(UseHeld("ada", shot(), at=(4, 4)))
    with pytest.raises(Refused, match="not on Bruno's path"):
        enc.submit(UseHeld("ada", shot(), at=(5, 5)))
    enc.submit(Pass("ada"))  # passing keeps the action; the move resolves whole
    assert enc.state.combatants["bruno"].cell == (4, 4) and "ada" in enc.state.combat.held


def test_mover_stopped_short_never_reaches_the_square_and_the_holder_keeps_the_action():  # N-HELD-1
    rows = ["." * 14] * 9
    rows[4] = "......^......."  # difficult ground on (6, 4): Acrobatics DC 12
    enc = _bruno_moves(text="\n".join(rows))
    entry = enc.submit(UseHeld("ada", shot(), at=(5, 4)), typed=[1])  # Bruno fails the check at (6, 4)
    assert "damage.rolled" not in kinds(entry)
    assert enc.state.combatants["bruno"].cell == (7, 4)
    assert "ada" in enc.state.combat.held  # the shot was never fired


# -- shields (R-FACE-2) ------------------------------------------------------------------------


def _shielded(settings: dict | None = None) -> Encounter:
    """Cara (AC 12) equips a shield and ends her turn facing east; Bruno stands east or west."""
    cara = fighter("cara", "party", (5, 4), ac=12)
    enc = encounter(cara, bruno((6, 4)), fighter("dora", "bears", (4, 4), weapons=["bear_claws"]),
                    settings=settings)
    enc.submit(TakeAction("cara", TurnAction("equip-shield")))
    enc.submit(TakeAction("cara", TurnAction("equip-shield")))
    enc.submit(EndTurn(facing="E"))
    return enc


def _ac_against(enc: Encounter, attacker: str) -> tuple[int, str]:
    state = enc.state
    claws = default_armoury().weapon("bear_claws")
    setup = attack_setup(state, state.combatants[attacker], claws, state.combatants["cara"])
    return setup.ac, setup.ac_note


def test_shield_adds_its_ac_from_every_side_by_default():  # R-FACE-2 (option off), N-TURN-12
    enc = _shielded()
    assert _ac_against(enc, "bruno") == (14, "shield +2")  # from the front (east)
    assert _ac_against(enc, "dora") == (14, "shield +2")  # from the rear (west)


def test_shield_only_from_the_front_when_the_table_turns_it_on():  # R-FACE-2
    enc = _shielded({"facing": {"shield_front_only": True}, "turns": {"shield_ac": 3}})
    assert _ac_against(enc, "bruno") == (15, "shield +3")
    assert _ac_against(enc, "dora") == (12, "shield does not cover the rear")
    enc.submit(BeginTurn())  # Bruno attacks from the front: the roll is against AC 15
    entry = enc.submit(TakeAction("bruno", TurnAction("attack", weapon="bear_claws", target="cara")))
    assert next(e for e in entry.events if e.kind == "attack.rolled").data["ac"] == 15


def test_a_block_after_an_aimed_shot_still_lets_the_shot_fire_on_the_way():  # R-TURN-4, N-HELD-1
    from tactics.engine.combat.individual.interrupts import Block

    enc = encounter(ada(), fighter("cara", "party", (3, 6)), bruno((10, 4)))
    enc.submit(Hold("ada"))
    enc.submit(EndTurn())
    enc.submit(BeginTurn())
    enc.submit(Hold("cara"))
    enc.submit(EndTurn())
    enc.submit(BeginTurn())
    enc.submit(TakeAction("bruno", TurnAction("move", path=PATH)))
    enc.submit(UseHeld("ada", shot(), at=(5, 4)))
    entry = enc.submit(Block("cara", (4, 4)), typed=[6])
    assert enc.state.combatants["cara"].cell == (4, 4)
    assert enc.state.combatants["bruno"].cell == (5, 4) and enc.state.combatants["bruno"].hp == 24
    assert "turns.move-blocked" in kinds(entry) and "damage.rolled" in kinds(entry)
