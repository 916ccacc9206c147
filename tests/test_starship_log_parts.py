"""Space combat's log and fire dialog name the parts of every number (an outside review, cosmetic).

What is tested on the bundled pirate corvette: a hack's DC is shown with its parts ("vs DC 13
(12 + Red Maw's Sensor Mod 1)"), a volley's Battle Damage DC too (4 + Armor Mod, 4 + Shield Mod
and the hack that lowers it, R-SHIP-3), the re-rolls of successes are credited to the Weapons Mod
and the Captain's order both (R-SHIP-2, R-SHIP-4) before and after firing, a repair's line ends
cleanly, and the fire dialog's target reads "1 unit", not "1 units".
"""

from __future__ import annotations

import pygame
import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import load_encounter
from tactics.engine.starship.commands import EndPhase, FireWeapons, StartSpaceCombat, TakeAction
from tactics.engine.starship.events import SpaceRepaired, SpaceWeaponsFired
from tactics.engine.starship.view import describe, fire_odds
from tactics.ui.app import App

from test_ui_starship import starship
from ui_driver import drawn_texts, key

pytestmark = pytest.mark.usefixtures("data_dir")


def ordered_and_hacked():
    """Round 1: the Wayfarer's Captain orders the Weapons Officer, its Science Officer hacks the Red
    Maw's shields (2d10 7, 6 + Sensor Mod 2 = 15 vs 12 + the Red Maw's Sensor Mod 1); Action Phase."""
    enc = load_encounter(bundled("pirate-corvette.encounter.toml"), seed=11)
    enc.submit(StartSpaceCombat())
    while (enc.state.space.round, enc.state.space.phase) != (1, "support"):
        enc.submit(EndPhase())
    enc.submit(TakeAction("wayfarer", "captain", "order", {"post": "weapons"}))
    enc.submit(TakeAction("wayfarer", "science", "hack_shields", {"target": "red_maw"}), typed=[7, 6])
    enc.submit(EndPhase())
    return enc


def test_a_hack_and_a_volley_show_the_parts_of_their_dcs():  # R-SHIP-3, R-SHIP-8
    enc = ordered_and_hacked()
    lines = [describe(e) for e in enc.journal.events]
    assert any("= 15 vs DC 13 (12 + Red Maw's Sensor Mod 1): success" in line for line in lines), lines
    odds = fire_odds(enc.state, "wayfarer", "red_maw", 3)
    assert odds.reroll_parts == (("Weapons Mod", 2), ("Captain's order", 1)) and odds.rerolls == 3
    assert odds.bd_dc_parts == ("4 + Armor Mod 0", "4 + Shield Mod 2 - Wayfarer's hack 1")
    enc.submit(FireWeapons("wayfarer", [], "red_maw"), typed=[8, 9, 2, 9, 9, 1])
    fired = next(e for e in enc.journal.events if isinstance(e, SpaceWeaponsFired))
    assert fired.rerolls_from == [["Weapons Mod", 2], ["Captain's order", 1]]
    assert "(BD DC 4,5: 4 + Armor Mod 0, 4 + Shield Mod 2 - Wayfarer's hack 1)" in describe(fired)


def test_a_repair_line_ends_cleanly():
    enc = load_encounter(bundled("pirate-corvette.encounter.toml"), seed=11)
    enc.submit(StartSpaceCombat())
    enc.submit(FireWeapons("red_maw", [], "wayfarer"), typed=[10] * 5)
    enc.submit(EndPhase(), typed=[3, 4])  # Battle Damage 2d6 = 7
    enc.submit(EndPhase())
    enc.submit(EndPhase())
    enc.submit(TakeAction("wayfarer", "engineer", "repair", {}), typed=[10, 10])
    enc.submit(EndPhase())
    line = describe(next(e for e in enc.journal.events if isinstance(e, SpaceRepaired)))
    assert ".)" not in line and line.endswith("it now holds 0/3."), line


def test_the_fire_dialog_says_1_unit_and_credits_both_re_roll_sources():
    enc = ordered_and_hacked()
    ship = enc.state.space.ships["red_maw"]
    ship.x, ship.y = enc.state.space.ships["wayfarer"].x + 1, enc.state.space.ships["wayfarer"].y  # 1 unit apart
    app = App(enc, size=(1600, 900))
    try:
        screen = starship(app)
        screen.open_post("wayfarer", "weapons")
        app.step()
        shown = drawn_texts(app)
        assert "1 unit - unseen" in shown and not any("1 units" in t for t in shown), shown  # the target's button
        pool = " ".join(shown)  # the pool's line may wrap: its two lines are drawn one after the other
        assert "3 re-rolls of successes (Weapons Mod 2, Captain's order 1)" in pool, pool
        key(app, pygame.K_RETURN)  # FIRE
        app.step()
        after = " ".join(drawn_texts(app))
        assert "(Weapons Mod 2, Captain's order 1)" in after, after
    finally:
        app._addons("closing")
        pygame.quit()
