"""The phase banner across the top of the board: what this moment of the round is about.

* Advantages Phase: the advantages and disadvantages in force
  (``ground_queries.advantages_in_force``) so nobody needs the rulebook, and
  the button that opens the Action Phase.
* Action Phase: one line saying which group acts, in its team colour.
* Counter Phase (R-CNT-1): what went down, what ended, what held; everyone not
  yet in the fight can join here (R-INIT-5, ``Join``); the next round's button.
* The end of combat (R-END-1): who stands, big.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from tactics.engine.combat.events import CountersTicked
from tactics.engine.combat.roster import unseen_by_every_enemy
from tactics.engine.combat.state import round_name
from tactics.engine.combat.team import Advance, Join, group_label, out_of_fight, team_label, winner_if_over
from tactics.engine.combat.queries import (
    acting_combatants, acting_group, advantages_in_force, combat_of, counter_name, declaring_closed, down_this_round,
    ends_after_counters, legal_kinds, not_declared_yet,
)
from tactics.ui import theme
from tactics.ui import layout_probe as probe
from tactics.ui import widgets as w
from tactics.ui.theme import px
from tactics.ui.panels.app_turn import SHORT_LEVELS, app_turn
from tactics.ui.panels.phase_place import CardRoom, place_card
from tactics.engine.core.labels import agreeing, possessive

if TYPE_CHECKING:
    from tactics.ui.panels.combat import CombatPanels


def last_counter_phase(journal) -> CountersTicked | None:
    """The newest ``counters.ticked`` event."""
    for entry in reversed(journal.entries):
        for e in reversed(entry.events):
            if isinstance(e, CountersTicked):
                return e
    return None


def can_join(state) -> list[str]:
    """Combatants not yet in the fight (absent ones first): they may join now (R-INIT-5)."""
    combat = combat_of(state)
    if combat is None:
        return []
    return [c.id for c in state.combatants.values() if combat.group_of(c.id) is None]


def declare_line(state, viewer: str) -> str:
    """"Declare for Brandon, then resolve": only who can act now (Round 0: the aware, R-SURP-1)."""
    acting = [state.combatants[m] for m in acting_combatants(state)
              if not out_of_fight(state.combatants[m])]  # a member down is not asked (R-END-1, N-HP-1)
    if viewer != "gm":
        acting = [who for who in acting if not state.hidden_from_players(who)]
    names = ", ".join(who.name for who in acting) or "no one who can act"
    playing = app_turn(state)
    if playing is not None:  # the app declares and resolves for its own group (review 7, solo play)
        return f"The app plays {names} ({SHORT_LEVELS.get(playing[1], playing[1])})"
    if declaring_closed(state):  # reading: N-ORD-4, once rolling began the committed declare nothing new
        waiting = [who.name for who in acting if who.id in not_declared_yet(state)]
        if waiting:
            return f"Declare for {', '.join(waiting)} or do nothing, then resolve"
        combat = combat_of(state)
        if combat is not None and any(d.status == "declared" for d in combat.declarations):
            return f"Resolve what {names} declared"
        follow = [who.name for who in acting if legal_kinds(state, who.id)]
        if follow:  # a Bonus or a Simple action after one's own Standard is still open
            return f"{', '.join(follow)} may still follow up, or end the turn"
        return "All resolved: end the turn"
    return f"Declare for {names}, then resolve"


def action_face(state, combat, viewer: str) -> tuple:
    """The Action Phase card's texts: (title,) for the plain card (no group acts, or, in the
    players' view, a hidden group: N-HOT-1), else (title, team colour, the declare line, the
    fight's end foretold or ""). Both the card's drawing and its key (:meth:`PhaseBanner.face`)."""
    group = acting_group(state)
    hidden = group is not None and viewer != "gm" and all(
        m not in state.combatants or state.hidden_from_players(state.combatants[m]) for m in group.members)
    if group is None or hidden:
        return (f"{combat.round_name()}: Action Phase",)
    team = state.teams.get(group.team)
    colour = theme.rgb(team.colour) if team else theme.TEXT
    winner = winner_if_over(state) if viewer == "gm" else None  # R-END-1 (the GM's: no hidden foe told)
    ending = (f"{agreeing(team_label(state, winner), 'stands')} alone: the fight ends at this round's "
              "Counter Phase, or now with End combat (GM).") if winner else ""
    return (f"{combat.round_name()}  ·  {group_label(state, group.key)} acts", colour, declare_line(state, viewer), ending)


class PhaseBanner(w.Panel):
    def __init__(self, ui: "CombatPanels") -> None:
        super().__init__(title="Phase")
        self.ui = ui

    def draw(self, surface: pygame.Surface, centre_x: int, y: int, max_w: int,
             tokens: list[pygame.Rect] | Callable[[], list[pygame.Rect]] | None = None,
             waiting: bool = False, room: CardRoom | None = None,
             clickable: list[pygame.Rect] | None = None) -> pygame.Rect | None:
        """The card at the top centre; a big card (the Advantages or Counter Phase) goes where it
        covers no token instead (:func:`tactics.ui.panels.phase_place.place_card`: a margin of
        ``room`` the map leaves, its free column, a corner clear of the ``tokens`` on screen; or a
        function giving them, asked only then: the Action Phase's card never moves, and finding
        every token's square on screen cost most of its drawing with 1000 tokens). While
        ``waiting`` (the facing prompt of the turn that just ended is asking) a big card shows only
        its title: it opens once the facings are chosen, never under the prompt. ``clickable``: what
        the card must never lie on (the facing prompt's arrows): a card at the top that would is
        placed as a big card is, with those as cards to keep off (:meth:`_clear_of`)."""
        self.begin()
        combat = combat_of(self.ui.state)
        if combat is None:
            return None
        width = max(px(320), min(px(720), max_w))
        x = centre_x - width // 2
        movable = combat.phase in ("advantages", "counters") and not (self.collapsed or waiting)
        if movable and room is not None:
            on_screen = (tokens() if callable(tokens) else tokens) or []
            tall = max(px(600), room.between.height, room.column.height if room.column else 0)
            heights: dict[int, int] = {}

            def size_at(wide: int) -> tuple[int, int]:
                if wide not in heights:
                    heights[wide] = self._laid(wide, combat, waiting, (x, y), tall)[1]
                return wide, heights[wide]

            width, final = place_card(size_at, width, room, on_screen)
            # drawn again where it goes: its buttons and the pointer's light are this place's
            canvas, _, accent = self._laid(width, combat, waiting, final.topleft, tall)
        else:
            canvas, height, accent = self._laid(width, combat, waiting, (x, y))
            final = pygame.Rect(x, y, width, height)
            if room is not None and final.collidelist(clickable or []) >= 0:
                width, final = self._clear_of(clickable or [], width, combat, waiting, (x, y), room, tokens)
                canvas, _, accent = self._laid(width, combat, waiting, final.topleft)
        x, y = final.topleft
        w.card(surface, final, accent=accent or theme.ACCENT)
        surface.blit(canvas, final.topleft, (0, 0, width, final.height))
        probe.panel(surface, final, "Phase")
        probe.composite(canvas, surface, final.topleft, pygame.Rect(0, 0, width, final.height), name="Phase")
        if combat.phase in ("advantages", "counters") and not waiting:
            box = pygame.Rect(final.right - px(40), final.y + px(10), px(30), px(28))
            pygame.draw.rect(surface, theme.CONTROL, box, border_radius=px(6))
            w.text(surface, "+" if self.collapsed else "-", box.center, 20, theme.TEXT, "bold", "center")
            probe.box(surface, box, "collapse")
            self.hits.insert(0, w.Hotspot(box.move(-x, -y), "banner-collapse", action=self.toggle))
        for h in self.hits:
            h.rect.move_ip(x, y)
        self.rect = final
        return final

    def _clear_of(self, clickable: list[pygame.Rect], width: int, combat, waiting: bool, at: tuple[int, int],
                  room: CardRoom, tokens: list[pygame.Rect] | Callable[[], list[pygame.Rect]] | None,
                  ) -> tuple[int, pygame.Rect]:
        """The width and place of a card that would lie on ``clickable`` at the top: a margin the
        map leaves, the free column, a corner clear of the tokens (:func:`place_card`), with the
        ``clickable`` rectangles among the cards it keeps off (they weigh most)."""
        heights: dict[int, int] = {}

        def size_at(wide: int) -> tuple[int, int]:
            if wide not in heights:
                heights[wide] = self._laid(wide, combat, waiting, at)[1]
            return wide, heights[wide]

        on_screen = (tokens() if callable(tokens) else tokens) or []
        keep_off = CardRoom(room.between, room.column, room.map_area, (*room.cards, *clickable))
        return place_card(size_at, width, keep_off, on_screen)

    def _laid(self, width: int, combat, waiting: bool, at: tuple[int, int],
              tall: int | None = None) -> tuple[pygame.Surface, int, tuple[int, int, int] | None]:
        """The card's body drawn ``width`` wide on its canvas (``tall``: the canvas's height, px(600)
        if None): (the canvas, the card's height, its accent colour or None). Its buttons are this
        drawing's (:attr:`hits`, from the card's top left; ``at``: where it is drawn, for the
        pointer's light)."""
        self.hits = []
        canvas = w.canvas(self, (width, tall or px(600)))
        rect = canvas.get_rect()
        hover = self.ui.local_hover(at)
        accent = None
        if waiting and combat.phase in ("advantages", "counters"):
            cy = self._title(canvas, rect, _short_title(combat))
            from tactics.ui.panels.next_turn import facing_asked

            who = facing_asked(self.ui.view)  # whose facing it waits for (a second reviewer's finding)
            whose = f"{possessive(who.name)} facing is" if who is not None else "the facings are"
            # (wrapped: laid out to the free column's width it fills the line, review 20 m3)
            for line in w.wrap(f"opens once {whose} chosen on the map", 14, rect.width - 2 * theme.PANEL_PAD, "regular"):
                w.text(canvas, line, (rect.centerx, cy - px(8)), 14, theme.TEXT_DIM, "regular", "midtop")
                cy += w.line_h(14, "regular")
            cy -= w.line_h(14, "regular")
            # the button moves on anyway, keeping the facings still asked (N-FACE-2): it says so
            label = "Facings as they are: " + ("begin Action Phase" if combat.phase == "advantages" else f"start round {combat.round + 1}")
            bw = min(button_width(label, 16), rect.width - 2 * theme.PANEL_PAD)  # (inside a narrow card too)
            w.button(self, canvas, pygame.Rect(rect.centerx - bw // 2, cy + px(16), bw, px(36)), label, "banner-advance",
                     lambda: self.ui.submit(Advance()), style="primary", size=16, hover=hover)
            cy += px(56)
        elif self.collapsed and combat.phase in ("advantages", "counters"):
            cy = self._title(canvas, rect, _short_title(combat)) - px(8)
        elif combat.phase == "advantages":
            cy = self._advantages(canvas, rect, combat, hover)
        elif combat.phase == "action":
            cy, accent = self._action(canvas, rect, combat)
        elif combat.phase == "counters":
            cy = self._counters(canvas, rect, combat, hover)
        else:
            cy, accent = self._ended(canvas, rect, combat)
        return canvas, cy + px(10), accent

    def _title(self, s, rect, title: str, colour=theme.ACCENT) -> int:
        room = rect.width - 2 * px(48)  # clear of the collapse box on the right
        # a narrow place (the right-hand column, phase_place.py): a smaller type, then two lines
        size = 24 if w.text_width(title, 24, "bold") <= room else 20
        lines = w.wrap(title, size, room, "bold")
        if len(lines) > 2:
            lines = [lines[0], w.fit_line(" ".join(lines[1:]), size, room, "bold")[0]]
        y = px(12)
        for line in lines:
            w.text(s, line, (rect.centerx, y), size, colour, "bold", "midtop")
            y += w.line_h(size, "bold")
        return y + px(8)

    def _advantages(self, s, rect, combat, hover) -> int:
        y = self._title(s, rect, f"{combat.round_name()}: Advantages Phase")
        # asked of the state the view may know: the players' view (F2) names no hidden creature (N-HIDE-2)
        known = self.ui.view.query_state
        lines = advantages_in_force(known) or ["No condition gives or takes an advantage die this round."]
        for line in lines:
            for n, part in enumerate(w.wrap(line, 17, rect.width - 2 * theme.PANEL_PAD - px(14))):
                if n == 0:  # one bullet a line in force, not one a wrapped part
                    pygame.draw.circle(s, theme.ACCENT, (rect.x + theme.PANEL_PAD + px(4), y + px(11)), px(4))
                w.text(s, part, (rect.x + theme.PANEL_PAD + px(16), y), 17, theme.TEXT)
                y += w.line_h(17) + px(2)
        y += px(4)
        notes = [ROUND_0_COUNTERS] if combat.round_name() == "Round 0" and any("left)" in line for line in lines) else []
        for part in (p for note in notes for p in w.wrap(note, 14, rect.width - 2 * theme.PANEL_PAD, "regular")):
            w.text(s, part, (rect.centerx, y), 14, theme.TEXT_DIM, "regular", "midtop")  # (review 16, F16j)
            y += w.line_h(14, "regular")
        for part in w.wrap("Also remind the table of advantages from the situation (cover, height, flanking).", 14,
                           rect.width - 2 * theme.PANEL_PAD, "regular"):
            w.text(s, part, (rect.centerx, y), 14, theme.TEXT_DIM, "regular", "midtop")
            y += w.line_h(14, "regular")
        y += px(6)
        label = "Begin Action Phase  (E)"  # the one control for this step (the hot-seat banner then has none)
        bw = button_width(label, 18)
        w.button(self, s, pygame.Rect(rect.centerx - bw // 2, y + px(4), bw, px(40)), label, "banner-advance",
                 lambda: self.ui.submit(Advance()), style="primary", size=18, hover=hover)
        return y + px(48)

    def face(self) -> tuple:
        """What the card shows now, as a key (retained.py): in the Action Phase exactly the texts
        and colour :meth:`_action` draws, so a change elsewhere (a token moved, a roll) keeps the
        card; in the other phases the view's revision (they list the whole round's counters)."""
        state = self.ui.state
        combat = combat_of(state)
        if combat is None:
            return ("none",)
        if combat.phase != "action":
            return (combat.phase, getattr(self.ui.view, "revision", None), id(state))
        return ("action", self._action_face(combat))

    def _action_face(self, combat) -> tuple:
        """:func:`action_face`, held while the last turn's facing is still asked: the group "acts
        next", "once Brandon's facing is chosen" (outside review 17 N5)."""
        from tactics.ui.panels.next_turn import facing_first

        face = action_face(self.ui.state, combat, self.ui.view.viewer)
        first = facing_first(self.ui.view) if len(face) > 1 else ""
        if first:
            return (f"{face[0]} next", face[1], f"{first[0].upper()}{first[1:]} on the map", face[3])
        return face

    def _action(self, s, rect, combat) -> tuple[int, tuple[int, int, int] | None]:
        face = self._action_face(combat)
        if len(face) == 1:  # the players' view: a hidden group's turn is the plain card (N-HOT-1)
            return self._title(s, rect, face[0]), None
        title, colour, declare, ending = face
        for line in w.fit_line(title, 22, rect.width - 2 * theme.PANEL_PAD, "bold"):
            w.text(s, line, (rect.centerx, px(10)), 22, _readable(colour), "bold", "midtop")
        y = px(10) + w.line_h(22, "bold") + px(2)
        for line in w.wrap(declare, 15, rect.width - 2 * theme.PANEL_PAD, "regular")[:2]:
            w.text(s, line, (rect.centerx, y), 15, theme.TEXT_DIM, "regular", "midtop")
            y += w.line_h(15, "regular")
        if ending:  # the end is determined at the Counter Phase (N-END-2); the foes' groups are passed over (N-END-3)
            for line in w.wrap(ending, 15, rect.width - 2 * theme.PANEL_PAD, "semibold")[:2]:
                w.text(s, line, (rect.centerx, y), 15, theme.ACCENT, "semibold", "midtop")
                y += w.line_h(15, "semibold")
        return y + px(4), colour

    def _counters(self, s, rect, combat, hover) -> int:
        state = self.ui.state
        y = self._title(s, rect, f"Counter Phase of round {combat.round}")
        ticked = last_counter_phase(self.ui.encounter.journal) or CountersTicked(round=0, ticks=[], env=[], held=[], ended=[])
        name = lambda cid: state.combatants[cid].name if cid in state.combatants else cid  # noqa: E731
        known = self.ui.view.query_state.combatants  # the players' view: nothing of hidden creatures (N-HIDE-2)
        clouds = self.ui.view.query_state.grenades  # ... of a smoke cloud they do not see (N-CNT-4)
        # ... nor of a Clocked mine they do not know (N-TRAP-13)
        shown = lambda t: ("combatant" not in t or t["combatant"] in known) and not (  # noqa: E731
            t.get("secret") and self.ui.view.viewer != "gm") and (
            t.get("kind") != "cloud" or t.get("id", t.get("counter")) in clouds)
        down = [f"{name(t['combatant'])}: {t['name']} {t['from']} -> {t['to']}" for t in ticked.ticks if shown(t)]
        down += [f"{counter_name(state, e)}: {e['from']} -> {e['to']}" for e in ticked.env if shown(e)]
        ended = [f"{name(t['combatant'])} is no longer {t['name']}" if "combatant" in t else f"{counter_name(state, t)} ends"
                 for t in ticked.ended if shown(t)]
        held = [f"{name(h['combatant'])}: {h['name']} stays {h['rounds']}" if "combatant" in h
                else f"{counter_name(state, h)} stays {h['rounds']}" for h in ticked.held if shown(h)]
        x = rect.x + theme.PANEL_PAD
        half = (rect.width - 2 * theme.PANEL_PAD) // 2
        fallen = [f"{name(cid)}: 0 hp" for cid in down_this_round(state, self.ui.encounter.journal.entries)
                  if cid in known]  # the players' view: no hidden creature's fall (N-HIDE-2)
        columns: list[tuple] = [(("Round counters ticked down", down or ["none running"], theme.CONDITION),
                    ("Down this round", fallen, theme.BAD_SOFT)),
                   (("Ended", ended, theme.GOOD), ("Held (their group has not acted since)", held, theme.TEXT_DIM))]
        if half < px(220):  # a narrow card (the right-hand column, phase_place.py): one column, not two
            half = 2 * half
            columns = [columns[0] + columns[1]]
        bottom = y
        for i, column in enumerate(columns):
            cy = y
            for title, rows, colour in column:
                if not rows:
                    continue
                for part in w.wrap(title, 16, half - px(8), "bold"):
                    w.text(s, part, (x + i * half, cy), 16, colour, "bold")
                    cy += w.line_h(16, "bold")
                cy += px(2)
                for row in rows:
                    for part in w.wrap(row, 16, half - px(24)):
                        w.text(s, part, (x + i * half + px(12), cy), 16, theme.TEXT)
                        cy += w.line_h(16)
                cy += px(6)
            bottom = max(bottom, cy)
        y = bottom
        joiners = [cid for cid in can_join(state) if cid in known]  # a hidden newcomer is the GM's to add
        if joiners:
            w.text(s, "Join the fight now:", (x, y + px(2)), 16, theme.ACCENT, "bold")  # reading: R-INIT-5
            y += px(28)
            bx = x
            for cid in joiners:
                who = state.combatants[cid]
                # hidden and unseen by every enemy: her own Round 0 comes first (N-SURP-5)
                label = f"{who.name} joins" + (" unseen: surprise Round 0" if unseen_by_every_enemy(state, combat, who) else "")
                bw = min(rect.width - 2 * theme.PANEL_PAD, w.text_width(label, 16) + px(30))
                if bx + bw > rect.right - theme.PANEL_PAD:
                    bx, y = x, y + px(42)
                w.button(self, s, pygame.Rect(bx, y, bw, px(36)), label, f"join:{cid}",
                         lambda c=cid: self.ui.submit(Join(c)), hover=hover, size=16,
                         enabled=state.combatants[cid].cell is not None)
                bx += bw + px(8)
            y += px(44)
        label = "End combat  (E)" if ends_after_counters(state) else (
            "Start the surprise Round 0  (E)" if combat.unseen_joiners else f"Start round {combat.round + 1}  (E)")
        bw = button_width(label, 18)
        w.button(self, s, pygame.Rect(rect.centerx - bw // 2, y + px(4), bw, px(40)), label,
                 "banner-advance", lambda: self.ui.submit(Advance()), style="primary", size=18, hover=hover)
        return y + px(48)

    def _ended(self, s, rect, combat) -> tuple[int, tuple[int, int, int] | None]:
        state = self.ui.state
        team = state.teams.get(combat.winner or "")
        who = team.name if team else "Nobody"
        colour = theme.rgb(team.colour) if team else theme.TEXT
        w.text(s, "COMBAT IS OVER", (rect.centerx, px(12)), 34, theme.ACCENT, "bold", "midtop")
        line = f"{agreeing(who, 'stands')} after round {combat.round}." if team else (
            f"The GM ended the fight after round {combat.round}." if getattr(combat, "ended_by_gm", False)
            else f"The fight ends after round {combat.round}.")
        y = px(12) + w.line_h(34, "bold") + px(4)
        for part in w.wrap(line, 22, rect.width - 2 * theme.PANEL_PAD, "bold"):
            w.text(s, part, (rect.centerx, y), 22, _readable(colour), "bold", "midtop")
            y += w.line_h(22, "bold")
        return y + px(8), colour


#: Why "Bear 1 is Stunned (1 round left)" is listed in Round 0's Advantages Phase and again in
#: Round 1's: "Round 0 has no Counter Phase: counters first go down at the end of Round 1"
#: (reading R-SURP-1; the unseen joiners' own Round 0 has none either, N-SURP-5).
ROUND_0_COUNTERS = ("Round 0 has no Counter Phase: no counter goes down in it, so the rounds left count from the "
                    "next round.")


def button_width(label: str, size: int) -> int:
    """A button as wide as its label needs (and at least 260 px at scale 1)."""
    return max(px(260), w.text_width(label, size) + px(36))


def shows_step_button(combat, collapsed: bool) -> bool:
    """Does the phase card carry the button of the procedure's next step (Advantages and Counter
    Phases, card open)? Then it is the one control for that step: the hot-seat banner has none."""
    return combat is not None and combat.phase in ("advantages", "counters") and not collapsed


def _short_title(combat) -> str:
    phase = "Advantages Phase" if combat.phase == "advantages" else "Counter Phase"
    return f"{round_name(combat)}: {phase}"


def _readable(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """A team colour lifted so text in it reads on the dark chrome."""
    return tuple(min(255, int(c + (255 - c) * 0.35)) for c in colour)  # type: ignore[return-value]
