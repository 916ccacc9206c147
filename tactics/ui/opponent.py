"""The app-controlled teams in the window: they play at a pace the table can follow.

Why it exists: the opponent (:mod:`tactics.ai`) decides in milliseconds, but a
table must see each declaration, move and roll. This add-on submits one of the
opponent's commands per beat (``BEAT_MS``), waits while an animation plays,
shows the opponent's reason in the status line (the log has it too), and
draws each of its moves as a glide along the path walked. F6 hands the team of
the selected token (or, with none selected, the first team the players do not
play) to the app and back: people, the app playing to win, the app playing
like the text's monsters. Everything goes through the journal, so Ctrl+Z takes
back an app move like anyone's.

On the starship screen it plays the app's ships instead (one crew action per
beat, the reason in the status line and the space log) and F6 hands the enemy
ship's side (the first side no players' team plays) to the app and back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable

import pygame

from tactics.engine.core.board_events import TokenMoved
from tactics.engine.core.control import (
    LEVELS, PEOPLE, SetController, app_sides, app_teams, controller_of, level_words, ship_sides, side_name,
)
from tactics.engine.core.journal import Entry, Refused
from tactics.engine.core.labels import entry_label
from tactics.rules.grid import Point, cell_center
from tactics.ui import intents as ui
from tactics.ui.animation import Animation
from tactics.ui.hazards import hazards_of
from tactics.ui import theme

if TYPE_CHECKING:
    from tactics.ai import Opponent

BEAT_MS = 700  # between two of the app's commands: time to read the line and see the move
CYCLE = (PEOPLE, *LEVELS)  # F6 goes round these


class Glide(Animation):
    """A mover's path, drawn as a fading line with a ring travelling along it."""

    def __init__(self, points: Iterable[Point], colour: tuple[int, int, int], *, duration_ms: int = 650) -> None:
        self.points = [(float(x), float(y)) for x, y in points]
        self.colour = colour
        super().__init__(duration_ms)

    def draw(self, surface: pygame.Surface, to_screen: Callable[[Point], tuple[int, int]], cell_px: int) -> None:
        if not self.started or self.done or len(self.points) < 2:
            return
        pts = [to_screen(p) for p in self.points]
        width = max(3, cell_px // 10)
        pygame.draw.lines(surface, self.colour, False, pts, width)
        f = self.progress * (len(pts) - 1)
        i = min(int(f), len(pts) - 2)
        t = f - i
        x = pts[i][0] + (pts[i + 1][0] - pts[i][0]) * t
        y = pts[i][1] + (pts[i + 1][1] - pts[i][1]) * t
        pygame.draw.circle(surface, theme.INK_LIGHT, (int(x), int(y)), max(6, cell_px // 3), width)


class OpponentAddon:
    """Plays the app-controlled teams of the battle view's encounter, one command per beat."""

    def __init__(self, app: Any, clock: Callable[[], int] = pygame.time.get_ticks) -> None:
        self.app = app
        self.next_at = 0
        self._clock = clock
        self.view: Any = None
        self.opponent: Opponent | None = None
        self.paused = False
        #: after an undo that gives the app the moment again it waits until E (or F6) lets it go on
        #: (review 7, solo play: Ctrl+Z after its turn undid nothing, it played the same at once)
        self.held = False
        self._said_held = False  # the status line still has to say it waits
        self._made: dict[int, tuple[Entry, str]] = {}  # the app's own entries, by id: (entry, its reason)
        self._journal: Any = None

    @property
    def clock(self) -> Callable[[], int]:
        """Milliseconds, read for the beats (``pygame.time.get_ticks``; a script or test may give its own)."""
        return self._clock

    @clock.setter
    def clock(self, clock: Callable[[], int]) -> None:
        """A new clock: the next beat is one beat from its now. The beat due, read off the old clock,
        means nothing on the new one: a test's clock starting at 0 waited for a beat due at the
        SDL clock's time, which kept growing through a test process's life (the suite's three
        failures in test_ui_typed_saves_app_turn when the process had run long enough)."""
        self._clock = clock
        self.next_at = clock() + BEAT_MS

    # -- the app's add-on hooks ----------------------------------------------------------
    def opened(self, encounter: Any) -> bool:
        self.view = self.app.battle
        self.opponent = None  # made when a team or ship side is first app-controlled (see _due)
        self.next_at = self.clock() + BEAT_MS
        self.held, self._said_held = False, False
        self._made = {}
        if self._journal is not None and self._on_journal in self._journal.listeners:
            self._journal.listeners.remove(self._on_journal)
        self._journal = self.view.encounter.journal
        self._journal.listeners.append(self._on_journal)
        return False

    def busy(self) -> bool:
        """Keep the loop ticking while the app has a move to make (not while it waits for a person)."""
        return not self.held and self._due() and not self._waiting()

    def update(self) -> bool:
        """One of the app's commands, when its beat has come."""
        self._answer_own_prompt()
        if self.held:
            self._hold()
            return False
        if not self._due() or self.clock() < self.next_at or self._waiting():
            return False
        assert self.opponent is not None
        before = {cid: c.cell for cid, c in self.view.state.combatants.items()}
        step = self.opponent.step()
        self.next_at = self.clock() + BEAT_MS
        if step is None:
            return False
        self._made[id(step.entry)] = (step.entry, step.reason)
        screen = self._starship()
        if screen is not None:
            if step.reason and ship_reason_shown(self.view.state, step.entry, self.view.viewer):
                screen.say(step.reason, "info")
            elif step.entry.events and step.entry.events[0].kind.startswith("space."):  # a phase ended, or the
                from tactics.engine.starship.seen import line_for  # players' view: the line their log gives

                line = line_for(self.view.state, step.entry.events[0], self.view.viewer)
                if line:  # (none for a ship their sensors do not show)
                    screen.say(line, "info")
            self.app.dirty = True
            return False
        self._show(step.entry, step.reason, before)
        return False

    def handle(self, intent: Any) -> bool:
        if not isinstance(intent, ui.KeyPress) or self.view is None:
            return False
        if intent.ctrl and intent.key in (pygame.K_z, pygame.K_y) and self.app.top is self.view:
            return self.undo() if intent.key == pygame.K_z else self.redo()
        if intent.key == pygame.K_e and not intent.ctrl and self.held and self._starship() is not None:
            return self.play_on()  # (the battle map's E is the turn banner's: it asks play_on)
        if intent.key != pygame.K_F6:
            return False
        if self._starship() is not None:
            self.cycle_ship_side()
            return True
        if self.app.top is not self.view:
            return False
        self.cycle()
        return True

    # -- what F6 does ----------------------------------------------------------------------
    def cycle(self) -> None:
        """Hand the chosen team to the next controller: people, plays to win, the text's monsters."""
        view = self.view
        state = view.state
        team = self._chosen_team()
        if team is None:
            view.say(self._no_foes(), "info" if state.teams else "error")
            return
        now = controller_of(state, team) or PEOPLE
        nxt = CYCLE[(CYCLE.index(now) + 1) % len(CYCLE)]
        if view.submit(SetController(team, nxt)):
            name = state.teams[team].name
            said = f"{name}: played by {level_words(nxt)}."
            view.say(said + "  (F6: change)", "good")
            self.next_at = self.clock() + BEAT_MS
            self.held = False  # a new controller plays on (people, or the app at the new level)

    def cycle_ship_side(self) -> None:
        """F6 on the starship screen: hand the enemy ship's side to the next controller."""
        screen = self._starship()
        state = self.view.state
        sides = ship_sides(state)
        players = {tid for tid, team in state.teams.items() if team.players}
        side = next((s for s in sides if s not in players), sides[0] if sides else None)
        if side is None:
            screen.say("This encounter has no ships to hand to the app.", "error")
            return
        now = controller_of(state, side) or PEOPLE
        nxt = CYCLE[(CYCLE.index(now) + 1) % len(CYCLE)]
        if screen.submit(SetController(side, nxt)):
            name = side_name(state, side)
            name = name[:1].upper() + name[1:]
            said = f"{name}: played by {level_words(nxt)}."
            screen.say(said + "  (F6: change)", "good")
            self.next_at = self.clock() + BEAT_MS
            self.held = False

    def _chosen_team(self) -> str | None:
        state = self.view.state
        who = self.view.selected_combatant()
        if who is not None:
            return who.team  # a token of the players' own team too: handing it over is deliberate
        for tid, team in state.teams.items():
            if not team.players:
                return tid
        return None  # every team is the players': F6 hands none of them over unasked (review 7, solo play)

    def _no_foes(self) -> str:
        """What F6 with nothing selected says when every team on the map is the players'."""
        state = self.view.state
        if not state.teams:
            return "No team to hand to the app."
        players = {tid for tid, team in state.teams.items() if team.players}
        space = getattr(state, "space", None)
        ships = [s.name for s in (getattr(space, "ships", None) or {}).values() if s.side not in players]
        said = "No foes on this map to hand to the app"
        if ships:
            names = " and ".join(dict.fromkeys(ships))
            said += f" ({'the ' if not names.lower().startswith('the ') else ''}{names} "
            said += f"{'is' if len(set(ships)) == 1 else 'are'} on the starship screen: Tab)"
        return said + ". To hand the players' own team over, select one of its tokens first."

    # -- helpers ---------------------------------------------------------------------------
    def _starship(self) -> Any:
        """The starship screen, when it is the one shown (the app then plays in space)."""
        screen = getattr(self.app, "starship", None)
        if screen is None or self.app.top is not screen or screen.battle is not self.view:
            return None
        return screen

    def _due(self) -> bool:
        if self.paused or self.view is None:
            return False
        if self.opponent is None:
            # The opponent (tactics.ai) is loaded only once the app plays someone: most tables
            # never hand it a team, and importing it was part of every start.
            state = self.view.state
            if not (app_teams(state) or app_sides(state)):
                return False
            from tactics.ai import Opponent

            self.opponent = Opponent(self.view.encounter, hold=self._ask_saves)
        if self._starship() is not None:
            self.opponent.scope = "space"
        elif self.app.top is self.view:
            self.opponent.scope = "ground"
        else:
            return False
        return self.opponent.due()

    def _waiting(self) -> bool:
        """An animation plays, a prompt or a menu waits for a person: the app waits too."""
        screen = self._starship()
        if screen is not None:
            return screen.dialog is not None  # a person's dialog (or the phase's summary) is open
        hazards = hazards_of(self.view)
        if hazards is not None and (hazards.animations.busy() or hazards.prompt.queue):
            return True
        from tactics.ui.panels.typed_saves import prompt_open

        if prompt_open(self.app):  # a player's save is being typed (the app's command waits for it)
            return True
        menu = getattr(self.app, "gm_menu", None)
        return bool(menu is not None and menu.is_open())

    def _answer_own_prompt(self) -> None:
        """The facing prompt never asks a person about a creature the app plays: its creatures keep
        the facing they have (no one to ask). Every frame, not only when the app is due: after an
        undo the app had answered that moment already and left the prompt to the human (review 7)."""
        hazards = hazards_of(self.view) if self.view is not None and self.app.top is self.view else None
        if hazards is not None and hazards.prompt.queue and all(self._app_plays(c) for c in hazards.prompt.queue):
            hazards.prompt.stop()

    # -- a player's save in the app's turn ---------------------------------------------------
    def _ask_saves(self, command: Any) -> bool:
        """Before each of the app's commands (:attr:`Opponent.hold`): when it would roll a save the
        table types (a fuse going off as the app ends its team's turn catches a player's creature),
        the typed-save prompt asks the players for it as when a person ends the turn, and the
        command waits (True). The app's own creatures roll app dice (``dice_typed_for``)."""
        if self._starship() is not None or self.app.top is not self.view:
            return False
        from tactics.ui.panels.typed_saves import ask_typed_saves

        return ask_typed_saves(self.view, command, None, submit=self._submit_held, cancelled=self._let_go)

    def _submit_held(self, saves: dict[str, list[int]] | None) -> bool:
        """The players typed their saves (or chose the app's dice: ``saves`` None or part): the app's
        command held back goes in now, as the app's own (its reason, Ctrl+Z takes it back with its turn)."""
        opponent = self.opponent
        held = opponent.held_back if opponent is not None else None
        if opponent is None or held is None:
            return False
        view = self.view
        before = {cid: c.cell for cid, c in view.state.combatants.items()}
        try:
            entry = view.encounter.submit(held.command, saves=saves)
        except Refused as exc:  # (the journal moved under the prompt: it is closed first; kept for safety)
            opponent.held_back = None
            view.say(view.players_safe(exc.reason), "error")
            return False
        step = opponent.submitted(entry)
        self._made[id(entry)] = (entry, step.reason)
        self.next_at = self.clock() + BEAT_MS
        if not step.reason:
            label = entry_label(entry.command, entry.args, view.state, entry.events)
            how = "the saves as typed" if saves else "the app's dice for the saves"
            view.say(f"The app: {label}, {how}.", "info")
        self._show(entry, step.reason, before)
        return True

    def _let_go(self) -> None:
        """Esc in the prompt: the app's command is not submitted and the app waits (E or F6 lets it
        play on, and it asks again), rather than asking again at the next beat."""
        if self.opponent is not None:
            self.opponent.held_back = None
        self.held, self._said_held = True, False

    # -- undo across the app's turn ----------------------------------------------------------
    def undo(self) -> bool:
        """Ctrl+Z on the battle map when the last command is the app's: take back its last decision
        (the command its reason went with) and the bookkeeping that followed it (resolving, End
        turn, facings), and the app waits (:meth:`_on_journal`). Other commands: the map's own undo."""
        view = self.view
        journal = view.encounter.journal
        if view.encounter.read_only or not journal.entries:
            return False
        last = journal.entries[-1]
        if last.command == "set-controller":
            return self._undo_controller()
        if not self._apps(last):
            return False
        undone: list[tuple[Entry, str]] = []
        while journal.entries and self._apps(journal.entries[-1]):
            reason = self._made[id(journal.entries[-1])][1]
            entry = view.encounter.undo()
            undone.append((entry, reason))
            if reason:  # the app's decision: the unit ends here
                break
        view.say("Undone: " + self._what_undone(undone) + (self._waits_words() if self.held else ""), "info")
        self._said_held = True
        return True

    def redo(self) -> bool:
        """Ctrl+Y when the next command to redo is the app's: its decision and the bookkeeping
        after it come back together, as Ctrl+Z took them."""
        view = self.view
        journal = view.encounter.journal
        if view.encounter.read_only or not journal.redo_stack:
            return False
        top = journal.redo_stack[-1]
        if top.command == "set-controller":
            entry = view.encounter.redo()
            view.say("Redone: " + controller_change(view.state, entry) + ".", "info")
            return True
        if not self._apps(top):
            return False
        done: list[tuple[Entry, str]] = []
        while journal.redo_stack and self._apps(journal.redo_stack[-1]):
            reason = self._made[id(journal.redo_stack[-1])][1]
            if reason and done:
                break  # the next decision is the next Ctrl+Y's
            done.append((view.encounter.redo(), reason))
        view.say("Redone: " + self._what_undone(done) + (self._waits_words() if self._still_held() else ""), "info")
        self._said_held = True
        return True

    def play_on(self) -> bool:
        """E (or the banner's button) while the app waits after an undo: it plays on."""
        if not self.held:
            return False
        self.held = False
        self.next_at = self.clock() + BEAT_MS
        say = self._starship().say if self._starship() is not None else self.view.say
        say("The app plays on.", "info")
        self.app.dirty = True
        return True

    def _undo_controller(self) -> bool:
        view = self.view
        entry = view.encounter.undo()
        event = entry.events[0] if entry is not None and entry.events else None
        now = level_words(getattr(event, "was", PEOPLE))
        view.say(f"Undone: {controller_change(view.state, entry)}; now played by {now}."
                 + (self._waits_words() if self.held else ""), "info")
        self._said_held = True
        return True

    def _apps(self, entry: Entry) -> bool:
        made = self._made.get(id(entry))
        return made is not None and made[0] is entry

    def _what_undone(self, entries: list[tuple[Entry, str]]) -> str:
        """"Bear 2 charges Art (and 2 commands after it)": the app's decision in its own words."""
        reasoned = next(((e, r) for e, r in entries if r), None)
        if reasoned is None:
            entry = entries[0][0]
            head = entry_label(entry.command, entry.args, self.view.state, entry.events)
        else:
            head = reasoned[1].split(": ", 1)[0]
        more = len(entries) - 1
        return head + (f" (and {more} command{'s' if more != 1 else ''} after it)" if more else "") + "."

    @staticmethod
    def _waits_words() -> str:
        return " The app waits: press E (or F6) to let it play on."

    def _on_journal(self, journal: Any, what: str) -> None:
        """After an undo the app plans afresh from the state it finds; when the moment is its own
        again it waits for a person (E or F6), instead of playing the same thing again at once."""
        if what == "commit":
            return
        self.opponent = None  # a fresh plan: the old one had taken back commands in it
        if what == "undo" and self._shown() and self._due():
            if not self.held:
                self._said_held = False
            self.held = True
        self.app.dirty = True

    def _still_held(self) -> bool:
        return self.held and self._shown() and self._due()

    def _hold(self) -> None:
        """While held: the hold ends by itself once the moment is no longer the app's (Ctrl+Y took
        it past its turn, F6 gave the team to people); the status line says it waits."""
        if not self._shown():
            return
        if not self._due():
            self.held = False
            return
        if not self._said_held:
            self._said_held = True
            screen = self._starship()
            target = screen if screen is not None else self.view
            said = target.message[0] if target.message else ""
            target.say((said + self._waits_words()).strip(), "info")

    def _shown(self) -> bool:
        return self.view is not None and (self._starship() is not None or self.app.top is self.view)

    def _app_plays(self, cid: str) -> bool:
        who = self.view.state.combatants.get(cid)
        return who is not None and controller_of(self.view.state, who.team) is not None

    def _show(self, entry: Entry, reason: str, before: dict[str, Any]) -> None:
        view = self.view
        if reason and reason_shown(view.state, entry, reason, view.viewer):
            view.say(reason, "info")
        hazards = hazards_of(view)
        for event in entry.events:
            if not isinstance(event, TokenMoved) or hazards is None:
                continue
            who = view.state.combatants.get(event.combatant)
            if who is None or not view.visible(who):
                continue  # a hidden mover's path is not drawn on the GM's players' preview either
            path = list(event.path)
            start = before.get(who.id)
            points = [cell_center(start)] if start is not None and (not path or path[0] != start) else []
            points += [cell_center(c) for c in path]
            colour = view.state.teams[who.team].colour if who.team in view.state.teams else theme.NEUTRAL
            hazards.animations.add(Glide(points, tuple(colour)))
        self.app.dirty = True


#: the fields of a ground event that name a combatant (who acts, who is aimed at, who threw)
_WHO_FIELDS = ("combatant", "target", "by", "thrower")
#: the fields of a space event that name a ship
_SHIP_FIELDS = ("ship", "target", "to_ship")


def reason_shown(state: Any, entry: Entry, reason: str, viewer: str) -> bool:
    """May ``viewer`` read the app's reason for ``entry`` in the status line? The GM always; the
    players' view (F2, ``--players``) not when the reason names a creature hidden from the players
    or the entry is about one (review 7, solo play: "Bear 4 moves 10 ft, ready to charge James
    next turn" while Bear 4 was hidden). Judged after the entry: an attack that gave the bear away
    may be read."""
    if viewer == "gm":
        return True
    hidden = [who for who in state.combatants.values() if state.hidden_from_players(who)]
    if not hidden:
        return True
    ids = {who.id for who in hidden}
    if any(getattr(event, name, None) in ids for event in entry.events for name in _WHO_FIELDS):
        return False
    return not any(who.name and who.name in reason for who in hidden)


def ship_reason_shown(state: Any, entry: Entry, viewer: str) -> bool:
    """May ``viewer`` read the app's reason for a crew action? The GM always; the players' view
    only of the players' own ships: of a GM ship they see what it does in their log, never its
    crew's plan nor a ship their sensors do not show (reading: N-SEEN-5; review 7, solo play:
    the Red Maw's "Jam their sensors ..." showed in its unseen surprise round)."""
    if viewer == "gm":
        return True
    from tactics.engine.starship.seen import players_ship

    ships = state.space.ships if getattr(state, "space", None) is not None else {}
    named = {str(v) for event in entry.events for k in _SHIP_FIELDS if (v := getattr(event, k, None))}
    return bool(named) and all(ship in ships and players_ship(state, ships[ship]) for ship in named)


def controller_change(state: Any, entry: Entry | None) -> str:
    """"Space Bears played by the app (plays to win)": what a SetController entry did."""
    return entry_label(entry.command, entry.args, state, entry.events) if entry is not None else ""


def attach_opponent(app: Any) -> OpponentAddon:
    addon = OpponentAddon(app)
    app.addons.append(addon)
    app.opponent = addon  # the turn banner asks it whether the app waits (E lets it play on)
    return addon


__all__ = ["BEAT_MS", "Glide", "OpponentAddon", "attach_opponent", "reason_shown", "ship_reason_shown"]
