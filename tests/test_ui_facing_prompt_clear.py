"""The facing prompt's words keep clear of the tokens, names, condition words and arc labels;
no name lies under its 8 arrows.

Why (review 14, finding 6): after End turn the box "Facing for James (now S) (1 more) / click an
arrow ... / numpad / arrow keys; Enter keeps; Esc keeps all" lay on the flank label, James' own
name and Shaken badge and Brandon's name, and the arrows on the names round the token. The
status line says the same words, so the box may go further out; the names keep off the arrows
(or are left out: the box names the token asked).
"""

from __future__ import annotations

import pygame
import pytest

from tactics.ui import layout_probe as probe
from tactics.ui.app import App
from tactics.ui.hazards import hazards_of
from tactics.ui.opening import open_default
from tactics.ui import placement

from ui_driver import app_session, drawn_marks, shoot_bear1_and_end_turn


@pytest.fixture(params=[(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
def asked(request):
    """Round 0: Brandon shoots Bear 1 and ends his turn: the prompt asks his facing."""
    for app in app_session(App(open_default(seed=3), size=request.param)):
        shoot_bear1_and_end_turn(app)
        yield app


def test_the_prompt_box_covers_no_token_name_or_word_and_no_name_is_under_an_arrow(asked):
    app = asked
    view = app.battle
    prompt = hazards_of(view).prompt
    assert prompt.active() and prompt.current().id == "brandon"
    rec = probe.start()
    try:
        app.draw()
    finally:
        probe.stop()
    names = {c.name for c in view.state.on_map()}
    drawn = [m.rect for m in rec.on(pygame.display.get_surface())
             if m.kind == "text" and m.panel in ("map", "") and m.label in names and m.role != "initials"]
    box = prompt.box
    assert box is not None
    for rect in placement.token_rects(view, skip=("brandon",)):
        square = pygame.Rect(rect.x, rect.y, rect.w, rect.w)
        assert not box.colliderect(square), "the prompt's words cover a token"
    for rect in view.renderer.tokens.drawn_words() + drawn:
        assert not box.colliderect(rect), "the prompt's words cover a name or a condition word"
    arrows = prompt.arrow_rects()
    for rect in drawn:
        assert rect.collidelist(arrows) < 0, "a name lies under the facing arrows"


def test_the_prompt_box_lies_on_no_crate_or_wall(asked):
    """Outside review 20, placement 2: the box's words lay on a crate (at 1080p the orange one
    left of Brandon, at 720p the green one): the map's art under them could not be read. Where a
    place by the arrows is clear of the tokens and of every square that is not plain floor (the
    bundled map has one here), the words take it."""
    app = asked
    view = app.battle
    prompt = hazards_of(view).prompt
    assert prompt.active() and prompt.current().id == "brandon"
    app.draw()
    box = prompt.box
    assert box is not None
    m = view.state.map
    rows = m.to_text().splitlines()
    solid = [(c, r) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch not in ". "]
    assert solid, "the bundled map has crates and walls"
    met = [cell for cell in solid if box.colliderect(pygame.Rect(view.camera.cell_rect(cell)))]
    assert not met, f"the prompt's words {box} lie on the squares {met} ({[m.terrain.get(c) for c in met]})"
    for rect in placement.token_rects(view, skip=("brandon",)) + view.renderer.tokens.drawn_words():
        assert not box.colliderect(rect), "the prompt's words cover a token, a name or a condition word"


# --------------------------------------------------------------------------- review 16 F1, F17, F6
def _drawn(app: App) -> list:
    """What one frame draws on the map, as the layout probe records it."""
    return drawn_marks(app)


def _discs(view, skip: str) -> dict[str, pygame.Rect]:
    cam = view.camera
    return {o.id: pygame.Rect(cam.cell_rect(o.cell)).inflate(-cam.cell_px // 8, -cam.cell_px // 8)
            for o in view.state.on_map() if o.id != skip and view.visible(o)}


# The arrows are round buttons (drawn and clicked as circles, with their outline) and the discs
# circles: since outside review 17 N1 they are weighed as drawn, so an arrow beside a disc or a
# word may stand where its bounding square's corner would have touched that disc's square.
def _rings(view, skip: str) -> list[tuple[tuple[int, int], float]]:
    """The other tokens' discs as the tokens layer draws them: (centre, radius) each."""
    painter = view.renderer.tokens
    rings = [painter.footprint(view.camera, o)["disc"][0] for o in view.state.on_map()
             if o.id != skip and view.visible(o)]
    return [(ring.center, ring.width / 2) for ring in rings]


def _arrow_on_rect(button, rect: pygame.Rect) -> bool:
    x, y, r = button
    nx, ny = min(max(x, rect.left), rect.right), min(max(y, rect.top), rect.bottom)
    return (x - nx) ** 2 + (y - ny) ** 2 < (r + 2) ** 2


def _arrow_on_disc(button, ring) -> bool:
    (cx, cy), radius = ring
    x, y, r = button
    return ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 < r + 2 + radius


def _arrows_overlap(a, b) -> bool:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 < a[2] + b[2] + 4 - 0.5  # (outlines may touch)


def _check_arrows(view, prompt, who: str) -> None:
    """No arrow lies on a name, a condition word, another token's disc or another arrow."""
    buttons = list(prompt.buttons().values())
    assert len(buttons) == 8
    words = view.renderer.tokens.drawn_words()  # every token's name and condition words, its own too
    rings = _rings(view, who)
    for i, button in enumerate(buttons):
        assert not any(_arrow_on_rect(button, w) for w in words), f"an arrow lies on a name or a condition word: {button}"
        assert not any(_arrow_on_disc(button, ring) for ring in rings), f"an arrow lies on another token: {button}"
        assert not any(_arrows_overlap(button, other) for other in buttons[i + 1:]), "two arrows overlap"


def test_the_arrows_and_arc_labels_cover_no_token_name_or_badge_and_the_token_is_named(asked):
    """Review 16 F1: Brandon's name was gone (the S arrow sat where it goes), the N arrow covered his
    "Shaken 1", an E arrow hid Bear 2 and "flank" covered a token. The arrows stand round the
    token's disc and words, covering none of a neighbour's; the arc labels go where they cover
    nothing. Since outside review 17 N1 (the arrows pushed two squares out read as nobody's) they
    stand in the squares round the token and its own name gives way to them while it is asked:
    the prompt's own words on the map name it (its disc's initials and the pointer too)."""
    app = asked
    view = app.battle
    prompt = hazards_of(view).prompt
    who = prompt.current()
    _drawn(app)
    marks = _drawn(app)
    assert any(m.kind == "text" and who.name in m.label and m.label != who.name for m in marks), \
        "the prompt's words do not name the token asked"
    _check_arrows(view, prompt, who.id)
    arrows = prompt.arrow_rects()
    words = view.renderer.tokens.drawn_words()
    discs = _discs(view, who.id)
    # (none on a small window's squares; one with no free place in its arc is left out: at 720p's
    # 24 px a square since the fit's smaller margin (review 17 N6), one of the three)
    px = view.camera.cell_px
    assert len(prompt.labels) == 3 if px >= 30 else (len(prompt.labels) in (2, 3) if px >= 24 else not prompt.labels)
    for label in prompt.labels:
        assert label.collidelist(words) < 0, "an arc label lies on a name or a condition word"
        assert label.collidelist(list(discs.values())) < 0, "an arc label lies on a token"
        assert label.collidelist(arrows) < 0, "an arc label lies on an arrow"


def test_the_arrows_are_big_enough_to_read_at_the_fit(asked):
    """Review 16 F17: at 35 px a square each arrow was 18 px across, the diagonals read as pointing
    sideways. Each is now most of a square across (never under 28 px on a 1080p window)."""
    app = asked
    view = app.battle
    prompt = hazards_of(view).prompt
    px = view.camera.cell_px
    sizes = sorted(r.width for r in prompt.arrow_rects())
    if app.size[0] >= 1920:
        assert sizes[2] >= max(24, int(0.8 * px)), (sizes, px)  # at most two made smaller, for room between tokens
    else:  # (outside review 17 N1: they shrink before they move away from the token; at 22 px a square
        # 8 arrows of 22 px fill the squares round it edge to edge, its condition words in the top one)
        assert sizes[0] >= 16 and sizes[4] >= 18, (sizes, px)


def test_pointing_at_an_arrow_shows_no_move_tag_and_the_tag_is_grey_and_clear(asked):
    """Review 16 F6: hovering a facing arrow drew the red "cannot move now" behind the arrows, and
    once the facing was chosen the tag lay on Brandon's "Shaken 1". Over an arrow no move tag
    shows; elsewhere "cannot move now" is grey (no mistake of the GM's) and clear of the tokens,
    names and condition words."""
    from ui_driver import click, key, move

    app = asked
    view = app.battle
    prompt = hazards_of(view).prompt
    assert view.selected == "brandon" and view.reach is not None and view.reach.reason  # he cannot move now
    near = prompt.arrow_rects()[0].unionall(prompt.arrow_rects()).inflate(4 * view.camera.cell_px, 4 * view.camera.cell_px)
    for direction, pos in prompt.button_centres().items():
        move(app, pos)
        texts = [m.label for m in _drawn(app) if m.kind == "text"]
        assert "cannot move now" not in texts, direction
        assert _red_pixels(near) == 0, f"a red move tag or cursor while pointing at the {direction} arrow"
    key(app, pygame.K_KP6)  # Brandon faces E: the prompt is answered
    assert not prompt.active()
    if view.selected != "brandon":  # the selection follows the turn (F15): the GM points at him again
        click(app, view.camera.cell_centre(view.state.combatants["brandon"].cell))
    assert view.selected == "brandon" and view.reach is not None and view.reach.reason  # not his turn now
    cell = view.state.combatants["brandon"].cell
    shown = 0
    for dx, dy in ((1, -1), (0, -1), (-1, -1), (1, 1), (-1, 1)):  # the squares round him: his word above
        target = (cell[0] + dx, cell[1] + dy)
        if view.token_at(target) is not None:
            continue
        move(app, view.camera.cell_centre(target))
        marks = _drawn(app)
        tags = [m.rect for m in marks if m.kind == "text" and m.label == "cannot move now"]
        if not tags:  # no place clear of the tokens: the status line alone says it
            assert "Brandon" in view.tool.status()  # ("Brandon moves in ...'s turn; now: ...")
            continue
        shown += 1
        tag = tags[0]
        words = view.renderer.tokens.drawn_words()
        assert tag.collidelist(words) < 0, "the tag lies on a name or a condition word"
        assert tag.collidelist(list(_discs(view, "").values())) < 0, "the tag lies on a token"
        assert _red_pixels(tag) == 0, "the tag is red"
    assert shown, "the tag shows where it has room"


def _red_pixels(rect: pygame.Rect) -> int:
    """How many pixels in ``rect`` of the window are the red of a refusal (theme.BAD)."""
    from tactics.ui import theme

    surface = pygame.display.get_surface()
    red = surface.map_rgb(theme.BAD)
    pixels = pygame.PixelArray(surface.subsurface(rect.clip(surface.get_rect())))
    try:
        return sum(1 for column in pixels for value in column if value == red)
    finally:
        pixels.close()


def test_no_fuse_card_lies_on_the_arrows_and_no_arc_label_on_the_card():
    """Review 16 F1: the fuse card "Frag grenade: explodes at the end of ..." was drawn over
    Brandon's E arrow and half his token, and "front" lay on the card's text."""
    from tactics.engine.combat.team import Advance, StartCombat
    from tactics.engine.hazards.commands import ThrowGrenade
    from tactics.ui.layers.hazards import fuse_card_rect
    from tactics.ui.render import DrawContext
    from test_ui_hazards_traps import _steps_down, make_app

    app = make_app()
    try:
        enc = app.battle.encounter
        enc.submit(ThrowGrenade("ann", (4, 3)), typed=[5, 5])  # lands at (4, 3), live until the GM sets it off
        addon = hazards_of(app.battle)
        addon.finish()
        enc.submit(StartCombat())
        enc.submit(Advance())
        _steps_down(enc, "ann")  # Ann to (2, 3), beside the grenade
        enc.submit(Advance())  # the party's Vanguard ends: Ann is asked her facing
        view = app.battle
        prompt = addon.prompt
        assert prompt.current() is not None and prompt.current().id == "ann"
        assert any(g.status == "live" for g in view.state.grenades.values())
        _drawn(app)
        ctx = DrawContext(pygame.display.get_surface(), view.camera, view.state, view.viewer, view.board_rect(),
                          view.renderer, view)
        cards = [fuse_card_rect(ctx, g) for g in view.state.grenades.values() if g.status == "live"]
        assert cards
        arrows = prompt.arrow_rects()
        for card in cards:
            assert card.collidelist(arrows) < 0, "the fuse card lies on the facing arrows"
            assert card.collidelist(getattr(prompt, "labels", [])) < 0, "an arc label lies on the fuse card"
            assert prompt.box is not None and not card.colliderect(prompt.box), "the prompt's words lie on the card"
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
def test_no_arc_label_lies_on_a_live_grenade(size):
    """Outside review 20, placement 3: a live grenade lay two squares in front of Ann, where her
    "front" label goes first, and the label hid it (at 1080p). The labels keep off the grenades'
    icons (and their corner markers under tokens) as they do off the fuse cards; each still shows."""
    from facing_scenes import GRENADE_AT, scene

    app = scene("grenade", size)
    try:
        view = app.battle
        prompt = hazards_of(view).prompt
        assert prompt.current() is not None and prompt.current().id == "ann"
        grenade = next(iter(view.state.grenades.values()))
        assert grenade.status == "live" and tuple(grenade.cell) == GRENADE_AT
        _drawn(app)
        cam = view.camera
        side = max(12, int(cam.cell_px * 0.6))
        icon = pygame.Rect(0, 0, side, side)
        icon.center = cam.cell_centre(grenade.cell)
        assert len(prompt.labels) == 3, "each arc keeps its label"
        for label in prompt.labels:
            assert not label.colliderect(icon), f"an arc label {label} lies on the grenade {icon}"
    finally:
        pygame.quit()


@pytest.fixture(params=[(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
def crowded(request):
    """Ann steps down beside a bear (east of her), another bear south-west and Bob two squares
    below, each with condition words: she is asked her facing (review 16 F1: Art's E arrow hid
    Bear 2, his "Sh1" lay under the N arrow)."""
    from tactics.engine.combat.actions import Action, Declare, ResolveNext
    from tactics.engine.combat.gm import ApplyCondition
    from tactics.engine.combat.team import Advance, StartCombat
    from tactics.engine.core.encounter import Encounter
    from tactics.maps import BattleMap
    from ui_driver import fighter

    definition = {
        "name": "Crowded room",
        "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
        "combatants": [fighter("ann", "party", (7, 3), modifiers={"DEX": 5}), fighter("bob", "party", (7, 6)),
                       dict(fighter("bear", "bears", (8, 4)), name="Bear 1"),
                       dict(fighter("bear2", "bears", (6, 5)), name="Bear 2")],
    }
    room = "\n".join(["." * 24] * 14)
    for app in app_session(App(Encounter(definition, BattleMap.from_text(room), seed=9), size=request.param)):
        enc = app.battle.encounter
        for cid in ("ann", "bob", "bear", "bear2"):
            enc.submit(ApplyCondition(cid, "Shaken", 2, source="test"))
        enc.submit(ApplyCondition("bear", "Flat-footed", None, source="test"))
        enc.submit(StartCombat())
        enc.submit(Advance())
        enc.submit(Declare("ann", Action("standard-move", path=[(7, 4)])))
        enc.submit(ResolveNext())
        enc.submit(Advance())  # the party's group ends: Ann is asked
        app.step()
        yield app


def test_among_neighbours_the_arrows_keep_off_their_tokens_names_and_words(crowded):
    app = crowded
    view = app.battle
    prompt = hazards_of(view).prompt
    assert prompt.current() is not None and prompt.current().id == "ann"
    _drawn(app)
    _drawn(app)
    _check_arrows(view, prompt, "ann")
    arrows = prompt.arrow_rects()
    words = view.renderer.tokens.drawn_words()
    discs = list(_discs(view, "ann").values())
    for label in getattr(prompt, "labels", []):
        assert label.collidelist(words) < 0 and label.collidelist(discs) < 0 and label.collidelist(arrows) < 0
    centre = view.camera.cell_centre(view.state.combatants["ann"].cell)
    for direction, (x, y) in prompt.button_centres().items():  # each arrow on its own side of her
        dx, dy = {"N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1), "S": (0, 1), "SW": (-1, 1),
                  "W": (-1, 0), "NW": (-1, -1)}[direction]
        assert (x - centre[0]) * dx + (y - centre[1]) * dy > 0, direction


def test_each_arrow_has_a_shaft_and_a_head_pointing_its_way():
    """Review 16 F17: near-equilateral triangles read as pointing sideways on the diagonals. Each
    arrow is a head on a shaft along its direction: the tip is the point furthest that way and
    the shaft's end the furthest back."""
    from tactics.rules.grid import DELTAS
    from tactics.ui.facing import arrow_points

    for direction, (dx, dy) in DELTAS.items():
        pts = arrow_points((100, 100), direction, 14)
        along = [(x - 100) * dx + (y - 100) * dy for x, y in pts]
        assert len(pts) == 7 and along[0] == max(along) > 0, direction  # the tip leads
        assert min(along) < -0.5 * 14 * (dx * dx + dy * dy) ** 0.5, direction  # a shaft behind the head
