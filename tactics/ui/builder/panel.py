"""The Set up panel: every team and combatant of the encounter, with what the GM can do to each.

Why it exists: setting up a fight needs one place that lists who is in it,
who is not on the map yet, and the buttons to add, edit, remove, lay traps
and save. It is drawn each frame with the combat panels' helpers
(:mod:`tactics.ui.widgets`: a card, buttons recorded with keys such as
``"add"``, ``"edit:ogre"``, ``"remove:ogre"``, ``"pick:ogre"``,
``"team:foes"``, ``"mode:individual"``, ``"save"``), so it looks like the rest of the window and
tests find its buttons by key. It decides nothing: each button asks the
builder (:class:`tactics.ui.builder.addon.BuilderAddon`), which submits engine commands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from tactics.engine.core.state import Combatant
from tactics.rules.sheets import Sheet
from tactics.ui import theme
from tactics.ui import widgets as w
from tactics.ui.theme import px

#: the Set up panel's usual hint (its footer keeps room for it whatever the hint says now)
DEFAULT_HINT = ("Drag a token to move it, or a name onto the map to place it. A: add; Enter: edit, Del: remove "
                "the picked one; Ctrl+Z: undo. Right-click a token for damage and conditions.")

if TYPE_CHECKING:
    from tactics.ui.builder.addon import BuilderAddon

# Sizes at a UI scale of 1 (a 1920x1080 window); drawn through theme.px() like every other panel,
# so rows, buttons and line spacing grow with the fonts (theme.fs) at 2560x1440 and 4K (review 5).
ROW_H = 40  # two lines: the name, then its numbers (or "not placed"), never cut off one another
TEAM_H = 36


def _stats(who: Combatant) -> str:
    parts = [f"{who.hp}/{who.max_hp} hp" if who.hp != who.max_hp else f"{who.max_hp} hp"]
    if isinstance(who.sheet, Sheet):
        parts.append(f"AC {who.sheet.ac}")
    return " · ".join(parts)


class SetupPanel(w.Panel):
    """The drawn card; :meth:`draw` lays it out in ``rect`` and records its buttons."""

    def __init__(self, builder: "BuilderAddon") -> None:
        super().__init__("Set up the fight")
        self.builder = builder
        # the list's own offset: not ``self.scroll``, which the base card's ``finish`` resets
        # every frame (it scrolls whole cards taller than their room; this one fits its list)
        self.list_scroll = 0
        self._content_h = 0
        self._list_h = 0

    def wheel(self, steps: float) -> None:
        """The wheel over the panel: the list moves a row a notch (up: towards its top)."""
        self._scroll_to(self.list_scroll - int(round(steps * px(ROW_H))))

    def page(self, pages: int) -> None:
        """PageDown (1) / PageUp (-1) over the panel: the list moves by all but a row of its height."""
        self._scroll_to(self.list_scroll + pages * max(px(ROW_H), self._list_h - px(ROW_H)))

    def _scroll_to(self, offset: int) -> None:
        room = max(0, self._content_h - self._list_h)
        self.list_scroll = max(0, min(room, offset))

    def draw(self, surface: pygame.Surface, x: int, y: int, width: int, max_h: int,
             hover: tuple[int, int] | None) -> pygame.Rect:
        self.begin()
        b = self.builder
        canvas = w.canvas(self, (width, max(px(120), max_h)))
        rect = canvas.get_rect()
        local = (hover[0] - x, hover[1] - y) if hover else None
        cy = w.header(self, canvas, rect, self.title)
        inner = rect.width - 2 * theme.PANEL_PAD
        left = rect.x + theme.PANEL_PAD
        if self.collapsed:
            return self.finish(surface, canvas, x, y, width, cy + px(4))
        locked = b.locked_reason()
        if locked:
            for line in w.wrap(locked, 15, inner, "regular"):
                w.text(canvas, line, (left, cy), 15, theme.BAD, "regular")
                cy += px(21)
            cy += px(6)
        gap, button_h = px(8), px(36)
        half = (inner - gap) // 2
        w.button(self, canvas, pygame.Rect(left, cy, half, button_h), "Add combatant", "add", b.open_add_form,
                 style="primary", enabled=not locked, hover=local, size=15)
        w.button(self, canvas, pygame.Rect(left + half + gap, cy, inner - half - gap, button_h), "New team",
                 "new-team", b.open_team_form, enabled=not locked, hover=local, size=15)
        cy += px(46)
        cy = self._mode_row(canvas, left, cy, inner, local)
        hint_lines = w.wrap(b.hint(), 14, inner, "regular")
        # room for the usual hint whatever the hint says now: a shorter one (placing) and back after Esc
        # moved the buttons under a long list, and the next click on "Save encounter..." hit the panel (review 12)
        room = max(len(hint_lines), len(w.wrap(DEFAULT_HINT, 14, inner, "regular")))
        footer_h = px(46 + 12 + 12) + room * px(20) + px(8)
        row_h, team_h = px(ROW_H), px(TEAM_H)
        list_top = cy
        list_bottom = max(list_top + row_h, rect.height - footer_h)
        rows = self._rows()
        self._content_h = sum(team_h if kind == "team" else row_h for kind, _ in rows) or row_h
        self._list_h = list_bottom - list_top
        if self._content_h <= self._list_h:
            self.list_scroll = 0
            list_bottom = list_top + self._content_h
        self.list_scroll = max(0, min(self.list_scroll, max(0, self._content_h - self._list_h)))
        clip = pygame.Rect(0, list_top, rect.width, list_bottom - list_top)
        canvas.set_clip(clip)
        ry = list_top - self.list_scroll
        if not rows:
            w.text(canvas, "No one yet: add a combatant.", (left, ry + px(6)), 16, theme.TEXT_DIM, "regular")
        for kind, item in rows:
            h = team_h if kind == "team" else row_h
            if ry + h > list_top and ry < list_bottom:
                if kind == "team":
                    self._team_row(canvas, item, left, ry, inner, local, locked)
                else:
                    self._combatant_row(canvas, item, left, ry, inner, local, locked, clip)
            ry += h
        canvas.set_clip(None)
        rows_keys = ("pick", "edit", "remove", "team")  # a row scrolled half out cannot be clicked
        self.hits = [h for h in self.hits if h.key.split(":")[0] not in rows_keys or clip.contains(h.rect)]
        cy = list_bottom + px(12)
        if self._content_h > self._list_h:
            more = ("more below (wheel)" if self.list_scroll < self._content_h - self._list_h
                    else "more above (wheel)")
            w.text(canvas, more, (rect.right - theme.PANEL_PAD, list_bottom + px(2)), 13, theme.TEXT_DIM, "regular",
                   "topright")
            cy += px(12)
        third = (inner - 2 * gap) // 3
        w.button(self, canvas, pygame.Rect(left, cy, third, button_h), "Traps (P)", "traps", b.traps, hover=local,
                 size=16, enabled=not locked)
        w.button(self, canvas, pygame.Rect(left + third + gap, cy, inner - third - gap, button_h), "Save encounter...",
                 "save", b.open_save_dialog, hover=local, size=16)
        cy += px(46)
        for line in hint_lines:
            w.text(canvas, line, (left, cy), 14, theme.TEXT_DIM, "regular")
            cy += px(20)
        return self.finish(surface, canvas, x, y, width, min(max_h, cy + px(8)))

    def _mode_row(self, canvas: pygame.Surface, left: int, cy: int, inner: int, hover) -> int:
        """The encounter's turn rules, one of two (review 18: only the command line or the file could
        choose individual turns): "team rounds" (the first text) or "individual turns" (the second),
        saved as the file's ``mode``; greyed with the engine's reason while a fight runs. The y below it."""
        from tactics.engine.builder.allowed import MODE_WORDS

        b = self.builder
        why = b.mode_refusal()
        label_w = w.text_width("Turns", 15, "semibold") + px(10)
        w.text(canvas, "Turns", (left, cy + px(8)), 15, theme.TEXT_DIM)
        gap = px(6)
        room = inner - label_w
        half = (room - gap) // 2
        for n, mode in enumerate(("team", "individual")):
            rect = pygame.Rect(left + label_w + n * (half + gap), cy, half if n == 0 else room - half - gap, px(32))
            chosen = b.state.mode == mode
            w.button(self, canvas, rect, MODE_WORDS[mode].capitalize(), f"mode:{mode}",
                     lambda m=mode: b.set_mode(m), style="on" if chosen else "normal",
                     enabled=not why or chosen, hover=hover, size=14)
        cy += px(40)
        return cy

    def finish(self, surface: pygame.Surface, canvas: pygame.Surface, x: int, y: int, width: int,
               height: int, *, content: int | None = None, fixed: int = 0, drawn_at: int = 0) -> pygame.Rect:
        """The card, opaque: on a small window it covers the log column, which must not show through."""
        pygame.draw.rect(surface, theme.CHROME, (x, y, width, height), border_radius=theme.PANEL_RADIUS)
        return super().finish(surface, canvas, x, y, width, height, content=content, fixed=fixed, drawn_at=drawn_at)

    def _rows(self) -> list[tuple[str, Any]]:
        state = self.builder.view.state
        rows: list[tuple[str, Any]] = []
        seen: set[str] = set()
        for team in state.teams.values():
            rows.append(("team", team))
            for who in state.combatants.values():
                if who.team == team.id:
                    rows.append(("who", who))
                    seen.add(who.id)
        for who in state.combatants.values():  # a team the file never named
            if who.id not in seen:
                rows.append(("who", who))
        return rows

    def _team_row(self, s: pygame.Surface, team, x: int, y: int, inner: int, hover, locked: str) -> None:
        pygame.draw.circle(s, tuple(team.colour), (x + px(9), y + px(18)), px(8))
        pygame.draw.circle(s, theme.OUTLINE, (x + px(9), y + px(18)), px(8), 1)
        who = "players" if team.players else "GM"
        edit_w = px(56)
        name_w = inner - px(26) - edit_w - px(8)
        label = _fit(f"{team.name}  ·  {who}", 17, name_w, "bold")
        w.text(s, label, (x + px(24), y + px(7)), 17, theme.TEXT, "bold")
        w.button(self, s, pygame.Rect(x + inner - edit_w, y + px(4), edit_w, px(28)), "Edit", f"team:{team.id}",
                 lambda t=team.id: self.builder.open_team_form(t), enabled=not locked, hover=hover, size=14)

    def _combatant_row(self, s: pygame.Surface, who: Combatant, x: int, y: int, inner: int, hover, locked: str,
                       clip: pygame.Rect) -> None:
        b = self.builder
        row_h = px(ROW_H)
        row = pygame.Rect(x, y + 1, inner, row_h - 2)
        picked = b.picked == who.id
        placing = b.placing == who.id
        if picked or placing or (hover is not None and row.collidepoint(hover)):
            pygame.draw.rect(s, theme.PICKED_BG if (picked or placing) else theme.ROW_BG, row, border_radius=px(6))
        self.hit(row, f"pick:{who.id}", lambda c=who.id: b.pick(c, from_panel=True))
        team = b.view.state.teams.get(who.team)
        colour = tuple(team.colour) if team else theme.NEUTRAL
        pygame.draw.circle(s, colour, (x + px(22), y + row_h // 2), px(6))
        edit_w, remove_w, gap = px(56), px(30), px(4)
        buttons_w = edit_w + gap + remove_w
        name_x = x + px(34)
        name_w = inner - px(34) - buttons_w - px(8)
        where = "joins later" if not who.present else "not placed" if who.cell is None else _stats(who)
        if placing:
            where = "to place"
        name = _fit(who.name + ("  (hidden)" if who.hidden else ""), 16, max(px(40), name_w))
        w.text(s, name, (name_x, y + px(2)), 16, theme.TEXT)
        # its numbers on a line of their own: beside a long name they were cut or left out (review 5)
        colour_detail = theme.ACCENT if who.cell is None and who.present else theme.TEXT_DIM
        w.text(s, _fit(where, 13, max(px(40), name_w), "regular"), (name_x, y + px(21)), 13, colour_detail, "regular")
        bx = x + inner - buttons_w
        w.button(self, s, pygame.Rect(bx, y + px(4), edit_w, row_h - px(8)), "Edit", f"edit:{who.id}",
                 lambda c=who.id: b.open_edit_form(c), enabled=not locked, hover=hover, size=14)
        w.button(self, s, pygame.Rect(bx + edit_w + gap, y + px(4), remove_w, row_h - px(8)), "x", f"remove:{who.id}",
                 lambda c=who.id: b.remove(c), style="danger", enabled=not locked, hover=hover, size=15)


def _fit(text: str, size: int, width: int, weight: str = "semibold") -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels."""
    if w.text_width(text, size, weight) <= width:
        return text
    while text and w.text_width(text + "...", size, weight) > width:
        text = text[:-1]
    return text.rstrip() + "..."


__all__ = ["SetupPanel"]
