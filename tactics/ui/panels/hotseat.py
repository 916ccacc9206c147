"""Hot seat: whose turn it is, in that team's colour, and one big "End turn" button.

When friends pass one laptop around, or the map is on a TV, everyone must see
whose group (team rules) or whose turn (individual turns) it is, and what the
app is waiting for. :func:`turn_banner` says it in words: a title in the
acting team's colour, a line of detail, the button's label, and what the app
waits on ("2 declared actions to resolve (Enter)"), so it never silently waits
on something nobody can see. The players' window shows the same banner, asked of
the players' copy of the state, in which the turn of a group of creatures hidden
from the players does not exist (it reads as the turn before it); asked of the
encounter's own state ``for_players`` (the GM's F2 view), such a turn shows only
the plain "Action Phase / Round N" card: nothing that says a hidden group acts
(reading N-HOT-1).

"End turn" (the button, or E; never Enter, which only resolves) submits the next
step of the procedure: the ground engine's :class:`~tactics.engine.combat.team.Advance`
in team mode, the individual-turns engine's ``EndTurn``/``BeginTurn`` in
individual mode. Another procedure can plug in with :func:`register_end_turn`.
A refusal is shown as a message with its reason.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable

import pygame

from tactics.engine.core.state import EncounterState
from tactics.engine.core.table import dice_typed_for
from tactics.ui import draw, theme
from tactics.ui import intents as ui
from tactics.ui import layout_probe as probe
from tactics.ui.panels.next_turn import begin_next_turn, between_turns, facing_asked, waiting_for_facing
from tactics.ui.panels.phase_banner import shows_step_button
from tactics.ui.widgets import blit_text
from tactics.engine.core.labels import agreeing, listed, possessive
from tactics.engine.core.control import controller_of
from tactics.engine.combat.state import group_label
from tactics.ui.panels.app_turn import SHORT_LEVELS, app_turn, app_turn_note

if TYPE_CHECKING:
    from tactics.ui.app import App

NEUTRAL = theme.BANNER_NEUTRAL
END_TURN_KEYS = (pygame.K_e,)
FALLBACK_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


@dataclass(frozen=True)
class TurnBanner:
    """What the banner says; ``button`` None: nothing to end now. ``short``: the detail to show when
    ``detail`` does not fit the banner whole (the standing instruction left out, what comes next kept:
    "Round 1; next: Raiders: Vanguard" rather than "... then End turn; next: Raiders Vang...")."""

    title: str
    detail: str
    colour: tuple[int, int, int]
    button: str | None = None
    waiting: str = ""
    short: str = ""


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


#: The players' screens while a hidden creature's held action is asked about (reading: N-HOT-1).
WAITING_FOR_GM = "Waiting for the GM"


def quiet_banner(rnd: str) -> TurnBanner:
    """What the players see while hidden creatures act: the plain card shown between groups (N-HOT-1)."""
    return TurnBanner("Action Phase", rnd, NEUTRAL)


# --------------------------------------------------------------------------- team rules
def _ground_banner(state: EncounterState, for_players: bool) -> TurnBanner | None:
    from tactics.engine.combat.actions import resolution_order, resolve_waits_on

    combat = state.combat
    rnd = combat.round_name()  # "Round 0" in a surprise round (R-SURP-1, N-SURP-5)
    if combat.phase == "ended":
        if getattr(combat, "ended_by_gm", False) and not combat.winner:  # sides still stood: no winner named
            return TurnBanner("Combat over: the GM ended the fight", f"after round {combat.round}", NEUTRAL)
        winner = _team_name(state, combat.winner) if combat.winner else "no one"
        return TurnBanner(f"Combat over: {agreeing(winner, 'stands')}", rnd,
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
        blocked = resolve_waits_on(state)  # the engine's own answer: would Enter resolve now? (review 16, F7)
        if blocked:
            waiting = _waiting_to_commit(state, blocked, for_players)
        elif first.needs_roll and dice_typed_for(state, first.combatant):
            waiting = f"Waiting for {possessive(name)} dice: type them in the Resolve panel"
        else:
            waiting = f"{len(pending)} declared action{'s' if len(pending) != 1 else ''} to resolve (Enter)"
    after = _after_group(state, combat, for_players)
    detail = f"{rnd}, Action Phase: declare, resolve, then End turn; {after}"
    if app_turn(state) is not None:  # the app plays this group: nothing here for a person to end
        return _app_banner(state, f"{group_label(state, group.key)}", rnd, group.team, for_players)
    return TurnBanner(title, detail, _team_colour(state, group.team), "End turn", waiting, short=f"{rnd}; {after}")


def _waiting_to_commit(state: EncounterState, waiting: list[str], for_players: bool) -> str:
    """"Waiting for James (declare or pass)": the roll waits on members who have not committed
    (reading: N-ORD-4); the players' view names no one hidden from them (N-HOT-1)."""
    names = [state.combatants[c].name for c in waiting if c in state.combatants
             and not (for_players and state.hidden_from_players(state.combatants[c]))]
    return f"Waiting for {listed(names)} (declare or pass)" if names else WAITING_FOR_GM


def _app_banner(state: EncounterState, whose: str, rnd: str, team: str, for_players: bool,
                waiting: str = "") -> TurnBanner:
    """"Bear 2's turn: the app plays (plays to win)", with no End turn button (review 7, solo play:
    E cut the app's turn short); the GM's line says how people take over."""
    level = controller_of(state, team) or ""
    title = f"{whose}: the app plays ({SHORT_LEVELS.get(level, level)})"
    detail = f"{rnd}, {_team_name(state, team)}" + ("" if for_players else ": watch its moves; F6 changes who plays it")
    return TurnBanner(title, detail, _team_colour(state, team), None, waiting)


def _after_group(state: EncounterState, combat: Any, for_players: bool) -> str:
    """What End turn leads to: "next: Space Bears: Vanguard", "next: Round 1", "next: Counter Phase"."""
    from tactics.engine.combat.state import group_label
    from tactics.engine.combat.team import has_able_members

    order = combat.turn_order()
    nxt = combat.group_index + 1
    while nxt < len(order) and not has_able_members(state, combat, order[nxt]):
        nxt += 1  # nobody able to act: that turn is passed over (reading: N-END-3)
    if nxt < len(order):
        group = order[nxt]
        if for_players and _all_hidden(state, group.members):  # reading: N-HOT-1
            return "next: the next group"
        return f"next: {group_label(state, group.key)}"
    surprise = combat.round == 0 or getattr(combat, "in_joiners_round", lambda: False)()  # N-SURP-5
    return f"next: Round {combat.round + 1}" if surprise else "next: Counter Phase"


def _ground_command(state: EncounterState) -> Any:
    from tactics.engine.combat.team import Advance

    return Advance() if state.combat.phase != "ended" else None


# --------------------------------------------------------------------------- individual turns
def _turns_banner(state: EncounterState, for_players: bool) -> TurnBanner | None:
    from tactics.engine.combat.individual.view import question_hidden_from_players

    turns = state.combat
    rnd = f"Round {turns.round}"
    if turns.phase == "ended":
        winner = getattr(turns, "winner", "") or ""
        return TurnBanner(f"Combat over{': ' + agreeing(_team_name(state, winner), 'stands') if winner else ''}", rnd,
                          _team_colour(state, winner) if winner else NEUTRAL)
    if turns.phase != "action" or turns.current is None:
        return TurnBanner("Between turns", _up_next_words(state, for_players), NEUTRAL,
                          "Begin next turn")  # the tracker's words for the same step (review 16, F16e)
    who = state.combatants.get(turns.current)
    if who is None:
        return TurnBanner("Turn", rnd, NEUTRAL, "End turn")
    if for_players and state.hidden_from_players(who):  # reading: N-HOT-1
        return quiet_banner(rnd)
    waiting = ""
    pending = getattr(turns, "pending", None)
    if pending is not None and for_players and question_hidden_from_players(state):
        waiting = WAITING_FOR_GM  # reading: N-HOT-1, no word of a hidden holder
    elif pending is not None:
        left = [state.combatants[c] for c in pending.ask if c not in pending.asked and c in state.combatants]
        if for_players:  # a hidden holder asked later is not named either
            left = [c for c in left if not state.hidden_from_players(c)]
        names = ", ".join(c.name for c in left)
        waiting = f"Waiting for a held action: {names} may act first" if names else "Waiting for held actions"
    title = f"{possessive(who.name)} turn"
    if app_turn(state) is not None:  # the app plays this creature: no End turn for a person
        return _app_banner(state, title, rnd, who.team, for_players, waiting)
    return TurnBanner(title, f"{rnd}, {_team_name(state, who.team)}", _team_colour(state, who.team), "End turn",
                      waiting)


def _up_next_words(state: EncounterState, for_players: bool) -> str:
    """Whose turn comes next and in which round, as the engine would begin it ("Round 2: Brandon's
    turn next"; review 18: "Round 1: begin the next character's turn" as Round 2 began). A creature
    hidden from the players is not named on their screen (reading: N-HOT-1)."""
    from tactics.engine.combat.individual.procedure import up_next

    rnd, cid = up_next(state)
    who = state.combatants.get(cid) if cid is not None else None
    if who is None:
        return f"Round {rnd}: begin the next character's turn"
    if for_players and state.hidden_from_players(who):
        return f"Round {rnd}: begin the next turn"
    return f"Round {rnd}: {possessive(who.name)} turn next"


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
    return theme.INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else theme.INK_LIGHT


def paint_banner(surface: pygame.Surface, banner: TurnBanner, rect: pygame.Rect, *, large: bool = False,
                 button_w: int = 0) -> pygame.Rect | None:
    """Draw the banner in ``rect``; returns the button's rectangle (None: no button).

    Sizes follow the window's UI scale (``theme.px``); ``large`` (the players' window) sizes the
    type from the banner's height. The title and detail never run under the button: they take a
    smaller size, then an ellipsis."""
    px = theme.px
    ink = text_colour(banner.colour)
    pygame.draw.rect(surface, theme.OUTLINE, rect.inflate(px(6), px(6)), border_radius=px(14))
    pygame.draw.rect(surface, banner.colour, rect, border_radius=px(12))
    probe.panel(surface, rect, "Turn banner")
    # (from 1280x720 up over 20 px; a smaller players' window's banner is smaller with it, its
    # two lines still in it)
    title_size = max(theme.MIN_FONT_PX, rect.height * 2 // 5) if large else theme.fs(24)
    # the second line is what the players act on ("Declare for ..."): over a quarter of the
    # banner, not a fifth (16 px at 1920x1080 could not be read across a room, review 4)
    detail_size = max(theme.MIN_FONT_PX, rect.height * 27 // 100) if large else theme.fs(15)
    x = rect.x + px(18)
    button = None
    if banner.button is not None and button_w > 0:
        label_text = f"{banner.button}  (E)"
        label_size = theme.fs(22)
        button_w = max(button_w, theme.font(label_size, "bold").size(label_text)[0] + px(28))
        button = pygame.Rect(rect.right - button_w - px(10), rect.y + px(10), button_w, rect.height - px(20))
    room = (button.x if button is not None else rect.right) - x - px(12)
    title_size = _fitting_size(banner.title, title_size, "bold", room)
    title = theme.text(_ellipsis(banner.title, title_size, "bold", room), title_size, "bold", ink)
    blit_text(surface, title, (x, rect.y + px(8)), banner.title)
    y = rect.y + px(8) + title.get_height() + px(2)
    words = banner.detail
    fitted = _fitting_size(words, detail_size, "semibold", room)
    if banner.short and theme.font(fitted, "semibold").size(words)[0] > room:
        words = banner.short  # the whole detail would be cut: the short form, whole
        fitted = _fitting_size(words, detail_size, "semibold", room)
    detail_size = fitted
    if y + theme.font(detail_size, "semibold").get_height() <= rect.bottom - px(2):
        detail = theme.text(_ellipsis(words, detail_size, "semibold", room), detail_size, "semibold", ink)
        blit_text(surface, detail, (x, y), words)
    if banner.waiting:
        pill = draw.pill_at(surface, banner.waiting, (x, rect.bottom + px(8)), size=max(theme.fs(16), detail_size),
                            anchor="topleft", colour=theme.INK, bg=(*theme.ACCENT, 245))
        probe.text(surface, pill, banner.waiting)
    if button is None:
        return None
    pygame.draw.rect(surface, theme.WELL, button, border_radius=px(10))
    pygame.draw.rect(surface, theme.INK_LIGHT, button, max(1, px(3)), border_radius=px(10))
    probe.box(surface, button, label_text)
    label = theme.text(label_text, label_size, "bold", theme.INK_LIGHT)
    blit_text(surface, label, label.get_rect(center=button.center), label_text)
    return button


def _fitting_size(text: str, size: int, weight: str, room: int) -> int:
    """``size``, or smaller (not below 3/4 of it) so ``text`` fits ``room`` pixels."""
    low = max(11, size * 3 // 4)
    while size > low and theme.font(size, weight).size(text)[0] > room:
        size -= 1
    return size


def _ellipsis(text: str, size: int, weight: str, room: int) -> str:
    f = theme.font(size, weight)
    if f.size(text)[0] <= room:
        return text
    while text and f.size(text + "...")[0] > room:
        text = text[:-1]
    return text.rstrip() + "..."


class HotseatBanner:
    """The banner and its End turn button at the bottom of the GM's board."""

    HEIGHT = 76
    GAP = 16  # above the board's bottom edge
    BUTTON_W = 210

    def __init__(self, app: "App") -> None:
        self.app = app
        self.button_rect: pygame.Rect | None = None
        self.rect: pygame.Rect | None = None
        #: the journal's point (its length and last entry) when End turn last warned of members who
        #: have committed to nothing: a second press at the same point ends the turn (as the starship
        #: screen asks before ending a phase with posts that can still act)
        self._warned_at: tuple[int, object] | None = None

    def _active(self) -> bool:
        app = self.app
        return app.top is app.screens[0] and app.screens[0] is app.battle

    def _held(self) -> bool:
        """Does the app wait after an undo (E lets it play on)? (tactics/ui/opponent.py)"""
        opponent = getattr(self.app, "opponent", None)
        return bool(opponent is not None and opponent.held)

    def banner(self) -> TurnBanner | None:
        view = self.app.battle
        banner = turn_banner(view.state, for_players=view.viewer == "players")  # F2 shows what the players see
        if banner is not None and self._held():
            return replace(banner, button="Let the app play on",
                           detail="The app waits after the undo: E lets it play on")
        asked = waiting_for_facing(view)
        if banner is None or not asked:
            return banner
        who = facing_asked(view)  # between two turns: the facing is the one thing left
        whose = f"{possessive(who.name)} facing" if who else "the facing"
        if between_turns(view):
            detail = f"Round {view.state.combat.round}: choose {whose} on the map, then the next turn begins"
        else:  # team rules: the next group's card waits (N-FACE-2)
            detail = f"choose {whose} on the map, then {banner.title} acts"
        team = view.state.teams.get(who.team) if who else None  # the colour of whose turn is over
        # No pill under it: the words by the arrows say how to choose, the banner what it waits
        # for; the pill and the status line said it a third and fourth time (review 16 F16i)
        return replace(banner, title=f"{possessive(who.name)} turn is over" if who else banner.title, detail=detail,
                       button=None, waiting="", colour=(team.colour[0], team.colour[1], team.colour[2]) if team else banner.colour)

    def end_turn(self) -> bool:
        """Submit "End turn"; the outcome (or the refusal's reason) is shown as a message."""
        view = self.app.battle
        opponent = getattr(self.app, "opponent", None)  # (tactics/ui/opponent.py)
        if opponent is not None and opponent.held:  # after an undo the app waits: E lets it play on
            return bool(opponent.play_on())
        note = app_turn_note(view.state)
        if note is not None:  # the app's turn is the app's to end (review 7, solo play)
            view.say(note, "info")
            return False
        asked = waiting_for_facing(view)
        if asked:  # the facing prompt is the one thing left between two turns
            view.say(f"{asked}; then the next turn begins.", "info")
            return False
        command = end_turn_command(view.state)
        if command is None:
            view.say("No turn to end: no fight is under way.", "info")
            return False
        for_players = view.viewer == "players"  # F2: the message names no hidden group (N-HOT-1)
        from tactics.ui.panels.typed_saves import owes_typed_saves

        # A turn whose end rolls a save the table types asks for it first: the prompt is the
        # question (Esc: nothing happens), so the "declared nothing yet" warning never comes
        # before it (it said so and the second E asked the save); the prompt's line says who passes.
        typed_saves = owes_typed_saves(view, command)
        if not typed_saves and self._ask_before_ending(for_players):
            return False
        before = turn_banner(view.state, for_players=for_players)
        if not view.submit(command):
            if typed_saves:
                self._say_who_passes(for_players)
            return False
        begin_next_turn(view, quiet=True)  # individual turns: one press, unless the facing prompt asks
        done = f"{before.title if before else 'Turn'} done."
        asked = waiting_for_facing(view)
        if asked:  # the banner and the words by the arrows say what is asked (review 16 F16i)
            view.say(done, "good")
            return True
        after = turn_banner(view.state, for_players=for_players)
        view.say(f"{done} Now: {after.title if after else 'no fight'}.", "good")
        return True

    def _waiting_names(self, for_players: bool) -> list[str]:
        """The acting group's members who have neither declared nor passed (as the viewer may see)."""
        from tactics.engine.combat.passing import uncommitted

        state = self.app.battle.state
        return [state.combatants[cid].name for cid in uncommitted(state)
                if not (for_players and state.hidden_from_players(state.combatants[cid]))]

    def _say_who_passes(self, for_players: bool) -> None:
        """After the typed-save prompt asked (End turn held back for it): its line says too who has
        declared nothing and does nothing once the saves are typed (R-ORD-1; reading: N-ORD-4)."""
        from tactics.ui.panels.typed_saves import prompt_open

        view = self.app.battle
        names = self._waiting_names(for_players)
        if not names or not prompt_open(self.app) or view.message is None:
            return
        verb = "has" if len(names) == 1 else "have"
        view.say(f"{view.message[0]} {listed(names)} {verb} declared nothing yet and "
                 f"{'does' if len(names) == 1 else 'do'} nothing this turn (Esc: cancel).", "info")

    def _ask_before_ending(self, for_players: bool) -> bool:
        """Does End turn stop to warn first? When members of the acting group have neither declared
        nor passed (R-ORD-1; reading: N-ORD-4: ending the turn passes for them), the first press says
        who and how to go on; a second press with nothing changed ends the turn (review 12: one E
        lost the party's only surprise round, with nothing asked)."""
        view = self.app.battle
        names = self._waiting_names(for_players)
        entries = view.encounter.journal.entries
        # the last entry itself, held (an id could be reused after an undo): another command asks again
        at = (len(entries), entries[-1] if entries else None)
        warned = self._warned_at
        if not names or (warned is not None and warned[0] == at[0] and warned[1] is at[1]):
            self._warned_at = None
            return False
        self._warned_at = at
        verb = "has" if len(names) == 1 else "have"
        view.say(f"{listed(names)} {verb} declared nothing yet: End turn again (E) and "
                 f"{listed(names)} {'does' if len(names) == 1 else 'do'} nothing this turn.", "warn")
        return True

    # -- input (hooks called by the App) ----------------------------------------------
    def key(self, intent: ui.KeyPress) -> bool:
        if intent.key in END_TURN_KEYS and not intent.ctrl and self._active() and self.banner() is not None:
            self.end_turn()
            return True
        return False

    def fallback(self, intent: Any) -> bool:
        """Enter that no panel used (the resolve panel takes it first: nothing is declared) ends no
        turn: it says what does. An Enter too many after the last resolve or a facing prompt
        ended a group's whole turn (an outside reviewer's finding); ending one is E or the button."""
        if isinstance(intent, ui.KeyPress) and intent.key in FALLBACK_KEYS and not intent.ctrl and self._active():
            banner = self.banner()
            if banner is not None and banner.button is not None and not banner.waiting:
                self.app.battle.say(f"Nothing to resolve. {banner.button}: E or the banner's button.", "info")
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
    def draw_key(self) -> Any:
        """What :meth:`draw` shows: the banner (None: none) and the board it sits on."""
        return (self._shown(), tuple(self.app.battle.board_rect()))

    def _shown(self) -> TurnBanner | None:
        """The banner to draw now (None: none)."""
        if not self._active():
            return None
        banner = self.banner()
        if banner is None:
            return None
        view = self.app.battle
        if view.combat.active() and shows_step_button(view.state.combat, view.combat.banner.collapsed):
            return None  # the phase card is the one control for this step (its button, or E)
        return banner

    @staticmethod
    def waiting_height() -> int:
        """The line under the banner saying what it waits for ("Waiting for Brandon's dice"): the
        banner stands that much higher while it shows (the map's fit keeps both clear)."""
        return theme.fs(16) + theme.px(18)

    def draw(self, surface: pygame.Surface) -> None:
        self.button_rect = self.rect = None
        banner = self._shown()
        if banner is None:
            return
        view = self.app.battle
        px = theme.px
        board = view.board_rect()
        width = min(px(760), board.width - 2 * px(380)) if board.width > px(1400) else min(px(640), board.width - px(40))
        width = max(px(420), width)
        rect = pygame.Rect(0, 0, width, px(self.HEIGHT))
        waiting_h = self.waiting_height() if banner.waiting else 0
        rect.midbottom = (board.centerx, board.bottom - px(self.GAP) - waiting_h)
        self.rect = rect
        self.button_rect = paint_banner(surface, banner, rect, button_w=px(self.BUTTON_W) if banner.button else 0)
