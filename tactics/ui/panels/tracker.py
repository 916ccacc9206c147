"""The initiative tracker: teams, Team Initiative, Vanguard and Rearguard, round, phase, who acts.

Before the fight it lists who is present, lets the GM untick anyone unaware of
the enemy (a surprise Round 0, R-SURP-1) and starts combat. During the fight it
shows the round, the three phases with the current one lit, every team in team
order with its Team Initiative (R-INIT-1, R-INIT-2), and the turn order of the
groups (every Vanguard, then every Rearguard, R-INIT-4) with the acting group
framed in its team colour. Each name shows the member's Initiative, hit points
and conditions with their round counters. Everything shown is read from
:mod:`tactics.engine.combat.queries` and the combat state; the buttons submit
engine commands (StartCombat, Advance, EndCombat).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tactics.engine.combat.team import Advance, EndCombat, winner_if_over
from tactics.engine.combat.queries import acting_group, combat_of
from tactics.engine.core.opening import Opening, default_unaware, opening_commands, opening_of
from tactics.engine.core.table import who_rolls
from tactics.rules.data import DataError
from tactics.ui import theme
from tactics.ui.panels import widgets as w
from tactics.ui.panels.resolve import DICE_LABELS

if TYPE_CHECKING:
    from tactics.ui.panels.combat import CombatPanels

PHASES = (("advantages", "Advantages"), ("action", "Action"), ("counters", "Counters"))


def advance_label(state) -> str | None:
    """What the one "next" button does now, in words (None when nothing comes next)."""
    combat = combat_of(state)
    if combat is None or combat.phase == "ended":
        return None
    if combat.phase == "advantages":
        return "Begin Action Phase"
    if combat.phase == "counters":
        return f"Start round {combat.round + 1}"
    group = acting_group(state)
    if group is None:
        return None
    order = combat.turn_order()
    last = combat.group_index >= len(order) - 1
    if last:
        return "End turn: Round 1" if combat.round == 0 else "End turn: Counter Phase"
    return "End turn: next group"


class TrackerPanel(w.Panel):
    def __init__(self, ui: "CombatPanels") -> None:
        super().__init__(title="Initiative")
        self.ui = ui
        try:
            self.opening = opening_of(ui.encounter.definition, ui.encounter.source or "encounter")
        except DataError as exc:
            ui.view.say(str(exc), "error")
            self.opening = Opening()
        # The encounter's opening says who is unaware at the start (R-SURP-1).
        self.unaware: set[str] = default_unaware(ui.state, self.opening)

    # -- commands ----------------------------------------------------------------
    def start(self) -> None:
        """Apply the encounter's opening conditions, then start with the ticked combatants aware."""
        state = self.ui.state
        present = [c.id for c in state.combatants.values() if c.present]
        aware = [cid for cid in present if cid not in self.unaware]
        for command in opening_commands(state, self.opening, aware if len(aware) < len(present) else None):
            if not self.ui.submit(command):
                return

    def toggle_aware(self, cid: str) -> None:
        self.unaware.symmetric_difference_update({cid})

    def advance(self) -> None:
        self.ui.submit(Advance())

    def end_combat(self) -> None:
        """The GM ends the fight; the side still standing (R-END-1), if one is, wins."""
        self.ui.submit(EndCombat(winner_if_over(self.ui.state) or None))

    # -- drawing -------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, x: int, y: int, width: int, max_h: int) -> pygame.Rect:
        self.begin()
        canvas = w.canvas(self, (width, max(60, max_h)))
        rect = canvas.get_rect()
        combat = combat_of(self.ui.state)
        hover = self.ui.local_hover((x, y))
        title = "Initiative" if combat is None else (
            f"Round {combat.round}" + (" (surprise)" if combat.round == 0 else ""))
        cy = w.header(self, canvas, rect, title)
        if not self.collapsed:
            if combat is None:
                cy = self._before(canvas, rect, cy, hover)
            else:
                cy = self._during(canvas, rect, cy, combat, hover)
        return self.finish(surface, canvas, x, y, width, min(max_h, cy + 8))

    def _before(self, s: pygame.Surface, rect: pygame.Rect, y: int, hover) -> int:
        state = self.ui.state
        x = rect.x + w.PAD
        for line in w.wrap("Untick anyone unaware of the enemy: the aware act alone in a surprise Round 0.",
                           15, rect.width - 2 * w.PAD, "regular"):
            w.text(s, line, (x, y), 15, theme.TEXT_DIM, "regular")
            y += 20
        y += 6
        for team in state.teams.values():
            members = [c for c in state.combatants.values() if c.team == team.id and self._shown(c.id)]
            if not members:
                continue
            pygame.draw.circle(s, team.colour, (x + 8, y + 12), 8)
            w.text(s, team.name, (x + 24, y), 18, theme.TEXT, "bold")
            y += 30
            for who in members:
                if not who.present:
                    for line in w.wrap(f"{who.name}: not here yet (joins at a Counter Phase)", 15,
                                       rect.right - w.PAD - (x + 24), "regular"):  # wrapped: never cut off
                        w.text(s, line, (x + 24, y + 2), 15, theme.TEXT_DIM, "regular")
                        y += 20
                    y += 6
                    continue
                box = pygame.Rect(x + 24, y + 2, 22, 22)
                aware = who.id not in self.unaware
                pygame.draw.rect(s, (42, 47, 58), box, border_radius=5)
                pygame.draw.rect(s, theme.ACCENT if aware else theme.CHROME_EDGE, box, 2, border_radius=5)
                if aware:
                    pygame.draw.lines(s, theme.ACCENT, False, [(box.x + 5, box.y + 11), (box.x + 9, box.y + 16),
                                                               (box.x + 17, box.y + 6)], 3)
                w.text(s, who.name, (box.right + 10, y + 2), 17)
                w.text(s, "aware" if aware else "unaware", (rect.right - w.PAD, y + 4), 15,
                       theme.GOOD if aware else theme.BAD, "semibold", "topright")
                self.hit(pygame.Rect(box.x, y, rect.width - box.x - w.PAD, 28), f"aware:{who.id}",
                         lambda cid=who.id: self.toggle_aware(cid))
                y += 30
            y += 6
        w.button(self, s, pygame.Rect(x, y + 4, rect.width - 2 * w.PAD, 42), "Start combat", "start",
                 self.start, style="primary", size=19, hover=hover)
        return self._dice(s, rect, y + 54, hover)

    def _during(self, s: pygame.Surface, rect: pygame.Rect, y: int, combat, hover) -> int:
        state = self.ui.state
        x = rect.x + w.PAD
        inner = rect.width - 2 * w.PAD
        # the three phases, the current one lit
        if combat.phase == "ended":
            w.text(s, "Combat is over", (x, y), 18, theme.ACCENT, "bold")
            y += 30
        else:
            px = x
            for key, label in PHASES:
                on = combat.phase == key
                chip = w.chip(s, (px, y), label, size=15, colour=(20, 20, 24) if on else theme.TEXT_DIM,
                              bg=theme.ACCENT if on else (40, 44, 54))
                px = chip.right + 6
            y += 36
        # teams in team order with their Team Initiative
        teams = [tid for tid in combat.team_order  # the players' view: a team of hidden creatures is not there
                 if any(self._shown(c.id) for c in state.combatants.values() if c.team == tid)]
        for i, tid in enumerate(teams):
            team = state.teams.get(tid)
            colour = tuple(team.colour) if team else theme.TEXT
            pygame.draw.circle(s, colour, (x + 8, y + 12), 8)
            w.text(s, f"{i + 1}. {team.name if team else tid}", (x + 24, y), 18, theme.TEXT, "bold")
            # On its own line: a long team name never runs into the number.
            w.text(s, f"Team Initiative {combat.team_initiative.get(tid, 0)}", (x + 24, y + 24), 15,
                   theme.TEXT_DIM, "semibold")
            y += 48
        y += 6
        # the groups in turn order
        acting = acting_group(state)
        for n, group in enumerate(combat.turn_order()):
            if not any(self._shown(cid) for cid in group.members):
                continue  # the players' view: a group of hidden creatures is not there at all
            team = state.teams.get(group.team)
            colour = tuple(team.colour) if team else theme.TEXT
            is_acting = acting is not None and group.key == acting.key
            done = group.key in combat.turns_done
            rows = sum(1 for cid in group.members if self._shown(cid))
            box = pygame.Rect(x - 4, y - 2, inner + 8, 30 + 27 * rows)
            if is_acting:
                glow = pygame.Surface(box.size, pygame.SRCALPHA)
                pygame.draw.rect(glow, (*colour, 60), glow.get_rect(), border_radius=8)
                s.blit(glow, box.topleft)
                pygame.draw.rect(s, theme.ACCENT, box, 2, border_radius=8)
            kind = group.kind.capitalize()
            head_colour = theme.TEXT_DIM if done else theme.TEXT
            pygame.draw.rect(s, colour, (x + 2, y + 5, 6, 16), border_radius=2)
            w.text(s, f"{team.name if team else group.team}: {kind}", (x + 16, y + 1), 17, head_colour, "bold")
            tag = "ACTING" if is_acting else ("done" if done else "")
            if tag:
                w.text(s, tag, (rect.right - w.PAD, y + 3), 14, theme.ACCENT if is_acting else theme.TEXT_DIM,
                       "bold", "topright")
            y += 28
            for cid in group.members:
                if not self._shown(cid):
                    continue  # not in the players' view
                y = self._member(s, rect, x, y, cid, combat, done, hover)
            y += 8
        # the one "next" button and the GM's end-of-fight button
        label = advance_label(state)
        if label and combat.phase == "action":  # the banner carries the other phases' button
            busy = any(d.status == "declared" for d in combat.declarations)
            w.button(self, s, pygame.Rect(x, y + 2, inner, 42), label, "advance", self.advance,
                     style="normal" if busy else "primary", size=18, hover=hover)
            y += 50
        if label:
            w.button(self, s, pygame.Rect(x, y, inner, 32), "End combat (GM)", "end-combat",
                     self.end_combat, style="chip", size=15, hover=hover)
            y += 38
        return self._dice(s, rect, y, hover)

    def _shown(self, cid: str) -> bool:
        """Is this combatant listed? Not in the players' view (F2) when hidden from the players."""
        state = self.ui.state
        who = state.combatants.get(cid)
        return who is not None and (self.ui.view.viewer == "gm" or not state.hidden_from_players(who))

    def _dice(self, s: pygame.Surface, rect: pygame.Rect, y: int, hover) -> int:
        """Who rolls the dice (a table setting, logged): app, players type theirs, everyone types."""
        x, inner = rect.x + w.PAD, rect.width - 2 * w.PAD
        mode = who_rolls(self.ui.state)
        w.button(self, s, pygame.Rect(x, y, inner, 32), DICE_LABELS[mode] + "  (click to change)", "dice-mode",
                 self.ui.resolve.cycle_dice, style="chip" if mode == "app" else "on", size=15, hover=hover)
        return y + 38

    def _member(self, s, rect, x, y, cid, combat, done, hover) -> int:
        state = self.ui.state
        who = state.combatants[cid]
        unaware = combat.round == 0 and combat.aware is not None and cid not in combat.aware
        dim = done or who.down or unaware  # R-SURP-1: the unaware sit out Round 0
        init = combat.initiative.get(cid, 0)
        w.text(s, f"{init:+d}", (x + 16, y + 2), 15, theme.TEXT_DIM, "semibold")
        name_colour = theme.ACCENT if self.ui.view.selected == cid else (theme.TEXT_DIM if dim else theme.TEXT)
        name = who.name + (" (unaware: sits out)" if unaware else "")
        w.text(s, name, (x + 52, y + 1), 17, name_colour)
        hp = w.text(s, f"{who.hp}/{who.max_hp} hp", (rect.right - w.PAD, y + 3), 14,
                    theme.BAD if who.down else theme.TEXT_DIM, "semibold", "topright")
        cx = hp.x - 6
        for cond in reversed(who.conditions[:3]):
            label = cond.name + (f" {cond.rounds}" if cond.rounds is not None else "")
            img = theme.text(label, 13, "bold", (255, 255, 255))
            chip = pygame.Rect(cx - img.get_width() - 12, y + 3, img.get_width() + 12, img.get_height() + 4)
            if chip.x < x + 52 + w.text_width(name, 17) + 6:
                break
            pygame.draw.rect(s, (120, 70, 150), chip, border_radius=chip.height // 2)
            s.blit(img, (chip.x + 6, chip.y + 2))
            cx = chip.x - 4
        self.hit(pygame.Rect(x, y, rect.width - 2 * w.PAD, 26), f"who:{cid}", lambda: self.ui.select(cid))
        return y + 27
