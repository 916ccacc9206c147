"""The facing prompt's arrows stay by their token in a crowd (outside review 17, N1).

Why: beside a neighbour, a name label or a grenade's fuse card the 8 arrows were pushed up to two
squares out (nearly four at 1280x720), where they no longer read as the asked token's, nor which
meant which way. Now each sits in (or by) its neighbouring square, made smaller before it moves
out; a name gives way. In each crowded scene (``facing_scenes``), at 1920x1080 and 1280x720:
every arrow is within 1.5 squares of its token's centre (or, where its whole side is taken by a
neighbour and its words, within two and tied to the token by a drawn line: at most one such);
no arrow covers another, another token's disc or any condition word (as drawn: circles); each
arrow points its own way from the token; clicking each one, and the numpad, sets that facing.
"""

from __future__ import annotations

import math

import pygame
import pytest

from tactics.rules.grid import DELTAS
from tactics.ui.hazards import hazards_of

from facing_scenes import SCENES, scene
from ui_driver import app_session, click, drawn_marks, key

SIZES = {"1080p": (1920, 1080), "720p": (1280, 720)}


@pytest.fixture(params=[(w, s) for w in SCENES for s in SIZES], ids=lambda p: f"{p[0]}-{p[1]}")
def asked(request):
    which, size = request.param
    for app in app_session(scene(which, SIZES[size]), step=False):
        drawn_marks(app)
        drawn_marks(app)  # (the names kept off the arrows, the words as drawn)
        yield app


def _prompt(app):
    prompt = hazards_of(app.battle).prompt
    assert prompt.current() is not None and prompt.current().id == "ann"
    return prompt


def _meets(x: float, y: float, radius: float, rect: pygame.Rect) -> bool:
    nx, ny = min(max(x, rect.left), rect.right), min(max(y, rect.top), rect.bottom)
    return (x - nx) ** 2 + (y - ny) ** 2 < radius * radius


def test_every_arrow_stays_by_its_token(asked):
    app = asked
    view = app.battle
    prompt = _prompt(app)
    px = view.camera.cell_px
    cx, cy = view.camera.cell_centre(view.state.combatants["ann"].cell)
    tied = {end for _, end in prompt.ties()}
    out = []
    for direction, (x, y, r) in prompt.buttons().items():
        far = math.hypot(x - cx, y - cy) / px
        if far > 1.5:
            out.append(direction)
            assert far <= 2.05, f"the {direction} arrow is {far:.2f} squares out"
            end = min(tied, key=lambda p: math.hypot(p[0] - x, p[1] - y), default=None)
            assert end is not None and math.hypot(end[0] - x, end[1] - y) <= r + 3, \
                f"the {direction} arrow, {far:.2f} squares out, has no line tying it to Ann"
    assert len(out) <= 1, f"arrows pushed out: {out}"


def test_no_arrow_covers_another_a_disc_or_a_condition_word(asked):
    app = asked
    view = app.battle
    prompt = _prompt(app)
    cam = view.camera
    buttons = list(prompt.buttons().items())
    badges = [rect for _, rect in view.renderer.tokens.drawn_labels()[0]]
    painter = view.renderer.tokens
    rings = [painter.footprint(cam, o)["disc"][0] for o in view.state.on_map() if o.id != "ann" and view.visible(o)]
    discs = [(ring.center, ring.width / 2) for ring in rings]  # (each disc as the tokens layer draws it)
    for i, (direction, (x, y, r)) in enumerate(buttons):
        drawn = r + 2  # (the outline: what a click hits)
        for other, (ox, oy, orr) in buttons[i + 1:]:
            assert math.hypot(x - ox, y - oy) >= drawn + orr + 2 - 0.5, f"the {direction} and {other} arrows overlap"
        for (dx, dy), radius in discs:
            assert math.hypot(x - dx, y - dy) >= drawn + radius, f"the {direction} arrow lies on a token"
        for rect in badges:
            assert not _meets(x, y, drawn, rect), f"the {direction} arrow lies on a condition word at {rect}"


def test_each_arrow_points_its_own_way_from_the_token(asked):
    """Each arrow lies on its own side of Ann, nearer its own line than either neighbour's (a
    sixteenth of a turn either way; a little more where a neighbour fills its side), in the
    compass's order."""
    app = asked
    view = app.battle
    prompt = _prompt(app)
    cx, cy = view.camera.cell_centre(view.state.combatants["ann"].cell)
    angles = []
    for direction, (x, y, _) in prompt.buttons().items():
        dx, dy = DELTAS[direction]
        turn = math.degrees(math.atan2(y - cy, x - cx) - math.atan2(dy, dx))
        turn = (turn + 180) % 360 - 180
        slack = math.degrees(math.atan2(2, max(math.hypot(x - cx, y - cy), 1)))  # the arrow's and the square's centres each rounded to a pixel
        assert abs(turn) <= 30 + slack, f"the {direction} arrow is {turn:.0f} degrees off its line"
        angles.append(math.atan2(y - cy, x - cx))
    steps = [(b - a) % (2 * math.pi) for a, b in zip(angles, angles[1:] + angles[:1])]
    assert all(0 < step < math.pi for step in steps), "the arrows are out of the compass's order"


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("which", ["neighbours", "all"])
def test_clicking_each_arrow_sets_that_facing_and_the_numpad_still_does(which, size):
    for app in app_session(scene(which, SIZES[size]), step=False):
        view = app.battle
        prompt = _prompt(app)
        for direction in DELTAS:
            drawn_marks(app)
            x, y, r = prompt.buttons()[direction]
            for dx, dy in ((0, 0), (r, 0), (0, -r), (-r + 1, r - 1)):  # its middle and near its rim
                assert prompt.button_at((x + dx * 7 // 10, y + dy * 7 // 10)) == direction
            click(app, (x, y))
            assert view.state.combatants["ann"].facing == direction, direction
            assert not prompt.active()
            prompt.offer(["ann"])  # asked again
        key(app, pygame.K_KP9)
        assert view.state.combatants["ann"].facing == "NE" and not prompt.active()


def test_the_arcs_tint_only_squares_of_the_map() -> None:
    """Review 19: for a token on the top row the rear's red lay above the map's top edge. The arcs
    tint the squares round the token that are on the map, and nothing outside it."""
    import dataclasses

    from tactics.ui.draw import map_rect
    from tactics.ui.facing import draw_arcs
    from tactics.ui.render import DrawContext

    app = scene("neighbours", (1280, 720))
    try:
        view = app.battle
        on_top = dataclasses.replace(view.state.combatants["ann"], cell=(7, 0))
        surface = pygame.Surface(app.size)
        surface.fill((0, 0, 0))
        ctx = DrawContext(surface, view.camera, view.state, "gm", view.board_rect(), view.renderer, view=view)
        draw_arcs(ctx, on_top, "S")  # facing down: the rear is the row above, off the map
        inside = map_rect(view.camera, view.state.map)
        above = pygame.Rect(inside.left, inside.top - view.camera.cell_px, inside.width, view.camera.cell_px)
        tinted = [(x, y) for x in range(above.left, above.right, 3) for y in range(above.top, above.bottom, 3)
                  if surface.get_at((x, y))[:3] != (0, 0, 0)]
        assert not tinted, f"the arcs tinted {len(tinted)} points above the map"
        cam = view.camera
        beside = cam.cell_rect((6, 0))
        assert surface.get_at((beside[0] + beside[2] // 2, beside[1] + beside[3] // 2))[:3] != (0, 0, 0), \
            "the squares on the map beside it are tinted"
    finally:
        pygame.quit()
