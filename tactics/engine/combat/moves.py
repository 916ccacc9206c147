"""How far a combatant may move right now, asked before anyone clicks (R-MOVE-1, R-ACT-1, R-TURN-2).

Why it exists: the Select tool tints the squares a token can reach and
previews a path's cost. It must offer only the moves the engine will accept
(a GM found it offering a 60 ft sprint to a token that had already declared
its Standard Attack, then refusing the click). So the window asks
:func:`move_allowance`, and the engine's own validation (``Declare``,
``TakeAction``) checks paths with the same budgets from the same squares:

* out of a fight: the free walk (the sheet's run, the sprint covers it again);
* team rules, in the combatant's group's Action Phase: a run (Standard Move)
  while the Standard slot is free, the sprint (Bonus Move) while a Bonus would
  still be possible, only the Bonus Move after a Standard Move, a 5 ft step
  (a Simple action) when only the Simple slot is left; nothing outside its
  group's turn, with the reason. Moves start where the combatant's declared,
  not yet resolved moves will leave it (:func:`planned_origin`);
* individual turns answer through :data:`ALLOWANCES` (registered by
  :mod:`tactics.engine.combat.individual.view`).

:func:`move_routes` turns an allowance into the squares it reaches, each with
the legs (one path per action) the engine will be asked to accept.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Container

from tactics.maps.battlemap import BattleMap
from tactics.engine.combat.doors import planned_map
from tactics.engine.combat.known_traps import map_with_wires, squares_to_walk_around, wires_to_walk_around
from tactics.engine.combat.team import CombatState, group_label
from tactics.engine.combat.actions import limits_of, move_budget, planned_origin
from tactics.engine.combat.two_weapon import fights_with_two_weapons
from tactics.engine.core.state import Combatant, EncounterState
from tactics.engine.core.lookup import combatant_or_refuse, known_or_refuse
from tactics.rules import actions as act
from tactics.rules.grid import SQUARE_FT, Cell
from tactics.rules.movement import Plan, plan
from tactics.rules.sheets import Sheet, default_run_ft, sprint_ft
from tactics.engine.core.labels import possessive

WALK = "walk"  # a free walk out of a fight (``board.Walk``)
STEP_KINDS = (act.SIMPLE, act.SIMPLE_AFTER)


@dataclass(frozen=True)
class MoveAllowance:
    """What a combatant may move now.

    ``run_ft``: the first move (blue); ``sprint_ft``: how far it reaches in all
    (amber beyond the run; equal to ``run_ft`` when there is no sprint; with
    ``run_ft == 0`` the whole reach is the sprint alone, e.g. a Bonus Move after
    a resolved Standard Move). ``reason``: why the combatant cannot move now
    (empty when it can). ``origin``: the square the next move starts from.
    ``run_as`` / ``sprint_as``: the action each leg is taken as ("walk",
    "standard-move", "bonus-move", "simple", "simple-after", "move", "held-move").
    ``split``: the sprint is a second action (its own path, from where the run
    ends) rather than one longer walk. ``note``: a short phrase for the status bar.
    """

    run_ft: int
    sprint_ft: int
    reason: str = ""
    origin: Cell | None = None
    run_as: str = ""
    sprint_as: str = ""
    split: bool = False
    note: str = ""
    barred: frozenset[Cell] = frozenset()  # squares the move may not end on (a waiting mover's path)
    #: no move only because another's turn goes on: when it moves, in plain words, for a status line that
    #: informs rather than refuses ("Art moves in The Party Rearguard's turn; now: ..."; review 16, F15)
    waits: str = ""

    @property
    def can_move(self) -> bool:
        return self.sprint_ft > 0 or self.run_ft > 0


def stopped(reason: str, origin: Cell | None = None, waits: str = "") -> MoveAllowance:
    """No move now, and why (``waits``: only because it is not its turn yet, see MoveAllowance)."""
    return MoveAllowance(0, 0, reason, origin, waits=waits)


def waits_words(state: EncounterState, combat: CombatState, who: Combatant, now: str) -> str:
    """"Art moves in The Party Rearguard's turn; now: the Counter Phase of round 2"."""
    own = combat.group_of(who.id)
    when = f"{possessive(group_label(state, own))} turn" if own else "its group's turn"
    return f"{who.name} moves in {when}; now: {now}"


#: Other fight procedures answer for their own state: ``fn(state, cid)`` returns
#: an allowance, or None when the state is not theirs (individual turns).
ALLOWANCES: list[Callable[[EncounterState, str], MoveAllowance | None]] = []


def free_walk_ft(who: Combatant) -> int:
    """The run of a token walking freely (R-MOVE-1): the sheet's run speed, else 30 ft.

    A real sheet goes through the same :func:`move_budget` a fight uses, so a
    condition that halves speed (Entangled) halves the free walk too.
    """
    sheet = who.sheet
    if isinstance(sheet, Sheet):
        return move_budget(who)
    for attr in ("run_ft", "speed_ft", "speed", "run"):
        value = sheet.get(attr) if isinstance(sheet, dict) else getattr(sheet, attr, None)
        if isinstance(value, (int, float)) and value > 0:
            return int(value)
    return default_run_ft()


def move_allowance(state: EncounterState, cid: str) -> MoveAllowance:
    """How far ``cid`` may move now, by the procedure in force (see the module doc).

    An id no combatant has is refused (``Refused``), not answered "cannot move"."""
    known_or_refuse(state, cid)  # review 7 lib, finding 10
    who = state.combatants.get(cid)
    if who is None or who.cell is None or not who.present:
        return stopped("not on the map")
    for answer in ALLOWANCES:
        found = answer(state, cid)
        if found is not None:
            return found
    combat = state.combat
    if isinstance(combat, CombatState) and combat.phase != "ended":
        return team_allowance(state, combat, who)
    if combat is not None and getattr(combat, "phase", "ended") != "ended":
        return stopped("the fight's procedure does not say")
    run = free_walk_ft(who)
    return MoveAllowance(run, sprint_ft(run), origin=who.cell, run_as=WALK, sprint_as=WALK)  # reading: R-MOVE-1


def move_budget_ft(state: EncounterState, who: Combatant) -> tuple[int, int]:
    """(run, sprint) feet to show for ``who`` now (R-MOVE-1): what :func:`move_allowance` allows,
    or, for a token off the map, its free walk and sprint (the sprint multiple of creatures.toml)."""
    allowance = move_allowance(state, who.id)
    if allowance.origin is None and not allowance.can_move:
        run = free_walk_ft(who)
        return run, sprint_ft(run)
    return allowance.run_ft, allowance.sprint_ft


PHASE_NAMES = {"advantages": "the Advantages Phase", "counters": "the Counter Phase"}


def team_allowance(state: EncounterState, combat: CombatState, who: Combatant) -> MoveAllowance:
    """The team rules (R-ACT-1, R-MOVE-1): see the module doc."""
    if combat.phase != "action":
        phase = f"{PHASE_NAMES.get(combat.phase, combat.phase)} of round {combat.round}"
        return stopped(f"it is not {possessive(who.name)} group's turn: {phase}", who.cell,
                       waits_words(state, combat, who, phase))
    if not combat.can_act_now(who.id):
        group = combat.acting_group()
        if combat.alone() is not None and group is not None and who.id in group.members:
            return stopped(combat.sits_out_reason(who.name), who.cell)
        now = group_label(state, group.key) if group else "no group"
        return stopped(f"it is not {possessive(who.name)} group's turn: {now} acts now", who.cell,
                       waits_words(state, combat, who, f"{now} acts"))
    existing = combat.declarations_of(who.id)
    standard = next((d for d in existing if d.kind in act.STANDARD), None)
    limits = limits_of(who)
    two_weapon = fights_with_two_weapons(existing)

    def refusal(kind: str) -> str | None:
        try:
            act.check_economy(who.name, existing, kind, limits, two_weapon=two_weapon,
                              closed=combat.declaring_closed(who.id))
        except act.ActionRefused as exc:
            return str(exc)
        return None

    budget = move_budget(who)
    if refusal(act.STANDARD_MOVE) is None:
        origin = planned_origin(state, who.id, act.STANDARD_MOVE)
        bonus = act.slots_left(existing, limits, closed=combat.declaring_closed(who.id))["bonus"]
        return MoveAllowance(budget, sprint_ft(budget) if bonus else budget, origin=origin, run_as=act.STANDARD_MOVE,
                             sprint_as=act.BONUS_MOVE, split=True,
                             note="run (Standard Move)" + (", sprint (+ Bonus Move)" if bonus else ", no sprint"))
    if refusal(act.BONUS_MOVE) is None:
        origin = planned_origin(state, who.id, act.BONUS_MOVE)
        return MoveAllowance(0, budget, origin=origin, sprint_as=act.BONUS_MOVE, note="Bonus Move only")
    step = act.SIMPLE_AFTER if standard is not None else act.SIMPLE
    why_not_run = refusal(act.STANDARD_MOVE) or ""
    if refusal(step) is None:  # reading: R-ACT-1, a 5 ft step is a Simple action (N-MOVE-4)
        origin = planned_origin(state, who.id, step)
        return MoveAllowance(SQUARE_FT, SQUARE_FT, origin=origin, run_as=step, sprint_as=step,
                             note=f"5 ft step only (Simple action; {why_not_run})")
    why_not_step = str(refusal(step))
    both = f"{why_not_run}; {why_not_step}" if why_not_run and why_not_run != why_not_step else why_not_step
    return stopped(both, who.cell)


def step_allowance(state: EncounterState, cid: str) -> MoveAllowance | None:
    """The 5 ft step alone, as a Simple action, when the engine would accept one now in team rounds
    (reading: N-MOVE-4, N-MOVE-8), else None.

    Why: :func:`move_allowance` offers the quickest move first (a run spends the Standard), so a
    medic one square short of the patient could not "5 ft step, then Treat Injury" (the text: a
    Simple action "can either be before or after a Standard Action. Examples include: ... taking
    a 5ft step"). The window's "Simple: 5 ft step" button asks this, and the Select tool then
    offers only the squares one step away, declared as the Simple action the engine accepts."""
    known_or_refuse(state, cid)
    combat = state.combat
    who = state.combatants.get(cid)
    if (not isinstance(combat, CombatState) or combat.phase != "action" or who is None or who.cell is None
            or not who.present or not combat.can_act_now(cid)):
        return None
    existing = combat.declarations_of(cid)
    step = act.SIMPLE_AFTER if any(d.kind in act.STANDARD for d in existing) else act.SIMPLE
    try:
        act.check_economy(who.name, existing, step, limits_of(who), two_weapon=fights_with_two_weapons(existing),
                          closed=combat.declaring_closed(cid))
    except act.ActionRefused:
        return None
    when = "after the Standard" if step == act.SIMPLE_AFTER else "the Standard stays free"
    return MoveAllowance(SQUARE_FT, SQUARE_FT, origin=planned_origin(state, cid, step), run_as=step, sprint_as=step,
                         note=f"5 ft step (Simple action; {when})")


# --------------------------------------------------------------------------- squares
class Route:
    """How to get to one square: the legs (one path per action) and the total cost.

    The legs may be given as ``ways``: (search, square) pairs whose paths are traced the
    first time ``legs`` is asked for. Why: a reach offers a few hundred squares and the
    window draws the path of the one under the pointer; tracing every path up front was
    most of the time a selection or a change took (every click). Equal when the legs, the
    cost and the sprint flag are. A one-leg route (:meth:`one_leg`) keeps its search and square
    as they are: a reach is a few hundred of them, made again after every change on the board,
    and two tuples each were most of what the cycle collector then walked (issue 12).
    """

    __slots__ = ("_legs", "_ways", "_search", "_to", "cost", "sprint")

    def __init__(self, legs: tuple[tuple[Cell, ...], ...] | None, cost: int, sprint: bool, *,
                 ways: tuple[tuple[Plan, Cell], ...] = ()) -> None:
        if legs is None and not ways:
            raise ValueError("a route needs its legs or the searches to trace them from")
        self._legs = legs
        self._ways = ways
        self._search: Plan | None = None
        self._to: Cell | None = None
        self.cost = cost
        self.sprint = sprint  # needs more than the run (amber)

    @classmethod
    def one_leg(cls, search: Plan, cell: Cell, cost: int, sprint: bool) -> Route:
        """The route of one leg to ``cell``, traced from ``search`` when first asked for."""
        route = cls.__new__(cls)
        route._legs = None
        route._ways = ()
        route._search = search
        route._to = cell
        route.cost = cost
        route.sprint = sprint
        return route

    @property
    def legs(self) -> tuple[tuple[Cell, ...], ...]:
        if self._legs is None:
            if self._search is not None and self._to is not None:
                self._legs = (tuple(self._search.path_to(self._to)),)
                self._search = self._to = None
            else:
                self._legs = tuple(tuple(search.path_to(cell)) for search, cell in self._ways)
                self._ways = ()
        return self._legs

    @property
    def path(self) -> list[Cell]:
        return [c for leg in self.legs for c in leg]

    def _key(self) -> tuple[tuple[tuple[Cell, ...], ...], int, bool]:
        return self.legs, self.cost, self.sprint

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Route) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Route(legs={self.legs!r}, cost={self.cost!r}, sprint={self.sprint!r})"


def map_for_move(state: EncounterState, cid: str, allowance: MoveAllowance) -> BattleMap:
    """The map a move under ``allowance`` will be taken on: in team rounds the doors as the
    declared door actions that resolve first will leave them (reading: N-DOOR-3), else the
    map as it stands."""
    kind = allowance.run_as or allowance.sprint_as
    if isinstance(state.combat, CombatState) and kind in act.KINDS:
        return planned_map(state, cid, kind)
    return state.current_map()


def move_routes(state: EncounterState, cid: str, allowance: MoveAllowance | None = None, *,
                plans: dict[tuple[Cell, int], Plan] | None = None) -> dict[Cell, Route]:
    """Every square ``cid`` may end a move on now, with the legs to submit (R-GRID-3..5).

    A split sprint is two legs: the run to a square the mover may stop on, then
    the rest within the second action's budget; of the ways to a square the
    cheapest wins, then the longest first leg. ``plans`` (if given) receives each
    search made, by (start, feet): a caller that needs one of them again reuses it.

    Traps the mover's side knows of are walked around (reading: N-TRAP-12): a way that
    enters none of their trigger squares wins over a cheaper one that does, whenever it
    fits the allowance (it may then need the sprint); only a square no such way reaches
    (a trap's own square as the destination, a corridor it blocks) keeps the way over it.
    An id no combatant has is refused (``Refused``), never an empty reach.
    """
    known_or_refuse(state, cid)
    allowance = allowance or move_allowance(state, cid)
    who = state.combatants.get(cid)
    origin = allowance.origin
    if who is None or origin is None or not allowance.can_move:
        return {}
    battle_map = map_for_move(state, cid, allowance)
    enemies = [c.cell for c in state.enemies_of(who) if c.cell is not None]
    allies = [c.cell for c in state.allies_of(who) if c.cell is not None]
    around = squares_to_walk_around(state, who, battle_map) - {origin}
    wires = wires_to_walk_around(state, who, origin)  # and no step across a known wire between squares
    around_map = map_with_wires(battle_map, wires)

    def reach(start: Cell, feet: int) -> Plan:
        found = plan(battle_map, start, feet, enemies=enemies, occupied=allies)
        if plans is not None:
            plans[(start, feet)] = found
        return found

    def reach_around(start: Cell, feet: int, plain: Plan | None = None) -> Plan | None:
        """The search that enters no known trap's square (None: no known trap to go round);
        ``plain``, the search from the same start, serves when it reaches none of them."""
        if not around:
            return None
        if plain is not None and not wires and around.isdisjoint(plain.cost):
            return plain
        return plan(around_map, start, feet, enemies=[*enemies, *(around - {start})], occupied=allies)

    out: dict[Cell, Route] = {}
    two_legs = allowance.split and 0 < allowance.run_ft < allowance.sprint_ft
    first_ft = allowance.run_ft if two_legs else allowance.sprint_ft
    first = reach(origin, first_ft)
    first_around = reach_around(origin, first_ft, first)
    clear = first_around.endable if first_around is not None else frozenset()
    for cell in first.endable - allowance.barred:
        if cell == origin:
            continue
        if first_around is not None and cell in clear:
            way = first_around
        elif first_around is None or not two_legs:
            way = first
        else:
            continue  # reached only over a known trap in the run: a sprint round it may win below
        cost = way.cost[cell]
        out[cell] = Route.one_leg(way, cell, cost, allowance.run_ft == 0 or cost > allowance.run_ft)
    if not two_legs:
        return out
    second_ft = allowance.sprint_ft - allowance.run_ft
    # (over a known trap?, total, -first leg): a way round first, then the cheapest, then the longest run
    best: dict[Cell, tuple[tuple[int, int, int], tuple[tuple[Plan, Cell], ...]]] = {}

    # squares one leg reaches, or no move may end on; never the start: a run there and back is no
    # move, and only a split (sprint) route could reach it (review 14, finding 4; reading: N-MOVE-9)
    skip = set(out) | set(allowance.barred) | {origin}
    over = 1 if around else 0
    for cell in first.endable - {origin}:
        if cell not in skip:  # a square the run reaches only over a known trap: its way, unless one round it
            best[cell] = ((over, first.cost[cell], -first.cost[cell]), ((first, cell),))

    def offer(first_leg: Plan, mid: Cell, after: Plan, round_trap: int) -> None:
        """Every square ``after`` reaches from ``mid``, if this way there beats the best so far
        (the innermost loop of a split move: kept plain)."""
        c1 = first_leg.cost[mid]
        costs = after.cost
        for cell in after.endable:
            if cell == mid or cell in skip:
                continue
            key = (round_trap, c1 + costs[cell], -c1)
            known = best.get(cell)
            if known is None or key < known[0]:
                best[cell] = (key, ((first_leg, mid), (after, cell)))

    for mid in sorted(first.endable - {origin}):
        after = reach(mid, second_ft)
        offer(first, mid, after, over)
        if first_around is None or mid not in clear:
            continue
        after_around = reach_around(mid, second_ft, after)
        assert after_around is not None
        offer(first_around, mid, after_around, 0)
    for cell, ((_, total, _), ways) in best.items():
        out[cell] = Route(None, total, len(ways) == 2 or total > allowance.run_ft, ways=ways)
    return out


def why_not_move(state: EncounterState, cid: str, cell: Cell, allowance: MoveAllowance | None = None,
                 reachable: Container[Cell] | None = None) -> str:
    """A sentence saying why ``cid`` cannot end a move on ``cell`` now.

    The window shows it when a click lands outside the reach. The answer uses the
    allowance and the movement search :func:`move_routes` offers squares from, so
    it never disagrees with the reach: off the map, a square no one can stand on,
    an occupied square (R-GRID-5), a square passed through but not one to stop on,
    too far by the cheapest path (R-MOVE-1), no way through.
    ``reachable``: the squares the mover passes through within its allowance
    (computed when not given).
    """
    who = combatant_or_refuse(state, cid)
    allowance = allowance or move_allowance(state, cid)
    if not allowance.can_move:
        return f"{who.name} cannot move now: {allowance.reason or 'it cannot move now'}."
    battle_map = map_for_move(state, cid, allowance)
    if not battle_map.in_bounds(cell):
        return "That is off the map."
    if battle_map.move_cost(cell) is None:
        return f"No one can stand there ({battle_map.terrain_at(cell).label or 'solid'})."
    other = state.at(cell)
    if other is not None and other.id != cid:
        return f"{other.name} already stands there."
    start = allowance.origin or who.cell
    if start is None:
        return f"{who.name} is not on the map."
    if cell == start:  # reading: N-MOVE-9, a move ends on another square
        return f"{who.name} is already on {cell}: a move ends on another square."
    enemies = [c.cell for c in state.enemies_of(who) if c.cell is not None]
    allies = [c.cell for c in state.allies_of(who) if c.cell is not None]
    if reachable is None:
        reachable = plan(battle_map, start, allowance.sprint_ft, enemies=enemies, occupied=allies).cost
    if cell in reachable:
        return f"{who.name} cannot end a move there."
    wider = plan(battle_map, start, max(allowance.sprint_ft, 5) * 4, enemies=enemies, occupied=allies)
    if cell in wider.cost:
        return f"Too far: {wider.cost[cell]} ft by the shortest path; {who.name} can move {allowance.sprint_ft} ft now."
    secret = frozenset(i for i in range(len(state.map.doors)) if state.door_secret(i))  # walls to them (N-DOOR-6)
    if _door_in_the_way(battle_map, start, cell, max(allowance.sprint_ft, 5) * 4, enemies, allies, secret):
        return (f"{who.name} has no way there: a closed door is in the way. Open it first "
                "(click the door; in a fight from a square beside it).")
    return f"{who.name} has no way there: walls or enemies block every path."


def _door_in_the_way(battle_map: BattleMap, start: Cell, cell: Cell, feet: int, enemies: list[Cell],
                     allies: list[Cell], secret: frozenset[int] = frozenset()) -> bool:
    """Would ``cell`` be within ``feet`` of ``start`` with every door open? (Then a closed door
    is what stops the mover, and the window says so; reading: N-DOOR-2.) A ``secret`` door
    (N-DOOR-6) is a wall to everyone but the GM: "open the door" would point at it."""
    closed = [i for i, door in enumerate(battle_map.doors) if door.closed and i not in secret]
    if not closed:
        return False
    opened = battle_map
    for index in closed:
        opened = opened.with_door(index, closed=False)
    return cell in plan(opened, start, feet, enemies=enemies, occupied=allies).cost

