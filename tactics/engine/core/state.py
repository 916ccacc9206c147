"""The state of one encounter: who is where, and what is going on.

Only events change it (see :mod:`tactics.engine.core.journal`). Parts owned by
other modules are kept here as plain fields so one journal covers the battle
map and the starship screen alike:

* ``combat``: the ground combat procedure (:mod:`tactics.engine.combat.team`);
* ``traps`` / ``grenades``: hidden traps and live grenades
  (:mod:`tactics.engine.hazards.commands`);
* ``space``: the starship screen (:mod:`tactics.engine.starship.state`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tactics.maps.battlemap import BattleMap
from tactics.rules.grid import Cell


@dataclass
class Condition:
    """A condition on a combatant with its round counter (R-COND-1, R-CNT-1).

    ``rounds`` None means until removed. ``set_in_round``/``set_after_group``
    record when it was set so the Counter Phase knows whether the subject's
    group has had a turn since (R-CNT-1).
    """

    name: str
    rounds: int | None = None
    set_in_round: int = 0
    set_after_group: str | None = None
    source: str | None = None


@dataclass
class Team:
    """A side of the encounter: its name and colour, and whether the players control it."""

    id: str
    name: str
    colour: tuple[int, int, int]
    players: bool = False  # controlled by the players (vs the GM)


@dataclass
class Combatant:
    """A creature in the encounter. ``sheet`` holds its rules data (ability
    modifiers, AC, weapons ...) as loaded from the data files."""

    id: str
    name: str
    team: str
    cell: Cell | None = None  # None: not on the map (absent, not yet arrived)
    facing: str = "S"
    facing_target: str | None = None  # keeps facing this combatant or object (R-FACE-1)
    facing_cell: Cell | None = None  # ... or this square
    hp: int = 1
    max_hp: int = 1
    conditions: list[Condition] = field(default_factory=list)
    hidden: bool = False  # hidden from the players' view (stealthed, unaware-of)
    stealth: int | None = None  # the Stealth result enemies' Perception must meet (ground combat)
    present: bool = True  # in the fight (False: absent, joins later)
    sheet: Any = None
    art: str | None = None  # token picture (an image file); None: initials (tactics/engine/builder)

    def has(self, condition: str) -> bool:
        return any(c.name == condition for c in self.conditions)

    @property
    def down(self) -> bool:
        return self.hp <= 0 or self.has("Helpless") or self.has("Unconscious")


@dataclass
class EncounterState:
    """Everything the journal's events build up: the map, teams, combatants, doors and the fight."""

    map: BattleMap
    name: str = "Encounter"
    teams: dict[str, Team] = field(default_factory=dict)
    combatants: dict[str, Combatant] = field(default_factory=dict)
    open_doors: set[int] = field(default_factory=set)
    closed_doors: set[int] = field(default_factory=set)  # doors the map has open, closed since
    revealed_doors: set[int] = field(default_factory=set)  # secret doors opened once: public since (N-DOOR-6)
    mode: str = "team"  # "team" (R-INIT) or "individual" (R-TURN)
    settings: dict[str, Any] = field(default_factory=dict)
    combat: Any = None
    traps: dict[str, Any] = field(default_factory=dict)
    grenades: dict[str, Any] = field(default_factory=dict)
    space: Any = None
    notes: list[str] = field(default_factory=list)  # GM-only notes

    def hidden_from_players(self, who: Combatant) -> bool:
        """Is this creature kept off the players' screen? (reading: N-HIDE-2)

        "Hidden" is hidden from the other side: a stealthed party member is
        still shown to the players (they know where their own character is,
        drawn with the hidden badge); a hidden GM creature never is, nor one the GM added but has not
        put on the map yet (review 12: two goblins added and never placed were listed to the players).
        """
        return (who.hidden or who.cell is None) and not self.players_side(who.team)

    def players_side(self, team_id: str | None) -> bool:
        """Is this one of the teams the players play (not the GM's)?"""
        team = self.teams.get(team_id or "")
        return team is not None and team.players

    def numbers_shown_to_players(self, who: Combatant) -> bool:
        """Are this creature's hit points and Initiative shown on the players' screens? (reading: N-SEEN-1)

        Only for the players' own teams (their tokens' HP bars, the Initiative list); of
        the GM's creatures the players see names, conditions and who is down.
        """
        return self.players_side(who.team)

    def trap_dc_shown_to_players(self, trap: Any) -> bool:
        """May the players' screens show a trap's disarm DC and odds? Only for a trap their own side set:
        a setter may raise the DC (R-TRAP-3), so anyone else's is the GM's (reading: N-SEEN-1)."""
        return self.players_side(getattr(trap, "team", None))

    def at(self, cell: Cell) -> Combatant | None:
        for c in self.combatants.values():
            if c.cell == cell and c.present:
                return c
        return None

    def on_map(self) -> list[Combatant]:
        return [c for c in self.combatants.values() if c.present and c.cell is not None]

    def allies_of(self, who: Combatant) -> list[Combatant]:
        return [c for c in self.on_map() if c.team == who.team and c.id != who.id]

    def enemies_of(self, who: Combatant) -> list[Combatant]:
        return [c for c in self.on_map() if c.team != who.team]

    def door_open(self, index: int) -> bool:
        """Is door ``index`` open now? (The map says how it starts; DoorSet events change it.)"""
        if self.map.doors[index].closed:
            return index in self.open_doors
        return index not in self.closed_doors

    def door_secret(self, index: int) -> bool:
        """Is door ``index`` a secret door the players know nothing of yet? (reading: N-DOOR-6)

        A secret door the map has closed stays the GM's until it is first opened; from then on
        it is an ordinary door, whether it is closed again or not.
        """
        door = self.map.doors[index]
        return door.secret and door.closed and index not in self.revealed_doors

    def current_map(self) -> BattleMap:
        """The map with doors as they stand now (closed doors block)."""
        if not self.open_doors and not self.closed_doors:
            return self.map
        return _map_with_open_doors(self.map, frozenset(self.open_doors), frozenset(self.closed_doors))


_door_cache: dict[tuple[int, frozenset[int], frozenset[int]], tuple[BattleMap, BattleMap]] = {}


def _map_with_open_doors(base: BattleMap, open_doors: frozenset[int],
                         closed_doors: frozenset[int] = frozenset()) -> BattleMap:
    """The base map with some doors opened (and some open ones closed), cached so walls are
    built once per set."""
    key = (id(base), open_doors, closed_doors)
    hit = _door_cache.get(key)
    if hit is not None and hit[0] is base:
        return hit[1]
    found = base
    for index in open_doors:
        if 0 <= index < len(base.doors):
            found = found.with_door(index, closed=False)
    for index in closed_doors:
        if 0 <= index < len(base.doors):
            found = found.with_door(index, closed=True)
    if len(_door_cache) > 64:
        _door_cache.clear()
    _door_cache[key] = (base, found)
    return found
