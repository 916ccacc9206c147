"""Properties of hazards in play: saves keep them, paths only get shorter, landings
stay on the map (R-TRAP-4, R-GREN-2/3, N-GREN-2, N-TRAP-2/3)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from tactics.engine.board import Walk
from tactics.engine.core.encounter import Encounter
from tactics.engine.hazards.commands import Detonate, PlaceTrap, SetFacing, SetTrap, ThrowGrenade
from tactics.engine.core.journal import Refused
from tactics.engine.saves.document import reloaded
from tactics.maps import BattleMap
from tactics.rules import explosives as ex
from tactics.rules import physics

W, H = 12, 9


def _game(seed: int = 4) -> Encounter:
    definition = {
        "teams": {"party": {"name": "Party", "players": True}, "bears": {"name": "Bears"}},
        "combatants": [
            {"id": "ann", "name": "Ann", "team": "party", "cell": [1, 4], "hp": 40, "sheet": {"skills": {"Perception": 1}}},
            {"id": "bob", "name": "Bob", "team": "party", "cell": [1, 6], "hp": 40, "sheet": {}},
            {"id": "bear", "name": "Bear", "team": "bears", "cell": [9, 4], "hp": 40, "sheet": {}},
        ],
    }
    return Encounter(definition, BattleMap.from_text("\n".join(["." * W] * H)), seed=seed)


def test_traps_grenades_and_facing_survive_a_save():
    game = _game()
    game.submit(PlaceTrap("tripwire", (5, 1), wire_end=(5, 7)))
    game.submit(PlaceTrap("directional_mine", (8, 8), facing="W"))
    game.submit(SetTrap("bob", "frag_mine", (2, 6)), typed=[12])
    game.submit(ThrowGrenade("ann", (7, 4), "smoke"))
    game.submit(Detonate("grenade-1"))
    game.submit(ThrowGrenade("ann", (7, 3), "frag"))
    game.submit(SetFacing("ann", keep_facing="bear"))
    game.submit(Walk("ann", [(2, 4), (3, 4), (4, 4), (5, 4), (6, 4)]))
    back = reloaded(game)
    assert back.state == game.state
    assert back.state.traps["trap-1"].status == game.state.traps["trap-1"].status
    assert back.state.grenades["grenade-1"].cloud_cells == game.state.grenades["grenade-1"].cloud_cells


_cells = st.tuples(st.integers(0, W - 1), st.integers(0, H - 1))
_kinds = st.sampled_from(["simple_mechanical", "frag_mine", "proximity_sensor", "tripwire", "stealth_mine"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(_kinds, _cells, _cells), max_size=4), st.lists(st.sampled_from(
    [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]), min_size=1, max_size=10),
    st.integers(0, 3))
def test_a_walk_past_traps_is_a_prefix_of_the_path(traps, steps, seed):  # R-TRAP-4, N-TRAP-2
    game = _game(seed)
    for kind, cell, end in traps:
        try:
            game.submit(PlaceTrap(kind, cell, wire_end=end if kind == "tripwire" else None))
        except Refused:
            pass
    path, at = [], (1, 4)
    for dx, dy in steps:
        at = (at[0] + dx, at[1] + dy)
        path.append(at)
    try:
        entry = game.submit(Walk("ann", path))
    except Refused:
        return  # off the map or through someone: nothing happens
    moved = [e.data for e in entry.events if e.kind == "token.moved"]
    walked = [tuple(c) for c in moved[0]["path"]] if moved else []
    assert walked == path[: len(walked)]
    ann = game.state.combatants["ann"]
    assert ann.cell == (walked[-1] if walked else (1, 4))
    assert sum(1 for c in game.state.on_map() if c.cell == ann.cell) == 1
    spent = [t for t in game.state.traps.values() if t.status == "spent"]
    if len(walked) < len(path):  # stopped short: a trap went off or was spotted
        kinds = {e.kind for e in entry.events}
        assert spent or "trap.halted" in kinds


_walled = st.lists(
    st.text(alphabet="..#", min_size=10, max_size=10), min_size=8, max_size=8
).map("\n".join)


@settings(max_examples=150, deadline=None)
@given(_walled, st.tuples(st.integers(0, 9), st.integers(0, 7)), st.tuples(st.integers(0, 9), st.integers(0, 7)),
       st.integers(1, 10), st.integers(1, 10))
def test_a_grenade_always_comes_down_on_an_open_square_of_the_map(text, thrower, target, d1, d2):  # N-GREN-2
    m = BattleMap.from_text(text)
    if thrower in m.walls.solid:
        return
    flight = ex.landing(m, thrower, target, d1, d2)
    assert m.in_bounds(flight.cell)
    assert flight.cell not in m.walls.solid
    aimed = ex.scattered_cell(thrower, target, *ex.scatter(d1, d2))
    if not flight.stopped:
        assert flight.cell == aimed
    # the flight never passes a wall (an outer corner it only touches it flies past, N-GREN-2): every
    # step of the drawn path is clear, and it rests on the square
    pts = flight.points
    assert all(m.walls.first_crossing(a, b, edge=True, graze=True) is None for a, b in zip(pts, pts[1:]))
    assert physics.landing_point(m, thrower, aimed).cell == flight.cell
