"""The turn banner keeps the next group's name whole (review10prep finding 6).

At 1280x720 and 1600x900 the Action Phase banner's second line ran out of room and was cut just
where it named the next group ("...then End turn; next: Raiders Vang..."). When the whole line does
not fit, the banner shows its short form: the round and what comes next, whole.
Expected: the drawn second line ends with the next group's full label, no ellipsis; at 1920x1080,
where it fits, the whole instruction stays."""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.combat.state import group_label
from tactics.engine.combat.team import StartCombat
from tactics.engine.core.encounter import Encounter
from tactics.maps.battlemap import BattleMap
from tactics.ui.app import App
from tactics.ui.panels import hotseat

from ui_driver import app_session, key_settled as key


def encounter() -> Encounter:
    definition = {
        "name": "Warehouse",
        "teams": {"strike": {"name": "Strike Team", "players": True, "colour": [70, 140, 230]},
                  "raiders": {"name": "Raiders", "players": True, "colour": [220, 80, 60]}},
        "combatants": [
            {"id": "brandon", "name": "Brandon", "team": "strike", "cell": [2, 3], "hp": 20},
            {"id": "katie", "name": "Katie", "team": "strike", "cell": [2, 5], "hp": 20},
            {"id": "bear1", "name": "Bear 1", "team": "raiders", "cell": [10, 3], "hp": 30},
        ],
    }
    return Encounter(definition, BattleMap.from_text("\n".join(["." * 14] * 9), name="Room"), seed=3)


def banner_second_line(app: App, monkeypatch: pytest.MonkeyPatch) -> str:
    """The banner's second line as drawn: the words after any shortening to fit (``_ellipsis``)."""
    drawn: list[str] = []
    real = hotseat._ellipsis

    def spy(text: str, size: int, weight: str, room: int) -> str:
        out = real(text, size, weight, room)
        drawn.append(out)
        return out

    monkeypatch.setattr(hotseat, "_ellipsis", spy)
    app.screen.forget()  # a whole frame: the banner kept from the last frame is drawn again
    app.draw()
    monkeypatch.undo()
    banner = hotseat.turn_banner(app.battle.state)
    title_at = drawn.index(next(d for d in drawn if banner.title.startswith(d.rstrip("\u2026."))))
    return drawn[title_at + 1]


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (1920, 1080)])
def test_the_banner_names_the_next_group_whole(size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    for app in app_session(App(encounter(), size=size), closing=True):
        assert app.battle.submit(StartCombat())
        key(app, pygame.K_e)  # to the first group's Action Phase
        combat = app.battle.state.combat
        assert combat.phase == "action"
        line = banner_second_line(app, monkeypatch)
        assert "..." not in line and "\u2026" not in line, line
        nxt = combat.turn_order()[combat.group_index + 1]
        assert line.endswith(f"next: {group_label(app.battle.state, nxt.key)}"), line
        if size == (1920, 1080):
            assert "declare, resolve, then End turn" in line, line
