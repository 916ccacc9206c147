"""The grenade's overlays on the default encounter keep clear of each other (outside review 16).

Why: in round 1 of the bundled fight, Brandon aiming with the Grenade tool,

* F4: the token names lay on the condition badges ("Bear 3" over its "Flat-footed", "Bear 1"
  over "St1 Fl") and Brandon's "Shaken 1" vanished under his name when it moved above his disc;
  a name also covered half a heat square. Now no name lies on a badge (the name gives way: a
  size smaller, beside the disc, cut to its initials, never the badge), every badge shows, and a
  name that must show covers at most a sliver of a heat square;
* F5: the fuse card after the throw landed lay on Bear 2's token and badge and on Brandon's
  "Shaken 1"; now it is placed clear of the tokens, names and badges, and of the facing
  prompt's arrows when the turn ends;
* F14: a declared throw had no mark on the map; now its aimed square is marked with its number
  in the resolve order, as an attack's line is (on the players' view only for the players' side);
* F16d/h: the scatter dice are said in words ("d10 = 7 → on target") and the map's dice have a
  legend; the blast's header gives its radius in feet from the rules data.

Driven headless through the real window (clicks, keys, pointer moves); the fight's opening
steps (Start combat in the tracker, then Brandon's Round 0 attack) as the reviewer played them.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.queries import preview_order
from tactics.engine.combat.team import Advance
from tactics.rules import actions as act
from tactics.ui import theme
from tactics.ui.app import App
from tactics.ui.opening import open_default
from tactics.ui.tokens import initials
from tactics.ui.tools.grenade import odds_size, percent

from ui_driver import app_session, centre, click, key, move, zoomed_to


def to_group(app: App, group: str, round_no: int) -> None:
    """The fight stepped on (N, as the tracker's button does) until ``group`` acts in ``round_no``."""
    enc = app.battle.encounter
    while not (enc.state.combat.round == round_no and (g := enc.state.combat.acting_group()) is not None
               and g.key == group):
        enc.submit(Advance())
    app.step()


@pytest.fixture
def round_one():
    """The bundled fight in round 1, the party's Vanguard acting: Start combat clicked (the
    encounter's opening conditions: the party Shaken), Brandon's Round 0 attack stunned Bear 1."""
    for app in app_session(App(open_default(seed=1), size=(1920, 1080)), closing=True):
        view = app.battle
        zoomed_to(app, 35)  # the fit zoom the reviewer saw (36 since review 17 N6)
        click(app, view.combat.button_rect("start").center)
        to_group(app, "party:vanguard", 0)
        view.encounter.submit(Declare("brandon", Action(act.STANDARD_ATTACK, target="bear1")))
        view.encounter.submit(ResolveNext())
        to_group(app, "party:vanguard", 1)
        state = view.state
        assert [c.name for c in state.combatants["brandon"].conditions] == ["Shaken"]
        assert [c.name for c in state.combatants["bear1"].conditions] == ["Stunned", "Flat-footed"]
        assert view.camera.cell_px == 35, "the fit zoom the reviewer saw"
        yield app


def aim(app: App) -> None:
    """The Grenade tool (G) with Brandon throwing."""
    key(app, pygame.K_g)
    view = app.battle
    if view.selected != "brandon":
        click(app, centre(app, view.state.combatants["brandon"].cell))
    assert view.tool.name == "grenade" and view.selected == "brandon"


def labels(app: App) -> tuple[list[tuple[str, pygame.Rect]], list[tuple[str, pygame.Rect, str]]]:
    app.draw()
    return app.battle.renderer.tokens.drawn_labels()


def heat_squares(app: App) -> tuple[dict, dict]:
    """Each heat square's middle (a name may hang a fifth of a square over its edge) and where
    its percentage is written (on a token's square: its odds badge)."""
    view = app.battle
    cam = view.camera
    p = view.tool.preview()
    squares, digits = {}, {}
    top = max(p.odds.values())
    for cell, chance in p.odds.items():
        if cell in view.tool.badges:
            digits[cell] = view.tool.badges[cell]
            continue
        x, y, w, h = cam.cell_rect(cell)
        squares[cell] = pygame.Rect(x, y, w, h).inflate(-2 * (w // 5), -2 * (h // 5))
        text = theme.text(percent(chance), odds_size(cam.cell_px, chance, top), "bold", theme.INK_LIGHT)
        digits[cell] = text.get_bounding_rect().move(text.get_rect(center=(x + w // 2, y + h // 2)).topleft)
    return squares, digits


def assert_off_the_heat(app: App, names: list[tuple[str, pygame.Rect, str]], where: str) -> None:
    """No name on a square's odds, and none on more than a sliver of a heat square's middle: a
    sixteenth of a square (a name cut to its initials, a small pill, twice that)."""
    px = app.battle.camera.cell_px
    squares, digits = heat_squares(app)
    for cid, rect, text in names:
        hidden = [c for c, d in digits.items() if rect.colliderect(d)]
        assert not hidden, f"{where}: {text!r} hides the odds of {hidden}"
        most = max([rect.clip(sq).width * rect.clip(sq).height for sq in squares.values()] + [0])
        sliver = px * px // (8 if text == initials(app.battle.state.combatants[cid].name) else 16)
        assert most <= sliver, f"{where}: {text!r} covers {most} px of a heat square (at most {sliver})"


#: the reviewer's two hovers (review 16: 1200,462 and 1163,428 on the screen), then the squares round the bears
HOVERS = [(22, 6), (21, 5)] + [(c, r) for r in range(2, 9) for c in range(19, 26) if (c, r) not in ((22, 6), (21, 5))]


def test_names_lie_on_no_badge_and_every_badge_shows(round_one):
    app = round_one
    aim(app)
    view = app.battle
    for cell in HOVERS:
        move(app, centre(app, cell))
        p = view.tool.preview()
        assert p is not None and p.odds, f"no heatmap at {cell}"
        badges, names = labels(app)
        state = view.state
        for who in state.on_map():
            shown = [rect for cid, rect in badges if cid == who.id]
            assert len(shown) == min(3, len(who.conditions)), \
                f"aiming at {cell}: {who.name} shows {len(shown)} of its {len(who.conditions)} condition badges"
        for _, rect, text in names:
            on = [state.combatants[owner].name for owner, badge in badges if rect.colliderect(badge)]
            assert not on, f"aiming at {cell}: the name {text!r} lies on the condition badges of {on}"
        named = {cid: text for cid, _, text in names}
        for cid in view.highlighted_tokens() | {"brandon"}:
            assert cid in named, f"aiming at {cell}: {state.combatants[cid].name} must be named, and is not"
        assert_off_the_heat(app, names, f"aiming at {cell}")


@pytest.mark.parametrize("cell", [(22, 6), (21, 5)])
def test_brandon_keeps_his_shaken_badge_and_a_name_that_cannot_fit_is_cut_to_its_initials(round_one, cell):
    """The reviewer's two hovers: Brandon's "Shaken 1" stays in sight with his name beside it,
    and Bear 1, hemmed in by its badges, its odds badge and the heat squares, shows "B1"."""
    app = round_one
    aim(app)
    move(app, centre(app, cell))
    badges, names = labels(app)
    brandon = [rect for cid, rect in badges if cid == "brandon"]
    name = next(rect for cid, rect, _ in names if cid == "brandon")
    assert len(brandon) == 1 and not name.colliderect(brandon[0])
    surface = pygame.display.get_surface()
    badge = brandon[0]
    colours = {surface.get_at((x, badge.centery))[:3] for x in range(badge.left + 4, badge.right - 4)}
    assert len(colours) > 3, "the Shaken badge's words are drawn (not covered by one flat colour)"
    texts = {cid: text for cid, _, text in names}
    assert texts.get("bear1") in ("Bear 1", "B1")
    if texts["bear1"] == "B1":
        assert "bear1" in app.battle.renderer.tokens.unnamed, "the pointer names a token cut to its initials"


def test_round_two_s_names_keep_off_the_heat_squares(round_one):
    """Review 16's 101c.png: in round 2 the bears stood at 22,3, 21,5 and 22,6 with no conditions
    left, and James aimed at 22,4: the small "Bear 1" above its disc lay across the lower third
    of the 5% square above it and Bear 3 had no name. Now Bear 1's name lies on at most a sliver
    of a heat square (it is cut to "B1" to fit) and every token in the blast is named."""
    from tactics.engine.board import Place
    from tactics.engine.combat.gm import RemoveCondition

    app = round_one
    enc = app.battle.encounter
    spots = {"bear4": (22, 3), "bear1": (21, 5), "bear3": (22, 6), "bear2": (24, 2)}
    for cid in spots:
        enc.submit(Place(cid, None))
    for cid, cell in spots.items():
        enc.submit(Place(cid, cell))
        for condition in list(enc.state.combatants[cid].conditions):
            enc.submit(RemoveCondition(cid, condition.name))
    key(app, pygame.K_g)
    click(app, centre(app, enc.state.combatants["james"].cell))
    assert app.battle.selected == "james"
    move(app, centre(app, (22, 4)))
    badges, names = labels(app)
    assert not [cid for cid, _ in badges if cid.startswith("bear")], "no conditions left on the bears"
    assert_off_the_heat(app, names, "James aiming at 22,4")
    named = {cid for cid, _, _ in names}
    assert {"bear1", "bear3", "bear4"} <= app.battle.highlighted_tokens() and {"bear1", "bear3", "bear4"} <= named


def throw_at(app: App, cell) -> None:
    """Brandon declares the throw at ``cell`` (a click with the Grenade tool)."""
    aim(app)
    click(app, centre(app, cell))
    assert [d["combatant"] for d in preview_order(app.battle.state)] == ["brandon"], "the throw is declared"


def resolve_throw(app: App) -> None:
    """James does nothing (the resolve box's button), Enter resolves the throw, the flight is
    skipped to its end and the pointer leaves the map's squares."""
    from tactics.ui.hazards import hazards_of

    view = app.battle
    click(app, view.combat.button_rect("do-nothing:james").center)
    key(app, pygame.K_RETURN)
    app.step()
    hazards_of(view).finish()
    move(app, (view.board_rect().centerx, view.board_rect().bottom - 5))
    app.step()
    assert view.state.grenades, "the grenade is on the map"


def fuse_card(app: App) -> pygame.Rect:
    from tactics.ui.hazards import hazards_of

    app.draw()
    cards = hazards_of(app.battle).fuse_cards
    assert len(cards) == 1, f"one fuse card drawn, not {cards}"
    return next(iter(cards.values()))


def covered_by(app: App, card: pygame.Rect) -> list[str]:
    """What of the tokens the card lies on: their discs, names and condition badges as drawn."""
    view = app.battle
    badges, names = labels(app)
    state = view.state
    out = [f"{who.name}'s token" for who in state.on_map()
           if card.colliderect(pygame.Rect(view.camera.cell_rect(who.cell)).inflate(-4, -4))]
    out += [f"{state.combatants[cid].name}'s badge" for cid, rect in badges if card.colliderect(rect)]
    out += [f"the name {text!r}" for _, rect, text in names if card.colliderect(rect)]
    return out


def test_the_fuse_card_lies_on_no_token_name_or_badge(round_one):
    app = round_one
    throw_at(app, (22, 6))
    resolve_throw(app)
    card = fuse_card(app)
    assert not covered_by(app, card), f"the fuse card at {card} covers {covered_by(app, card)}"
    assert app.battle.board_rect().contains(card)
    banners = [r for r in (app.battle.combat.banner.rect, app.hotseat.rect) if r is not None]
    assert banners and card.collidelist(banners) < 0, "the phase card and the turn banner (drawn over the board) leave it be"


def test_the_fuse_card_stays_off_the_facing_arrows(round_one):
    from tactics.ui.hazards import hazards_of

    app = round_one
    throw_at(app, (22, 6))
    resolve_throw(app)
    key(app, pygame.K_e)  # End turn: the party's Vanguard is asked for its facings
    if "End turn again (E)" in (app.battle.current_message() or ("",))[0]:
        key(app, pygame.K_e)
    prompt = hazards_of(app.battle).prompt
    assert prompt.current() is not None and prompt.current().id == "brandon", "Brandon's facing is asked"
    card = fuse_card(app)
    arrows = prompt.arrow_rects()
    assert card.collidelist(arrows) < 0, f"the fuse card at {card} lies on a facing arrow"
    assert not covered_by(app, card), f"the fuse card at {card} covers {covered_by(app, card)}"


def marked(app: App, cell) -> tuple[int, int]:
    """How many pixels of the aimed square's frame (in the attack line's colour) and of a number
    pill (its gold) the window shows on ``cell``."""
    app.draw()
    surface = pygame.display.get_surface()
    square = pygame.Rect(app.battle.camera.cell_rect(cell))
    edge, gold = 0, 0
    for x in range(square.left, square.right):
        for y in range(square.top, square.bottom):
            r, g, b, _ = surface.get_at((x, y))
            if max(abs(r - a) for r, a in zip((r, g, b), theme.TEMPLATE_EDGE)) <= 12:
                edge += 1
            if max(abs(r - a) for r, a in zip((r, g, b), theme.ACCENT)) <= 24:
                gold += 1
    return edge, gold


def test_a_declared_throw_marks_its_aimed_square_with_its_number(round_one):
    app = round_one
    before = marked(app, (22, 6))
    throw_at(app, (22, 6))
    move(app, (app.battle.board_rect().centerx, app.battle.board_rect().bottom - 5))  # the heatmap gone
    edge, gold = marked(app, (22, 6))
    px = app.battle.camera.cell_px
    assert edge >= 2 * px > before[0], f"no frame on the aimed square ({edge} px of its colour, {before[0]} before)"
    assert gold >= px > before[1], f"no number on the aimed square ({gold} px of gold)"
    key(app, pygame.K_F2)  # the players' view: their own side's declaration shows, as its attack line would
    app.step()
    assert app.battle.viewer != "gm"
    edge, gold = marked(app, (22, 6))
    assert edge >= 2 * px and gold >= px, "the players see their side's declared throw"


def test_the_scatter_dice_say_what_they_did(round_one):
    """The status line and the log say each die's face and what it did; the map's two dice have
    a legend beside them in the same words."""
    import re

    from tactics.ui.hazards import hazards_of

    from ui_driver import drawn_marks

    app = round_one
    throw_at(app, (22, 6))
    resolve_throw(app)
    thrown = next(e for entry in app.battle.encounter.journal.entries for e in entry.events
                  if e.kind == "grenade.thrown")
    said = app.battle.current_message()[0]
    match = re.search(r"scatter: d10 = (\d+) -> (.+?); d10 = (\d+) -> (.+?): lands at", said)
    assert match, f"the throw's dice are not said in words: {said!r}"
    assert [int(match[1]), int(match[3])] == list(thrown.dice), "each die's face is shown"
    words = {-1: "left", 1: "right"}, {-1: "short", 1: "long"}
    for told, off, side in ((match[2], thrown.scatter[0], words[0]), (match[4], thrown.scatter[1], words[1])):
        want = f"{abs(off)} square{'s' if abs(off) != 1 else ''} {side[1 if off > 0 else -1]}" if off \
            else f"not {side[-1]} or {side[1]}"
        assert told == want, f"a die that scattered it {off} is said as {told!r}"
    legend = [m for m in drawn_marks(app) if m.kind == "text" and m.label.startswith("scatter d10s: ")]
    assert len(legend) == 1, "the map's dice have one legend"
    dice = hazards_of(app.battle).dice_drawn
    assert dice is not None and dice.contains(legend[0].rect), "the legend lies with the dice"
    moved = [w for w, off in zip((match[2], match[4]), thrown.scatter) if off]
    assert legend[0].label == "scatter d10s: " + (", ".join(moved) if moved else "on target")


def test_the_blast_header_gives_its_radius_in_feet(round_one):
    from tactics.rules import explosives as ex

    from ui_driver import drawn_texts

    app = round_one
    aim(app)
    move(app, centre(app, (22, 6)))
    radius = ex.grenade_kind(app.battle.tool.kind).radius_ft
    squares = len(app.battle.tool.affected_cells())
    texts = " ".join(drawn_texts(app))
    assert f"Frag grenade blast: {radius} ft radius ({squares} squares)" in texts, texts


def test_the_gms_declared_throw_is_not_shown_to_the_players():
    """A bear's declared throw is the GM's plan: marked on the GM's view, not on the players'
    (F2), as the GM's attack lines are not."""
    from tactics.engine.combat.team import StartCombat

    from test_ground_audit import to_group as engine_to_group
    from test_ui_hazards import make_app
    from ui_driver import fighter

    app = make_app(fighter("ann", "party", (3, 6)), fighter("bear", "bears", (8, 6)))
    try:
        enc = app.battle.encounter
        enc.submit(StartCombat())
        engine_to_group(enc, "bears:vanguard")
        enc.submit(Declare("bear", Action(act.USE_ITEM, item="grenade", target_cell=(4, 6))))
        app.step()
        px = app.battle.camera.cell_px
        edge, gold = marked(app, (4, 6))
        assert edge >= 2 * px and gold >= px, "the GM sees the bear's declared throw"
        key(app, pygame.K_F2)
        app.step()
        assert app.battle.viewer != "gm"
        edge, gold = marked(app, (4, 6))
        assert edge < px and gold < px // 2, "the players see nothing of the GM's declared throw"
    finally:
        pygame.quit()
