"""Where it is good to stand: how much the foes can hurt a square, and what one can hit from it.

Why it exists: a move is worth what it sets up (an attack next turn) minus what
it exposes the mover to (the foes that can reach or shoot that square before
the mover acts again). Both are asked many times per turn, so they use the
cheap, exact parts of the rules: grid distance (every step 5 ft, R-GRID-2) and
the map's own sight lines (walls stop attacks, R-AOE-1 / sight); attack odds
are computed once per attacker, weapon and target and reused for every square.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Any

from tactics.ai.routes import KnownTrapReach
from tactics.ai.settings import opponent_rules
from tactics.ai.scoring import run_ft, Arms, AttackValue, arms_of, asks_roll, reach_ft, square_chance, threat_of, value_attack
from tactics.engine.combat.state import sheet_of
from tactics.engine.core.state import Combatant, EncounterState
from tactics.rules.grid import SQUARE_FT, Cell, cell_center, distance_ft
from tactics.rules.movement import Plan, plan
from tactics.rules.sheets import Technique

STEP_FT = 5
#: how far on foot "closing in" is measured around walls (beyond: as the crow flies, at least this far)
WALK_FT = 150


@dataclass
class Board:
    """One team's view of the fight with the caches a turn's planning shares."""

    view: EncounterState
    team: str
    individual: bool = False  # individual turns: a foe may move and attack in one turn
    hp_left: dict[str, float] = field(default_factory=dict)
    _threat: dict[str, float] = field(default_factory=dict)
    _sight: dict[tuple[Cell, Cell], bool] = field(default_factory=dict)
    _value: dict[tuple[str, ...], AttackValue | None] = field(default_factory=dict)
    _foes: list[Combatant] | None = None
    _arms: dict[str, list[Arms]] = field(default_factory=dict)
    _exposure: dict[Cell, float] = field(default_factory=dict)
    _reach: dict[tuple[str, str], int] = field(default_factory=dict)
    _offers: dict[tuple[str, str], list[tuple[int, Cell, float, str]]] = field(default_factory=dict)
    _made: dict[tuple[str, int], dict[Cell, float]] = field(default_factory=dict)
    _rolls: dict[tuple[str, int], tuple[dict[Cell, int], list[tuple[Cell, int]]]] = field(default_factory=dict)
    _rolling: list[Cell] | None = None
    _threats_of: tuple[list[Combatant], list[tuple[Cell, float, list[tuple[int, bool]]]]] | None = None
    _walks: dict[Cell, dict[Cell, int]] = field(default_factory=dict)
    _pulls: dict[tuple[str, float], list[tuple[int, int, dict[int, float], str, float, int, int]]] = field(default_factory=dict)
    plans: dict[tuple[str, frozenset[Cell]], Plan | KnownTrapReach] = field(default_factory=dict)  # one search per member
    cuts: dict[tuple[tuple[str, frozenset[Cell]], int], Plan | KnownTrapReach] = field(default_factory=dict)  # ... cut to a budget

    def __post_init__(self) -> None:
        for c in self.view.combatants.values():
            self.hp_left.setdefault(c.id, float(c.hp))

    # ------------------------------------------------------------------ who
    def ours(self) -> list[Combatant]:
        return [c for c in self.view.on_map() if c.team == self.team and not c.down]

    def foes(self) -> list[Combatant]:
        if self._foes is None:
            self._foes = [c for c in self.view.on_map()
                          if c.team != self.team and not c.down and self.hp_left[c.id] > 0]
        return self._foes

    def arms(self, who: Combatant) -> list[Arms]:
        hit = self._arms.get(who.id)
        if hit is None:
            hit = self._arms[who.id] = arms_of(who)
        return hit

    # ------------------------------------------------------------------ geometry
    def sees(self, a: Cell, b: Cell) -> bool:
        key = (a, b) if a <= b else (b, a)
        hit = self._sight.get(key)
        if hit is None:
            hit = self._sight[key] = self.view.current_map().walls.line_clear(cell_center(a), cell_center(b))
        return hit

    def can_hit_from(self, arms: Arms, start: Cell, target: Cell) -> bool:
        """Range and sight only (the odds do not change with the square but for the rear arc)."""
        return distance_ft(start, target) <= arms.range_ft and self.sees(start, target)

    # ------------------------------------------------------------------ values
    def threat(self, foe: Combatant) -> float:
        """A foe's expected damage per attack against our side (the mean over our members)."""
        hit = self._threat.get(foe.id)
        if hit is None:
            ours = self.ours() or [foe]
            hit = self._threat[foe.id] = sum(threat_of(self.view, foe, m) for m in ours) / len(ours)
        return hit

    def attack(self, who: Combatant, arms: Arms, target: Combatant, start: Cell | None = None) -> AttackValue | None:
        """The attack's value from ``start`` (default: where ``who`` stands)."""
        if start is None or start == who.cell:
            key = (who.id, arms.name, target.id)
            if key not in self._value:
                self._value[key] = value_attack(self.view, who, arms, target, hp_left=self._hp(target))
            return self._value[key]
        return value_attack(self.view, who, arms, target, from_cell=start, hp_left=self._hp(target))

    def odds(self, who: Combatant, arms: Arms, target: Combatant) -> AttackValue | None:
        """The attack's value wherever it is made from (range and sight are the caller's check).

        The odds of an attack do not depend on the attacker's square except for
        the rear arc, so a move's next-turn value reuses one computation per
        attacker, arms and target.
        """
        key = (who.id, arms.name, target.id, "anywhere")
        if key not in self._value:
            assert target.cell is not None
            self._value[key] = value_attack(self.view, who, arms, target, from_cell=target.cell, hp_left=self._hp(target))
        return self._value[key]

    def _hp(self, target: Combatant) -> int:
        return max(0, round(self.hp_left.get(target.id, target.hp)))

    def spend(self, value: AttackValue, weight: float = 1.0) -> None:
        """Count an attack another member will make (focus fire: no overkill).

        The exposure of a square does not depend on hit points left, only on which
        foes are still standing: it is kept unless this attack likely drops one.
        """
        standing = [f.id for f in self.foes()]
        self.hp_left[value.target] = max(0.0, self.hp_left[value.target] - weight * value.expected)
        self._value = {k: v for k, v in self._value.items() if k[2] != value.target}
        self._foes = None
        if [f.id for f in self.foes()] != standing:
            self._exposure.clear()
        self._offers.clear()
        self._pulls.clear()

    # ------------------------------------------------------------------ squares
    def path_chance(self, who: Combatant, reach: Plan | KnownTrapReach, cell: Cell) -> float:
        """:func:`~tactics.ai.scoring.path_chance` of ``reach``'s path to ``cell``, worked out
        square by square down the search's tree of paths and remembered.

        A move weighs two dozen squares and a charge every square next to its foe, and
        their paths share most of their squares: each square's chance is its
        predecessor's times its own roll's (the same products, in the same order, as
        multiplying along the path), so each square is visited once per search.
        """
        if isinstance(reach, KnownTrapReach):
            if cell in reach.risky:
                return 0.0  # the walk stops where the known trap goes off (N-TRAP-3, N-TRAP-12)
            reach = reach.way(cell)
        cost = reach.cost
        if cell not in cost:
            return 1.0  # no path: nothing to roll
        # the searches cut from one (tactics.ai.team_turn._reach_plan) share its costs and paths;
        # the memo holds the costs, so no other search can take their id while it lasts
        key = (who.id, id(cost))
        known = self._rolls.get(key)
        if known is None:
            known = self._rolls[key] = (cost, [(c, cost[c]) for c in self._roll_squares() if c in cost])
        rolls = known[1]
        # A square p on the cheapest path to ``cell`` costs at least 5 ft a step less:
        # cost[p] + 5 x its distance in squares <= cost[cell]. No square that asks a
        # roll passes that test: the path asks none, and it need not be drawn.
        here, (x, y) = cost[cell], cell
        if not any(at + SQUARE_FT * max(abs(rx - x), abs(ry - y)) <= here for (rx, ry), at in rolls):
            return 1.0
        memo = self._made.setdefault(key, {reach.start: 1.0})
        chain: list[Cell] = []
        at: Cell | None = cell
        while at not in memo:
            assert at is not None  # the start is in the memo
            chain.append(at)
            at = reach.previous(at)
        assert at is not None
        chance = memo[at]
        for square in reversed(chain):
            made = square_chance(self.view, who, square)
            if made is not None:
                chance *= made
            memo[square] = chance
        return chance

    def _roll_squares(self) -> list[Cell]:
        """Every square of the map that asks a roll to enter (listed terrain; every square when
        the plain floor itself asks one)."""
        if self._rolling is None:
            battle_map = self.view.current_map()
            floor = battle_map.kinds.get("floor")
            if floor is None or (floor.check and floor.dc is not None):
                every = ((x, y) for x in range(battle_map.width) for y in range(battle_map.height))
                self._rolling = [c for c in every if asks_roll(battle_map, c)]
            else:  # the squares not listed are plain floor: only the listed kinds that ask one
                self._rolling = battle_map.grid.cells_of(
                    name for name, kind in battle_map.kinds.items() if kind.check and kind.dc is not None)
        return self._rolling

    def exposure(self, who: Combatant, cell: Cell) -> float:
        """The expected damage the foes can deal on ``cell`` before ``who`` acts again."""
        hit = self._exposure.get(cell)
        if hit is None:
            hit = self._exposure[cell] = sum(threat for there, threat, reaches in self._threats()
                                             if self._reaches(there, reaches, cell))
        return hit

    def _threats(self) -> list[tuple[Cell, float, list[tuple[int, bool]]]]:
        """(square, threat, [(reach in ft, needs a sight line)] per arms) of every foe on the map,
        in :meth:`foes` order: what :meth:`exposure` asks of each foe for every square."""
        foes = self.foes()
        if self._threats_of is None or self._threats_of[0] is not foes:
            table = [(f.cell, self.threat(f), [(self.reach_of(f, a), a.range_ft > STEP_FT and not self.individual)
                                               for a in self.arms(f)])
                     for f in foes if f.cell is not None]
            self._threats_of = (foes, table)
        return self._threats_of[1]

    def _reaches(self, there: Cell, reaches: list[tuple[int, bool]], cell: Cell) -> bool:
        """Can the foe on ``there`` (its entry in :meth:`_threats`) hit ``cell`` before our next
        turn? In reach, and (team rounds) in sight for a ranged attack."""
        dist = distance_ft(there, cell)
        for reach, sight in reaches:
            if dist > reach:
                continue
            if sight and not self.sees(there, cell):
                continue
            return True
        return False

    def threat_on(self, foe: Combatant, cell: Cell) -> float:
        """What ``foe`` adds to :meth:`exposure` on ``cell``: its threat if it can hit there, else 0."""
        if foe.cell is None:
            return 0.0
        reaches = [(self.reach_of(foe, a), a.range_ft > STEP_FT and not self.individual) for a in self.arms(foe)]
        return self.threat(foe) if self._reaches(foe.cell, reaches, cell) else 0.0

    def exposure_at_least(self, cell: Cell) -> float:
        """A cheap lower bound of :meth:`exposure`: the foes that reach ``cell`` without a sight line."""
        total = 0.0
        for foe in self.foes():
            if foe.cell is None:
                continue
            dist = distance_ft(foe.cell, cell)
            for arms in self.arms(foe):
                if arms.range_ft <= STEP_FT and dist <= self.reach_of(foe, arms):
                    total += self.threat(foe)
                    break
        return total

    def reach_of(self, foe: Combatant, arms: Arms) -> int:
        """How far from ``foe`` an attack with ``arms`` can land before our next turn."""
        # team rounds: a Standard Move and an attack are both Standard actions, so a foe
        # attacks from a 5 ft step away at most, unless its Technique carries a run (a charge);
        # individual turns: it may move and then attack.
        key = (foe.id, arms.name)
        hit = self._reach.get(key)
        if hit is None:
            extra = sheet_of(foe).run_ft if self.individual else STEP_FT
            hit = self._reach[key] = reach_ft(arms) + (0 if run_ft(arms) else extra)
        return hit

    def approach(self, who: Combatant, cell: Cell, discount: float) -> float:
        """What closing in from ``cell`` is worth: each foe's best attack, discounted per turn
        of moving it still takes to reach it (so a far foe still pulls a little)."""
        return self.approach_toward(who, cell, discount)[0]

    def approach_toward(self, who: Combatant, cell: Cell, discount: float) -> tuple[float, str | None]:
        """:meth:`approach`, and the foe it closes in on."""
        best, toward = 0.0, None
        x, y = cell
        for fx, fy, pulls, foe, value, reach, run in self.pulls(who, discount):  # the AI's innermost loop: kept plain
            feet = self.walk_from((fx, fy)).get(cell)
            if feet is not None:
                squares = feet // STEP_FT
            else:  # farther than WALK_FT on foot (or walled off): never nearer than that
                dx, dy = abs(fx - x), abs(fy - y)
                squares = max(dx if dx > dy else dy, WALK_FT // STEP_FT + 1)
            pull = pulls.get(squares)
            if pull is None:
                pull = pulls[squares] = pull_value(value, squares, reach, run, discount)
            if pull > best:
                best, toward = pull, foe
        return best, toward

    def walk_from(self, square: Cell) -> dict[Cell, int]:
        """How far every square within ``WALK_FT`` is from ``square`` on foot, in feet: around
        walls and through doors, open or closed (:func:`walking_costs`; R-GRID-2..4; creatures aside).

        Why: "closing in" measured as the crow flies walked a member into the wall between it
        and its foe and kept it behind a closed door (N-DOOR-5); on foot, the way round wins.
        """
        hit = self._walks.get(square)
        if hit is None:
            hit = self._walks[square] = walking_costs(self.view.current_map(), square)
        return hit

    def near_on_foot(self, cell: Cell) -> int:
        """Feet on foot from ``cell`` to the nearest foe (:meth:`walk_from`; as the crow flies, at
        least ``WALK_FT``, beyond it): how far a member with nothing to hit still has to close in."""
        best: int | None = None
        for foe in self.foes():
            if foe.cell is None:
                continue
            feet = self.walk_from(foe.cell).get(cell)
            if feet is None:
                feet = max(distance_ft(cell, foe.cell), WALK_FT + STEP_FT)
            if best is None or feet < best:
                best = feet
        return best or 0

    def pulls(self, who: Combatant, discount: float) -> list[tuple[int, int, dict[int, float], str, float, int, int]]:
        """(foe's x, y, pull by distance, foe's name, value, reach, run) of every attack in :meth:`offers`.

        An attack's pull depends only on how many squares away its foe is, and the
        opponent asks it for every square in reach: so it is worked out once per
        distance (``pulls[d]``: d squares away), as it is first asked.
        """
        key = (who.id, discount)
        hit = self._pulls.get(key)
        if hit is None:
            run = max(STEP_FT, sheet_of(who).run_ft)
            hit = self._pulls[key] = [(fx, fy, {}, foe, value, reach, run) for reach, (fx, fy), value, foe in self.offers(who)]
        return hit

    def offers(self, who: Combatant) -> list[tuple[int, Cell, float, str]]:
        """(reach in ft, foe's square, value, foe's name) of every attack ``who`` has on every foe."""
        key = ("offers", who.id)
        hit = self._offers.get(key)
        if hit is None:
            hit = []
            for arms in self.arms(who):
                for foe in self.foes():
                    value = self.odds(who, arms, foe) if foe.cell is not None else None
                    if value is not None and foe.cell is not None:
                        hit.append((self.reach_of(who, arms), foe.cell,
                                    value.expected + value.p_kill * self.threat(foe), foe.name))
            self._offers[key] = hit
        return hit

    def best_at_most(self, who: Combatant, cell: Cell) -> float:
        """A cheap upper bound of :meth:`best_from` (range only, no sight lines)."""
        best = 0.0
        for arms in self.arms(who):
            if run_ft(arms):
                continue
            for foe in self.foes():
                if foe.cell is None or distance_ft(cell, foe.cell) > arms.range_ft:
                    continue
                value = self.odds(who, arms, foe)
                if value is not None:
                    best = max(best, value.expected + value.p_kill * self.threat(foe))
        return best

    def best_from(self, who: Combatant, cell: Cell, *, techniques: bool = True) -> tuple[float, AttackValue | None]:
        """The best attack ``who`` could make from ``cell`` against the foes where they stand."""
        best, best_value = 0.0, None
        for arms in self.arms(who):
            if run_ft(arms) or (not techniques and isinstance(arms, Technique)):
                continue
            for foe in self.foes():
                if foe.cell is None or not self.can_hit_from(arms, cell, foe.cell):
                    continue
                value = self.attack(who, arms, foe) if cell == who.cell else self.odds(who, arms, foe)
                if value is None:
                    continue
                score = value.expected + value.p_kill * self.threat(foe)
                if score > best:
                    best, best_value = score, value
        return best, best_value


#: walking costs remembered per map state (a map object: doors opened make a new one) and square
_WALKS: dict[int, tuple["weakref.ref[Any]", dict[Cell, dict[Cell, int]], Any]] = {}
_WALKS_KEPT = 8  # map states remembered before the oldest is forgotten


def walking_costs(battle_map: Any, square: Cell) -> dict[Cell, int]:
    """How far every square within ``WALK_FT`` is from ``square`` on foot, in feet: as the doors
    stand, and a square only a closed door leads to through it, ``door_walk_ft`` dearer (data:
    opponents.toml; one opens it, N-DOOR-5): so a member shut in a room walks to its door rather
    than standing still (review 6: Katie stayed in her room all fight), and opening the door is
    still worth its price. Remembered for the map state: the foes of one fight stand on the same
    squares turn after turn."""
    kept = _WALKS.get(id(battle_map))
    if kept is None or kept[0]() is not battle_map:
        if len(_WALKS) >= _WALKS_KEPT:
            del _WALKS[next(iter(_WALKS))]
        kept = _WALKS[id(battle_map)] = (weakref.ref(battle_map), {}, _doors_open(battle_map))
    costs = kept[1].get(square)
    if costs is None:
        costs = plan(battle_map, square, WALK_FT).cost
        if kept[2] is not battle_map:  # squares only a closed door leads to: the way through it, and its price
            through = plan(kept[2], square, WALK_FT).cost
            price = opponent_rules().door_walk_ft
            costs = {**{c: f + price for c, f in through.items()}, **costs}
        kept[1][square] = costs
    return costs


def _doors_open(battle_map: Any) -> Any:
    """``battle_map`` with every closed door open (the same map when none is closed)."""
    opened = battle_map
    for index, door in enumerate(getattr(battle_map, "doors", ())):
        if door.closed:
            opened = opened.with_door(index, closed=False)
    return opened


def forget_walks() -> None:
    """Forget the remembered walking costs (the benchmark's cold decisions)."""
    _WALKS.clear()


def pull_value(value: float, squares: int, reach: int, run: int, discount: float) -> float:
    """What an attack worth ``value`` on a foe ``squares`` away pulls: discounted per turn of
    moving (``run`` ft a turn) it still takes to bring the foe within ``reach`` ft."""
    gap = STEP_FT * squares - reach
    turns = 1 + -(-gap // run) if gap > 0 else 1  # this coming turn, plus the turns of moving
    return value * discount ** turns
