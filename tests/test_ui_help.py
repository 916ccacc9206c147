"""F1 lists every shortcut a GM needs; Tab is the starship screen, F2 the players' preview."""

import pygame

from tactics.engine.core.encounter import Encounter
from tactics.maps import BattleMap
from tactics.ui import theme
from tactics.ui.app import App
from tactics.ui.panels.help import HelpScreen, shortcut_rows
from tactics.ui.tools.registry import TOOL_CLASSES


def _key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    app.step()


def test_help_card_names_the_keys_of_every_part_of_the_app():
    keys = {k for k, _ in shortcut_rows(TOOL_CLASSES)}
    for needed in ("Tab", "F2", "Ctrl+Z / Ctrl+Y", "Ctrl+S, Ctrl+Shift+S", "Ctrl+P", "Ctrl+T", "Enter", "E",
                   "Ctrl+E", "K (grenade tool)", "Esc", "F11",
                   "Right click a token (GM)", "A", "Enter / Del"):  # the GM's token menu, Set up's keys (review 5)
        assert needed in keys, f"F1 does not mention {needed}"
    for tool in TOOL_CLASSES:
        if tool.key_label:
            assert tool.key_label in keys


def test_f1_opens_the_card_tab_swaps_screens_f2_previews_players():
    definition = {"name": "Room", "teams": {"party": {"name": "Party", "players": True}},
                  "combatants": [{"id": "a", "name": "Ann", "team": "party", "cell": [1, 1]}]}
    app = App(Encounter(definition, BattleMap.from_text("....\n....\n"), seed=1), size=(1280, 720))
    try:
        app.step()
        _key(app, pygame.K_F1)
        assert isinstance(app.top, HelpScreen)
        _key(app, pygame.K_ESCAPE)
        assert not isinstance(app.top, HelpScreen)
        _key(app, pygame.K_F2)
        assert app.battle.viewer == "players"
        _key(app, pygame.K_F2)
        assert app.battle.viewer == "gm"
        _key(app, pygame.K_TAB)
        assert app.screens[0] is not app.battle, "Tab should show the starship screen"
        _key(app, pygame.K_TAB)
        assert app.screens[0] is app.battle
    finally:
        pygame.quit()


def test_help_card_fits_every_common_window_size():
    pygame.init()
    theme.reset_caches()  # fonts cached by an earlier test's pygame session are gone
    try:
        card = HelpScreen(app=None, tools=TOOL_CLASSES)
        for w, h in ((1280, 720), (1600, 900), (1920, 1080), (1366, 768)):
            size, line, columns, key_w, text_w, placed, body_h = card._layout(w, h)
            old = theme.set_scale((w, h))  # the card's margins are in this window's UI scale
            px = theme.px
            assert body_h + px(90) <= h - px(20), f"the F1 card overflows a {w}x{h} window"
            assert columns * (key_w + text_w + px(30)) + px(40) <= w
            assert size >= 11
            theme.set_scale(old)
    finally:
        pygame.quit()


def test_help_card_says_what_hot_seat_is_here():
    """Review 7 (solo play), finding G: F1 named hot seat only beside E; two players on one
    laptop expected secrets. It says plainly: one trusted screen, no per-team view."""
    rows = dict(shortcut_rows(TOOL_CLASSES))
    assert "no per-team view" in rows["Hot seat"] and "hand-over" in rows["Hot seat"]
    assert "party's view" in rows["GM's view / F2"] and "everything" in rows["GM's view / F2"]
