"""The turn tracker for individual turns (issue 6; R-TURN-1..5, R-FACE-1).

Shown by the battle view when ``state.mode == "individual"``. It draws:

* the tracker card (top left): the turn order, the current character framed,
  each row with its two pips (contested / non-contested: filled while open,
  hollow once used, the contested one crossed when traded or barred) and an
  ``H`` chip while it holds an action. Rows can be dragged to a new place
  (``ReorderTurns``); a click selects the token. Below: the current
  character's buttons (attack with each weapon or Technique, Hold, Extend an
  ending effect, End turn keeping or choosing a facing) and Begin next turn;
  before the fight, Start in table order or rolled (with the NPC grouping);
* the interrupt banner (top centre, modal while it shows): "Kira holds an
  action: interrupt Bear 2's move? [Block] [Use] [Pass]". Block and Use select
  the holder. After Use a click on a square of the mover's path blocks it, any
  other square is a held move; after Block only a square of the path is taken
  (any other click is refused with words, the held action kept; Esc: back to
  the question), so a misclick never spends the held action on a plain move;
* a board layer: the waiting move's path, and the last blocked move with the
  part that was cut drawn red up to the blocker.

Every button submits an engine command; what is shown is asked of
:mod:`tactics.engine.combat.individual.view`. Moves made with the Select tool become
``TakeAction(move)`` / ``UseHeld`` / ``Block`` in this mode (:func:`turns_move`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import pygame

from tactics.engine.combat.team import sheet_of
from tactics.engine.core.state import EncounterState
from tactics.engine.core.table import who_rolls
from tactics.engine.combat.individual.procedure import BeginTurn, EndTurn, ReorderTurns, StartTurns, turns_of
from tactics.engine.combat.individual.actions import Hold, TakeAction, TurnAction, why_not_hold
from tactics.ui.panels.turn_treat import treat_block, treat_commands
from tactics.engine.combat.individual.interrupts import Block, Pass, UseHeld
from tactics.engine.combat.individual.view import (
    extendable, initiative_rolls, pending_interrupt, pips_of, question_hidden_from_players, tracker_rows,
)
from tactics.engine.combat.individual.shot_previews import held_shot_squares, loaded_weapons, reload_problem, sure_weapons
from tactics.engine.combat.individual.shots import capacity, loads_left
from tactics.rules import turns as rt
from tactics.rules.grid import Cell, DIRECTIONS, as_cell, square_words
from tactics.ui import draw, render, situation, theme
from tactics.ui import intents as ui
from tactics.ui import layout_probe as probe
from tactics.ui import widgets as w
from tactics.ui.theme import px
from tactics.ui.panels.combat import columns, combat_move, room_between
from tactics.ui.panels.next_turn import begin_next_turn
from tactics.ui.panels.app_turn import app_turn_note
from tactics.ui.panels.turns_log import TurnsColumn
from tactics.ui.tools.attack import AttackTool, _declare, set_attack_command
from tactics.ui.tools.select import set_move_command
from tactics.ui.tools.shot import ShotTool

if TYPE_CHECKING:
    from tactics.ui.context import BoardView

ROW_H = 30
ROLL_H = 20  # the initiative roll's line under a name in a rolled order
WIDTH = 320
PATHS_Z = render.TOKENS_Z - 1
CONTESTED_COLOUR = theme.CONTESTED_PIP
PLAIN_COLOUR = theme.PLAIN_PIP
LEGEND = (("other", PLAIN_COLOUR), ("contested", CONTESTED_COLOUR))  # right to left, beside or under the title
GROUPINGS = ("one", "groups", "single")
GROUPING_LABELS = {  # what the button cycles through, in words (it read "NPCs roll: one")
    "one": "NPC initiative: one roll for all (click)",
    "groups": "NPC initiative: a roll per group (click)",
    "single": "NPC initiative: each rolls (click)",
}


def individual(state: EncounterState) -> bool:
    return state.mode == "individual"


def turns_move(state: EncounterState, cid: str, path: list[Cell], reach: Any) -> Any:
    """The Select tool's move in individual turns: the current character's move
    action, a prompted holder's block (a square of the mover's path) or held move."""
    turns = turns_of(state)
    if not individual(state) or turns is None or turns.phase == "ended":
        return combat_move(state, cid, path, reach)
    action = TurnAction("move", path=list(path))
    route = reach.routes.get(tuple(path[-1])) if path and getattr(reach, "routes", None) else None
    if route is not None and len(route.legs) == 2 and turns.current == cid:  # two move actions (R-TURN-2)
        return [TakeAction(cid, TurnAction("move", path=list(leg))) for leg in route.legs]
    prompt = pending_interrupt(state)
    if prompt is not None and prompt.holder == cid:
        if path and tuple(path[-1]) in prompt.block_squares:
            return Block(cid, as_cell(path[-1]), list(path))
        return UseHeld(cid, action)
    if turns.current != cid and cid in turns.held:
        return UseHeld(cid, action)
    return TakeAction(cid, action)


def turns_attack(state: EncounterState, attacker: str, target: str, tool: Any, path: list[Cell] | None) -> Any:
    """The Attack tool's command in individual turns: the current character's attack
    or Technique as ``TakeAction`` (R-TURN-2); the team rules' ``Declare`` otherwise."""
    if not individual(state) or turns_of(state) is None:
        return _declare(state, attacker, target, tool, path)
    weapon, technique = tool.arms()
    situational = int(getattr(tool, "situational", 0))  # the GM's cover, flanking, height (ui.situation)
    if technique:
        return TakeAction(attacker, TurnAction("technique", technique=technique, target=target, path=path,
                                               situational=situational))
    return TakeAction(attacker, TurnAction("attack", weapon=weapon, target=target, situational=situational))


def _sentence(text: str) -> str:
    """An engine reason as the tracker shows it: its first letter capitalised."""
    return text[:1].upper() + text[1:]


def roll_text(rolls) -> str:
    """``d20 14 + 3 = 17``, tie-breakers after it: ``d20 14 + 3 = 17, tie: 9 + 3 = 12`` (R-TURN-1)."""
    parts = []
    for r in rolls:
        sign = "+" if r.bonus >= 0 else "-"
        head = "d20 " if not r.attempt else "tie: "
        parts.append(f"{head}{r.d20} {sign} {abs(r.bonus)} = {r.total}")
    return ", ".join(parts)


class TurnsPanel(w.Panel):
    """The tracker card, the interrupt banner and their input, for one battle view."""

    def __init__(self, view: "BoardView") -> None:
        super().__init__(title="Turns")
        self.view = view
        self.banner = w.Panel(title="Interrupt")
        self.grouping = "one"
        self.column = TurnsColumn(self)  # the log and the last roll (right)
        self.drag: tuple[str, int, int] | None = None  # (combatant, start y, current y)
        self.row_rects: dict[str, pygame.Rect] = {}
        self.hover: tuple[int, int] | None = None
        self.blocking: tuple[str, int] | None = None  # (holder, pending id) after Block: only a path square is taken

    @property
    def state(self) -> EncounterState:
        return self.view.state

    def active(self) -> bool:
        return individual(self.state)

    # -- commands ----------------------------------------------------------------
    def submit(self, command) -> bool:
        if not self.view.submit(command):
            return False
        self.view.app.dirty = True
        return True

    def start(self, order: str) -> None:
        if self.submit(StartTurns(order, npc_grouping=self.grouping)):
            self.submit(BeginTurn())

    def cycle_grouping(self) -> None:
        self.grouping = GROUPINGS[(GROUPINGS.index(self.grouping) + 1) % len(GROUPINGS)]

    def end_turn(self, facing: str | None = None) -> None:
        """End the turn facing ``facing`` (None: keeping the facing, no prompt), then the next turn begins."""
        if not self.submit(EndTurn(facing=facing)):
            return
        from tactics.ui.hazards import hazards_of

        addon = hazards_of(self.view)
        if facing is None and addon is not None and addon.prompt.queue:
            addon.prompt.stop(answered=True)  # "keep facing": the prompt has its answer (it begins the next turn)
        else:
            begin_next_turn(self.view)

    def aim_at(self, cid: str, kind: str, name: str) -> None:
        """The Attack tool aims ``cid``'s weapon or Technique: hovering a target shows the
        range, the line of sight and the exact odds; a click takes the action."""
        self.view.set_tool("attack")
        tool = cast("AttackTool", self.view.tools["attack"])
        if kind == "technique":
            tool.aim(cid, "technique", technique=name)
        else:
            tool.aim(cid, "standard-attack", weapon=name)
        self.view.say(f"{self.state.combatants[cid].name}: click the target on the map (Esc cancels).", "info")

    def fit_rect(self, board: pygame.Rect) -> pygame.Rect:
        """Where "fit the map" puts the map: right of the tracker, left of the log column (the team
        rounds' right column, :func:`~tactics.ui.panels.combat.columns`: it was 400 px at scale 1
        and left the bundled map at 23 px a square at 1280x720, outside review 17 N6); in the
        players' view (F2) too, though it shows no log: F2 keeps the map where it is (review 16 F3)."""
        return room_between(board, px(WIDTH), columns(board)[1])

    def clear_room(self, room: pygame.Rect) -> pygame.Rect:
        """``room`` without the tracker's and the log column's strips (for the odds card)."""
        left = self.rect.right + px(8) if self.rect is not None else room.left
        column = self.column.rect()
        right = column.left - px(8) if column is not None else room.right
        if right - left < px(360):
            return room
        return pygame.Rect(max(room.left, left), room.top, min(room.right, right) - max(room.left, left), room.height)

    def answer(self, how: str) -> None:
        prompt = pending_interrupt(self.state)
        if prompt is None:
            return
        self.blocking = (prompt.holder, prompt.pending_id) if how == "block" and prompt.can_block else None
        if how == "pass":
            self.submit(Pass(prompt.holder))
            return
        self.view.set_tool("select")
        self.view.select(prompt.holder)
        name = self.state.combatants[prompt.holder].name
        if how == "block":
            self.view.say(f"{name}: click a square of the path to step into (outlined). Esc: back to the question.",
                          "info")
        else:
            self.view.say(f"{name}: click where to move with the held action.", "info")

    def block_prompt(self):
        """The prompt the holder answered with Block, while it still waits (else None)."""
        if self.blocking is None:
            return None
        prompt = pending_interrupt(self.state)
        if prompt is None or (prompt.holder, prompt.pending_id) != self.blocking or not prompt.can_block:
            self.blocking = None
            return None
        return prompt

    def _block_click(self, pos: tuple[int, int]) -> bool:
        """After Block, a board click: a square of the mover's path goes on to the Select tool (the
        block); any other is refused with words and the held action kept (review 9, finding 1)."""
        prompt = self.block_prompt()
        if prompt is None or not self.view.board_rect().collidepoint(pos):
            return False
        cell = self.view.camera.cell_at(pos)
        if cell in prompt.block_squares:
            if self.view.selected != prompt.holder:
                self.view.select(prompt.holder)
            return False
        mover = self.state.combatants[prompt.actor].name
        self.view.say(f"Block: click a square of {mover}'s path (outlined); Esc: back to the question. "
                      f"{self.state.combatants[prompt.holder].name} keeps the held action.", "error")
        self.view.flash_bad(cell)
        return True

    # -- input ---------------------------------------------------------------------
    def handle(self, intent) -> bool:
        if not self.active():
            return False
        if self.column.handle(intent):
            return True
        if isinstance(intent, ui.KeyPress) and intent.key == pygame.K_ESCAPE and self.block_prompt() is not None:
            self.blocking = None
            self.view.say("Back to the question: Block, Use or Pass.", "info")
            return True
        if isinstance(intent, ui.PointerMove):
            self.hover = intent.pos
            if self.drag is not None:
                self.drag = (self.drag[0], self.drag[1], intent.pos[1])
                self.view.app.dirty = True
                return True
            return False
        if isinstance(intent, ui.PointerDown) and intent.button == 1:
            if self.banner.contains(intent.pos):
                self.banner.click(intent.pos)
                self.view.app.dirty = True
                return True
            if self.contains(intent.pos):
                for cid, rect in self.row_rects.items():
                    if rect.collidepoint(intent.pos):
                        self.drag = (cid, intent.pos[1], intent.pos[1])
                        return True
                self.click(intent.pos)
                self.view.app.dirty = True
                return True
            if self._block_click(intent.pos):
                self.view.app.dirty = True
                return True
            return False
        if isinstance(intent, ui.PointerUp) and intent.button == 1 and self.drag is not None:
            cid, start, now = self.drag
            self.drag = None
            if abs(now - start) < 6:
                self.view.select(cid)
            else:
                self._drop(cid, now)
            self.view.app.dirty = True
            return True
        return False

    def _drop(self, cid: str, y: int) -> None:
        turns = turns_of(self.state)
        if turns is None:
            return
        rows = [(c, r) for c, r in self.row_rects.items() if c != cid]
        index = sum(1 for _, r in rows if r.centery < y)
        try:
            order = rt.reorder(turns.order, cid, index)
        except rt.TurnRefused:
            return
        if order != turns.order:
            self.submit(ReorderTurns(order))

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.begin()
        self.banner.begin()
        self.row_rects = {}
        if not self.active():
            return
        board = self.view.board_rect()
        self._tracker(surface, board.x + px(12), board.y + px(12))
        self.column.draw(surface, board)
        self._banner(surface, board)

    def _tracker(self, surface: pygame.Surface, x: int, y: int) -> None:
        state = self.state
        turns = turns_of(state)
        rows = tracker_rows(state)
        gm = self.view.viewer == "gm"
        rows = [r for r in rows if gm or not state.hidden_from_players(state.combatants[r.id])]
        buttons = self._buttons()
        row_h = px(ROW_H) + (px(ROLL_H) if turns is not None and turns.rolls else 0)  # the d20 + Reflex line (R-TURN-1)
        # who is not here yet, and how the GM brings them in (a second reviewer found no word of Katie)
        away = [c for c in state.combatants.values() if not c.present and (gm or not state.hidden_from_players(c))]
        away_lines = [line for c in away for line in w.wrap(
            f"{c.name}: not here yet" + (" (right-click a square: Join the fight here)" if gm else ""), 14,
            px(WIDTH) - 2 * theme.PANEL_PAD, "regular")]
        away_h = w.line_h(14, "regular") * len(away_lines) + (px(6) if away_lines else 0)
        title = "Individual turns" if turns is None else (
            f"Fight over (round {turns.round})" if turns.phase == "ended" else f"Turns: round {turns.round}")
        legend = LEGEND if rows and turns is not None else ()
        legend_w = sum(w.text_width(label, 13, "regular") + px(22) for label, _ in legend)
        # a title too long for the legend beside it ("Fight over (round 6)") puts the legend under it
        legend_below = bool(legend) and (w.text_width(title, 18, "bold") + px(12) + legend_w
                                         > px(WIDTH) - 2 * theme.PANEL_PAD)
        legend_h = w.line_h(13, "regular") + px(2) if legend_below else 0
        # (in scaled pixels: at 4K an unscaled 56 left the last button hanging below the card)
        height = (px(16) + w.line_h(18, "bold") + px(18) + legend_h + row_h * len(rows) + away_h
                  + sum(h for _, h in buttons) + (px(8) if buttons else 0))
        rect = pygame.Rect(x, y, px(WIDTH), height)
        w.card(surface, rect)
        probe.panel(surface, rect, "Turns")
        self.rect = rect
        w.text(surface, title, (x + theme.PANEL_PAD, y + px(10)), 18, theme.ACCENT, "bold")
        if legend:  # what the two dots of a row are (a reviewer asked)
            right, mid = x + px(WIDTH) - theme.PANEL_PAD, y + px(10) + w.line_h(18, "bold") // 2
            if legend_below:
                mid = y + px(10) + w.line_h(18, "bold") + w.line_h(13, "regular") // 2
            for label, colour in legend:
                at = w.text(surface, label, (right, mid), 13, theme.TEXT_DIM, "regular", "midright")
                w.pip(surface, (at.left - px(9), mid), colour, "open", px(5))
                right = at.left - px(22)
        cy = y + px(16) + w.line_h(18, "bold") + legend_h
        dragged = self.drag[0] if self.drag and abs(self.drag[2] - self.drag[1]) >= 6 else None
        for row in rows:
            r = pygame.Rect(x + px(6), cy, px(WIDTH) - px(12), row_h - px(2))
            self.row_rects[row.id] = r
            if dragged == row.id and self.drag is not None:
                r = r.move(0, self.drag[2] - self.drag[1])
            self._row(surface, r, row)
            cy += row_h
        cy += px(6)
        for line in away_lines:
            w.text(surface, line, (x + theme.PANEL_PAD, cy), 14, theme.TEXT_DIM, "regular")
            cy += w.line_h(14, "regular")
        if away_lines:
            cy += px(6)
        for draw_fn, h in buttons:
            draw_fn(surface, pygame.Rect(x + theme.PANEL_PAD, cy, px(WIDTH) - 2 * theme.PANEL_PAD, h - px(6)))
            cy += h

    def _row(self, surface: pygame.Surface, r: pygame.Rect, row) -> None:
        team = self.state.teams.get(row.team)
        colour = tuple(team.colour) if team else theme.TEXT
        if row.current:
            pygame.draw.rect(surface, tuple(c // 3 for c in colour), r, border_radius=px(6))
            pygame.draw.rect(surface, theme.ACCENT, r, 2, border_radius=px(6))
        rolls = initiative_rolls(self.state, row.id)
        mid = r.y + (px(ROW_H) - px(2)) // 2
        pygame.draw.circle(surface, colour, (r.x + px(12), mid), px(7))
        name_colour = theme.TEXT_DIM if (row.acted or row.out) and not row.current else theme.TEXT
        name = row.name + (" (down)" if row.out else "")
        weight = "bold" if row.current else "semibold"
        for line in w.fit_line(name, 17, r.right - px(96) - (r.x + px(26)), weight):
            w.text(surface, line, (r.x + px(26), mid), 17, name_colour, weight, "midleft")
        if rolls:  # d20 face + Reflex = total, tie-breakers after it (R-TURN-1)
            face = rolls[0]
            cy = r.y + px(ROW_H) - px(4) + px(ROLL_H) // 2
            w.text(surface, "d20", (r.x + px(26), cy), 13, theme.TEXT_DIM, "bold", "midleft")
            die = pygame.Rect(r.x + px(52), cy - px(ROLL_H) // 2 + 1, px(28), px(ROLL_H) - px(2))
            pygame.draw.rect(surface, theme.DIE_D20, die, border_radius=px(5))
            w.text(surface, str(face.d20), die.center, 15, theme.INK, "bold", "center")
            w.text(surface, roll_text(rolls).removeprefix(f"d20 {face.d20} "), (die.right + px(6), cy), 14,
                   theme.TEXT_DIM, "regular", "midleft")
        pip_x = r.right - px(84)
        w.pip(surface, (pip_x, mid), CONTESTED_COLOUR, row.pips.contested, px(8))
        w.pip(surface, (pip_x + px(24), mid), PLAIN_COLOUR, row.pips.plain, px(8))
        if row.holding:
            w.chip(surface, (r.right - px(34), r.y + px(2)), "H", size=14, colour=theme.INK, bg=theme.ACCENT)

    def _buttons(self) -> list[tuple[Any, int]]:
        """(draw function, height) of the buttons under the rows, for the current moment."""
        state = self.state
        turns = turns_of(state)
        out: list[tuple[Any, int]] = []
        if self.view.viewer != "gm":
            return out
        if who_rolls(state) != "app":  # the table setting asks for typed dice: say plainly it does not apply here
            out.append((self._dice_note, px(44)))

        def one(label: str, key: str, fn, style: str = "normal", enabled: bool = True):
            return (lambda s, r: w.button(self, s, r, label, key, fn, style=style, enabled=enabled, size=15,
                                          hover=self.hover), px(38))

        if turns is None or turns.phase == "ended":
            out.append(one(GROUPING_LABELS[self.grouping], "grouping", self.cycle_grouping, "chip"))
            out.append(one("Start: table order", "start-table", lambda: self.start("table"), "primary"))
            out.append(one("Start: roll d20 + Reflex", "start-rolled", lambda: self.start("rolled"), "primary"))
            return out
        if turns.phase != "action" or turns.current is None:
            out.append(one("Begin next turn", "begin", lambda: self.submit(BeginTurn()), "primary"))
            return out
        cid = turns.current
        note = app_turn_note(state, cid)
        if note is not None:  # the app plays this creature: no buttons that would play it (review 7)
            lines = w.wrap(note, 14, px(WIDTH) - 2 * theme.PANEL_PAD, "regular")

            def say(surface: pygame.Surface, rect: pygame.Rect) -> None:
                for n, line in enumerate(lines):
                    w.text(surface, line, (rect.x, rect.y + n * w.line_h(14, "regular")), 14, theme.TEXT_DIM, "regular")
            out.append((say, w.line_h(14, "regular") * len(lines) + px(8)))
            return out
        sheet = sheet_of(state.combatants[cid])
        waiting = turns.pending is not None
        can_attack = not waiting and pips_of(state, cid).contested == "open"  # R-TURN-2
        aimed = self._aimed(cid)
        for weapon in dict.fromkeys(sheet.weapons):  # two crossbows: one button (their loads count together)
            out.append(one(f"Attack: {weapon.replace('_', ' ')}", f"weapon:{weapon}",
                           lambda n=weapon: self.aim_at(cid, "weapon", n), "on" if aimed == f"weapon:{weapon}" else "normal",
                           enabled=can_attack))
            if aimed == f"weapon:{weapon}":
                out.append(self._situation_row())
        out += self._shot_buttons(cid, waiting, one)
        for label, key, command in [] if waiting else treat_commands(state, cid):  # reading: N-TREAT-1
            out.append(one(label, key, lambda c=command: self.submit(c)))
        if (why := treat_block(state, cid)) is not None:  # greyed with the engine's words (N-TREAT-1)
            out.append(one("Treat Injury", "treat:nobody", None, enabled=False))
            out.append(self._reason(why))
        for tech in sheet.techniques:
            out.append(one(f"Technique: {tech.replace('_', ' ')}", f"technique:{tech}",
                           lambda n=tech: self.aim_at(cid, "technique", n), "on" if aimed == f"technique:{tech}" else "normal",
                           enabled=can_attack))
            if aimed == f"technique:{tech}":
                out.append(self._situation_row())
        out += self._skill_buttons(cid, one)
        for name in extendable(state):
            out.append(one(f"Extend {name}", f"extend:{name}",
                           lambda n=name: self.submit(TakeAction(cid, TurnAction("extend", effect=n))), "on"))
        out += self._door_buttons(cid, waiting, one)
        why_hold = why_not_hold(state, cid)  # the engine's words, not the click's refusal (review 18)
        out.append(one("Hold an action", "hold", lambda: self.submit(Hold(cid)), enabled=why_hold is None))
        if why_hold is not None and not waiting:  # (a waiting action is said in the banner)
            out.append(self._reason(_sentence(why_hold)))
        out.append((self._facing_row, px(40)))
        out.append(one("End turn (same facing)", "end-turn", self.end_turn, "primary", enabled=not waiting))
        return out

    def _aimed(self, cid: str) -> str | None:
        """"weapon:<id>" or "technique:<id>" while the Attack tool aims ``cid``'s attack, else None."""
        tool = self.view.tool
        if not isinstance(tool, AttackTool) or tool.name != "attack" or getattr(tool.attacker(), "id", None) != cid:
            return None
        weapon, technique = tool.arms()
        return f"technique:{technique}" if technique else f"weapon:{weapon}"

    def _situation_row(self) -> tuple[Any, int]:
        """The GM's situational advantages on the aimed attack (cover, flanking, height: ui.situation)."""
        def row(surface: pygame.Surface, rect: pygame.Rect) -> None:
            tool = self.view.tool
            if isinstance(tool, AttackTool):
                situation.draw_row(self, surface, rect.inflate(-px(8), 0).move(px(4), 0), tool, self.hover)
        return row, situation.row_height() + px(4)

    def _reason(self, text: str, colour: tuple[int, int, int] = theme.WARN) -> tuple[Any, int]:
        """The engine's reason under a greyed button, in the declare card's warning colour (or other
        words under a button: ``colour``)."""
        inner = px(WIDTH) - 2 * theme.PANEL_PAD - px(8)
        lines = w.wrap(text, 14, inner, "regular")

        def say(surface: pygame.Surface, rect: pygame.Rect) -> None:
            for n, line in enumerate(lines):
                w.text(surface, line, (rect.x + px(8), rect.y + n * w.line_h(14, "regular")), 14, colour, "regular")
        return say, w.line_h(14, "regular") * len(lines) + px(6)

    def _skill_buttons(self, cid: str, one) -> list[tuple[Any, int]]:
        """Hide and Search, the turn's contested action (R-TURN-2; reading: N-TURN-4), as the engine
        says (:mod:`tactics.engine.combat.individual.skills`): each button with the exact odds under it
        as the team rounds' resolve queue gives them ("Stealth d20 + 8 vs Passive Perception 13 (Bear
        1-4)", "hidden 75%, seen 25%"; N-SKILL-2), or greyed with the engine's reason (said once when
        both have the same one). The tracker's buttons are the GM's: the numbers may be named."""
        from tactics.engine.combat.individual.skills import turn_skills
        from tactics.ui.attack_words import skill_lines

        out: list[tuple[Any, int]] = []
        skills = turn_skills(self.state, cid)
        for n, skill in enumerate(skills):
            out.append(one(skill.label, f"skill:{skill.item}", lambda c=skill.command: self.submit(c),
                           enabled=skill.refusal is None))
            if skill.refusal is None:
                out.append(self._reason("; ".join(skill_lines(skill.odds)), theme.TEXT_DIM))
            elif n + 1 == len(skills) or skills[n + 1].refusal != skill.refusal:
                out.append(self._reason(skill.refusal))
        return out

    def _dice_note(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Individual turns resolve each action at once with the app's dice; with the table set to
        type its dice the tracker says so, rather than rolling for the table without a word."""
        y = rect.y
        for line in w.wrap("Dice: the app rolls every die in individual turns (typed dice are for team rounds)",
                           13, rect.width, "regular")[:2]:
            w.text(surface, line, (rect.x, y), 13, theme.BAD_SOFT, "regular")
            y += w.line_h(13, "regular")

    def _shot_buttons(self, cid: str, waiting: bool, one) -> list[tuple[Any, int]]:
        """Sure shot and Reload for the current character's loaded weapons (non-contested, N-SHOT-1):
        the label says the shots left; a reload the engine would refuse is greyed out."""
        state = self.state
        who = state.combatants[cid]
        plain_open = not waiting and pips_of(state, cid).plain == "open"
        out = []
        for weapon in sure_weapons(who):
            left = loads_left(state, who, weapon)
            loaded = "" if left is None else f" ({left}/{capacity(who, weapon)})"
            out.append(one(f"Sure shot: {weapon.title.lower()}{loaded}", f"shot:{weapon.name}",
                           lambda n=weapon.name: self.aim_shot(cid, n), enabled=plain_open and left != 0))
        for weapon in loaded_weapons(who):
            problem = reload_problem(state, cid, weapon.name)
            left = loads_left(state, who, weapon)
            out.append(one(f"Reload: {weapon.title.lower()} ({left}/{capacity(who, weapon)})", f"reload:{weapon.name}",
                           lambda n=weapon.name: self.submit(TakeAction(cid, TurnAction("reload", weapon=n))),
                           enabled=problem is None))
        return out

    def _door_buttons(self, cid: str, waiting: bool, one) -> list[tuple[Any, int]]:
        """Open or close a door beside the current character (one non-contested action, N-DOOR-4),
        when the engine would accept it."""
        from tactics.engine.combat.doors import doors_in_reach
        from tactics.rules.doors import sides
        from tactics.ui.tools.doors import accepted, door_command

        state = self.state
        out = []
        for door in [] if waiting else doors_in_reach(state, state.combatants[cid].cell):
            command, _ = door_command(state, door, cid)
            if command is None or not accepted(state, command):
                continue
            a, b = sides(state.map.doors[door].segment)
            verb = "Open" if command.action.effect == "open-door" else "Close"
            out.append(one(f"{verb} door {square_words(a)} | {square_words(b)}", f"door:{door}",
                           lambda c=command: self.submit(c)))
        return out

    def shot_tool(self) -> ShotTool:
        tool = self.view.tools.get(ShotTool.name)
        if not isinstance(tool, ShotTool):
            tool = self.view.tools[ShotTool.name] = ShotTool(self.view)
        return tool

    def aim_shot(self, cid: str, weapon: str, *, held: bool = False) -> None:
        """The sure-shot tool aims ``cid``'s loaded weapon: at a target, or (held) at a square of the
        waiting move; hovering shows the range, the damage and the shots left, or why not."""
        tool = self.shot_tool()
        self.view.set_tool(ShotTool.name)
        tool.aim_shot(cid, weapon, held=held)
        name = self.state.combatants[cid].name
        if held:
            self.view.say(f"{name}: click the square of the path to fire from (green: in reach and sight).", "info")
        else:
            self.view.say(f"{name}: click the target of the sure shot (Esc cancels).", "info")

    def _facing_row(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """End the turn facing one of the 8 directions (R-FACE-1)."""
        turns = turns_of(self.state)
        waiting = turns is not None and turns.pending is not None
        bw = (rect.width - px(7) * 3) // 8
        for i, d in enumerate(DIRECTIONS):
            r = pygame.Rect(rect.x + i * (bw + px(3)), rect.y, bw, rect.height)
            w.button(self, surface, r, d, f"face:{d}", lambda d=d: self.end_turn(d), style="chip", size=13,
                     enabled=not waiting, hover=self.hover)

    def _banner(self, surface: pygame.Surface, board: pygame.Rect) -> None:
        prompt = pending_interrupt(self.state)
        if prompt is None:
            return
        if self.view.viewer != "gm" and question_hidden_from_players(self.state):
            return  # the players' view: only the turn banner's "Waiting for the GM" (reading: N-HOT-1)
        width = min(720, board.width - px(2) * px(WIDTH) - px(60))
        width = max(420, width)
        # the mover's own risk first (difficult ground on its way), under the question (R-MOVE-2)
        notes = w.wrap(prompt.note, 15, width - 2 * theme.PANEL_PAD, "regular") if prompt.note else []
        note_h = len(notes) * w.line_h(15, "regular")
        rect = pygame.Rect(board.centerx - width // 2, board.y + px(60), width, px(100) + note_h)
        w.card(surface, rect, accent=theme.ACCENT)
        probe.panel(surface, rect, "Interrupt")
        self.banner.rect = rect
        for line in w.fit_line(prompt.text, 19, rect.width - 2 * theme.PANEL_PAD, "bold"):
            w.text(surface, line, (rect.centerx, rect.y + px(12)), 19, theme.TEXT, "bold", "midtop")
        for i, line in enumerate(notes):
            w.text(surface, line, (rect.centerx, rect.y + px(42) + i * w.line_h(15, "regular")), 15,
                   theme.OUTCOME_STOPPED, "regular", "midtop")
        holder = self.state.combatants[prompt.holder]
        fire = sure_weapons(holder)  # a held sure shot: on a square of a waiting move (N-HELD-1), else before it
        on_path = bool(held_shot_squares(self.state))
        bw, fw = 120, px(190)  # a Fire button names the weapon
        count = 3 + len(fire)
        x = rect.centerx - (3 * bw + len(fire) * fw + (count - 1) * px(10)) // 2
        y = rect.y + px(50) + note_h
        w.button(self.banner, surface, pygame.Rect(x, y, bw, px(38)), "Block", "block", lambda: self.answer("block"),
                 style="danger", enabled=prompt.can_block, hover=self.hover)
        w.button(self.banner, surface, pygame.Rect(x + bw + px(10), y, bw, px(38)), "Use", "use",
                 lambda: self.answer("use"), hover=self.hover)
        for i, weapon in enumerate(fire):
            left = loads_left(self.state, holder, weapon)
            w.button(self.banner, surface, pygame.Rect(x + 2 * (bw + px(10)) + i * (fw + px(10)), y, fw, px(38)),
                     f"Fire {weapon.title.lower()}", f"fire:{weapon.name}",
                     lambda n=weapon.name: self.aim_shot(prompt.holder, n, held=on_path), enabled=left != 0,
                     hover=self.hover)
        w.button(self.banner, surface, pygame.Rect(x + 2 * (bw + px(10)) + len(fire) * (fw + px(10)), y, bw, px(38)),
                 "Pass", "pass",
                 lambda: self.answer("pass"), style="primary", hover=self.hover)

    def button_rect(self, key: str) -> pygame.Rect | None:
        return super().button_rect(key) or self.banner.button_rect(key)


# --------------------------------------------------------------------------- board layer
def paths_layer(ctx: render.DrawContext) -> None:
    """The waiting move's path; the last blocked move, its cut part red up to the blocker."""
    state = ctx.state
    turns = turns_of(state)
    if not individual(state) or turns is None:
        return
    cam = ctx.camera
    width = max(2, cam.cell_px // 22)
    p = turns.pending
    if p is not None and p.action.get("kind") == "move":
        mover = state.combatants.get(p.actor)  # the players' copy leaves hidden creatures out
        if mover is not None and mover.cell is not None and (ctx.gm or not ctx.state.hidden_from_players(mover)):
            pts = [cam.cell_centre(mover.cell)] + [cam.cell_centre(tuple(c)) for c in p.action["path"]]
            draw.outlined_lines(ctx.surface, pts, theme.PLANNED, width)
            prompt = pending_interrupt(state)  # None in the players' copy while a hidden holder is asked
            for cell in prompt.block_squares if prompt else ():
                draw.cell_cursor(ctx.surface, cam.cell_rect(cell), theme.ACCENT, 2)
    block = turns.last_block
    if block and not ctx.gm and (block.get("mover") not in state.combatants or block.get("blocker") not in state.combatants):
        block = None  # a hidden creature's blocked path (or its blocker) stays the GM's
    if block:
        planned = [tuple(c) for c in block["planned"]]
        walked = [tuple(c) for c in block["walked"]]
        start = tuple(block["start"])
        kept = [cam.cell_centre(start)] + [cam.cell_centre(c) for c in walked]
        cut = [cam.cell_centre(walked[-1] if walked else start)] + [cam.cell_centre(c) for c in planned[len(walked):]]
        draw.outlined_lines(ctx.surface, cut, theme.BAD, width)
        if len(kept) > 1:
            draw.outlined_lines(ctx.surface, kept, theme.PLANNED, width)
        bx, by, bw, bh = cam.cell_rect(tuple(block["at"]))
        pad = bw // 5
        for a, b in (((bx + pad, by + pad), (bx + bw - pad, by + bh - pad)),
                     ((bx + bw - pad, by + pad), (bx + pad, by + bh - pad))):
            pygame.draw.line(ctx.surface, theme.BAD, a, b, max(3, width + 1))


render.add_layer(PATHS_Z, "turns-paths", paths_layer)
set_move_command(turns_move)
set_attack_command(turns_attack)
