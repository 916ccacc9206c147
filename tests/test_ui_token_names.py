"""Token names and condition words never cover another token; a name with no room shows under the pointer.

Why: at 22 px a square (1280x720, in a fight) the name pills, wider than a square,
were drawn over the neighbours' discs: Bear 2 and Bear 4 could not be seen (an
outside reviewer's finding). Now a name goes under its disc, else above it, else
it is left out and the disc's initials stand for it until the pointer is on it.
"""

from __future__ import annotations

import math

import pygame
import pytest

from tactics.ui import layout_probe as probe
from tactics.ui.theme import px as theme_px
from tactics.ui.app import App
from tactics.ui.opening import open_default

from ui_driver import app_session, centre, click, drawn_marks, key, move


@pytest.fixture
def app():
    yield from app_session(App(open_default(seed=1), size=(1280, 720)), closing=True)


def names_drawn(app: App) -> dict[str, pygame.Rect]:
    marks = drawn_marks(app)
    names = {c.name for c in app.battle.state.on_map()}
    # on the map only: a card's "Art" (the tracker, the side card) is not the token's name
    return {m.label: m.rect for m in marks
            if m.kind == "text" and m.label in names and m.panel in ("map", "")}


def test_in_a_cramped_fight_no_name_covers_a_token_and_the_pointer_names_the_rest(app):
    click(app, app.battle.combat.button_rect("start").center)
    app.battle.combat.banner.collapsed = True  # the Advantages card aside: the whole map in view
    view = app.battle
    assert view.camera.cell_px <= 24  # the cramped case
    drawn = names_drawn(app)
    tokens = {c.name: c for c in view.state.on_map() if view.visible(c)}
    for name, rect in drawn.items():
        for other, who in tokens.items():
            if other != name:
                disc = pygame.Rect(view.camera.cell_rect(who.cell)).inflate(-6, -6)
                assert not rect.colliderect(disc), f"{name}'s name covers {other}"
    words, _ = view.renderer.tokens._names_made
    assert words, "the fight's opening conditions are on the tokens"
    for img, at, text, _, _, owner in words:
        rect = img.get_rect(topleft=at)
        for other in tokens.values():
            if other.id != owner:
                disc = pygame.Rect(view.camera.cell_rect(other.cell)).inflate(-6, -6)
                assert not rect.colliderect(disc), f"{text} of {owner} covers {other.name}"
    unnamed = view.renderer.tokens.unnamed
    # (review 17 N2: at this zoom every name now finds room, a size smaller where it must; the
    # pointer still names any left out)
    assert not unnamed, "every token keeps its name at this zoom"
    assert set(drawn) | {tokens[n].name for n in tokens if tokens[n].id in unnamed} == set(tokens)
    for cid in sorted(unnamed):
        who = view.state.combatants[cid]
        move(app, centre(app, who.cell))
        assert who.name in names_drawn(app), f"the pointer on {who.name} names it"


def test_the_places_worked_out_change_by_change_equal_those_worked_out_afresh():
    """Words and names are placed again only around what changed; that must equal a fresh placing."""
    from tactics.bench import build_scene
    from tactics.engine.board import Place
    from tactics.engine.combat.gm import AdjustHP, ApplyCondition
    from tactics.ui.tokens import TokenPainter

    app = App(build_scene(16, tokens=36, walls=10, area=(0, 0, 16, 16)), size=(1280, 720))
    try:
        app.step()
        view = app.battle
        view.camera.cell_px = 40
        state = view.state
        ids = sorted(state.combatants)
        for n in range(45):
            cid = ids[(n * 7) % len(ids)]
            if n % 3 == 0:
                c, r = state.combatants[cid].cell
                free = [(c + dc, r + dr) for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))
                        if state.map.in_bounds((c + dc, r + dr)) and state.map.move_cost((c + dc, r + dr))
                        and state.at((c + dc, r + dr)) is None]
                if free:
                    view.submit(Place(cid, free[0]))
            elif n % 3 == 1:
                view.submit(AdjustHP(cid, -2))
            else:
                view.submit(ApplyCondition(cid, "Shaken", 2))
            app.step()
            kept = view.renderer.tokens
            fresh = TokenPainter()
            scratch = pygame.Surface(pygame.display.get_surface().get_size())
            scratch.set_clip(view.board_rect())
            fresh.draw(scratch, view.camera, state, view.viewer, view.selected, view.highlighted_tokens())
            assert places(kept) == places(fresh), f"after change {n}"
            assert kept.unnamed == fresh.unnamed
    finally:
        pygame.quit()


def each_window(enc, size):
    """The GM's window and the players' window on ``enc`` at ``size``, drawn once: the camera and
    the token painter of each (the app closes when the last is taken)."""
    gen = app_session(App(enc, size=size))
    app = next(gen)
    try:
        app.players.open(None, fullscreen=False, size=size)
        app.step()
        window = app.players.window
        yield from ((app.battle.camera, app.battle.renderer.tokens), (window.camera, window.renderer.tokens))
    finally:
        gen.close()


def places(painter) -> tuple[list, list]:
    """Where a painter put the words (text, place, whose) and the names (text, place) last frame."""
    words, names = painter._names_made
    return [(m[2], m[1], m[5]) for m in words], [(m[2], m[1]) for m in names]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_condition_beside_a_diagonal_neighbour_sits_on_its_own_disc(size):
    """Review 4, finding 9: Bear 3 (8,5) Entangled, Bear 2 (7,4) diagonally above: Bear 3's "En1"
    floated over its square, level with Bear 2's disc, and read as Bear 2's. Now, on both windows,
    each of Bear 3's words lies across its own disc's rim (over its top, or beside its middle at a small
    zoom) and clearly nearer Bear 3 than Bear 2."""
    from tactics.engine.combat.gm import ApplyCondition
    from tactics.ui.tokens import TOKEN_RADIUS

    from test_ui_combat import space_bears

    enc = space_bears()
    enc.submit(ApplyCondition("bear3", "Entangled", 1, source="gm"))
    for camera, painter in each_window(enc, size):
        bear3 = enc.state.combatants["bear3"]
        cx, cy = camera.cell_centre(bear3.cell)
        radius = int(camera.cell_px * TOKEN_RADIUS)
        words = [m for m in painter._names_made[0] if m[5] == "bear3"]
        assert words, "Bear 3's condition is drawn"
        disc = pygame.Rect(cx - radius, cy - radius, 2 * radius, 2 * radius)
        bear2 = camera.cell_centre(enc.state.combatants["bear2"].cell)
        for img, at, text, *_ in words:
            rect = img.get_rect(topleft=at)
            on_disc = rect.clip(disc)
            assert min(on_disc.size) >= 2, f"{text} floats off Bear 3's disc"
            mine, theirs = math.dist(rect.center, (cx, cy)), math.dist(rect.center, bear2)
            assert mine < theirs * 0.8, f"{text} is about as near Bear 2 ({theirs:.0f} px) as Bear 3 ({mine:.0f})"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_no_condition_word_hides_a_token_s_initials_on_either_window(size):
    """Review 7 (evening), finding 7: on the players' window at 1280x720 (27 px a square, words in
    the room's large type, as tall as a disc) "Sh1 Fl" lay across Art's disc and "Fl" across Bear
    3's: from across the room nobody could tell them apart. Every word now leaves the initials of
    every token, its own included, readable (all but LETTERS_FREE of them)."""
    from tactics.engine.board import Place
    from tactics.engine.combat.gm import ApplyCondition
    from tactics.engine.combat.team import StartCombat
    from tactics.ui.tokens import LETTERS_FREE

    from tactics.ui.opening import open_default

    enc = open_default(seed=7)  # the bundled Space Bears, as the reviewer played it
    for cid, condition, rounds in (("brandon", "Shaken", 1), ("james", "Shaken", 1), ("art", "Shaken", 1),
                                   ("bear1", "Stunned", 1), ("art", "Flat-footed", None),
                                   ("bear3", "Flat-footed", None), ("bear4", "Flat-footed", None)):
        enc.submit(ApplyCondition(cid, condition, rounds, source="gm"))
    enc.submit(Place("bear2", (18, 3)))  # where its charge at James ended, in the reviewer's fight
    enc.submit(StartCombat())  # the banner and the order strip leave the players' map less room
    assert {c.id: c.cell for c in enc.state.on_map()} == {
        "brandon": (15, 2), "james": (17, 4), "art": (16, 6), "bear1": (21, 5), "bear2": (18, 3),
        "bear3": (23, 6), "bear4": (23, 4)}
    for camera, painter in each_window(enc, size):
        px = camera.cell_px
        letters = {}
        for who in enc.state.on_map():
            disc = painter._placed[who.id][4]
            letters[who.name] = painter._initials_box(disc, px)
        for img, at, text, *rest in painter._names_made[0]:
            rect = img.get_rect(topleft=at)
            for name, box in letters.items():
                covered = rect.clip(box)
                share = covered.width * covered.height / (box.width * box.height)
                assert share <= LETTERS_FREE + 1e-9, \
                    f"{size}, {px} px a square: {text!r} ({rest[-1]}) covers {share:.0%} of {name}'s initials"


LONG = "W" * 120  # accepted: the limit is 200


@pytest.fixture
def crowded_long_name(tmp_path):
    """A room where a 120-letter name stands between two others, a square apart."""
    from tactics.engine.core.encounter import load_encounter

    (tmp_path / "room.txt").write_text(("." * 16 + "\n") * 8)
    (tmp_path / "long.encounter.toml").write_text(
        'name = "Long"\nmap = "room.txt"\n[teams.party]\nname = "Party"\ncolour = [70, 140, 230]\n'
        '[teams.foes]\nname = "Foes"\ncolour = [220, 80, 60]\n'
        + "".join(f'[[combatants]]\nid = "{cid}"\nname = "{name}"\nteam = "{team}"\nsheet = "space_bear"\n'
                  f'cell = [{x}, 3]\n' for cid, name, team, x in
                  (("a", "Ann", "party", 5), ("w", LONG, "party", 7), ("j", "Jürgen", "foes", 9))))
    yield from app_session(App(load_encounter(tmp_path / "long.encounter.toml"), size=(1280, 720)), closing=True)


def test_a_long_name_is_cut_with_an_ellipsis_on_its_token_selected_or_not(crowded_long_name):
    """Review 8 robust B: a 120-letter name had no label at all unselected (no room anywhere) and,
    selected, one pill wider than the window over the panels, the other tokens and the status bar.
    Its pill is now at most three squares wide (or 12 letters' heights), cut with an ellipsis,
    the same selected or not; the status line cuts the name, never the help after it."""
    app = crowded_long_name
    view = app.battle
    px = view.camera.cell_px
    room = max(3 * px, 12 * max(15, min(theme_px(24), px * 0.3)))

    def long_pill():
        rec = probe.start()
        try:
            app.draw()
        finally:
            probe.stop()
        return [m for m in rec.on(pygame.display.get_surface()) if m.kind == "text" and m.label.startswith("WWW")]

    for selected in (False, True):
        if selected:
            click(app, centre(app, (7, 3)))
            assert view.selected == "w"
        x = centre(app, (7, 3))[0]
        pills = [m for m in long_pill() if abs(pygame.Rect(m.rect).centerx - x) <= 2 and m.rect.bottom < app.size[1] - 40]
        assert len(pills) == 1, f"selected={selected}: the name is on its token"
        pill = pills[0]
        assert pill.label.endswith("…") and len(pill.label) < 40
        assert pill.rect.width <= room + px  # (the pill's padding)
        assert view.board_rect().contains(pill.rect)
    hint = view.tool.status()
    drawn = [m for m in long_pill() if m.rect.top >= app.size[1] - 40]  # the status line
    assert len(drawn) == 1 and drawn[0].label.startswith("WWW") and "…: run 30 ft (blue)" in drawn[0].label
    assert hint.startswith(LONG) and drawn[0].label.endswith("Esc to deselect.")  # the help whole


def test_neighbours_mended_after_moves_are_those_found_afresh() -> None:
    """After tokens move, their neighbour lists are mended (tokens._moved, with the squares kept by
    row) instead of found again for all: each token's neighbours must be those a fresh search
    finds, or a name would be placed over a disc it no longer knows is beside it."""
    import random

    from tactics.ui.tokens import _moved, _neighbours

    rng = random.Random(11)
    for _ in range(40):
        cells = rng.sample([(c, r) for c in range(30) for r in range(20)], rng.randrange(2, 120))
        px, widest = rng.choice([(28, 90), (16, 200), (40, 60)])
        rows: dict = {}
        near = _neighbours(cells, px, widest, rows)
        for _ in range(5):
            free = [(c, r) for c in range(30) for r in range(20) if (c, r) not in set(cells)]
            moved = rng.sample(range(len(cells)), rng.randrange(1, min(4, len(cells)) + 1))
            was = {i: cells[i] for i in moved}
            for i, cell in zip(moved, rng.sample(free, len(moved))):
                cells[i] = cell
            near = _moved(near, cells, moved, px, widest, rows, was)
            assert [sorted(n) for n in near] == [sorted(n) for n in _neighbours(cells, px, widest)]


def test_a_selected_name_hemmed_in_hides_no_disc_where_it_can_go_elsewhere():
    """Review10late finding 2: at 28 px a square the selected "Art" had no free place (Bear 4
    below; above, its pill, wider than a square, touched Bear 2's disc or name up beside it) and
    went under its disc anyway, over Bear 4's disc and hit points. A name that must show now takes the place
    covering least, a disc weighing most: here a size smaller, or above, and Bear 4 shows."""
    from tactics.engine.core.encounter import Encounter
    from tactics.maps.battlemap import BattleMap

    definition = {"name": "Hemmed in", "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
                  "combatants": [{"id": "art", "name": "Art", "team": "party", "cell": [5, 5], "hp": 20},
                                 {"id": "bear4", "name": "Bear 4", "team": "bears", "cell": [5, 6], "hp": 30},
                                 {"id": "bear2", "name": "Bear 2", "team": "bears", "cell": [4, 4], "hp": 30}]}
    enc = Encounter(definition, BattleMap.from_text("\n".join(["." * 12] * 12), name="Room"), seed=1)
    for app in app_session(App(enc, size=(1280, 720)), closing=True):
        view = app.battle
        view.camera.cell_px = 28
        click(app, centre(app, (5, 5)))
        assert view.selected == "art"
        drawn = names_drawn(app)
        assert "Art" in drawn, "the selected token keeps its name"
        bear4 = pygame.Rect(view.camera.cell_rect(view.state.combatants["bear4"].cell)).inflate(-6, -6)
        assert not drawn["Art"].colliderect(bear4), "Art's name covers Bear 4's disc"


def test_a_name_that_must_show_never_lies_on_another_token():
    """Review 13 F6: Bear 3, between the downed James above and Bear 4 below, in a template's area
    (its name must show), had its name drawn across a neighbour's disc: at a glance that token was
    "Bear 3". It never lies on another disc: here it goes beside its own."""
    from tactics.engine.core.encounter import Encounter
    from tactics.maps.battlemap import BattleMap

    column = [("james", "James", 4, 0), ("bear3", "Bear 3", 5, 30), ("bear4", "Bear 4", 6, 30)]
    definition = {"name": "Column", "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
                  "combatants": [{"id": cid, "name": name, "team": "party" if cid == "james" else "bears",
                                  "cell": [5, row], "hp": hp} for cid, name, row, hp in column]}
    enc = Encounter(definition, BattleMap.from_text("\n".join(["." * 12] * 10), name="Room"), seed=1)
    for app in app_session(App(enc, size=(1280, 720)), closing=True):
        view = app.battle
        view.camera.cell_px = 40
        key(app, pygame.K_b)  # a radius template over all three: every name must show
        move(app, centre(app, (7, 5)))
        move(app, centre(app, (6, 5)))  # beside Bear 3, not on it
        assert view.highlighted_tokens() == {"james", "bear3", "bear4"}
        drawn = names_drawn(app)
        for name, rect in drawn.items():
            for who in view.state.on_map():
                disc = pygame.Rect(view.camera.cell_rect(who.cell)).inflate(-6, -6)
                assert who.name == name or not rect.colliderect(disc), f"{name}'s name lies on {who.name}"
        # above and below are taken: the name goes beside its disc, on the free floor (recheck NEW-G)
        disc = pygame.Rect(view.camera.cell_rect((5, 5)))
        assert "Bear 3" in drawn and abs(drawn["Bear 3"].centery - disc.centery) <= 2
        assert drawn["Bear 3"].left >= disc.right or drawn["Bear 3"].right <= disc.left


def test_a_name_keeps_off_a_trap_marker_the_viewer_sees_and_never_moves_for_a_hidden_one():
    """A name under its token had sat on the marker of a spotted trap in the square below. Now a
    name keeps off the markers of the traps its viewer sees, as off a disc; on the players' view a
    hidden trap moves no name (where a name sits must not tell the players of a trap, R-TRAP-6)."""
    from tactics.engine.core.encounter import Encounter
    from tactics.engine.hazards.commands import PlaceTrap
    from tactics.maps.battlemap import BattleMap

    definition = {"name": "Hall", "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
                  "combatants": [{"id": "art", "name": "Art", "team": "party", "cell": [3, 3], "hp": 20},
                                 {"id": "bear4", "name": "Bear 4", "team": "bears", "cell": [8, 3], "hp": 30}]}
    enc = Encounter(definition, BattleMap.from_text("\n".join(["." * 12] * 12), name="Room"), seed=1)
    assert enc.submit(PlaceTrap("simple_mechanical", (3, 4), hidden=False))  # known to all, under Art
    assert enc.submit(PlaceTrap("simple_mechanical", (8, 4)))  # hidden, under Bear 4
    for app in app_session(App(enc, size=(1280, 720)), closing=True):
        view = app.battle
        view.camera.cell_px = 40
        app.step()

        def marker(cell, camera=view.camera) -> pygame.Rect:
            return pygame.Rect(camera.cell_rect(cell)).inflate(-10, -10)

        gm = names_drawn(app)
        assert not gm["Art"].colliderect(marker((3, 4))), "Art's name covers the known trap"
        assert not gm["Bear 4"].colliderect(marker((8, 4))), "the GM sees the hidden trap: kept clear too"
        key(app, pygame.K_F2)  # the players' view
        players = names_drawn(app)
        assert not players["Art"].colliderect(marker((3, 4)))
        bear_below = pygame.Rect(view.camera.cell_rect((8, 3)))
        assert players["Bear 4"].top >= bear_below.centery, "Bear 4's name stays under it: no hint of the trap"


def test_a_name_with_no_place_off_the_other_discs_is_left_out_and_the_pointer_names_it():
    """Review 13 F6: hemmed in on all four sides, the name that must show is left out, never drawn
    on a neighbour; the disc's initials and the pointer name it."""
    from tactics.engine.core.encounter import Encounter
    from tactics.maps.battlemap import BattleMap

    plus = [("mid", "Bear 3", (5, 5)), ("up", "James", (5, 4)), ("down", "Bear 4", (5, 6)),
            ("left", "Bear 5", (4, 5)), ("right", "Bear 6", (6, 5))]
    definition = {"name": "Plus", "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
                  "combatants": [{"id": cid, "name": name, "team": "party" if cid == "up" else "bears",
                                  "cell": list(cell), "hp": 30} for cid, name, cell in plus]}
    enc = Encounter(definition, BattleMap.from_text("\n".join(["." * 12] * 10), name="Room"), seed=1)
    for app in app_session(App(enc, size=(1280, 720)), closing=True):
        view = app.battle
        view.camera.cell_px = 40
        key(app, pygame.K_b)
        move(app, centre(app, (7, 3)))
        move(app, centre(app, (6, 4)))  # diagonal to Bear 3, on no token
        assert "mid" in view.highlighted_tokens()
        drawn = names_drawn(app)
        for name, rect in drawn.items():
            for who in view.state.on_map():
                disc = pygame.Rect(view.camera.cell_rect(who.cell)).inflate(-6, -6)
                assert who.name == name or not rect.colliderect(disc), f"{name}'s name lies on {who.name}"
        assert "Bear 3" not in drawn and "mid" in view.renderer.tokens.unnamed
        move(app, centre(app, (5, 5)))
        assert "Bear 3" in names_drawn(app), "the pointer on Bear 3 names it"
