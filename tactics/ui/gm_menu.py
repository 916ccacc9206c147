"""The GM's right-click menu on the board: damage, heal, conditions, hide, join; grenades and traps.

Why it exists: a GM used to Foundry or Roll20 changes hit points and
conditions by right-clicking the token. A right *click* (press and release
without dragging: a right drag still pans) on a token, a grenade marker or a
trap in the GM's view opens this compact menu beside it:

* a token: Damage / Heal (type the amount or dice such as 2d6+1, or pick 1 2 3 5 10), Add condition
  (the list from ``conditions.toml``, then 1, 2, 3 rounds or until removed),
  Remove condition (with its counter), Hide / Reveal, and Join the fight for a
  combatant on the map who is not in it, when the engine would allow it now; in a team fight,
  Move to the Vanguard / Rearguard (greyed with the reason once play has started, R-INIT-3);
* an empty square in a fight: Join the fight here, for each absent combatant
  the engine would let in (R-INIT-5: at the Counter Phase);
* a live grenade marker: Detonate now (so a grenade thrown outside a fight can go off);
* a trap: Reveal to players, Remove;
* a door (the pointer on its line): Open / Close the door now, at any time, in a fight too (the
  GM's override, like Place; combatants open doors as their Simple action, N-DOOR-2).

Every choice is an engine command submitted through :meth:`BattleView.submit`
(logged, undoable with Ctrl+Z, autosaved); a refusal shows as the usual
message. Keys: Up/Down choose, Enter picks, Esc (or Left) goes back and
closes, digits type an amount (elsewhere they pick the n-th line).

It is an App add-on (``app.gm_menu``): the battle view calls the
``right_click`` hook; ``handle`` and ``key`` see input first while it is open.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from tactics.engine.combat import gm
from tactics.engine.combat.team import CombatState, Join
from tactics.engine.combat.queries import describe
from tactics.engine.hazards.commands import Detonate
from tactics.engine.hazards.traps import DetectTrap, RemoveTrap
from tactics.engine.core.journal import Refused
from tactics.rules import traps as tr
from tactics.rules.conditions import default_conditions
from tactics.rules.dice import Dice
from tactics.rules.grid import Cell
from tactics.ui import intents as ui

AMOUNTS = (1, 2, 3, 5, 10)
ROUNDS: tuple[tuple[str, int | None], ...] = (("1 round", 1), ("2 rounds", 2), ("3 rounds", 3),
                                               ("Until removed", None))


@dataclass
class Item:
    """One line of the menu: ``action`` runs when it is chosen (None: a line that cannot be chosen)."""

    label: str
    key: str
    action: Callable[..., object] | None
    detail: str = ""
    style: str = "normal"  # "normal", "danger", "good"


@dataclass
class Page:
    """One page of the GM's right-click menu: its items, or the amount (or dice) typed into it."""

    title: str
    items: list[Item]
    subtitle: str = ""
    amount: Callable[[int], None] | None = None  # an amount page: digits type into ``typed``
    dice: bool = False  # ... and dice too ("2d6+1": d, + and - as well)
    typed: str = ""
    unit: str = "HP"  # what the typed amount counts, shown in its field
    error: str = ""  # why the engine refused the last choice (shown in place of the subtitle until the next key)
    index: int = 0
    chips: list[tuple[pygame.Rect, int]] = field(default_factory=list)


def allowed(state: Any, command: Any) -> bool:
    """Would the engine accept ``command`` now? (A dry run: commands never change the state.)"""
    try:
        command.execute(state, Dice(0))
    except Refused:
        return False
    except Exception:  # noqa: BLE001 - a command that cannot run here is simply not offered
        return False
    return True


def _join_command(state: Any, cid: str, cell: Cell | None) -> Any | None:
    """The Join (team initiative) or JoinTurns (individual turns) the engine would accept now."""
    commands: list[Any] = []
    if isinstance(state.combat, CombatState):
        commands.append(Join(cid, cell))
    else:
        from tactics.engine.combat.individual.procedure import JoinTurns

        if state.combat is not None:
            commands.append(JoinTurns(cid, cell))
    return next((c for c in commands if allowed(state, c)), None)


def _in_fight(state: Any, cid: str) -> bool:
    combat = state.combat
    if isinstance(combat, CombatState):
        return combat.group_of(cid) is not None
    order = getattr(combat, "order", None)
    return order is None or cid in order


class GmMenu:
    """The right-click menu (an App add-on)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.pages: list[Page] = []
        self.cell: Cell | None = None
        self.rect: pygame.Rect | None = None
        self.rows: list[tuple[pygame.Rect, int]] = []
        self.hover: tuple[int, int] | None = None
        self.door: int | None = None  # the door under the pointer of the right click being opened

    # -- state -------------------------------------------------------------------------------
    @property
    def view(self) -> Any:
        return self.app.battle

    def is_open(self) -> bool:
        return bool(self.pages)

    @property
    def page(self) -> Page | None:
        return self.pages[-1] if self.pages else None

    def keys(self) -> list[str]:
        """The keys of the lines on the page shown (tests pick lines by key)."""
        return [i.key for i in self.page.items] if self.page else []

    def close(self) -> None:
        if self.pages:
            self.pages = []
            self.cell = None
            self.rect = None
            self.rows = []
            self.app.dirty = True

    def open_at(self, cell: Cell) -> bool:
        """Open the menu for whatever is on ``cell`` (GM view only); False if there is nothing to offer."""
        view = self.view
        if view.viewer != "gm" or self.app.top is not view:
            return False
        root = self._root(cell)
        if root is None:
            return False
        self.cell = cell
        self.pages = [root]
        self.app.dirty = True
        return True

    def push(self, page: Page) -> None:
        self.pages.append(page)
        self.app.dirty = True

    def back(self) -> None:
        if len(self.pages) > 1:
            self.pages.pop()
            self.app.dirty = True
        else:
            self.close()

    def choose(self, key: str) -> bool:
        """Pick the line with ``key`` on the page shown (as a click or Enter would)."""
        page = self.page
        if page is None:
            return False
        for i, item in enumerate(page.items):
            if item.key == key and item.action is not None:
                page.index = i
                item.action()
                self.app.dirty = True
                return True
        return False

    def submit(self, command: Any) -> None:
        """Submit through the battle view (logged, undoable, autosaved); say what happened.

        A refusal (dice out of range, a condition that cannot be added) leaves the menu open on
        its page with what was typed and the reason on it, to correct and try again."""
        view = self.view
        page = self.page
        if not view.submit(command):
            message = view.current_message()
            if page is not None:
                page.error = message[0] if message is not None else "That cannot be done now."
            self.app.dirty = True
            return
        self.close()
        entry = view.encounter.journal.entries[-1]
        if entry.events:
            view.say(describe(entry.events[0], view.state), "good")

    # -- building the pages ---------------------------------------------------------------------
    def _root(self, cell: Cell) -> Page | None:
        view = self.view
        state = view.state
        items: list[Item] = []
        title = subtitle = ""
        who = view.token_at(cell)
        if who is not None:
            title = who.name
            subtitle = f"{who.hp}/{who.max_hp} HP" + (", hidden" if who.hidden else "")
            items += self._token_items(who)
        from tactics.ui.hazards import hazards_of

        addon = hazards_of(view)
        flying = addon.in_flight if addon is not None else set()
        for g in sorted(state.grenades.values(), key=lambda g: g.id):
            if g.status == "live" and g.id not in flying and tuple(g.cell) == tuple(cell):
                items.append(Item(f"Detonate now: {g.label}", f"detonate:{g.id}",
                                  lambda gid=g.id: self.submit(Detonate(gid)), style="danger"))
                title = title or g.label
                subtitle = subtitle or g.fuse_text
        for trap in sorted(state.traps.values(), key=lambda t: t.id):
            if tuple(trap.cell) != tuple(cell) or trap.status in ("spent", "removed"):
                continue
            if not tr.visible_to_players(trap):
                items.append(Item(f"Reveal {trap.label} to players", f"reveal-trap:{trap.id}",
                                  lambda tid=trap.id: self.submit(DetectTrap(tid))))
            items.append(Item(f"Remove {trap.label}", f"remove-trap:{trap.id}",
                              lambda tid=trap.id: self.submit(RemoveTrap(tid)), style="danger"))
            title = title or trap.label
            subtitle = subtitle or ("hidden from players" if not tr.visible_to_players(trap) else trap.status)
        door = getattr(self, "door", None)
        if door is not None and 0 <= door < len(state.map.doors):
            door_items, door_title, door_state = self._door_items(door)
            items += door_items
            title = title or door_title
            subtitle = subtitle or door_state
        if who is None and state.combat is not None and state.map.in_bounds(cell):
            for other in sorted(state.combatants.values(), key=lambda c: c.name):
                if other.present:
                    continue
                command = _join_command(state, other.id, cell)
                if command is not None:
                    items.append(Item(f"Join the fight here: {other.name}", f"join:{other.id}",
                                      lambda c=command: self.submit(c), style="good"))
                    title = title or f"Square {cell[0]}, {cell[1]}"
        if not items:
            return None
        return Page(title, items, subtitle)

    def _door_items(self, door: int) -> tuple[list[Item], str, str]:
        """Open or close the door at once: the GM's override, in a fight too (reading: N-DOOR-2)."""
        from tactics.engine.board import SetDoor
        from tactics.engine.combat.doors import name_of

        state = self.view.state
        is_open = state.door_open(door)
        command = SetDoor(door, not is_open)
        name = name_of(state, door)
        label = ("Close the door" if is_open else "Open the door") + (" now (GM)" if state.combat is not None else "")
        if allowed(state, command):
            item = Item(label, f"door:{door}", lambda: self.submit(command), style="good")
        else:
            try:
                command.execute(state, Dice(0))
                why = ""
            except Refused as exc:
                why = exc.reason
            item = Item(label, f"door:{door}", None, detail=_short(why))
        if state.door_secret(door):  # reading: N-DOOR-6: opening it shows it to the players
            return [item], "Secret " + name[4:], "secret, closed: the players see a wall"
        return [item], name[0].upper() + name[1:], "open" if is_open else "closed"

    def _token_items(self, who: Any) -> list[Item]:
        state = self.view.state
        cid = who.id
        items = [
            Item("Damage...", "damage", lambda: self.push(self._amount_page(cid, -1)), style="danger"),
            Item("Heal...", "heal", lambda: self.push(self._amount_page(cid, 1)), style="good"),
            Item("Add condition...", "add-condition", lambda: self.push(self._conditions_page(cid))),
        ]
        if who.conditions:
            items.append(Item("Remove condition...", "remove-condition", lambda: self.push(self._remove_page(cid)),
                              detail=str(len(who.conditions))))
        if who.hidden:
            items.append(Item("Reveal", "reveal", lambda: self.submit(gm.Reveal(cid))))
        else:
            items.append(Item("Hide", "hide", lambda: self.submit(gm.Hide(cid))))
        if state.combat is not None and not _in_fight(state, cid):
            command = _join_command(state, cid, None)
            if command is not None:
                items.append(Item("Join the fight", "join", lambda: self.submit(command), style="good"))
        from tactics.ui.group_moves import group_move  # reading: R-INIT-3 (the GM moves anyone before play)

        move = group_move(state, cid)
        if move is not None:  # greyed with the engine's reason once play has started
            items.append(Item(move.label, "group", None if move.refused else lambda: self.submit(move.command),
                              detail=_short(move.refused or "", 48)))
        return items

    def _amount_page(self, cid: str, sign: int) -> Page:
        who = self.view.state.combatants[cid]
        page = Page(("Damage to " if sign < 0 else "Heal ") + who.name, [],
                    f"{who.hp}/{who.max_hp} HP now: type an amount or dice (2d6+1), or pick one")

        def apply(amount: int) -> None:
            if amount <= 0:
                self.view.say("Type an amount above 0 first.", "error")
                return
            self.submit(gm.AdjustHP(cid, sign * amount))

        def apply_typed() -> None:
            typed = page.typed
            if not typed or typed.isdigit():
                apply(int(typed or 0))
            else:  # dice: the engine rolls them (seeded, in the log with their faces)
                self.submit(gm.RollHP(cid, typed, heal=sign > 0))

        page.amount = apply
        page.dice = True
        page.items = [Item("Apply", "apply", apply_typed, style="danger" if sign < 0 else "good"),
                      Item("Back", "back", self.back)]
        return page

    def _conditions_page(self, cid: str) -> Page:
        rules = default_conditions()
        items = [Item(rule.label or name, f"condition:{name}", lambda n=name: self.push(self._rounds_page(cid, n)),
                      detail=_short(rule.description, 96))  # whole: the card is as wide as it needs (review 14 F10)
                 for name, rule in rules.items()]
        return Page("Add condition", items, self.view.state.combatants[cid].name)

    def _rounds_page(self, cid: str, condition: str) -> Page:
        """How long: 1-3 rounds or until removed to pick, or any number typed (review 13 F9: the
        text's own examples last 4 turns, or 1d4 rolled at the table; lengths stopped at 3)."""
        page = Page(f"{condition}: how long?", [],
                    f"{self.view.state.combatants[cid].name}: type a number of rounds, or pick one")

        def apply(rounds: int) -> None:
            if not page.typed:
                page.error = "Type a number of rounds first, or pick one."
                return
            self.submit(gm.ApplyCondition(cid, condition, rounds))  # the engine's refusal shows on the page

        page.amount = apply
        page.unit = "rounds"
        page.items = [Item("Apply the rounds typed", "rounds:typed", lambda: apply(int(page.typed or 0)))]
        page.items += [Item(label, f"rounds:{'until' if n is None else n}",
                            lambda n=n: self.submit(gm.ApplyCondition(cid, condition, n)))
                       for label, n in ROUNDS]
        return page

    def _remove_page(self, cid: str) -> Page:
        who = self.view.state.combatants[cid]
        items = [Item(c.name, f"remove:{c.name}", lambda n=c.name: self.submit(gm.RemoveCondition(cid, n)),
                      detail="until removed" if c.rounds is None else f"{c.rounds} round{'s' if c.rounds != 1 else ''} left")
                 for c in who.conditions]
        return Page("Remove condition", items, who.name)

    # -- the App's add-on hooks -------------------------------------------------------------------
    def right_click(self, pos: tuple[int, int]) -> bool:
        """The battle view saw a right click (no drag) at ``pos``: open the menu for that square
        (and the door under the pointer, if any)."""
        from tactics.ui.tools.doors import door_at

        self.close()
        self.door = door_at(self.view, pos)
        try:
            return self.open_at(self.view.camera.cell_at(pos))
        finally:
            self.door = None

    def opened(self, encounter: Any) -> bool:
        self.close()
        return False

    def handle(self, intent: Any) -> bool:
        if not self.pages:
            return False
        if self.app.top is not self.view or self.app.screens[0] is not self.view:
            self.close()
            return False
        inside = self.rect is not None and hasattr(intent, "pos") and self.rect.collidepoint(intent.pos)
        if isinstance(intent, ui.PointerMove):
            self.hover = intent.pos
            if inside:
                self._hover_row(intent.pos)
                return True
            return False
        if isinstance(intent, ui.PointerDown):
            if inside:
                if intent.button == 1:
                    self._click(intent.pos)
                return True
            self.close()
            return intent.button == 1  # a left click away only closes the menu; a right one may open another
        if isinstance(intent, (ui.PointerUp, ui.Wheel)):
            return inside
        return False

    def key(self, intent: ui.KeyPress) -> bool:
        if not self.pages:
            return False
        if self.app.top is not self.view:
            self.close()
            return False
        page = self.pages[-1]
        k = intent.key
        if intent.ctrl or k == pygame.K_F11:
            self.close()  # Ctrl+Z and the like go on as usual
            return False
        n = len(page.items)
        digit = intent.text if intent.text.isdigit() else ""
        if k not in (pygame.K_RETURN, pygame.K_KP_ENTER):
            page.error = ""  # a key to correct what was refused
        if k == pygame.K_ESCAPE or k == pygame.K_LEFT:
            self.back()
        elif k in (pygame.K_UP, pygame.K_DOWN):
            page.index = (page.index + (1 if k == pygame.K_DOWN else -1)) % max(1, n)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_RIGHT):
            action = page.items[page.index].action if n else None
            if action is not None:
                action()
        elif k == pygame.K_BACKSPACE:
            if page.amount is not None and page.typed:
                page.typed = page.typed[:-1]
            else:
                self.back()
        elif page.amount is not None and page.dice and intent.text.lower() in ("d", "+", "-") and intent.text:
            page.typed = (page.typed + intent.text.lower())[:12]
        elif page.amount is not None and not page.dice and intent.text and not intent.text.isdigit():
            # "1d4" typed read as 14 rounds (review 13 recheck NEW-C): a number only, said so
            page.error = f"Type a number of {page.unit}: roll any dice at the table first."
        elif digit:
            if page.amount is not None:
                page.typed = (page.typed + digit)[:12] if page.dice and not page.typed.isdigit() else \
                    (page.typed + digit)[-4:].lstrip("0")
            elif 1 <= int(digit) <= n and (action := page.items[int(digit) - 1].action) is not None:
                page.index = int(digit) - 1
                action()
        self.app.dirty = True
        return True  # while the menu is open, keys are the menu's (no tool hotkeys)

    def _hover_row(self, pos: tuple[int, int]) -> None:
        for rect, i in self.rows:
            if rect.collidepoint(pos) and self.page is not None and self.page.index != i:
                self.page.index = i
                self.app.dirty = True

    def _click(self, pos: tuple[int, int]) -> None:
        page = self.page
        if page is None:
            return
        for rect, amount in page.chips:
            if rect.collidepoint(pos):
                page.typed = str(amount)
                self.app.dirty = True
                return
        for rect, i in self.rows:
            action = page.items[i].action
            if rect.collidepoint(pos) and action is not None:
                page.index = i
                action()
                self.app.dirty = True
                return

    def item_rect(self, key: str) -> pygame.Rect | None:
        """Where the line with ``key`` was drawn last frame (tests click it)."""
        page = self.page
        for rect, i in self.rows:
            if page is not None and page.items[i].key == key:
                return rect
        return None

    def chip_rect(self, amount: int) -> pygame.Rect | None:
        page = self.page
        return next((r for r, a in page.chips if a == amount), None) if page else None

    # -- drawing ------------------------------------------------------------------------------------
    def draw_over(self, surface: pygame.Surface) -> None:
        """Draw the menu beside its square (after every other add-on has drawn: see :class:`_OnTop`)."""
        if not self.pages or self.cell is None:
            return
        view = self.view
        if self.app.top is not view or self.app.screens[0] is not view:
            return
        from tactics.ui.gm_menu_draw import draw_menu

        draw_menu(self, surface)


class _OnTop:
    """The menu's drawing hook, last among the add-ons so nothing is drawn over it."""

    def __init__(self, menu: GmMenu) -> None:
        self.menu = menu

    def draw(self, surface: pygame.Surface) -> bool:
        self.menu.draw_over(surface)
        return False


def _short(text: str, limit: int = 34) -> str:
    text = (text or "").strip()
    return text if len(text) <= limit else text[: limit - 3].rstrip(" ,.;:") + "..."


def attach_gm_menu(app: Any) -> GmMenu:
    """Give ``app`` its GM menu (``app.gm_menu``), seeing input right after the saving add-on."""
    menu = GmMenu(app)
    app.gm_menu = menu
    at = 1 if app.addons and app.addons[0] is getattr(app, "saving", None) else 0
    app.addons.insert(at, menu)
    app.addons.append(_OnTop(menu))
    return menu


__all__ = ["GmMenu", "Item", "Page", "allowed", "attach_gm_menu"]
