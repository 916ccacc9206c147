"""The fire dialog: the Weapons Officer picks hard points and a target, sees the odds, fires.

Before firing it shows the target's Battle Damage DC (R-SHIP-3) and the exact
chance to deal Battle Damage from :func:`tactics.engine.starship.view.fire_odds`
(the same numbers :class:`FireWeapons` rolls with, R-SHIP-4). After firing it
draws the recorded pool: one d10 per hard point, successes green, each Weapons
Mod re-roll revealed in turn under the success it re-rolled, and the Sensor Mod
on every die after a successful Scan.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tactics.engine.starship.events import SpaceWeaponsFired
from tactics.engine.starship.state import DESTROYED, detects, distance, usable_hard_points
from tactics.engine.starship.commands import FireWeapons
from tactics.engine.starship.view import FireOdds, fire_odds
from tactics.rules.starship import PHASE_NAMES
from tactics.ui import theme
from tactics.ui.theme import px
from tactics.ui.starship.dice import draw_pool, pool_size
from tactics.ui.widgets import Hotspots, button_face, dialog_card, text, wrap
from tactics.engine.core.labels import plural, possessive
from tactics.engine.starship.dc_parts import reroll_text

if TYPE_CHECKING:
    from tactics.ui.starship.screen import StarshipScreen

REVEAL_MS = 380  # one die appears after another, re-rolls last, as at the table


class FireDialog:
    """Modal: pick hard points and a target, read the odds, fire, watch the dice."""

    def __init__(self, screen: "StarshipScreen", ship_id: str) -> None:
        self.screen = screen
        self.ship_id = ship_id
        space = screen.space_battle
        ship = space.ships[ship_id]
        self.targets = [s.id for s in space.ships.values() if s.side != ship.side and s.status != DESTROYED]
        seen = [t for t in self.targets if detects(ship, space.ships[t], space.now)]
        pool = seen or self.targets
        self.target: str | None = min(pool, key=lambda t: distance(ship, space.ships[t])) if pool else None
        usable = usable_hard_points(ship, space.now)
        self.chosen: list[str] = [h.name for h in ship.spec.hard_points][:usable]
        self.result: SpaceWeaponsFired | None = None
        self.started = 0
        self.rect = pygame.Rect(0, 0, px(10), px(10))

    # -- reading -------------------------------------------------------------------
    @property
    def odds(self) -> FireOdds | None:
        """The odds shown: exactly :func:`fire_odds` for the chosen target and hard points."""
        if self.target is None:
            return None
        return fire_odds(self.screen.state, self.ship_id, self.target, len(self.chosen))

    def odds_text(self) -> str:
        odds = self.odds
        return odds.percent if odds is not None else "-"

    def shown_dice(self) -> int:
        if self.result is None:
            return 0
        n = len(self.result.dice)
        if self.screen.reveal_ms <= 0:
            return n
        return min(n, 1 + (self.screen.app.clock() - self.started) // self.screen.reveal_ms)

    def wake_ms(self) -> int | None:
        """When the next die is due (app clock): the loop wakes to draw it with no input."""
        if self.result is None or self.shown_dice() >= len(self.result.dice):
            return None
        return self.started + self.shown_dice() * self.screen.reveal_ms

    # -- acting ---------------------------------------------------------------------
    def fire(self) -> None:
        if self.target is None:
            self.screen.say("There is no enemy ship to fire at.", "error")
            return
        entry = self.screen.submit(FireWeapons(self.ship_id, list(self.chosen), self.target))
        if entry is None:
            return
        self.result = next(e for e in entry.events if isinstance(e, SpaceWeaponsFired))
        self.started = self.screen.app.clock()

    def click(self, spot) -> None:
        key, data = spot.key, spot.data
        if key == "dlg.target":
            self.target = data["target"]
        elif key == "dlg.hard_point":
            name = data["name"]
            ship = self.screen.space_battle.ships[self.ship_id]
            if name in self.chosen:
                self.chosen.remove(name)
            elif len(self.chosen) < usable_hard_points(ship, self.screen.space_battle.now):
                order = [h.name for h in ship.spec.hard_points]
                self.chosen = sorted(self.chosen + [name], key=order.index)
            else:
                self.screen.say("Battle Damage leaves no more working hard points: deselect one first.", "error")
        elif key == "dlg.fire":
            self.fire()
        elif key in ("dlg.cancel", "dlg.done"):
            if self.result is not None and self.shown_dice() < len(self.result.dice):
                self.started = -10**9  # show every die at once
            else:
                self.screen.close_dialog()

    def key(self, intent) -> bool:
        if intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.result is None:
                self.fire()
            else:
                self.screen.close_dialog()
            return True
        return False

    # -- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, hotspots: Hotspots, hover: tuple | None) -> None:
        self.rect = rect = dialog_card(surface, hotspots, (px(980), px(620) if self.result is None else px(680)), theme.FIRE_EDGE,
                                       margin=(60, 80))
        space = self.screen.space_battle
        ship = space.ships[self.ship_id]
        x, y = rect.x + px(32), rect.y + px(24)
        who = ship.crew_names.get("weapons", "no one")
        text(surface, f"Weapons - {who}", (x, y), 34, theme.TEXT, "bold")
        when = "surprise round" if space.round == 0 else f"round {space.round}, {PHASE_NAMES.get(space.phase, '')} Phase"
        text(surface, f"{ship.name} - {when}", (x, y + px(44)), 19, theme.TEXT_DIM, "semibold")
        if self.result is None:
            self._draw_choices(surface, hotspots, hover, x, y + px(86))
        else:
            self._draw_result(surface, hotspots, hover, x, y + px(86))

    def _draw_choices(self, surface, hotspots: Hotspots, hover, x: int, y: int) -> None:
        space = self.screen.space_battle
        ship = space.ships[self.ship_id]
        rect = self.rect
        text(surface, "TARGET", (x, y), 16, theme.TEXT_DIM, "bold")
        y += px(24)
        bx = x
        for tid in self.targets:
            target = space.ships[tid]
            seen = detects(ship, target, space.now)
            sub = plural(round(distance(ship, target)), "unit") + ("" if seen else " - unseen")
            b = pygame.Rect(bx, y, px(230), px(62))
            button_face(surface, b, target.name, size=21, sub=sub, style="on" if tid == self.target else "normal",
                        hovered=hover == ("dlg.target", tid))
            hotspots.add(b, "dlg.target", target=tid)
            bx += px(242)
        if not self.targets:
            text(surface, "no enemy ship left", (x, y + px(18)), 20, theme.TEXT_DIM, "semibold")
        y += px(80)
        usable = usable_hard_points(ship, space.now)
        total = len(ship.spec.hard_points)
        note = f"{len(self.chosen)} chosen, {usable} of {total} working" if usable < total else f"{len(self.chosen)} of {total} chosen"
        text(surface, f"HARD POINTS - {note}", (x, y), 16, theme.TEXT_DIM, "bold")
        y += px(24)
        bx = x
        for hp in ship.spec.hard_points:
            on = hp.name in self.chosen
            b = pygame.Rect(bx, y, px(218), px(62))
            if b.right > rect.right - px(24):
                bx, y = x, y + px(72)
                b = pygame.Rect(bx, y, px(218), px(62))
            button_face(surface, b, ("✓ " if on else "") + hp.name, size=19, sub=hp.weapon,
                        style="on" if on else "normal", hovered=hover == ("dlg.hard_point", hp.name))
            hotspots.add(b, "dlg.hard_point", name=hp.name)
            bx += px(228)
        y += px(84)
        odds = self.odds
        if odds is not None and self.target is not None:
            target = space.ships[self.target]
            count, threshold = odds.bd_dc
            text(surface, f"{possessive(target.name)} Battle Damage DC  {count},{threshold}", (x, y), 24, theme.TEXT, "bold")
            of_count, of_threshold = (f" ({t})" if t else "" for t in odds.bd_dc_parts)
            room = rect.width - px(64) - px(300)
            needs = (f"needs {plural(count, 'success', 'successes')}{of_count}, each d10 {threshold} or higher"
                     f"{of_threshold}")
            line_y = y + px(32)
            for line in wrap(needs, 19, room, "regular")[:2]:
                text(surface, line, (x, line_y), 19, theme.TEXT_DIM, "regular")
                line_y += px(26)
            parts = [f"{odds.dice} d10"]
            if odds.sensor_bonus:
                parts.append(f"+{odds.sensor_bonus} on each die (Scan)")
            if odds.rerolls:
                parts.append(f"{plural(odds.rerolls, 're-roll')} of successes "
                             f"({reroll_text(list(odds.reroll_parts), odds.rerolls)})")
            line_y += px(2)
            for line in wrap("Pool: " + ", ".join(parts), 19, room, "regular")[:2]:  # (" - " read as minus)
                text(surface, line, (x, line_y), 19, theme.TEXT_DIM, "regular")
                line_y += px(26)
            right = rect.right - px(32)
            text(surface, "CHANCE OF BATTLE DAMAGE", (right, y - px(2)), 16, theme.TEXT_DIM, "bold",
                 anchor="topright")
            text(surface, self.odds_text(), (right, y + px(16)), 56, theme.ACCENT, "bold", anchor="topright")
            text(surface, f"exactly {odds.chance.numerator}/{odds.chance.denominator}", (right, y + px(84)), 16,
                 theme.TEXT_DIM, "regular", anchor="topright")
            if not odds.detected:
                blind = (f"The {possessive(ship.name)} passive sensors cannot see the {target.name}: the volley counts "
                         "only if this phase's Scan finds it." if odds.scan_possible else
                         f"The {possessive(ship.name)} passive sensors cannot see the {target.name}, and no Scan is "
                         "left to find it this phase: close in, or Scan it in a later phase.")
                for n, line in enumerate(wrap(blind, 19, rect.width - px(64), "semibold")[:2]):
                    text(surface, line, (x, max(y + px(118), line_y + px(6)) + px(26) * n), 19, theme.BAD, "semibold")
        fire = pygame.Rect(rect.right - px(260), rect.bottom - px(84), px(228), px(60))
        cancel = pygame.Rect(fire.x - px(170), fire.y, px(154), px(60))
        blocked = odds is not None and not odds.detected and not odds.scan_possible  # FireWeapons refuses it
        button_face(surface, fire, "FIRE", size=28, style="disabled" if blocked else "danger",
                    hovered=hover == ("dlg.fire",) and not blocked)
        button_face(surface, cancel, "Cancel", size=21, hovered=hover == ("dlg.cancel",))
        hotspots.add(fire, "dlg.fire")
        hotspots.add(cancel, "dlg.cancel")

    def _draw_result(self, surface, hotspots: Hotspots, hover, x: int, y: int) -> None:
        fired = self.result
        assert fired is not None  # drawn once the volley is fired
        rect = self.rect
        count, threshold = fired.bd_dc
        text(surface, f"at the {fired.target_name} - BD DC {count},{threshold}", (x, y), 24, theme.TEXT, "bold")
        y += px(44)
        dice = fired.dice
        shown = self.shown_dice()
        die_px, gap = px(72), px(22)  # (at the UI scale: 72 px dice were a third of the card at 720p, tiny at 4K)
        size = pool_size(dice, die_px, gap)
        space_h = rect.bottom - px(206) - y
        if size[1] > space_h:  # long re-roll chains: smaller dice
            die_px = max(px(34), int(die_px * space_h / size[1]))
            gap = max(px(10), die_px // 3)
            size = pool_size(dice, die_px, gap)
        origin = (rect.centerx - size[0] // 2, y + px(16))
        draw_pool(surface, dice, origin, sensor_bonus=fired.sensor_bonus, die_px=die_px, gap=gap,
                  shown=shown)
        first = sum(1 for d in dice if d.get("reroll_of") is None)
        rerolls = len(dice) - first
        done = shown >= len(dice)
        y = rect.bottom - px(170)
        if rerolls:
            sources = reroll_text(fired.rerolls_from, fired.rerolls_allowed, rerolls)
            text(surface,
                 f"{first} dice, then {plural(rerolls, 're-roll')} of successes ({sources}), "
                 "each under the die it re-rolled",
                 (rect.centerx, y), 18, theme.TEXT_DIM, "regular", anchor="midtop", max_width=rect.width - px(60))
        done_btn = pygame.Rect(rect.right - px(200), rect.bottom - px(84), px(168), px(60))
        if done:
            good = fired.battle_damage
            verdict = "BATTLE DAMAGE!" if good else "no Battle Damage"
            text(surface, f"{fired.successes} successes of {count} needed - {verdict}", (x, y + px(32)), 30,
                 theme.GOOD if good else theme.TEXT, "bold")
            note = ("It lands when the Action Phase ends, with every other ship's rolls." if good else
                    "Judged again when the Action Phase ends: a Scan rolled later this phase still adds its bonus.")
            # wrapped beside the Done button, never under it (at 720p its last line ran into it, review 18, F4)
            for n, line in enumerate(wrap(note, 19, done_btn.left - px(20) - x, "regular")[:3]):
                text(surface, line, (x, y + px(72) + px(24) * n), 19, theme.TEXT_DIM, "regular")
        button_face(surface, done_btn, "Done" if done else "Show all", size=22, style="primary",
                    hovered=hover == ("dlg.done",))
        hotspots.add(done_btn, "dlg.done")
