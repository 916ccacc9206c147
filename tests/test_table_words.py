"""Small words a GM reads every round (an outside review's "first evening", finding 8).

What is tested: a Stealth (hide) or Perception (search) check's card reads what came of it
("HIDDEN" / "SEEN", "FOUND" / "NOTHING FOUND"), not "RESULT", and says why its d2 is subtracted
("advantages: Shaken -1", as the attack cards do; R-COND-1, R-ROLL-2), the log line too; a
grenade's declared line names it once ("Frag grenade at (22, 4)"); the cooking check reads "d20 11 +
WIS 4", not "WIS d20 11 + WIS 4"; a charge's aim card says its run and its reach, not "5 ft of 5 ft".
"""

from __future__ import annotations

import pygame

from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.events import CombatCheck
from tactics.engine.combat.queries import describe
from tactics.engine.combat.team import Advance, StartCombat
from tactics.engine.hazards.blast import roll_text
from tactics.ui import layout_probe as probe
from tactics.ui import theme
from tactics.ui.panels.actions import action_text
from tactics.ui.panels.resolve import draw_resolution
from tactics.ui.attack_words import charge_line

from test_ui_combat import explosion, space_bears


def hidden_check(seed: int = 3):
    """Round 1, the Party Vanguard (Shaken by the explosion): Brandon hides."""
    enc = space_bears(seed=seed)
    explosion(enc)
    enc.submit(StartCombat())
    enc.submit(Advance())  # the Action Phase: the Party Vanguard declares
    enc.submit(Declare("brandon", Action("use-item", item="stealth")))
    entry = enc.submit(ResolveNext(others_pass=True))
    return enc, next(e for e in entry.events if isinstance(e, CombatCheck)), entry.events


def card_texts(events, state) -> list[str]:
    pygame.font.init()
    theme.reset_caches()  # fonts made before a pygame.quit() of an earlier test are dead
    theme.set_scale((1600, 900))  # the card at scale 1, whatever window a test before drew
    surface = pygame.Surface((400, 400))
    rec = probe.start()
    try:
        draw_resolution(surface, 0, 0, 380, list(events), state, players=True)
    finally:
        probe.stop()
    return [m.label for m in rec.on(surface) if m.kind == "text"]


def test_a_hide_check_card_says_hidden_or_seen_and_why_its_d2_is_subtracted() -> None:  # R-COND-1
    enc, check, events = hidden_check()
    assert check.advantages == [["Shaken", -1]] and check.extra[2] == -1  # the d2 subtracted, and why
    word = "SEEN" if check.total <= 13 else "HIDDEN"  # the bears' Passive Perception 13 (N-SURP-2)
    assert check.result == word.lower()
    texts = card_texts(events, enc.state)
    assert word in texts and "RESULT" not in texts
    assert "advantages: Shaken -1" in texts
    assert describe(check, enc.state).endswith("[advantages: Shaken -1].")


def test_a_seen_hider_reads_seen() -> None:
    """The first fixed seed whose Stealth roll a bear's Passive Perception meets (N-SURP-2)."""
    for seed in range(1, 80):
        enc, check, events = hidden_check(seed)
        if check.total <= 13:  # the bears' Passive Perception 13 meets it
            break
    else:
        raise AssertionError("no seed in 1..79 gets Brandon seen")
    assert check.result == "seen"
    texts = card_texts(events, enc.state)
    assert "SEEN" in texts and "HIDDEN" not in texts


def test_a_check_from_an_old_save_still_reads_result() -> None:
    from tactics.engine.core.events import from_dict

    old = from_dict({"kind": "combat.check", "data": {"combatant": "brandon", "reason": "hiding", "what": "Stealth",
                                                      "d20": 7, "extra": [2, 1, -1], "modifiers": [["Stealth", 8]],
                                                      "total": 14}})
    assert old.advantages == [] and old.result is None


def test_the_grenade_is_named_once() -> None:
    enc = space_bears()
    text = action_text(enc.state, "use-item", {"item": "grenade", "grenade": "frag", "target_cell": [22, 4]})
    assert text == "Use Item: Frag grenade at (22, 4)"


def test_the_cooking_check_names_wis_once() -> None:  # R-GREN-4
    cook = {"what": "WIS", "d20": 11, "extra": [0, 0, 1], "modifiers": [["WIS", 4]], "total": 15, "dc": 25}
    assert roll_text(cook) == "d20 11 + WIS 4 = 15 vs DC 25"
    reflex = {"what": "Reflex", "d20": 12, "extra": [0, 0, 1], "modifiers": [["DEX", 2]], "total": 14, "dc": 13}
    assert roll_text(reflex) == "Reflex d20 12 + DEX 2 = 14 vs DC 13"


def test_a_charge_card_says_its_run_and_reach() -> None:
    from tactics.engine.combat.queries import attack_odds

    enc = space_bears()
    enc.submit(StartCombat())
    setup = attack_odds(enc.state, "bear3", "art", technique="bear_charge", from_cell=(2, 6))
    assert charge_line(setup.label, 30, 30, setup) == \
        f"Charge: runs 30 ft of 30 ft, then strikes at {setup.distance_ft} ft (reach 5 ft)"
    assert charge_line(setup.label, 0, 30, setup).startswith("Charge: in reach (")
