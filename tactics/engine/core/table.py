"""Table settings (how this table plays): changed by a command so the change is in the log.

A table chooses who rolls the dice: the app rolls everything, or the players
type in the faces of their own physical dice (the app still rolls for the GM's
creatures), or every die is typed, the GM's too. The choice lives in
``state.settings["dice"]``; :class:`ChangeTableSetting` changes it (undoable,
saved with the journal like any command), and :func:`dice_typed_for` tells the
window whether a roll for a combatant should ask for typed faces
(``Journal.submit(command, typed=[...])``). A save is its roller's own roll: in "players
type" a player's save against a blast or a trap is typed like their attack, whoever's action
set it off (:func:`saves_to_type` says which saves a command would roll untyped;
``Journal.submit(command, saves={cid: [...]})`` takes their faces).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from tactics.engine.core.board_events import SettingsChanged
from tactics.engine.core.control import controller_of
from tactics.engine.core.journal import Event, Reducer, Refused
from tactics.engine.core.state import EncounterState
from tactics.rules.dice import Dice

reducer = Reducer()

#: Every table setting, its allowed values (the first is the default) and what each means.
TABLE_SETTINGS: dict[str, dict[str, str]] = {
    "dice": {
        "app": "The app rolls every die",
        "players": "Players type their own dice; the app rolls the GM's",
        "everyone": "Every die is typed in, the GM's too",
    },
}


def setting(state: EncounterState, key: str) -> str:
    """The table setting ``key`` as it stands (its default when never set)."""
    choices = TABLE_SETTINGS[key]
    value = state.settings.get(key)
    return value if value in choices else next(iter(choices))


#: Why typed dice are refused in individual turns (review 14, finding 1): each action there resolves
#: the moment it is taken, with no queue to wait in for a table's faces (reading: N-DICE-1).
TYPED_DICE_TEAM_ONLY = ("typed dice are for team rounds: in individual turns each action resolves the moment "
                        "it is taken, so the app rolls every die")


def dice_choice_refusal(state: EncounterState, value: str) -> str | None:
    """Why the table may not choose ``value`` for "who rolls the dice" now (None: it may): in
    individual turns only the app's dice (reading: N-DICE-1). The dialog greys the choice with
    these words; :class:`ChangeTableSetting` refuses with them."""
    if value != "app" and state.mode == "individual":
        return TYPED_DICE_TEAM_ONLY
    return None


def who_rolls(state: EncounterState) -> str:
    """``"app"``, ``"players"`` or ``"everyone"``."""
    return setting(state, "dice")


def dice_typed_for(state: EncounterState, combatant: str | None) -> bool:
    """Should a roll made for ``combatant`` (None: the GM's own) ask for typed faces? Never for a
    creature the app plays (F6, :mod:`tactics.engine.core.control`): no one at the table rolls its
    dice, so its saves stay the app's even when every die is typed (review: a fuse going off as the
    app ended its team's turn)."""
    mode = who_rolls(state)
    who = state.combatants.get(combatant) if combatant is not None else None
    if who is not None and controller_of(state, who.team) is not None:
        return False
    if mode == "everyone":
        return True
    if mode == "app" or combatant is None:
        return False
    team = state.teams.get(who.team) if who is not None else None
    return bool(team is not None and team.players)


def dice_beyond_typed(journal: Any, command: Any, typed: list[int],
                      own: Callable[[list[Event], list[tuple[int, int]]], int] | None = None) -> list[int] | None:
    """The sides of the dice ``command`` would still roll itself after the ``typed`` faces run
    out (``[8]``: one d8 more), judged by running it on the state without committing anything
    (commands only compute events); None if it would be refused (submit says why). ``own``
    (the events and the dice drawn -> how many of the first dice are the roller's) keeps only
    the roller's own dice (a Technique's or a grenade's, not the saves of a blast).

    Why: a table that types its dice gave a hit's d20 and the app silently rolled the damage; the
    window asks this first and asks for the rest of the faces instead."""
    dice = Dice(journal.seed, journal.dice_cursor, typed)
    try:
        events = command.execute(journal.state, dice)
    except Exception:  # a refusal or a face that cannot be: the real submit reports it
        return None
    end = len(dice.drawn) if own is None else own(list(events), list(dice.drawn))
    return [sides for sides, _ in dice.drawn[len(typed) - dice.typed_left:end]]


def saves_to_type(journal: Any, command: Any, typed: list[int] | None = None,
                  saves: dict[str, list[int]] | None = None) -> dict[str, list[int]]:
    """The saves ``command`` would roll for combatants whose dice their table types
    (:func:`dice_typed_for`) with no face typed for them: each one's dice sides in the order it
    rolls them (``{"brandon": [20, 2]}``: a d20 and a disadvantage d2), the combatants in the
    order their saves come; empty when none, or when the command would be refused (submit says why).
    Judged by running it on the state with the faces typed so far (``typed``: the actor's, which
    decide where a grenade comes down and so who is caught; ``saves``), committing nothing.

    Why: in "players type" a player's save against a grenade or a trap was rolled by the app."""
    dice = Dice(journal.seed, journal.dice_cursor, typed or (), saves)
    try:
        command.execute(journal.state, dice)
    except Exception:  # a refusal or a face that cannot be: the real submit reports it
        return {}
    out: dict[str, list[int]] = {}
    for cid, sides, was_typed in dice.save_draws:
        if not was_typed and dice_typed_for(journal.state, cid):
            out.setdefault(cid, []).append(sides)
    return out


def blasts_saved_against(journal: Any, command: Any, typed: list[int] | None = None) -> list[str]:
    """What the saves of ``command`` are made against ("Frag grenade", a trap's name), each once,
    in order, judged as :func:`saves_to_type` judges (a dry run; empty when refused).

    Why: a prompt for a save typed outside the Resolve box (a fuse going off as a turn ends) says
    what is going off, so the table knows which roll to make."""
    dice = Dice(journal.seed, journal.dice_cursor, typed or ())
    try:
        events = command.execute(journal.state, dice)
    except Exception:  # a refusal: the real submit reports it
        return []
    labels = [str(getattr(e, "label", "")) for e in events if getattr(e, "kind", "") == "hazard.blast"]
    return list(dict.fromkeys(label for label in labels if label))


def split_save_faces(owed: dict[str, list[int]], faces: list[int]) -> dict[str, list[int]]:
    """``faces`` typed in one box for the saves ``owed`` (:func:`saves_to_type`), shared out in
    order, each save its own number of dice; faces beyond the last save stay with it (the journal
    says how many were not needed). Saves the faces do not reach are left out (still owed)."""
    saves: dict[str, list[int]] = {}
    rest = list(faces)
    for cid, sides in owed.items():
        if not rest:
            break
        saves[cid], rest = rest[:len(sides)], rest[len(sides):]
    if rest and saves:
        saves[list(saves)[-1]] += rest
    return saves


@dataclass(frozen=True)
class TypedFaces:
    """The faces typed in one box, shared out: the actor's own dice, then each save's in turn."""

    actor: list[int]
    saves: dict[str, list[int]]
    missing: dict[str, list[int]]  # the saves still to type: each one's dice sides (saves_to_type)


def share_typed(journal: Any, command: Any, faces: list[int], *, actor_types: bool,
                own: Callable[[list[Event], list[tuple[int, int]]], int] | None = None) -> TypedFaces | None:
    """``faces`` typed in one box, in order: the actor's own dice first (when ``actor_types``:
    as many as :func:`dice_beyond_typed` needs), then the typed saves of :func:`saves_to_type`,
    in the order they are rolled. None if the command would be refused (submit says why).
    Faces beyond every save stay with the actor's (the journal refuses dice not needed)."""
    n = 0
    if actor_types:
        n = len(faces)
        for k in range(len(faces) + 1):
            more = dice_beyond_typed(journal, command, faces[:k], own)
            if more is None:
                return None
            if not more:
                n = k
                break
    actor, rest = list(faces[:n]), list(faces[n:])
    saves = split_save_faces(saves_to_type(journal, command, actor), rest)
    if rest and not saves:
        actor += rest
    return TypedFaces(actor, saves, saves_to_type(journal, command, actor, saves))


@dataclass
class ChangeTableSetting:
    """Change one table setting (for example who rolls the dice)."""

    key: str
    value: str
    name: str = "table-setting"

    def args(self) -> dict[str, Any]:
        return {"key": self.key, "value": self.value}

    def execute(self, state: EncounterState, dice: Dice) -> list[Event]:
        choices = TABLE_SETTINGS.get(self.key)
        if choices is None:
            raise Refused(f"there is no table setting called {self.key!r}")
        if self.value not in choices:
            raise Refused(f"{self.key} can be {', '.join(choices)}, not {self.value!r}")
        refusal = dice_choice_refusal(state, self.value) if self.key == "dice" else None
        if refusal:
            raise Refused(refusal)
        was = setting(state, self.key)
        if was == self.value:
            raise Refused(f"{self.key} is already {self.value!r}")
        return [SettingsChanged(key=self.key, value=self.value, was=was)]


@reducer.on(SettingsChanged)
def _changed(state: EncounterState, event: SettingsChanged) -> None:
    state.settings[event.key] = event.value
