"""Sure shots in individual turns: aim a loaded weapon at a target, or at a square of a waiting move.

Why it exists: the second text lets a loaded firearm or crossbow fire within its guaranteed-hit
range as a non-contested action, with no accuracy roll (N-SHOT-1), and a held action fire in the
middle of another's movement (N-HELD-1). The turn tracker's "Sure shot" and the interrupt
banner's "Fire on the path" buttons hand the pointer to this tool, which works like the Attack
tool it extends: the ring shows the guaranteed-hit range, hovering a target draws the line and a
card with the distance, the damage and the shots left, or the engine's reason why not in red
(:mod:`tactics.engine.combat.individual.shot_previews`); a click takes the action
(``TakeAction(TurnAction("shot"))``). Held mid-move fire outlines the mover's path: green squares
the shot can be fired from, red ones where it cannot; hovering one shows the card for the mover
standing there, a click answers ``UseHeld(..., at=square)``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pygame

from tactics.engine.combat.individual.actions import TakeAction, TurnAction
from tactics.engine.combat.individual.interrupts import UseHeld
from tactics.engine.combat.individual.shot_previews import (ShotPreview, held_shot_preview, held_shot_squares,
                                                            shot_preview)
from tactics.engine.combat.individual.view import pending_interrupt
from tactics.engine.core.state import Combatant
from tactics.rules.grid import Cell
from tactics.rules.sheets import default_armoury
from tactics.ui import draw, placement, theme
from tactics.ui import intents as ui
from tactics.ui.render import DrawContext
from tactics.ui.tools.attack import BAD_LINE, OK_LINE, AttackTool, numbers_card
from tactics.engine.core.labels import possessive

SHOT = "shot"


def shot_lines(p: ShotPreview) -> list[str]:
    """The card's lines: the range, what happens, the shots left."""
    lines = [f"Sure shot: {p.label}, {p.distance_ft} ft of {p.sure_hit_ft} ft",
             f"No accuracy roll: a hit, {p.damage} damage"]
    if p.loaded is not None:
        lines.append(f"Loaded: {p.loaded} of {p.capacity} shot{'s' if p.capacity != 1 else ''}")
    return lines


def shot_card(surface: pygame.Surface, p: ShotPreview, beside: pygame.Rect, clip: pygame.Rect,
              away_from: tuple[int, int] | None = None, *, tokens: list[pygame.Rect] | None = None,
              cards: list[pygame.Rect] | None = None) -> pygame.Rect:
    """The shot's numbers next to the target (the Attack tool's card; no accuracy roll: a sure hit), or why not."""
    return numbers_card(surface, shot_lines(p), p.problem, {"hit": Fraction(1)}, beside, clip, away_from,
                        tokens=tokens, cards=cards)


class ShotTool(AttackTool):
    """The Attack tool for sure shots (not on the toolbar: the turn tracker's buttons choose it)."""

    name = "shot"
    label = "Sure shot"
    key = None
    key_label = ""
    hint = "Sure shot: click a target within the guaranteed-hit range (no accuracy roll). Esc: back to Select."
    takes_situation = False  # no accuracy roll: no advantage die to add

    def __init__(self, view) -> None:
        super().__init__(view)
        self.held = False  # fire the held action at a square of the waiting move
        self._squares: tuple[Any, dict[Cell, ShotPreview]] | None = None

    def aim_shot(self, cid: str, weapon: str, *, held: bool = False) -> None:
        self.kind, self.weapon, self.technique, self.held = SHOT, weapon, None, held
        self._squares = None
        if self.view.selected != cid:
            self.view.select(cid)

    def arms(self) -> tuple[str | None, str | None]:
        return self.weapon, None

    def range_ft(self) -> int:
        weapon = default_armoury().weapons.get(self.weapon or "")
        return weapon.sure_hit_ft if weapon is not None else 0

    def preview(self, target: Combatant) -> tuple[Any, list[Cell] | None] | None:
        who = self.attacker()
        if who is None or self.weapon is None or target.id == who.id:
            return None
        asked = getattr(self.view, "query_state", self.view.state)
        found = shot_preview(asked, who.id, target.id, self.weapon)
        return (found, None) if found is not None else None

    def card(self, surface: pygame.Surface, setup: Any, beside: pygame.Rect, clip: pygame.Rect,
             away_from: tuple[int, int], *, tokens: list[pygame.Rect], cards: list[pygame.Rect]) -> pygame.Rect:
        return shot_card(surface, setup, beside, clip, away_from, tokens=tokens, cards=cards)

    # -- held fire on the path -------------------------------------------------------
    def path_previews(self) -> dict[Cell, ShotPreview]:
        """Each square of the waiting move the held shot could fire from, with the engine's answer."""
        who, state = self.attacker(), self.view.state
        key = (len(self.view.encounter.journal.entries), who.id if who else None, self.weapon)
        if self._squares is None or self._squares[0] != key:
            out: dict[Cell, ShotPreview] = {}
            if who is not None and self.weapon:
                for cell in held_shot_squares(state):
                    found = held_shot_preview(state, who.id, self.weapon, cell)
                    if found is not None:
                        out[cell] = found
            self._squares = (key, out)
        return self._squares[1]

    def pointer_down(self, intent: ui.PointerDown) -> bool:
        if not self.held:
            return super().pointer_down(intent)
        if intent.button != 1:
            return False
        view = self.view
        cell = view.camera.cell_at(intent.pos)
        found = self.path_previews().get(cell)
        who = self.attacker()
        if found is None or who is None:
            prompt = pending_interrupt(view.state)
            mover = view.state.combatants[prompt.actor].name if prompt else "the mover"
            view.say(f"Click a square of {possessive(mover)} path (outlined) to fire when it gets there.", "info")
            return True
        if found.problem:
            view.say(found.problem, "error")
            return True
        action = TurnAction(SHOT, weapon=self.weapon, target=found.target)
        if view.submit(UseHeld(who.id, action, at=cell)):
            view.say(f"{who.name} fires the {found.label} when {view.state.combatants[found.target].name} "
                     f"reaches {cell}.", "good")
            self.held = False
            view.set_tool("select")
        return True

    def declare(self, target: Combatant) -> bool:
        view = self.view
        who = self.attacker()
        found = self.preview(target)
        if who is None or found is None:
            view.say("Choose who fires and at whom first.", "error")
            return False
        if found[0].problem:
            view.say(found[0].problem, "error")
            return False
        action = TurnAction(SHOT, weapon=self.weapon, target=target.id)
        turns = view.state.combat
        held = getattr(turns, "current", who.id) != who.id and who.id in getattr(turns, "held", ())
        if view.submit(UseHeld(who.id, action) if held else TakeAction(who.id, action)):
            view.say(f"{who.name} fires the loaded {found[0].label} at {target.name}.", "good")
            self.kind = None
            view.set_tool("select")
            return True
        return False

    def cancel(self) -> bool:
        self.held = False
        return False

    def status(self) -> str:
        who = self.attacker()
        if who is None:
            return self.hint
        if self.held:
            return (f"{possessive(who.name)} held shot: click a square of the path (green: it can fire there) to fire when "
                    "the mover gets there; Esc goes back.")
        return (f"{who.name} fires a sure shot with the {self.arms_label()} (a hit within {self.range_ft()} ft). "
                "Click a target; Esc goes back to Select.")

    def _draw(self, ctx: DrawContext) -> None:
        if not self.held:
            super()._draw(ctx)
            return
        who = self.attacker()
        if who is None or who.cell is None:
            return
        cam = ctx.camera
        squares = self.path_previews()
        for cell, found in squares.items():
            draw.cell_cursor(ctx.surface, cam.cell_rect(cell), BAD_LINE if found.problem else OK_LINE, 2)
        hover = self.view.hover_cell
        if hover is None or hover not in squares:
            return
        found = squares[hover]
        colour = BAD_LINE if found.problem else OK_LINE
        start, end = cam.cell_centre(who.cell), cam.cell_centre(hover)
        pygame.draw.line(ctx.surface, theme.BACKDROP, start, end, max(3, cam.cell_px // 14) + 4)
        pygame.draw.line(ctx.surface, colour, start, end, max(3, cam.cell_px // 14))
        draw.cell_cursor(ctx.surface, cam.cell_rect(hover), colour, 3)
        turns = getattr(self.view, "turns", None)  # the individual-turn panel, when the battle view has one
        room = turns.clear_room(ctx.clip) if turns is not None else ctx.clip
        tokens = placement.token_rects(self.view, skip=())
        shot_card(ctx.surface, found, pygame.Rect(cam.cell_rect(hover)), room, start, tokens=tokens)


__all__ = ["ShotTool", "shot_card", "shot_lines"]
