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

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from tactics.engine.core.labels import agreeing
from tactics.engine.combat.team import Advance, EndCombat, has_able_members, winner_if_over
from tactics.engine.combat.queries import acting_group, combat_of, describe, ends_after_counters, groups_editable
from tactics.engine.combat.state import GROUP_KINDS
from tactics.engine.combat.tie_breaks import tie_breaks
from tactics.engine.core.opening import Opening, default_unaware, opening_commands, opening_of, unaware_by_stealth
from tactics.engine.core.state import Combatant
from tactics.engine.core.table import who_rolls
from tactics.rules.data import DataError
from tactics.engine.core.control import controller_of
from tactics.ui import layout_probe as probe
from tactics.ui import theme
from tactics.ui.theme import fs, px
from tactics.ui import widgets as w
from tactics.ui.tokens import condition_pill_text, condition_word, is_short
from tactics.ui.panels.resolve import DICE_LABELS
from tactics.ui.panels.app_turn import SHORT_LEVELS, played_by

if TYPE_CHECKING:
    from tactics.ui.group_moves import GroupMove
    from tactics.ui.panels.combat import CombatPanels

HIDDEN = "Hidden"  # the conditions data's entry a hidden combatant's row shows (its label and short form)

PHASES = (("advantages", "Advantages"), ("action", "Action"), ("counters", "Counters"))


def advance_label(state) -> str | None:
    """What the one "next" button does now, in words (None when nothing comes next)."""
    combat = combat_of(state)
    if combat is None or combat.phase == "ended":
        return None
    if combat.phase == "advantages":
        return "Begin Action Phase"
    if combat.phase == "counters":
        if ends_after_counters(state):
            return "End combat"
        return "Start the surprise Round 0" if combat.unseen_joiners else f"Start round {combat.round + 1}"
    group = acting_group(state)
    if group is None:
        return None
    order = combat.turn_order()
    last = all(not has_able_members(state, combat, g) for g in order[combat.group_index + 1:])  # N-END-3: passed over
    if last:
        surprise = combat.round == 0 or combat.in_joiners_round()  # R-SURP-1, N-SURP-5: no Counter Phase
        return f"End turn: Round {combat.round + 1}" if surprise else "End turn: Counter Phase"
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
        # The GM's own ticks over the defaults (True: unaware); the defaults follow the state, so a
        # creature hidden or revealed before the fight changes them (R-SURP-1).
        self.overrides: dict[str, bool] = {}
        self.rows = w.Pictures()  # each name's row, kept while it shows the same
        # the last drawing, for mend(): (the state, the view's change number, the canvas, the scroll
        # it was drawn at), and the member rows drawn in view: id -> (top on the canvas, the list's
        # rect as drawn at the scroll, x, done, face, picture)
        self._drawn: tuple | None = None
        self._shown_rows: dict[str, tuple] = {}
        self._faces: dict[str, tuple] = {}  # what each member row drawn in view shows (its face), probed or not
        self._chips_kept: tuple | None = None  # short_chips(): (the faces read, the UI scale, the answer)
        self._listed_kept: tuple = (None, None, None, frozenset())  # (revision, state, viewer, who is listed)

    @property
    def unaware(self) -> set[str]:
        """Who is unticked: the encounter's opening, else whoever a hidden enemy's Stealth beats
        (R-SURP-1), then the GM's clicks."""
        base = default_unaware(self.ui.state, self.opening)
        return {cid for cid in base | set(self.overrides) if self.overrides.get(cid, cid in base)}

    # -- commands ----------------------------------------------------------------
    def start(self) -> None:
        """Apply the encounter's opening conditions, then start with the ticked combatants aware."""
        state = self.ui.state
        present = [c.id for c in state.combatants.values() if c.present]
        aware = [cid for cid in present if cid not in self.unaware]
        for command in opening_commands(state, self.opening, aware if len(aware) < len(present) else None):
            if not self.ui.submit(command):
                return
        view = self.ui.view
        if getattr(getattr(view, "tool", None), "name", "") == "setup":  # Set up is closed for the fight:
            view.set_tool("select")  # the toolbar no longer lights it (review 12)

    def toggle_aware(self, cid: str) -> None:
        self.overrides[cid] = cid not in self.unaware

    def advance(self) -> None:
        self.ui.submit(Advance())

    def end_combat(self) -> None:
        """The GM ends the fight; the side still standing (R-END-1), if one is, wins. It ends the fight
        for the whole table, so the click asks first, as Foundry's End Combat does (Esc keeps it)."""
        saving = getattr(self.ui.view.app, "saving", None)
        if saving is None:  # a view without the table's add-ons (tools): no question to ask with
            self._end_combat_now()
            return
        state = self.ui.state
        combat = combat_of(state)
        winner = winner_if_over(state)
        team = state.teams.get(winner or "")
        after = f"after round {combat.round}" if combat is not None else "now"
        if winner is None:
            text = (f"End the fight for the whole table {after}? Both sides still stand: no one wins, "
                    "the banner says the GM ended it. Ctrl+Z brings it back.")
        elif team is not None:
            verb = agreeing(team.name, "stands").rsplit(" ", 1)[-1]  # "Space Bears still stand"
            text = f"Only {_escape(team.name)} still {verb}. End the fight {after}? Ctrl+Z brings it back."
        else:
            text = f"No one still stands. End the fight {after}? Ctrl+Z brings it back."
        saving.ask("End combat?", text, ["End combat", "Cancel"],
                   lambda choice: self._end_combat_now() if choice == "End combat" else None)

    def _end_combat_now(self) -> None:
        self.ui.submit(EndCombat(winner_if_over(self.ui.state) or None))

    # -- drawing -------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, x: int, y: int, width: int, max_h: int) -> pygame.Rect:
        """The card at (x, y): only the names in view are drawn (:meth:`Panel.draw_list`)."""
        combat = combat_of(self.ui.state)
        hover = self.ui.local_hover((x, y))
        title = "Initiative" if combat is None else (
            combat.round_name() + (" (surprise)" if combat.alone() is not None else ""))

        def rows(canvas: pygame.Surface, rect: pygame.Rect, top: int) -> int:
            self._shown_rows = {}
            self._faces = {}
            if self.collapsed:
                return top
            if combat is None:
                return self._before(canvas, rect, top, hover)
            return self._during(canvas, rect, top, combat, hover, max_h)

        drawn = self.draw_list(surface, x, y, width, max_h, lambda canvas, rect: w.header(self, canvas, rect, title),
                               rows)
        changes = getattr(self.ui.view, "token_changes", None)
        canvas = self._kept_canvas.canvas() if self._kept_canvas is not None else None
        self._drawn = ((self.ui.state, changes.at, canvas, self.scroll)
                       if changes is not None and canvas is not None else None)
        return drawn

    def _before(self, s: pygame.Surface, rect: pygame.Rect, y: int, hover) -> int:
        state = self.ui.state
        listed = self._listed()
        x = rect.x + theme.PANEL_PAD
        gm = self.ui.view.viewer == "gm"
        for line in w.wrap("Untick anyone unaware of the enemy: the aware act alone in a surprise Round 0.",
                           15, rect.width - 2 * theme.PANEL_PAD, "regular"):
            w.text(s, line, (x, y), 15, theme.TEXT_DIM, "regular")
            y += w.line_h(15, "regular")
        y += px(6)
        row = max(px(30), w.line_h(17) + px(6))
        unaware = self.unaware
        # why a default is unticked, in the GM's words; never on the players' screens: it names the
        # GM creatures' Perception and a hidden creature's Stealth (N-SEEN-1, N-HIDE-2)
        why = unaware_by_stealth(state) if gm else {}
        for team in state.teams.values():
            if not gm and not state.players_side(team.id):
                continue  # the players' view: whether the GM's creatures know of the party is the GM's (review 20
                # m9); Start combat stays: solo play runs the fight from the players' view (--players, F6)
            members = [c for c in state.combatants.values() if c.team == team.id and c.id in listed]
            if not members:
                continue
            pygame.draw.circle(s, team.colour, (x + px(8), y + px(12)), px(8))
            w.text(s, team.name, (x + px(24), y), 18, theme.TEXT, "bold")
            y += max(px(30), w.line_h(18, "bold") + px(4))
            if controller_of(state, team.id) is not None:  # solo play: said before the fight too (review 7)
                for line in w.wrap(f"{played_by(state, team.id)}, F6 to change", 15,
                                   rect.right - theme.PANEL_PAD - (x + px(24)), "semibold"):
                    w.text(s, line, (x + px(24), y - px(4)), 15, theme.ACCENT, "semibold")
                    y += w.line_h(15, "semibold")
                y += px(4)
            for who in members:
                if not who.present:
                    for line in w.wrap(f"{who.name}: not here yet (joins at a Counter Phase)", 15,
                                       rect.right - theme.PANEL_PAD - (x + px(24)), "regular"):  # wrapped: never cut off
                        w.text(s, line, (x + px(24), y + px(2)), 15, theme.TEXT_DIM, "regular")
                        y += w.line_h(15, "regular")
                    y += px(6)
                    continue
                aware = who.id not in unaware
                reason = why.get(who.id) if not aware else None
                lines = tuple(w.wrap(reason, 14, rect.right - theme.PANEL_PAD - (x + px(56)), "regular")
                              if reason else ())
                tall = row + sum(w.line_h(14, "regular") for _ in lines)
                self.hit(pygame.Rect(x + px(24), y, rect.width - (x + px(24)) - theme.PANEL_PAD, tall - px(2)),
                         f"aware:{who.id}", lambda cid=who.id: self.toggle_aware(cid))
                if self.in_view(y, y + tall + px(8)):
                    self.rows.blit(s, (0, y), (rect.width, tall + px(8)), ("aware", x, rect.right, who.name, aware, lines),
                                   _AwareRow(x, rect.right, who.name, aware, lines))
                y += tall
            y += px(6)
        w.button(self, s, pygame.Rect(x, y + px(4), rect.width - 2 * theme.PANEL_PAD, px(42)), "Start combat", "start",
                 self.start, style="primary", size=19, hover=hover)
        return self._dice(s, rect, y + px(54), hover)

    def _during(self, s: pygame.Surface, rect: pygame.Rect, y: int, combat, hover, max_h: int = 10**6) -> int:
        state = self.ui.state
        listed = self._listed()
        x = rect.x + theme.PANEL_PAD
        inner = rect.width - 2 * theme.PANEL_PAD
        # the three phases, the current one lit
        if combat.phase == "ended":
            w.text(s, "Combat is over", (x, y), 18, theme.ACCENT, "bold")
            y += px(30)
        else:
            cx = x
            for key, label in PHASES:
                on = combat.phase == key
                chip = w.chip(s, (cx, y), label, size=15, colour=theme.INK if on else theme.TEXT_DIM,
                              bg=theme.ACCENT if on else theme.TRACK)
                cx = chip.right + px(6)
            y += chip.height + px(10)
        # teams in team order with their Team Initiative
        teams = [tid for tid in combat.team_order  # the players' view: a team of hidden creatures is not there
                 if any(c.id in listed for c in state.combatants.values() if c.team == tid)]
        for i, tid in enumerate(teams):
            team = state.teams.get(tid)
            colour = tuple(team.colour) if team else theme.TEXT
            pygame.draw.circle(s, colour, (x + px(8), y + px(12)), px(8))
            name = f"{i + 1}. {team.name if team else tid}"
            # solo play: F6 hands a team to the app; said on the second line, where it cut no name (review 5)
            level = controller_of(state, tid)  # with its level: which of F6's two plays (review 7)
            note = f"the app plays ({SHORT_LEVELS[level]})" if level is not None else ""
            for line in w.fit_line(name, 18, inner - px(24), "bold"):
                w.text(s, line, (x + px(24), y), 18, theme.TEXT, "bold")
            y += w.line_h(18, "bold")
            seconds = [note] if note else []
            if self.ui.view.viewer == "gm" or state.players_side(tid):
                # On its own line: a long team name never runs into the number. The players' view
                # shows no GM team's: it is the mean over all its members, hidden ones too (R-INIT-1).
                # Who plays it under it: with the level it no longer fits beside the number.
                seconds.insert(0, f"Team Initiative {combat.team_initiative.get(tid, 0)}")
            for second in seconds:
                for line in w.fit_line(second, 15, inner - px(24), "semibold"):
                    w.text(s, line, (x + px(24), y), 15, theme.TEXT_DIM, "semibold")
                y += w.line_h(15)
            y += px(4)
        # how ties were broken, the dice shown (R-INIT-2); the players' view: only their own teams' (N-SEEN-1)
        for tie in tie_breaks(state, for_players=self.ui.view.viewer != "gm"):
            for line in w.wrap(tie[:1].upper() + tie[1:], 14, inner, "regular"):
                w.text(s, line, (x, y), 14, theme.TEXT_DIM, "regular")
                y += w.line_h(14, "regular")
            y += px(2)
        y += px(6)
        # the groups in turn order; when they do not all fit, the groups already done shrink to a line
        acting = acting_group(state)
        order = [g for g in combat.turn_order() if any(cid in listed for cid in g.members)]
        # (the players' view: a group of hidden creatures is not there at all)
        alone = combat.alone()  # Round 0: who acts; the rest are listed below, under "sit out" (review 16, F13)
        sitting_out = self._sitting_out(combat, listed)
        out_h = sum(w.line_h(17, "bold") + px(12) + self._member_h() * len(cids) for _, cids in sitting_out)
        compact = self._rows_height(order, full=True) + out_h + (y - rect.y) + px(160) > max_h  # (rect.y: minus the scroll)
        for group in order:
            team = state.teams.get(group.team)
            colour = tuple(team.colour) if team else theme.TEXT
            is_acting = acting is not None and group.key == acting.key
            done = group.key in combat.turns_done
            members = [cid for cid in group.members if cid in listed and (alone is None or cid in alone)]
            shown = [] if (compact and done) else members
            head_h = w.line_h(17, "bold") + px(4)
            box = pygame.Rect(x - px(4), y - px(2), inner + px(8), head_h + px(2) + self._member_h() * len(shown))
            if is_acting:  # (its rows in view only: a group of 500 made a picture 13,500 pixels tall)
                band = box.clip(self._view_band(box))
                s.blit(_glow(band.size, colour, box.y - band.y, box.h, px(8)), band.topleft)
                w.rounded(s, box, theme.ACCENT, width=max(1, px(2)), radius=px(8))
            kind = group.kind.capitalize()
            head_colour = theme.TEXT_DIM if done else theme.TEXT
            pygame.draw.rect(s, colour, (x + px(2), y + px(5), px(6), px(16)), border_radius=px(2))
            tag = "ACTING" if is_acting else ("done" if done else "")
            tag_rect = pygame.Rect(rect.right - theme.PANEL_PAD, y, 0, 0)
            if tag:
                tag_rect = w.text(s, tag, (rect.right - theme.PANEL_PAD, y + px(3)), 14,
                                  theme.ACCENT if is_acting else theme.TEXT_DIM, "bold", "topright")
            head = f"{team.name if team else group.team}: {kind}"
            for line in w.fit_line(head, 17, tag_rect.x - px(8) - (x + px(16)), "bold"):
                w.text(s, line, (x + px(16), y + px(1)), 17, head_colour, "bold")
            y += head_h
            row_h, width = self._member_h(), rect.width - 2 * theme.PANEL_PAD
            for cid in shown:
                if self.in_view(y, y + row_h + px(8)):
                    self._member(s, rect, x, y, cid, combat, done)
                self.hit(pygame.Rect(x, y, width, row_h - px(1)), f"who:{cid}",
                         lambda cid=cid: self.ui.select(cid))  # (in view or not: the list's buttons)
                y += row_h
            y += px(8)
        for tid, cids in sitting_out:
            y = self._sit_out_block(s, rect, x, y, tid, cids, combat)
        if self.ui.view.viewer == "gm" and groups_editable(state):  # reading: R-INIT-3, N-INIT-11 (the engine says)
            y = self._regroup(s, x, y, inner, hover)
        # the GM's end-of-fight button; ending a group's turn is the hot-seat banner's End turn (E),
        # the other phases' step the phase card's button: one control for each step
        if advance_label(state):
            w.button(self, s, pygame.Rect(x, y, inner, px(32)), "End combat (GM)", "end-combat",
                     self.end_combat, style="chip", size=15, hover=hover)
            y += px(38)
        return self._dice(s, rect, y, hover)

    def _sitting_out(self, combat, listed: frozenset[str]) -> list[tuple[str, list[str]]]:
        """Who sits out a Round 0, a team at a time in team order: the unaware in the first
        (R-SURP-1), everyone but the unseen joiners in theirs (N-SURP-5). They used to be left
        out of the list (or shown "sits out" where the hit points go), so the GM saw no hit
        points of theirs all round (review 16, F13). Empty in an ordinary round."""
        alone = combat.alone()
        if alone is None:
            return []
        out = []
        for tid in combat.team_order:
            cids = [cid for kind in GROUP_KINDS for cid in combat.groups.get(tid, {}).get(kind, [])
                    if cid in listed and cid not in alone]
            if cids:
                out.append((tid, cids))
        return out

    def _sit_out_block(self, s: pygame.Surface, rect: pygame.Rect, x: int, y: int, tid: str, cids: list[str],
                       combat) -> int:
        """"Space Bears: sit out Round 0", then each of them as any member's row (hit points and
        conditions), dimmed; clicking a name selects it as in the groups above."""
        team = self.ui.state.teams.get(tid)
        colour = tuple(team.colour) if team else theme.TEXT
        pygame.draw.rect(s, colour, (x + px(2), y + px(5), px(6), px(16)), border_radius=px(2))
        head = f"{team.name if team else tid}: sit out {combat.round_name()}"
        for line in w.fit_line(head, 17, rect.right - theme.PANEL_PAD - (x + px(16)), "bold"):
            w.text(s, line, (x + px(16), y + px(1)), 17, theme.TEXT_DIM, "bold")
        y += w.line_h(17, "bold") + px(4)
        row_h, width = self._member_h(), rect.width - 2 * theme.PANEL_PAD
        for cid in cids:
            if self.in_view(y, y + row_h + px(8)):
                self._member(s, rect, x, y, cid, combat, False)
            self.hit(pygame.Rect(x, y, width, row_h - px(1)), f"who:{cid}", lambda cid=cid: self.ui.select(cid))
            y += row_h
        return y + px(8)

    def _regroup(self, s: pygame.Surface, x: int, y: int, inner: int, hover) -> int:
        """Until the first Action Phase: move the selected name to its team's other group (the
        engine's SetGroup, logged and undoable); with no one selected, how to."""
        from tactics.ui.group_moves import group_move  # (once a name is selected before play: issue 12, start time)

        state = self.ui.state
        cid = self.ui.view.selected
        move = group_move(state, cid) if cid else None
        if move is None or cid is None:
            for line in w.wrap("Click a name, then move it to the other group (until the Action Phase).", 14,
                               inner, "regular"):
                w.text(s, line, (x, y), 14, theme.TEXT_DIM, "regular")
                y += w.line_h(14, "regular")
            return y + px(6)
        name = state.combatants[cid].name
        label = w.fit_line(f"{move.label.replace('Move', 'Move ' + name, 1)}", 15, inner - px(16), "semibold")[0]
        w.button(self, s, pygame.Rect(x, y, inner, px(32)), label, "group-move",
                 lambda: self._move_group(move), style="chip", size=15, hover=hover, enabled=move.refused is None)
        y += px(38)
        if move.refused:  # greyed with the engine's reason
            for line in w.wrap(move.refused[:1].upper() + move.refused[1:] + ".", 14, inner, "regular"):
                w.text(s, line, (x, y - px(2)), 14, theme.TEXT_DIM, "regular")
                y += w.line_h(14, "regular")
        return y

    def _move_group(self, move: GroupMove) -> None:
        if self.ui.submit(move.command):
            entry = self.ui.encounter.journal.entries[-1]
            self.ui.view.say(describe(entry.events[0], self.ui.state), "good")

    def _view_band(self, box: pygame.Rect) -> pygame.Rect:
        """The rows of the canvas in view this frame, as wide as ``box`` (the acting group's glow)."""
        top, bottom = self.view_rows or (box.top, box.bottom)
        return pygame.Rect(box.x, top, box.w, max(0, bottom - top))

    def _listed(self) -> frozenset[str]:
        """Who is listed: everyone but, in the players' view (F2), those hidden from the players;
        worked out once per change of the state or the view (asked for every member three
        times a frame: 3000 times with 1000 listed)."""
        state, viewer = self.ui.state, self.ui.view.viewer
        # the view's revision counts every commit, undo and redo (the state's id and the journal's
        # lengths could match another state after an undo and another command: review 12)
        revision = getattr(self.ui.view, "revision", None)
        kept = self._listed_kept
        if not (kept[0] == revision and kept[1] is state and kept[2] == viewer):
            kept = self._listed_kept = (revision, state, viewer, frozenset(
                cid for cid, who in state.combatants.items() if viewer == "gm" or not state.hidden_from_players(who)))
        return kept[3]

    def _member_h(self) -> int:
        return max(px(27), w.line_h(17) + px(2))

    def _rows_height(self, order, *, full: bool) -> int:
        head = w.line_h(17, "bold") + px(4) + px(8)
        listed = self._listed()
        return sum(head + (self._member_h() * sum(1 for m in g.members if m in listed) if full else 0)
                   for g in order)

    def _dice(self, s: pygame.Surface, rect: pygame.Rect, y: int, hover) -> int:
        """Who rolls the dice (a table setting, logged): app, players type theirs, everyone types."""
        x, inner = rect.x + theme.PANEL_PAD, rect.width - 2 * theme.PANEL_PAD
        mode = who_rolls(self.ui.state)
        label = DICE_LABELS[mode] + "  (click to change)"
        if w.text_width(label, 15) > inner - px(12):
            label = DICE_LABELS[mode]
        w.button(self, s, pygame.Rect(x, y, inner, px(32)), label, "dice-mode",
                 self.ui.resolve.cycle_dice, style="chip" if mode == "app" else "on", size=15, hover=hover)
        return y + px(38)

    def _member(self, s, rect, x, y, cid, combat, done) -> None:
        """The row of one member of a group, its top at ``y`` (from its picture)."""
        face = self._member_face(rect, x, cid, combat, done)
        self._faces[cid] = face
        if probe.active():  # the layout probe follows every text drawn: in place
            _member_row(s, y, *face)
            return
        picture = self.rows.picture((rect.width, self._member_h() + px(8)), ("member", face), _MemberRow(face))
        s.blit(picture, (0, y))
        self._shown_rows[cid] = (y, rect, x, done, face, picture)

    def mend(self) -> bool:
        """After changes that only moved or hurt some combatants (their squares, hit points or
        facings: ``touched_combatants``) in the GM's view, where the list, its groups and their
        order stay as drawn: the rows of those in view get their new pictures on the kept canvas
        (``KeptCanvas.patch``), nothing else is drawn. False: the tracker must be drawn again.

        Why (issue 12): a roll changed one row, and the tracker worked out and drew its whole list
        again (1000 names: most of the frame)."""
        drawn = self._drawn
        view = self.ui.view
        changes = getattr(view, "token_changes", None)
        if drawn is None or changes is None or view.viewer != "gm" or self.collapsed or groups_editable(self.ui.state):
            return False  # (before play the group move's words may follow anyone's state)
        state, at, canvas, scroll = drawn
        if scroll != self.scroll:  # (the canvas holds the rows at the scroll drawn: all of them moved)
            return False
        combat = combat_of(state)
        touched = changes.since(at) if state is self.ui.state else None
        if touched is None or combat is None or self._kept_canvas is None:
            return False
        swaps = []
        for cid in touched:
            row = self._shown_rows.get(cid)
            if row is None or cid not in state.combatants:
                continue  # not in view (or in no group shown): nothing drawn of it
            y, rect, x, done, face, picture = row
            new = self._member_face(rect, x, cid, combat, done)
            if new == face:
                continue
            img = self.rows.picture(picture.get_size(), ("member", new), _MemberRow(new))
            swaps.append((cid, (0, y), picture, img, new))
        if swaps and not self._kept_canvas.patch(canvas, [(old, place, img) for _, place, old, img, _ in swaps]):
            return False
        for cid, (_, y), _, img, new in swaps:
            row = self._shown_rows[cid]
            self._shown_rows[cid] = (y, row[1], row[2], row[3], new, img)
            self._faces[cid] = new
        self._drawn = (state, changes.at, canvas, scroll)
        return True

    def short_chips(self) -> list[tuple[str, int | None]]:
        """The conditions (name, rounds left) whose chips the rows in view showed last in their short
        forms ("Sh1": the row had no room for "Shaken 1"), each once: the badge key spells them out
        (review 16 F16b). None while the tracker is folded or not drawn."""
        if self.collapsed or self.rect is None:
            return []
        faces = tuple(self._faces.values())
        kept = self._chips_kept
        if kept is not None and kept[0] == faces and kept[1] == theme.scale():  # (asked every frame)
            return list(kept[2])
        out: dict[tuple[str, int | None], None] = {}
        for face in faces:
            if not face[-1]:
                continue
            for label in _face_chips(face):
                for name, rounds in face[-1]:
                    if is_short(name, rounds, label):
                        out.setdefault((name, rounds), None)
        self._chips_kept = (faces, theme.scale(), list(out))
        return list(out)

    def _member_face(self, rect, x, cid, combat, done) -> tuple:
        """What one member's row shows (its picture's key): :func:`_member_row`'s arguments."""
        state = self.ui.state
        who = state.combatants[cid]
        alone = combat.alone()
        unaware = alone is not None and cid not in alone
        dim = done or who.down or unaware  # R-SURP-1, N-SURP-5: the others sit out a Round 0
        # the players' view: numbers of the players' own teams only, as their tokens (N-SEEN-1)
        numbers = self.ui.view.viewer == "gm" or state.numbers_shown_to_players(who)
        initiative = f"{combat.initiative.get(cid, 0):+d}" if numbers else None
        name_colour = theme.ACCENT if self.ui.view.selected == cid else (theme.TEXT_DIM if dim else theme.TEXT)
        # (one sitting out a Round 0 is listed under "sit out": its hit points still show, F13)
        label = f"{who.hp}/{who.max_hp} hp" if numbers else ("down" if who.down else "")
        conditions = tuple((c.name, c.rounds) for c in who.conditions)
        if who.hidden and all(name != HIDDEN for name, _ in conditions):
            # a hidden token is only faded on the map (its eye badge a mere slash at 720p): its row
            # says so in the conditions data's words (review 20 m2: the GM saw no sign of Brandon's Hide)
            conditions += ((HIDDEN, None),)
        return (x, rect.right, initiative, who.name, name_colour, label, theme.BAD if who.down else theme.TEXT_DIM,
                conditions)


@lru_cache(maxsize=8)
def _glow(size: tuple[int, int], colour: tuple, top: int, tall: int, radius: int) -> pygame.Surface:
    """The part ``size`` of the acting group's glow (``tall`` high, its top at ``top``; never
    changed once made: a frame may blit the one it blitted last frame)."""
    glow = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(glow, (*colour, 60), (0, top, size[0], tall), border_radius=radius)
    return glow


class _MemberRow:
    """One member's row drawn from what :meth:`TrackerPanel._member_face` worked out."""

    def __init__(self, face: tuple) -> None:
        self.face = face

    def __call__(self, s: pygame.Surface, _x: int, y: int) -> None:
        _member_row(s, y, *self.face)


class _AwareRow:
    """One name of the list before the fight: how :meth:`TrackerPanel._before` worked it out."""

    def __init__(self, x: int, right: int, name: str, aware: bool, lines: tuple[str, ...]) -> None:
        self.face = (x, right, name, aware, lines)

    def __call__(self, s: pygame.Surface, _x: int, y: int) -> None:
        _aware_row(s, y, *self.face)


def _aware_row(s: pygame.Surface, y: int, x: int, right: int, name: str, aware: bool, lines: tuple[str, ...]) -> None:
    """One name of the list before the fight, its top at ``y``: the tick box, aware or unaware,
    the name and, under it, why it starts unaware (``lines``)."""
    row = max(px(30), w.line_h(17) + px(6))
    box = pygame.Rect(x + px(24), y + px(2), px(22), px(22))
    pygame.draw.rect(s, theme.CONTROL, box, border_radius=px(5))
    pygame.draw.rect(s, theme.ACCENT if aware else theme.CHROME_EDGE, box, max(1, px(2)), border_radius=px(5))
    if aware:
        pygame.draw.lines(s, theme.ACCENT, False, [(box.x + px(5), box.y + px(11)), (box.x + px(9), box.y + px(16)),
                                                   (box.x + px(17), box.y + px(6))], max(1, px(3)))
    status = w.text(s, "aware" if aware else "unaware", (right - theme.PANEL_PAD, y + px(4)), 15,
                    theme.GOOD if aware else theme.BAD, "semibold", "topright")
    for line in w.fit_line(name, 17, status.x - px(8) - (box.right + px(10))):
        w.text(s, line, (box.right + px(10), y + px(2)), 17)
    y += row
    for line in lines:  # under the name: why it starts unaware
        w.text(s, line, (box.right + px(10), y - px(6)), 14, theme.TEXT_DIM, "regular")
        y += w.line_h(14, "regular")


def _member_row(s: pygame.Surface, y: int, x: int, right: int, initiative: str | None, name: str,
                name_colour: tuple, label: str, label_colour: tuple, conditions: tuple) -> None:
    """One member of a group in the fight, its top at ``y``: Initiative, name, hit points (or
    "down") and condition chips, as :meth:`TrackerPanel._member` worked them out."""
    if initiative is not None:
        w.text(s, initiative, (x + px(16), y + px(2)), 15, theme.TEXT_DIM, "semibold")
    edge = (right - theme.PANEL_PAD, y + px(3))
    hp = w.text(s, label, edge, 14, label_colour, "semibold", "topright") if label else pygame.Rect(edge, (0, 0))
    name_x = x + px(52)
    w.text(s, w.fit_line(name, 17, hp.x - px(8) - name_x)[0], (name_x, y + px(1)), 17, name_colour)
    cx = hp.x - px(6)
    for chip_label in _face_chips((x, right, initiative, name, name_colour, label, label_colour, conditions)):
        img = theme.text(chip_label, fs(13), "bold", theme.INK_LIGHT)
        chip = pygame.Rect(cx - img.get_width() - px(12), y + px(3), img.get_width() + px(12), img.get_height() + px(4))
        pygame.draw.rect(s, theme.CONDITION_BG, chip, border_radius=chip.height // 2)
        w.blit_text(s, img, (chip.x + px(6), chip.y + px(2)), chip_label)
        cx = chip.x - px(4)


def _face_chips(face: tuple) -> list[str]:
    """The chip labels a member row of this face (:meth:`TrackerPanel._member_face`) shows, right
    to left: in the room between its name (as fitted) and its hit points, as :func:`_member_row`
    draws them."""
    x, right, _, name, _, label, _, conditions = face
    hp_x = right - theme.PANEL_PAD - (w.text_width(label, 14, "semibold") if label else 0)
    name_x = x + px(52)
    name_right = name_x + w.text_width(w.fit_line(name, 17, hp_x - px(8) - name_x)[0], 17)
    return _chip_labels(conditions, hp_x - px(6) - name_right - px(6))


def condition_chips(who: Combatant, room: int) -> list[str]:
    """The labels of a tracker row's condition chips, right to left, in ``room`` pixels: every
    condition in words ("Stunned 1"); if they do not fit, short ("St1") as on the map; what still
    does not fit is counted in a last "+2" chip, so none is dropped without a sign (a reviewer saw
    Bear 1's Stunned missing from the panel)."""
    return _chip_labels(tuple((c.name, c.rounds) for c in who.conditions), room)


def _chip_labels(conditions: tuple[tuple[str, int | None], ...], room: int) -> list[str]:
    """:func:`condition_chips` of a row's conditions as (name, rounds left)."""
    words = [condition_word(name, rounds) for name, rounds in conditions]
    short = [condition_pill_text(name, rounds) for name, rounds in conditions]

    def width(label: str) -> int:
        return int(theme.font(fs(13), "bold").size(label)[0]) + px(12) + px(4)

    for labels in (words, short):
        if sum(width(label) for label in labels) <= room:
            return list(reversed(labels))
    for keep in range(len(short) - 1, -1, -1):  # as many short ones as fit beside the count of the rest
        labels = short[:keep] + [f"+{len(short) - keep}"]
        if sum(width(label) for label in labels) <= room:
            return list(reversed(labels))
    return []


def _escape(text: str) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
