"""F1 lists, for each screen, the keys that work there.

What is tested, through the real app headless on the bundled pirate corvette: F1 on the battle
map shows the battle map's card (its tools, the map, the fight with its log's Ctrl+E and Page
Up / Down, the table) and no key of the starship screen but Tab; F1 on the starship screen shows
that screen's card: its posts, its dialogs and a section named for its space log (Page Up / Down,
the wheel, Ctrl+E), the table's keys, and none of the battle map's tools, templates or fight
keys. The space log's keys on that card do what it says there (Page Up scrolls the space log,
Ctrl+E writes the log), and the card of each screen fits the window.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.assets import bundled
from tactics.engine.core.encounter import load_encounter
from tactics.engine.starship.commands import EndPhase, StartSpaceCombat
from tactics.ui import layout_probe as probe
from tactics.ui.app import App
from tactics.ui.panels.help import HelpScreen, shortcut_sections
from tactics.ui.tools.registry import TOOL_CLASSES

from test_ui_starship import starship
from ui_driver import app_session, drawn_marks, key

pytestmark = pytest.mark.usefixtures("data_dir")

SPACE_LOG = "Starship screen: the space log"


def corvette():
    return load_encounter(bundled("pirate-corvette.encounter.toml"), seed=11)


@pytest.fixture(params=[(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def app(request):
    yield from app_session(App(corvette(), size=request.param))


def card_texts(app: App) -> tuple[list[str], list]:
    """F1 pressed: the texts of the card drawn (after it covers the screen) and the frame's marks."""
    key(app, pygame.K_F1)
    assert isinstance(app.top, HelpScreen)
    marks = drawn_marks(app)
    card = next(m for m in marks if m.kind == "panel" and m.label == "Shortcuts")
    return [m.label for m in marks if m.kind == "text" and m.order > card.order], marks


def rows_of(section: str, screen: str) -> dict[str, str]:
    return dict(dict(shortcut_sections(TOOL_CLASSES, screen))[section])


def test_the_battle_maps_card_lists_its_keys_and_no_space_log(app):
    texts, marks = card_texts(app)
    assert app.top.screen == "battle"
    assert "Shortcuts: battle map" in texts
    for heading in ("Tools", "The map", "A fight", "At the table"):
        assert heading in texts
    fight = rows_of("A fight", "battle")
    assert fight["Ctrl+E"] == "export the log as text" and fight["Page Up / Down"] == "scroll the log"
    assert SPACE_LOG not in texts
    assert not any("space log" in t for t in texts), "the battle map's card names the space log"
    assert not any(t in texts for t in ("scroll the crew posts", "choose a post's action",
                                        "end the phase: its effects land together"))
    assert "the starship screen (F1 there: its keys)" in texts  # Tab works here: it goes there
    assert not probe_problems(app, marks)


def test_the_starship_screens_card_lists_its_keys_with_its_space_log(app):
    screen = starship(app)
    texts, marks = card_texts(app)
    assert app.top.screen == "starship"
    assert "Shortcuts: starship screen" in texts
    for heading in ("Starship screen", "Starship dialogs", SPACE_LOG, "At the table"):
        assert heading in texts
    log = rows_of(SPACE_LOG, "starship")
    assert log["Page Up / Down"] == "scroll the space log"
    assert log["Ctrl+E"].startswith("export the log")
    for k in ("Page Up / Down", "Wheel over the log", "Ctrl+E"):  # only in the space log's section
        assert k not in rows_of("Starship screen", "starship")
    for battle_only in ("Tools", "The map", "Templates", "Grenades and traps", "A fight", "Set up (U)"):
        assert battle_only not in texts, f"the starship screen's card lists {battle_only!r}"
    assert "Select: select a token, see its reach, move it" not in texts
    assert not probe_problems(app, marks)
    key(app, pygame.K_ESCAPE)
    assert app.top is screen


def probe_problems(app: App, marks) -> list[str]:
    """What the layout probe finds cut off or overlapping on the card's frame."""
    rec = probe.Recorder()
    surface = pygame.display.get_surface()
    rec.marks[id(surface)] = marks
    return [p for p in probe.problems(rec, surface)]


def test_the_space_logs_keys_do_what_its_card_says(data_dir):
    enc = corvette()
    enc.submit(StartSpaceCombat())
    for _ in range(7):  # a few phases: more lines than the strip shows
        enc.submit(EndPhase())
    gen = app_session(App(enc, size=(1280, 720)))
    app = next(gen)
    try:
        screen = starship(app)
        assert screen.log.most_scroll() > 0
        key(app, pygame.K_PAGEUP)
        assert screen.log.scroll > 0  # "Page Up / Down: scroll the space log"
        screen.log_folder = data_dir / "logs"
        key(app, pygame.K_e, pygame.KMOD_CTRL)
        assert list((data_dir / "logs").iterdir()), "Ctrl+E wrote no log"
    finally:
        gen.close()
