"""The Attack tool: pick a weapon (or Technique) and a target on the map (R-ROLL-1, R-HIT-1..3).

The attacker is the selected token; the weapon comes from the Declare panel
(default: the first on the sheet). Hovering a token shows the weapon's range
(every square within range by the game's distance, R-GRID-2), the line of
sight to the target, and the exact odds from ``ground_queries.attack_odds``
(the engine's own ``attack_setup``) as a Miss / Minor / Hit / Major / Crit bar.
The line and the card turn red, with the engine's reason, when the target is
out of range or not in sight. A click on an enemy declares the attack
(``Declare``; in individual turns ``TakeAction``, through
:func:`set_attack_command`); a click on an ally makes it the attacker.

A charging Technique (one with ``move_ft``) that cannot reach from where the
attacker stands gets a path to the nearest square in reach of the target: the
engine's :func:`~tactics.engine.combat.charge.charge_path`, the path the click declares.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

import pygame

from tactics.engine.combat.actions import Action, Declare
from tactics.engine.combat.attack import AttackSetup, sight_blocker, situational_words
from tactics.engine.combat.charge import charge_path, run_ft
from tactics.engine.combat.crossing import RunOdds, run_odds
from tactics.engine.combat.queries import attack_odds, legal_kinds, two_weapon_terms
from tactics.engine.combat.two_weapon import TwoWeaponTerms
from tactics.engine.combat.team import sheet_of
from tactics.engine.core.journal import Refused
from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules import actions as act
from tactics.rules.grid import SQUARE_FT, Cell
from tactics.rules.sheets import default_armoury
from tactics.ui import draw, placement, theme
from tactics.ui.attack_words import card_lines, charge_line, crossing_lines
from tactics.ui import intents as ui
from tactics.ui import layout_probe as probe
from tactics.ui import widgets as w
from tactics.ui.panels import rolls
from tactics.ui.render import TOOL_Z, DrawContext
from tactics.ui.theme import fs, px
from tactics.ui.tools.base import Tool, plus_minus

AttackCommandFactory = Callable[[EncounterState, str, str, "AttackTool", "list[Cell] | None"], Any]


def _declare(state: EncounterState, attacker: str, target: str, tool: "AttackTool", path: list[Cell] | None) -> Any:
    weapon, technique = tool.arms()
    kind = tool.action_kind()
    return Declare(attacker, Action(kind, weapon=weapon, technique=technique, target=target, path=path,
                                    two_weapon=tool.two_weapon and kind == act.STANDARD_ATTACK,
                                    situational=tool.situational))


_attack_command: AttackCommandFactory = _declare


def set_attack_command(factory: AttackCommandFactory) -> None:
    """Let a fight's procedure supply the attack command (individual turns: ``TakeAction``)."""
    global _attack_command
    _attack_command = factory


OK_LINE = theme.GOOD
BAD_LINE = theme.BAD
RANGE_EDGE = theme.RANGE_EDGE


NO_FIGHT = "Attacks are made in a fight: start it first (the Initiative panel's Start button)."


class AttackTool(Tool):
    name = "attack"
    label = "Attack"
    key: int | None = pygame.K_t
    key_label = "T"
    hint = "Attack: choose a weapon in the Declare panel, then click a target. Red: out of range or out of sight."

    def __init__(self, view) -> None:
        super().__init__(view)
        self.weapon: str | None = None
        self.technique: str | None = None
        self.kind: str | None = None
        self.two_weapon = False  # the player asks to fight with two weapons (a Standard Attack's choice)
        self._ring: tuple[Any, frozenset[Cell]] | None = None
        self.shown: AttackSetup | None = None  # the attack whose odds the map shows now
        self.shown_path: list[Cell] | None = None  # and the charge's path to it (None: no run)
        #: the GM's situational advantages (+) or disadvantages (-) of the attack aimed now
        #: (cover, flanking, height: :mod:`tactics.ui.situation`); 0 again once it is declared
        self.situational = 0

    #: does this tool's attack roll accuracy (the sure-shot tool's does not: no situation to add)
    takes_situation = True

    # -- choosing ----------------------------------------------------------------
    def aim(self, cid: str, kind: str, *, weapon: str | None = None, technique: str | None = None,
            two_weapon: bool = False) -> None:
        if self.view.selected != cid:
            self.situational = 0  # another attacker: another situation
        self.kind, self.weapon, self.technique, self.two_weapon = kind, weapon, technique, two_weapon
        if self.view.selected != cid:
            self.view.select(cid)

    def shift_situation(self, step: int) -> None:
        """One situational advantage more (+1) or less (-1) on the attack aimed now (the GM's call)."""
        from tactics.ui import situation

        self.situational = max(-situation.LIMIT, min(situation.LIMIT, self.situational + step))
        who = self.attacker()
        whose = f"{who.name}'s attack: " if who else "Attack: "
        self.view.say(whose + situational_words(self.situational) + f" ({situation.HINT}).", "info")
        app = getattr(self.view, "app", None)
        if app is not None:
            app.dirty = True

    def attacker(self) -> Combatant | None:
        return self.view.selected_combatant()

    def arms(self) -> tuple[str | None, str | None]:
        """(weapon, technique): the chosen one, else the attacker's first weapon."""
        who = self.attacker()
        if who is None:
            return None, None
        sheet = sheet_of(who)
        if self.technique and self.technique in sheet.techniques:
            return None, self.technique
        if self.weapon and self.weapon in sheet.weapons:
            return self.weapon, None
        return (sheet.weapons[0] if sheet.weapons else None), None

    def arms_label(self) -> str:
        weapon, technique = self.arms()
        arms = default_armoury()
        if technique:
            return arms.technique(technique).title
        return arms.weapon(weapon).title if weapon else "no weapon"

    def range_ft(self) -> int:
        weapon, technique = self.arms()
        arms = default_armoury()
        if technique:
            t = arms.technique(technique)
            return t.range_ft + t.move_ft
        return arms.weapon(weapon).range_ft if weapon else 0

    def action_kind(self) -> str:
        weapon, technique = self.arms()
        if technique:
            return act.TECHNIQUE
        who = self.attacker()
        kinds = legal_kinds(self.view.state, who.id) if who else []
        if self.kind in (act.STANDARD_ATTACK, act.BONUS_ATTACK) and (self.kind in kinds or not kinds):
            return self.kind
        return act.BONUS_ATTACK if act.BONUS_ATTACK in kinds and act.STANDARD_ATTACK not in kinds else act.STANDARD_ATTACK

    def two_weapon_terms(self) -> TwoWeaponTerms | None:
        """The engine's two-weapon terms of the attack this tool would declare now (N-TWF-1), or None."""
        who = self.attacker()
        weapon, technique = self.arms()
        if who is None or technique or weapon is None or not hasattr(self.view, "state"):
            return None
        asked = getattr(self.view, "query_state", self.view.state)
        return two_weapon_terms(asked, who.id, self.action_kind(), weapon, two_weapon=self.two_weapon)

    def preview(self, target: Combatant) -> tuple[AttackSetup, list[Cell] | None] | None:
        """The attack on ``target`` as the engine would make it now, and any charge path."""
        who = self.attacker()
        weapon, technique = self.arms()
        if who is None or target.id == who.id or (weapon is None and technique is None):
            return None
        path = None
        asked = getattr(self.view, "query_state", self.view.state)  # the players' copy in the F2 preview
        if technique:
            path = charge_path(asked, who, default_armoury().technique(technique), target)
        try:
            setup = attack_odds(asked, who.id, target.id, weapon=weapon, technique=technique,
                                from_cell=path[-1] if path else None, situational=self.situational,
                                two_weapon=self.two_weapon_terms() is not None)  # R-HIT-3
        except (KeyError, Refused):
            return None
        if weapon is not None and not setup.problem:  # empty or not drawn: the engine's words (N-READY-1, -2)
            from dataclasses import replace

            from tactics.ui.panels.common_buttons import attack_block

            why = attack_block(asked, who.id, weapon, self.action_kind())
            if why is not None:
                setup = replace(setup, problem=why)
        return setup, path

    def hovered_target(self) -> Combatant | None:
        cell = self.view.hover_cell
        if cell is None:
            return None
        token = self.view.token_at(cell)
        who = self.attacker()
        if token is None or who is None or token.id == who.id or token.team == who.team:
            return None
        return token

    # -- input ---------------------------------------------------------------------
    def pointer_down(self, intent: ui.PointerDown) -> bool:
        if intent.button != 1:
            return False
        view = self.view
        token = view.token_at(view.camera.cell_at(intent.pos))
        who = self.attacker()
        if token is None:
            view.say("Click the token to attack." if who else "Click the token who attacks first.", "info")
            return True
        if who is None or token.team == who.team:
            view.select(token.id)
            return True
        self.declare(token)
        return True

    def declare(self, target: Combatant) -> bool:
        view = self.view
        who = self.attacker()
        if view.state.combat is None:
            view.say(NO_FIGHT, "error")
            return False
        found = self.preview(target)
        if who is None or found is None:
            view.say("Choose who attacks and with what first.", "error")
            return False
        _, path = found
        command = _attack_command(view.state, who.id, target.id, self, path)
        if view.submit(command):
            verb = "declares" if getattr(command, "name", "") == "declare" else "uses"
            view.say(f"{who.name} {verb} {self.arms_label()} against {target.name}.", "good")
            self.kind, self.two_weapon, self.situational = None, False, 0
            view.set_tool("select")
            return True
        return False

    def on_key(self, intent: ui.KeyPress) -> bool:
        step = plus_minus(intent)  # + / -: the GM's situational advantage (a text field keeps its keys: ui.focus)
        if step and self.takes_situation and self.attacker() is not None:
            self.shift_situation(step)
            return True
        return False

    def status(self) -> str:
        who = self.attacker()
        if who is None:
            return "Attack: click the token who attacks (one of the acting group), then a target."
        combat = self.view.state.combat
        if combat is None:
            return f"{who.name} attacks with {self.arms_label()}. {NO_FIGHT}"
        if getattr(combat, "phase", "") not in ("ended", "") and not combat.can_act_now(who.id):
            return f"{who.name} cannot act now (not their turn): pick one of those who act, or Esc."
        situation = f", {situational_words(self.situational)}" if self.situational else ""
        return (f"{who.name} attacks with {self.arms_label()} (reaches {self.range_ft()} ft{situation}). "
                "Click a target; + / - adds a situational advantage or disadvantage; Esc goes back to Select.")

    # -- drawing ---------------------------------------------------------------------
    def layers(self):
        return [(TOOL_Z, "attack-preview", self._draw)]

    def ring(self, state: EncounterState, who: Combatant) -> frozenset[Cell]:
        """Every square within the weapon's range of the attacker (R-GRID-2), clipped to the map."""
        n = self.range_ft() // SQUARE_FT
        key = (who.cell, n, state.map.width, state.map.height)
        if self._ring is None or self._ring[0] != key:
            assert who.cell is not None  # on the map
            c0, r0 = who.cell
            cells = frozenset((c, r) for c in range(max(0, c0 - n), min(state.map.width, c0 + n + 1))
                              for r in range(max(0, r0 - n), min(state.map.height, r0 + n + 1)))
            self._ring = (key, cells)
        return self._ring[1]

    def _draw(self, ctx: DrawContext) -> None:
        who = self.attacker()
        cam = ctx.camera
        if who is None or who.cell is None:
            if self.view.hover_cell is not None:
                draw.cell_cursor(ctx.surface, cam.cell_rect(self.view.hover_cell), BAD_LINE, 2)
            return
        if ctx.state.combat is None:  # a fight: team rules or individual turns
            return
        with draw.clipped(ctx.surface, draw.map_rect(cam, ctx.state.map)):  # never past the map's edge
            ctx.renderer.cells.outline(ctx.surface, cam, self.ring(ctx.state, who), RANGE_EDGE, 2)
        target = self.hovered_target()
        if target is None:
            return
        found = self.preview(target)
        if found is None:
            return
        setup, path = found
        self.shown, self.shown_path = setup, path
        colour = BAD_LINE if setup.problem else OK_LINE
        start = cam.cell_centre(who.cell)
        if path:
            pts = [start] + [cam.cell_centre(c) for c in path]
            draw.outlined_lines(ctx.surface, pts, theme.INK_LIGHT, max(2, cam.cell_px // 20))
            start = pts[-1]
        assert target.cell is not None  # on the map
        end = cam.cell_centre(target.cell)
        pygame.draw.line(ctx.surface, theme.OUTLINE, start, end, max(3, cam.cell_px // 14) + 4)
        pygame.draw.line(ctx.surface, colour, start, end, max(3, cam.cell_px // 14))
        assert target.cell is not None  # on the map
        draw.cell_cursor(ctx.surface, cam.cell_rect(target.cell), colour, 3)
        if setup.problem:  # where a wall is met, if one is (review 13 F8)
            blocker = sight_blocker(ctx.state, path[-1] if path else who.cell, target.cell)
            if blocker is not None:
                self.draw_blocker(ctx, cam.to_screen(blocker))
        panels = getattr(self.view, "combat", None)  # keep the card clear of the combat panels
        room = panels.fit_rect(ctx.clip, ctx.clip) if panels is not None else ctx.clip
        turns = getattr(self.view, "turns", None)  # and of the turn tracker and log column
        if turns is not None and hasattr(turns, "clear_room"):
            room = turns.clear_room(room)
        m = ctx.state.map  # and inside the map, clear of the other tokens and the phase card
        tl, br = cam.to_screen((0, 0)), cam.to_screen((m.width, m.height))
        inside = room.clip(pygame.Rect(tl, (br[0] - tl[0], br[1] - tl[1])).inflate(32, 32))
        if inside.width >= 360 and inside.height >= 160:
            room = inside
        view = self.view
        # the tokens, and their names and words as drawn
        tokens = placement.tokens_and_words(view, skip=(target.id,)) if hasattr(view, "camera") else []
        cards = [r for r in (getattr(getattr(getattr(view, "combat", None), "banner", None), "rect", None),
                             getattr(getattr(getattr(view, "app", None), "hotseat", None), "rect", None)) if r]
        assert target.cell is not None  # on the map
        self.card(ctx.surface, setup, pygame.Rect(cam.cell_rect(target.cell)), room, start, tokens=tokens, cards=cards)

    @staticmethod
    def draw_blocker(ctx: DrawContext, at: tuple[float, float]) -> None:
        """A ring with a cross where the sight line meets the wall that stops it."""
        r = max(6, ctx.camera.cell_px // 5)
        x, y = int(round(at[0])), int(round(at[1]))
        width = max(2, ctx.camera.cell_px // 16)
        pygame.draw.circle(ctx.surface, theme.OUTLINE, (x, y), r + 2, width + 2)
        pygame.draw.circle(ctx.surface, BAD_LINE, (x, y), r, width)
        d = int(r * 0.6)
        for a, b in (((x - d, y - d), (x + d, y + d)), ((x - d, y + d), (x + d, y - d))):
            pygame.draw.line(ctx.surface, BAD_LINE, a, b, width)

    def card(self, surface: pygame.Surface, setup: Any, beside: pygame.Rect, clip: pygame.Rect,
             away_from: tuple[int, int], *, tokens: list[pygame.Rect], cards: list[pygame.Rect]) -> pygame.Rect:
        """The card beside the hovered target (the sure-shot tool draws its own)."""
        from tactics.ui.situation import card_line

        first, run = self.charge_words(setup)
        target = self.view.state.combatants.get(setup.target)
        # the players' view (F2) keeps a GM creature's AC back, and with it the odds that would tell it (N-SEEN-1)
        ac_shown = getattr(self.view, "viewer", "gm") == "gm" or (
            target is not None and self.view.state.numbers_shown_to_players(target))
        # (the count in force is kept on the compact card; the bare "+ / -" reminder is its hint)
        notes = two_weapon_lines(self.two_weapon_terms()) + ([card_line(self.situational)] if self.situational else [])
        return odds_card(surface, setup, beside, clip, away_from, tokens=tokens, cards=cards, notes=notes,
                         first=first, run=run, ac_shown=ac_shown,
                         hint=None if self.situational else card_line(self.situational))

    def charge_words(self, setup: AttackSetup) -> tuple[str | None, RunOdds | None]:
        """A charging Technique's top line (its run and reach) and the checks its run asks, with
        the engine's odds over every way the run can end (R-MOVE-2); (None, None) for any other."""
        who = self.attacker()
        _, technique = self.arms()
        if who is None or not technique:
            return None, None
        tech = default_armoury().technique(technique)
        if not tech.move_ft:
            return None, None
        asked = getattr(self.view, "query_state", self.view.state)
        path = self.shown_path
        first = charge_line(setup.label, run_ft(asked, who, path), tech.move_ft, setup)
        if not path or setup.problem:
            return first, None
        situational = self.situational

        def attack_from(cell: Cell | None) -> AttackSetup | None:
            try:
                return attack_odds(asked, who.id, setup.target, technique=technique, situational=situational,
                                   from_cell=cell)
            except (KeyError, Refused):
                return None

        return first, run_odds(asked, who.id, path, tech.move_ft, attack_from)


def two_weapon_lines(terms: TwoWeaponTerms | None) -> list[str]:
    """What fighting with two weapons means for this attack, in the engine's numbers (N-TWF-1)."""
    if terms is None:
        return []
    cost = f"extra damage needs {terms.threshold} over AC (not {terms.usual_threshold})"
    if terms.standard:
        return [f"Two weapons, off-hand {terms.off_hand}: the off-hand attack happens even if this one "
                f"misses; {cost} on both"]
    if terms.main_again:
        return [f"Two weapons: the {terms.main} strikes again only if the first attack hits "
                f"(after a miss only the off-hand {terms.off_hand} may); {cost}"]
    both = f"{terms.main} + {terms.off_hand} become two-weapon fighting: " if terms.joins else ""
    return [f"Off-hand: {both}happens even if the first attack misses; {cost}" + (" on both" if terms.joins else "")]


def _place(rect: pygame.Rect, beside: pygame.Rect, away_from: tuple[int, int], clip: pygame.Rect,
           tokens: list[pygame.Rect] | None = None, cards: list[pygame.Rect] | None = None) -> pygame.Rect:
    """Put ``rect`` next to ``beside`` on the side facing away from ``away_from`` (so it does not
    cover the line of sight), falling back to the other sides and corners, clamped inside ``clip``;
    the first place that covers no token (``tokens``) and no card (``cards``) wins."""
    return _place_scored(rect, beside, away_from, clip, tokens, cards)[0]


def _place_scored(rect: pygame.Rect, beside: pygame.Rect, away_from: tuple[int, int], clip: pygame.Rect,
                  tokens: list[pygame.Rect] | None = None,
                  cards: list[pygame.Rect] | None = None) -> tuple[pygame.Rect, int]:
    """:func:`_place` and how much its place covers (0: nothing; with no ``tokens`` nor ``cards``
    always 0), so a smaller card can be tried where this one covers something."""
    dx, dy = beside.centerx - away_from[0], beside.centery - away_from[1]
    gap = px(12)
    right = rect.copy()
    right.midleft = (beside.right + gap, beside.centery)
    left = rect.copy()
    left.midright = (beside.left - gap, beside.centery)
    below = rect.copy()
    below.midtop = (beside.centerx, beside.bottom + gap)
    above = rect.copy()
    above.midbottom = (beside.centerx, beside.top - gap)
    sides = [right, left] if dx >= 0 else [left, right]
    ends = [below, above] if dy >= 0 else [above, below]
    # beyond the target first, then beside the line, last between the attacker and the target
    order = [sides[0], *ends, sides[1]] if abs(dx) >= abs(dy) else [ends[0], *sides, ends[1]]
    if tokens is None and cards is None:
        for option in order:
            if clip.contains(option):
                return option, 0
        return order[0].clamp(clip), 0
    order += placement.around(rect.size, beside, gap)[4:]  # then the corners, then a little further out
    order += placement.around(rect.size, beside.inflate(beside.width * 3, beside.height * 3), gap)
    # last, the room's corners and sides: in a crowd no place by the target may be clear, and the
    # odds card is the one to move, not the tokens it would hide (outside review 20 m5); the
    # nearest to the target first, so that it reads as that target's
    order += sorted(placement.spots(rect.size, clip),
                    key=lambda r: (r.centerx - beside.centerx) ** 2 + (r.centery - beside.centery) ** 2)
    fitting = [o for o in order if clip.contains(o)] + [o for o in order if not clip.contains(o)]
    # the target itself weighs as a card: a place clamped back into the room must not cover it
    # (at the map's top edge the card sat on the hovered bear; an outside reviewer's finding)
    return placement.place_scored(fitting, clip, tokens=tokens or (), cards=[*(cards or ()), beside])


def odds_card(surface: pygame.Surface, setup: AttackSetup, beside: pygame.Rect, clip: pygame.Rect,
              away_from: tuple[int, int] | None = None, *, tokens: list[pygame.Rect] | None = None,
              cards: list[pygame.Rect] | None = None, notes: list[str] | None = None,
              first: str | None = None, run: RunOdds | None = None, ac_shown: bool = True,
              hint: str | None = None) -> pygame.Rect:
    """The attack's numbers next to the target: modifiers vs AC, any ``notes`` (two weapons),
    and the odds bar, or why not. ``first``: the top line (a charge's run and reach); ``run``:
    the checks a charge's run asks, named, and the bar over every way the run can end. Without
    ``ac_shown`` the AC and the odds (which would tell it) are left out for a line saying why.
    ``hint``: a last line the compact card of a small window leaves out (:func:`numbers_card`)."""
    lines = [first or f"{setup.label}: {setup.distance_ft} ft of {setup.range_ft} ft"]
    lines += card_lines(setup, ac_shown=ac_shown)  # "d20 + 5 - d2 vs AC 12", the die as the roll adds it (R-ROLL-2)
    # "Crosses difficult ground: Acrobatics DC 12, 45% to get through"
    lines += crossing_lines(run, setup, odds_shown=ac_shown)
    lines += notes or []
    chances = run.chances if run is not None and not setup.problem else setup.chances
    return numbers_card(surface, lines, setup.problem, chances if ac_shown else None, beside, clip, away_from,
                        tokens=tokens, cards=cards, hint=hint)


#: said instead of the odds bar where the target's AC is kept from the players' screens
ODDS_KEPT_BACK = "The odds stay with the GM: a foe's AC is not shown to the players."


@dataclass(frozen=True)
class CardLayout:
    """How an odds card is laid out: its width, inner margin and top margin, and whether it keeps
    the hint line (the compact card of a small window does not)."""

    width: int
    pad: int
    top: int
    hint: bool = True


def card_layouts() -> list[CardLayout]:
    """The layouts an odds card is tried in, best first. At scale 1 and up one, as it always was.
    In a smaller window the type is at its floor (theme.MIN_FONT_PX) while the map's squares
    shrink, and the 340 px card covered the tokens round its target (outside review 20 m5): a
    compact card is used there, with tighter margins, no hint line (the status line and the
    Declare panel say it) and, where the widest covers a token, narrower widths."""
    if theme.scale() >= 1:
        return [CardLayout(px(340), px(12), px(8))]
    return [CardLayout(width, px(8), px(6), hint=False) for width in COMPACT_WIDTHS]


#: the compact card's widths (px on the window), widest first: the odds' five percentages fit on
#: one line in the widest at the type's floor; the narrowest keeps the lines short enough to read
COMPACT_WIDTHS = (340, 290, 250)


def numbers_card(surface: pygame.Surface, lines: list[str], problem_text: str | None,
                 chances: dict[str, Fraction] | None,
                 beside: pygame.Rect, clip: pygame.Rect, away_from: tuple[int, int] | None = None, *,
                 tokens: list[pygame.Rect] | None = None, cards: list[pygame.Rect] | None = None,
                 hint: str | None = None) -> pygame.Rect:
    """A card of ``lines`` beside ``beside``, placed clear of tokens and other cards, ending with the odds
    bar of ``chances`` (None: a line saying the odds are kept back) or, when the engine refuses, its reason
    in red (the attack and sure-shot cards). ``hint``: a last line of ``lines`` the compact card leaves
    out. Each of :func:`card_layouts` is tried: the first whose place covers nothing, else the one
    covering least."""
    if chances is None and not problem_text:
        lines = [*lines, ODDS_KEPT_BACK]
    away_from = away_from or (beside.left - 1, beside.centery)
    clip = clip.inflate(-px(16), -px(16))
    best: tuple[int, int, pygame.Rect, CardLayout, list[str], list[str]] | None = None
    for i, layout in enumerate(card_layouts()):
        wrapped, problem, height = _card_size(layout, [*lines, *([hint] if hint and layout.hint else [])],
                                              problem_text, chances)
        rect, cost = _place_scored(pygame.Rect(0, 0, layout.width, height), beside, away_from, clip, tokens, cards)
        if best is None or (cost, i) < best[:2]:
            best = (cost, i, rect, layout, wrapped, problem)
        if cost == 0:
            break
    assert best is not None
    _, _, rect, layout, wrapped, problem = best
    _draw_card(surface, rect, layout, wrapped, problem, problem_text, chances)
    return rect


def _card_size(layout: CardLayout, lines: list[str], problem_text: str | None,
               chances: dict[str, Fraction] | None) -> tuple[list[str], list[str], int]:
    """The card's lines wrapped to ``layout``, its problem's lines, and its height."""
    # every length at the window's scale, as the fonts are (at 4K the text is twice as large: review 12)
    inner = layout.width - 2 * layout.pad
    step, problem_step = theme.font(fs(15), "regular").get_linesize(), theme.font(fs(16), "bold").get_linesize()
    wrapped = [part for line in lines for part in w.wrap(line, 15, inner, "regular")]
    problem = w.wrap(problem_text, 16, inner) if problem_text else []
    below = (problem_step * len(problem) + px(8) if problem
             else px(6) + rolls.odds_bar_height(inner, px(14), chances, size=14) + px(8) if chances
             else px(4))
    return wrapped, problem, layout.top + step * len(wrapped) + below


def _draw_card(surface: pygame.Surface, rect: pygame.Rect, layout: CardLayout, wrapped: list[str],
               problem: list[str], problem_text: str | None, chances: dict[str, Fraction] | None) -> None:
    """The card at ``rect``: its lines, then the problem in red or the odds bar."""
    w.card(surface, rect, accent=BAD_LINE if problem_text else OK_LINE)
    probe.panel(surface, rect, "Attack card")  # its lines and odds must stay inside it (the layout test)
    pad = layout.pad
    step, problem_step = theme.font(fs(15), "regular").get_linesize(), theme.font(fs(16), "bold").get_linesize()
    y = rect.y + layout.top
    for line in wrapped:
        w.text(surface, line, (rect.x + pad, y), 15, theme.TEXT, "regular")
        y += step
    if problem:
        for line in problem:
            w.text(surface, line, (rect.x + pad, y + px(2)), 16, BAD_LINE, "bold")
            y += problem_step
    elif chances:
        rolls.odds_bar(surface, pygame.Rect(rect.x + pad, y + px(6), rect.width - 2 * pad, px(14)), chances, size=14)
