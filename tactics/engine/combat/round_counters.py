"""Round counters other parts keep (a Clocked mine's timer, a smoke cloud): one mechanism for both modes.

Why it exists: a reviewer saw a Clocked mine in individual turns count down on its own after the
last character's turn, in an old "GM: ... armed" line, while team rounds count it in the Counter
Phase line with the environmental counters (R-CNT-1; reading: N-TRAP-13); smoke clouds counted
on their own in both modes. Every such counter is now listed by a source in
:data:`COUNTER_SOURCES` and counted here by the one rule (R-CNT-1: it goes down once a group
opposing its side has had its turn since it was set), in one ``CountersTicked`` event whose line
reads the same in both modes ("Counter Phase of round 2: Clocked mine (GM only) 2 -> 1"):

* team rounds: :func:`tactics.engine.combat.team.counter_phase_events`, at the Counter Phase;
* individual turns: :func:`individual_round_events`, after the last character's turn, where that
  mode counts a round (reading: N-CNT-4).

A tick names its part by tag (``"kind"``: ``"trap"`` or ``"cloud"``; ``"label"``; ``"secret"``:
the GM's only) so the reducer knows what to change and the views what they may show.
"""

from __future__ import annotations

from typing import Any, Callable

from tactics.engine.combat.events import CountersTicked
from tactics.engine.combat.state import EnvCounter
from tactics.engine.core.journal import Event
from tactics.engine.core.state import EncounterState
from tactics.rules.dice import Dice

Tagged = tuple[dict[str, Any], EnvCounter]

#: Each source lists ``(tag, counter)`` for the round's count (Clocked mines, smoke clouds).
COUNTER_SOURCES: list[Callable[[EncounterState], list[Tagged]]] = []
#: Asked after a round's count (its event, the state before it): extra events, e.g. a mine whose
#: timer reached 0 goes off.
COUNTER_HOOKS: list[Callable[[EncounterState, CountersTicked, Dice], list[Event]]] = []

TURN_KIND = "turn"  # an individual turn's one-character "group": "<combatant id>:turn"


def source_counters(state: EncounterState) -> list[Tagged]:
    return [tagged for source in COUNTER_SOURCES for tagged in source(state)]


def side_of(state: EncounterState, key: str) -> str:
    """The side of a group key: the team of ``"party:vanguard"``, the combatant's team of
    ``"bear3:turn"`` (individual turns)."""
    head, _, kind = key.partition(":")
    if kind == TURN_KIND and head in state.combatants:
        return state.combatants[head].team
    return head


def had_turn_since(done: list[str], subject: str | None, set_in_round: int, set_after: str | None, rnd: int) -> bool:
    """Whether ``subject``'s group has had its turn this round since the counter was set (R-CNT-1)."""
    if subject is None or subject not in done:
        return False
    if set_in_round < rnd or set_after is None:
        return True
    if set_after not in done:
        return False  # set during the Counter Phase or by a group that never finished
    return done.index(subject) > done.index(set_after)


def count(state: EncounterState, done: list[str], rnd: int, counters: list[Tagged]
          ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(went down, held) for counters not on a combatant: down by one when a group opposing the
    counter's side has had its turn since it was set (R-CNT-1), else held."""
    env: list[dict[str, Any]] = []
    held: list[dict[str, Any]] = []
    for tag, counter in counters:
        opposing = [k for k in done if side_of(state, k) != counter.team
                    and had_turn_since(done, k, counter.set_in_round, counter.set_after_group, rnd)]
        if opposing:
            env.append({"id": counter.id, "label": counter.label, "from": counter.rounds,
                        "to": max(0, counter.rounds - 1), **tag})
        else:
            held.append({"counter": counter.id, "label": counter.label, "rounds": counter.rounds, **tag})
    return env, held


def ended_of(env: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The counters at 0 the line says "ends" of: a mine's is said by its blast instead."""
    return [e for e in env if e["to"] == 0 and e.get("kind") != "trap"]


def after_count(state: EncounterState, counted: CountersTicked, dice: Dice) -> list[Event]:
    out: list[Event] = []
    for hook in COUNTER_HOOKS:  # what the count sets off (a Clocked mine at 0, N-TRAP-13)
        out += hook(state, counted, dice)
    return out


def individual_round_events(state: EncounterState, order: list[str], done: list[str], rnd: int,
                            dice: Dice) -> list[Event]:
    """Individual turns, after the last character's turn: the round's count of the parts'
    counters, in the team rounds' words, then what it sets off (reading: N-CNT-4). ``order``:
    the turn order's ids; ``done``: the turn keys finished this round. Nothing goes down: no line."""
    counters = source_counters(state)
    if not counters:
        return []
    keys = [f"{cid}:{TURN_KIND}" for cid in order]
    done = list(done) + [k for k in keys if k not in done]  # the last one's (and any passed over) too
    env, held = count(state, done, rnd, counters)
    if not env:  # only held ones: nothing changes (this mode has no Counter Phase card to show them)
        return []
    counted = CountersTicked(round=rnd, ticks=[], env=env, held=held, ended=ended_of(env))
    return [counted, *after_count(state, counted, dice)]


__all__ = ["COUNTER_HOOKS", "COUNTER_SOURCES", "TURN_KIND", "after_count", "count", "ended_of", "had_turn_since",
           "individual_round_events", "side_of", "source_counters"]
