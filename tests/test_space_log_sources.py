"""Space log lines name where their numbers come from (review 9, finding 10): a volley says where its
re-rolls of successes came from, as the fire dialog does (R-SHIP-4), and a Battle Damage penalty on a
check is named by its chart line ("- Power fluctuations 1"), not "- Battle Damage 1" (R-SHIP-5)."""

from __future__ import annotations

from tactics.engine.starship.commands import TakeAction
from tactics.engine.starship.view import describe

from test_starship_engine import _hit, _three_ships


def test_the_volley_names_where_its_re_rolls_come_from():
    enc = _three_ships()
    _hit(enc, "jackal", [4, 5])  # 2d6 = 9 on the chart: Power fluctuations (-1 to every ship check)
    fired = next(e for e in enc.journal.events if e.kind == "space.weapons_fired")
    line = describe(fired)
    assert "re-roll of die 1: 10✓, re-roll of die 2: 10✓ (2 re-rolls of successes: Weapons Mod 2)" in line
    assert "Weapons Mod" not in describe(fired, crew=False)  # the players' log of a GM ship: no crew detail (N-SEEN-5)


def test_a_chart_penalty_on_a_check_is_named_by_its_chart_line():
    enc = _three_ships()
    _hit(enc, "jackal", [4, 5])
    repair = enc.submit(TakeAction("jackal", "engineer", "repair"))  # the Response Phase: the penalty is on
    line = describe(repair.events[-1])
    assert "- Power fluctuations 1 =" in line and "Battle Damage 1" not in line
