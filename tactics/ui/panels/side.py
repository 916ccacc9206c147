"""The side panel: the selected token's card and the creatures a template covers."""

from __future__ import annotations

import pygame

from tactics.engine.core.state import Combatant, EncounterState
from tactics.ui import layout_probe as probe
from tactics.ui import theme
from tactics.ui.widgets import blit_text, fit_line, wrap
from tactics.ui.theme import fs, px


def _line(surface, text, pos, size=16, colour=theme.TEXT, weight="semibold") -> int:
    """``text`` at ``size`` (scale 1), shortened with an ellipsis to the card's width."""
    room = surface.get_width() - pos[0] - px(12)
    shown = fit_line(text, size, room, weight)[0]
    img = theme.text(shown, fs(size), weight, tuple(colour))
    blit_text(surface, img, pos, shown)
    return img.get_height()


def card_left(window_width: int) -> int:
    """Where the side card's left edge goes in a window this wide (it hangs from the board's top right)."""
    return window_width - theme.SIDE_W - px(12)


def draw_side_panel(
    surface: pygame.Surface,
    top: int,
    state: EncounterState,
    selected: Combatant | None,
    budget: tuple[int, int] | None,
    template_label: str,
    affected: list[Combatant] | None,
    hp_shown: bool = True,
) -> pygame.Rect | None:
    """Draw the panel at the right edge; returns its rectangle (None when empty)."""
    return draw_side_rows(surface, top, side_rows(state, selected, budget, template_label, affected, hp_shown))


def budget_words(run: int, sprint: int) -> str:
    """The move the engine's budget (``moves.move_budget_ft``: the run, the reach in all) leaves,
    in words: "Run 30 ft   Sprint 60 ft"; with no sprint beyond the run "Move 30 ft (no sprint)",
    not "Sprint 30 ft", which read like a bug (review 14, finding 12: one move of 30 ft left)."""
    if run and sprint > run:
        return f"Run {run} ft   Sprint {sprint} ft"
    if run:
        return f"Move {run} ft (no sprint)"
    return f"Sprint {sprint} ft (Bonus Move)" if sprint else "No move left"


def side_rows(state: EncounterState, selected: Combatant | None, budget: tuple[int, int] | None,
              template_label: str, affected: list[Combatant] | None, hp_shown: bool = True) -> tuple:
    """Everything the side panel shows, as its rows (empty: no panel): a frame whose rows are
    those of the last one need not draw it again (retained.py)."""
    if selected is None and affected is None:
        return ()
    rows: list[tuple] = []
    if selected is not None:
        team = state.teams.get(selected.team)
        rows.append(("title", selected.name, tuple(team.colour) if team else theme.TEXT))
        rows.append(("dim", team.name if team else selected.team))
        if hp_shown:
            rows.append(("text", f"HP {selected.hp} / {selected.max_hp}"))
        if budget:
            rows.append(("text", budget_words(*budget)))
        if selected.conditions:
            conds = ", ".join(f"{c.name}" + (f" ({c.rounds})" if c.rounds is not None else "") for c in selected.conditions)
            rows.append(("text", conds))
        if selected.hidden:
            rows.append(("dim", "Hidden from the other side"))
    if affected is not None:
        if rows:
            rows.append(("gap",))
        for line in wrap(template_label or "Template", 18, theme.SIDE_W - px(28), "bold"):
            rows.append(("head", line))  # "Frag grenade blast: 10 ft radius (16 squares)" on two lines, never cut short
        if affected:
            for who in affected:
                team = state.teams.get(who.team)
                rows.append(("who", who.name, tuple(team.colour) if team else theme.TEXT))
        else:
            rows.append(("dim", "No one inside"))
    return tuple(rows)


def draw_side_rows(surface: pygame.Surface, top: int, rows: tuple) -> pygame.Rect | None:
    """The panel of ``rows`` (:func:`side_rows`) at the right edge; its rectangle (None when empty)."""
    if not rows:
        return None
    key = (rows, theme.scale())
    x = card_left(surface.get_width())
    cached = None if probe.active() else _cache.get(key)
    if cached is None:
        cached = _paint(rows)
        if len(_cache) > 64:
            _cache.clear()
        _cache[key] = cached
    rect = cached.get_rect(topleft=(x, top + px(12)))
    surface.blit(cached, rect)
    probe.panel(surface, rect, "Selected")
    probe.composite(cached, surface, rect.topleft, name="Selected")
    return rect


_cache: dict[tuple, pygame.Surface] = {}


def _paint(rows: tuple) -> pygame.Surface:
    w = theme.SIDE_W
    height = px(20)
    for row in rows:
        height += px({"title": 34, "head": 30, "gap": 12}.get(row[0], 26))
    surface = pygame.Surface((w, height), pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, (*theme.CHROME, 238), rect, border_radius=px(10))
    pygame.draw.rect(surface, (*theme.CHROME_EDGE, 255), rect, 1, border_radius=px(10))
    y = rect.y + px(12)
    for row in rows:
        kind = row[0]
        if kind == "title":
            pygame.draw.circle(surface, row[2], (rect.x + px(22), y + px(15)), px(9))
            _line(surface, row[1], (rect.x + px(40), y), 24, theme.TEXT, "bold")
            y += px(34)
        elif kind == "head":
            _line(surface, row[1], (rect.x + px(16), y), 18, theme.ACCENT, "bold")
            y += px(30)
        elif kind == "who":
            pygame.draw.circle(surface, row[2], (rect.x + px(24), y + px(11)), px(7))
            _line(surface, row[1], (rect.x + px(40), y), 17)
            y += px(26)
        elif kind == "dim":
            _line(surface, row[1], (rect.x + px(16), y), 15, theme.TEXT_DIM, "regular")
            y += px(26)
        elif kind == "gap":
            pygame.draw.line(surface, theme.CHROME_EDGE, (rect.x + px(12), y + px(5)), (rect.right - px(12), y + px(5)))
            y += px(12)
        else:
            _line(surface, row[1], (rect.x + px(16), y), 17)
            y += px(26)
    return surface
