"""What the players may see: the encounter state with every secret taken out, and the fog.

The players' window never draws the GM's state. It draws :func:`players_state`,
a shallow copy of the state without hidden or unaware-of creatures, without
traps the players do not know about (R-TRAP-6, ``visible_to_players``), without
secret doors (N-DOOR-6: walls there) and without GM notes. So even a layer that forgets
to check ``ctx.viewer`` cannot show a secret there: the secret is not in what it is given.

With fog on, :func:`fog_cells` are the squares no player token can see (a
straight line from the token's centre to the square's centre crosses a wall,
``Walls.sees_cell``); they are darkened, and creatures of other teams standing
in them are not drawn (reading N-FOG-1 in docs/rules-notes.md: a creature in a square no
player token sees is not shown while fog is on; the GM's own view is unchanged).
"""

from __future__ import annotations

import copy
from typing import Any
from collections import OrderedDict

from tactics.engine.combat.shown_turn import fight_shown
from tactics.engine.core.state import Combatant, EncounterState
from tactics.engine.hazards.fuses import players_fuse
from tactics.rules.grid import Cell, cell_center
from tactics.rules.traps import visible_to_players
from tactics.ui.players.seen_doors import hide_secret_doors


def player_tokens(state: EncounterState) -> list[Combatant]:
    """Tokens on the map that belong to a players' team (these are the eyes of the fog)."""
    out = []
    for who in state.on_map():
        team = state.teams.get(who.team)
        if team is not None and team.players:
            out.append(who)
    return out


_FOG_CACHE: OrderedDict[tuple, frozenset[Cell]] = OrderedDict()


def fog_cells(state: EncounterState) -> frozenset[Cell]:
    """Squares of the map that no player token can see (every square when none is on the map)."""
    battle_map = state.current_map()
    eyes = tuple(sorted(who.cell for who in player_tokens(state) if who.cell is not None))
    key = (id(battle_map), battle_map.width, battle_map.height, eyes)
    hit = _FOG_CACHE.get(key)
    if hit is not None:
        _FOG_CACHE.move_to_end(key)
        return hit
    walls = battle_map.walls
    origins = [cell_center(c) for c in eyes]
    fog = set()
    for r in range(battle_map.height):
        for c in range(battle_map.width):
            cell = (c, r)
            if cell in eyes:
                continue
            if not any(walls.sees_cell(o, cell) for o in origins):
                fog.add(cell)
    found = frozenset(fog)
    _FOG_CACHE[key] = found
    if len(_FOG_CACHE) > 16:
        _FOG_CACHE.popitem(last=False)
    return found


def players_state(state: EncounterState, *, fog: frozenset[Cell] | None = None,
                  turn_shown: bool = True) -> EncounterState:
    """The state as the players may see it (a shallow copy; the original is untouched).

    Hidden creatures (and their declared actions), traps the players do not
    know about and GM notes are left out; with ``fog``, so are other teams'
    creatures and grenades in fogged squares. The turn of a creature (or a group)
    left out is not there either: the fight reads as it did before that turn began
    (``fight_shown``, reading N-HOT-1), so the banner and the order strip asked of
    this copy cannot tell of it. ``turn_shown=False`` keeps the fight's real turn: for
    the questions of the GM's F2 view (who may move now), which the engine answers.
    """
    seen = copy.copy(state)
    players_teams = {tid for tid, team in state.teams.items() if team.players}
    combatants = {}
    for cid, who in state.combatants.items():
        if state.hidden_from_players(who):
            continue
        if fog and who.cell is not None and who.cell in fog and who.team not in players_teams:
            continue
        combatants[cid] = who
    seen.combatants = combatants
    seen.combat = _combat_seen(state.combat, combatants)
    if turn_shown:
        seen.combat = fight_shown(seen.combat, combatants)
    seen.grenades = {gid: _grenade_seen(state, g, combatants) for gid, g in state.grenades.items()}
    if fog:  # N-FOG-1: nothing of another team in a fogged square, its grenades neither
        seen.grenades = {gid: g for gid, g in seen.grenades.items()
                         if getattr(g, "team", None) in players_teams or _cell_of(g) not in fog}
    seen.traps = {tid: trap for tid, trap in state.traps.items() if _trap_shown(trap)}
    seen.notes = []
    hide_secret_doors(seen, state)  # reading: N-DOOR-6: a secret door is a wall to the players
    return seen


def _grenade_seen(state: EncounterState, grenade: Any, combatants: dict[str, Combatant]) -> Any:
    """A grenade as the players may know it: no hidden target or thrower, and the fuse they
    were told (reading: N-GREN-11, ``players_fuse``), never one worked out from a hidden creature."""
    fuse, text = players_fuse(state, grenade)
    target = getattr(grenade, "target", None)
    thrower = getattr(grenade, "thrower", None)
    if (target is None or target in combatants) and (not thrower or thrower in combatants) \
            and text == getattr(grenade, "fuse_text", "") and not getattr(grenade, "public_fuse_text", ""):
        return grenade
    seen = copy.copy(grenade)
    seen.target = target if target in combatants else None
    if thrower and thrower not in combatants:
        seen.thrower = ""
    seen.fuse, seen.fuse_text = fuse, text
    seen.public_fuse, seen.public_fuse_text = None, ""
    return seen


def _cell_of(thing: object) -> Cell | None:
    cell = getattr(thing, "cell", None)
    return (int(cell[0]), int(cell[1])) if cell is not None else None


def _combat_seen(combat: Any, combatants: dict[str, Combatant]) -> Any:
    """The fight without the declarations of creatures the players do not see.

    A hidden creature's declared move or attack is a secret (its path, its
    target); and every query the players' layers make of the copy
    (``resolution_order``, ``preview_order``) looks each declarer up in it.
    """
    declarations = getattr(combat, "declarations", None)
    if not declarations or all(d.combatant in combatants for d in declarations):
        return combat
    seen = copy.copy(combat)
    seen.declarations = [d for d in declarations if d.combatant in combatants]
    return seen


def _trap_shown(trap: object) -> bool:
    try:
        return bool(visible_to_players(trap))  # type: ignore[arg-type]
    except AttributeError:  # not a trap as the rules know it: keep it secret
        return False


def hidden_things(state: EncounterState) -> dict[str, list[Cell]]:
    """Where the secrets are (for tests and the GM's own check): hidden creatures and traps."""
    creatures = [who.cell for who in state.on_map() if state.hidden_from_players(who)]
    traps = [trap.cell for trap in state.traps.values() if not _trap_shown(trap) and getattr(trap, "cell", None)]
    return {"creatures": creatures, "traps": traps}
