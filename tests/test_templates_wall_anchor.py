"""Templates whose origin lies on a wall never reach across it (R-AOE-1, N-AOE-1, N-GREN-3).

What is tested: a radius anchored on a wall line (the corner a grenade thrown along a wall
picks, N-GREN-3's tie-break; the Radius tool's snap) and a cone whose caster stands against a
wall. A sight line that merely starts on a wall is not stopped by it, so before N-AOE-1 such a
template covered both sides. Fixed cases through the engine (typed dice), then hypothesis
properties over anchors on straight walls, room corners and walls at any angle.
"""

from __future__ import annotations

from hypothesis import given, strategies as st

from tactics.engine.hazards.commands import Detonate, ThrowGrenade
from tactics.maps import BattleMap
from tactics.rules import templates
from tactics.rules.geometry import Segment
from tactics.rules.traps import Trap, trap_area
from tactics.rules.walls import Walls

from test_hazards_grenades import encounter, events_of, fighter


def _hit_after_blast(wall: Segment, thrower, target, behind) -> list[str]:
    m = BattleMap(width=16, height=12, wall_segments=[wall])
    enc = encounter(fighter("ann", "party", thrower), fighter("bear", "bears", target),
                    fighter("cub", "bears", behind), battle_map=m)
    enc.submit(ThrowGrenade("ann", target, "concussion"), typed=[5, 5])  # on target
    boom = enc.submit(Detonate("grenade-1"))
    return [h["combatant"] for h in events_of(boom, "hazard.hit")]


def test_a_grenade_thrown_west_along_a_wall_does_not_blast_through_it():  # R-AOE-1, N-GREN-3
    # Wall between rows 4 and 5; thrown west along row 5: the thrower's right is north, so the
    # tie-break corner (4, 5) lies on the wall. The cub stands just across it.
    assert _hit_after_blast(Segment(0, 5, 16, 5), (10, 5), (4, 5), (4, 4)) == ["bear"]


def test_a_grenade_thrown_east_along_a_wall_does_not_blast_through_it():  # R-AOE-1, N-GREN-3
    # Wall between rows 5 and 6; thrown east along row 5: the right is south, on the wall.
    assert _hit_after_blast(Segment(0, 6, 16, 6), (1, 5), (7, 5), (7, 6)) == ["bear"]


def test_radius_on_a_wall_line_covers_only_its_squares_side():  # R-AOE-1, N-AOE-1
    w = Walls(16, 12, [Segment(0, 5, 16, 5)])
    below = {(x, y) for x in range(3, 7) for y in (5, 6)}
    above = {(x, y) for x in range(3, 7) for y in (3, 4)}
    assert templates.radius((5, 5), 10, walls=w) == below  # the anchor names cell (5, 5): below
    assert templates.radius((5, 5), 10, walls=w, inside=(4, 4)) == above
    assert templates.radius((5, 5), 5, walls=w, inside=(5, 4)) == {(4, 4), (5, 4)}
    # Off the wall nothing changes: the full 4 x 4 block.
    assert len(templates.radius((5, 3), 10, walls=w, inside=(4, 2))) == 16


def test_a_wall_right_in_front_of_the_caster_stops_the_whole_cone():  # R-AOE-1, N-AOE-1
    w = Walls(16, 12, [Segment(5, 0, 5, 12)])
    assert templates.cone((5, 5), "E", 15, walls=w) == frozenset()  # caster at (4, 5)
    # A cone mine on (5, 5) with that wall at its back sprays forward (R-CONE-2).
    assert len(templates.cone((5, 5), "E", 15, walls=w, inside=(5, 5))) == 9


def test_a_cone_mine_against_a_wall_sprays_away_from_it():  # R-CONE-2, N-AOE-1
    m = BattleMap(width=16, height=12, wall_segments=[Segment(5, 0, 5, 12)])

    def mine(cell, facing) -> Trap:
        return Trap("t1", "cone_mine", "Cone mine", cell, "contact", 1, 10, area="cone", area_ft=15, facing=facing)

    # Its back edge on the wall: the cone starts on its own square and goes out into the room.
    assert len(trap_area(mine((5, 5), "E"), walls=m)) == 9
    assert len(trap_area(mine((4, 5), "W"), walls=m)) == 9
    # Facing the wall it reaches only its own square.
    assert trap_area(mine((4, 5), "E"), walls=m) == {(4, 5)}


# -- properties -----------------------------------------------------------------------------

SIZE = 24
corner = st.tuples(st.integers(6, SIZE - 6), st.integers(6, SIZE - 6))
quadrant = st.sampled_from([(0, 0), (-1, 0), (0, -1), (-1, -1)])  # offsets of the 4 squares at a corner
radii = st.sampled_from([5, 10, 15, 20])
shapes = st.sampled_from(["grid", "round"])


@given(corner, quadrant, radii, shapes, st.booleans(), st.booleans())
def test_no_square_across_a_straight_wall_through_the_anchor(anchor, q, feet, shape, vertical, split):
    """R-AOE-1 / N-AOE-1: a wall line through the anchor (whole, or two pieces meeting at it)
    cuts every square on the far side from the anchor's square."""
    ax, ay = anchor
    if vertical:
        pieces = [Segment(ax, 0, ax, ay), Segment(ax, ay, ax, SIZE)] if split else [Segment(ax, 0, ax, SIZE)]
    else:
        pieces = [Segment(0, ay, ax, ay), Segment(ax, ay, SIZE, ay)] if split else [Segment(0, ay, SIZE, ay)]
    inside = (ax + q[0], ay + q[1])
    got = templates.radius(anchor, feet, shape=shape, walls=Walls(SIZE, SIZE, pieces), inside=inside)
    assert inside in got
    for x, y in got:
        if vertical:
            assert (x < ax) == (inside[0] < ax), f"{(x, y)} is across the wall x={ax} from {inside}"
        else:
            assert (y < ay) == (inside[1] < ay), f"{(x, y)} is across the wall y={ay} from {inside}"


@given(corner, radii, shapes, st.sampled_from([(1, 1), (1, -1), (-1, 1), (-1, -1)]), st.booleans())
def test_no_square_inside_a_room_corner_from_outside_it(anchor, feet, shape, arms, from_inside):
    """R-AOE-1 / N-AOE-1: two walls meeting at the anchor (a room's corner). From the square in
    the corner's angle the blast stays in it; from any square outside it, it never gets in."""
    ax, ay = anchor
    sx, sy = arms  # the room lies toward +sx, +sy from the corner
    far = SIZE if sx > 0 else 0
    low = SIZE if sy > 0 else 0
    walls = Walls(SIZE, SIZE, [Segment(ax, ay, far, ay), Segment(ax, ay, ax, low)])

    def in_room(cell) -> bool:
        return (cell[0] >= ax if sx > 0 else cell[0] < ax) and (cell[1] >= ay if sy > 0 else cell[1] < ay)

    room_square = (ax if sx > 0 else ax - 1, ay if sy > 0 else ay - 1)
    outside = [(ax + dx, ay + dy) for dx in (-1, 0) for dy in (-1, 0) if (ax + dx, ay + dy) != room_square]
    for inside in [room_square] if from_inside else outside:
        got = templates.radius(anchor, feet, shape=shape, walls=walls, inside=inside)
        assert inside in got
        assert all(in_room(c) == in_room(inside) for c in got), (inside, sorted(got))


@given(corner, quadrant, radii, st.integers(-4, 4), st.integers(-4, 4))
def test_no_square_across_a_wall_at_any_angle_through_the_anchor(anchor, q, feet, a, b):
    """R-AOE-1 / N-AOE-1: a long wall at any angle through the anchor (a map's drawn wall):
    no reached square's centre lies strictly on the far side of its line."""
    if (a, b) == (0, 0):
        a = 1
    ax, ay = anchor
    reach = 3 * SIZE
    wall = Segment(ax - reach * a, ay - reach * b, ax + reach * a, ay + reach * b)
    inside = (ax + q[0], ay + q[1])

    def side(cell) -> float:  # > 0 on one side of the wall's line, < 0 on the other
        return a * (cell[1] + 0.5 - ay) - b * (cell[0] + 0.5 - ax)

    if side(inside) == 0:
        return  # the wall runs through the square's centre: the square itself is split
    got = templates.radius(anchor, feet, walls=Walls(SIZE, SIZE, [wall]), inside=inside)
    assert inside in got
    assert all(side(c) * side(inside) >= 0 for c in got), sorted(c for c in got if side(c) * side(inside) < 0)


# -- the Radius tool (B) in the window --------------------------------------------------------


def test_radius_tool_on_a_wall_corner_covers_the_pointers_side_only():  # R-AOE-1, N-AOE-1
    """The window's Radius snaps to the corner (5, 5) on a thin wall; the pointer's square says
    which side the template is on, in the preview, the list of creatures and the pinned copy."""
    import pygame

    from tactics.engine.core.encounter import Encounter
    from tactics.ui.app import App
    from ui_driver import app_session, click, fighter as ui_fighter, key, move

    m = BattleMap(width=16, height=12, wall_segments=[Segment(0, 5, 16, 5)])
    definition = {"name": "Wall test", "teams": {"party": {"name": "Party", "players": True}, "bears": {"name": "Bears"}},
                  "combatants": [ui_fighter("ann", "party", (4, 4)), ui_fighter("cub", "bears", (4, 5))]}
    for app in app_session(App(Encounter(definition, m, seed=1), size=(1280, 720))):
        key(app, pygame.K_b)
        view, cam = app.battle, app.battle.camera
        above = {(x, y) for x in range(3, 7) for y in (3, 4)}
        below = {(x, y) for x in range(3, 7) for y in (5, 6)}
        move(app, cam.to_screen((5.1, 4.9)))  # in square (5, 4), nearest corner (5, 5)
        assert view.tool.affected_cells() == above
        assert [c.name for c in view.creatures_in(view.tool.affected_cells())] == ["Ann"]
        screen = pygame.display.get_surface()
        x, y, w, h = cam.cell_rect((6, 6))
        untinted = tuple(screen.get_at((x + w // 4, y + h // 4)))
        move(app, cam.to_screen((5.1, 5.1)))  # in square (5, 5), the same corner
        assert view.tool.affected_cells() == below
        assert tuple(screen.get_at((x + w // 4, y + h // 4))) != untinted  # (6, 6) tinted now
        click(app, cam.to_screen((5.1, 5.1)))
        assert view.pinned[-1].cells == below


def test_the_radius_tool_says_how_many_squares_walls_cut_off() -> None:  # R-AOE-1
    """Review 12 (F4): a radius beside a crate looked half missing ("32 squares, no one inside") and
    read as a broken template: the label counts the squares walls and solid squares cut off."""
    import pygame

    from tactics.engine.core.encounter import Encounter
    from tactics.ui.app import App

    walled = BattleMap.from_text("\n".join(["." * 12] * 4 + ["......#####."] + ["." * 12] * 5))
    for battle_map, cut in ((walled, True), (BattleMap.from_text("\n".join(["." * 12] * 10)), False)):
        app = App(Encounter({"name": "Room", "teams": {"party": {"players": True}}, "combatants": []}, battle_map,
                            seed=1), size=(1280, 720))
        try:
            app.step()
            view = app.battle
            view.set_tool("radius")
            view.tool.feet = 15
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=view.camera.to_screen((8, 3)), rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            app.step()
            label = view.tool.describe()
            cells = view.tool.affected_cells()
            assert cells and label.startswith("15 ft radius")
            if cut:
                whole = templates.radius((8, 3), 15)
                assert f", {len(whole - cells)} behind walls" in label and len(whole - cells) > 0
            else:
                assert "behind walls" not in label
        finally:
            pygame.quit()
