"""While the grenade's heatmap shows, the token names keep off its squares wherever they have room.

Why (outside GM review, after review 14 F7): at 1920x1080, the fit zoom, with Art aiming at
23,6, the names were kept off the squares' digits only, so "Bear 1", "Bear 3" and "Bear 4" lay
across the lower half of the heat squares above their tokens, over their colour and against
their digits. Now a name goes where it covers no heat square; one with no such place is left
out (the initials and the pointer name the token), and one that must show (the blast's tokens)
lies on as little of the squares as it can, never on a square's digits nor an odds badge.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.ui import theme
from tactics.ui.app import App
from tactics.ui.opening import open_default
from tactics.ui.tools.grenade import odds_size, percent

from ui_driver import app_session, centre, click, drawn_marks, key, move


@pytest.fixture
def aiming(request):
    """Art clicked, the Grenade tool's key pressed, the pointer on the target square."""
    for app in app_session(App(open_default(seed=1), size=(1920, 1080)), closing=True):
        click(app, centre(app, tuple(app.battle.state.combatants["art"].cell)))
        key(app, pygame.K_g)
        assert app.battle.tool.name == "grenade" and app.battle.selected == "art"
        move(app, centre(app, request.param))
        yield app


def names_drawn(app: App) -> dict[str, pygame.Rect]:
    """Each token's name label as this frame draws it (by the probe), by the token's id."""
    marks = drawn_marks(app)
    view = app.battle
    px = view.camera.cell_px
    out = {}
    for m in marks:
        if m.kind != "text" or m.role == "initials":
            continue
        for who in view.state.on_map():  # the token's own name, touching its disc (not a card's line)
            cx, cy = view.camera.cell_centre(who.cell)
            if m.label == who.name and abs(m.rect.centerx - cx) < px and abs(m.rect.centery - cy) < 1.5 * px:
                out[who.id] = m.rect
    return out


@pytest.mark.parametrize("aiming", [(23, 6), (22, 5)], indirect=True)
def test_names_lie_on_no_heat_square_where_they_have_room(aiming):
    app = aiming
    view = app.battle
    cam = view.camera
    p = view.tool.preview()
    assert p is not None and len(p.odds) > 20, "the heatmap is up"
    names = names_drawn(app)
    # each square's odds as drawn: the heat square (a name wider than a square may hang a fifth of
    # one over a neighbour's edge), or the badge on a token's square
    squares = {}
    digits = {}  # and where its percentage is written
    top = max(p.odds.values())
    for cell, chance in p.odds.items():
        if cell in view.tool.badges:
            squares[cell] = digits[cell] = view.tool.badges[cell]
            continue
        x, y, w, h = cam.cell_rect(cell)
        squares[cell] = pygame.Rect(x, y, w, h).inflate(-2 * (w // 5), -2 * (h // 5))  # not a sliver at its edge
        text = theme.text(percent(chance), odds_size(cam.cell_px, chance, top), "bold", theme.INK_LIGHT)
        digits[cell] = text.get_bounding_rect().move(text.get_rect(center=(x + w // 2, y + h // 2)).topleft)
    highlighted = view.highlighted_tokens()
    assert {"Bear 2", "Brandon", "Art"} <= {view.state.combatants[cid].name for cid in names}, \
        "the names with room off the heatmap still show"
    for cid, rect in names.items():
        who = view.state.combatants[cid]
        on = [cell for cell, sq in squares.items() if rect.colliderect(sq)]
        if not on:
            continue
        c, r = who.cell
        walled = all((c + dc, r + dr) in p.odds for dc, dr in ((0, -1), (0, 1), (-1, 0), (1, 0)))
        assert walled, f"{who.name}'s name lies on the heat squares {on} though it has room off them"
        assert cid in highlighted, f"{who.name}'s name lies on the heat squares {on}: it need not show ({cam.cell_px} px)"
        hidden = [cell for cell in on if rect.colliderect(digits[cell])]
        assert not hidden, f"{who.name}'s name hides the odds of {hidden}"
        most = max(rect.clip(squares[cell]).width * rect.clip(squares[cell]).height for cell in on)
        assert most <= cam.cell_px ** 2 // 8, f"{who.name}'s name covers {most} px of a heat square: not the least it can"


@pytest.mark.parametrize("aiming", [(23, 6)], indirect=True)
def test_the_target_s_frame_goes_under_the_name_across_its_edge(aiming):
    """Bear 3 stands on the target: its name, above its disc, lies across the square's top edge,
    and the frame drawn there (white, over the board) cut through its letters."""
    app = aiming
    view = app.battle
    names_drawn(app)  # a frame drawn
    name = {cid: rect for cid, rect, _ in view.renderer.tokens.drawn_labels()[1]}["bear3"]  # whole or "B3"
    square = pygame.Rect(view.camera.cell_rect((23, 6)))
    bands = {"top": pygame.Rect(square.left, square.top - 1, square.width, 4),
             "right": pygame.Rect(square.right - 3, square.top, 4, square.height)}
    crossed = {side: name.clip(band) for side, band in bands.items() if name.colliderect(band)}
    assert crossed, "Bear 3's name (or its initials' pill) lies across the target square's edge"
    surface = pygame.display.get_surface()
    for side, edge in crossed.items():
        edge = edge.inflate(-4, 0) if side == "top" else edge.inflate(0, -4)  # (not the pill's round ends)
        white = [(x, y) for x in range(edge.left, edge.right) for y in range(edge.top, edge.bottom)
                 if surface.get_at((x, y))[:3] == (255, 255, 255)]
        assert not white, f"the target's white frame crosses Bear 3's name at its {side} edge: {white[:4]}"
