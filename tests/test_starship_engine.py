"""Starship combat through the command API (R-SHIP-1..9).

What is tested: the bundled pirate-corvette encounter played for three full rounds (plus
the surprise round) with a fixed seed, dice typed in where a situation must be built; phase
order, simultaneity, repair, Battle Damage effects and their expiry, the end of combat; and
in a three-ship battle, a ship adrift from the next round and one exploding a round later.
"""

import copy

import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import Encounter, load_encounter
from tactics.engine.core.journal import Refused
from tactics.engine.starship.state import ADRIFT, DESTROYED, EXPLODING, FIGHTING
from tactics.engine.starship.commands import (
    AssignPost,
    EndPhase,
    FireWeapons,
    StartSpaceCombat,
    Surrender,
    TakeAction,
    VacatePost,
)
from tactics.engine.starship.view import (
    acting_now,
    actions_offered,
    describe,
    fire_odds,
    posts_acting_now,
    target_bd_dc,
)
from tactics.maps import BattleMap
from tactics.rules.starship import damage_chance

TENS = [10] * 12


def _encounter(seed: int = 11) -> Encounter:
    return load_encounter(bundled("pirate-corvette.encounter.toml"), seed=seed)


def _phases(enc: Encounter) -> list[tuple[int, str]]:
    return [(e.data["round"], e.data["phase"]) for e in enc.journal.events if e.kind == "space.phase_started"]


def _ship(enc: Encounter, sid: str):
    return enc.state.space.ships[sid]


def test_three_rounds_of_the_pirate_corvette():  # R-SHIP-1, -2, -4, -5, -6, -7, -9
    enc = _encounter()
    space = enc.state.space
    assert space.phase == "setup"
    assert set(space.ships) == {"wayfarer", "red_maw"}
    assert _ship(enc, "wayfarer").crew_names["weapons"] == "Art"  # a party character
    assert "medical" not in _ship(enc, "red_maw").crew  # a vacant post

    # -- surprise round: the cloaked Red Maw is unseen and acts alone (R-SHIP-7)
    enc.submit(StartSpaceCombat())
    assert enc.state.space.surprise == ["red_maw"]
    assert (enc.state.space.round, enc.state.space.phase) == (0, "action")
    assert acting_now(enc.state)["wayfarer"] == []
    with pytest.raises(Refused, match="surprised"):
        enc.submit(TakeAction("wayfarer", "helm", "evasive"))
    # 4 hard points, Weapons Mod 1: 5 dice when everything succeeds
    fired = enc.submit(FireWeapons("red_maw", [], "wayfarer"), typed=[10] * 5)
    assert fired.events[0].data["battle_damage"]
    assert _ship(enc, "wayfarer").damage == 0  # not until the phase ends (R-SHIP-1)
    enc.submit(EndPhase(), typed=[3, 4])  # 2d6 = 7: a hard point knocked out
    wayfarer = _ship(enc, "wayfarer")
    assert wayfarer.damage == 1 and wayfarer.battle_damage[0].result == 7

    # -- round 1, Support
    assert acting_now(enc.state) == {"wayfarer": ["captain", "science"], "red_maw": ["captain", "science"]}
    enc.submit(TakeAction("wayfarer", "captain", "order", {"post": "weapons"}))
    enc.submit(TakeAction("wayfarer", "science", "hold"))  # R-SHIP-2: hold to the Action Phase
    enc.submit(TakeAction("red_maw", "captain", "order", {"post": "weapons"}))
    enc.submit(TakeAction("red_maw", "science", "boost_shields"), typed=[5, 5])  # 5+5+2 = 12 vs 12
    assert target_bd_dc(enc.state, "red_maw") == (4, 6)  # the boost waits for the phase end
    enc.submit(EndPhase())
    assert target_bd_dc(enc.state, "red_maw") == (4, 7)

    # -- round 1, Action: both ships hit each other at once
    # (no grapple, no cloak: the Wayfarer's Chief Engineer has no Action-Phase work, N-SHIP-2)
    assert posts_acting_now(enc.state, "wayfarer") == ["science", "helm", "sensors", "weapons"]
    assert "hack_shields" in [a.name for a in actions_offered(enc.state, "wayfarer", "science")]
    enc.submit(TakeAction("wayfarer", "science", "hack_shields", {"target": "red_maw"}), typed=[9, 9])
    enc.submit(TakeAction("wayfarer", "sensors", "scan", {"target": "red_maw"}), typed=[9, 9])
    odds = fire_odds(enc.state, "wayfarer", "red_maw", 2)
    assert (odds.bd_dc, odds.dice, odds.rerolls, odds.sensor_bonus) == ((4, 7), 2, 3, 2)
    assert odds.chance == damage_chance(2, (4, 7), weapons_mod=3, sensor_bonus=2)
    with pytest.raises(Refused, match="only 2 working hard points"):  # R-SHIP-5 effect active
        enc.submit(FireWeapons("wayfarer", ["Dorsal turret", "Port mount", "Starboard mount"], "red_maw"))
    hit = enc.submit(FireWeapons("wayfarer", ["Dorsal turret", "Port mount"], "red_maw"), typed=[10] * 5)
    data = hit.events[0].data
    assert data["sensor_bonus"] == 2 and data["rerolls_allowed"] == 3
    assert [d["reroll_of"] is not None for d in data["dice"]] == [False, False, True, True, True]
    assert data["battle_damage"]
    # simultaneity: the Red Maw, already hit this phase, still fires with its own numbers
    back = enc.submit(TakeAction("red_maw", "weapons", "fire", {"target": "wayfarer"}), typed=[10] * 6)
    assert back.events[0].data["battle_damage"] and back.events[0].data["rerolls_allowed"] == 2
    assert _ship(enc, "red_maw").damage == 0
    with pytest.raises(Refused, match="already acted"):
        enc.submit(FireWeapons("wayfarer", ["Starboard mount"], "red_maw"))
    end = enc.submit(EndPhase(), typed=[1, 2, 2, 4])  # Red Maw 3: fire control; Wayfarer 6: sensors
    kinds = [e.kind for e in end.events]
    assert kinds.count("space.battle_damage") == 2
    assert "space.effect_ended" in kinds  # the round-0 hard point effect lapses (R-SHIP-5)
    red_maw, wayfarer = _ship(enc, "red_maw"), _ship(enc, "wayfarer")
    assert red_maw.damage == 1 and wayfarer.damage == 2
    assert red_maw.battle_damage[0].machine == {"disabled_posts": ["weapons"]}

    # -- round 1, Response: repair (R-SHIP-5); the Red Maw has no Medical Officer
    # (no one injured: the Wayfarer's Medical Officer has nothing to treat, review 18 finding 4, N-SHIP-4)
    assert acting_now(enc.state) == {"wayfarer": ["engineer"], "red_maw": ["engineer"]}
    first = wayfarer.battle_damage[0].id
    enc.submit(TakeAction("wayfarer", "engineer", "repair", {"battle_damage": first, "bonus": 2}), typed=[10, 10])
    enc.submit(TakeAction("red_maw", "engineer", "repair", {"bonus": 1}), typed=[1, 1])  # 3 vs DC 16
    assert _ship(enc, "wayfarer").damage == 2  # applied when the phase ends
    enc.submit(EndPhase())
    assert _ship(enc, "wayfarer").damage == 1 and _ship(enc, "red_maw").damage == 1

    # -- round 2: the Red Maw's fire control is still out; its engineer acts in the Action Phase
    enc.submit(EndPhase())  # nobody acts in Support: allowed
    assert "weapons" not in posts_acting_now(enc.state, "red_maw")
    with pytest.raises(Refused, match="Battle Damage keeps"):
        enc.submit(FireWeapons("red_maw", [], "wayfarer"))
    enc.submit(TakeAction("red_maw", "engineer", "grapple", {"target": "wayfarer"}), typed=[2, 2])
    enc.submit(FireWeapons("wayfarer", [], "red_maw"), typed=[10] * 5)
    enc.submit(EndPhase(), typed=[4, 4])
    assert _ship(enc, "red_maw").damage == 2
    assert acting_now(enc.state)["red_maw"] == []  # the engineer gave up the Response Phase
    with pytest.raises(Refused, match="acted in the Action Phase"):
        enc.submit(TakeAction("red_maw", "engineer", "repair"))
    enc.submit(EndPhase())

    # -- round 3: a volley and a ram push the Red Maw beyond its maximum (R-SHIP-6)
    enc.submit(EndPhase())
    enc.submit(FireWeapons("wayfarer", [], "red_maw"), typed=[10] * 5)
    enc.submit(TakeAction("wayfarer", "helm", "ram", {"target": "red_maw"}), typed=[10, 10])
    enc.submit(EndPhase(), typed=[3, 3, 2, 2])
    assert _ship(enc, "red_maw").damage == 4
    enc.submit(TakeAction("red_maw", "engineer", "repair"), typed=[1, 1])  # fails
    last = enc.submit(EndPhase())
    kinds = [e.kind for e in last.events]
    assert kinds[-3:] == ["space.exploding", "space.exploded", "space.ended"]
    assert _ship(enc, "red_maw").status == DESTROYED
    assert enc.state.space.phase == "ended" and enc.state.space.winner == "party"  # R-SHIP-9
    with pytest.raises(Refused, match="over"):
        enc.submit(EndPhase())

    assert _phases(enc) == [
        (0, "action"),
        (1, "support"), (1, "action"), (1, "response"),
        (2, "support"), (2, "action"), (2, "response"),
        (3, "support"), (3, "action"), (3, "response"),
    ]
    for event in enc.journal.events:  # every event has a readable log line
        line = describe(event)
        assert line and not line.startswith("space.")


def test_the_whole_battle_replays_and_undoes():  # journal: undo restores, redo re-applies
    enc = _encounter(seed=3)
    enc.submit(StartSpaceCombat())
    enc.submit(FireWeapons("red_maw", [], "wayfarer"), typed=[10] * 5)
    before = copy.deepcopy(enc.state.space)
    entry = enc.submit(EndPhase())
    after = copy.deepcopy(enc.state.space)
    assert after != before and after.ships["wayfarer"].damage == 1
    enc.undo()
    assert enc.state.space == before
    enc.redo()
    assert enc.state.space == after
    assert enc.journal.replay().space == after
    # undo, then the same command again draws the same dice (no re-rolling by undo)
    enc.undo()
    again = enc.submit(EndPhase())
    assert again.events == entry.events


def test_seeded_play_is_deterministic():  # fixed seed: same log
    def play(seed: int) -> list[str]:
        enc = _encounter(seed)
        enc.submit(StartSpaceCombat())
        enc.submit(TakeAction("red_maw", "sensors", "scan", {"target": "wayfarer"}))
        enc.submit(FireWeapons("red_maw", [], "wayfarer"))
        for _ in range(3):
            enc.submit(EndPhase())
            enc.submit(TakeAction("wayfarer", "captain", "order", {"post": "weapons"}))
            enc.submit(EndPhase())
            enc.submit(FireWeapons("wayfarer", [], "red_maw"))
            enc.submit(FireWeapons("red_maw", [], "wayfarer"))
            enc.submit(EndPhase())
        return [describe(e) for e in enc.journal.events]

    assert play(5) == play(5)
    assert play(5) != play(6)


# -- a three-ship battle for adrift and explosions ---------------------------------------------

RAIDER = {"name": "Jackal", "max_battle_damage": 1, "hard_points": [{"name": "Gun", "weapon": "Laser"}]}


def _three_ships(**raider) -> Encounter:
    definition = {
        "name": "Three ships",
        "space": {
            "ships": [
                {"id": "wayfarer", "ship": "wayfarer", "side": "party", "position": [0, 0],
                 "crew": {"captain": "Kay", "weapons": "Art", "engineer": "Okafor", "helm": "Bran"}},
                {"id": "jackal", "spec": RAIDER | raider, "side": "pirates", "position": [10, 0],
                 "crew": {"captain": "Vex", "weapons": "Boom", "engineer": "Grease"}},
                {"id": "hyena", "ship": "pirate_corvette", "side": "pirates", "position": [0, 10],
                 "crew": {"weapons": "Fang"}},
            ]
        },
    }
    enc = Encounter(definition, BattleMap.from_text("...\n...\n"), seed=1)
    enc.submit(StartSpaceCombat())
    return enc


def _hit(enc: Encounter, target: str, chart_faces: list[int]) -> None:
    """Skip Support, hit ``target`` once with the Wayfarer in the Action Phase."""
    assert enc.state.space.phase == "support"
    enc.submit(EndPhase())
    enc.submit(FireWeapons("wayfarer", [], target), typed=[10] * 5)
    enc.submit(EndPhase(), typed=chart_faces)


def test_no_surprise_when_everyone_is_seen():  # R-SHIP-7
    enc = _three_ships()
    assert enc.state.space.surprise == []
    assert (enc.state.space.round, enc.state.space.phase) == (1, "support")


def test_at_maximum_adrift_from_next_round_then_explodes_a_round_after_more():  # R-SHIP-6
    enc = _three_ships()
    _hit(enc, "jackal", [3, 3])
    assert _ship(enc, "jackal").damage == 1 and _ship(enc, "jackal").status == FIGHTING
    assert acting_now(enc.state)["jackal"] == ["engineer"]  # the Engineer may still repair ...
    enc.submit(EndPhase())  # ... but does not
    jackal = _ship(enc, "jackal")
    assert jackal.status == ADRIFT and enc.state.space.phase == "support"  # the Hyena fights on
    assert acting_now(enc.state)["jackal"] == []  # helpless
    with pytest.raises(Refused, match="adrift"):
        enc.submit(TakeAction("jackal", "captain", "order", {"post": "weapons"}))
    _hit(enc, "jackal", [3, 3])  # beyond the maximum
    enc.submit(EndPhase())
    assert _ship(enc, "jackal").status == EXPLODING and _ship(enc, "jackal").explodes_round == 3
    enc.submit(EndPhase())
    enc.submit(EndPhase())
    enc.submit(EndPhase())
    assert _ship(enc, "jackal").status == DESTROYED
    assert enc.state.space.phase == "support" and enc.state.space.round == 4
    enc.submit(EndPhase())
    with pytest.raises(Refused, match="destroyed"):
        enc.submit(FireWeapons("wayfarer", [], "jackal"))


def test_engineer_repair_keeps_a_ship_at_maximum_in_the_fight():  # R-SHIP-5, R-SHIP-6
    enc = _three_ships()
    _hit(enc, "jackal", [3, 3])  # repair DC 12
    enc.submit(TakeAction("jackal", "engineer", "repair", {"bonus": 2}), typed=[5, 5])
    enc.submit(EndPhase())
    assert _ship(enc, "jackal").damage == 0 and _ship(enc, "jackal").status == FIGHTING
    assert "captain" in acting_now(enc.state)["jackal"]


def test_engineer_can_stop_an_explosion():  # R-SHIP-6: the Response Phase can stop it
    enc = _three_ships(max_battle_damage=0)
    _hit(enc, "jackal", [3, 3])
    enc.submit(TakeAction("jackal", "engineer", "repair"), typed=[6, 6])
    enc.submit(EndPhase())
    assert _ship(enc, "jackal").status == FIGHTING


def test_combat_ends_when_every_enemy_is_beaten_or_surrenders():  # R-SHIP-9
    enc = _three_ships()
    _hit(enc, "jackal", [3, 3])
    enc.submit(EndPhase())
    assert enc.state.space.phase == "support"  # the Hyena still fights
    ended = enc.submit(Surrender("hyena"))
    assert [e.kind for e in ended.events] == ["space.surrendered", "space.ended"]
    assert enc.state.space.winner == "party"


def test_one_action_per_crew_member_and_vacant_posts_are_skipped():  # R-SHIP-2
    enc = _three_ships()
    enc.submit(AssignPost("jackal", "science", "Vex"))  # the captain doubles as science officer
    enc.submit(TakeAction("jackal", "captain", "order", {"post": "weapons"}))
    assert "science" not in posts_acting_now(enc.state, "jackal")
    with pytest.raises(Refused, match="already acted"):
        enc.submit(TakeAction("jackal", "science", "boost_shields"))
    enc.submit(VacatePost("wayfarer", "captain"))
    assert "captain" not in posts_acting_now(enc.state, "wayfarer")
    with pytest.raises(Refused, match="no one is at the Captain"):
        enc.submit(TakeAction("wayfarer", "captain", "order", {"post": "weapons"}))
    assert posts_acting_now(enc.state, "hyena") == []  # only a Weapons Officer aboard


def test_phase_rules_for_posts():  # R-SHIP-2
    enc = _three_ships()
    with pytest.raises(Refused, match="does not act in the Support Phase"):
        enc.submit(TakeAction("wayfarer", "helm", "evasive"))
    with pytest.raises(Refused, match="is for the Helm, not the Captain"):
        enc.submit(TakeAction("jackal", "captain", "evasive"))
    enc.submit(AssignPost("wayfarer", "science", "James"))
    enc.submit(EndPhase())
    with pytest.raises(Refused, match="must hold"):
        enc.submit(TakeAction("wayfarer", "science", "hack_shields", {"target": "jackal"}))
    with pytest.raises(Refused, match="no cloak function"):
        enc.submit(TakeAction("wayfarer", "engineer", "assist_cloak"))


def test_cannot_fire_at_what_passive_sensors_cannot_see():  # R-SHIP-4, N-SHIP-1
    enc = _encounter()
    enc.submit(StartSpaceCombat())
    enc.submit(EndPhase())  # the Red Maw stays hidden: it did not fire
    enc.submit(EndPhase())
    odds = fire_odds(enc.state, "wayfarer", "red_maw", 3)
    assert not odds.detected and odds.scan_possible  # the preview says what the engine accepts
    # a blind volley while the own Scan may still come counts only if the Scan finds it
    enc.submit(FireWeapons("wayfarer", [], "red_maw"), typed=[10] * 5)
    enc.submit(TakeAction("wayfarer", "sensors", "scan", {"target": "red_maw"}), typed=[1, 1])  # fails
    end = enc.submit(EndPhase())
    settled = next(e for e in end.events if e.kind == "space.volley_settled")
    assert not settled.data["found"] and not settled.data["battle_damage"]
    assert "finds nothing" in describe(settled)
    assert _ship(enc, "red_maw").damage == 0
    # with no Scan left to come, it is refused outright
    enc.submit(EndPhase())
    enc.submit(EndPhase())
    enc.submit(VacatePost("wayfarer", "sensors"))
    assert not fire_odds(enc.state, "wayfarer", "red_maw", 3).scan_possible  # the fire dialog greys FIRE
    with pytest.raises(Refused, match="cannot see"):
        enc.submit(FireWeapons("wayfarer", [], "red_maw"))
    enc.submit(AssignPost("wayfarer", "sensors", "Nyx"))
    enc.submit(TakeAction("wayfarer", "sensors", "scan", {"target": "red_maw"}), typed=[10, 10])
    enc.submit(FireWeapons("wayfarer", [], "red_maw"))  # a successful Scan finds it


def test_bad_space_table_names_the_field():
    from tactics.rules.data import DataError

    definition = {"name": "Bad", "space": {"ships": [{"id": "a", "ship": "wayfarer", "side": "x", "postion": [1, 1]}]}}
    with pytest.raises(DataError, match="space.ships.0.postion"):
        Encounter(definition, BattleMap.from_text("..."), seed=1)
    definition = {"name": "Bad", "space": {"ships": [{"id": "a", "spec": {"name": "A", "armor_mod": "thick"},
                                                       "side": "x"}]}}
    with pytest.raises(DataError, match="space.ships.0.spec.armor_mod"):
        Encounter(definition, BattleMap.from_text("..."), seed=1)
