"""Why two teams with the same Team Initiative go in the order they do, with the dice shown.

Why it exists: a reviewer started a fight between two teams of Team Initiative 0 and saw only
"Team order: Party (0) then Foes (0)": the opposed d20 rolls that broke the tie (R-INIT-2) were in
the saved event and nowhere on screen. Every roll shows its dice, so the log's line and the
initiative tracker say how each tie was broken: by the team holding the highest DEX score, or by
opposed d20 + Team Initiative rolls, both faces shown ("tie broken: Party d20 14 vs Foes d20 10").

The players' screens show a tie only between teams whose Team Initiative they may see (their own
teams): a tie with a GM team would tell them its Team Initiative, which N-SEEN-1 keeps off them (N-SEEN-2).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Sequence

from tactics.engine.core.state import EncounterState


def _roll_text(roll: Mapping[str, Any], initiative: Mapping[str, Any], name: Callable[[str], str]) -> str:
    """``Party d20 14 vs Foes d20 10`` (with ``+ 2 = 16`` when the Team Initiative is not 0)."""
    parts = []
    for team, face in zip(roll["teams"], roll["d20"]):
        bonus = int(initiative.get(team, 0))
        tail = f" {'+' if bonus >= 0 else '-'} {abs(bonus)} = {int(face) + bonus}" if bonus else ""
        parts.append(f"{name(team)} d20 {face}{tail}")
    return " vs ".join(parts)


def tie_break_texts(order: Sequence[str], initiative: Mapping[str, Any], best_dex: Mapping[str, Any],
                    rolls: Iterable[Mapping[str, Any]], name: Callable[[str], str],
                    shown: Callable[[str], bool] = lambda team: True) -> list[str]:
    """One sentence per tie in ``order`` (R-INIT-2): first the ties the highest DEX score broke
    (teams next to each other in the order with the same Team Initiative), then each opposed roll,
    re-rolls after ``again:``. A tie that names a team ``shown`` refuses is left out."""
    out = []
    for first, second in zip(order, order[1:]):
        if first not in initiative or second not in initiative or not (shown(first) and shown(second)):
            continue
        if int(initiative[first]) == int(initiative[second]) and best_dex.get(first) != best_dex.get(second):
            out.append(f"tie broken by the highest DEX: {name(first)} {best_dex.get(first)} "
                       f"vs {name(second)} {best_dex.get(second)}")
    chain: list[str] = []
    previous: tuple[str, ...] | None = None
    for roll in rolls:
        teams = tuple(roll["teams"])
        if not all(shown(t) for t in teams):
            continue
        text = _roll_text(roll, initiative, name)
        if previous is not None and set(teams) <= set(previous):  # the same tie rolled again
            chain.append(f"again: {text}")
        else:
            if chain:
                out.append(", ".join(chain))
            chain = [f"tie broken: {text}"]
        previous = teams
    if chain:
        out.append(", ".join(chain))
    return out


def tie_breaks(state: EncounterState, *, for_players: bool = False) -> list[str]:
    """How the ties in the current fight's team order were broken, for the initiative tracker.

    ``for_players``: only ties among the players' own teams (reading: N-SEEN-2)."""
    from tactics.engine.combat.team import CombatState, team_label

    combat = state.combat
    if not isinstance(combat, CombatState):
        return []
    shown = (lambda team: state.players_side(team)) if for_players else (lambda team: True)
    return tie_break_texts(combat.team_order, combat.team_initiative, combat.best_dex, combat.opposed_rolls,
                           lambda team: team_label(state, team), shown)


__all__ = ["tie_break_texts", "tie_breaks"]
