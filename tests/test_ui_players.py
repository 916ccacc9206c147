"""The players' window: what it draws, how it follows the GM, and whose clicks reach whom.

What is tested:
* hidden information (R-TRAP-6, hidden creatures): for random encounters with
  hidden traps and hidden creatures at random squares, the players' window
  draws exactly the same pixels as for the same encounter with those things
  removed, while the GM's view differs on those squares. A deliberately
  careless layer that draws every trap whatever the viewer is added, so the
  test shows the players' window is safe even from a layer that forgets to
  check the viewer (and the real hazards layer is loaded when it exists);
* fog: squares no player token can see (walls) are darkened, creatures there hidden;
* follow / free camera, and the physical scale staying put when the GM zooms;
* routing: a click in the players' window never reaches the GM's tools or
  buttons, and the GM's clicks never reach the players' window's button; a key
  the players' window does not use is the GM's shortcut (one keyboard: the GM's);
* fullscreen on display N through a fake display seam (the test machine has one).
"""

from __future__ import annotations

import importlib
import random

import pygame
import pytest

from tactics.engine.core.encounter import Encounter
from tactics.maps.battlemap import BattleMap
from tactics.ui.app import App
from tactics.ui.opening import open_default
from tactics.ui.players.displays import Displays, Placement
from tactics.ui.players.scale import Calibration
from tactics.ui.players.seen import fog_cells, hidden_things, players_state
from tactics.ui.render import TRAPS_Z, DrawContext, add_layer, remove_layer

from ui_driver import app_session, click_settled as click, key_settled as key, post_settled as post

SIZE = (1280, 720)
PLAYERS_SIZE = (960, 600)
TRAP_KINDS = ["simple_mechanical", "frag_mine", "stealth_mine", "snare", "stun_mine"]

try:  # the real traps layer, when the hazards tools are in
    importlib.import_module("tactics.ui.layers.hazards")
except ImportError:
    pass


def careless_traps_layer(ctx: DrawContext) -> None:
    """A buggy layer: draws every trap in the state it is given, whoever looks."""
    for trap in ctx.state.traps.values():
        x, y, w, h = ctx.camera.cell_rect(trap.cell)
        pygame.draw.rect(ctx.surface, (255, 0, 255), (x + 4, y + 4, w - 8, h - 8))


@pytest.fixture
def careless_layer():
    add_layer(TRAPS_Z + 1, "test-careless-traps", careless_traps_layer)
    yield
    remove_layer("test-careless-traps")


def random_encounter(rng: random.Random, *, with_secrets: bool = True) -> tuple[dict, BattleMap, dict]:
    """A random room with a few wall squares, two party tokens, visible and hidden foes, hidden traps."""
    w, h = rng.randint(12, 18), rng.randint(9, 12)
    rows = [["." for _ in range(w)] for _ in range(h)]
    for _ in range(rng.randint(0, 8)):
        rows[rng.randrange(h)][rng.randrange(w)] = "#"
    battle_map = BattleMap.from_text("\n".join("".join(r) for r in rows), name="Random room")
    free = [(c, r) for r in range(h) for c in range(w) if rows[r][c] == "."]
    rng.shuffle(free)
    spots = iter(free)
    combatants = [
        {"id": "brandon", "name": "Brandon", "team": "party", "cell": list(next(spots)), "hp": 20},
        {"id": "james", "name": "James", "team": "party", "cell": list(next(spots)), "hp": 18},
        {"id": "bear1", "name": "Bear 1", "team": "bears", "cell": list(next(spots)), "hp": 30},
    ]
    secrets = {"creatures": [], "traps": []}
    for i in range(rng.randint(1, 3)):
        cell = next(spots)
        combatants.append({"id": f"lurker{i}", "name": f"Lurker {i}", "team": "bears", "cell": list(cell),
                           "hp": 12, "hidden": True})
        secrets["creatures"].append(cell)
    traps = []
    for i in range(rng.randint(1, 3)):
        cell = next(spots)
        traps.append({"id": f"t{i}", "kind": rng.choice(TRAP_KINDS), "cell": list(cell)})
        secrets["traps"].append(cell)
    known = next(spots)
    traps.append({"id": "known", "kind": "simple_mechanical", "cell": list(known), "hidden": False})
    definition = {
        "name": "Random",
        "teams": {"party": {"name": "Party", "players": True, "colour": [70, 140, 230]},
                  "bears": {"name": "Bears", "colour": [220, 80, 60]}},
        "combatants": combatants,
        "traps": traps,
    }
    return definition, battle_map, secrets


def without_secrets(definition: dict) -> dict:
    clean = dict(definition)
    clean["combatants"] = [c for c in definition["combatants"] if not c.get("hidden")]
    clean["traps"] = [t for t in definition["traps"] if t.get("hidden", True) is False]
    return clean


def picture(surface: pygame.Surface, rect=None) -> bytes:
    part = surface.subsurface(pygame.Rect(rect).clip(surface.get_rect())) if rect is not None else surface
    return pygame.image.tobytes(part, "RGB")


@pytest.fixture
def app():
    yield from app_session(App(make_encounter(), size=SIZE), closing=True)


ROOM = """
................
................
......#.........
......#.........
......#.........
......#.........
................
................
"""


def make_encounter(hidden_bear: bool = False) -> Encounter:
    definition = {
        "name": "Test fight",
        "teams": {"party": {"name": "Party", "players": True, "colour": [70, 140, 230]},
                  "bears": {"name": "Bears", "colour": [220, 80, 60]}},
        "combatants": [
            {"id": "brandon", "name": "Brandon", "team": "party", "cell": [2, 3], "hp": 20},
            {"id": "bear1", "name": "Bear 1", "team": "bears", "cell": [10, 3], "hp": 30, "hidden": hidden_bear},
        ],
    }
    return Encounter(definition, BattleMap.from_text(ROOM, name="Room"), seed=1)


# --------------------------------------------------------------------------- hidden information
def test_players_window_draws_nothing_of_hidden_traps_or_creatures(careless_layer) -> None:
    """R-TRAP-6 and hidden creatures: pixel for pixel, the secrets leave no trace on the players' window."""
    rng = random.Random(20261129)
    for round_no in range(10):
        definition, battle_map, secrets = random_encounter(rng)
        fog = round_no % 2 == 1
        app = App(Encounter(definition, battle_map, seed=round_no), size=SIZE)
        try:
            pw = app.players.open(size=PLAYERS_SIZE)
            pw.set_fog(fog)
            found = hidden_things(app.battle.state)
            assert sorted(found["creatures"]) == sorted(secrets["creatures"])
            assert sorted(found["traps"]) == sorted(secrets["traps"])
            with_them = pygame.Surface(PLAYERS_SIZE)
            pw.render(with_them)
            gm_with = pygame.Surface(SIZE)
            app.battle.renderer.draw(gm_with, app.battle.camera, app.battle.state, "gm")
            gm_camera = app.battle.camera
            cam = pw.camera

            app.use_encounter(Encounter(without_secrets(definition), battle_map, seed=round_no), "clean")
            app.battle.camera = gm_camera
            without = pygame.Surface(PLAYERS_SIZE)
            pw.render(without)
            assert (pw.camera.cell_px, pw.camera.origin_x, pw.camera.origin_y) == (cam.cell_px, cam.origin_x,
                                                                                    cam.origin_y)
            gm_without = pygame.Surface(SIZE)
            app.battle.renderer.draw(gm_without, app.battle.camera, app.battle.state, "gm")

            assert picture(with_them) == picture(without), f"encounter {round_no}: a secret shows"
            for cell in secrets["creatures"] + secrets["traps"]:
                rect = app.battle.camera.cell_rect(cell)
                assert picture(gm_with, rect) != picture(gm_without, rect), f"GM sees nothing at {cell}"
        finally:
            app._addons("closing")
            pygame.quit()


def test_players_state_leaves_out_secrets_and_keeps_the_known() -> None:
    definition, battle_map, secrets = random_encounter(random.Random(5))
    state = Encounter(definition, battle_map, seed=1).state
    state.notes.append("the bears are scared of fire")
    seen = players_state(state)
    assert all(not c.hidden for c in seen.combatants.values())
    assert set(seen.traps) == {"known"}
    assert seen.notes == []
    assert len(state.traps) == len(secrets["traps"]) + 1  # the GM's state is untouched
    assert state.notes


# --------------------------------------------------------------------------- fog
def test_fog_darkens_what_no_player_token_sees_and_hides_creatures_there(app) -> None:
    state = app.battle.state
    fog = fog_cells(state)
    assert (2, 3) not in fog and (3, 3) not in fog
    assert (7, 3) in fog  # right behind the wall from Brandon at (2, 3)
    assert (7, 7) not in fog  # seen past the wall's lower end
    assert (10, 3) in fog
    pw = app.players.open(size=PLAYERS_SIZE)
    plain = pygame.Surface(PLAYERS_SIZE)
    pw.render(plain)
    pw.set_fog(True)
    fogged = pygame.Surface(PLAYERS_SIZE)
    pw.render(fogged)
    x, y = pw.camera.cell_centre((7, 3))
    assert sum(fogged.get_at((x, y))[:3]) < sum(plain.get_at((x, y))[:3]) * 0.5
    x, y = pw.camera.cell_centre((0, 0))
    assert fogged.get_at((x, y)) == plain.get_at((x, y))
    assert "bear1" in players_state(state).combatants
    assert "bear1" not in pw.drawn_state.combatants  # behind the wall: not drawn with fog on


def test_fog_keeps_a_foe_out_of_sight_off_the_players_window() -> None:
    """N-FOG-1: with fog on, another team's creature no player token sees is not drawn."""
    enc = make_encounter()
    enc.definition["combatants"][1]["cell"] = [7, 7]
    enc = Encounter(enc.definition, enc.map, seed=1)
    seen = players_state(enc.state, fog=fog_cells(enc.state))
    assert "bear1" in seen.combatants  # in sight past the wall's end
    enc.definition["combatants"][1]["cell"] = [7, 3]
    enc = Encounter(enc.definition, enc.map, seed=1)
    seen = players_state(enc.state, fog=fog_cells(enc.state))
    assert "bear1" not in seen.combatants and "brandon" in seen.combatants


# --------------------------------------------------------------------------- camera and scale
def test_follow_mode_tracks_the_gm_camera_and_free_mode_stays(app) -> None:
    pw = app.players.open(size=PLAYERS_SIZE)
    app.step()
    board = app.battle.board_rect()
    before = (pw.camera.origin_x, pw.camera.origin_y)
    app.battle.camera.pan(-140, 0)
    app.dirty = True
    app.step()
    assert pw.camera.origin_x < before[0]  # followed the GM's pan
    key(app, pygame.K_g, window=pw.window)
    assert pw.follow is False
    stay = (pw.camera.origin_x, pw.camera.origin_y, pw.camera.cell_px)
    app.battle.camera.zoom_at(board.center, 3)
    app.battle.camera.pan(200, 50)
    app.dirty = True
    app.step()
    assert (pw.camera.origin_x, pw.camera.origin_y, pw.camera.cell_px) == stay


def test_calibrated_square_keeps_its_physical_size_when_the_gm_zooms(app) -> None:
    pw = app.players.open(size=PLAYERS_SIZE)
    calibration = Calibration.from_text("1 in", "300 mm", PLAYERS_SIZE[0])
    assert calibration.cell_px() == round(25.4 * PLAYERS_SIZE[0] / 300)
    pw.calibrate(calibration)
    app.step()
    board = app.battle.board_rect()
    for steps in (3, -5, 2):
        post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=board.center, rel=(0, 0), buttons=(0, 0, 0)),
             pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=steps, precise_x=0.0, precise_y=float(steps),
                                flipped=False))
        assert pw.camera.cell_px == calibration.cell_px()
    gm_px = app.battle.camera.cell_px
    pw.calibrate(None)
    app.dirty = True
    app.step()
    assert pw.camera.cell_px != calibration.cell_px() or gm_px == calibration.cell_px()


def test_calibration_from_what_the_gm_types() -> None:
    assert Calibration.from_text("1 in", "96 dpi", 0).cell_px() == 96
    assert Calibration.from_text("25 mm", "96 dpi", 0).cell_px() == round(25 * 96 / 25.4)
    assert Calibration.from_text("2.5cm", "1210 mm", 3840).cell_px() == round(25 * 3840 / 1210)
    assert Calibration.from_text("1", "47.6 in", 1920).cell_px() == round(1920 / 47.6)
    from tactics.ui.players.scale import CalibrationError

    with pytest.raises(CalibrationError, match="one square"):
        Calibration.from_text("big", "96 dpi", 0)
    with pytest.raises(CalibrationError, match="unit"):
        Calibration.from_text("1 ft", "96 dpi", 0)
    with pytest.raises(CalibrationError, match="more than zero"):
        Calibration.from_text("0 mm", "96 dpi", 0)


@pytest.mark.parametrize("square, screen", [("1 in", "inf dpi"), ("1 in", "nan dpi"), ("1 in", "1e300 dpi"),
                                            ("1 in", "0.0001 in"), ("1 in", "-5 dpi"), ("900 mm", "96 dpi"),
                                            ("10 cm", "2000 dpi")])
def test_calibration_refuses_what_no_screen_can_mean(square: str, screen: str) -> None:
    """An outside reviewer typed ``inf dpi`` and the window crashed (OverflowError); ``0.0001 in``
    made one square 10,240,000 px. Each is a one-line refusal naming the box."""
    from tactics.ui.players.scale import CalibrationError

    with pytest.raises(CalibrationError, match="pixels per inch|screen width|one square"):
        Calibration.from_text(square, screen, 1920).describe()


# --------------------------------------------------------------------------- routing
def test_a_click_in_the_players_window_never_reaches_the_gm(app) -> None:
    pw = app.players.open(size=PLAYERS_SIZE)
    app.step()
    ruler = next(b for b, (_, name) in app.toolbar.buttons.items() if name == "ruler")
    # The ruler button's spot, and Brandon's square, clicked in the players' window.
    click(app, ruler.rect.center, window=pw.window)
    assert app.battle.tool.name == "select"
    click(app, app.battle.camera.cell_centre((2, 3)), window=pw.window)
    assert app.battle.selected is None
    assert not ruler.hovered
    # The same clicks in the GM's window do reach the GM.
    click(app, app.battle.camera.cell_centre((2, 3)))
    assert app.battle.selected == "brandon"
    click(app, ruler.rect.center)
    assert app.battle.tool.name == "ruler"


def test_a_key_the_players_window_does_not_use_is_the_gms_shortcut(app) -> None:
    """Review 13 F5: the players' window took the keyboard when it opened (Ctrl+P mid-fight, or
    --players-window) and E, Enter, Ctrl+Z pressed there went nowhere, without a word."""
    pw = app.players.open(size=PLAYERS_SIZE)
    app.step()
    key(app, pygame.K_r, text="r", window=pw.window)  # R: the GM's ruler
    assert app.battle.tool.name == "ruler"
    following = pw.follow
    key(app, pygame.K_g, text="g", window=pw.window)  # G: the players' window's own (follow the GM)
    assert pw.follow is not following and app.battle.tool.name == "ruler"  # not the GM's Grenade tool


def test_a_click_in_the_gm_window_never_reaches_the_players_window(app) -> None:
    pw = app.players.open(size=PLAYERS_SIZE)
    app.step()
    spot = pw.follow_button.rect.center
    click(app, spot)  # the GM's window, at the players' button's coordinates
    assert pw.follow is True
    click(app, spot, window=pw.window)
    assert pw.follow is False
    key(app, pygame.K_g)  # G in the GM's window is not the players' window's key
    assert pw.follow is False


def test_hover_in_one_window_does_not_light_up_the_other(app) -> None:
    pw = app.players.open(size=PLAYERS_SIZE)
    ruler = next(b for b, (_, name) in app.toolbar.buttons.items() if name == "ruler")
    post(app, pygame.event.Event(pygame.WINDOWLEAVE),  # the GM's window
         pygame.event.Event(pygame.MOUSEMOTION, pos=ruler.rect.center, rel=(1, 1), buttons=(0, 0, 0),
                            window=pw.window))
    assert not ruler.hovered
    assert not app.ui.pointer_inside and pw.ui.pointer_inside


def test_closing_the_players_window_keeps_the_game(app) -> None:
    pw = app.players.open(size=PLAYERS_SIZE)
    post(app, pygame.event.Event(pygame.WINDOWCLOSE, window=pw.window))
    assert app.players.window is None and app.running
    key(app, pygame.K_p, mod=pygame.KMOD_LCTRL)
    assert app.players.window is not None


def test_players_window_redraws_only_when_something_changed(app) -> None:
    pw = app.players.open(size=PLAYERS_SIZE)
    app.step()
    frames = pw.frames
    for _ in range(5):
        app.step()
    assert pw.frames == frames
    click(app, app.battle.camera.cell_centre((2, 3)))
    click(app, app.battle.camera.cell_centre((3, 4)))  # Brandon moves
    assert app.battle.state.combatants["brandon"].cell == (3, 4)
    assert pw.frames > frames
    assert pw.drawn_state.combatants["brandon"].cell == (3, 4)


# --------------------------------------------------------------------------- displays
class FakeDisplays(Displays):
    def __init__(self, sizes) -> None:
        self._sizes = sizes
        self.opened: list[Placement] = []

    def sizes(self):
        return list(self._sizes)

    def open_window(self, title, size, placement):
        self.opened.append(placement)
        return pygame.Window(title, size)


def test_players_window_opens_on_the_chosen_display(app) -> None:
    fake = FakeDisplays([(1920, 1080), (3840, 2160), (1280, 720)])
    app.players.displays = fake
    pw = app.players.open(2, size=PLAYERS_SIZE)
    assert fake.opened[-1] == Placement(1, (3840, 2160))
    assert pw.message == ""
    pw = app.players.open(7, size=PLAYERS_SIZE)
    assert fake.opened[-1].index == 2 and "no display 7" in fake.opened[-1].note
    assert "no display 7" in app.battle.message[0]
    app.players.open(None, size=PLAYERS_SIZE)
    assert fake.opened[-1].index == 2  # by default the last screen: usually the TV


def test_room_style_names_are_large(app) -> None:
    from tactics.ui.players.style import room_label_size
    from tactics.ui.tokens import label_size

    assert all(room_label_size(px) > label_size(px) for px in (20, 40, 70, 120))


# --------------------------------------------------------------------------- command line
def test_cli_opens_the_players_window_beside_a_screenshot(tmp_path) -> None:
    """``--players-window`` (and ``--display N``) open it at start; with --screenshot both are saved."""
    from tactics.cli import build_parser, main

    help_text = build_parser().format_help()
    assert "--players-window" in help_text and "--display" in help_text and "--script" not in help_text
    out = tmp_path / "shot.png"
    assert main(["--screenshot", str(out), "--size", "800x600", "--players-window", "--display", "9"]) == 0
    players = pygame.image.load(str(tmp_path / "shot-players.png"))
    assert players.get_width() > 0 and pygame.image.load(str(out)).get_size() == (800, 600)
    pygame.quit()


def test_cli_names_the_last_good_autosave_when_a_save_is_refused(tmp_path, capsys) -> None:
    from tactics.cli import main
    from tactics.engine.saves.autosave import Autosaver
    from tactics.engine.board import Walk

    broken = tmp_path / "night.tactics.json"
    enc = make_encounter()
    enc.source = str(broken)  # the game played from that save, autosaved as its own (the one to name)
    saver = Autosaver(enc, tmp_path / "autosave")
    enc.submit(Walk("brandon", [(3, 3)]))
    broken.write_text('{"format": "tactics-encounter", "version": 1, "seed": ')
    import os

    old = os.environ.get("TACTICS_DATA_DIR")
    os.environ["TACTICS_DATA_DIR"] = str(tmp_path)
    try:
        assert main([str(broken)]) == 2
    finally:
        if old is not None:
            os.environ["TACTICS_DATA_DIR"] = old
    err = capsys.readouterr().err
    assert "night.tactics.json: line 1" in err
    assert str(saver.last_path) in err
    assert broken.read_text().endswith('"seed": ')


def test_calibration_typed_in_the_table_dialog_uses_the_screen_s_pixels(app) -> None:
    fake = FakeDisplays([(1920, 1080), (3840, 2160)])
    app.players.displays = fake
    pw = app.players.open(2, size=PLAYERS_SIZE)
    key(app, pygame.K_t, mod=pygame.KMOD_LCTRL)
    assert app.table.window is not None
    app.table.entries["square"].set_text("1 in")
    app.table.entries["screen"].set_text("1210 mm")  # a 55 inch 4K TV is about 1210 mm wide
    apply = next(b for b, action in app.table.actions.items() if b.text == "Apply")
    post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=apply.rect.center, rel=(1, 1), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=apply.rect.center, button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=apply.rect.center, button=1))
    assert pw.calibration is not None
    assert pw.camera.cell_px == round(25.4 * 3840 / 1210) == 81
    assert "= 81 px" in app.table.status.text
    pw.set_fullscreen(True)  # the dummy driver may refuse: then a message, never a crash
    assert pw.fullscreen or "not available" in pw.message


def test_an_impossible_dpi_typed_in_the_table_dialog_is_refused_on_its_line(app) -> None:
    pw = app.players.open(1, size=PLAYERS_SIZE)
    key(app, pygame.K_t, mod=pygame.KMOD_LCTRL)
    app.table.entries["square"].set_text("1 in")
    app.table.entries["screen"].set_text("inf dpi")
    apply = next(b for b, action in app.table.actions.items() if b.text == "Apply")
    post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=apply.rect.center, rel=(1, 1), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=apply.rect.center, button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=apply.rect.center, button=1))
    assert app.running and pw.calibration is None
    assert "pixels per inch: type a value from 10 to 2000 dpi" in app.table.status.text


@pytest.mark.parametrize("gm_size", [(1280, 720), (3840, 2160)])
def test_the_players_window_button_is_drawn_at_its_own_scale(gm_size) -> None:
    """Review 13 F12: with the GM's window at 4K the players' window's button got the GM's type,
    twice the size: "Following the" cut off at its window's right edge."""
    for app in app_session(App(open_default(seed=1), size=gm_size), closing=True):
        pw = app.players.open(size=(1024, 768))
        app.step()
        button = pw.follow_button
        width, height = button.font.size(button.text)
        assert width <= button.rect.width - 8 and height <= button.rect.height
        assert pw.window.size[0] - 16 <= button.rect.right <= pw.window.size[0]
