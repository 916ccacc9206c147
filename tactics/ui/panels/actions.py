"""The declare panel: what the selected member of the acting group may still do (R-ACT-1, R-ORD-1).

It shows the Free / Simple / Standard / Bonus slots left as pips
(``ground_queries.slots_left``) and one button per action the engine says is
legal now (``ground_queries.legal_kinds``): an attack per weapon and a
Technique per Technique (both hand over to the Attack tool to pick the target
on the map), Hide and Search (Use Item), dropping prone or standing up. Moves
are declared by clicking a square with the Select tool. Below, the member's
declared actions with a button to withdraw each (``Undeclare``).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Callable

import pygame

from tactics.engine.combat.team import out_of_fight, sheet_of
from tactics.engine.combat.actions import ITEM_USES, Action, Declare, Undeclare, move_budget
from tactics.engine.combat.moves import step_allowance
from tactics.engine.combat.passing import DoNothing
from tactics.engine.combat.queries import (
    acting_combatants, acting_group, bonus_weapon_problem, combat_of, declared_two_weapon, declaring_closed, legal_kinds,
    declaration_status, not_declared_yet, set_trap_words, slots_left,
    two_weapon_terms,
)
from tactics.engine.combat.team import group_label
from tactics.rules import actions as act
from tactics.rules.doors import door_name, sides
from tactics.rules.grid import SQUARE_FT, square_words
from tactics.rules.sheets import default_armoury
from tactics.engine.combat.attack import situational_words
from tactics.engine.combat.readying import switch_words
from tactics.ui import situation, theme
from tactics.ui import widgets as w
from tactics.ui.theme import px
from tactics.ui.tools.attack import AttackTool
from tactics.ui.panels.app_turn import app_turn_note
from tactics.ui.panels.next_turn import facing_first
from tactics.ui.panels.common_buttons import (
    attack_block, draw_blocks, off_hand_ready, readying_buttons, shots_words, switch_note, treat_block, treat_buttons,
)

if TYPE_CHECKING:
    from tactics.ui.panels.combat import CombatPanels

#: Use Item actions that need nothing but a click (others come with their own tools).
SIMPLE_ITEM_USES = {"stealth": "Hide (Stealth)", "perception": "Search (Perception)",
                    "search-traps": "Search for traps"}
#: Use Item actions with a target, as a declared one is named ("Treat Injury -> Rook").
NAMED_ITEM_USES = {"treat-injury": "Treat Injury"}

SLOT_COLOURS = {"free": theme.PLANNED, "simple": theme.GOOD, "standard": theme.ACCENT,
                "bonus": theme.SLOT_BONUS}


def grenade_label(name: str) -> str:
    """A grenade kind as the table's data names it ("Frag"), or its id when the data has none."""
    from tactics.rules import explosives as ex

    try:
        kind = ex.grenade_kind(name)
    except (KeyError, ValueError):
        return name
    return kind.label or kind.name


def action_text(state, kind: str, params: dict) -> str:
    """A declared action in words: ``Standard Attack: Silenced pistol -> Bear 1``."""
    arms = default_armoury()
    label = act.LABELS.get(kind, kind)
    what = ""
    if params.get("effect") in ("reload", "draw") and params.get("weapon"):  # N-READY-1, N-READY-2, N-READY-3
        what = f"{params['effect']} {arms.weapon(params['weapon']).title}{switch_words(params)}"
    elif params.get("weapon"):
        what = arms.weapon(params["weapon"]).title
    elif params.get("technique"):
        what = arms.technique(params["technique"]).title
    elif params.get("item") == "grenade" and params.get("grenade"):
        what = grenade_label(params["grenade"])  # the data's "Frag grenade" (not "Frag grenade grenade")
        what += "" if what.lower().endswith("grenade") else " grenade"
        cell = params.get("target_cell")
        if isinstance(cell, (list, tuple)) and len(cell) == 2:
            what += f" at {square_words(cell)}" + (", cooked" if params.get("cook") else "")
    elif str(params.get("item", "")).startswith("set-trap:"):
        what = set_trap_words(params)
    elif params.get("item") in NAMED_ITEM_USES:
        what = NAMED_ITEM_USES[params["item"]] + ("" if params.get("target") else " (self)")
    elif params.get("item"):
        what = SIMPLE_ITEM_USES.get(params["item"], params["item"])
    elif params.get("effect") in ("open-door", "close-door") and type(params.get("door")) is int \
            and 0 <= params["door"] < len(state.map.doors):  # reading: N-DOOR-2
        verb = "open" if params["effect"] == "open-door" else "close"
        what = f"{verb} {door_name(state.map.doors[params['door']].segment)}"
    elif params.get("effect"):
        what = {"drop-prone": "drop prone", "stand-up": "stand up", "step": "5 ft step"}.get(params["effect"], params["effect"])
    text = label + (f": {what}" if what else "")
    if params.get("target") and params["target"] in state.combatants:
        text += f" -> {state.combatants[params['target']].name}"
    if params.get("situational"):
        text += f" ({situational_words(params['situational'])})"
    if params.get("path"):
        end = params["path"][-1]
        text += f" to {square_words(end)} ({SQUARE_FT * len(params['path'])} ft)"
    return text


def declared_text(state, action_id: int, kind: str, params: dict) -> str:
    """:func:`action_text` of a declared action, saying when the engine counts it as two-weapon
    fighting (reading: N-TWF-1): "(two weapons)" on the Standard, "(off-hand)" on the Bonus."""
    text = action_text(state, kind, params)
    if declared_two_weapon(state, action_id):
        text += " (two weapons)" if kind == act.STANDARD_ATTACK else " (off-hand)"
    return text


class ActionsPanel(w.Panel):
    def __init__(self, ui: "CombatPanels") -> None:
        super().__init__(title="Declare")
        self.ui = ui
        # the list's key as last worked out: (state, change number, selected, who is listed, key)
        self._face_kept: tuple | None = None

    def visible(self) -> bool:
        combat = combat_of(self.ui.state)
        return combat is not None and combat.phase == "action"

    # -- commands ------------------------------------------------------------------
    def declare(self, cid: str, action: Action) -> None:
        if self.ui.submit(Declare(cid, action)):
            self.ui.view.say(f"{self.ui.state.combatants[cid].name} declares: {action_text(self.ui.state, action.kind, action.to_dict())}.", "good")

    def aim(self, cid: str, kind: str, weapon: str | None = None, technique: str | None = None,
            two_weapon: bool = False) -> None:
        self.ui.aim(cid, kind, weapon=weapon, technique=technique, two_weapon=two_weapon)

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, x: int, y: int, width: int, max_h: int) -> pygame.Rect | None:
        self.begin()
        if not self.visible() or max_h < px(60):
            return None
        state = self.ui.state
        hover = self.ui.local_hover((x, y))
        return self.draw_list(surface, x, y, width, max_h,
                              lambda canvas, rect: w.header(self, canvas, rect, "Declare actions"),
                              lambda canvas, rect, top: self._body(canvas, rect, top, state, hover))

    def face(self) -> tuple:
        """What the panel shows, as its part's key (retained.py), besides its place, scroll and lit
        buttons. While the GM picks who declares: exactly the lines of the list (a token moved or
        hurt who is not down keeps it); a member's card reads most of the fight (its reach, doors,
        hands, allies beside it), so there any change of the state draws it again."""
        state = self.ui.state
        if not self.visible():
            return ("hidden",)
        if self.collapsed:
            return ("collapsed",)
        selected = self.ui.view.selected
        # Kept across changes that only moved or hurt combatants none of whom is in the list (they
        # change neither the group, its declarations nor anyone else's label): 500 names of the
        # acting group were labelled again after every roll elsewhere.
        changes = getattr(self.ui.view, "token_changes", None)
        kept = self._face_kept
        if kept is not None and changes is not None and kept[0] is state and kept[2] == selected:
            touched = changes.since(kept[1])
            if touched is not None and touched.isdisjoint(kept[3]):
                self._face_kept = (state, changes.at, selected, kept[3], kept[4])
                return kept[4]
        actors = acting_combatants(state)
        if app_turn_note(state) is None and selected not in actors:
            group = acting_group(state)
            combat = combat_of(state)
            declared = Counter(d.combatant for d in combat.declarations) if combat is not None else Counter()
            face: tuple = ("pick", group_label(state, group.key) if group else None, facing_first(self.ui.view),
                           tuple((cid, pick_label(state, combat, cid, declared)) for cid in actors))
            if changes is not None:
                self._face_kept = (state, changes.at, selected, frozenset(actors), face)
            return face
        self._face_kept = None
        return ("member", getattr(self.ui.view, "revision", None), id(state))

    def _body(self, canvas: pygame.Surface, rect: pygame.Rect, cy: int, state: Any, hover: Any) -> int:
        """What the panel holds now, under its title row (drawn at the scroll: :meth:`Panel.draw_list`)."""
        if not self.collapsed:
            cid = self.ui.view.selected
            actors = acting_combatants(state)
            note = app_turn_note(state)
            if note is not None:  # the app declares for its own group: no buttons for it (review 7)
                lx, inner = rect.x + theme.PANEL_PAD, rect.width - 2 * theme.PANEL_PAD
                group = acting_group(state)
                for line in w.wrap((f"{group_label(state, group.key)} acts. " if group else "") + note, 15, inner, "regular"):
                    w.text(canvas, line, (lx, cy), 15, theme.TEXT_DIM, "regular")
                    cy += w.line_h(15, "regular")
            elif cid not in actors:
                cy = self._pick(canvas, rect, cy, actors, hover)
            else:
                cy = self._actor(canvas, rect, cy, cid, hover)
        return cy

    def _pick(self, s, rect, y, actors, hover) -> int:
        state = self.ui.state
        x, inner = rect.x + theme.PANEL_PAD, rect.width - 2 * theme.PANEL_PAD
        group = acting_group(state)
        lead = f"{group_label(state, group.key)} acts." if group else "No group acts now."
        first = facing_first(self.ui.view) if group else ""
        if first and group is not None:  # the last turn's facing is still asked: not over (outside review 17 N5)
            lead = f"{group_label(state, group.key)} acts next"
        w.text(s, lead, (x, y), 17, theme.TEXT)
        y += px(26)
        for line in w.wrap(f"{first[:1].upper()}{first[1:]} on the map.", 15, inner, "regular") if first else ():
            w.text(s, line, (x, y), 15, theme.ACCENT, "regular")
            y += px(22)
        if not actors:
            w.text(s, "Nobody in it can act.", (x, y), 15, theme.TEXT_DIM, "regular")
            return y + px(24)
        w.text(s, "Pick who declares:", (x, y), 15, theme.TEXT_DIM, "regular")
        y += px(24)
        for cid in actors:
            if not self.in_view(y, y + px(36)):  # a group of 500: only the names in view are drawn
                self.hit(pygame.Rect(x, y, inner, px(36)), f"actor:{cid}", lambda c=cid: self.ui.select(c))
                y += px(42)
                continue
            label = pick_label(state, combat_of(state), cid)
            w.button(self, s, pygame.Rect(x, y, inner, px(36)), label, f"actor:{cid}",
                     lambda c=cid: self.ui.select(c), hover=hover)
            y += px(42)
        return y

    def _actor(self, s, rect, y, cid, hover) -> int:
        state = self.ui.state
        who = state.combatants[cid]
        team = state.teams.get(who.team)
        x, inner = rect.x + theme.PANEL_PAD, rect.width - 2 * theme.PANEL_PAD
        pygame.draw.circle(s, tuple(team.colour) if team else theme.TEXT, (x + px(9), y + px(13)), px(9))
        numbers = self.ui.view.viewer == "gm" or state.numbers_shown_to_players(who)  # N-SEEN-1
        label = f"{who.hp}/{who.max_hp} hp" if numbers else ("down" if who.down else "")
        right = (rect.right - theme.PANEL_PAD - px(40), y + px(4))
        hp = (w.text(s, label, right, 16, theme.BAD if who.down else theme.TEXT, "semibold", "topright")
              if label else pygame.Rect(right, (0, 0)))
        for line in w.fit_line(who.name, 22, hp.x - px(8) - (x + px(26)), "bold"):
            w.text(s, line, (x + px(26), y), 22, theme.TEXT, "bold")
        y += w.line_h(22, "bold") + px(4)
        conds = ", ".join(c.name + (f" {c.rounds}" if c.rounds is not None else "") for c in who.conditions)
        out = out_of_fight(who)  # down, fled, unconscious ...: it cannot act (R-END-1, N-HP-1), no "Run 30 ft"
        facts = (("Down: cannot act" if who.down else "Out of the fight: cannot act") if out
                 else f"Run {move_budget(who)} ft") + (f"   {conds}" if conds else "")
        for line in w.wrap(facts, 15, inner, "regular"):
            w.text(s, line, (x, y), 15, theme.TEXT_DIM, "regular")
            y += w.line_h(15, "regular")
        y += px(6)
        slots = slots_left(state, cid)
        sx = x
        for key, label in (("free", "Free"), ("simple", "Simple"), ("standard", "Standard"), ("bonus", "Bonus")):
            need = 2 * px(9) + px(6) + w.text_width(label, 16)  # as w.pips draws it
            if sx > x and sx + need > x + inner:  # a narrow panel: the slots go on to a second row
                sx, y = x, y + px(28)
            sx += w.pips(s, (sx, y), label, slots[key], SLOT_COLOURS[key])
        y += px(34)
        kinds = legal_kinds(state, cid)
        sheet = sheet_of(who)
        arms = default_armoury()
        buttons: list[tuple[str, str, Callable[..., object] | None]] = []
        blocked: dict[str, str] = {}  # a disabled attack's key -> why (empty, not drawn: N-READY-1, -2)
        move_kind = act.STANDARD_MOVE if act.STANDARD_MOVE in kinds else (act.BONUS_MOVE if act.BONUS_MOVE in kinds else None)
        if move_kind:
            buttons.append((f"{act.LABELS[move_kind]}: click a square", f"kind:{move_kind}",
                            lambda: self.ui.move_mode(cid)))
        if step_allowance(state, cid) is not None:  # reading: N-MOVE-8, before or after the Standard
            buttons.append(("Simple: 5 ft step: click a square", "kind:step", lambda: self.ui.step_mode(cid)))
        attack_kind = act.STANDARD_ATTACK if act.STANDARD_ATTACK in kinds else (act.BONUS_ATTACK if act.BONUS_ATTACK in kinds else None)
        if attack_kind:
            prefix = "Attack" if attack_kind == act.STANDARD_ATTACK else "Bonus Attack"
            for name in sheet.weapons:
                if attack_kind == act.BONUS_ATTACK and bonus_weapon_problem(state, cid, name):
                    continue  # after a two-weapon miss only the off-hand attacks (R-ACT-1)
                weapon = arms.weapon(name)
                terms = two_weapon_terms(state, cid, attack_kind, name)  # reading: N-TWF-1, the engine says
                hand = ", off-hand" if terms is not None and not terms.main_again else ""
                if (why := attack_block(state, cid, name, attack_kind)) is not None:
                    buttons.append((f"{prefix}: {weapon.title}{hand} ({weapon.range_ft} ft{shots_words(state, cid, name)})", f"weapon:{name}", None))
                    blocked[f"weapon:{name}"] = why
                    continue
                buttons.append((f"{prefix}: {weapon.title}{hand} ({weapon.range_ft} ft{shots_words(state, cid, name)})", f"weapon:{name}",
                                lambda n=name, k=attack_kind: self.aim(cid, k, weapon=n)))
                pair = two_weapon_terms(state, cid, attack_kind, name, two_weapon=True) if attack_kind == act.STANDARD_ATTACK else None
                if pair is not None and slots["bonus"] and off_hand_ready(state, cid, pair.off_hand):  # N-READY-1, -2
                    buttons.append((f"Attack: {weapon.title} + {pair.off_hand}", f"weapons:{name}",
                                    lambda n=name: self.aim(cid, act.STANDARD_ATTACK, weapon=n, two_weapon=True)))
        if act.TECHNIQUE in kinds:
            for name in sheet.techniques:
                tech = arms.technique(name)
                reach = f"{tech.range_ft} ft" + (f", moves {tech.move_ft} ft" if tech.move_ft else "")
                buttons.append((f"Technique: {tech.title} ({reach})", f"technique:{name}",
                                lambda n=name: self.aim(cid, act.TECHNIQUE, technique=n)))
        buttons += readying_buttons(state, cid, kinds, self.declare)
        for label, key, why in draw_blocks(state, cid, kinds):  # hands full: greyed with why (N-READY-3),
            at = next((i for i, b in enumerate(buttons) if b[1].startswith(f"switch:{key[5:]}:")), len(buttons))
            buttons.insert(at, (label, key, None))  # just above the switch that would draw it
            blocked[key] = why
        buttons += treat_buttons(state, cid, kinds, self.declare)
        if (why := treat_block(state, cid, kinds)) is not None:  # shown greyed with why (N-TREAT-1)
            buttons.append(("Use Item: Treat Injury", "treat:nobody", None))
            blocked["treat:nobody"] = why
        if act.USE_ITEM in kinds:
            for item, label in SIMPLE_ITEM_USES.items():
                if item not in ITEM_USES:
                    continue
                buttons.append((f"Use Item: {label}", f"item:{item}",
                                lambda i=item: self.declare(cid, Action(act.USE_ITEM, item=i))))
        simple = act.SIMPLE if act.SIMPLE in kinds else (act.SIMPLE_AFTER if act.SIMPLE_AFTER in kinds else None)
        if simple and who.has("Prone"):
            buttons.append(("Simple: stand up", "simple:stand-up",
                            lambda k=simple: self.declare(cid, Action(k, effect="stand-up"))))
        if simple:
            buttons += door_buttons(state, cid, lambda c: self.declare(c.combatant, c.action))
        if act.FREE in kinds and not who.has("Prone"):
            buttons.append(("Free: drop prone", "free:drop-prone",
                            lambda: self.declare(cid, Action(act.FREE, effect="drop-prone"))))
        combat = combat_of(state)
        if combat is not None and cid in not_declared_yet(state):  # reading: N-ORD-4, committing to nothing
            buttons.append(("Do nothing this turn", "do-nothing", lambda: self.ui.submit(DoNothing(cid))))
        if combat is not None and cid in combat.passed:
            for line in w.wrap(f"{who.name} does nothing this turn." + ("" if declaring_closed(state, cid)
                               else " Declaring an action takes it back."), 16, inner, "regular"):
                w.text(s, line, (x, y), 16, theme.TEXT_DIM, "regular")
                y += w.line_h(16, "regular")
            y += px(4)
        elif not buttons:
            none_left = (f"{who.name} is out of the fight: nothing to declare." if out
                         else "The group is resolving: nothing new to declare." if declaring_closed(state, cid)
                         else "No action left to declare.")
            for line in w.wrap(none_left, 16, inner, "regular"):
                w.text(s, line, (x, y), 16, theme.TEXT_DIM, "regular")
                y += w.line_h(16, "regular")
            y += px(4)
        aiming = self.ui.aiming_key()
        for label, key, fn in buttons:
            style = "on" if key == aiming or (key == "kind:step" and self.ui.view.step_for == cid) else "normal"
            w.button(self, s, pygame.Rect(x, y, inner, px(36)), label, key, fn, hover=hover, style=style, size=16,
                     enabled=fn is not None)
            y += px(41)
            if key in blocked:  # the engine's refusal, in words, under the disabled attack
                for line in w.wrap(blocked[key], 15, inner - px(8), "regular"):
                    w.text(s, line, (x + px(8), y - px(2)), 15, theme.WARN,
                           "regular")
                    y += w.line_h(15, "regular")
                y += px(4)
            elif (note := switch_note(state, cid, key)) is not None:  # what a switch puts away (N-READY-3)
                for line in w.wrap(note, 15, inner - px(8), "regular"):
                    w.text(s, line, (x + px(8), y - px(2)), 15, theme.TEXT_DIM, "regular")
                    y += w.line_h(15, "regular")
                y += px(4)
            tool = self.ui.view.tool
            if key == aiming and isinstance(tool, AttackTool) and tool.takes_situation:  # the GM's cover, flanking, height
                y = situation.draw_row(self, s, pygame.Rect(x + px(8), y, inner - px(8), situation.row_height()),
                                       tool, hover).bottom + px(6)
        mine = [d for d in combat.declarations_of(cid)] if combat is not None else []
        if mine:
            y += px(4)
            w.text(s, "Declared", (x, y), 16, theme.ACCENT, "bold")
            y += px(26)
            for d in mine:
                status = f"  {words}" if (words := declaration_status(d)) else ""
                lines = w.wrap(declared_text(state, d.id, d.kind, d.params) + status, 15, inner - px(44), "regular")
                colour = theme.TEXT if d.status == "declared" else theme.TEXT_DIM
                for i, line in enumerate(lines):
                    w.text(s, line, (x, y + w.line_h(15, "regular") * i), 15, colour, "regular")
                if d.status == "declared":
                    w.button(self, s, pygame.Rect(rect.right - theme.PANEL_PAD - px(34), y - px(2), px(34), px(26)), "x", f"withdraw:{d.id}",
                             lambda i=d.id: self.ui.submit(Undeclare(i)), style="danger", size=15, hover=hover)
                y += max(px(26), w.line_h(15, "regular") * len(lines)) + px(6)
        return y


def pick_label(state, combat, cid: str, declared: dict[str, int] | None = None) -> str:
    """One name of the Declare panel's list of who may declare, with what it has declared
    (``declared``: each combatant's count of declarations, when the whole list is labelled)."""
    who = state.combatants[cid]
    if declared is not None:
        n = declared.get(cid, 0)
    else:
        n = len(combat.declarations_of(cid)) if combat is not None else 0
    return who.name + ("  (down: cannot act)" if who.down else "  (out of the fight)" if out_of_fight(who)
                       else f"  ({n} declared)" if n else "  (does nothing)" if combat and cid in combat.passed else "")


def door_buttons(state, cid: str, submit: Callable[[Declare], object]) -> list[tuple[str, str, Callable[..., object]]]:
    """A button per door ``cid`` could open or close as its Simple action now (from its square, or
    where its declared Standard Move leaves it), as the engine would accept it (reading: N-DOOR-2)."""
    from tactics.engine.combat.actions import planned_origin
    from tactics.engine.combat.doors import doors_in_reach
    from tactics.ui.tools.doors import accepted, door_command

    who = state.combatants[cid]
    near = doors_in_reach(state, who.cell) + doors_in_reach(state, planned_origin(state, cid, act.SIMPLE_AFTER))
    out: list[tuple[str, str, Callable[..., object]]] = []
    for door in dict.fromkeys(near):
        command, _ = door_command(state, door, cid)
        if command is None or not accepted(state, command):
            continue
        one, two = sides(state.map.doors[door].segment)
        verb = "open" if command.action.effect == "open-door" else "close"
        out.append((f"Simple: {verb} door {square_words(one)} | {square_words(two)}", f"door:{door}",
                    lambda c=command: submit(c)))
    return out
