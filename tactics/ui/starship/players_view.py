"""The starship screen as the players' window shows it while the GM is on it (Tab).

Why it exists: at the table the players' window (Ctrl+P, on a TV) showed the battle map even
after the GM pressed Tab for the space battle, so the players watched a map nothing happened
on. Now it follows: while the GM's window shows the starship screen, the players' window shows
the same space battle with only what the players' side may know, as the GM's own F2 preview
does: no ship their sensors cannot see (a cloaked raider that has not given itself away) in the
space view, the phase walker, the crew posts or the log; no GM controls, hints or dialogs. Tab
back and it shows the map again.

It draws with its own :class:`SpaceView` and :class:`CrewPanel` (their fit and scroll are this
window's, not the GM's) and throw-away hotspots: nothing here can be clicked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tactics.engine.starship import seen
from tactics.ui import theme
from tactics.ui.starship.crew import CrewPanel
from tactics.ui.starship.space_log import SpaceLog
from tactics.ui.starship.spaceview import SpaceView, side_colours
from tactics.ui.starship.walker import draw_walker
from tactics.ui.widgets import Hotspots, card, text
from tactics.ui.theme import px

if TYPE_CHECKING:
    from tactics.ui.starship.screen import StarshipScreen

VIEWER = "players"


def players_log_lines(screen: "StarshipScreen") -> list[str]:
    """The space log as the players may read it (the engine's answer, N-SEEN-3..5); the GM's F2
    preview reads the same lines."""
    return seen.players_log_lines(screen.state, screen.encounter.journal)


class PlayersStarship:
    """The players' window's picture of one starship screen."""

    def __init__(self) -> None:
        self.view = SpaceView()
        self.crew = CrewPanel()
        self.log = SpaceLog()  # wrapped like the GM's; never scrolled: its newest lines

    def render(self, screen: "StarshipScreen", surface: pygame.Surface) -> None:
        surface.fill(theme.BACKDROP)
        w, h = surface.get_size()
        space = screen.space
        if space is None:
            box = pygame.Rect(0, 0, min(px(820), w - px(60)), px(160))
            box.center = (w // 2, h // 2)
            card(surface, box, fill=theme.CARD, alpha=255, radius=16)
            text(surface, "Starship", (box.x + px(36), box.y + px(32)), 32, theme.TEXT, "bold")
            text(surface, "No space battle in this encounter.", (box.x + px(36), box.y + px(88)), 21, theme.TEXT_DIM,
                 "regular")
            return
        rects = screen.layout((w, h), chrome=False, viewer=VIEWER)
        hotspots = Hotspots()  # nothing in this window is clicked
        state = screen.state
        colours = side_colours(state, space)
        self.view.fit(rects["space"], space, viewer=VIEWER, state=state)
        self.view.draw(surface, space, colours, hotspots, viewer=VIEWER, state=state)
        draw_walker(surface, rects["walker"], state, colours, hotspots, None, viewer=VIEWER, controls=False)
        self.log.draw(surface, rects["log"], players_log_lines(screen), hotspots, None, controls=False)
        self.crew.draw(surface, rects["crew"], state, colours, hotspots, None, False, viewer=VIEWER, controls=False)


__all__ = ["PlayersStarship", "players_log_lines"]
