"""A few of the opponent's decisions in seeded fights, pinned as recorded.

Why it exists: the opponent is tuned for speed (caches, cheap bounds before exact
values) and every such change must leave its choices exactly as they were. The
other opponent tests check that it plays well and legally, which a changed
choice can still do; this one notices any change at all: the first declarations
of two seeded team-round fights (the app as the party, then as the bears) and the
first actions of a seeded individual-turns fight, each with the reason the log
reads (odds included). A deliberate change of how the opponent plays updates
these lists; an optimisation never should.
"""

from __future__ import annotations

from typing import Any

from ai_fights import fight
from tactics.ai import Opponent
from tactics.assets import bundled
from tactics.engine.combat.individual.procedure import StartTurns
from tactics.engine.core.control import SetController
from tactics.engine.core.encounter import load_encounter


def _line(args: dict[str, Any]) -> str:
    action = args["action"]
    bits = [args["combatant"], action["kind"]]
    bits += [action[k] for k in ("weapon", "technique", "target", "effect") if action.get(k)]
    if action.get("path"):
        bits.append(">".join(f"{x},{y}" for x, y in action["path"]))
    if action.get("note"):
        bits.append(f"| {action['note']}")
    return " ".join(bits)


def team_round_declarations(seed: int, app_team: str, rounds: int = 3) -> list[str]:
    """What the app's side declared in the first rounds of a seeded fight against random play."""
    enc = fight(seed, app_team, "win", rounds=rounds).encounter
    app = {c.id for c in enc.state.combatants.values() if c.team == app_team}
    return [_line(e.args) for e in enc.journal.entries if e.command == "declare" and e.args["combatant"] in app]


def individual_actions(seed: int, count: int) -> list[str]:
    """The first ``count`` actions of a seeded individual-turns fight, both sides the app's."""
    enc = load_encounter(bundled("space-bears-individual.encounter.toml"), seed=seed)
    enc.submit(SetController("party", "win"))
    enc.submit(SetController("bears", "win"))
    enc.submit(StartTurns())
    opponent = Opponent(enc)
    out: list[str] = []
    while len(out) < count and opponent.step() is not None:
        last = enc.journal.entries[-1]
        if last.command == "take-action":
            out.append(_line(last.args))
    return out


def test_the_party_s_first_three_rounds_as_recorded():
    """Seed 2, the app plays the party against random bears: attacks, a step, moves, a Technique."""
    assert team_round_declarations(2, "party") == [
        "brandon standard-attack silenced_pistol bear1 | Brandon attacks Bear 1: 62% to damage (52% Hit or better), 3.3 expected damage (best expected damage)",
        "brandon bonus-attack silenced_pistol bear1",
        "james standard-move 16,4>15,4>14,4>13,4 | James moves 20 ft, falls back out of the foes' reach (22.8 expected damage to it where it stood, none there); from there it can hit Bear 1 next turn",
        "art standard-move 15,6>14,6>13,5>12,4 | Art moves 20 ft, falls back out of the foes' reach (17.1 expected damage to it where it stood, none there); from there it can hit Bear 1 next turn",
        "brandon standard-attack silenced_pistol bear1 | Brandon attacks Bear 1: 62% to damage (52% Hit or better), 3.3 expected damage (best expected damage)",
        "brandon bonus-attack silenced_pistol bear1",
        "james simple step 14,4 | James steps 5 ft and attacks Bear 1: 70% to damage (60% Hit or better), 2.0 expected damage (a better square)",
        "james technique shock bear1",
        "art standard-attack xeno_dart_rifle bear1 | Art attacks Bear 1: 62% to damage (52% Hit or better), 3.2 expected damage (best expected damage)",
        "art bonus-attack xeno_dart_rifle bear1",
        "brandon standard-attack silenced_pistol bear2 | Brandon attacks Bear 2: 62% to damage (52% Hit or better), 3.3 expected damage (best expected damage)",
        "brandon bonus-attack silenced_pistol bear2",
        "james technique shock bear1 | James uses Shock on Bear 1: 70% to damage (60% Hit or better), 2.0 expected damage (to leave them Stunned)",
        "art standard-attack xeno_dart_rifle bear1 | Art attacks Bear 1: 62% to damage (52% Hit or better), 3.2 expected damage (best expected damage)",
        "art bonus-attack xeno_dart_rifle bear1",
    ]


def test_the_bears_first_three_rounds_as_recorded():
    """Seed 3, the app plays the bears against a random party: moves to charge, charges, a step."""
    assert team_round_declarations(3, "bears") == [
        "bear1 standard-move 21,4>20,3 | Bear 1 moves 10 ft, ready to charge James next turn",
        "bear2 technique bear_charge art 22,2>21,3>20,4>19,4>18,5>17,6 | Bear 2 charges Art: 70% to damage (60% Hit or better), 4.3 expected damage (best expected damage)",
        "bear3 standard-move 22,7>21,8 | Bear 3 moves 10 ft, ready to charge James next turn",
        "bear4 standard-move 22,3 | Bear 4 moves 5 ft, ready to charge James next turn",
        "bear1 technique bear_charge james 20,4>19,4>18,5 | Bear 1 charges James: 75% to damage (65% Hit or better), 4.6 expected damage (best expected damage)",
        "bear3 technique bear_charge james 21,7>20,6>19,6>18,5>17,4 | Bear 3 charges James: 75% to damage (65% Hit or better), 4.6 expected damage (best expected damage)",
        "bear4 technique bear_charge james 21,3>20,4>19,4>18,5>17,6>16,6 | Bear 4 charges James: 75% to damage (65% Hit or better), 4.6 expected damage, 34% to drop them (best expected damage)",
        "bear1 simple step 17,5 | Bear 1 steps 5 ft and attacks James: 82% to damage (72% Hit or better), 6.1 expected damage, 18% to drop them (a better square)",
        "bear1 standard-attack bear_claws james",
        "bear3 standard-attack bear_claws james | Bear 3 attacks James: 82% to damage (72% Hit or better), 6.1 expected damage, 73% to drop them (best expected damage)",
        "bear3 bonus-attack bear_claws james",
    ]


def test_the_first_individual_turns_as_recorded():
    """Seed 1 of the second text's turns, both sides the app's: move then attack, charges."""
    assert individual_actions(1, 12) == [
        "brandon move 14,2>13,1 | Brandon moves 10 ft, to attack Bear 1",
        "brandon attack silenced_pistol bear1 | Brandon attacks Bear 1: 62% to damage (52% Hit or better), 3.3 expected damage (best expected damage)",
        "james move 16,4>15,4>14,4>13,4 | James moves 20 ft, to attack Bear 1",
        "james attack holdout_pistol bear1 | James attacks Bear 1: 62% to damage (52% Hit or better), 2.5 expected damage (best expected damage)",
        "art move 15,6>14,6>13,5 | Art moves 15 ft, to attack Bear 1",
        "art attack xeno_dart_rifle bear1 | Art attacks Bear 1: 62% to damage (52% Hit or better), 3.2 expected damage (best expected damage)",
        "bear1 move 20,5>19,5>18,4>17,3>16,2>15,1 | Bear 1 moves 30 ft, closing in on James",
        "bear1 technique bear_charge james 14,2>13,3 | Bear 1 charges James: 75% to damage (65% Hit or better), 4.6 expected damage (best expected damage)",
        "bear2 move 22,2>21,3>20,4>19,4>18,3>17,2 | Bear 2 moves 30 ft, closing in on James",
        "bear2 technique bear_charge james 16,2>15,2>14,2>14,3 | Bear 2 charges James: 75% to damage (65% Hit or better), 4.6 expected damage (best expected damage)",
        "bear3 move 22,6>21,6>20,5>19,4>18,3>17,2 | Bear 3 moves 30 ft, closing in on James",
        "bear3 move 20,6>19,5>18,4>17,3>16,2>15,1 | Bear 3 moves 30 ft, closing in on James",
    ]
