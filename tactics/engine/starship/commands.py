"""Starship combat commands: crew posts, the three phases, actions and weapons fire.

Every command validates against the current state (raising :class:`Refused`
with a sentence a player can read), rolls from the :class:`Dice` it is given,
and returns events; :mod:`tactics.engine.starship.state` applies them.

Simultaneity (R-SHIP-1): during a phase every crew rolls at once and nothing
they roll changes the ships until :class:`EndPhase`, which applies all of that
phase's effects for all ships together. So a ship hit in the Action Phase still
fires its own Action-Phase volley that round. Help inside one crew (the
Captain's order, a Scan for the Weapons Officer) does not depend on who rolled
first (N-SHIP-1): a roll made after the help uses it at once, and a roll made
before it is judged again with it when the phase ends. The Chief Engineer's
choice to act in the Action Phase is made before any roll of that phase
(N-SHIP-2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tactics.engine.starship.events import (
    SpaceActionTaken, SpacePhaseStarted, SpacePostAssigned, SpacePostVacated, SpaceStarted, SpaceWeaponsFired,
)
from tactics.engine.core.journal import Event, Refused
from tactics.engine.starship.phases import EndPhase, Surrender  # noqa: F401  (part of this API)
from tactics.engine.starship.state import (  # noqa: F401  (space_of/ship_of are used by callers too)
    DESTROYED,
    ENDED,
    FIGHTING,
    SETUP,
    SURRENDERED,
    Ship,
    SpaceState,
    check_modifier_parts,
    crew_acted,
    crew_name,
    injured_posts,
    is_cloaked,
    phase_noted,
    detects,
    disabled_posts,
    effective,
    ship_bd_dc,
    ship_of,
    space_of,
    usable_hard_points,
)
from tactics.engine.starship.checks import CheckPlan, plan_check
from tactics.engine.starship.dc_parts import bd_dc_parts, reroll_parts
from tactics.rules.dice import Dice
from tactics.rules.near_names import near_miss
from tactics.rules.starship import PHASE_NAMES, POST_NAMES, POSTS, roll_check, roll_weapons
from tactics.rules.starship_data import ShipAction


def _post(post: str) -> str:
    if post not in POSTS:
        raise Refused(f"{post!r} is not a crew post (posts: {', '.join(POSTS)})")
    return post


def posts_in_phase(space: SpaceState, ship: Ship) -> list[str]:
    """Posts of this ship that belong to the current phase (R-SHIP-2, R-SHIP-6, R-SHIP-7)."""
    if not space.started or ship.status != FIGHTING:
        return []
    if space.round == 0 and ship.id not in space.surprise:
        return []
    phase = space.phase
    if phase == "support":
        posts = ["captain"] + ([] if ship.id in space.held else ["science"])
    elif phase == "action":
        posts = ["helm", "sensors", "weapons"]
        if ship.id in space.held:
            posts.insert(0, "science")
        # reading: R-SHIP-2 (N-SHIP-2) — the Chief Engineer may act here instead of in the
        # Response Phase, chosen at the start of the phase, before any roll is noted.
        # A ship whose engineer has nothing to do here (no grapple, no cloak) leaves them in Response.
        if ship.id in space.engineer_in_action or (not phase_noted(space) and _engineer_has_work(space, ship)):
            posts.append("engineer")
    else:
        posts = ["medical"] + ([] if ship.id in space.engineer_in_action else ["engineer"])
    return posts


def posts_acting_now(space: SpaceState, ship_id: str) -> list[str]:
    """Posts of a ship that may still act in this phase: crewed, not yet acted, not disabled."""
    ship = space.ships[ship_id]
    off = disabled_posts(ship, space.now)
    return [
        p for p in posts_in_phase(space, ship)
        if p in ship.crew and p not in off and not crew_acted(space, ship_id, p)
    ]


def actions_offered(space: SpaceState, ship_id: str, post: str) -> list[ShipAction]:
    """The actions this post may take now (empty if it cannot act)."""
    if post not in posts_acting_now(space, ship_id):
        return []
    ship = space.ships[ship_id]
    committed = ship_id in space.engineer_in_action
    return [
        a for a in space.actions.values()
        if a.post == post and space.phase in a.phases
        and (a.requires is None or a.requires in ship.spec.functions)
        and not (a.name == "hold" and space.round == 0)
        and not (committed and _is_engineer_choice(a))
        and not (a.target == "battle_damage" and not _repairable(space, ship))
        and not (_treats(a) and not treatable_posts(space, ship))
    ]


def engineer_phases(space: SpaceState, ship: Ship) -> list[str]:
    """The phases the Chief Engineer of ``ship`` may act in (R-SHIP-2): the Action Phase (instead of
    the Response Phase) only on a ship with Action-Phase work for them, a grapple or a cloak
    (N-SHIP-2: no other ship is offered the choice); always the Response Phase."""
    return ["action", "response"] if _engineer_has_work(space, ship) else ["response"]


def science_phases(space: SpaceState, ship: Ship) -> list[str]:
    """The phases the Science Officer of ``ship`` may act in (R-SHIP-2: "(Optional) The Science
    Officer ... can choose to act in this round"): the Action Phase too, by holding, on a ship with
    Action-Phase work for them (hacking, crypto, a cloak); always the Support Phase."""
    work = any(a.post == "science" and "action" in a.phases and (a.requires is None or a.requires in ship.spec.functions)
               for a in space.actions.values())
    return ["support", "action"] if work else ["support"]


def _engineer_has_work(space: SpaceState, ship: Ship) -> bool:
    """Has the Chief Engineer an Action-Phase action on this ship besides the choice itself?"""
    return any(
        a.post == "engineer" and "action" in a.phases and not _is_engineer_choice(a)
        and (a.requires is None or a.requires in ship.spec.functions)
        for a in space.actions.values()
    )


def _is_engineer_choice(action: ShipAction) -> bool:
    return any(e.kind == "engineer_to_action" for e in action.effects)


def _repairable(space: SpaceState, ship: Ship) -> list[Any]:
    """The ship's Battle Damage no one repairs yet (a repair with nothing to repair is not offered)."""
    taken = {p.get("id") for p in space.pending if p.get("kind") == "repair" and p.get("ship") == ship.id}
    return [bd for bd in ship.battle_damage if bd.id not in taken]


def _treats(action: ShipAction) -> bool:
    return any(e.kind == "treat" for e in action.effects)


def treatable_posts(space: SpaceState, ship: Ship) -> list[str]:
    """The crewed posts of ``ship`` whose crew Battle Damage injured and no one has treated yet, in the
    text's order (reading: N-SHIP-4, R-SHIP-2: the Medical Officer "can heal injured crew members").
    Empty: the Medical Officer has nothing to treat (as a Chief Engineer with no Battle Damage has
    nothing to repair), so the post is not offered Treat nor waited for (review 18)."""
    hurt = injured_posts(ship, space.now)
    return [p for p in POSTS if p in hurt and p in ship.crew and p != "medical"]


def _check_treatable(space: SpaceState, ship: Ship, params: dict[str, Any]) -> None:
    """Refuse a treatment with nothing to treat, or of a post whose crew is not hurt, saying why."""
    hurt = treatable_posts(space, ship)
    if not hurt:
        raise Refused(f"no one aboard the {ship.name} is hurt: the Medical Officer has nothing to treat "
                      "(only crew a Battle Damage injured can be treated)")
    post = str(params.get("post", ""))
    if post in ship.crew and post not in hurt:
        who = ship.crew_names.get(post, ship.crew[post])
        hurt_names = ", ".join(f"{ship.crew_names.get(p, p)} ({POST_NAMES[p]})" for p in hurt)
        raise Refused(f"{who} ({POST_NAMES[post]}) is not hurt: nothing to treat. Injured: {hurt_names}")


def _check_can_act(space: SpaceState, ship: Ship, post: str) -> str:
    """Validate that ``post`` of ``ship`` may act now; return the crew member."""
    if space.phase == SETUP:
        raise Refused("space combat has not started")
    if space.phase == ENDED:
        raise Refused("space combat is over")
    if ship.status != FIGHTING:
        raise Refused(f"the {ship.name} is {ship.status} and its crew cannot act")
    if space.round == 0 and ship.id not in space.surprise:
        raise Refused(f"the {ship.name} is surprised: only unseen ships act before round 1")
    who = ship.crew.get(post)
    if who is None:
        raise Refused(f"no one is at the {POST_NAMES[post]} post of the {ship.name}")
    if post not in posts_in_phase(space, ship):
        extra = ""
        if post == "science" and space.phase == "action":
            extra = " (the Science Officer must hold in the Support Phase to act now)"
        if post == "engineer" and space.phase == "response":
            extra = " (the Chief Engineer acted in the Action Phase this round)"
        if post == "engineer" and space.phase == "action":
            raise Refused("the Chief Engineer must choose to act in the Action Phase at its start, "
                          "before any roll of the phase; this round they act in the Response Phase")
        raise Refused(f"the {POST_NAMES[post]} does not act in the {PHASE_NAMES[space.phase]} Phase{extra}")
    if post in injured_posts(ship, space.now):
        raise Refused(f"the {ship.name}'s {POST_NAMES[post]} is injured: the Medical Officer must treat them first")
    if post in disabled_posts(ship, space.now):
        raise Refused(f"Battle Damage keeps the {ship.name}'s {POST_NAMES[post]} from acting")
    # reading: R-SHIP-2 — one action per crew *member*: a person at two posts acts once.
    if crew_acted(space, ship.id, post):
        raise Refused(f"{ship.crew_names.get(post, who)} has already acted this round")
    return who


def _enemy_target(space: SpaceState, ship: Ship, target_id: Any) -> Ship:
    if not target_id:
        raise Refused("choose a target ship")
    target = ship_of(space, str(target_id))
    if target.side == ship.side:
        raise Refused(f"the {target.name} is on your side")
    if target.status == DESTROYED:
        raise Refused(f"the {target.name} has been destroyed")
    return target


def _advantage(space: SpaceState, ship: Ship, post: str) -> int:
    """The Captain's order this round: one advantage (R-SHIP-2).

    reading: R-SHIP-2 with R-ROLL-2 (N-SHIP-6): on a 2d10 check it adds a
    d2; on the Weapons Officer's pool it gives one extra re-roll of a success.
    """
    return 1 if post in space.advantages.get(ship.id, []) else 0


# -- crew posts ----------------------------------------------------------------


@dataclass
class AssignPost:
    """Put a crew member (a combatant id or an NPC name) at a post of a ship."""

    ship: str
    post: str
    crew: str
    name: str = "space.assign_post"

    def args(self) -> dict[str, Any]:
        return {"ship": self.ship, "post": self.post, "crew": self.crew}

    def execute(self, state: Any, dice: Dice) -> list[Event]:
        space = space_of(state)
        ship = ship_of(space, self.ship)
        post = _post(self.post)
        if not str(self.crew).strip():
            raise Refused("name the crew member for the post")
        _not_a_slip(state, space, str(self.crew))
        return [SpacePostAssigned(ship=ship.id, post=post, crew=self.crew,
                                  crew_name=crew_name(state, self.crew), ship_name=ship.name)]


def _not_a_slip(state: Any, space: Any, crew: str) -> None:
    """A crew id nearly a combatant's ("jamez" for james, "James" for james) is refused, naming it;
    a name far from every id, or an NPC already aboard a ship, is an NPC crew member."""
    combatants = getattr(state, "combatants", {})
    if crew in combatants or any(crew in ship.crew.values() for ship in space.ships.values()):
        return
    ids = {cid: cid for cid in combatants} | {c.name: cid for cid, c in combatants.items()}
    close = near_miss(crew, ids)
    if close is not None:
        raise Refused(f"no combatant {crew!r}: did you mean {ids[close]} ({combatants[ids[close]].name})? "
                      "An NPC's own name is taken as written.")


@dataclass
class MoveCrew:
    """Move whoever is at one post to another, as one change (one undo): onto an empty post the
    crew member moves (the old post is left empty), onto a taken post the two swap posts. Nobody
    gains a second post and nobody is dropped from the ship without being asked."""

    ship: str
    post: str
    to_ship: str
    to_post: str
    name: str = "space.move_crew"

    def args(self) -> dict[str, Any]:
        return {"ship": self.ship, "post": self.post, "to_ship": self.to_ship, "to_post": self.to_post}

    def execute(self, state: Any, dice: Dice) -> list[Event]:
        space = space_of(state)
        here, there = ship_of(space, self.ship), ship_of(space, self.to_ship)
        post, to_post = _post(self.post), _post(self.to_post)
        who = here.crew.get(post)
        if who is None:
            raise Refused(f"the {POST_NAMES[post]} post of the {here.name} is empty")
        if (here.id, post) == (there.id, to_post):
            raise Refused("that is the post they already hold")
        other = there.crew.get(to_post)
        events: list[Event] = [SpacePostAssigned(
            ship=there.id, post=to_post, crew=who, crew_name=here.crew_names.get(post, who),
            ship_name=there.name, swap=other is not None)]
        if other is None:
            events.append(SpacePostVacated(ship=here.id, post=post, ship_name=here.name))
        else:
            events.append(SpacePostAssigned(
                ship=here.id, post=post, crew=other, crew_name=there.crew_names.get(to_post, other),
                ship_name=here.name, swap=True))
        return events


@dataclass
class VacatePost:
    """Leave a post empty: it is skipped in its phase (R-SHIP-2)."""

    ship: str
    post: str
    name: str = "space.vacate_post"

    def args(self) -> dict[str, Any]:
        return {"ship": self.ship, "post": self.post}

    def execute(self, state: Any, dice: Dice) -> list[Event]:
        space = space_of(state)
        ship = ship_of(space, self.ship)
        post = _post(self.post)
        if post not in ship.crew:
            raise Refused(f"the {POST_NAMES[post]} post of the {ship.name} is already empty")
        return [SpacePostVacated(ship=ship.id, post=post, ship_name=ship.name)]


# -- starting ----------------------------------------------------------------------


@dataclass
class StartSpaceCombat:
    """Begin the battle; unseen ships get a surprise Action Phase first (R-SHIP-7)."""

    name: str = "space.start"

    def args(self) -> dict[str, Any]:
        return {}

    def execute(self, state: Any, dice: Dice) -> list[Event]:
        space = space_of(state)
        if space.phase != SETUP:
            raise Refused("space combat has already started")
        if len({s.side for s in space.ships.values()}) < 2:
            raise Refused("space combat needs ships on at least two sides")
        seen_by: dict[str, list[str]] = {}
        for ship in space.ships.values():
            seen_by[ship.id] = [
                o.id for o in space.ships.values() if o.side != ship.side and detects(o, ship, 0)
            ]
        unseen = [sid for sid, observers in seen_by.items() if not observers]
        # reading: R-SHIP-7 — if no ship sees any other, no one is surprised.
        surprise = unseen if 0 < len(unseen) < len(space.ships) else []
        return [
            SpaceStarted(surprise=surprise, seen_by=seen_by, names={s.id: s.name for s in space.ships.values()}),
            SpacePhaseStarted(round=0, phase="action") if surprise else SpacePhaseStarted(round=1, phase="support"),
        ]


# -- acting --------------------------------------------------------------------------


def _int_param(params: dict[str, Any], key: str, default: int = 0) -> int:
    value = params.get(key, default)
    try:
        return int(value)
    except (TypeError, ValueError):
        raise Refused(f"{key} must be a whole number, not {value!r}") from None


def resolve_choices(space: SpaceState, ship: Ship, post: str, action: ShipAction, params: dict[str, Any]
                    ) -> tuple[Ship | None, str | None, Any]:
    """The target ship, the crew post (an order's, a treatment's) and the Battle Damage (a repair's)
    an action's ``params`` name, refused with the reason when they do not fit (TakeAction and the
    dialog's preview read them the same way)."""
    target = None
    crew_post = None
    damage = None
    if action.target == "ship":
        target = _enemy_target(space, ship, params.get("target"))
    elif action.target == "crew":
        if _treats(action):
            _check_treatable(space, ship, params)
        crew_post = _post(str(params.get("post", "")))
        if crew_post not in ship.crew:
            to = " to receive the order" if any(e.kind == "advantage" for e in action.effects) else ""
            raise Refused(f"no one is at the {POST_NAMES[crew_post]} post{to}")
    elif action.target == "battle_damage":
        if not ship.battle_damage:
            raise Refused(f"the {ship.name} has no Battle Damage to repair")
        wanted = params.get("battle_damage")
        if wanted is None:
            damage = ship.battle_damage[0]
        else:
            damage = next((bd for bd in ship.battle_damage if bd.id == _int_param(params, "battle_damage")), None)
            if damage is None:
                raise Refused(f"the {ship.name} holds no Battle Damage #{wanted}")
        if any(p.get("kind") == "repair" and p.get("id") == damage.id for p in space.pending):
            raise Refused("that Battle Damage is already being repaired")
    return target, crew_post, damage


@dataclass
class TakeAction:
    """A crew post takes one of its actions (data: ``ship_actions.toml``; R-SHIP-2, R-SHIP-8).

    ``params``: ``target`` (a ship id), ``post`` (for an order), ``battle_damage``
    (an id, for a repair; default the oldest), ``bonus`` (the crew member's own
    modifier for the check, set by hand) or ``crew_skill`` true (the bonus the crew member's
    sheet gives the check's skill, :func:`~tactics.engine.starship.checks.crew_skill`), and for
    ``fire``: ``hard_points`` (names).
    """

    ship: str
    post: str
    action: str
    params: dict[str, Any] = field(default_factory=dict)
    name: str = "space.take_action"

    def args(self) -> dict[str, Any]:
        return {"ship": self.ship, "post": self.post, "action": self.action, "params": dict(self.params)}

    def _validated(self, state: Any) -> tuple[SpaceState, Ship, str, dict[str, Any], ShipAction, str]:
        """The space, ship, post, params, action and crew member, once the post may take it now."""
        space = space_of(state)
        ship = ship_of(space, self.ship)
        post = _post(self.post)
        params = dict(self.params)
        action = space.actions.get(self.action)
        if action is None:
            raise Refused(f"there is no ship action called {self.action!r}")
        if action.requires and action.requires not in ship.spec.functions and action.post == post:
            raise Refused(f"the {ship.name} has no {action.requires} function")
        who = _check_can_act(space, ship, post)
        if action.post != post:
            raise Refused(f"'{action.label}' is for the {POST_NAMES[action.post]}, not the {POST_NAMES[post]}")
        if space.phase not in action.phases:
            raise Refused(f"'{action.label}' cannot be taken in the {PHASE_NAMES[space.phase]} Phase")
        return space, ship, post, params, action, who

    def plan(self, state: Any) -> CheckPlan | None:
        """The check this action would roll now, worked out as :meth:`execute` rolls it (its
        modifiers, the DC and the DC's parts), or None when it rolls no check; refused like it."""
        space, ship, post, params, action, _who = self._validated(state)
        if action.check is None:
            return None
        target, _crew_post, damage = resolve_choices(space, ship, post, action, params)
        return plan_check(state, space, ship, post, action, target, damage, params, _advantage(space, ship, post))

    def execute(self, state: Any, dice: Dice) -> list[Event]:
        space, ship, post, params, action, who = self._validated(state)
        if any(e.kind == "fire" for e in action.effects):
            names = params.get("hard_points")
            return FireWeapons(ship.id, list(names) if names else [], str(params.get("target", "")),
                               bonus_rerolls=0, note=str(params.get("note") or "")).execute(state, dice)
        if action.name == "hold" and space.round == 0:
            raise Refused("there is no Support Phase in the surprise round")
        if _is_engineer_choice(action) and ship.id in space.engineer_in_action:
            raise Refused("the Chief Engineer already acts in this Action Phase")

        target, crew_post, damage = resolve_choices(space, ship, post, action, params)
        check = None
        success = True
        advantage = _advantage(space, ship, post)
        if action.check is not None:
            plan = plan_check(state, space, ship, post, action, target, damage, params, advantage)
            rolled = roll_check(dice, plan.modifiers, dc=plan.dc, advantage=advantage)
            check, success = rolled.to_dict(), rolled.success
            if plan.dc_terms:  # "12 + Red Maw's Sensor Mod 1" in the log
                check |= {"dc_base": plan.dc_base, "dc_terms": [list(t) for t in plan.dc_terms]}

        def items(succeeded: bool) -> list[dict[str, Any]]:
            return effect_items(action, ship, target, crew_post, damage, check, succeeded)

        return [SpaceActionTaken(
            ship=ship.id, ship_name=ship.name, post=post, crew=who,
            crew_name=ship.crew_names.get(post, who), action=action.name, label=action.label,
            round=space.round, phase=space.phase, target=target.id if target else None,
            target_name=target.name if target else None, params=params, check=check,
            success=success, effects=items(success), uses_action=action.uses_action,
            # the app-controlled opponent's reason (tactics.ai), shown in the log
            note=str(params["note"]) if params.get("note") else None,
            advantaged=bool(advantage) if check is not None else None,
            # what a late order's d2 would bring (N-SHIP-1)
            success_effects=items(True) if check is not None and not success else [],
        )]


def effect_items(action: ShipAction, ship: Ship, target: Ship | None, crew_post: str | None,
                 damage: Any, check: dict[str, Any] | None, success: bool) -> list[dict[str, Any]]:
    """The recorded effects of an action for one outcome (applied when the phase ends)."""
    effects = []
    for effect in action.effects if success else action.on_failure:
        affected = target if (effect.who == "target" and target is not None) else ship
        item: dict[str, Any] = {"kind": effect.kind, "ship": affected.id, "source": ship.name,
                                "text": effect.text or action.label}
        if effect.kind == "advantage":
            item["post"] = crew_post
        elif effect.kind == "scan":
            item["target"] = target.id if target else None
        elif effect.kind == "modify":
            item.update(attribute=effect.attribute, amount=int(effect.amount), phases=effect.phases)
        elif effect.kind == "move":
            item.update(target=target.id if target else None, amount=float(effect.amount))
        elif effect.kind == "join":
            item["target"] = target.id if target else None
        elif effect.kind == "battle_damage":
            item["amount"] = max(1, int(effect.amount))
        elif effect.kind == "repair":
            item["id"] = damage.id if damage else None
        elif effect.kind == "cloak":
            item["phases"] = effect.phases
        elif effect.kind == "treat":
            item["post"] = crew_post
        if action.hack and affected is target and target is not None and check is not None:
            # reading: N-SHIP-3 — a hack's effect on its target can be stopped by a
            # counter-hack whose total reaches this one.
            item["hack"] = int(check["total"])
        effects.append(item)
    return effects


@dataclass
class FireWeapons:
    """The Weapons Officer fires some hard points at one target (R-SHIP-4).

    One d10 per hard point; each die adds the Sensor Mod after a successful Scan
    of that target this round; the Weapons Mod gives re-rolls of successes (each
    recorded as its own die; a Captain's order adds one, reading R-SHIP-2/R-ROLL-2).
    Battle Damage is dealt when the Action Phase ends (R-SHIP-1).
    """

    ship: str
    hard_points: list[str]
    target: str
    bonus_rerolls: int = 0
    note: str = ""  # the app-controlled opponent's reason, shown in the log
    name: str = "space.fire"

    def args(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ship": self.ship, "hard_points": list(self.hard_points), "target": self.target}
        if self.note:
            out["note"] = self.note
        return out

    def execute(self, state: Any, dice: Dice) -> list[Event]:
        space = space_of(state)
        ship = ship_of(space, self.ship)
        who = _check_can_act(space, ship, "weapons")
        target = _enemy_target(space, ship, self.target)
        now = space.now
        if target.status == SURRENDERED:
            raise Refused(f"the {target.name} has surrendered")
        seen = detects(ship, target, now)
        # reading: R-SHIP-4 with N-SHIP-1 — a volley at a ship the passive sensors cannot see
        # counts if the own Sensors Officer's Scan of this phase finds it, whoever rolls first.
        if not seen and not scan_may_come(space, ship):
            raise Refused(f"the {ship.name}'s sensors cannot see the {target.name} (out of passive sensor "
                          f"range {ship.spec.passive_sensor_range:g} or cloaked); scan it or close in")
        known = [h.name for h in ship.spec.hard_points]
        names = list(self.hard_points) or known[: usable_hard_points(ship, now)]
        for n in names:
            if n not in known:
                raise Refused(f"the {ship.name} has no hard point called {n!r}")
        if len(set(names)) != len(names):
            raise Refused("each hard point fires once a round")
        usable = usable_hard_points(ship, now)
        if not names or usable == 0:
            raise Refused(f"the {ship.name} has no working hard points")
        if len(names) > usable:
            raise Refused(f"Battle Damage leaves the {ship.name} only {usable} working hard points")
        target_dc = ship_bd_dc(space, target, now)
        scanned = target.id in space.scans.get(ship.id, [])
        # reading: R-SHIP-4 — a Scan adds the Sensor Mod, but a damaged array never subtracts.
        sensor_bonus = max(0, effective(space, ship, "sensor_mod", now)) if scanned else 0
        sources = reroll_parts(space, ship, now)  # the Weapons Mod and the Captain's order (R-SHIP-2)
        rerolls = sum(n for _, n in sources) + max(0, int(self.bonus_rerolls))
        roll = roll_weapons(dice, len(names), target_dc, weapons_mod=rerolls, sensor_bonus=sensor_bonus)
        return [SpaceWeaponsFired(
            ship=ship.id, ship_name=ship.name, crew=who,
            crew_name=ship.crew_names.get("weapons", who), target=target.id, target_name=target.name,
            round=space.round, phase=space.phase, hard_points=names,
            dice=[d.to_dict() for d in roll.dice], bd_dc=list(target_dc), sensor_bonus=sensor_bonus,
            rerolls_allowed=rerolls, successes=roll.successes, battle_damage=roll.battle_damage,
            detected=seen, provisional=True, note=self.note or None,
            rerolls_from=[[label, n] for label, n in sources], bd_dc_parts=bd_dc_parts(space, target, now),
            # a cloak hides a ship until it fires: given away now, the cloak drops at the phase's end
            cloaked=is_cloaked(ship, now))]


def scan_may_come(space: SpaceState, ship: Ship) -> bool:
    """Can this ship's Sensors Officer still Scan in this phase? (No: the post is empty, or has
    acted; a volley at a ship its passive sensors cannot see is then refused.)"""
    return any(a.name == "scan" for a in actions_offered(space, ship.id, "sensors"))


__all__ = [
    "AssignPost", "EndPhase", "FireWeapons", "StartSpaceCombat", "Surrender", "TakeAction",
    "MoveCrew", "VacatePost", "actions_offered", "effect_items", "posts_acting_now", "posts_in_phase",
    "scan_may_come",
]

