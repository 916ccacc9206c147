"""The resolve queue: declared actions in the rules' order, their odds before, their dice after (R-ORD-1).

The queue is ``ground_queries.preview_order`` (the order ``ResolveNext`` will
use); each attack or Technique shows its exact odds from
``ground_queries.declared_odds`` (the same ``attack_setup`` the engine rolls
with) as a Miss / Minor / Hit / Major / Crit bar with percentages. "Resolve
next" submits ``ResolveNext``; the last resolution's dice are drawn as little
dice faces with the modifiers as chips, ``[d20 14] + [d2 1] + DEX 3 + weapon 1
= 19 vs AC 15 -> MAJOR HIT``, coloured by outcome.

When the table rolls physical dice for the next action (the table setting
"who rolls the dice", ``tactics.engine.core.table.dice_typed_for``; the panel's dice
switch changes it with ``ChangeTableSetting``) a text box takes the faces the
table rolled, in order, and they go to
``encounter.submit(ResolveNext(), typed=[...])``. A save the engine says the table types
(``saves_to_type``: a player's save against a blast or a trap the action sets off, whoever
acts) is asked in the same box, after the actor's own dice, and goes in ``saves={...}``.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import pygame

from tactics.engine.combat.events import (
    ActionFailed, ActionLost, AttackRolled, CombatCheck, CombatantDowned, ConditionAdded, DamageRolled, HpRolled,
)
from tactics.engine.combat.actions import ResolveNext, resolve_waits_on
from tactics.engine.combat.passing import DoNothing
from tactics.engine.combat.own_dice import own_dice
from tactics.engine.combat.crossing import RunOdds, declared_run_odds
from tactics.engine.combat.skill_odds import declared_skill_odds
from tactics.engine.combat.queries import OUTCOME_WORDS, combat_of, declared_odds, not_declared_yet, preview_order
from tactics.engine.core.journal import Event
from tactics.engine.core.table import (
    TABLE_SETTINGS, ChangeTableSetting, dice_beyond_typed, dice_typed_for, saves_to_type, share_typed, who_rolls,
)
from tactics.rules import actions as act
from tactics.rules.attacks import advantage_die, rolls_needed
from tactics.ui import theme
from tactics.ui.attack_words import crossing_lines, die_words, queue_line, skill_lines
from tactics.ui import widgets as w
from tactics.ui.panels import rolls
from tactics.ui.panels.actions import declared_text
from tactics.ui.theme import px
from tactics.ui.panels.app_turn import app_turn_note
from tactics.engine.core.labels import listed, possessive

if TYPE_CHECKING:
    import pygame_gui

    from tactics.ui.panels.combat import CombatPanels

DICE_LABELS = {"app": "Dice: app rolls", "players": "Dice: players type", "everyone": "Dice: all typed"}
ATTACK_KINDS = (act.STANDARD_ATTACK, act.BONUS_ATTACK, act.TECHNIQUE)
ROLL_KINDS = ("attack.rolled", "combat.check")


def parse_faces(raw: str) -> list[int]:
    """``"14 1, 5"`` -> ``[14, 1, 5]``; ValueError with a sentence for anything else."""
    parts = [p for p in re.split(r"[\s,;]+", raw.strip()) if p]
    if not all(p.isdigit() for p in parts):
        raise ValueError("type the dice faces as whole numbers, e.g. 14 1 5")
    return [int(p) for p in parts]


def last_resolution(journal) -> list[Event]:
    """The events of the newest ``resolve-next`` entry still in the journal (undo removes it)."""
    for entry in reversed(journal.entries):
        if entry.command == "resolve-next":
            return list(entry.events)
        if entry.command in ("end-group-turn", "advance", "begin-actions", "next-round", "start-combat"):
            return []
    return []


def grenade_on_target(state, decl: dict[str, Any]) -> Fraction | None:
    """The exact chance a declared grenade comes down on its square (None: not a grenade throw)."""
    params = decl.get("params") or {}
    cell = params.get("target_cell")
    who = state.combatants.get(decl.get("combatant", ""))
    if params.get("item") != "grenade" or who is None or who.cell is None or not isinstance(cell, (list, tuple)):
        return None
    from tactics.rules import explosives as ex

    return ex.p_on_target(state.current_map(), who.cell, (int(cell[0]), int(cell[1])), facing=who.facing)


def _run_dice(run: RunOdds | None) -> str:
    """The checks a charge's run rolls before its blow, in the order to type them (R-MOVE-2):
    "the Acrobatics d20 for the difficult ground (one per square reached, up to 2), then "."""
    if run is None or not run.checks:
        return ""
    first = run.checks[0]
    sides, sign = first.die
    die = "d20" + ((" + " if sign > 0 else " - ") + f"d{sides}" if sides else "")
    count = len(run.checks)
    each = f" (one per square reached, up to {count})" if count > 1 else ""
    return f"the {first.what} {die} for the {first.place}{each}, then "


def dice_hint(state, decl: dict[str, Any]) -> str:
    """Which dice the table rolls for the next action, in the order to type them."""
    if decl["kind"] in ATTACK_KINDS:
        setup = declared_odds(state, decl["id"])
        if setup is None:
            return ""
        sides, sign = advantage_die(setup.advantage, setup.affinity_die)
        dice = ["d20"] + ([f"{'+' if sign > 0 else '-'}d{sides}"] if sides else [])
        run = declared_run_odds(state, decl["id"]) if decl["kind"] == act.TECHNIQUE else None
        if not setup.damage:
            return "Type " + _run_dice(run) + ", ".join(dice)
        # How many damage dice follow depends on the d20 (a Major Hit doubles them), so the d20
        # comes first and the box then asks for what is owed (outside review 17 N3).
        extra = f", with its {dice[1]}" if len(dice) > 1 else ""
        first = "the attack's d20" if run is not None and run.checks else "the d20 first"
        major = rolls_needed("major")  # (the rules core's count, R-HIT-3: not written here again)
        times = {1: "once", 2: "twice"}.get(major, f"{major} times")
        return (f"Type {_run_dice(run)}{first}{extra}: it says how many damage dice follow "
                f"({setup.damage} on a Hit, {times} on a Major Hit or Critical)")
    if not decl["needs_roll"]:
        return "No dice for this one"
    params = decl.get("params") or {}
    if params.get("item") == "grenade":  # R-GREN-2: the scatter dice (a cooked one: the WIS check first)
        if not params.get("cook"):
            return "Type the two scatter d10s"
        from tactics.engine.hazards.commands import cook_check_dice

        who = state.combatants.get(decl.get("combatant"))
        sides, sign = advantage_die(*cook_check_dice(who)) if who is not None else (0, 0)
        extra = f" {'+' if sign > 0 else '-'}d{sides}" if sides else ""  # reading: N-GREN-4 (Shaken: a -d2)
        return f"Type the WIS check's d20{extra}, then the two scatter d10s"
    return "Type the d20, then any advantage die"


def saves_hint(state, owed: dict[str, list[int]]) -> str:
    """The saves to type for an action whose actor types none: "Type Brandon's save (d20, d2),
    then Art's save (d20)" (the order they are rolled)."""
    parts = [f"{possessive(state.combatants[cid].name)} save ({', '.join(f'd{n}' for n in sides)})"
             for cid, sides in owed.items()]
    return "Type " + ", then ".join(parts) if parts else ""


def needs_faces(decl: dict[str, Any]) -> bool:
    """Does this declared action roll dice the table must type (an attack, a check, a grenade)?"""
    return decl["kind"] in ATTACK_KINDS or bool(decl["needs_roll"])


class _Scratch:
    """An owner for a scratch canvas (:func:`widgets.canvas` keeps canvases per owner, weakly)."""


class ResolvePanel(w.Panel):
    def __init__(self, ui: "CombatPanels") -> None:
        super().__init__(title="Resolve")
        self.ui = ui
        self.entry: pygame_gui.elements.UITextEntryLine | None = None
        #: whose dice Enter found missing (the line under the box says to type them), else None
        self.missing: str | None = None
        self.missing_save: Any = None  # ... and they are a save: the declaration asking it (not the actor's dice)
        self._owed: tuple[Any, dict[str, list[int]]] = (None, {})  # saves_first's last answer, by its key
        #: each queued action's rows as last drawn (an attack's down to its odds): (top, bottom) on the canvas
        self._rows: list[tuple[int, int]] = []
        self._below = 0  # how many of them the part in view left below (_hint_below)
        self._measure = _Scratch()  # the owner of the canvas the queue is laid out on first (w.canvas)

    # -- settings and commands ------------------------------------------------------
    def table_rolls(self) -> bool:
        """Does the next action's roll take typed faces (the table's setting, for its combatant, or
        for a save it makes someone roll)?"""
        queue = preview_order(self.ui.state)
        return bool(queue) and (dice_typed_for(self.ui.state, queue[0]["combatant"]) or bool(self.saves_first()))

    def actor_types(self) -> bool:
        """Does the next action's actor type dice of its own?"""
        queue = preview_order(self.ui.state)
        return bool(queue) and dice_typed_for(self.ui.state, queue[0]["combatant"]) and needs_faces(queue[0])

    def saves_first(self) -> dict[str, list[int]]:
        """The typed saves the next action makes, when they are known before any face is typed
        (its actor types no dice of its own: the app's or the GM's creature, a plain move); else {}
        (where a grenade comes down waits for the thrower's dice: asked after them)."""
        queue = preview_order(self.ui.state)
        if not queue or who_rolls(self.ui.state) == "app" or self.actor_types():
            return {}
        journal = self.ui.encounter.journal
        key = (id(journal.state), len(journal.entries), len(journal.redo_stack), queue[0]["id"])
        if self._owed[0] != key:
            self._owed = (key, saves_to_type(journal, ResolveNext()))
        return self._owed[1]

    def cycle_dice(self) -> None:
        """App rolls -> players type theirs -> everyone types -> app rolls (a logged table setting)."""
        choices = list(TABLE_SETTINGS["dice"])
        now = who_rolls(self.ui.state)
        self.ui.submit(ChangeTableSetting("dice", choices[(choices.index(now) + 1) % len(choices)]))

    def visible(self) -> bool:
        combat = combat_of(self.ui.state)
        return combat is not None and (combat.phase == "action" or bool(last_resolution(self.ui.encounter.journal)))

    def face(self, revision: object) -> tuple:
        """What the panel shows, as its part's key (retained.py), besides its place, scroll and lit
        buttons: with nothing declared waiting and no roll to show, its title and "Nothing declared
        is waiting." whatever else changed (a token moved or hurt keeps it); else anything may show
        in it (names, odds, the dice typed), so any change of the state (``revision``) draws it again."""
        state = self.ui.state
        combat = combat_of(state)
        if combat is None or not self.visible():
            return ("hidden",)
        if self.collapsed:
            return ("collapsed",)
        if combat.phase == "action" and not preview_order(state) and not last_resolution(self.ui.encounter.journal):
            return ("nothing waiting",)
        return ("shown", revision, id(state))

    def waiting_for(self) -> str | None:
        """The name of whoever's typed dice the next action waits for (None: it waits for none)."""
        queue = preview_order(self.ui.state)
        if not queue or not self.table_rolls():
            return None
        if self.actor_types():
            return str(queue[0]["name"])
        owed = self.saves_first()
        return self.ui.state.combatants[next(iter(owed))].name if owed else None

    def _box_faces(self) -> list[int] | None:
        """The faces typed in the box so far ([] when empty; None when it holds no faces as typed)."""
        if self.entry is None:
            return []
        try:
            return parse_faces(self.entry.get_text())
        except ValueError:
            return None

    def typed_status(self) -> str | None:
        """What the faces in the box leave, asked of the engine (a dry run): "Type the rest of
        Art's dice: 1 more die (d6)", or "1 typed die too many: ..." (the journal refuses dice not
        needed); None when the box is empty or holds just what is needed. Why: the panel said "Type
        the rest" while the status line said a die was not needed (outside review 17 N3)."""
        faces = self._box_faces()
        who = self.waiting_for()
        if not faces or who is None or not self.actor_types():
            return None
        more = self._own_dice_beyond(faces)
        if more is None:
            return None
        if more:
            dice = ", ".join(f"d{sides}" for sides in more)
            return f"Type the rest of {possessive(who)} dice: {len(more)} more {'die' if len(more) == 1 else 'dice'} ({dice})"
        need = next((k for k in range(len(faces)) if self._own_dice_beyond(faces[:k]) == []), len(faces))
        if need < len(faces) and not saves_to_type(self.ui.encounter.journal, ResolveNext(), faces[:need]):
            extra = len(faces) - need
            return (f"{extra} typed {'die' if extra == 1 else 'dice'} too many: {possessive(who)} dice are "
                    f"{' '.join(map(str, faces[:need]))}")
        return None

    def dice_owed(self) -> str | None:
        """Whose typed dice the next action still lacks (the box empty, or the engine owed more
        after its faces), else None: the Resolve button is greyed meanwhile (outside review 17 N3)."""
        who = self.waiting_for()
        if who is None:
            return None
        faces = self._box_faces()
        if not faces:
            return who if faces == [] else None  # faces not as typed: Enter says why
        if not self.actor_types():
            return None  # a save typed: Enter shares them out and asks for the rest
        return who if self._own_dice_beyond(faces) else None

    def resolve_next(self) -> bool:
        """Resolve the next action with the faces typed in the box. With the table typing its dice
        and the box empty nothing is rolled: the box says what to type (the app never rolls for
        the table unasked; "Roll for ..." does that on purpose)."""
        typed = None
        if self.table_rolls() and self.entry is not None and self.entry.get_text().strip():
            try:
                typed = parse_faces(self.entry.get_text())
            except ValueError as exc:
                self.ui.view.say(str(exc).capitalize() + ".", "error")
                return False
        who = self.waiting_for()
        if typed is not None and who is not None:
            more = self._own_dice_beyond(typed)
            if more:  # the faces typed run out (a hit's damage): ask for the rest, roll nothing
                self.missing = who
                dice = ", ".join(f"d{sides}" for sides in more)
                self.ui.view.say(f"After {' '.join(map(str, typed))}, type {possessive(who)} {len(more)} more "
                                 f"{'die' if len(more) == 1 else 'dice'} ({dice}) and press Enter.", "error")
                self.ui.view.app.dirty = True
                return False
        if typed is None and who is not None and not self.actor_types():
            return self._ask_save([], self.saves_first())
        if typed is None and who is not None:
            self.missing = who
            self.ui.view.say(f"Type {possessive(who)} dice in the Resolve box first, or click Roll for {who} to let "
                             "the app roll them.", "error")
            self.ui.view.app.dirty = True
            return False
        saves = None
        if typed is not None:
            shared = self._share(typed)
            if shared is not None and shared.missing:  # a save the table types: asked, never rolled
                return self._ask_save(typed, shared.missing)
            if shared is not None:
                typed, saves = shared.actor, shared.saves or None
        return self._submit(typed, saves)

    def _share(self, typed: list[int]) -> Any:
        """The faces typed, shared out between the actor's dice and the typed saves (table.py)."""
        queue = preview_order(self.ui.state)
        roller = str(queue[0]["combatant"]) if queue else ""
        return share_typed(self.ui.encounter.journal, ResolveNext(), typed, actor_types=self.actor_types(),
                           own=lambda events, drawn: own_dice(events, drawn, roller))

    def _ask_save(self, typed: list[int], missing: dict[str, list[int]]) -> bool:
        """Say whose save to type next (its dice), roll nothing."""
        cid, sides = next(iter(missing.items()))
        name = self.ui.state.combatants[cid].name
        self.missing, self.missing_save = name, preview_order(self.ui.state)[0]["id"]
        dice = ", ".join(f"d{n}" for n in sides)
        after = f"After {' '.join(map(str, typed))}, type" if typed else "Type"
        self.ui.view.say(f"{after} {possessive(name)} save ({dice}) and press Enter, or click Roll for "
                         f"{self.waiting_for() or name} to let the app roll.", "error")
        self.ui.view.app.dirty = True
        return False

    def _own_dice_beyond(self, typed: list[int]) -> list[int] | None:
        """The sides of the acting combatant's own dice still to type after ``typed``: a weapon
        attack's or a Technique's checks, d20, advantage die and damage, a throw's cooking check
        and scatter d10s (R-ROLL-1; a blast's damage and saves are not the thrower's)."""
        queue = preview_order(self.ui.state)
        if not queue:
            return None
        roller = str(queue[0]["combatant"])
        return dice_beyond_typed(self.ui.encounter.journal, ResolveNext(), typed,
                                 own=lambda events, drawn: own_dice(events, drawn, roller))

    def roll_for_them(self) -> bool:
        """The GM lets the app roll the next action's dice after all (a chosen, visible fallback)."""
        return self._submit(None, app_dice=True)

    def _submit(self, typed: list[int] | None, saves: dict[str, list[int]] | None = None, *,
                app_dice: bool = False) -> bool:
        ok = self.ui.submit(ResolveNext(), typed=typed, saves=saves, app_dice=app_dice)
        if ok:
            self.missing, self.missing_save = None, None
            if self.entry is not None:
                self.entry.set_text("")
        return ok

    def close(self) -> None:
        if self.entry is not None:
            self.entry.kill()
            self.entry = None

    # -- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, x: int, y: int, width: int, max_h: int) -> pygame.Rect | None:
        self.begin()
        self._rows, self._below = [], 0  # (this drawing's queue, if it draws one)
        want_entry: pygame.Rect | None = None
        if not self.visible() or max_h < px(60):
            self._place_entry(None)
            return None
        state = self.ui.state
        combat = combat_of(state)
        assert combat is not None  # drawn only during team combat
        canvas = w.canvas(self, (width, max(px(60), max_h)), room=3)
        rect = canvas.get_rect()
        hover = self.ui.local_hover((x, y))
        cy = w.header(self, canvas, rect, "Resolve in order")
        fixed = cy
        lx, inner = rect.x + theme.PANEL_PAD, rect.width - 2 * theme.PANEL_PAD
        if not self.collapsed:
            queue = preview_order(state) if combat.phase == "action" else []
            if combat.phase == "action" and not queue:
                w.text(canvas, "Nothing declared is waiting.", (lx, cy), 16, theme.TEXT_DIM, "regular")
                cy += w.line_h(16, "regular") + px(6)
            note = app_turn_note(state) if queue else None
            if note is not None:  # the app resolves its own group's actions (review 7, solo play)
                for line in w.wrap(note, 14, inner, "regular"):
                    w.text(canvas, line, (lx, cy), 14, theme.TEXT_DIM, "regular")
                    cy += w.line_h(14, "regular")
                cy += px(6)
            elif queue:  # the button first: a long queue never pushes it out of the panel
                if self.table_rolls():
                    owed = self.saves_first()  # (none known before an actor's own dice are typed)
                    hint = saves_hint(state, owed) if owed else dice_hint(state, queue[0])
                    for line in w.wrap(hint, 14, inner, "regular"):
                        w.text(canvas, line, (lx, cy), 14, theme.TEXT_DIM, "regular")
                        cy += w.line_h(14, "regular")
                    want_entry = pygame.Rect(x + lx, y + cy + px(2), inner, px(36))
                    cy += px(44)
                    who = self.waiting_for()
                    now = self.typed_status()
                    if now is not None:  # what the faces in the box leave, the engine's answer (review 17 N3)
                        for line in w.wrap(now, 15, inner, "bold"):
                            w.text(canvas, line, (lx, cy), 15, theme.BAD_SOFT, "bold")
                            cy += w.line_h(15, "bold")
                        cy += px(2)
                    if self.missing_save is not None and self.missing_save != queue[0]["id"]:
                        self.missing, self.missing_save = None, None  # another action is next: its own prompt
                    if who is not None and who != self.missing and self.missing_save is None:
                        self.missing = None
                    if self.missing is not None and now is None:  # Enter found faces missing: nothing was rolled
                        typed_some = self.entry is not None and bool(self.entry.get_text().strip())
                        save = self.missing_save is not None
                        whose = possessive(self.missing if save else (who or self.missing))
                        line = (f"Type {whose} save" + (" too" if typed_some else "") if save
                                else f"Type the rest of {whose} dice" if typed_some else f"Type {whose} dice first")
                        w.text(canvas, line, (lx, cy), 15, theme.BAD_SOFT, "bold", max_width=inner)
                        cy += w.line_h(15, "bold") + px(2)
                waiting = not_declared_yet(state)
                if waiting:  # reading: N-ORD-4, no roll before every member has committed
                    names = ", ".join(state.combatants[c].name for c in waiting)
                    for line in w.wrap(f"Waiting for {names}: declare, or do nothing, before any roll",
                                       14, inner, "regular"):
                        w.text(canvas, line, (lx, cy), 14, theme.BAD_SOFT, "regular")
                        cy += w.line_h(14, "regular")
                    for cid in waiting:
                        w.button(self, canvas, pygame.Rect(lx, cy + px(2), inner, px(32)),
                                 f"{state.combatants[cid].name} does nothing this turn", f"do-nothing:{cid}",
                                 lambda c=cid: self.ui.submit(DoNothing(c)), size=15, hover=hover)
                        cy += px(38)
                blocked = resolve_waits_on(state)  # the engine's answer, not the rule again (review 16, F7)
                lacking = self.dice_owed()
                if blocked:  # greyed, and still clicked for the reason (Enter says it too)
                    label = f"Waiting for {listed([state.combatants[c].name for c in blocked])} (declare or pass)"
                elif lacking:  # greyed while dice it needs are missing (outside review 17 N3)
                    label = f"Waiting for {possessive(lacking)} {'dice' if self.actor_types() else 'save'}"
                else:
                    label = "Resolve next  (Enter)" + (f"  - {len(queue)} waiting" if len(queue) > 1 else "")
                w.button(self, canvas, pygame.Rect(lx, cy + px(2), inner, px(42)), label, "resolve",
                         self.resolve_next, style="disabled" if blocked or lacking else "primary", size=18,
                         hover=None if blocked or lacking else hover)
                cy += px(52)
                who = self.waiting_for()
                if who is not None:  # the GM may still let the app roll, on purpose
                    w.button(self, canvas, pygame.Rect(lx, cy, inner, px(32)), f"Roll for {who} (app dice)",
                             "roll-for-them", self.roll_for_them, size=15, hover=hover)
                    cy += px(40)
                fixed = cy  # the header and the button stay; the queue below scrolls
            roll = last_resolution(self.ui.encounter.journal)
            # too long for the panel: the actions after the next show their title and odds only
            # (their dice lines come when each is next), so more odds read at once (review 20 m4)
            compact = len(queue) > 1 and self._body(self._measure_canvas(canvas), rect, cy, queue, roll,
                                                   compact=False) + px(8) > max_h + px(2)
            cy = self._body(canvas, rect, cy, queue, roll, compact=compact)
        content = cy + px(8)
        hint_h = w.line_h(13) + px(6)
        if content > max_h + px(2) and self._rows:
            content += hint_h  # the last action can scroll up clear of the hint
        final = self.finish(surface, canvas, x, y, width, min(max_h, content), content=content, fixed=fixed)
        self._hint_below(surface, final, fixed, hint_h)
        self._place_entry(want_entry if want_entry is not None and want_entry.bottom <= final.bottom else None)
        return final

    def _measure_canvas(self, canvas: pygame.Surface) -> pygame.Surface:
        """A scratch canvas to lay the queue out on before drawing it: as wide as ``canvas`` and one
        row tall (what is drawn below its row is clipped away; only where the layout ends counts)."""
        return w.canvas(self._measure, (canvas.get_width(), 1))

    def _body(self, canvas: pygame.Surface, rect: pygame.Rect, cy: int, queue: list[dict[str, Any]],
              roll: list[Event], *, compact: bool) -> int:
        """The queue (``compact``: the actions after the next without their dice lines) and the last
        roll's card under it, drawn from ``cy``; the y below them. Each action's rows (an attack's
        down to its odds' percentages) are kept in :attr:`_rows`, from the canvas's top."""
        self._rows = []
        for n, decl in enumerate(queue):
            cy = self._queued(canvas, rect, cy, n, decl, compact=compact and n > 0)
        if roll:
            lx, inner = rect.x + theme.PANEL_PAD, rect.width - 2 * theme.PANEL_PAD
            cy = draw_resolution(canvas, lx, cy + px(4), inner, roll, self.ui.state) + px(6)
        return cy

    def below(self) -> int:
        """How many queued actions (an attack down to its odds) the panel's last drawing left, wholly
        or partly, below the part in view: the words at its foot say so."""
        return self._below

    def _hint_below(self, surface: pygame.Surface, final: pygame.Rect, fixed: int, hint_h: int) -> None:
        """Over the foot of a scrolled queue, in words: how many queued actions are below (an attack's
        odds are its last row), and that the wheel brings them (the 4 px scroll bar alone went
        unseen: review 20 m4)."""
        self._below = 0
        if not self.scrollable:
            return
        seen_bottom = fixed + self.scroll + (final.height - fixed - px(6)) - hint_h
        self._below = sum(1 for _, bottom in self._rows if bottom > seen_bottom)
        if not self._below:
            return
        strip = pygame.Rect(final.x + px(2), final.bottom - px(6) - hint_h, final.width - px(12), hint_h)
        w.rounded(surface, strip, theme.CHROME)
        said = f"{self._below} more {'action' if self._below == 1 else 'actions'} below: wheel to scroll"
        w.text(surface, said, (strip.centerx, strip.centery), 13, theme.ACCENT, "semibold", "center",
               max_width=strip.width - px(4))

    def _queued(self, s, rect, y, n, decl, *, compact: bool = False) -> int:
        """One queued action from ``y``: its number, title, dice lines (not when ``compact``) and
        odds; the y below it (where its rows are is added to :attr:`_rows`)."""
        top = y
        state = self.ui.state
        x, inner = rect.x + theme.PANEL_PAD, rect.width - 2 * theme.PANEL_PAD
        drawn_to: int | None = None  # the foot of its last row (an attack's odds), for _rows
        badge = pygame.Rect(x, y, px(26), px(26))
        pygame.draw.rect(s, theme.ACCENT if n == 0 else theme.CONTROL_LIT, badge, border_radius=px(13))
        w.text(s, str(n + 1), badge.center, 15, theme.INK if n == 0 else theme.TEXT, "bold", "center")
        lines = w.wrap(f"{decl['name']}: {declared_text(state, decl['id'], decl['kind'], decl['params'])}", 16, inner - px(36))
        for i, line in enumerate(lines):
            w.text(s, line, (x + px(36), y + px(2) + w.line_h(16) * i), 16, theme.TEXT if n == 0 else theme.TEXT_DIM)
        y += max(px(26), w.line_h(16) * len(lines)) + px(6)
        if decl["kind"] in ATTACK_KINDS:
            setup = declared_odds(state, decl["id"])
            if setup is not None:
                if setup.problem:
                    for line in w.wrap(f"Now: {setup.problem}", 14, inner - px(36), "regular"):
                        w.text(s, line, (x + px(36), y), 14, theme.BAD, "regular")
                        y += w.line_h(14, "regular")
                # "d20 + 5 - d2 vs AC 12", then why the die (R-ROLL-2): the roll's dice before the roll
                for line in () if compact else w.wrap(queue_line(setup), 14, inner - px(36), "regular"):
                    w.text(s, line, (x + px(36), y), 14, theme.TEXT_DIM, "regular")
                    y += w.line_h(14, "regular")
                for line in w.wrap(die_words(setup), 13, inner - px(36), "regular") if setup.advantages and not compact else ():
                    w.text(s, line, (x + px(36), y), 13, theme.TEXT_DIM, "regular")
                    y += w.line_h(13, "regular")
                run = declared_run_odds(state, decl["id"]) if decl["kind"] == act.TECHNIQUE else None
                for said in crossing_lines(run, setup):  # the checks the charge's run asks first (R-MOVE-2)
                    for part in w.wrap(said, 14, inner - px(36), "regular"):
                        w.text(s, part, (x + px(36), y), 14, theme.OUTCOME_STOPPED, "regular")
                        y += w.line_h(14, "regular")
                y += px(2)
                chances = run.chances if run is not None and not setup.problem else setup.chances
                bar = rolls.odds_bar(s, pygame.Rect(x + px(36), y, inner - px(36), px(12)), chances, size=13)
                drawn_to = bar.bottom
                y = bar.bottom + px(8)
        elif (odds := declared_skill_odds(state, decl["id"])) is not None:  # Hide, Search (N-SKILL-2)
            for said in skill_lines(odds):
                for line in w.wrap(said, 14, inner - px(36), "regular"):
                    w.text(s, line, (x + px(36), y), 14, theme.TEXT_DIM, "regular")
                    y += w.line_h(14, "regular")
            y += px(2)
        elif (chance := grenade_on_target(state, decl)) is not None:  # R-GREN-2: 2d10 scatter odds
            w.text(s, f"on target {float(chance) * 100:.0f}%; else it scatters (2d10)", (x + px(36), y), 14,
                   theme.TEXT_DIM, "regular")
            y += w.line_h(14, "regular") + px(2)
        elif not decl["needs_roll"]:
            w.text(s, "no roll", (x + px(36), y - px(4)), 13, theme.TEXT_DIM, "regular")
            y += w.line_h(13, "regular") - px(4)
        self._rows.append((top, drawn_to if drawn_to is not None else y))
        return y + px(4)

    def _place_entry(self, rect: pygame.Rect | None) -> None:
        if rect is None:
            if self.entry is not None and not self.entry.get_text():
                self.close()
            elif self.entry is not None:
                self.entry.hide()
            return
        if self.entry is None:
            import pygame_gui

            self.entry = pygame_gui.elements.UITextEntryLine(rect, self.ui.view.app.ui,
                                                             placeholder_text="faces, e.g. 14 1 5")
        if not self.entry.visible:
            self.entry.show()
        if pygame.Rect(self.entry.relative_rect) != rect:
            self.entry.set_relative_position(rect.topleft)
            self.entry.set_dimensions(rect.size)


# --------------------------------------------------------------------------- the roll card
#: the results of a check without a DC that went the roller's way (coloured as a hit)
GOOD_RESULTS = frozenset({"hidden", "found"})


def check_parts(d: Event, state, *, players: bool = False) -> tuple[str, Any, str, str, str] | None:
    """What a roll card says of an attack, a check or a trap's check: (its title, the roll (d20,
    extra, modifiers, total), what it was rolled against, its outcome's colour key, its word);
    None for other events. One place, so the GM's card and the players' "Last roll" card agree.
    For the ``players``' screens a GM creature's AC is left out (the outcome word says hit or miss)."""
    names = lambda cid: state.combatants[cid].name if cid in state.combatants else str(cid)  # noqa: E731
    if isinstance(d, AttackRolled):
        target = state.combatants.get(d.target)
        ac_shown = not players or (target is not None and state.numbers_shown_to_players(target))
        return (f"{names(d.attacker)} -> {names(d.target)}: {d.label}", d, f"vs AC {d.ac}" if ac_shown else "",
                d.outcome, OUTCOME_WORDS[d.outcome].upper())
    if isinstance(d, CombatCheck):
        dc = d.dc
        ok = None if dc is None else d.total >= dc
        if ok is None and d.result:  # hiding, searching: what came of it (an outside review: "RESULT")
            ok = d.result in GOOD_RESULTS
        outcome = "hit" if ok else ("miss" if ok is False else "major")
        word = (d.result or "RESULT").upper() if dc is None else ("SUCCESS" if ok else "FAILURE")
        rolled_against = f"vs DC {dc}" if dc is not None else ""
        if dc is None and d.against and (not players or _numbers_shown(state, d.combatant)):
            rolled_against = f"vs {d.against}"  # what a hide or a search was rolled against (N-SKILL-2)
        return f"{names(d.combatant)}: {d.what} ({d.reason})", d, rolled_against, outcome, word
    if d.kind in TRAP_ROLL_WORDS and isinstance(getattr(d, "roll", None), dict):  # a disarm, a trap set (R-TRAP-3, R-TRAP-5)
        return _trap_parts(d, state, names(getattr(d, "combatant", "")))
    return None


def draw_resolution(s: pygame.Surface, x: int, y: int, width: int, events: list[Event], state, *,
                    players: bool = False) -> int:
    """The dice of one resolution, big and coloured by outcome; returns the y below it. For the
    ``players``' screens a GM creature's AC is left out (the outcome word says hit or miss)."""
    names = lambda cid: state.combatants[cid].name if cid in state.combatants else str(cid)  # noqa: E731
    for d in events:
        parts = check_parts(d, state, players=players)
        if parts is not None:
            y = _roll_card(s, x, y, width, *parts)  # type: ignore[arg-type]
            y = _advantages(s, x, y, width, getattr(d, "advantages", ()))
        elif isinstance(d, DamageRolled):
            y = _damage(s, x, y + px(2), width, d, names(d.target))
        elif isinstance(d, HpRolled):  # a treatment's healing (N-TREAT-1), a GM's rolled heal or harm
            patient = state.combatants.get(d.combatant)
            if not players or (patient is not None and state.numbers_shown_to_players(patient)):
                y = _hp_roll(s, x, y + px(2), width, d, names(d.combatant))
        elif isinstance(d, (ActionFailed, ActionLost)):
            for line in w.wrap(f"{'Fails' if isinstance(d, ActionFailed) else 'Lost'}: {d.reason}", 15, width):
                w.text(s, line, (x, y), 15, theme.BAD)
                y += px(21)
        elif isinstance(d, ConditionAdded):
            rounds = f" for {d.rounds} round{'s' if d.rounds != 1 else ''}" if d.rounds else ""
            w.text(s, f"{names(d.combatant)} is {d.name}{rounds}", (x, y), 17, theme.CONDITION, "bold")
            y += px(26)
        elif isinstance(d, CombatantDowned):
            w.text(s, f"{names(d.combatant)} is down!", (x, y), 18, theme.BAD, "bold")
            y += px(26)
    return y


#: a trap check's result -> (the card's outcome colour, its word); "retry": failed by 4 or less (R-TRAP-3)
TRAP_ROLL_WORDS: dict[str, dict[str, tuple[str, str]]] = {
    "trap.disarm": {"disarmed": ("hit", "DISARMED"), "retry": ("miss", "FAILURE: TRY AGAIN"),
                    "triggered": ("miss", "SET OFF!")},
    "trap.set-check": {"set": ("hit", "SET"), "failed": ("miss", "NOT SET"), "explodes": ("miss", "GOES OFF IN HAND!")},
}


def _trap_parts(d: Event, state, who: str) -> tuple[str, Any, str, str, str]:
    """A disarm or a trap's setting check as a roll card's parts: its d20, advantage die, modifiers,
    total against the DC and what came of it (review 9: the disarm never reached the Last roll card)."""
    from types import SimpleNamespace

    roll = d.roll  # type: ignore[attr-defined]
    outcome, word = TRAP_ROLL_WORDS[d.kind].get(str(getattr(d, "result", "")), ("hit", str(getattr(d, "result", "")).upper()))
    if d.kind == "trap.disarm":
        trap = state.traps.get(getattr(d, "trap", "")) if state is not None else None
        title = f"{who}: disarm the {trap.label if trap is not None else 'trap'} ({roll.get('what', '')})"
    else:
        title = f"{who}: set a trap ({roll.get('what', '')})"
    card = SimpleNamespace(d20=int(roll.get("d20", 1)), extra=list(roll.get("extra", [0, 0, 0])),
                           modifiers=list(roll.get("modifiers", [])), total=int(roll.get("total", 0)))
    dc = roll.get("dc")
    return title, card, f"vs DC {dc}" if dc is not None else "", outcome, word


def _advantages(s, x: int, y: int, width: int, advantages) -> int:
    """"advantages: Shaken -1" under a card: why its advantage die is added or subtracted."""
    why = ", ".join(f"{label} {v:+d}" for label, v in advantages)
    if why:
        for line in w.wrap(f"advantages: {why}", 13, width, "regular"):
            w.text(s, line, (x, y), 13, theme.TEXT_DIM, "regular")
            y += px(18)
    return y


def _numbers_shown(state, cid: str) -> bool:
    """May the players' screens name what ``cid``'s skill check was rolled against? Only when every
    enemy of it is on the players' side (a GM creature's Perception, a hidden foe's Stealth are the
    GM's: N-SEEN-1, N-HIDE-2)."""
    who = state.combatants.get(cid)
    return who is not None and all(state.numbers_shown_to_players(e) for e in state.enemies_of(who))


def _roll_card(s, x, y, width, title, d: AttackRolled | CombatCheck, against: str, outcome: str, word: str) -> int:
    colour = rolls.OUTCOME_COLOURS.get(outcome, theme.TEXT)
    for line in w.wrap(title, 15, width):
        w.text(s, line, (x, y), 15, theme.TEXT)
        y += w.line_h(15)
    y += px(4)
    cx = x
    row_h = px(50)

    def place(wid: int) -> tuple[int, int]:
        nonlocal cx, y
        if cx + wid > x + width and cx > x:
            cx = x
            y += row_h + px(6)
        at = (cx, y)
        cx += wid + px(6)
        return at

    rolls.die_face(s, place(px(46)), 20, d.d20, highlight=colour if outcome == "critical" else None)
    sides, face, sign = d.extra
    if sides:
        op = place(px(14))
        w.text(s, "+" if sign > 0 else "-", (op[0] + px(7), op[1] + px(23)), 20, theme.TEXT, "bold", "center")
        rolls.die_face(s, place(px(46)), sides, face)  # the sign is the operator before it: one minus, not two
    for label, value in d.modifiers:
        chip_text = f"{label} {value:+d}"
        wid = w.text_width(chip_text, 16) + px(16)
        at = place(wid)
        w.chip(s, (at[0], at[1] + px(11)), chip_text, size=16)
    total = f"= {d.total} {against}".rstrip()
    below: list[str] = []
    if w.text_width(total, 20, "bold") > width:  # "vs Passive Perception 13 (Bear 1-4)": its own lines
        total, below = f"= {d.total}", w.wrap(against, 15, width)
    wid = w.text_width(total, 20, "bold")
    at = place(wid)
    w.text(s, total, (at[0], at[1] + px(12)), 20, theme.TEXT, "bold")
    y += row_h + px(2)
    for line in below:
        w.text(s, line, (x, y), 15, theme.TEXT)
        y += w.line_h(15)
    w.text(s, word, (x, y), 34, colour, "bold")
    return y + w.line_h(34, "bold") + px(4)


def _damage(s, x, y, width, d: DamageRolled, target: str) -> int:
    """The damage dice (each roll's faces; kept one bright) and the amount, wrapped to ``width``."""
    for line in w.wrap(f"Damage to {target}: {d.expr}", 15, width):
        w.text(s, line, (x, y), 15, theme.TEXT)
        y += w.line_h(15)
    y += px(2)
    cx = x
    die, step = px(34), px(40)
    sides = _sides(d.expr)
    for i, (faces, total) in enumerate(d.rolls):
        if i:
            if cx + px(16) > x + width:
                cx, y = x, y + step + px(4)
            w.text(s, "/", (cx, y + px(6)), 18, theme.TEXT_DIM, "bold")
            cx += px(16)
        kept = len(d.rolls) == 1 or total == d.kept
        for face in faces:
            if cx + die > x + width:  # many dice: on to the next row, never cut at the panel's edge
                cx, y = x, y + step + px(4)
            rolls.die_face(s, (cx, y), sides, face, size=34, highlight=None if kept else theme.SPENT)
            cx += step
        cx += px(4)
    how = ""
    if len(d.rolls) > 1:
        how += " keep higher"
    if d.multiplier != 1:
        how += f" x{d.multiplier}"
    if d.halved:
        how += " halved"
    result = f"{how} = {d.amount}".strip()
    if cx + px(4) + w.text_width(result, 20, "bold") > x + width:
        cx, y = x - px(4), y + step + px(4)
    w.text(s, result, (cx + px(4), y + px(4)), 20, theme.BAD, "bold")
    return y + px(44)


def _hp_roll(s, x, y, width, d: HpRolled, who: str) -> int:
    """A healing (or harm) roll: its dice's faces and what it gives ("Healing for James: 1d8", [4], "= +4 hp")."""
    for line in w.wrap(f"{'Healing for' if d.heal else 'Damage to'} {who}: {d.expr}", 15, width):
        w.text(s, line, (x, y), 15, theme.TEXT)
        y += w.line_h(15)
    y += px(2)
    cx, die, step = x, px(34), px(40)
    sides = _sides(d.expr)
    for face in d.faces:
        if cx + die > x + width:
            cx, y = x, y + step + px(4)
        rolls.die_face(s, (cx, y), sides, face, size=34)
        cx += step
    result = f"= {'+' if d.heal else '-'}{d.total} hp"
    if cx + px(4) + w.text_width(result, 20, "bold") > x + width:
        cx, y = x - px(4), y + step + px(4)
    w.text(s, result, (cx + px(4), y + px(4)), 20, theme.GOOD if d.heal else theme.BAD, "bold")
    return y + px(44)


def _sides(expr: str) -> int:
    m = re.search(r"d(\d+)", expr)
    return int(m.group(1)) if m else 6
