"""The end-of-phase card: everything the phase's rolls did, applied to every ship at once.

Shown after "End the phase" when something landed (R-SHIP-1): Battle Damage
with its 2d6 chart roll (R-SHIP-5), repairs, boosts, moves, ships going adrift
or exploding (R-SHIP-6), the end of the battle (R-SHIP-9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from tactics.engine.starship.events import SpaceBattleDamage, SpacePhaseEnded
from tactics.engine.core.journal import Entry
from tactics.engine.starship.seen import line_for
from tactics.rules.starship import PHASE_NAMES
from tactics.ui import theme
from tactics.ui.theme import px
from tactics.ui.starship.dice import draw_plain
from tactics.ui.widgets import Hotspots, button_face, dialog_card, text, wrap

if TYPE_CHECKING:
    from tactics.ui.starship.screen import StarshipScreen

QUIET = {"space.phase_started", "space.phase_ended"}


def worth_showing(entry: Entry) -> bool:
    return any(e.kind not in QUIET for e in entry.events)


def phase_end_status(state: Any, entry: Entry, viewer: str) -> str:
    """The status line after a phase ends, card or no card: the end of the combat if it came, else
    the phase that ended and the one that begins, as ``viewer`` may read them (the status line kept
    "Round 7, Response Phase ends" through round 8 when this card opened, review 9)."""
    said: dict[str, str] = {}
    for e in entry.events:
        line = line_for(state, e, viewer)
        if line:
            said.setdefault(e.kind, line)
    if "space.ended" in said:
        return said["space.ended"]
    lines = [said[k] for k in ("space.phase_ended", "space.phase_started") if k in said]
    return " ".join(lines) or next(iter(said.values()), "Phase ended.")


class PhaseSummary:
    """Modal: the effects that landed when a phase ended."""

    def __init__(self, screen: "StarshipScreen", entry: Entry) -> None:
        self.screen = screen
        self.entry = entry
        ended = next((e for e in entry.events if isinstance(e, SpacePhaseEnded)), None)
        if ended is not None and ended.round == 0:
            self.title = "The surprise round ends"
        elif ended is not None:
            self.title = f"The {PHASE_NAMES.get(ended.phase, '')} Phase of round {ended.round} ends"
        else:
            self.title = "The phase ends"
        self.rect = pygame.Rect(0, 0, px(10), px(10))

    def wake_ms(self) -> int | None:
        return None

    def click(self, spot) -> None:
        if spot.key in ("dlg.done", "dlg.cancel"):
            self.screen.close_dialog()

    def key(self, intent) -> bool:
        if intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.screen.close_dialog()
            return True
        return False

    def draw(self, surface: pygame.Surface, hotspots: Hotspots, hover: tuple | None) -> None:
        self.rect = rect = dialog_card(surface, hotspots, (px(1000), px(720)), theme.ACCENT)
        x, y = rect.x + px(32), rect.y + px(24)
        text(surface, self.title, (x, y), 32, theme.TEXT, "bold")
        text(surface, "Every roll of the phase is in: its effects apply to all ships together.", (x, y + px(44)), 19,
             theme.TEXT_DIM, "regular")
        y += px(92)
        bottom = rect.bottom - px(100)
        viewer = self.screen.battle.viewer
        for event in self.entry.events:
            if event.kind in QUIET or y > bottom - px(30):
                continue
            line = line_for(self.screen.state, event, viewer)  # F2: only what the players may read
            if line is None:
                continue
            if isinstance(event, SpaceBattleDamage):
                # the dice at the UI scale and the words after them: at 720p the 48 px dice reached past
                # where the words began and "2d6 (2, 4)" sat on the second die (review 18, finding 3)
                dice = draw_plain(surface, event.faces, (x, y), die_px=px(48), gap=px(10))
                tx = dice.right + px(18)
                lines = wrap(line, 20, rect.right - px(32) - tx, "semibold")
                for n, line in enumerate(lines[:3]):
                    text(surface, line, (tx, y + n * px(27)), 20, theme.BAD_SOFT, "semibold")
                y += max(dice.height + px(14), px(27) * min(3, len(lines)) + px(10))
                continue
            colour = theme.BAD if event.kind in ("space.exploding", "space.exploded", "space.adrift") else theme.TEXT
            if event.kind == "space.ended":
                colour = theme.GOOD
            for part in wrap(line, 20, rect.width - px(64), "semibold")[:3]:
                text(surface, part, (x, y), 20, colour, "semibold")
                y += px(28)
            y += px(8)
        nxt = self.screen.space_battle
        if nxt.started:
            now = "the surprise round" if nxt.round == 0 else f"round {nxt.round}, {PHASE_NAMES[nxt.phase]} Phase"
            text(surface, f"Now: {now}", (x, rect.bottom - px(62)), 22, theme.ACCENT, "bold", anchor="midleft")
        done = pygame.Rect(rect.right - px(220), rect.bottom - px(84), px(188), px(60))
        button_face(surface, done, "Continue", size=22, style="primary", hovered=hover == ("dlg.done",))
        hotspots.add(done, "dlg.done")
