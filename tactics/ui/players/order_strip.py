"""The turn order strip on the players' window: who acts in what order, and who acts now.

Why it exists: at the table the players look at the TV, not the GM's laptop;
they want to see the order of play (the groups in team rounds, R-INIT-4, or
each combatant in individual turns), who acts in each (in a surprise Round 0
only the aware, R-SURP-1) and whose turn it is, in each team's colour. It is
public information only: it is computed from the players' state
(:func:`tactics.ui.players.seen.players_state`), in which hidden creatures do
not exist, so a hidden creature is never named, and a group of only hidden
creatures has no slot at all (its turn shows nothing). No hit points, no
initiative numbers, no GM notes.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tactics.engine.combat.state import CombatState, round_name
from tactics.engine.core.state import EncounterState
from tactics.ui import theme
from tactics.ui.panels.hotseat import text_colour
from tactics.ui.widgets import blit_text


@dataclass(frozen=True)
class Slot:
    """One place in the order: the names in it, its team's colour, acting now, done this round."""

    label: str
    colour: tuple[int, int, int]
    now: bool
    done: bool


def order_slots(seen: EncounterState) -> tuple[str, list[Slot]]:
    """("Round 2", the slots in order) for the players' state ``seen``; ("", []) when no fight is on."""
    combat = seen.combat
    if combat is None or getattr(combat, "phase", "ended") == "ended":
        return "", []
    slots: list[Slot] = []

    def colour_of(team_id: str) -> tuple[int, int, int]:
        team = seen.teams.get(team_id)
        return tuple(team.colour) if team is not None else theme.NEUTRAL  # type: ignore[return-value]

    if isinstance(combat, CombatState):
        acting = combat.acting_group()
        for group in combat.turn_order():
            # who acts in it: in a surprise Round 0 only the aware (R-SURP-1), the others sit out; the
            # downed act no more (review 13 F11: "Brandon, James" with James at 0 hp; N-END-3)
            names = [seen.combatants[m].name for m in group.members
                     if m in seen.combatants and combat.can_act(m) and not seen.combatants[m].down]
            if not names:
                continue  # nobody the players may see acts: no slot, nothing said
            now = acting is not None and acting.key == group.key
            slots.append(Slot(", ".join(names), colour_of(group.team), now, group.key in combat.turns_done))
    else:  # individual turns: one slot per combatant (R-TURN)
        order = list(getattr(combat, "order", []) or [])
        acted = set(getattr(combat, "acted", []) or [])
        current = getattr(combat, "current", None)
        for cid in order:
            who = seen.combatants.get(cid)
            if who is None:
                continue
            slots.append(Slot(who.name, colour_of(who.team), cid == current, cid in acted))
    return round_name(combat), slots


def strip_height(large: bool, grow: float = 1.0) -> int:
    """The strip's height; ``grow``: the players' window's type scale (``style.type_scale``)."""
    return int(round((56 if large else 40) * grow))


def draw_strip(surface: pygame.Surface, seen: EncounterState, rect: pygame.Rect, *, large: bool,
               grow: float = 1.0) -> pygame.Rect | None:
    """Draw the strip across ``rect`` (its top edge); the rectangle used, None when there is nothing to show."""
    head, slots = order_slots(seen)
    if not slots:
        return None
    size = max(theme.MIN_FONT_PX, int(round((26 if large else 18) * grow)))  # (a small window: never under 11 px)
    pad = int(round((12 if large else 8) * grow))
    h = strip_height(large, grow)
    y = rect.y + 4
    chip_h = h - 8
    x = rect.x + 8
    title = theme.text(head, size, "bold", theme.TEXT)
    pygame.draw.rect(surface, theme.SHADOW, (rect.x, rect.y, rect.width, h))
    blit_text(surface, title, (x, y + (chip_h - title.get_height()) // 2), head)
    x += title.get_width() + pad
    right = rect.right - 8
    for i, slot in enumerate(slots):
        arrow = theme.text(">", size, "bold", theme.TEXT_DIM) if i else None
        step = arrow.get_width() + pad // 2 if arrow is not None else 0
        label = slot.label
        weight = "bold" if slot.now else "semibold"
        ink = text_colour(slot.colour) if not slot.done else theme.DIE_FAIL_TEXT
        img = theme.text(label, size, weight, ink)
        width = img.get_width() + 2 * pad
        # room for this chip, and for the count of those after it should the next not fit: the
        # count goes where a chip would have, never over an arrow or cut at the edge (review 13
        # recheck: "+1" read "+$" at the right edge with three teams)
        # "+2 more": a bare "+2" after a name read as a bonus to it (review 18)
        later = len(slots) - i - 1
        keep = theme.text(f"+{later} more", size, "bold", theme.TEXT_DIM).get_width() + pad if later else 0
        if step + width + keep > right - x:
            tail = theme.text(f"+{len(slots) - i} more", size, "bold", theme.TEXT_DIM)
            blit_text(surface, tail, (x, y + (chip_h - tail.get_height()) // 2), f"+{len(slots) - i} more")
            break
        if arrow is not None:
            blit_text(surface, arrow, (x, y + (chip_h - arrow.get_height()) // 2), ">")
            x += step
        chip = pygame.Rect(x, y, width, chip_h)
        fill = slot.colour if not slot.done else tuple(c // 3 for c in slot.colour)
        pygame.draw.rect(surface, fill, chip, border_radius=chip_h // 2)
        if slot.now:
            pygame.draw.rect(surface, theme.ACCENT, chip.inflate(6, 6), 3, border_radius=chip_h // 2 + 3)
        blit_text(surface, img, (chip.x + pad, chip.y + (chip_h - img.get_height()) // 2), label)
        x = chip.right + pad
    return pygame.Rect(rect.x, rect.y, rect.width, h)


__all__ = ["Slot", "draw_strip", "order_slots", "strip_height"]
