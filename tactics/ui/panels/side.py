"""The side panel: the selected token's card and the creatures a template covers."""

from __future__ import annotations

import pygame

from tactics.engine.state import Combatant, EncounterState
from tactics.ui import theme


def _line(surface, text, pos, size=16, colour=theme.TEXT, weight="semibold") -> int:
    img = theme.font(size, weight).render(text, True, colour)
    surface.blit(img, pos)
    return img.get_height()


def draw_side_panel(
    surface: pygame.Surface,
    top: int,
    state: EncounterState,
    selected: Combatant | None,
    budget: tuple[int, int] | None,
    template_label: str,
    affected: list[Combatant] | None,
) -> pygame.Rect | None:
    """Draw the panel at the right edge; returns its rectangle (None when empty)."""
    if selected is None and affected is None:
        return None
    w = theme.SIDE_W
    x = surface.get_width() - w - 12
    rows: list[tuple] = []
    if selected is not None:
        team = state.teams.get(selected.team)
        rows.append(("title", selected.name, tuple(team.colour) if team else theme.TEXT))
        rows.append(("dim", team.name if team else selected.team))
        rows.append(("text", f"HP {selected.hp} / {selected.max_hp}"))
        if budget:
            rows.append(("text", f"Run {budget[0]} ft   Sprint {budget[1]} ft"))
        if selected.conditions:
            conds = ", ".join(f"{c.name}" + (f" ({c.rounds})" if c.rounds is not None else "") for c in selected.conditions)
            rows.append(("text", conds))
        if selected.hidden:
            rows.append(("dim", "Hidden from the players"))
    if affected is not None:
        if rows:
            rows.append(("gap",))
        rows.append(("head", template_label or "Template"))
        if affected:
            for who in affected:
                team = state.teams.get(who.team)
                rows.append(("who", who.name, tuple(team.colour) if team else theme.TEXT))
        else:
            rows.append(("dim", "No one inside"))
    height = 20
    for row in rows:
        height += {"title": 34, "head": 30, "gap": 12}.get(row[0], 26)
    rect = pygame.Rect(x, top + 12, w, height)
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*theme.CHROME, 238), panel.get_rect(), border_radius=10)
    pygame.draw.rect(panel, (*theme.CHROME_EDGE, 255), panel.get_rect(), 1, border_radius=10)
    surface.blit(panel, rect)
    y = rect.y + 12
    for row in rows:
        kind = row[0]
        if kind == "title":
            pygame.draw.circle(surface, row[2], (rect.x + 22, y + 15), 9)
            _line(surface, row[1], (rect.x + 40, y), 24, theme.TEXT, "bold")
            y += 34
        elif kind == "head":
            _line(surface, row[1], (rect.x + 16, y), 18, theme.ACCENT, "bold")
            y += 30
        elif kind == "who":
            pygame.draw.circle(surface, row[2], (rect.x + 24, y + 11), 7)
            _line(surface, row[1], (rect.x + 40, y), 17)
            y += 26
        elif kind == "dim":
            _line(surface, row[1], (rect.x + 16, y), 15, theme.TEXT_DIM, "regular")
            y += 26
        elif kind == "gap":
            pygame.draw.line(surface, theme.CHROME_EDGE, (rect.x + 12, y + 5), (rect.right - 12, y + 5))
            y += 12
        else:
            _line(surface, row[1], (rect.x + 16, y), 17)
            y += 26
    return rect
