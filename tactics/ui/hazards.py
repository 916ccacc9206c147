"""Grenades, traps and facing in the window (issue 4): one add-on per battle view.

Why it exists: the hazards' on-screen part touches many moments (a throw
resolved by any panel, a trap set off by any walk, the end of a group's turn)
without belonging to any one panel. :class:`HazardsAddon` listens to the
journal and reacts to the engine's events:

* ``grenade.thrown``: the flight is animated along the event's ``flight`` /
  ``heights`` (the engine's :class:`~tactics.rules.physics.Flight`), both dice
  are shown with the fuse label; the marker appears when it lands;
* ``hazard.blast``: a flash on the blast's squares;
* ``trap.triggered``: the walked path stops with a flash at the trap and a message;
  ``trap.halted`` / ``trap.detected``: a message;
* ``group.ended`` (and an individual ``turns.ended-turn`` without a facing):
  the facing prompt asks each member (:mod:`tactics.ui.facing`).

It is an App add-on (``app.addons``): it sees input before the battle view, keeps the loop
awake while something moves (the app's ``busy`` add-on hook), and registers the grenade and trap
tools, the trap layer and the hazards' log lines. Importing this module is
what puts them in the window.
"""

from __future__ import annotations

import dataclasses
import weakref
from typing import TYPE_CHECKING, Any, cast

import pygame

from tactics.engine.combat.events import GroupEnded
from tactics.engine.core.board_events import TokenMoved
from tactics.engine.hazards.events import (
    GrenadeExploded, GrenadeThrown, HazardBlast, TrapDetected, TrapDisarm, TrapHalted, TrapTriggered,
)
from tactics.engine.hazards.commands import effective_facing
from tactics.engine.hazards.fuses import players_fuse
from tactics.engine.hazards.log import describe_hazard, scatter_legend
from tactics.engine.core.journal import Entry
from tactics.rules.grid import cell_center
from tactics.ui import intents as ui
from tactics.ui import theme
from tactics.ui import draw, render
from tactics.ui import layout_probe as probe
from tactics.ui.placement import around, place
from tactics.ui.animation import Animations, Flash, GrenadeFlight, Trail
from tactics.ui.facing import acted_in_turn, FacingPrompt, draw_arcs
from tactics.ui.layers import hazards as _layer  # noqa: F401  (adds the trap layer)
from tactics.ui.tools.registry import register
from tactics.ui.tools.grenade import BLAST_EDGE, GrenadeTool
from tactics.ui.tools.traps import TrapTool

if TYPE_CHECKING:
    from tactics.engine.combat.individual.events import TurnsEndedTurn

#: An individual turn's end (its module is imported only once individual turns run: issue 12).
TURN_ENDED = "turns.ended-turn"

ANIMATION_Z = render.CURSOR_Z + 2
PROMPT_Z = render.CURSOR_Z + 3
ARCS_Z = render.TOOL_Z  # live (not cached): it follows the pointer


# Values are weak too: an add-on refers to its view, so a strong value would keep every closed
# window (and its pictures) alive for good.
_BY_VIEW: "weakref.WeakKeyDictionary[Any, weakref.ref[HazardsAddon]]" = weakref.WeakKeyDictionary()


class HazardsAddon:
    """The hazards' part of the window (an App add-on): animations, the facing prompt, the arcs overlay.

    It follows the app's battle view (``opened`` is called when an encounter is
    opened) and listens to that encounter's journal.
    """

    def __init__(self, app: Any) -> None:
        self.app = app
        self.view: Any = None
        self.animations = Animations()
        self.in_flight: set[str] = set()  # grenades still in the air: no marker yet
        self.gm_only: list = []  # animations of a creature hidden from the players: not drawn in F2
        self.prompt = FacingPrompt(self)
        self.arcs_on = False
        self.last_throw: dict[str, Any] | None = None
        self.fuse_cards: dict[str, pygame.Rect] = {}  # where the board drew each live grenade's fuse card last
        self.dice_drawn: pygame.Rect | None = None  # where the last throw's dice and their legend went (tests)
        self._journal: Any = None
        self._redraw = False  # something landed while a frame was drawn: draw one more

    # -- the app's add-on hooks ----------------------------------------------------------
    def opened(self, encounter: Any) -> bool:
        """A (new) encounter is on the battle view: follow it."""
        self.closing()
        self.view = self.app.battle
        _BY_VIEW[self.view] = weakref.ref(self)
        self.animations = Animations(clock=self.animations.clock)
        self.in_flight.clear()
        self.prompt = FacingPrompt(self)
        self.last_throw = None
        self._journal = self.view.encounter.journal
        self._journal.listeners.append(self._on_journal)
        return False

    def facing_answered(self) -> None:
        """The facing prompt has its answers: in individual turns the next turn begins now."""
        from tactics.ui.panels.next_turn import begin_next_turn

        begin_next_turn(self.view)

    def busy(self) -> bool:
        """While something moves the loop keeps drawing frames (and one more after a landing)."""
        return self.animations.busy() or self._redraw

    def closing(self) -> bool:
        if self._journal is not None and self._on_journal in self._journal.listeners:
            self._journal.listeners.remove(self._on_journal)
        self._journal = None
        return False

    def finish(self) -> None:
        """Skip every animation to its end (a click does; tests do)."""
        self.animations.finish()

    # -- input ---------------------------------------------------------------------------
    def handle(self, intent: Any) -> bool:
        """Input before the battle view: the facing prompt, Q for arcs, the trap tool's drags."""
        view = self.view
        if view is None or self.app.top is not view:
            return False
        if isinstance(intent, ui.PointerDown) and self.animations.busy():
            self.finish()
        if isinstance(intent, (ui.PointerDown, ui.PointerUp)) and self._over_panel(intent.pos):
            return False
        if self.prompt.handle(intent):
            return True
        if isinstance(intent, ui.KeyPress) and intent.key == pygame.K_q and not intent.ctrl:
            self.arcs_on = not self.arcs_on
            view.say("Facing arcs on hover: " + ("on (front green, flank amber, rear red)." if self.arcs_on
                                                 else "off."), "info")
            return True
        if isinstance(view.tool, TrapTool):
            return view.tool.hook(intent)
        return False

    def _over_panel(self, pos: tuple[int, int]) -> bool:
        panels = getattr(self.view, "combat", None)
        panel_at = getattr(panels, "panel_at", None)
        active = getattr(panels, "active", lambda: False)
        return bool(callable(panel_at) and active() and panel_at(pos) is not None)

    # -- reacting to the journal -----------------------------------------------------------------
    def _on_journal(self, journal: Any, what: str) -> None:
        if what != "commit":
            self.finish()
            self.in_flight.clear()
            self.last_throw = None
            if what == "undo" and journal.redo_stack:
                undone = journal.redo_stack[-1]
                if any(e.kind in ("group.ended", "turns.ended-turn") for e in undone.events):
                    self.prompt.stop()
            return
        if journal.entries:
            self.react(journal.entries[-1])

    def react(self, entry: Entry) -> None:
        view = self.view
        state = view.state
        delay = 0
        moved = [e for e in entry.events if isinstance(e, TokenMoved)]
        facing_set = any(e.kind == "facing.set" for e in entry.events)
        if not facing_set and self.prompt.queue:
            self.prompt.stop()  # the table moved on: facings stay as they are (R-FACE-1 costs no action)
        exploding = None
        for event in entry.events:
            if isinstance(event, GrenadeThrown):
                delay = self._thrown(event, delay)
            elif isinstance(event, GrenadeExploded):
                exploding = event.grenade
                if self.last_throw is not None and self.last_throw["grenade"] == exploding:
                    self.last_throw["gone_with"] = None  # its scatter dice go with the blast
            elif isinstance(event, HazardBlast):
                flash = self.animations.add(Flash(list(event.cells), cell_center(event.origin), delay_ms=delay))
                if self.last_throw is not None and exploding == self.last_throw["grenade"]:
                    self.last_throw["gone_with"] = flash
            elif isinstance(event, TrapTriggered):
                at = event.at
                if moved:
                    path = [cell_center(c) for c in moved[-1].path]
                    self.animations.add(Trail(path))
                if event.chase:
                    self.animations.add(Trail([cell_center(c) for c in event.chase], duration_ms=900))
                self.animations.add(Flash([at], cell_center(at), colour=theme.BLAST_EDGE, delay_ms=delay))
                view.say(describe_hazard(event, state), "error")
            elif isinstance(event, TrapHalted):
                view.say(describe_hazard(event, state), "info")
            elif isinstance(event, TrapDetected) and (view.viewer == "gm" or event.team in self._player_teams()):
                view.say(describe_hazard(event, state), "good")
            elif isinstance(event, TrapDisarm):
                view.say(describe_hazard(event, state), "good" if event.result == "disarmed" else "error")
            elif event.kind in ("group.started", "turns.began"):
                self.last_throw = None  # its scatter dice go as the next turn begins; the log keeps them (review 17 N4)
            elif isinstance(event, GroupEnded):  # only those who acted or moved are asked (facing.py)
                self.prompt.offer(acted_in_turn(view.encounter.journal, event.team, event.group))
            elif event.kind == TURN_ENDED and not facing_set and cast("TurnsEndedTurn", event).combatant:
                self.prompt.offer([cast("TurnsEndedTurn", event).combatant])
        view.app.dirty = True

    def _player_teams(self) -> set[str]:
        return {t.id for t in self.view.state.teams.values() if t.players}

    def _thrown(self, event: GrenadeThrown, delay: int) -> int:
        view = self.view
        gid = event.id
        thrower = view.state.combatants.get(event.thrower)
        secret = thrower is not None and view.state.hidden_from_players(thrower)  # its square, its dice
        if len(event.flight) >= 2:
            flight = GrenadeFlight([(p[0], p[1]) for p in event.flight], event.heights, flight_ms=event.flight_ms)
            self.in_flight.add(gid)
            flight.on_done.append(lambda: self._landed(gid))
            self.animations.add(flight)
            if secret:
                self.gm_only.append(flight)
            delay = flight.duration_ms
        self.last_throw = {
            "grenade": gid, "thrower": event.thrower, "dice": list(event.dice),
            "scatter": list(event.scatter), "cell": event.cell, "fuse_text": event.fuse_text,
            "from": tuple(event.flight[0]) if event.flight else None,  # the thrower's square centre
            "gm_only": secret,
        }
        said = self._throw_said(event)
        if said:
            view.say(said, "good")
        view.invalidate()
        return delay

    def _throw_said(self, event: GrenadeThrown) -> str:
        """The status line for a throw: in the players' view (F2) only what the players may know
        (no throw by a hidden creature, the fuse they are told: reading N-GREN-11)."""
        view = self.view
        if view.viewer == "gm":
            return describe_hazard(event, view.state)
        thrower = view.state.combatants.get(event.thrower)
        if thrower is not None and view.state.hidden_from_players(thrower):
            return ""
        grenade = view.state.grenades.get(event.id)
        if grenade is None:
            return describe_hazard(event, view.state)
        return describe_hazard(dataclasses.replace(event, fuse_text=players_fuse(view.state, grenade)[1]), view.state)

    def _landed(self, gid: str) -> None:
        self.in_flight.discard(gid)
        self.view.invalidate()  # the marker is drawn on the cached board
        # The flight usually ends while a frame is drawn, after the board was: the app clears
        # ``dirty`` when that frame ends, so ask for the next frame through ``busy``.
        self._redraw = True

    # -- drawing -------------------------------------------------------------------------------------
    def draw_animations(self, ctx: render.DrawContext) -> None:
        if ctx.view is self.view:
            self._redraw = False  # this frame's board already has every landed marker
        self.gm_only = [a for a in self.gm_only if not a.done]
        players = ctx.viewer != "gm"  # F2: nothing drawn from a hidden thrower's square (N-HIDE-2)
        self.animations.draw(ctx.surface, ctx.camera.to_screen, ctx.camera.cell_px,
                             skip=self.gm_only if players else ())
        if self.last_throw is not None and ctx.view is self.view and not (players and self.last_throw.get("gm_only")):
            self._draw_dice(ctx)

    def _draw_dice(self, ctx: render.DrawContext) -> None:
        """Both d10s of the last throw beside where it came down (R-GREN-2), on the thrower's side of
        any wall that stopped it (R-GREN-3) and clear of tokens and the fuse card."""
        t = self.last_throw
        if not t or not t["dice"]:
            return
        if "gone_with" in t:  # it went off: the dice stay only while its blast is on the map
            flash = t["gone_with"]
            if flash is None or flash.done:
                return
        size = max(26, int(ctx.camera.cell_px * 0.45))
        legend = dice_legend(ctx, t)
        rect = dice_rect(ctx, t, size, legend.get_size())
        self.dice_drawn = rect
        row = (len(t["dice"]) * (size + 6) - 6)
        ctx.surface.blit(legend, legend.get_rect(midbottom=rect.midbottom))
        probe.text(ctx.surface, legend.get_rect(midbottom=rect.midbottom), scatter_legend(t["scatter"]),
                   role="map-label")
        for i, face in enumerate(t["dice"]):
            cx = rect.centerx - row // 2 + size // 2 + i * (size + 6)
            cy = rect.top + size // 2
            pts = [(cx, cy - size // 2), (cx + size // 2, cy - size // 8), (cx, cy + size // 2),
                   (cx - size // 2, cy - size // 8)]
            pygame.draw.polygon(ctx.surface, theme.OUTLINE, [(a + 2, b + 2) for a, b in pts])
            pygame.draw.polygon(ctx.surface, theme.DIE_ON_MAP, pts)
            pygame.draw.polygon(ctx.surface, BLAST_EDGE, pts, 2)
            img = theme.text(str(face), max(12, size // 2), "bold", theme.INK)
            ctx.surface.blit(img, img.get_rect(center=(cx, cy)))

    def draw_prompt(self, ctx: render.DrawContext) -> None:
        self.prompt.draw(ctx)

    def draw_arcs(self, ctx: render.DrawContext) -> None:
        if not self.arcs_on or self.prompt.active():
            return
        cell = self.view.hover_cell
        who = self.view.token_at(cell) if cell is not None else None
        if who is None:
            return
        draw_arcs(ctx, who, effective_facing(ctx.state, who.id))


#: How far out (in squares past the landing square's edge) the dice may go when every place
#: touching it covers a token or a name: ring 0 touches it, ring 2 is two squares out.
DICE_RINGS = range(3)


def dice_legend(ctx: render.DrawContext, throw: dict[str, Any]) -> pygame.Surface:
    """The line under the map's two scatter dice saying what they did ("scatter d10s: 2 squares
    left, 1 square long": the engine's words, R-GREN-2). Why: two diamonds marked "2" and "8"
    lay on the map with nothing to say what they were (outside review 16 F16d)."""
    return draw.pill(scatter_legend(throw["scatter"]), _layer.map_label_size(ctx.camera.cell_px),
                     theme.TEXT, (*theme.WELL, 225))


def dice_rect(ctx: render.DrawContext, throw: dict[str, Any], size: int,
              legend: tuple[int, int] = (0, 0)) -> pygame.Rect:
    """Where the dice of ``throw`` go: beside the square it landed on (the engine's ``cell``,
    after walls, R-GREN-3), preferring the side it came from, never across a wall from it, clear
    of every token's square (a downed one's too), name and condition words, and of the fuse card.
    Where each place touching the square covers one of them, a square or two further out
    (review 13 recheck NEW-E: after a blast the downed tokens lie round the landing square, and
    the dice went over one, hiding it); where none is clear, the place covering least, a token's
    square counting as much as the fuse card. ``legend``: the size of the line under the dice
    (:func:`dice_legend`), placed with them."""
    cam = ctx.camera
    px = max(1, cam.cell_px)
    landed = tuple(throw["cell"])
    cell = pygame.Rect(cam.cell_rect(landed))
    here = cell_center(landed)
    origin = throw.get("from") or here
    back = (origin[0] - here[0], origin[1] - here[1])
    centre = cell.center

    def toward_thrower(r: pygame.Rect) -> float:
        return -((r.centerx - centre[0]) * back[0] + (r.centery - centre[1]) * back[1])

    dims = (max(len(throw["dice"]) * (size + 6) - 6, legend[0]), size + (legend[1] + 2 if legend[1] else 0))
    room = draw.map_rect(cam, ctx.state.map)
    options = []
    for ring in DICE_RINGS:  # stable sort: ties keep around()'s order
        options += sorted((r.clamp(room) for r in around(dims, cell.inflate(2 * ring * px, 2 * ring * px), gap=6)),
                          key=toward_thrower)
    walls = ctx.state.current_map()
    x0, y0 = cam.to_screen((0, 0))
    near_side = [r for r in options  # reading: R-GREN-3 (the dice stay on the side where it came down)
                 if walls.walls.line_clear(here, ((r.centerx - x0) / px, (r.centery - y0) / px))] or options
    reach = [cell.inflate(2 * (max(DICE_RINGS) + 2) * px + 2 * dims[0], 2 * (max(DICE_RINGS) + 2) * px + 2 * dims[1])]
    squares = [pygame.Rect(cam.cell_rect(who.cell)) for who in ctx.state.on_map()
               if who.cell is not None and (not hasattr(ctx.view, "visible") or ctx.view.visible(who))]
    squares = [r for r in squares if r.collidelist(reach) >= 0] + [cell]
    painter = getattr(ctx.renderer, "tokens", None)
    drawn = getattr(painter, "drawn_words", None)
    words = drawn() if callable(drawn) else []  # a name may sit beside its disc
    # (a name above its token too: review 13 F11)
    names = _layer.marker_obstacles(ctx, names_above=True, near=reach) + words
    grenade = ctx.state.grenades.get(throw["grenade"])
    cards = [_layer.fuse_card_rect(ctx, grenade)] if grenade is not None and grenade.status == "live" else []
    return place(near_side, room, tokens=names, cards=cards + squares)


def hazards_of(view: Any) -> HazardsAddon | None:
    """The add-on following a battle view (None for views without one)."""
    ref = _BY_VIEW.get(view) if view is not None else None
    return ref() if ref is not None else None


def _addon_of(ctx: render.DrawContext) -> HazardsAddon | None:
    return hazards_of(ctx.view)


def attach_hazards(app: Any) -> HazardsAddon:
    """Add the hazards add-on to an App (its ``opened`` hook then follows the battle view)."""
    addon = HazardsAddon(app)
    app.addons.append(addon)
    return addon


def _prompt_arrows(ctx: render.DrawContext) -> list[pygame.Rect]:
    """The facing prompt's arrows, while it asks: the token names keep off them (review 14 F6)."""
    addon = _addon_of(ctx)
    arrows = addon.prompt.arrow_rects() if addon is not None else []
    painter = getattr(ctx.renderer, "tokens", None)
    if not arrows and painter is not None and getattr(painter, "short_words", None):
        painter.short_words = frozenset()  # nobody asked: the words as they were (facing.arrow_centres)
    return arrows


render.add_names_keep_off("facing-arrows", _prompt_arrows)


def _animations_layer(ctx: render.DrawContext) -> None:
    addon = _addon_of(ctx)
    if addon is not None:
        addon.draw_animations(ctx)


def _prompt_layer(ctx: render.DrawContext) -> None:
    addon = _addon_of(ctx)
    if addon is not None:
        addon.draw_prompt(ctx)


def _arcs_layer(ctx: render.DrawContext) -> None:
    addon = _addon_of(ctx)
    if addon is not None:
        addon.draw_arcs(ctx)


render.add_layer(ARCS_Z, "facing-arcs", _arcs_layer)
render.add_layer(ANIMATION_Z, "hazard-animations", _animations_layer)
render.add_layer(PROMPT_Z, "facing-prompt", _prompt_layer)
register(GrenadeTool)
register(TrapTool)


__all__ = ["HazardsAddon", "attach_hazards", "hazards_of"]
