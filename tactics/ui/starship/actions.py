"""The post dialog: the actions a post has in this phase, their choices, and the roll.

It lists only what :func:`tactics.engine.starship.view.actions_offered` offers the
post now (R-SHIP-2: the Science Officer's hold in the Support Phase and her
Action-Phase actions after it; the Chief Engineer's Action-Phase actions, which
give up the Response Phase). After the roll it shows the 2d10 check (R-SHIP-8)
as dice and the log line; the effect itself waits for the end of the phase.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

import pygame

from tactics.engine.starship.events import SpaceActionTaken
from tactics.engine.starship.state import DESTROYED
from tactics.engine.starship.commands import TakeAction
from tactics.engine.starship.commands import treatable_posts
from tactics.engine.starship.view import (
    action_chance, action_note, actions_offered, check_plan, crew_skill_of, describe,
)
from tactics.rules.starship import ATTRIBUTE_NAMES, PHASE_NAMES, POST_NAMES, POSTS, check_text
from tactics.rules.starship_data import ShipAction
from tactics.ui import theme
from tactics.ui.theme import fs, px
from tactics.ui.starship.dice import draw_die, draw_plain
from tactics.ui.widgets import Hotspots, button_face, dialog_card, sub_height, sub_lines_for, text, wrap

if TYPE_CHECKING:
    from tactics.ui.starship.screen import StarshipScreen


def check_words(action: ShipAction) -> str:
    """'2d10 + Sensor Mod + crew bonus vs DC 10 + target's Shield Mod' from the action's data."""
    check = action.check
    if check is None:
        return action.hint or "no roll"
    parts = ["2d10"] + [ATTRIBUTE_NAMES[a] for a in check.attributes] + ["crew bonus"]
    dc = "the Battle Damage's repair DC" if check.repair_dc else f"DC {check.dc}"
    if check.target_adds:
        dc += " + target's " + " + ".join(ATTRIBUTE_NAMES[a] for a in check.target_adds)
    return " + ".join(parts) + " vs " + dc


def _treats(action: ShipAction) -> bool:
    return any(e.kind == "treat" for e in action.effects)


class ActionDialog:
    """Modal: choose one of the post's actions (and its target), then roll."""

    def __init__(self, screen: "StarshipScreen", ship_id: str, post: str) -> None:
        self.screen = screen
        self.ship_id = ship_id
        self.post = post
        self.offered = actions_offered(screen.state, ship_id, post)
        self.chosen: str | None = self.offered[0].name if len(self.offered) == 1 else None
        self.target: str | None = None
        self.order_post: str | None = None
        self.damage: int | None = None
        self.bonus: int | None = None  # None: the crew member's sheet gives it (crew_skill_of)
        self.result: dict[str, Any] | None = None
        self.rect = pygame.Rect(0, 0, px(10), px(10))
        self._defaults()

    def _defaults(self) -> None:
        space = self.screen.space_battle
        ship = space.ships[self.ship_id]
        enemies = [s.id for s in space.ships.values() if s.side != ship.side and s.status != DESTROYED]
        self.target = enemies[0] if enemies else None
        if ship.battle_damage:  # the first whose effect holds now, else the first (review 20 m8: one
            # whose effect was over came first, and a GM repairs what hurts the ship now)
            now = space.now
            self.damage = next((bd.id for bd in ship.battle_damage if bd.active(now)), ship.battle_damage[0].id)
        hurt = treatable_posts(space, ship)
        if hurt and any(_treats(a) for a in self.offered):
            self.order_post = hurt[0]

    def action(self) -> ShipAction | None:
        return next((a for a in self.offered if a.name == self.chosen), None)

    def chance(self) -> Fraction | None:
        """Exact chance the chosen action's check succeeds with the choices made so far."""
        action = self.action()
        if action is None or action.check is None:
            return None
        key = (action.name, repr(sorted(self.params().items())), len(self.screen.encounter.journal.entries))
        if getattr(self, "_chance_key", None) != key:
            self._chance_key = key
            self._chance = action_chance(self.screen.encounter.state, self.ship_id, self.post, action.name,
                                         self.params())
        return self._chance

    def sheet_bonus(self) -> int:
        """The crew bonus the engine reads from the crew member's sheet for the chosen check (0: none)."""
        action = self.action()
        skill = crew_skill_of(self.screen.state, self.ship_id, self.post, action.name) if action else None
        return skill.value if skill is not None else 0

    def shown_bonus(self) -> int:
        return self.sheet_bonus() if self.bonus is None else self.bonus

    def params(self) -> dict[str, Any]:
        action = self.action()
        params: dict[str, Any] = {}
        if action is None:
            return params
        if action.target == "ship" and self.target:
            params["target"] = self.target
        if action.target == "crew" and self.order_post:
            params["post"] = self.order_post
        if action.target == "battle_damage" and self.damage is not None:
            params["battle_damage"] = self.damage
        if action.check is not None:  # the sheet's skill unless the GM set the bonus by hand
            params.update({"crew_skill": True} if self.bonus is None else {"bonus": self.bonus})
        return params

    def missing(self) -> str | None:
        """What must still be chosen before the action can be taken (None: nothing). Said in the
        dialog beside its greyed-out button: said in the status line it was a toast behind the
        modal ("Choos…", review 18, finding 6)."""
        action = self.action()
        if action is None:
            return "Choose an action first."
        if action.target == "crew" and not self.order_post:
            who = "to treat" if _treats(action) else "who receives the order"
            return f"Choose the crew member {who}."
        return None

    def take(self) -> None:
        action = self.action()
        if action is None or self.missing() is not None:
            return  # (the button is greyed out and the dialog says what is missing)
        entry = self.screen.submit(TakeAction(self.ship_id, self.post, action.name, self.params()))
        if entry is None:
            return
        event = entry.events[0]
        self.result = {"kind": event.kind, "event": event, "line": describe(event)}

    def wake_ms(self) -> int | None:
        return None

    def click(self, spot) -> None:
        key, data = spot.key, spot.data
        if key == "dlg.action":
            if data["action"] != self.chosen:
                self.bonus = None  # another check names another skill: the sheet's again
            self.chosen = data["action"]
        elif key == "dlg.target":
            self.target = data["target"]
        elif key == "dlg.order":
            self.order_post = data["post"]
        elif key == "dlg.damage":
            self.damage = data["damage"]
        elif key == "dlg.bonus":
            self.bonus = max(-10, min(20, self.shown_bonus() + data["step"]))
        elif key == "dlg.take":
            self.take()
        elif key in ("dlg.cancel", "dlg.done"):
            self.screen.close_dialog()

    def key(self, intent) -> bool:
        if intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.result is None:
                self.take()
            else:
                self.screen.close_dialog()
            return True
        if pygame.K_1 <= intent.key <= pygame.K_9 and self.result is None:
            n = intent.key - pygame.K_1
            if n < len(self.offered):
                if self.offered[n].name != self.chosen:
                    self.bonus = None
                self.chosen = self.offered[n].name
            return True
        return False

    # -- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, hotspots: Hotspots, hover: tuple | None) -> None:
        self.rect = rect = dialog_card(surface, hotspots, (px(940), px(780)), theme.ACCENT)  # room for the worked check
        space = self.screen.space_battle
        ship = space.ships[self.ship_id]
        x, y = rect.x + px(32), rect.y + px(24)
        who = ship.crew_names.get(self.post, "no one")
        text(surface, f"{POST_NAMES[self.post]} - {who}", (x, y), 34, theme.TEXT, "bold")
        when = "surprise round" if space.round == 0 else f"round {space.round}, {PHASE_NAMES.get(space.phase, '')} Phase"
        text(surface, f"{ship.name} - {when}", (x, y + px(44)), 19, theme.TEXT_DIM, "semibold")
        y += px(86)
        if self.result is not None:
            self._draw_result(surface, hotspots, hover, x, y)
            return
        if not self.offered:
            text(surface, "This post has nothing to do in this phase.", (x, y), 22, theme.TEXT_DIM, "semibold")
        col_w = (rect.width - px(64) - px(16)) // 2
        # a formula too long for one line takes two, every choice then as tall: it was cut with "…"
        # ("... vs DC 10 + target'…") at 720p and 1080p (review 18, finding 5)
        sub_lines = min(2, max((sub_lines_for(check_words(o), 21, col_w) for o in self.offered), default=1))
        button_h = max(px(66), sub_height(21, sub_lines))
        for n, offer in enumerate(self.offered):
            bx = x + (n % 2) * (col_w + px(16))
            by = y + (n // 2) * (button_h + px(10))
            b = pygame.Rect(bx, by, col_w, button_h)
            button_face(surface, b, f"{n + 1}  {offer.label}", size=21, sub=check_words(offer), sub_lines=sub_lines,
                        style="on" if offer.name == self.chosen else "normal",
                        hovered=hover == ("dlg.action", offer.name))
            hotspots.add(b, "dlg.action", action=offer.name)
        y += ((len(self.offered) + 1) // 2) * (button_h + px(10)) + px(8)
        action = self.action()
        if action is not None:
            for line in wrap(action.text, 20, rect.width - px(64), "regular")[:2]:
                text(surface, line, (x, y), 20, theme.TEXT, "regular")
                y += px(28)
            note = action_note(self.screen.state, self.ship_id, self.post, action.name)
            if note:
                text(surface, note, (x, y), 18, theme.TEXT_DIM, "semibold", max_width=rect.width - px(64))
                y += px(26)
            y += px(10)
            y = self._draw_choices(surface, hotspots, hover, action, x, y)
        take = pygame.Rect(rect.right - px(260), rect.bottom - px(84), px(228), px(60))
        cancel = pygame.Rect(take.x - px(170), take.y, px(154), px(60))
        label = "Roll" if action is not None and action.check is not None else "Take it"
        missing = self.missing()
        button_face(surface, take, label, size=26, style="primary" if missing is None else "disabled",
                    hovered=hover == ("dlg.take",))
        if missing is not None:  # why the button is grey, beside it
            lines = wrap(missing, 19, cancel.x - px(20) - x, "semibold")[:2]
            ty = take.centery - len(lines) * px(26) // 2
            for line in lines:
                text(surface, line, (x, ty), 19, theme.TEXT_DIM, "semibold")
                ty += px(26)
        button_face(surface, cancel, "Cancel", size=21, hovered=hover == ("dlg.cancel",))
        hotspots.add(take, "dlg.take")
        hotspots.add(cancel, "dlg.cancel")

    def _choice_row(self, surface, hotspots: Hotspots, hover, title: str, x: int, y: int,
                    items: list[tuple[str, str, Any, bool]]) -> int:
        text(surface, title, (x, y), 16, theme.TEXT_DIM, "bold")
        y += px(24)
        bx = x
        for label, key, value, on in items:
            width = max(150, theme.font(fs(19), "bold").size(label)[0] + px(36))
            if bx + width > self.rect.right - px(32):
                bx, y = x, y + px(58)
            b = pygame.Rect(bx, y, width, px(50))
            button_face(surface, b, label, size=19, style="on" if on else "normal", hovered=hover == (key, value))
            field = {"dlg.target": "target", "dlg.order": "post", "dlg.damage": "damage"}[key]
            hotspots.add(b, key, **{field: value})
            bx += width + px(10)
        return y + px(62)

    def _draw_choices(self, surface, hotspots: Hotspots, hover, action: ShipAction, x: int, y: int) -> int:
        space = self.screen.space_battle
        ship = space.ships[self.ship_id]
        if action.target == "ship":
            items: list[tuple[str, str, Any, bool]] = [
                (s.name, "dlg.target", s.id, s.id == self.target) for s in space.ships.values()
                     if s.side != ship.side and s.status != DESTROYED]
            y = self._choice_row(surface, hotspots, hover, "TARGET", x, y, items)
        elif action.target == "crew":
            # a treatment is offered only for the crew a Battle Damage injured (N-SHIP-4): the engine's list
            posts = treatable_posts(space, ship) if _treats(action) else [p for p in POSTS if p in ship.crew]
            items = [(f"{POST_NAMES[p]} ({ship.crew_names.get(p, '')}{', injured' if _treats(action) else ''})",
                      "dlg.order", p, p == self.order_post)
                     for p in posts if p != self.post]
            y = self._choice_row(surface, hotspots, hover, "TREAT" if _treats(action) else "ORDER TO", x, y, items)
        elif action.target == "battle_damage":
            items = [(f"2d6 {bd.result}, repair DC {bd.repair_dc}", "dlg.damage", bd.id, bd.id == self.damage)
                     for bd in ship.battle_damage]
            y = self._choice_row(surface, hotspots, hover, "BATTLE DAMAGE TO REPAIR", x, y, items)
        if action.check is not None:
            title = text(surface, "CREW BONUS", (x, y), 16, theme.TEXT_DIM, "bold")
            text(surface, self._bonus_words(action), (title.right + px(14), y), 16, theme.TEXT_DIM, "semibold",
                 max_width=self.rect.right - px(32) - title.right - px(14))
            y += px(24)
            minus = pygame.Rect(x, y, px(50), px(48))
            plus = pygame.Rect(x + px(130), y, px(50), px(48))
            button_face(surface, minus, "-", size=26, hovered=hover == ("dlg.bonus", -1))
            button_face(surface, plus, "+", size=26, hovered=hover == ("dlg.bonus", 1))
            text(surface, f"{self.shown_bonus():+d}", (x + px(90), y + px(24)), 28, theme.TEXT, "bold",
                 anchor="center")
            hotspots.add(minus, "dlg.bonus", step=-1)
            hotspots.add(plus, "dlg.bonus", step=1)
            chance = self.chance()
            if chance is not None:  # the exact odds before the roll, asked of the engine (R-SHIP-8)
                text(surface, f"Chance of success {float(chance) * 100:.1f}%", (x + px(210), y + px(24)), 24,
                     theme.ACCENT, "bold", anchor="midleft")
            y += px(60)
            plan = check_plan(self.screen.state, self.ship_id, self.post, action.name, self.params())
            if plan is not None:  # the worked DC with its parts, before the roll (the roll's own numbers)
                room = self.rect.width - px(64)
                whole = f"Rolls {plan.text()}"
                fits = theme.font(fs(19), "semibold").size(whole)[0] <= room
                for line in [whole] if fits else [f"Rolls {plan.roll_text()}", f"vs {plan.dc_text()}"]:
                    text(surface, line, (x, y), 19, theme.TEXT, "semibold", max_width=room)
                    y += px(27)
        return y

    def _bonus_words(self, action: ShipAction) -> str:
        """Where the crew bonus comes from, as the engine reads the sheet (or that the GM set it)."""
        skill = crew_skill_of(self.screen.state, self.ship_id, self.post, action.name)
        if skill is None:
            return ""
        if self.bonus is not None and (self.bonus != skill.value or not skill.from_sheet):
            return f"set by hand (the sheet gives {skill.value:+d})" if skill.from_sheet else "set by hand"
        return skill.words

    def _draw_result(self, surface, hotspots: Hotspots, hover, x: int, y: int) -> None:
        rect = self.rect
        taken = (self.result or {}).get("event")
        check = taken.check if isinstance(taken, SpaceActionTaken) else None
        if check:
            good = bool(check.get("success"))
            box = draw_plain(surface, check["faces"], (x, y + px(10)), die_px=px(84), gap=px(18), success=good)
            dx = box.right + px(18)
            if check.get("affinity"):
                draw_die(surface, pygame.Rect(dx, y + px(32), px(56), px(56)), abs(int(check["affinity"])), label="d2")
                dx += px(74)
            total = text(surface, f"= {check['total']}", (dx + px(10), y + px(52)), 48, theme.TEXT, "bold",
                         anchor="midleft")
            if check.get("dc") is not None:
                text(surface, f"vs DC {check['dc']}", (total.right + px(18), y + px(56)), 28, theme.TEXT_DIM,
                     "semibold", anchor="midleft")
            y += px(120)
            text(surface, "SUCCESS" if good else "FAILURE", (x, y), 40, theme.GOOD if good else theme.BAD, "bold")
            y += px(56)
            text(surface, check_text(check), (x, y), 19, theme.TEXT_DIM, "regular", max_width=rect.width - px(64))
            y += px(36)
        for line in wrap(self.result["line"] if self.result else "", 21, rect.width - px(64), "semibold")[:4]:
            text(surface, line, (x, y), 21, theme.TEXT, "semibold")
            y += px(30)
        effects = taken.effects if isinstance(taken, SpaceActionTaken) else []
        if effects and any(e["kind"] not in ("advantage", "hold", "scan", "engineer_to_action") for e in effects):
            text(surface, "The effect lands when the phase ends, for every ship at once.", (x, y + px(8)), 19,
                 theme.TEXT_DIM, "regular")
        done = pygame.Rect(rect.right - px(200), rect.bottom - px(84), px(168), px(60))
        button_face(surface, done, "Done", size=22, style="primary", hovered=hover == ("dlg.done",))
        hotspots.add(done, "dlg.done")
