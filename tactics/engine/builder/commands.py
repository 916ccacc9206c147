"""Setting up a fight: the GM adds, edits and removes combatants and teams (the encounter builder).

Why it exists: a GM who opens their own map (a Dungeondraft export, a Tiled
map) must be able to put creatures on it without writing an encounter file by
hand. Every change is a command producing events, so it is undone with Ctrl+Z,
autosaved and replayed like a move:

* :class:`AddTeam` / :class:`EditTeam`: a side with a name, a colour and who
  controls it (the players or the GM);
* :class:`AddCombatant`: a creature from a bundled sheet (``creatures.toml``)
  or a quick stat block (:func:`quick_sheet`), on a square or not yet placed;
* :class:`EditCombatant`: its name, team, hit points, sheet, token art, hidden;
* :class:`RemoveCombatant`;
* :class:`SetTurnMode`: team rounds (the first rules text) or individual turns (the second),
  written to the encounter file as its ``mode``.

Placing and moving tokens is :class:`tactics.engine.board.Place`. None of these
is allowed while a fight is under way (the procedure's roster would no longer
match the map): the GM ends the fight, or undoes its start, first.

Events carry only JSON-able data: a sheet is its id or its table of fields,
and the reducer rebuilds the :class:`~tactics.rules.sheets.Sheet` from it, so a
save replays to the same creatures. Token art is a path checked when the
command runs (:func:`check_art`: header read, size limited, before anything is
decoded); a file that later goes missing only costs the picture, never the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tactics.engine.builder.allowed import (  # (re-exported: the commands' names as before)
    ART_MAX_PIXELS as ART_MAX_PIXELS, ART_MAX_SIDE as ART_MAX_SIDE, MAX_COPIES as MAX_COPIES, MAX_HP as MAX_HP,
    TEAM_COLOURS as TEAM_COLOURS, fight_under_way as fight_under_way,
)
from tactics.engine.builder.events import (
    SetupCombatantAdded, SetupCombatantEdited, SetupCombatantRemoved, SetupModeSet, SetupTeamAdded, SetupTeamEdited,
)
from tactics.engine.builder.allowed import MODE_WORDS, why_not_change_mode
from tactics.engine.core.definition import MODES
from tactics.engine.core.journal import Event, Reducer, Refused
from tactics.engine.core.state import Combatant, EncounterState, Team
from tactics.maps.imagesize import ImageHeaderError, safe_image_file_size
from tactics.rules.data import MAX_LABEL_CHARS, DataError
from tactics.rules.dice import Dice
from tactics.rules.sheets import Sheet, default_armoury

reducer = Reducer()


def refuse_in_fight(state: EncounterState) -> None:
    if fight_under_way(state):
        raise Refused("not while the fight is under way: end it (or undo Start combat) to change the set-up")


def slug(name: str, taken: set[str] | dict[str, Any], fallback: str = "token") -> str:
    """An id made from a name, unique among ``taken``: "Bear 3" -> "bear-3", then "bear-3-2"."""
    base = "".join(ch if ch.isalnum() else "-" for ch in name.lower())
    base = "-".join(part for part in base.split("-") if part) or fallback
    cid, n = base, 2
    while cid in taken:
        cid, n = f"{base}-{n}", n + 1
    return cid


def quick_sheet(name: str, *, hp: int, ac: int, weapon: str, dex: int = 10, wis: int = 10) -> dict[str, Any]:
    """A quick stat block as an inline sheet: hit points, AC, one attack it is proficient with, DEX and WIS
    scores (Initiative is DEX mod + WIS mod, R-INIT-1). Every other number stays at the sheet's default."""
    armoury = default_armoury()
    known = armoury.weapons.get(weapon)
    proficiency = (known.group or known.name) if known is not None else weapon
    name = name[:MAX_LABEL_CHARS]  # (a token's name may be longer than a sheet's label: the start of it)
    return {
        "name": slug(name, set(), "creature"),
        "label": name,
        "abilities": {"STR": 10, "DEX": int(dex), "CON": 10, "INT": 10, "WIS": int(wis), "CHA": 10},
        "ac": int(ac),
        "hp": int(hp),
        "weapons": [weapon],
        "proficiencies": [proficiency],
    }


def sheet_or_refuse(ref: Any) -> Sheet:
    """The sheet a reference names (an id in creatures.toml or a table of fields), refused with the problem."""
    try:
        return default_armoury().sheet_from(ref, path="set-up", where="sheet")
    except DataError as exc:
        raise Refused(f"that stat block is not valid: {exc.problem}") from None


def sheet_ref(sheet: Sheet) -> str | dict[str, Any]:
    """How an event or an encounter file names a sheet: its id when bundled and unchanged, else its fields."""
    bundled = default_armoury().sheets.get(sheet.name)
    if bundled is not None and bundled == sheet:
        return sheet.name
    return sheet.model_dump(by_alias=True, exclude_defaults=True) | {"name": sheet.name}


def check_art(path: str | None) -> str | None:
    """The absolute path of a token picture, refused unless it is a readable image of a sensible size.

    Only the header is read (:mod:`tactics.maps.imagesize`): nothing is decoded here, so a huge
    or broken file costs nothing."""
    if path is None or not str(path).strip():
        return None
    where = Path(str(path).strip()).expanduser()
    if not where.is_file():
        raise Refused(f"no picture at {where}")
    try:
        _, width, height = safe_image_file_size(where)
    except (ImageHeaderError, OSError) as exc:
        raise Refused(f"{where.name} cannot be a token picture: {exc}") from None
    if width > ART_MAX_SIDE or height > ART_MAX_SIDE or width * height > ART_MAX_PIXELS:
        raise Refused(f"{where.name} is {width}x{height} pixels, too large for a token "
                      f"(at most {ART_MAX_SIDE} a side)")
    return str(where.resolve())


def _colour(value: Any) -> tuple[int, int, int]:
    try:
        rgb = tuple(int(c) for c in value)
    except (TypeError, ValueError):
        raise Refused(f"a colour is three numbers 0-255, not {value!r}") from None
    if len(rgb) != 3 or not all(0 <= c <= 255 for c in rgb):
        raise Refused(f"a colour is three numbers 0-255, not {value!r}")
    return rgb[0], rgb[1], rgb[2]


def _name(value: str, what: str) -> str:
    text = " ".join(str(value).split())
    if not text:
        raise Refused(f"the {what} needs a name")
    if len(text) > 60:
        raise Refused(f"that name is too long (at most 60 letters): {text[:20]}...")
    return text


def _hp(value: Any) -> int:
    try:
        hp = int(value)
    except (TypeError, ValueError):
        raise Refused(f"hit points are a whole number, not {value!r}") from None
    if not 1 <= hp <= MAX_HP:
        raise Refused(f"hit points go from 1 to {MAX_HP}, not {hp}")
    return hp


def _team_event(state: EncounterState, name: str, colour: Any, players: bool, team_id: str | None) -> Event:
    name = _name(name, "team")
    tid = team_id or slug(name, state.teams, "team")
    if tid in state.teams:
        raise Refused(f"there is already a team {tid!r}")
    if any(t.name.lower() == name.lower() for t in state.teams.values()):
        raise Refused(f"there is already a team called {name}")
    return SetupTeamAdded(team=tid, name=name, colour=_colour(colour), players=bool(players))


def _check_cell(state: EncounterState, cell: Any, name: str) -> list[int] | None:
    if cell is None:
        return None
    where = (int(cell[0]), int(cell[1]))
    if state.current_map().move_cost(where) is None:
        raise Refused("no one can stand on that square")
    other = state.at(where)
    if other is not None:
        raise Refused(f"{other.name} already stands there")
    return [where[0], where[1]]


# --------------------------------------------------------------------------- commands
@dataclass
class AddTeam:
    """A new side: its name, colour (RGB) and whether the players control it."""

    team_name: str
    colour: list[int] = field(default_factory=lambda: list(TEAM_COLOURS["Blue"]))
    players: bool = False
    team: str | None = None
    name: str = "add-team"

    def args(self) -> dict[str, Any]:
        return {"team_name": self.team_name, "colour": list(self.colour), "players": self.players, "team": self.team}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        refuse_in_fight(state)
        return [_team_event(state, self.team_name, self.colour, self.players, self.team)]


@dataclass
class EditTeam:
    """Rename a side, change its colour or who controls it."""

    team: str
    team_name: str
    colour: list[int]
    players: bool
    name: str = "edit-team"

    def args(self) -> dict[str, Any]:
        return {"team": self.team, "team_name": self.team_name, "colour": list(self.colour), "players": self.players}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        refuse_in_fight(state)
        if self.team not in state.teams:
            raise Refused(f"no team called {self.team!r}")
        name = _name(self.team_name, "team")
        if any(t.name.lower() == name.lower() and t.id != self.team for t in state.teams.values()):
            raise Refused(f"there is already a team called {name}")
        return [SetupTeamEdited(team=self.team, name=name, colour=_colour(self.colour),
                                players=bool(self.players))]


@dataclass
class AddCombatant:
    """A new combatant on ``team`` from ``sheet`` (an id in creatures.toml, or a table of sheet fields).

    ``hp`` None: the sheet's. ``cell`` None: not placed yet (the GM places it next). ``new_team`` (name,
    colour, players) creates the team in the same step when it does not exist yet, so one Ctrl+Z
    takes both back."""

    combatant_name: str
    team: str
    sheet: Any = None
    hp: int | None = None
    cell: list[int] | None = None
    art: str | None = None
    hidden: bool = False
    combatant: str | None = None
    new_team: dict[str, Any] | None = None
    copies: int = 1
    name: str = "add-combatant"

    def args(self) -> dict[str, Any]:
        return {"combatant_name": self.combatant_name, "team": self.team, "sheet": self.sheet, "hp": self.hp,
                "cell": list(self.cell) if self.cell is not None else None, "art": self.art,
                "hidden": self.hidden, "combatant": self.combatant, "new_team": self.new_team,
                "copies": self.copies}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        refuse_in_fight(state)
        events: list[Event] = []
        if self.team not in state.teams:
            if self.new_team is None:
                raise Refused(f"no team called {self.team!r}: add the team first")
            spec = self.new_team
            events.append(_team_event(state, str(spec.get("name", self.team)), spec.get("colour", TEAM_COLOURS["Blue"]),
                                      bool(spec.get("players", False)), self.team))
        name = _name(self.combatant_name, "combatant")
        sheet = sheet_or_refuse(self.sheet) if self.sheet is not None else None
        hp = _hp(self.hp if self.hp is not None else (sheet.hp if sheet is not None else 10))
        if not 1 <= int(self.copies) <= MAX_COPIES:
            raise Refused(f"from 1 to {MAX_COPIES} at a time, not {self.copies}")
        if self.copies > 1 and (self.cell is not None or self.combatant is not None):
            raise Refused("copies are placed one by one: no square or id for them")
        names = [name] if self.copies == 1 else numbered(name, int(self.copies), state)
        cid = self.combatant or slug(name, state.combatants)
        if cid in state.combatants:
            raise Refused(f"there is already a combatant {cid!r}")
        cell = _check_cell(state, self.cell, name)
        art = check_art(self.art)
        taken = set(state.combatants)
        for each in names:
            cid = cid if len(names) == 1 else slug(each, taken)
            taken.add(cid)
            record = {"id": cid, "name": each, "team": self.team, "cell": cell, "hp": hp, "max_hp": hp,
                      "sheet": sheet_ref(sheet) if sheet is not None else None, "art": art,
                      "hidden": bool(self.hidden)}
            events.append(SetupCombatantAdded(combatant=record))
        return events


def numbered(base: str, copies: int, state: EncounterState) -> list[str]:
    """``copies`` names "Space Bear 1", "Space Bear 2" ... that no combatant has yet.

    A name that already ends in a number counts on from it: the form offers "Space Bear 2"
    beside a "Space Bear", and three of those are Space Bear 2, 3 and 4 (review 18: they were
    "Space Bear 2 1", "Space Bear 2 2" ...). A base some combatant already has is counted from 2."""
    used = {c.name.lower() for c in state.combatants.values()}
    head, _, tail = base.rpartition(" ")
    if head and tail.isdigit() and len(tail) <= 6:
        base, n = head, int(tail)
    else:
        n = 2 if base.lower() in used else 1
    out: list[str] = []
    while len(out) < copies:
        candidate = f"{base} {n}"
        if candidate.lower() not in used:
            out.append(candidate)
        n += 1
    return out


#: What :class:`EditCombatant` may change.
EDITABLE = ("name", "team", "hp", "max_hp", "sheet", "art", "hidden")


@dataclass
class EditCombatant:
    """Change some of a combatant's ``name``, ``team``, ``hp`` / ``max_hp``, ``sheet``, ``art`` (None:
    initials again) and ``hidden``; keys left out stay as they are. ``new_team`` (name, colour,
    players) creates the team moved to in the same step when it does not exist yet, as
    :class:`AddCombatant` does (a spawn from a map moved to the enemy team; one Ctrl+Z takes both back)."""

    combatant: str
    changes: dict[str, Any]
    name: str = "edit-combatant"
    new_team: dict[str, Any] | None = None

    def args(self) -> dict[str, Any]:
        out: dict[str, Any] = {"combatant": self.combatant, "changes": dict(self.changes)}
        if self.new_team is not None:
            out["new_team"] = dict(self.new_team)
        return out

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        refuse_in_fight(state)
        who = state.combatants.get(self.combatant)
        if who is None:
            raise Refused(f"no combatant called {self.combatant!r}")
        unknown = sorted(set(self.changes) - set(EDITABLE))
        if unknown:
            raise Refused(f"cannot change {', '.join(unknown)} here")
        after: dict[str, Any] = {}
        events: list[Event] = []
        c = self.changes
        if "name" in c:
            after["name"] = _name(c["name"], "combatant")
        if "team" in c:
            if c["team"] not in state.teams:
                if self.new_team is None:
                    raise Refused(f"no team called {c['team']!r}")
                spec = self.new_team
                events.append(_team_event(state, str(spec.get("name", c["team"])),
                                          spec.get("colour", TEAM_COLOURS["Red"]), bool(spec.get("players", False)),
                                          str(c["team"])))
            after["team"] = str(c["team"])
        if "sheet" in c:
            after["sheet"] = sheet_ref(sheet_or_refuse(c["sheet"])) if c["sheet"] is not None else None
        if "max_hp" in c:
            after["max_hp"] = _hp(c["max_hp"])
        if "hp" in c:
            after["hp"] = _hp(c["hp"])
        if "art" in c:
            after["art"] = check_art(c["art"])
        if "hidden" in c:
            after["hidden"] = bool(c["hidden"])
        if after.get("hp", who.hp) > after.get("max_hp", who.max_hp):
            raise Refused("hit points cannot be above the maximum")
        before = {k: _field(who, k) for k in after}
        if before == after:
            raise Refused(f"nothing to change on {who.name}")
        return events + [SetupCombatantEdited(combatant=who.id, before=before, after=after)]


@dataclass
class RemoveCombatant:
    """Take a combatant out of the encounter (Ctrl+Z brings it back)."""

    combatant: str
    name: str = "remove-combatant"

    def args(self) -> dict[str, Any]:
        return {"combatant": self.combatant}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        refuse_in_fight(state)
        who = state.combatants.get(self.combatant)
        if who is None:
            raise Refused(f"no combatant called {self.combatant!r}")
        space = state.space
        for ship in (getattr(space, "ships", None) or {}).values():
            for post, crew in (getattr(ship, "crew", None) or {}).items():
                if crew == who.id:
                    raise Refused(f"{who.name} crews the {post} of {getattr(ship, 'name', 'a ship')}: "
                                  f"take them off the post first")
        return [SetupCombatantRemoved(combatant=who.id, name=who.name)]


@dataclass
class SetTurnMode:
    """Play the encounter in team rounds (``"team"``, R-INIT) or individual turns (``"individual"``,
    R-TURN): the choice the encounter file's ``mode`` holds, made before the fight starts."""

    mode: str
    name: str = "set-turn-mode"

    def args(self) -> dict[str, Any]:
        return {"mode": self.mode}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        why = why_not_change_mode(state)
        if why is not None:
            raise Refused(why)
        if self.mode not in MODES:
            raise Refused(f"the turn rules are {' or '.join(repr(m) for m in MODES)}, not {self.mode!r}")
        if self.mode == state.mode:
            raise Refused(f"this encounter already plays {MODE_WORDS[self.mode]}")
        return [SetupModeSet(mode=self.mode, before=state.mode)]


def _field(who: Combatant, key: str) -> Any:
    if key == "sheet":
        return sheet_ref(who.sheet) if isinstance(who.sheet, Sheet) else who.sheet
    return getattr(who, key)


# --------------------------------------------------------------------------- events
@reducer.on(SetupTeamAdded)
def _team_added(state: EncounterState, event: SetupTeamAdded) -> None:
    state.teams[event.team] = Team(event.team, event.name, event.colour, event.players)


@reducer.on(SetupTeamEdited)
def _team_edited(state: EncounterState, event: SetupTeamEdited) -> None:
    team = state.teams[event.team]
    team.name, team.colour, team.players = event.name, event.colour, event.players


def _sheet(ref: Any) -> Sheet | None:
    return default_armoury().sheet_from(ref, path="set-up", where="sheet") if ref is not None else None


@reducer.on(SetupModeSet)
def _mode_set(state: EncounterState, event: SetupModeSet) -> None:
    state.mode = event.mode


@reducer.on(SetupCombatantAdded)
def _combatant_added(state: EncounterState, event: SetupCombatantAdded) -> None:
    r = event.combatant
    cell = r.get("cell")
    state.combatants[r["id"]] = Combatant(
        id=r["id"], name=r["name"], team=r["team"], cell=(int(cell[0]), int(cell[1])) if cell else None,
        hp=int(r["hp"]), max_hp=int(r["max_hp"]), hidden=bool(r.get("hidden", False)),
        sheet=_sheet(r.get("sheet")), art=r.get("art"),
    )


@reducer.on(SetupCombatantEdited)
def _combatant_edited(state: EncounterState, event: SetupCombatantEdited) -> None:
    who = state.combatants[event.combatant]
    for key, value in event.after.items():
        setattr(who, key, _sheet(value) if key == "sheet" else value)


@reducer.on(SetupCombatantRemoved)
def _combatant_removed(state: EncounterState, event: SetupCombatantRemoved) -> None:
    state.combatants.pop(event.combatant, None)
    for other in state.combatants.values():
        if other.facing_target == event.combatant:
            other.facing_target = None


__all__ = [
    "AddCombatant", "AddTeam", "EDITABLE", "EditCombatant", "EditTeam", "RemoveCombatant", "SetTurnMode", "TEAM_COLOURS",
    "check_art", "fight_under_way", "quick_sheet", "reducer", "sheet_or_refuse", "sheet_ref", "slug",
]
