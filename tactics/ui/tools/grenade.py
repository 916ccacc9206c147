"""The grenade tool: see where a throw can land before anyone rolls (R-GREN-1..6).

Why it exists: the table should see what a throw will do. With a thrower
selected the tool shows

* a ring at the maximum throw range (R-GREN-1, :func:`tactics.engine.hazards.commands.throw_range_ft`);
* over the hovered square, a heatmap of every square the grenade can land on
  with its exact chance from the 100 rolls of 2d10, walls included
  (:func:`tactics.rules.explosives.landing_odds`, the function the throw itself
  flies with), biggest numbers on the likeliest squares;
* the blast outline at the aimed square (:func:`~tactics.rules.explosives.blast_cells`)
  and "on target 25.0%" (:func:`~tactics.rules.explosives.p_on_target`);
* with cooking on (K), the WIS DC 25 odds (:func:`~tactics.rules.explosives.cook_odds`, R-GREN-5).

A click throws: during a ground fight it declares a Use Item action through the
ground engine (``Declare(..., Action("use-item", item="grenade", ...))``,
resolved in the order of R-ORD-1); with no fight running it submits
:class:`~tactics.engine.hazards.commands.ThrowGrenade` at once. Compute, then commit:
the preview and the throw call the same functions.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import pygame

from tactics.engine.hazards import commands as hz
from tactics.engine.hazards import sheet
from tactics.engine.combat.actions import Action, Declare
from tactics.engine.combat.queries import combat_of
from tactics.engine.core.journal import Refused
from tactics.engine.core.state import Combatant
from tactics.engine.core.table import dice_typed_for
from tactics.rules import explosives as ex
from tactics.rules.grid import Cell, as_cell, distance_ft
from tactics.ui import draw, theme
from tactics.ui import intents as ui
from tactics.ui.panels.side import card_left
from tactics.ui.render import TEMPLATES_Z, TOOL_Z, DrawContext
from tactics.ui.tools.base import Tool
from tactics.ui.tokens import KeepClear

if TYPE_CHECKING:
    from tactics.engine.hazards.throw_risk import ThrowRisk
from tactics.engine.core.labels import plural, possessive

HEATMAP_Z = TEMPLATES_Z + 2
RANGE_Z = TEMPLATES_Z + 1
BLAST_Z = TEMPLATES_Z + 3
BLAST_EDGE = theme.BLAST_EDGE
RING = theme.THROW_RING


def percent(p: Fraction, places: int = 0) -> str:
    """An exact chance as a percentage: Fraction(1, 4) -> "25%" (or "25.0%" with places=1)."""
    return f"{float(p) * 100:.{places}f}%"


def _badge_rect(cam, cell: Cell, size: tuple[int, int]) -> pygame.Rect:
    """Where a token's square's odds badge goes: under the initials, over the disc's lower rim
    and the square's bottom edge (review 14 F7: centred lower on the disc, "5%" hid B4's initials)."""
    x, y, w, h = cam.cell_rect(cell)
    return pygame.Rect((0, 0), size).move(x + (w - size[0]) // 2, y + int(h * 0.68))


def badge_size(px: int) -> int:
    """The type size of the odds badge drawn on a token's square (:meth:`GrenadeTool.covered_badges`)."""
    return max(11, int(px * 0.26))


def _target_frame(ctx: DrawContext, square: pygame.Rect) -> None:
    """The target square's frame, under the token names and words that cross its edge: drawn over
    them, it cut through the small "Bear 3" of a token on the target, above its disc (the names
    are drawn with the board, before the tool's labels)."""
    area = square.inflate(8, 8)
    frame = pygame.Surface(area.size, pygame.SRCALPHA)
    draw.cell_cursor(frame, (square.x - area.x, square.y - area.y, square.w, square.h), theme.INK_LIGHT, 2)
    for rect in ctx.renderer.tokens.drawn_words():
        if rect.colliderect(area):
            frame.fill(theme.CLEAR, rect.move(-area.x, -area.y))
    ctx.surface.blit(frame, area)


def odds_size(px: int, chance: Fraction, top: Fraction) -> int:
    """The font size of a square's odds on the heatmap: larger the likelier it is."""
    return max(9, int(px * (0.2 + 0.16 * float(chance / top))))


def heat_colour(p: Fraction, top: Fraction) -> tuple[int, int, int, int]:
    """Blue for unlikely squares, through yellow, to red for the likeliest (alpha grows too)."""
    t = float(p / top) if top else 0.0
    stops = [(0.0, theme.ODDS_COLD), (0.35, theme.ODDS_COOL), (0.6, theme.ODDS_WARM), (1.0, theme.ODDS_HOT)]
    for (t0, c0), (t1, c1) in zip(stops, stops[1:]):
        if t <= t1:
            k = (t - t0) / (t1 - t0) if t1 > t0 else 0.0
            rgb = tuple(round(a + (b - a) * k) for a, b in zip(c0, c1))
            break
    else:
        rgb = stops[-1][1]
    return (*rgb, int(95 + 110 * t))  # type: ignore[return-value]


@dataclass(frozen=True)
class ThrowPreview:
    """What the tool shows for one thrower, grenade and aimed square."""

    thrower: str
    start: Cell
    target: Cell
    kind: str
    range_ft: int
    odds: dict[Cell, Fraction]  # landing_odds: every square it can come down on
    on_target: Fraction  # p_on_target
    blast: frozenset[Cell]  # the blast if it lands on target
    cook: dict[str, Fraction] | None  # cook_odds when cooking
    problem: str | None = None  # why it cannot be thrown there (then no odds)
    risk: ThrowRisk | None = None  # the chance it lands on or catches the thrower's own side


def throw_preview(state: Any, who: Combatant, target: Cell, kind_name: str, cook: bool) -> ThrowPreview:
    """Compute the preview with the engine's functions (R-GREN-1..5)."""
    reach = hz.throw_range_ft(who)
    kind = ex.grenade_kind(kind_name)
    cook_odds = None
    if cook:
        cook_odds = ex.cook_odds(sheet.ability(who, "WIS"), sheet.check_advantage(who, "skill"),
                                 sheet.affinity_die(who))
    try:
        hz.check_throw(state, who.id, target, kind_name)  # the command's own refusal, if any
    except Refused as exc:
        assert who.cell is not None  # on the map
        return ThrowPreview(who.id, who.cell, target, kind_name, reach, {}, Fraction(0), frozenset(), cook_odds,
                            exc.reason)
    from tactics.engine.hazards.throw_risk import throw_risk  # (the first aimed throw's, not the start's: issue 12)

    battle_map = state.current_map()
    assert who.cell is not None  # on the map
    odds = ex.landing_odds(battle_map, who.cell, target, facing=who.facing)
    assert who.cell is not None  # on the map
    on_target = ex.p_on_target(battle_map, who.cell, target, facing=who.facing)
    blast = ex.blast_cells(kind, target, who.cell, walls=battle_map, facing=who.facing)
    assert who.cell is not None  # on the map
    return ThrowPreview(who.id, who.cell, target, kind_name, reach, odds, on_target, blast, cook_odds,
                        risk=throw_risk(state, who.id, target, kind_name, cook_odds))


def risk_lines(risk: ThrowRisk | None) -> list[str]:
    """The own side's risk in words, from the engine's numbers: "10% lands on Brandon's square",
    "blast catches own side 45%: Brandon 11% · James 35%". Nothing when there is none."""
    if risk is None or not risk.at_risk:
        return []
    lines = []
    on = [a for a in risk.at_risk if a.lands_on]
    if on:
        lines.append(", ".join(f"{percent(a.lands_on)} lands on {possessive(a.name)} square" if i == 0
                               else f"{percent(a.lands_on)} on {possessive(a.name)}" for i, a in enumerate(on)))
    caught = [a for a in risk.at_risk if a.in_blast]
    if caught:
        names = " · ".join(f"{a.name} {percent(a.in_blast)}" for a in caught)
        lines.append(f"blast catches own side {percent(risk.any_in_blast)}: {names}" if len(caught) > 1
                     else f"blast catches {caught[0].name} {percent(caught[0].in_blast)}")
    return lines


def fight_is_on(state: Any) -> bool:
    combat = combat_of(state)
    return combat is not None and combat.phase != "ended"


def throw_command(state: Any, cid: str, target: Cell, kind: str, cook: bool) -> Any:
    """A Use Item declaration in a ground fight (R-ORD-1), else a throw at once."""
    if fight_is_on(state):
        return Declare(cid, Action("use-item", item="grenade", target_cell=as_cell(target), grenade=kind, cook=cook))
    return hz.ThrowGrenade(cid, as_cell(target), kind, cook=cook)


class GrenadeTool(Tool):
    name = "grenade"
    label = "Grenade"
    key = pygame.K_g
    key_label = "G"
    hint = ("Grenade: select the thrower, hover a square to see where it can land (2d10 odds, walls included); "
            "click to throw. K: cook. 1-6 or [ ]: kind.")

    def __init__(self, view) -> None:
        super().__init__(view)
        self._kinds: list[str] | None = None  # read when the tool is first used, not at every start
        self._kind: str | None = None
        self._cook_for: str | None = None  # the thrower whose next throw is cooked (see cook)
        self._key: Any = None
        self._preview: ThrowPreview | None = None
        self._thrown_at: Cell | None = None  # the square just thrown at: no heatmap over the marker
        self._keep_off: tuple[Any, list[pygame.Rect]] = (None, [])  # names_keep_off's last answer, and for what
        self.label_lines: list[str] = []  # the label pills drawn last (odds, cooking, the own side's risk)
        self.label_rects: list[pygame.Rect] = []  # ... and where
        self.throw_pill_rect: pygame.Rect | None = None  # where the thrower's "35 ft throw" went
        self.badges: dict[Cell, pygame.Rect] = {}  # the chances drawn again over tokens, last frame

    @property
    def kinds(self) -> list[str]:
        """The grenade kinds of the rules data, in the file's order."""
        if self._kinds is None:
            self._kinds = list(ex.default_grenades())
        return self._kinds

    @property
    def kind(self) -> str:
        """The kind thrown next (the first one until another is chosen)."""
        if self._kind is None:
            self._kind = self.kinds[0] if self.kinds else "frag"
        return self._kind

    @kind.setter
    def kind(self, value: str) -> None:
        self._kind = value

    @property
    def cook(self) -> bool:
        """Whether the next throw is cooked: one throw's choice by one thrower. It ends with that
        throw and does not pass to another thrower (review 13 F2: Art's K was still on two
        rounds later for Brandon, and a cooked throw at DC 25 is nearly always a dud)."""
        who = self.view.selected_combatant()
        return self._cook_for is not None and who is not None and who.id == self._cook_for

    @cook.setter
    def cook(self, on: bool) -> None:
        who = self.view.selected_combatant()
        self._cook_for = who.id if on and who is not None else None

    # -- reading --------------------------------------------------------------------
    def thrower(self) -> Combatant | None:
        who = self.view.selected_combatant()
        if who is None or who.cell is None or not who.present:
            return None
        return who

    def pointer_still(self, pos: tuple[int, int], was: Cell | None) -> bool:
        if self._thrown_at is not None and self._thrown_at == was:
            self._thrown_at = self.view.hover_cell  # the pointer has not moved on: the marker stays clear
        return self.pointer_move(pos)

    def preview(self) -> ThrowPreview | None:
        """The preview for the hovered square (computed once per square, thrower, kind, state)."""
        view = self.view
        who = self.thrower()
        target = view.hover_cell
        if self._thrown_at is not None:
            if target == self._thrown_at:
                return None  # the live marker, its blast and the dice show until the pointer moves on
            self._thrown_at = None
        key = (who.id if who else None, who.cell if who else None, who.facing if who else None, target,
               self.kind, self.cook, id(view.state), len(view.encounter.journal.entries), view.viewer)
        if key != self._key:
            self._key = key
            self._preview = None
            if who is not None and target is not None and view.state.map.in_bounds(target):
                asked = getattr(view, "query_state", view.state)  # the players' copy in the F2 preview
                self._preview = throw_preview(asked, who, target, self.kind, self.cook)
        return self._preview

    def range_cells(self) -> frozenset[Cell]:
        """Squares within the maximum throw (R-GREN-1, distances by R-GRID-2)."""
        who = self.thrower()
        if who is None:
            return frozenset()
        feet = hz.throw_range_ft(who)
        m = self.view.state.map
        n = feet // 5
        assert who.cell is not None  # on the map
        c0, r0 = who.cell
        assert who.cell is not None  # on the map
        return frozenset((c, r) for c in range(max(0, c0 - n), min(m.width, c0 + n + 1))
                         for r in range(max(0, r0 - n), min(m.height, r0 + n + 1))
                         if distance_ft(who.cell, (c, r)) <= feet)

    def board_key(self):
        p = self.preview()
        who = self.thrower()
        return (who.id if who else None, who.cell if who else None, p.target if p else None, self.kind, self.cook)

    def affected_cells(self) -> frozenset[Cell] | None:
        p = self.preview()
        return p.blast if p and not p.problem else None

    def describe(self) -> str:
        p = self.preview()
        if p is None or p.problem:
            return ""
        return f"{ex.grenade_kind(self.kind).title} blast"

    def area_label(self, squares: int) -> str:
        """"Frag grenade blast: 10 ft radius (15 squares)": the radius in feet from the rules data
        (grenades.toml's ``radius_ft``, R-GREN-6), the squares it covers where it is aimed after.
        Why: "Frag grenade blast - 15 squares" gave a count where a GM expects a radius, and one
        that changes with the walls (outside review 16 F16h)."""
        radius = ex.grenade_kind(self.kind).radius_ft
        return f"{self.describe()}: {radius} ft radius ({plural(squares, 'square')})"

    def status(self) -> str:
        who = self.thrower()
        kind = ex.grenade_kind(self.kind).title
        cook = "cooked" if self.cook else "not cooked"
        if who is None:
            return f"Grenade ({kind}, {cook}): click the thrower's token first.  1-6 or [ ]: kind.  K: cook."
        state = self.view.state
        fight = fight_is_on(state)
        # typed dice are typed in a fight's resolve box; out of one the throw rolls at once (a reviewer
        # set "players type" and saw the app roll without a word)
        rolled = "" if fight or not dice_typed_for(state, who.id) else " Out of a fight the app rolls its dice."
        return (f"{who.name} throws a {kind} ({cook}), up to {hz.throw_range_ft(who)} ft. Hover a square; click to "
                f"{'declare the throw (Use Item)' if fight else 'throw'}.{rolled}  K: cook.  "
                "1-6 or [ ]: kind.  Shift+click a token: new thrower.")

    # -- input --------------------------------------------------------------------------
    def on_key(self, intent: ui.KeyPress) -> bool:
        if intent.key == pygame.K_k:
            who = self.thrower()
            if who is None:
                self.view.say("Select the thrower first: cooking is chosen for one throw.", "error")
                return True
            self.cook = not self.cook
            # reading: R-GREN-5 (the WIS check before the throw; its DC is grenades.toml's cook_dc)
            dc = ex.grenade_rules().cook_dc
            self.view.say("Cooking " + (f"on for {who.name}'s next throw: WIS DC {dc} before it." if self.cook
                                        else "off."), "info")
            return True
        if pygame.K_1 <= intent.key <= pygame.K_9 and intent.key - pygame.K_1 < len(self.kinds):
            self.choose(self.kinds[intent.key - pygame.K_1])
            return True
        if intent.key in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET) and self.kinds:
            i = self.kinds.index(self.kind) if self.kind in self.kinds else 0
            self.choose(self.kinds[(i + (1 if intent.key == pygame.K_RIGHTBRACKET else -1)) % len(self.kinds)])
            return True
        return False

    def choose(self, kind: str) -> None:
        self.kind = kind
        g = ex.grenade_kind(kind)
        self.view.say(f"Grenade: {g.title} ({g.radius_ft} ft blast{', ' + g.damage if g.damage else ''}).", "info")

    def pointer_down(self, intent: ui.PointerDown) -> bool:
        if intent.button != 1:
            return False
        view = self.view
        cell = view.camera.cell_at(intent.pos)
        token = view.token_at(cell)
        who = self.thrower()
        shift = bool(intent.mods & pygame.KMOD_SHIFT) or view.shift_held
        if token is not None and (who is None or shift):
            view.select(token.id)
            view.say(f"{token.name} will throw. Hover a square to see the odds.", "info")
            return True
        if who is None:
            view.say("Select the thrower first: click a token.", "error")
            return True
        if token is not None and token.id == who.id:
            view.select(None)
            return True
        return self.throw_at(cell)

    def throw_at(self, cell: Cell) -> bool:
        """Throw (or declare the throw) at ``cell``; a refusal is shown, nothing changes."""
        who = self.thrower()
        if who is None:
            return False
        cooked = self.cook
        command = throw_command(self.view.state, who.id, cell, self.kind, cooked)
        if self.view.submit(command):
            self._thrown_at = cell
            self._cook_for = None  # the next throw starts uncooked
            if isinstance(command, Declare):
                self.view.say(f"{who.name} declares a {'cooked ' if cooked else ''}grenade throw at {cell}: it "
                              "resolves with the Use Item actions.", "good")  # reading: R-ORD-1
        return True

    def cancel(self) -> bool:
        if self.cook:
            self._cook_for = None
            return True
        return False

    def deactivate(self) -> None:
        pass  # the selected thrower stays selected

    # -- drawing ---------------------------------------------------------------------------
    def layers(self):
        return [(RANGE_Z, "grenade-range", self.draw_range), (HEATMAP_Z, "grenade-heatmap", self.draw_heatmap),
                (BLAST_Z, "grenade-blast", self.draw_blast), (TOOL_Z, "grenade-label", self.draw_labels)]

    def draw_range(self, ctx: DrawContext) -> None:
        cells = self.range_cells()
        if not cells:
            return
        with draw.clipped(ctx.surface, draw.map_rect(ctx.camera, ctx.state.map)):  # never past the map's edge
            ctx.renderer.cells.outline(ctx.surface, ctx.camera, cells, theme.OUTLINE, 5)
            ctx.renderer.cells.outline(ctx.surface, ctx.camera, cells, RING, 3)

    def draw_heatmap(self, ctx: DrawContext) -> None:
        """Every square it can land on, tinted by its chance and labelled with it (landing_odds)."""
        p = self.preview()
        if p is None or not p.odds:
            return
        top = max(p.odds.values())
        cam = ctx.camera
        px = cam.cell_px
        for cell, chance in sorted(p.odds.items(), key=lambda kv: kv[1]):
            ctx.renderer.cells.fill(ctx.surface, cam, [cell], heat_colour(chance, top), ctx.clip)
            if px < 18:
                continue
            size = odds_size(px, chance, top)
            text = theme.text(percent(chance), size, "bold", theme.INK_LIGHT)
            shadow = theme.text(percent(chance), size, "bold", theme.SHADOW)
            x, y, w, h = cam.cell_rect(cell)
            r = text.get_rect(center=(x + w // 2, y + h // 2))
            ctx.surface.blit(shadow, r.move(1, 1))
            ctx.surface.blit(text, r)

    def names_keep_off(self, cam) -> list[pygame.Rect]:
        """The squares the heatmap writes odds on (on a token's square, its odds badge): the token
        names keep off them, or are left out for the initials and the pointer to name (review 14
        F7: "Bear 2" and "Bear 4" hid the 1% and 5% of the squares under them; the odds are what
        the tool is for). The whole square, not its digits alone: a name kept off the digits only
        still lay across the square's lower half, its heat colour and the digits' edge (outside
        review: "Bear 1" and "Bear 3" on the squares above them). A name that must show (the
        blast's tokens, all of whose places are on the heatmap) goes where it covers least of the
        squares, never on their digits, listed too (:class:`tactics.ui.tokens.KeepClear`). A name
        may hang a fifth of a square over a heat square's edge: one wider than its square, over
        its own token, otherwise could not show beside the heatmap ("Bear 2" above it)."""
        p = self.preview()
        if p is None or not p.odds or cam.cell_px < 18:
            return []
        key = (self.board_key(), cam.cell_px, round(cam.origin_x), round(cam.origin_y), getattr(self.view, "revision", None))
        if self._keep_off[0] == key:
            return self._keep_off[1]
        top = max(p.odds.values())
        out = []
        size = badge_size(cam.cell_px)
        for cell, chance in sorted(p.odds.items()):
            x, y, w, h = cam.cell_rect(cell)
            if self.view.token_at(cell) is not None:  # the badge low on the token, as drawn (covered_badges):
                out.append(_badge_rect(cam, cell, draw.pill(percent(chance), size).get_size()))  # not "100%"'s
                continue  # width, which lay across the place beside the token
            tw, th = theme.font(odds_size(cam.cell_px, chance, top), "bold").size(percent(chance))
            out.append(KeepClear(x, y, w, h).inflate(-2 * (w // 5), -2 * (h // 5)))  # the square (not a sliver at its edge)
            out.append(pygame.Rect(0, 0, tw + 2, int(th * 0.8)).move(x + (w - tw - 2) // 2, y + (h - int(th * 0.8)) // 2))
        self._keep_off = (key, out)
        return out

    def draw_blast(self, ctx: DrawContext) -> None:
        p = self.preview()
        if p is None or not p.blast or ctx.camera.cell_px < 8:
            return
        ctx.renderer.cells.outline(ctx.surface, ctx.camera, p.blast, theme.OUTLINE, 5)
        ctx.renderer.cells.outline(ctx.surface, ctx.camera, p.blast, BLAST_EDGE, 3)

    def draw_labels(self, ctx: DrawContext) -> None:
        p = self.preview()
        cam = ctx.camera
        who = self.thrower()
        if who is not None:
            assert who.cell is not None  # on the map
            size = draw.label_size(cam.cell_px)  # at the map's zoom (1x size at 4K: review 12)
            img = draw.pill(f"{hz.throw_range_ft(who)} ft throw", size, tuple(RING), (*theme.WELL, 225))
            self.throw_pill_rect = ctx.surface.blit(img, self._throw_pill_rect(ctx, who, img.get_size()))
        self.label_lines, self.label_rects, self.badges = [], [], {}
        if p is None:
            return
        x, y, w, h = cam.cell_rect(p.target)
        if p.problem:
            draw.cell_cursor(ctx.surface, (x, y, w, h), theme.BAD)
            draw.pill_at(ctx.surface, p.problem, (x + w // 2, y - 4), size=draw.label_size(cam.cell_px),
                         colour=theme.BAD, anchor="midbottom")
            return
        _target_frame(ctx, pygame.Rect(x, y, w, h))
        lines = [f"{ex.grenade_kind(p.kind).title}: on target {percent(p.on_target, 1)}"]
        if p.cook is not None:
            lines.append(f"cooked, WIS DC {ex.COOK_DC}: early {percent(p.cook['early'], 1)} · dud "
                         f"{percent(p.cook['dud'], 1)} · in hand {percent(p.cook['in_hand'], 1)}")
        self.covered_badges(ctx, p)
        shown = [(text, theme.LABEL_WARM) for text in lines] + [(text, theme.BAD) for text in risk_lines(p.risk)]
        self.label_lines = [text for text, _ in shown]
        rows = [r for _, r in set(p.odds) | set(p.blast) | {p.target}]
        size = draw.label_size(cam.cell_px)
        pills = [draw.pill(text, size, tuple(colour), (*theme.WELL, 235)) for text, colour in shown]
        # Above every square of the heatmap and the blast, else below it (under the side card or off
        # the board above); centred on the target, else slid along that row off the tokens and their
        # names (review 20 m1: "blast catches James 12%" lay on Bear 2's name at 1280x720).
        above_top = cam.to_screen((0, min(rows)))[1] - 4
        below_top = cam.to_screen((0, max(rows) + 1))[1] + 4
        width = max(img.get_width() for img in pills)
        height = sum(img.get_height() + 2 for img in pills) - 2
        avoid = self._tokens_and_names(ctx)
        stacks = []
        for top in (above_top - height, below_top):
            for shift in (0, -1, 1, -2, 2, -3, 3, -4, 4):
                centre = x + w // 2 + shift * cam.cell_px
                stacks.append(pygame.Rect(centre - width // 2, top, width, height))
        fine = [r for r in stacks if not self._covered(ctx, [r]) and ctx.clip.contains(r)]
        stack: pygame.Rect | None = next((r for r in fine if r.collidelist(avoid) < 0), None)
        if stack is None:  # nowhere clear of every name: the first place shown whole, as before
            seen = [r for r in stacks if not self._covered(ctx, [r])]
            stack = fine[0] if fine else seen[0] if seen else stacks[len(stacks) // 2]
        top = stack.top
        for img in pills:
            rect = ctx.surface.blit(img, img.get_rect(midtop=(stack.centerx, top)))
            self.label_rects.append(rect)
            top = rect.bottom + 2

    def _tokens_and_names(self, ctx: DrawContext) -> list[pygame.Rect]:
        """What the tool's words keep off: every token's square shown on the map, and the names and
        condition words the tokens layer drew this frame."""
        cam = ctx.camera
        view = self.view
        visible = getattr(view, "visible", lambda who: True)
        out = [pygame.Rect(cam.cell_rect(c.cell)).inflate(-4, -4) for c in view.state.on_map()
               if c.cell is not None and visible(c)]
        painter = getattr(getattr(view, "renderer", None), "tokens", None)
        if painter is not None:
            out += painter.drawn_words()
        return out

    def _throw_pill_rect(self, ctx: DrawContext, who: Combatant, size: tuple[int, int]) -> pygame.Rect:
        """Where the "35 ft throw" pill goes: under the thrower's disc and name (where it always sat),
        else beside or above them, the first place clear of every token and name (review 20 m1: at
        1280x720 it hid Art, two squares below James)."""
        assert who.cell is not None  # on the map
        cam = ctx.camera
        cx, cy = cam.cell_centre(who.cell)
        half = cam.cell_px // 2
        w, h = size
        places = [pygame.Rect(cx - w // 2, cy + half + h + 8, w, h),  # (under its name, as before)
                  pygame.Rect(cx - w // 2, cy + half + 4, w, h),
                  pygame.Rect(cx + half + 6, cy - h // 2, w, h),
                  pygame.Rect(cx - half - 6 - w, cy - h // 2, w, h),
                  pygame.Rect(cx - w // 2, cy - half - 2 * h - 8, w, h),
                  pygame.Rect(cx + half + 6, cy - half - h, w, h),
                  pygame.Rect(cx - half - 6 - w, cy - half - h, w, h),
                  pygame.Rect(cx + half + 6, cy + half, w, h),
                  pygame.Rect(cx - half - 6 - w, cy + half, w, h)]
        avoid = self._tokens_and_names(ctx)
        p = self.preview()
        odds = [pygame.Rect(cam.cell_rect(cell)).inflate(-4, -4) for cell in (set(p.odds) | set(p.blast))] if p else []
        for keep_off in (avoid + odds, avoid):  # (clear of the heatmap's odds too, where there is room)
            for r in places:
                if ctx.clip.contains(r) and r.collidelist(keep_off) < 0:
                    return r
        return places[0]

    def covered_badges(self, ctx: DrawContext, p: ThrowPreview) -> None:
        """The heatmap's chance of each square a token stands on, drawn again on top of the token
        (the heatmap is under the tokens): a badge in the square's heat colour, edged red on the
        thrower's own side. ``self.badges`` keeps where each went."""
        self.badges = {}
        cam = ctx.camera
        if not p.odds or cam.cell_px < 18:
            return
        top = max(p.odds.values())
        who = self.view.state.combatants.get(p.thrower)
        size = badge_size(cam.cell_px)
        for cell, chance in sorted(p.odds.items()):
            token = self.view.token_at(cell)
            if token is None:
                continue
            own = who is not None and token.team == who.team
            r, g, b, _ = heat_colour(chance, top)
            img = draw.pill(percent(chance), size, tuple(theme.INK_LIGHT), (r, g, b, 240))
            rect = _badge_rect(cam, cell, img.get_size())
            edge = rect.inflate(4, 4)
            pygame.draw.rect(ctx.surface, theme.BAD if own else theme.OUTLINE, edge, 2, border_radius=edge.height // 2)
            ctx.surface.blit(img, rect)
            self.badges[cell] = rect

    def _covered(self, ctx: DrawContext, rects: list[pygame.Rect]) -> bool:
        """Would labels at ``rects`` be hidden: above the board's top, or where the side card goes
        (the card is drawn after the map: it covered "on target 25%" at 1280x720)."""
        board = ctx.clip
        left = card_left(ctx.surface.get_width()) - theme.px(12)  # where a side card can hang, before it is drawn
        card = pygame.Rect(left, board.top, ctx.surface.get_width() - left, theme.px(160))
        last = getattr(self.view, "side_rect", None)
        if last is not None:
            card = card.union(last.inflate(theme.px(8), theme.px(8)))
        # and the turn banner and the phase card, drawn after the map too (review 13 recheck: at
        # 1280x720 "Frag grenade: on target" lay half under the turn banner)
        view = self.view
        banners = [r for r in (getattr(getattr(getattr(view, "combat", None), "banner", None), "rect", None),
                               getattr(getattr(getattr(view, "app", None), "hotseat", None), "rect", None)) if r]
        return any(r.top < board.top or r.colliderect(card) or r.collidelist(banners) >= 0 for r in rects)


__all__ = ["GrenadeTool", "ThrowPreview", "heat_colour", "percent", "throw_command", "throw_preview"]
