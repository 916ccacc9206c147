"""Hot seat: whose turn it is, in that team's colour, and one big "End turn" button.

When friends pass one laptop around, or the map is on a TV, everyone must see
whose group (team rules) or whose turn (individual turns) it is, and what the
app is waiting for. :func:`turn_banner` says it in words: a title in the
acting team's colour, a line of detail, the button's label, and what the app
waits on ("2 declared actions to resolve (Enter)"), so it never silently waits
on something nobody can see. The players' window shows the same banner, but
the turn of a group of creatures hidden from the players shows only the plain
"Action Phase / Round N" card, the same as between groups: nothing that says a
hidden group acts (reading N-HOT-1).

"End turn" (the button, or E; Enter when no panel wants it) submits the next
step of the procedure: the ground engine's :class:`~tactics.engine.combat.team.Advance`
in team mode, the individual-turns engine's ``EndTurn``/``BeginTurn`` in
individual mode. Another procedure can plug in with :func:`register_end_turn`.
A refusal is shown as a message with its reason.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

import pygame

from tactics.engine.core.state import EncounterState
from tactics.engine.core.table import dice_typed_for
from tactics.ui import draw, theme
from tactics.ui import intents as ui

if TYPE_CHECKING:
    from tactics.ui.app import App

NEUTRAL = (92, 100, 118)
END_TURN_KEYS = (pygame.K_e,)
FALLBACK_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


@dataclass(frozen=True)
class TurnBanner:
    """What the banner says; ``button`` None: nothing to end now."""

    title: str
    detail: str
    colour: tuple[int, int, int]
    button: str | None = None
    waiting: str = ""


BannerFn = Callable[[EncounterState, bool], "TurnBanner | None"]
CommandFn = Callable[[EncounterState], Any]
_PROCEDURES: dict[str, tuple[BannerFn, CommandFn]] = {}


def register_end_turn(kind: str, banner: BannerFn, command: CommandFn) -> None:
    """Plug a fight procedure in: ``kind`` is the class name of ``state.combat``."""
    _PROCEDURES[kind] = (banner, command)


def _team_colour(state: EncounterState, team: str) -> tuple[int, int, int]:
    t = state.teams.get(team)
    return tuple(t.colour) if t else NEUTRAL  # type: ignore[return-value]


def _team_name(state: EncounterState, team: str) -> str:
    t = state.teams.get(team)
    return t.name if t else team


def _all_hidden(state: EncounterState, members: list[str]) -> bool:
    """Is every member hidden from the players? (One left out of a players' copy of the state is.)"""
    return bool(members) and all(m not in state.combatants or state.hidden_from_players(state.combatants[m])
                                 for m in members)


def quiet_banner(rnd: str) -> TurnBanner:
    """What the players see while hidden creatures act: the plain card shown between groups (N-HOT-1)."""
    return TurnBanner("Action Phase", rnd, NEUTRAL)


# --------------------------------------------------------------------------- team rules
def _ground_banner(state: EncounterState, for_players: bool) -> TurnBanner | None:
    from tactics.engine.combat.actions import resolution_order

    combat = state.combat
    rnd = f"Round {combat.round}"
    if combat.phase == "ended":
        winner = _team_name(state, combat.winner) if combat.winner else "no one"
        return TurnBanner(f"Combat over: {winner} stands", rnd,
                          _team_colour(state, combat.winner) if combat.winner else NEUTRAL)
    if combat.phase == "advantages":
        return TurnBanner("Advantages Phase", f"{rnd}: check what is in force, then begin the actions",
                          NEUTRAL, "Begin Action Phase")  # the same words as the phase card's button
    if combat.phase == "counters":
        return TurnBanner("Counter Phase", f"{rnd}: counters went down; join now or start the next round",
                          NEUTRAL, "Next round")
    group = combat.acting_group()
    if group is None:
        return TurnBanner("Action Phase", rnd, NEUTRAL, "End turn")
    if for_players and _all_hidden(state, group.members):  # reading: N-HOT-1
        return quiet_banner(rnd)
    title = f"{_team_name(state, group.team)}: {group.kind.capitalize()}"
    waiting = ""
    pending = resolution_order(state)
    if for_players:  # a hidden member's declaration is not counted or named (N-HOT-1)
        pending = [d for d in pending if d.combatant in state.combatants
                   and not state.hidden_from_players(state.combatants[d.combatant])]
    if pending:
        first = pending[0]
        who = state.combatants.get(first.combatant)
        name = who.name if who else first.combatant
        if first.needs_roll and dice_typed_for(state, first.combatant):
            waiting = f"Waiting for {name}'s dice: type them in the Resolve panel"
        else:
            waiting = f"{len(pending)} declared action{'s' if len(pending) != 1 else ''} to resolve (Enter)"
    detail = f"{rnd}, Action Phase: declare, resolve, then End turn"
    return TurnBanner(title, detail, _team_colour(state, group.team), "End turn", waiting)


def _ground_command(state: EncounterState) -> Any:
    from tactics.engine.combat.team import Advance

    return Advance() if state.combat.phase != "ended" else None


# --------------------------------------------------------------------------- individual turns
def _turns_banner(state: EncounterState, for_players: bool) -> TurnBanner | None:
    turns = state.combat
    rnd = f"Round {turns.round}"
    if turns.phase == "ended":
        winner = getattr(turns, "winner", "") or ""
        return TurnBanner(f"Combat over{': ' + _team_name(state, winner) + ' stands' if winner else ''}", rnd,
                          _team_colour(state, winner) if winner else NEUTRAL)
    if turns.phase != "action" or turns.current is None:
        return TurnBanner("Between turns", f"{rnd}: begin the next character's turn", NEUTRAL, "Next turn")
    who = state.combatants.get(turns.current)
    if who is None:
        return TurnBanner("Turn", rnd, NEUTRAL, "End turn")
    if for_players and state.hidden_from_players(who):  # reading: N-HOT-1
        return quiet_banner(rnd)
    waiting = ""
    pending = getattr(turns, "pending", None)
    if pending is not None:
        left = [c for c in pending.ask if c not in pending.asked]
        names = ", ".join(state.combatants[c].name for c in left if c in state.combatants)
        waiting = f"Waiting for a held action: {names} may act first" if names else "Waiting for held actions"
    title = f"{who.name}'s turn"
    return TurnBanner(title, f"{rnd}, {_team_name(state, who.team)}", _team_colour(state, who.team), "End turn",
                      waiting)


def _turns_command(state: EncounterState) -> Any:
    turns_mod = importlib.import_module("tactics.engine.combat.individual.procedure")
    turns = state.combat
    if turns.phase == "ended":
        return None
    if turns.phase == "action":
        return turns_mod.EndTurn()
    return turns_mod.BeginTurn()


register_end_turn("CombatState", _ground_banner, _ground_command)
register_end_turn("TurnsState", _turns_banner, _turns_command)


# --------------------------------------------------------------------------- questions
def turn_banner(state: EncounterState, *, for_players: bool = False) -> TurnBanner | None:
    """The banner for the fight as it stands (None: no fight under way)."""
    combat = state.combat
    if combat is None:
        return None
    procedure = _PROCEDURES.get(type(combat).__name__)
    if procedure is None:
        return None
    return procedure[0](state, for_players)


def end_turn_command(state: EncounterState) -> Any:
    """The command "End turn" submits now (None: nothing to end)."""
    combat = state.combat
    procedure = _PROCEDURES.get(type(combat).__name__) if combat is not None else None
    return procedure[1](state) if procedure else None


def text_colour(bg: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white, whichever reads better on ``bg``."""
    r, g, b = bg
    return (16, 16, 20) if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (255, 255, 255)


def paint_banner(surface: pygame.Surface, banner: TurnBanner, rect: pygame.Rect, *, large: bool = False,
                 button_w: int = 0) -> pygame.Rect | None:
    """Draw the banner in ``rect``; returns the button's rectangle (None: no button)."""
    ink = text_colour(banner.colour)
    pygame.draw.rect(surface, (8, 8, 10), rect.inflate(6, 6), border_radius=14)
    pygame.draw.rect(surface, banner.colour, rect, border_radius=12)
    title_size = max(20, rect.height * 2 // 5) if large else 24
    detail_size = max(14, rect.height // 5) if large else 15
    x = rect.x + 18
    title = theme.text(banner.title, title_size, "bold", ink)
    surface.blit(title, (x, rect.y + 8))
    y = rect.y + 12 + title.get_height()
    detail = theme.text(banner.detail, detail_size, "semibold", ink)
    surface.blit(detail, (x, y))
    if banner.waiting:
        draw.pill_at(surface, banner.waiting, (x, rect.bottom + 8), size=max(16, detail_size), anchor="topleft",
                     colour=(20, 20, 24), bg=(*theme.ACCENT, 245))
    if banner.button is None or button_w <= 0:
        return None
    button = pygame.Rect(rect.right - button_w - 10, rect.y + 10, button_w, rect.height - 20)
    pygame.draw.rect(surface, (18, 18, 22), button, border_radius=10)
    pygame.draw.rect(surface, (255, 255, 255), button, 3, border_radius=10)
    label = theme.text(f"{banner.button}  (E)", 22, "bold", (255, 255, 255))
    surface.blit(label, label.get_rect(center=button.center))
    return button


class HotseatBanner:
    """The banner and its End turn button at the bottom of the GM's board."""

    HEIGHT = 76
    BUTTON_W = 210

    def __init__(self, app: "App") -> None:
        self.app = app
        self.button_rect: pygame.Rect | None = None
        self.rect: pygame.Rect | None = None

    def _active(self) -> bool:
        app = self.app
        return app.top is app.screens[0] and app.screens[0] is app.battle

    def banner(self) -> TurnBanner | None:
        view = self.app.battle
        return turn_banner(view.state, for_players=view.viewer == "players")  # F2 shows what the players see

    def end_turn(self) -> bool:
        """Submit "End turn"; the outcome (or the refusal's reason) is shown as a message."""
        view = self.app.battle
        command = end_turn_command(view.state)
        if command is None:
            view.say("No turn to end: no fight is under way.", "info")
            return False
        before = turn_banner(view.state)
        if not view.submit(command):
            return False
        after = turn_banner(view.state)
        view.say(f"{before.title if before else 'Turn'} done. Now: {after.title if after else 'no fight'}.", "good")
        return True

    # -- input (hooks called by the App) ----------------------------------------------
    def key(self, intent: ui.KeyPress) -> bool:
        if intent.key in END_TURN_KEYS and not intent.ctrl and self._active() and self.banner() is not None:
            self.end_turn()
            return True
        return False

    def fallback(self, intent: Any) -> bool:
        """Enter ends the turn when no panel used it (the resolve panel takes it first)."""
        if isinstance(intent, ui.KeyPress) and intent.key in FALLBACK_KEYS and not intent.ctrl and self._active():
            banner = self.banner()
            if banner is not None and banner.button is not None and not banner.waiting:
                self.end_turn()
                return True
        return False

    def handle(self, intent: Any) -> bool:
        if not isinstance(intent, ui.PointerDown) or intent.button != 1 or not self._active():
            return False
        if self.button_rect is not None and self.button_rect.collidepoint(intent.pos):
            self.end_turn()
            return True
        return bool(self.rect is not None and self.rect.collidepoint(intent.pos))

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.button_rect = self.rect = None
        if not self._active():
            return
        banner = self.banner()
        if banner is None:
            return
        board = self.app.battle.board_rect()
        width = min(760, board.width - 2 * 380) if board.width > 1400 else min(640, board.width - 40)
        width = max(420, width)
        rect = pygame.Rect(0, 0, width, self.HEIGHT)
        rect.midbottom = (board.centerx, board.bottom - 16 - (34 if banner.waiting else 0))
        self.rect = rect
        self.button_rect = paint_banner(surface, banner, rect, button_w=self.BUTTON_W if banner.button else 0)
