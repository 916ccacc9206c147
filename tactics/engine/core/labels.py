"""What a command is called on screen: "End turn", not "advance" (one place for every name).

Why it exists: the journal keeps each command's internal name (``advance``,
``adjust-hp``); the window says "Undone: ..." / "Redone: ..." after Ctrl+Z / Ctrl+Y
and must use words a GM reads. :func:`entry_label` adds who it was about
when the command's arguments name a combatant ("Damage 5 (Brandon)").
"""

from __future__ import annotations

from typing import Any

def plural(count: int, word: str, many: str | None = None) -> str:
    """``"1 round"``, ``"2 rounds"``: a count and its noun, in the number the count needs."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


def possessive(name: str) -> str:
    """``"Brandon's"``, ``"James'"``: a name's possessive, one spelling for the log, the banners
    and the messages (the banner said "James's turn" and the log "James' turn")."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def agreeing(name: str, verb: str) -> str:
    """``"The Party stands"``, ``"Space Bears stand"``: a team's name and a verb given in its singular
    form (``"stands"``, ``"wins"``), plural when the name reads as a plural (its last word ends in a
    single s: the log said "Space Bears stands")."""
    last = name.split()[-1] if name.split() else name
    many = last.endswith("s") and not last.endswith("ss")
    return f"{name} {verb[:-1] if many and verb.endswith('s') else verb}"


def listed(names: list[str]) -> str:
    """``"Bear"``, ``"Bear and Wolf"``, ``"Bear, Wolf and Rat"``: names in one phrase."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


COMMAND_LABELS: dict[str, str] = {
    "add-counter": "Add counter",
    "adjust-hp": "Change hit points",
    "roll-hp": "Roll hit points",
    "advance": "Next step",
    "apply-condition": "Add condition",
    "begin-actions": "Begin the Action Phase",
    "begin-turn": "Begin turn",
    "block": "Block",
    "declare": "Declare action",
    "declare-disarm": "Declare disarm",
    "detect-trap": "Reveal trap",
    "detonate": "Detonate grenade",
    "disarm": "Disarm trap",
    "door": "Open or close door",
    "end-combat": "End combat",
    "end-group-turn": "End the group's turn",
    "end-turn": "End turn",
    "end-turns": "End the fight",
    "free-action": "Free action",
    "gm-set-facing": "Set facing (GM)",
    "hide": "Hide",
    "hold": "Hold action",
    "join": "Join the fight",
    "join-turns": "Join the fight",
    "next-round": "Next round",
    "pass": "Pass",
    "do-nothing": "Do nothing",
    "place": "Place token",
    "place-trap": "Place trap",
    "remove-condition": "Remove condition",
    "remove-counter": "Remove counter",
    "remove-trap": "Remove trap",
    "reorder-turns": "Change the turn order",
    "resolve-next": "Resolve action",
    "resolve-pending": "Resolve action",
    "reveal": "Reveal",
    "search-traps": "Search for traps",
    "set-facing": "Set facing",
    "set-group": "Change group",
    "set-trap": "Set trap",
    "space.assign_post": "Assign crew post",
    "space.end_phase": "End phase",
    "space.fire": "Fire",
    "space.start": "Start the starship fight",
    "space.surrender": "Surrender",
    "space.take_action": "Crew action",
    "space.vacate_post": "Leave crew post",
    "start-combat": "Start combat",
    "start-turns": "Start combat",
    "table-setting": "Table setting",
    "take-action": "Take action",
    "throw-grenade": "Throw grenade",
    "trigger-remote": "Trigger remote charge",
    "undeclare": "Withdraw action",
    "use-held": "Use held action",
    "walk": "Move",
}

_WHO_ARGS = ("combatant", "target", "attacker", "actor")

#: What the window's one "Next" button (``advance``) did, told by its first event of these kinds.
_ADVANCE_STEPS = {"group.ended": "End turn", "actions.began": "Begin the Action Phase", "round.started": "Next round"}


def command_label(name: str) -> str:
    """The label of a command name; an unknown name is made readable ("my-thing" -> "My thing")."""
    if name in COMMAND_LABELS:
        return COMMAND_LABELS[name]
    words = name.split(".")[-1].replace("-", " ").replace("_", " ").strip()
    return words[:1].upper() + words[1:] if words else name


def entry_label(command: str, args: dict[str, Any] | None = None, state: Any = None,
                events: list[Any] | None = None) -> str:
    """The label with what it was about: "Damage 5 (Brandon)", "Add condition: Stunned (Brandon)";
    ``advance`` says which step it was ("End turn") from its ``events``."""
    args = args or {}
    label = command_label(command)
    if command == "advance":
        kinds = [getattr(e, "kind", "") for e in events or []]
        label = next((_ADVANCE_STEPS[k] for k in kinds if k in _ADVANCE_STEPS), label)
    if command == "set-controller" and isinstance(args.get("team"), str):
        from tactics.engine.core.control import level_words, side_name  # (control imports the journal)

        name = side_name(state, args["team"]) if state is not None else args["team"]
        return f"{name[:1].upper() + name[1:]} played by {level_words(str(args.get('level', '')))}"
    if command == "adjust-hp" and isinstance(args.get("delta"), int):
        delta = args["delta"]
        label = f"Damage {-delta}" if delta < 0 else f"Heal {delta}"
    elif command == "roll-hp" and isinstance(args.get("dice"), str):
        label = f"{'Heal' if args.get('heal') else 'Damage'} {args['dice']}"
    elif command in ("apply-condition", "remove-condition") and args.get("condition"):
        label = f"{label}: {args['condition']}"
    who = next((args[k] for k in _WHO_ARGS if isinstance(args.get(k), str)), None)
    if who is None and command in ("resolve-next", "resolve-pending"):
        return label + _resolved_whose(events, state)
    if who is not None:
        combatants = getattr(state, "combatants", None) or {}
        person = combatants.get(who)
        label += f" ({person.name if person is not None else _name_in(events, who) or who})"
    return label


def _resolved_whose(events: list[Any] | None, state: Any) -> str:
    """Whose action a resolve step resolved, from its first event naming one: " (Brandon at Bear 1)"
    (review 13 F11: two undone rolls both read "Undone: Resolve action")."""
    combatants = getattr(state, "combatants", None) or {}

    def name(cid: str) -> str:
        person = combatants.get(cid)
        return person.name if person is not None else _name_in(events, cid) or cid

    for event in events or []:
        who = next((getattr(event, k) for k in ("attacker", "combatant", "actor")
                    if isinstance(getattr(event, k, None), str)), None)
        if who is not None:
            target = getattr(event, "target", None)
            return f" ({name(who)}" + (f" at {name(target)}" if isinstance(target, str) and target != who else "") + ")"
    return ""


def _name_in(events: list[Any] | None, cid: str) -> str | None:
    """The name the entry's own events give ``cid`` (an undone Add, a redone Remove: the
    combatant is no longer in the state the label is made with)."""
    for event in events or []:
        added = getattr(event, "combatant", None)
        if isinstance(added, dict) and added.get("id") == cid and isinstance(added.get("name"), str):
            return str(added["name"])
        if added == cid and isinstance(getattr(event, "name", None), str):
            return str(event.name)
    return None


__all__ = ["COMMAND_LABELS", "command_label", "entry_label", "listed", "plural", "possessive"]
