"""Log lines for grenades, blasts, traps and facing (R-GREN-2..6, R-TRAP-2..5, R-FACE-1).

Why it exists: the window's log shows one sentence per journal event
(:func:`tactics.engine.combat.queries.describe`); this module adds the
sentences of the hazards engine's events to its ``DESCRIBERS`` registry, with
every face and modifier: "Ann throws a Frag grenade at (7, 5); scatter: d10 = 2 -> 2 squares
left; d10 = 9 -> 2 squares long: lands at (9, 3); explodes at the end of the Bears' Vanguard turn."

Lines about a trap the players do not know of start with "GM:" so a
player-facing log can leave them out (R-TRAP-6).
"""

from __future__ import annotations

from tactics.engine.hazards.events import (
    FacingSet, GrenadeCloud, GrenadeCloudTick, GrenadeCooked, GrenadeExploded, GrenadeSpent, GrenadeThrown,
    HazardBlast, HazardHit, TrapDetected, TrapDisarm, TrapHalted, TrapPlaced, TrapRemoved, TrapRevealed,
    TrapSearch, TrapSetCheck, TrapStatus, TrapTriggered,
)
from tactics.engine.combat.queries import DESCRIBERS
from tactics.engine.hazards.blast import roll_text
from tactics.engine.core.journal import Event
from tactics.engine.core.labels import plural, possessive
from tactics.engine.core.state import EncounterState
from tactics.rules import traps as tr

_ACROSS = {-1: "left", 1: "right"}
_ALONG = {-1: "short", 1: "long"}


def _name(state: EncounterState | None, cid: str | None) -> str:
    if cid is None:
        return "the GM"
    who = state.combatants.get(cid) if state is not None else None
    return who.name if who is not None else str(cid)


def _trap_label(state: EncounterState | None, tid: str) -> str:
    trap = state.traps.get(tid) if state is not None else None
    return trap.label if trap is not None else tid


def _object_label(state: EncounterState, oid: str) -> str:
    """A kept-in-front object's name: a trap's or a grenade's label."""
    grenade = state.grenades.get(oid)
    return grenade.label if grenade is not None else _trap_label(state, oid)


def _secret(state: EncounterState | None, tid: str) -> bool:
    trap = state.traps.get(tid) if state is not None else None
    return trap is not None and trap.hidden and not trap.players_know


def offset_words(offset: int, words: dict[int, str]) -> str:
    """What one scatter die did, in words: "3 squares left", "1 square long"; "not left or
    right" / "not short or long" where it is on target that way (R-GREN-2)."""
    if offset == 0:
        return f"not {words[-1]} or {words[1]}"
    return f"{plural(abs(offset), 'square')} {words[1 if offset > 0 else -1]}"


def die_text(face: int, offset: int, words: dict[int, str]) -> str:
    """"d10 = 2 -> 2 squares left" / "d10 = 10 -> not short or long" for one scatter die
    (R-GREN-2): the face rolled, then what it did. Why: "d10 1 (3 left)" read as a roll of 1 with
    3 of something left over (outside review 16 F16d)."""
    return f"d10 = {face} -> {offset_words(offset, words)}"


def scatter_text(dice: list[int] | tuple[int, ...], scatter: list[int] | tuple[int, ...]) -> str:
    """Both scatter dice of a throw: "scatter: d10 = 2 -> 2 squares left; d10 = 8 -> 1 square long"
    (the first die across the throw, the second along it, R-GREN-2)."""
    (d1, d2), (across, along) = dice, scatter
    return f"scatter: {die_text(d1, across, _ACROSS)}; {die_text(d2, along, _ALONG)}"


def scatter_legend(scatter: list[int] | tuple[int, ...]) -> str:
    """The map's two scatter dice explained, short (it lies on the map by the dice): "scatter
    d10s: 2 squares left, 1 square long", a die that moved it nowhere left out ("scatter d10s: 3
    squares short"), "scatter d10s: on target" when neither did."""
    across, along = scatter
    moved = [offset_words(off, words) for off, words in ((across, _ACROSS), (along, _ALONG)) if off]
    return "scatter d10s: " + (", ".join(moved) if moved else "on target")


def describe_hazard(event: Event, state: EncounterState | None) -> str:
    k, d = event.kind, event

    def n(cid: str | None) -> str:
        return _name(state, cid)

    if isinstance(d, GrenadeThrown):
        if not d.dice:
            return f"The {d.label} goes off in {possessive(n(d.thrower))} hand!"
        where = tuple(d.cell)
        wall = ", stopped by a wall" if d.stopped else ""
        return (f"{n(d.thrower)} throws a {d.label} at {tuple(d.target_cell)}; {scatter_text(d.dice, d.scatter)}: "
                f"lands at {where}{wall}; {d.fuse_text}.")
    if isinstance(d, GrenadeCooked):
        words = {"early": "it will go off at the start of the turn", "dud": "it will burst harmlessly",
                 "in_hand": "natural 1: it goes off in hand"}
        return f"{n(d.thrower)} cooks the grenade: {roll_text(d.roll)}: {words.get(d.result, d.result)}."
    if isinstance(d, GrenadeExploded):
        return f"The {d.label} explodes at {tuple(d.cell)}."
    if isinstance(d, GrenadeSpent):
        return "The blast is over."
    if isinstance(d, GrenadeCloud):
        return f"Smoke fills {plural(len(d.cells), 'square')} for {plural(d.rounds, 'round')}."
    if isinstance(d, GrenadeCloudTick):
        return "The smoke clears." if d.rounds <= 0 else f"The smoke lingers ({plural(d.rounds, 'round')} left)."
    if isinstance(d, HazardBlast):
        dmg = d.damage
        text = (f"{d.label} blast on {plural(len(d.cells), 'square')}" if d.explosive
                else f"The {d.label} strikes {plural(len(d.cells), 'square')}")
        if dmg:
            text += f": {dmg['expr']} ({', '.join(map(str, dmg['faces']))}) = {dmg['total']}"
        if d.dc is not None and d.save != "none":  # a Stun grenade deals nothing to halve: the save resists it
            text += f", {d.save} DC {d.dc} " + ("for half" if dmg else "to resist")
        return text + "."
    if isinstance(d, HazardHit):
        return str(d.text)
    if isinstance(d, TrapPlaced):
        t = d.trap
        if d.by:
            return f"{n(d.by)} sets a {t['label']} at {tuple(t['cell'])}."
        if t.get("hidden") and not t.get("players_know"):  # "GM:" marks a line the players must not see
            return f"GM: a hidden {t['label']} is placed at {tuple(t['cell'])}."
        return f"The GM places a {t['label']} at {tuple(t['cell'])}."
    if isinstance(d, TrapRemoved):
        return ("GM: " if _secret(state, d.trap) else "") + f"The {_trap_label(state, d.trap)} is removed."
    if isinstance(d, TrapRevealed):
        return f"The GM shows the {_trap_label(state, d.trap)} to everyone."
    if isinstance(d, TrapDetected):
        how = {"passive": "spots", "search": "finds", "gm": "knows of"}.get(d.how or "", "finds")
        extra = f" (Passive Perception {d.passive} vs DC {d.dc})" if d.how == "passive" else ""
        extra = f" ({d.total} vs DC {d.dc})" if d.how == "search" else extra
        return f"{n(d.combatant)} {how} the {_trap_label(state, d.trap)}{extra}."
    if isinstance(d, TrapSearch):
        found = len(d.found)
        return (f"{n(d.combatant)} searches {d.radius_ft} ft around (Standard action): "
                f"{roll_text(d.roll)}: " + (f"finds {found} trap{'s' if found != 1 else ''}." if found else "nothing found."))
    if isinstance(d, TrapHalted):
        return f"{n(d.combatant)} stops at {tuple(d.at)}: a trap lies ahead."
    if isinstance(d, TrapTriggered):
        chase = f", rolls {plural(len(d.chase), 'square')} toward its target" if d.chase else ""
        by = f" by {n(d.by)}" if d.by else ""
        if not d.explosive:  # a mechanical trap springs, it does not explode
            return f"The {d.label} is set off{by}{chase} at {tuple(d.at)}!"
        return f"The {d.label} is set off{by}{chase} and explodes at {tuple(d.at)}!"
    if isinstance(d, TrapDisarm):
        words = {"disarmed": "disarmed", "retry": "not yet: try again later", "triggered": "it goes off!"}
        slots = f" ({' + '.join(d.actions)} action, with disadvantage)" if d.actions else ""
        if len(d.actions or []) == 1:
            slots = f" ({d.actions[0]}, with disadvantage)"
        said = words.get(d.result, d.result)
        return (f"{n(d.combatant)} disarms the {_trap_label(state, d.trap)}{slots}: {roll_text(d.roll)}: "
                f"{said}" + ("" if said.endswith("!") else "."))
    if isinstance(d, TrapSetCheck):
        words = {"set": "set", "failed": "not set", "explodes": "natural 1: it explodes in hand!"}
        label = tr.default_trap_kinds().get(d.trap_kind)
        what = (label.label or label.name) if label else d.trap_kind.replace("_", " ")
        return f"{n(d.combatant)} sets a {what}: {roll_text(d.roll)}: {words.get(d.result, d.result)}."
    if isinstance(d, TrapStatus):
        return ("GM: " if _secret(state, d.trap) else "") + f"The {_trap_label(state, d.trap)} is {d.status}" + (
            f" ({plural(d.timer_rounds, 'round')} left)." if d.timer_rounds is not None else ".")
    if isinstance(d, FacingSet):
        keep = ""
        if d.target:
            target = d.target
            what = n(target) if state is None or target in state.combatants else f"the {_object_label(state, target)}"
            keep = f" (keeps facing {what})"
        elif d.cell is not None:
            keep = f" (keeps facing the square ({d.cell[0]}, {d.cell[1]}))"
        return f"{n(d.combatant)} faces {d.facing}{keep}."
    return f"{k}: {event.to_dict()['data']}"


KINDS: tuple[str, ...] = (
    "grenade.thrown", "grenade.cooked", "grenade.exploded", "grenade.spent", "grenade.cloud", "grenade.cloud-tick",
    "hazard.blast", "hazard.hit", "trap.placed", "trap.removed", "trap.revealed", "trap.detected", "trap.search",
    "trap.halted", "trap.triggered", "trap.disarm", "trap.set-check", "trap.status", "facing.set",
)


def register() -> None:
    for kind in KINDS:
        DESCRIBERS.setdefault(kind, describe_hazard)


register()

__all__ = ["KINDS", "describe_hazard", "die_text", "offset_words", "register", "scatter_legend", "scatter_text"]
