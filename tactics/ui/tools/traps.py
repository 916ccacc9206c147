"""The trap tool: the GM places traps; combatants disarm, search, set and set off (R-TRAP-1..6).

Why it exists: traps are the GM's to lay out and the table's to deal with.

* GM placement: pick a kind in the drop-down (or 1-9, 0, [ ]), click a square
  to place it hidden (:class:`~tactics.engine.hazards.commands.PlaceTrap`); R turns a
  cone mine (Shift+R back); a tripwire is dragged from the charge to the
  wire's end (or two clicks); a right click removes a trap
  (:class:`~tactics.engine.hazards.commands.RemoveTrap`); H shows the hovered trap to
  everyone (:class:`~tactics.engine.hazards.commands.DetectTrap`).
* With a token selected, as its actions (the odds shown before the roll):
  D disarms the hovered trap (:func:`tactics.rules.traps.disarm_odds`; in a
  fight the Simple and Standard action together, with disadvantage,
  :class:`~tactics.engine.combat.disarm.DeclareDisarm`), S searches 10 ft
  around (a Standard action), X sets off the hovered remote charge (a Standard
  Use Item action), Shift+click sets a trap of the chosen kind
  (:func:`~tactics.rules.traps.set_odds`, R-TRAP-5); + and - choose the
  disarm DC the setter asks for (10 by default, at most the setting check).

In a ground fight these become declarations resolved in the order of R-ORD-1;
outside one they happen at once.

In the players' view (F2) the tool is the players' side only: no placing,
removing or showing hidden traps, and a trap's disarm DC and odds only when the
players' own side set it (the DC of someone else's trap is the GM's, R-TRAP-3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from tactics.engine.hazards import commands as hz
from tactics.engine.hazards import sheet
from tactics.engine.hazards.trap_checks import disarm_check as engine_disarm_check, search_plan, set_check
from tactics.engine.combat.actions import ITEM_USES, Action, Declare, declaring_problem
from tactics.engine.combat.disarm import DeclareDisarm, declare_remote
from tactics.engine.core.state import Combatant
from tactics.engine.core.labels import possessive
from tactics.rules import traps as tr
from tactics.rules.grid import Cell, as_cell, cell_center, rotate
from tactics.ui import draw, placement
from tactics.ui import intents as ui
from tactics.ui.layers.hazards import GHOST, dashed_outline, trap_look, trap_tags, trigger_cells
from tactics.ui.render import TOOL_Z, DrawContext
from tactics.ui.tools.base import Tool, plus_minus
from tactics.ui.tools.grenade import fight_is_on, percent
from tactics.ui import theme

if TYPE_CHECKING:
    import pygame_gui

PREVIEW_Z = TOOL_Z + 1


def disarm_check(who: Combatant, trap: tr.Trap) -> tuple[str, int]:
    """The skill a combatant disarms with and its bonus: the engine's answer (N-TRAP-6)."""
    check = engine_disarm_check(None, who, trap)
    return check.skill, check.modifier


def disarm_preview(state: Any, who: Combatant, trap: tr.Trap) -> tuple[str, dict[str, Any]]:
    """("Disable Device +2, disadvantage", odds): the check the Disarm command will roll (R-TRAP-3)."""
    check = engine_disarm_check(state, who, trap)
    return check.how, check.odds()


def set_preview(who: Combatant) -> tuple[str, dict[str, Any]]:
    """("Demolitions +3", odds): the check the SetTrap command will roll (R-TRAP-5)."""
    check = set_check(who)
    return check.how, check.odds()


class TrapTool(Tool):
    name = "traps"
    label = "Traps"
    key = pygame.K_p
    key_label = "P"
    hint = ("Traps (GM): pick a kind (list, 1-9, 0), click to place it hidden; R turns a cone mine; drag a tripwire; "
            "right click removes; H shows it to all. With a token selected: D disarm, S search, X set off a remote "
            "charge, Shift+click set a trap.")

    def __init__(self, view) -> None:
        super().__init__(view)
        self.kinds: list[str] = list(tr.default_trap_kinds())
        self.kind = self.kinds[0]
        self.facing = "E"
        self.disarm_dc: int | None = None  # what a setter asks for; None: the default 10 (R-TRAP-3)
        self.wire_start: Cell | None = None
        self.dropdown: pygame_gui.elements.UIDropDownMenu | None = None
        self._right: tuple[int, int] | None = None
        self.pills: list[tuple[str, pygame.Rect]] = []  # the hover texts the last frame drew, and where

    # -- the kind ----------------------------------------------------------------------
    def kind_info(self) -> tr.TrapKind:
        return tr.default_trap_kinds()[self.current_kind()]

    def current_kind(self) -> str:
        """The kind chosen in the drop-down (read each time: no event plumbing needed)."""
        if self.dropdown is not None and self.dropdown.alive():
            chosen = self.dropdown.selected_option
            name = chosen[1] if isinstance(chosen, tuple) else chosen
            if name in self.kinds and name != self.kind:
                self.kind = name
                self.wire_start = None
        return self.kind

    def choose(self, kind: str) -> None:
        self.kind = kind
        self.wire_start = None
        if self.dropdown is not None:
            self._make_dropdown()
        self.view.say(f"Trap: {self.kind_info().label}.", "info")

    def _options(self) -> list[tuple[str, str]]:
        kinds = tr.default_trap_kinds()
        return [(f"{i + 1 if i < 9 else 0 if i == 9 else '-'}  {kinds[k].label or k}", k) for i, k in enumerate(self.kinds)]

    def _make_dropdown(self) -> None:
        if self.dropdown is not None:
            self.dropdown.kill()
        options = self._options()
        start = next(o for o in options if o[1] == self.kind)
        board = self.view.board_rect()
        px = theme.px  # the box grows with the UI scale, as its type does (cut at 4K: "1  Simple mechani")
        rect = pygame.Rect(board.left + px(12), board.bottom - px(46), px(280), px(36))
        menu_options: list[str | tuple[str, str]] = list(options)
        import pygame_gui

        # it sits at the board's bottom edge: its list opens upwards ("#trap_kinds" in theme.gui_theme),
        # every kind in view at once (downwards it had ~40 px: two rows and a scroll bar, review10prep)
        def make(box: pygame.Rect) -> pygame_gui.elements.UIDropDownMenu:
            return pygame_gui.elements.UIDropDownMenu(menu_options, start, box, self.view.app.ui,
                                                      object_id="#trap_kinds")

        self.dropdown = make(rect)
        state = self.dropdown.current_state
        shown = state.selected_option_button if state is not None else None
        font = shown.font if shown is not None else None
        if shown is not None and font is not None:  # a house-ruled long kind name: a box wide enough for the widest
            need = max(font.size(label)[0] for label, _ in options) + (rect.width - shown.rect.width) + px(40)
            if need > rect.width:
                self.dropdown.kill()
                self.dropdown = make(rect.inflate(min(need, board.width - px(24)) - rect.width, 0).move_to(
                    left=rect.left))

    def activate(self) -> None:
        self._make_dropdown()

    def deactivate(self) -> None:
        if self.dropdown is not None:
            self.dropdown.kill()
            self.dropdown = None
        self.wire_start = None

    # -- reading ----------------------------------------------------------------------------
    def actor(self) -> Combatant | None:
        who = self.view.selected_combatant()
        return who if who is not None and who.cell is not None else None

    def waits(self, who: Combatant | None) -> str | None:
        """Why ``who`` cannot take a trap action now in a fight (the engine's words), or None."""
        return declaring_problem(self.view.state, who) if who is not None else None

    def trap_at(self, cell: Cell | None) -> tr.Trap | None:
        """The trap the viewer sees on a square (its own square or its wire)."""
        if cell is None:
            return None
        for trap in sorted(self.view.state.traps.values(), key=lambda t: t.id):
            if trap_look(trap, self.view.viewer) is not None and tuple(cell) in tr.wire_cells(trap):
                return trap
        return None

    def probe(self, cell: Cell, wire_end: Cell | None = None) -> tr.Trap | None:
        """The trap a click would place (for the preview); None if it cannot be."""
        kind = self.kind_info()
        if kind.trigger == "tripwire" and (wire_end is None or wire_end == cell):
            wire_end = (cell[0] + 1, cell[1])
        try:
            return tr.make_trap("preview", kind, cell, facing=self.facing if kind.area == "cone" else None,
                                wire_end=wire_end)
        except ValueError:
            return None

    def gm(self) -> bool:
        """The GM's own view? (The players' view, F2, has only the players' trap actions.)"""
        return self.view.viewer == "gm"

    def dc_known(self, trap: tr.Trap) -> bool:
        """May this view show the trap's disarm DC and odds? The GM's always; the players' only
        for a trap their own side set (anyone else's DC is the GM's secret, R-TRAP-3)."""
        return self.gm() or self.view.state.trap_dc_shown_to_players(trap)

    # -- placing ------------------------------------------------------------------------------
    def place(self, cell: Cell, wire_end: Cell | None = None, *, as_actor: bool = False) -> bool:
        kind = self.kind_info()
        facing = self.facing if kind.area == "cone" else None
        who = self.actor()
        if as_actor and who is not None:
            item = f"set-trap:{kind.name}"
            setting = hz.SetTrap(who.id, kind.name, as_cell(cell), facing=facing, wire_end=wire_end,
                                 disarm_dc=self.disarm_dc)
            if fight_is_on(self.view.state) and item in ITEM_USES:
                command: Any = Declare(who.id, Action("use-item", item=item, target_cell=as_cell(cell),
                                                      trap=setting.options() or None))
            else:
                command = setting  # individual turns: the engine takes it as the setter's action (N-GATE-1)
        else:
            command = hz.PlaceTrap(kind.name, as_cell(cell), facing=facing, wire_end=wire_end)
        if self.view.submit(command):
            what = "declares setting" if isinstance(command, Declare) else ("sets" if as_actor else "placed")
            subject = f"{who.name} {what}" if as_actor and who is not None else "GM placed"
            self.view.say(f"{subject} a {kind.label or kind.name} at {cell}" + (" (hidden)." if not as_actor else "."),
                          "good")
        return True

    def pointer_down(self, intent: ui.PointerDown) -> bool:
        if intent.button != 1:
            return False
        view = self.view
        cell = view.camera.cell_at(intent.pos)
        if not view.state.map.in_bounds(cell):
            return False
        shift = bool(intent.mods & pygame.KMOD_SHIFT) or view.shift_held
        token = view.token_at(cell)
        if token is not None and not shift and self.wire_start is None:
            view.select(None if view.selected == token.id else token.id)
            return True
        if not shift and self.wire_start is None and not self.gm():
            view.say("Placing hidden traps is the GM's (F2: the GM's view). Shift+click: the selected token "
                     "sets one.", "error")
            return True
        kind = self.kind_info()
        if kind.trigger == "tripwire":
            if self.wire_start is None:
                self.wire_start = cell
                view.say("Tripwire: release on (or click) the square the wire runs to.", "info")
                return True
            start, self.wire_start = self.wire_start, None
            if start == cell:
                return True
            return self.place(start, cell, as_actor=shift)
        return self.place(cell, as_actor=shift)

    def hook(self, intent: Any) -> bool:
        """Input the battle view does not pass to tools: the end of a drag, a right click."""
        view = self.view
        if isinstance(intent, ui.PointerUp) and intent.button == 1 and self.wire_start is not None:
            cell = view.camera.cell_at(intent.pos)
            if cell != self.wire_start and view.state.map.in_bounds(cell):
                start, self.wire_start = self.wire_start, None
                shift = bool(intent.mods & pygame.KMOD_SHIFT) or view.shift_held
                return self.place(start, cell, as_actor=shift)
            return False
        if isinstance(intent, ui.PointerDown) and intent.button == 3:
            self._right = intent.pos
            return False
        if isinstance(intent, ui.PointerMove) and self._right is not None:
            if max(abs(intent.pos[0] - self._right[0]), abs(intent.pos[1] - self._right[1])) > 4:
                self._right = None
            return False
        if isinstance(intent, ui.PointerUp) and intent.button == 3 and self._right is not None:
            self._right = None
            if not self.gm():  # removing a trap is the GM's
                return False
            trap = self.trap_at(view.camera.cell_at(intent.pos))
            if trap is not None and view.submit(hz.RemoveTrap(trap.id)):
                view.say(f"Removed the {trap.label}.", "good")
            return False  # the view still ends its right-button drag
        return False

    # -- keys -------------------------------------------------------------------------------------
    def on_key(self, intent: ui.KeyPress) -> bool:
        key = intent.key
        if pygame.K_0 <= key <= pygame.K_9:
            index = 9 if key == pygame.K_0 else key - pygame.K_1
            if index < len(self.kinds):
                self.choose(self.kinds[index])
            return True
        if key in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
            i = self.kinds.index(self.current_kind())
            self.choose(self.kinds[(i + (1 if key == pygame.K_RIGHTBRACKET else -1)) % len(self.kinds)])
            return True
        step = plus_minus(intent)
        if step:  # the disarm DC a setter asks for: 10 (the default) up to the setting check (R-TRAP-3)
            base = tr.default_trap_rules().disarm_dc
            wanted = max(base, (self.disarm_dc or base) + 5 * step)
            self.disarm_dc = None if wanted == base else wanted
            self.view.say(f"Traps set by a combatant: disarm DC {wanted}"
                          + (" (at most the setting check)." if self.disarm_dc else " (the default)."), "info")
            return True
        if key == pygame.K_r:
            self.facing = rotate(self.facing, -1 if intent.shift else 1)
            self.view.say(f"Cone mines face {self.facing}.", "info")
            return True
        hovered = self.trap_at(self.view.hover_cell)
        if key == pygame.K_h and hovered is not None and self.view.viewer == "gm":
            if self.view.submit(hz.DetectTrap(hovered.id)):
                self.view.say(f"The {hovered.label} is shown to everyone.", "good")
            return True
        who = self.actor()
        if key in (pygame.K_d, pygame.K_s, pygame.K_x):
            return self._action(key, who, hovered)
        return False

    def _action(self, key: int, who: Combatant | None, trap: tr.Trap | None) -> bool:
        view = self.view
        fight = fight_is_on(view.state)
        if key == pygame.K_x and trap is not None and trap.trigger == "remote" and who is None and self.gm():
            view.submit(hz.TriggerRemote(trap.id))  # the GM sets it off
            return True
        if who is None:
            view.say("Select the token that acts first.", "error")
            return True
        if key == pygame.K_s:
            command: Any = Declare(who.id, Action("use-item", item="search-traps")) if fight else hz.ActiveSearch(who.id)
        elif trap is None:
            view.say("Point at a trap first.", "error")
            return True
        elif key == pygame.K_d:
            command = DeclareDisarm(who.id, trap.id) if fight else hz.Disarm(who.id, trap.id)
        else:
            command = declare_remote(who.id, trap.cell) if fight else hz.TriggerRemote(trap.id, who.id)
        if view.submit(command) and fight:
            view.say(f"{who.name} declares it; it resolves with the Use Item actions.", "good")  # reading: R-ORD-1
        return True

    def cancel(self) -> bool:
        if self.wire_start is not None:
            self.wire_start = None
            return True
        return False

    # -- drawing -------------------------------------------------------------------------------
    def status(self) -> str:
        kind = self.kind_info()
        extra = f" facing {self.facing} (R turns)" if kind.area == "cone" else ""
        extra += "  drag from the charge to the wire's end" if kind.trigger == "tripwire" else ""
        who = self.actor()
        dc = f" (disarm DC {self.disarm_dc}, +/-)" if self.disarm_dc else " (+/-: disarm DC)"
        waits = self.waits(who)
        acts = "" if who is None else (f"  {who.name}: {waits}." if waits else
                                       f"  {who.name}: D disarm, S search, X remote, Shift+click set{dc}.")
        if waits and who is not None and self.gm():  # the GM's click still places: the wait is the token's own
            acts = f"  {possessive(who.name)} own trap actions (D, S, X, Shift+click) wait: {waits}."
        if not self.gm():  # the players' side of traps only
            acts = acts or "  Select your token: D disarm, S search, X set off a remote charge, Shift+click set a trap."
            return f"Traps: {kind.label or kind.name}{extra}.{acts}"
        return f"Traps: {kind.label or kind.name}{extra}. Click: place hidden. Right click: remove. H: show to all.{acts}"

    def board_key(self):
        return (self.current_kind(), self.facing, self.wire_start)

    def layers(self):
        return [(PREVIEW_Z, "trap-preview", self.draw_preview)]

    def odds_lines(self) -> list[str]:
        """What the hovered square offers the selected token, with the engine's odds."""
        view = self.view
        who = self.actor()
        trap = self.trap_at(view.hover_cell)
        lines: list[str] = []
        if who is None:
            return lines
        waits = self.waits(who)
        if waits:  # its actions are for its group's turn: none offered now (review 13 F10); on the GM's
            # view no pill over the map, as if the GM's own placing were refused (review 14, finding 5)
            return [] if self.gm() else [f"{who.name}: {waits}"]
        if trap is not None and trap.armed and trap.known_to(who.team) and not self.dc_known(trap):
            how, _ = disarm_preview(view.state, who, trap)
            lines.append(f"D: {who.name} disarms ({how})")  # the players' view: the roll, not the GM's DC
        elif trap is not None and trap.armed and trap.known_to(who.team):
            how, odds = disarm_preview(view.state, who, trap)
            lines.append(f"D: {who.name} disarms ({how}) DC {trap.disarm_dc}: disarmed {percent(odds['disarmed'])}"
                         f" · retry {percent(odds['retry'])} · goes off {percent(odds['triggered'])}")
            if trap.trigger == "remote":
                lines.append(f"X: {who.name} sets it off (Standard action, Use Item)")
        else:
            how, odds = set_preview(who)
            lines.append(f"Shift+click: {who.name} sets a {self.kind_info().label} ({how} vs DC "
                         f"{tr.default_trap_rules().set_dc}): set {percent(odds['set'])} · not set "
                         f"{percent(odds['failed'])} · explodes {percent(odds['explodes'])}")
        perception, bonus = sheet.skill_check(who, "Perception")  # "Perception (WIS)" when untrained
        lines.append(f"S: search {tr.default_trap_rules().active_search_radius_ft} ft around "
                     f"({perception} {bonus:+d}, Standard action)")
        return lines

    def draw_preview(self, ctx: DrawContext) -> None:
        view = self.view
        cell = view.hover_cell
        cam = ctx.camera
        if cell is None or not ctx.state.map.in_bounds(cell):
            return
        start = self.wire_start or cell
        probe = self.probe(start, cell if self.wire_start else None)
        if probe is not None and self.trap_at(cell) is None:
            walls = ctx.state.current_map()
            if probe.area == "cone":
                dashed_outline(ctx, tr.trap_area(probe, walls=walls), GHOST, 2)
            if probe.trigger == "proximity":
                dashed_outline(ctx, trigger_cells(probe, walls), GHOST, 1)
            if self.wire_start is not None:
                a, b = cam.to_screen(cell_center(start)), cam.to_screen(cell_center(cell))
                pygame.draw.line(ctx.surface, GHOST, a, b, max(2, cam.cell_px // 18))
            draw.cell_cursor(ctx.surface, cam.cell_rect(start), GHOST, 2)
        self._draw_search_odds(ctx)
        x, y, w, h = cam.cell_rect(cell)
        top = y - 4
        stack = []
        room = self._hint_room(ctx)
        size = draw.label_size(cam.cell_px)
        lines = [part for text in self.odds_lines() for part in _wrapped(text, size, room.width - 8)]
        for text in reversed(lines):  # stacked above the square
            img = draw.pill(text, size, theme.LABEL_WARM)
            rect = img.get_rect(midbottom=(x + w // 2, top))
            stack.append((text, img, rect))
            top = rect.top - 2
        if stack:  # the stack moved as one: clear of the panels and the trap tags, never off the window
            whole = stack[0][2].unionall([rect for _, _, rect in stack])
            moved = self._hint_place(ctx, room, whole, pygame.Rect(x, y, w, h))
            dx, dy = moved.x - whole.x, moved.y - whole.y
            stack = [(text, img, rect.move(dx, dy)) for text, img, rect in stack]
            ctx.surface.fblits([(img, rect) for _, img, rect in stack])
        self.pills = [(text, rect) for text, _, rect in stack]

    def _hint_room(self, ctx: DrawContext) -> pygame.Rect:
        """The board the panels leave free (the Turns panel, the log column, the combat panels)."""
        room = placement.panel_free_room(self.view, ctx.clip)
        return room if room.width >= 200 else pygame.Rect(ctx.clip)  # (a narrow window: the board)

    @staticmethod
    def _hint_place(ctx: DrawContext, room: pygame.Rect, whole: pygame.Rect, square: pygame.Rect) -> pygame.Rect:
        """Where the hint's stack goes: above the hovered square, else below it, inside ``room``
        and clear of the trap tags (review 16, F9: it began under the Turns panel, "Shift+"
        unreadable, and lay on the tags), else where it covers least."""
        below = whole.copy()
        below.midtop = (square.centerx, square.bottom + 4)
        tags = [rect for _, rect, _ in trap_tags(ctx).values()]
        return placement.place([whole, below], room, cards=tags)

    def _draw_search_odds(self, ctx: DrawContext) -> None:
        """GM only: the chance a search by the selected token finds each hidden trap in reach (R-TRAP-2)."""
        who = self.actor()
        if who is None or not ctx.gm:
            return
        search = search_plan(ctx.state, who)  # the engine's own search: the same d20, the same totals
        odds = search.odds()
        for trap in search.traps:
            p = odds[trap.id]
            x, y, w, h = ctx.camera.cell_rect(trap.cell)
            draw.pill_at(ctx.surface, f"search finds {percent(p)}", (x + w // 2, y),
                         size=draw.label_size(ctx.camera.cell_px) - 2, colour=theme.LABEL_COOL,
                         bg=(*theme.SEARCH_BG, 220), anchor="midbottom")


def _wrapped(text: str, size: int, width: int) -> list[str]:
    """``text`` as the hint's pills no wider than ``width``: broken between words where it must (a
    window whose free board is narrower than "Shift+click: Brandon sets a ... explodes 5%")."""
    if draw.pill(text, size).get_width() <= width:
        return [text]
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        wider = f"{line} {word}" if line else word
        if line and draw.pill(wider, size).get_width() > width:
            lines.append(line)
            line = word
        else:
            line = wider
    return lines + [line] if line else lines


__all__ = ["TrapTool", "disarm_check", "disarm_preview", "set_preview"]
