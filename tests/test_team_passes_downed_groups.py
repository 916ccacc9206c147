"""Team rounds: a group with nobody able to act is passed over (reading: N-END-3; review 9, finding 3).

The GM was asked to declare for two bears at 0 hp ("Declare for Bear 1, Bear 2"), the log said
"Space Bears Vanguard acts: Bear 1, Bear 2." and ending the fight took four presses after the last
bear fell. Now such a group's turn is one log line and the next group acts at once; its turn's start
and end still happen (fuses); the end of combat stays the Counter Phase's (R-END-1, N-END-2)."""

from __future__ import annotations

import pytest

from tactics.engine.combat import team
from tactics.engine.combat.gm import AdjustHP, ApplyCondition
from tactics.engine.combat.queries import describe
from tactics.engine.combat.team import EndGroupTurn, NextRound

from test_ground_flow import fight, to_group


def lines(enc, since: int) -> list[str]:
    return [t for e in enc.journal.events[since:] if (t := describe(e, enc.state))]


def test_a_group_all_down_is_passed_over_with_one_line(monkeypatch):
    enc = fight()
    to_group(enc, "party:vanguard")
    for bear in ("bear1", "bear2"):  # the bears' Vanguard (R-INIT-3)
        assert enc.state.combat.group_of(bear) == "bears:vanguard"
        enc.submit(AdjustHP(bear, -30))
    moments: list[tuple[str, str]] = []
    monkeypatch.setattr(team, "GROUP_HOOKS", team.GROUP_HOOKS + [
        lambda state, moment, dice: moments.append((moment.key, moment.when)) or []])
    since = len(enc.journal.events)
    enc.submit(EndGroupTurn())
    assert enc.state.combat.acting_group().key == "party:rearguard"  # at once: nobody asked for the bears
    said = lines(enc, since)
    assert "Space Bears Vanguard: nobody able to act, turn passed over." in said
    assert not any("Space Bears Vanguard acts" in t or "Space Bears Vanguard is done" in t for t in said)
    # its turn's start and end still happen, for the fuses set for it (N-END-3, R-GREN-4)
    assert ("bears:vanguard", "start") in moments and ("bears:vanguard", "end") in moments
    assert "bears:vanguard" in enc.state.combat.turns_done  # had its turn, for the counters (R-CNT-1)


def test_the_log_names_only_the_members_able_to_act():  # N-END-3, N-HP-1
    enc = fight()
    to_group(enc, "party:rearguard")
    enc.submit(ApplyCondition("bear3", "Unconscious"))
    since = len(enc.journal.events)
    enc.submit(EndGroupTurn())
    assert enc.state.combat.acting_group().key == "bears:rearguard"
    assert "Space Bears Rearguard acts: Bear 4." in lines(enc, since)


def test_after_the_last_foe_falls_the_fight_ends_at_the_counter_phase_without_empty_turns():  # R-END-1, N-END-2
    enc = fight()
    to_group(enc, "party:vanguard")
    for bear in ("bear1", "bear2", "bear3", "bear4"):
        enc.submit(AdjustHP(bear, -30))
    enc.submit(EndGroupTurn())  # the party's Vanguard; the bears' Vanguard passed over
    assert enc.state.combat.acting_group().key == "party:rearguard"  # the side standing keeps its turns
    enc.submit(EndGroupTurn())  # the party's Rearguard; the bears' Rearguard passed over
    assert enc.state.combat.phase == "counters"
    entry = enc.submit(NextRound())
    assert entry.events[-1].kind == "combat.ended" and enc.state.combat.winner == "party"


def test_everyone_down_still_reaches_the_counter_phase():  # N-END-3, N-END-2
    enc = fight()
    to_group(enc, "party:vanguard")
    for cid in ("brandon", "james", "art", "bear1", "bear2", "bear3", "bear4"):
        enc.submit(AdjustHP(cid, -40))
    enc.submit(EndGroupTurn())
    assert enc.state.combat.phase == "counters"
    assert enc.submit(NextRound()).events[-1].kind == "combat.ended"


@pytest.mark.parametrize("name,verb,said", [
    ("The Party", "stands", "The Party stands"), ("Space Bears", "stands", "Space Bears stand"),
    ("Space Bears", "wins", "Space Bears win"), ("The Boss", "wins", "The Boss wins"),
])
def test_a_team_name_and_its_verb_agree(name, verb, said):  # review 9, finding 9.4
    from tactics.engine.core.labels import agreeing

    assert agreeing(name, verb) == said


def test_a_passed_over_group_leaves_no_blank_line_in_the_log_or_its_export():  # N-END-3 (review 9b, finding 7)
    from tactics.ui.panels.log import export_text, log_lines

    enc = fight()
    to_group(enc, "party:vanguard")
    for bear in ("bear1", "bear2"):
        enc.submit(AdjustHP(bear, -30))
    enc.submit(EndGroupTurn())
    shown = [line for _, line in log_lines(enc)]
    assert "Space Bears Vanguard: nobody able to act, turn passed over." in shown
    assert "" not in shown
    assert "\n\n" not in export_text(enc)
