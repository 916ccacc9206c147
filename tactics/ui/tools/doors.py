"""Doors under the pointer: what a click on one does, and the hover that says so (reading: N-DOOR-2).

Why it exists: a GM used to Foundry or Roll20 opens a door by clicking it. The Select tool
asks this module, for the pointer's place, whether a door is under it and what a click
would do, and draws the door lit with a one-line label:

* out of a fight: open or close it at once (``board.SetDoor``);
* in a fight, with a combatant selected: that combatant opens or closes it as its action,
  the Simple action in team rounds (``Declare``, before or after its Standard), a
  non-contested action in individual turns (``TakeAction``, or ``UseHeld`` for a holder);
* in a fight with no one selected: nothing, and the status says to select who opens it (the
  GM may still open it at once from the right-click menu, an override like Place).

Whether the click is allowed is asked of the engine (the command's dry run), so the reason
shown on hover is the one a click would get. Only the window that plays draws the hover; the
players' window draws doors as they are.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from tactics.engine.board import SetDoor
from tactics.engine.combat.actions import Action, Declare
from tactics.engine.combat.doors import CLOSE, OPEN, name_of, pending_doors
from tactics.engine.combat.queries import combat_of
from tactics.engine.core.journal import Refused
from tactics.engine.core.state import EncounterState
from tactics.rules import actions as act
from tactics.rules.dice import Dice
from tactics.ui import draw, theme
from tactics.ui.render import door_thickness


def door_at(view: Any, pos: tuple[int, int] | None) -> int | None:
    """The door whose line passes within a few pixels of ``pos`` (the nearest), or None."""
    if pos is None:
        return None
    state = view.state
    cam = view.camera
    cell = cam.cell_at(pos)
    if view.token_at(cell) is not None:
        cx, cy = cam.cell_centre(cell)
        if math.hypot(pos[0] - cx, pos[1] - cy) < cam.cell_px * 0.4:
            return None  # on a token's disc the token is clicked, even with a door across its square
    reach = max(7, cam.cell_px // 5)
    best: tuple[float, int] | None = None
    gm = getattr(view, "viewer", "gm") == "gm"
    for i, door in enumerate(state.map.doors):
        if not gm and state.door_secret(i):
            continue  # reading: N-DOOR-6: in the players' view a secret door is a wall, no door
        a, b = cam.to_screen(door.segment.a), cam.to_screen(door.segment.b)
        far = _distance(pos, a, b)
        if far <= reach and (best is None or far < best[0]):
            best = (far, i)
    return best[1] if best else None


def _distance(p: tuple[int, int], a: tuple[int, int], b: tuple[int, int]) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy))


@dataclass(frozen=True)
class DoorClick:
    """What a click on a door does now: ``command`` (None: nothing), the words for the status
    line, and ``problem``: why the engine would refuse it (empty when it would not)."""

    door: int
    opening: bool
    command: Any
    words: str
    problem: str = ""
    pending: bool | None = None  # a declared door action will open (True) or close it when it resolves

    @property
    def allowed(self) -> bool:
        return self.command is not None and not self.problem


def _turns(state: EncounterState) -> Any:
    """The individual-turns procedure when it runs (its modules load only then: start time)."""
    if state.mode != "individual" or state.combat is None:
        return None
    from tactics.engine.combat.individual.procedure import turns_of

    return turns_of(state)


def fight_on(state: EncounterState) -> bool:
    combat = combat_of(state)
    if combat is not None:
        return combat.phase != "ended"
    turns = _turns(state)
    return turns is not None and turns.phase != "ended"


def door_command(state: EncounterState, door: int, cid: str | None) -> tuple[Any, str]:
    """The command a click on ``door`` makes, and what it says it does ("Katie opens ... (Simple action)")."""
    opening = not state.door_open(door)
    verb = "open" if opening else "close"
    name = name_of(state, door)
    if state.door_secret(door):  # the GM's alone until opened (reading: N-DOOR-6)
        if not fight_on(state):
            return SetDoor(door, opening), f"open {name.replace('the door', 'the secret door', 1)} (the players then see it)"
        return None, "right-click it to open this secret door (only the GM can; the players then see it)"
    if not fight_on(state):
        return SetDoor(door, opening), f"{verb} {name}"
    who = state.combatants.get(cid or "")
    if who is None:
        return None, f"select who {verb}s {name}"
    effect = OPEN if opening else CLOSE
    third = f"{who.name} {verb}s {name}"
    turns = _turns(state)
    if turns is not None:
        from tactics.engine.combat.individual.actions import DOOR, TakeAction, TurnAction
        from tactics.engine.combat.individual.interrupts import UseHeld

        action = TurnAction(DOOR, effect=effect, door=door)
        if turns.current != who.id and who.id in turns.held:
            return UseHeld(who.id, action), f"{third} (held action)"
        return TakeAction(who.id, action), f"{third} (one action)"
    # before the Standard, or after it once one is declared (as the 5 ft step, N-MOVE-4); the other
    # when the engine accepts only that one (a Standard Move to the door, then the door after it)
    combat = combat_of(state)
    has_standard = combat is not None and any(d.kind in act.STANDARD for d in combat.declarations_of(who.id))
    order = (act.SIMPLE_AFTER, act.SIMPLE) if has_standard else (act.SIMPLE, act.SIMPLE_AFTER)
    commands = [Declare(who.id, Action(kind, effect=effect, door=door)) for kind in order]
    chosen = next((c for c in commands if accepted(state, c)), commands[0])
    when = " after the Standard" if chosen.action.kind == act.SIMPLE_AFTER else ""
    return chosen, f"{third} (Simple action{when})"


def accepted(state: EncounterState, command: Any) -> bool:
    try:
        command.execute(state, Dice(0))
    except Refused:
        return False
    return True


def click_on(view: Any, door: int) -> DoorClick:
    """What a click on ``door`` does now, asked of the engine (the command's dry run). A reason
    that would name a creature hidden from the players is not shown in their view."""
    state = view.state
    command, words = door_command(state, door, view.selected)
    problem = ""
    if command is not None:
        try:
            command.execute(state, Dice(0))
        except Refused as exc:
            safe = getattr(view, "players_safe", lambda reason: reason)
            problem = safe(exc.reason)
    return DoorClick(door, not state.door_open(door), command, words, problem, pending_doors(state).get(door))


def status_text(click: DoorClick) -> str:
    """The status line over a door: "Click: open the door between ..." or why not."""
    if click.command is None and click.words.startswith("right-click"):
        return f"Secret door: {click.words}."
    if click.command is None:
        return (f"To open or close this door, {click.words} (a combatant next to it) first; "
                "the GM can also right-click the door.")
    if click.problem:
        why = click.problem[0].upper() + click.problem[1:].rstrip(".") + "."
        if click.pending is not None:  # the reason is the declared action itself: say so first
            return f"Declared: this door {'opens' if click.pending else 'closes'} when its action resolves. " + why
        return why
    return f"Click: {click.words}."


def draw_hover(surface: pygame.Surface, view: Any, click: DoorClick) -> None:
    """The door under the pointer lit (white when a click works, red when not) with a short label."""
    cam = view.camera
    seg = view.state.map.doors[click.door].segment
    a, b = cam.to_screen(seg.a), cam.to_screen(seg.b)
    thick = door_thickness(cam.cell_px)
    colour = theme.TEXT if click.allowed else (theme.TEXT_DIM if click.command is None else theme.BAD)
    label = ("Open" if click.opening else "Close") + " door" if click.allowed else "Cannot " + (
        "open" if click.opening else "close")
    if view.state.door_secret(click.door):
        label = "Open secret door" if click.allowed else "Secret door (GM)"
    elif click.command is None:
        label = "Select who opens it" if click.opening else "Select who closes it"
    if click.pending is not None and not click.allowed:  # declared: not a refusal to show in red
        label = "Opens when resolved" if click.pending else "Closes when resolved"
        colour = theme.ACCENT
    pygame.draw.line(surface, theme.OUTLINE, a, b, thick + 9)
    pygame.draw.line(surface, colour, a, b, thick + 5)
    inner = theme.DOOR_OPEN if view.state.door_open(click.door) else theme.DOOR_CLOSED
    if view.state.door_secret(click.door):
        inner = theme.DOOR_SECRET
    pygame.draw.line(surface, inner, a, b, thick)
    mid = ((a[0] + b[0]) // 2, min(a[1], b[1]) - thick - 4)
    draw.pill_at(surface, label, mid, size=draw.label_size(cam.cell_px), colour=colour, anchor="midbottom")
