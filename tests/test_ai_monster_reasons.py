"""The text's monsters' reasons say what that level does, not the weighing of "plays to win".

Review 7 solo, finding I: at the monster level ("the text's monsters charge or hit the nearest
foe", README) the log and status line read "Bear 2 attacks James: ... 73% to drop them (best
expected damage)", a weighing that level does not do. Now: "Bear 2 charges James, the nearest
foe: 75% to damage (65% Hit or better)", with the roll's odds and nothing of expected damage.
Seeded fights of both turn rules; "plays to win" keeps its own words.
"""

from __future__ import annotations

from ai_fights import fight
from tactics.ai import Opponent
from tactics.assets import bundled
from tactics.engine.combat.individual.procedure import StartTurns
from tactics.engine.core.control import SetController
from tactics.engine.core.encounter import load_encounter

WEIGHING = ("expected damage", "to drop them")


def _check(notes: list[str]) -> None:
    hits = [n for n in notes if " charges " in n or " attacks " in n or " uses " in n]
    assert len(hits) >= 4, notes
    for note in notes:
        assert not any(w in note for w in WEIGHING), note
    for note in hits:
        assert ", the nearest foe: " in note or ", the nearest foe it can hit: " in note, note
        assert "% to damage (" in note and "Hit or better)" in note, note  # the roll's odds stay


def test_team_rounds_monster_reasons():
    for seed in (1, 3):
        enc = fight(seed, "bears", "monster", rounds=6).encounter
        _check([e.args["action"]["note"] for e in enc.journal.entries
                if e.command == "declare" and e.args["action"].get("note")])


def test_individual_turns_monster_reasons():
    enc = load_encounter(bundled("space-bears-individual.encounter.toml"), seed=3)
    enc.submit(SetController("party", "win"))
    enc.submit(SetController("bears", "monster"))
    enc.submit(StartTurns())
    opponent = Opponent(enc)
    while enc.state.combat.phase != "ended" and enc.state.combat.round <= 5:
        assert opponent.step() is not None
    bears = {c.id for c in enc.state.combatants.values() if c.team == "bears"}
    notes = [e.args["action"]["note"] for e in enc.journal.entries if e.command == "take-action"
             and e.args["combatant"] in bears and e.args["action"].get("note")]
    _check(notes)
    party = [e.args["action"]["note"] for e in enc.journal.entries if e.command == "take-action"
             and e.args["combatant"] not in bears and " attacks " in (e.args["action"].get("note") or "")]
    assert party and all("expected damage" in n for n in party)  # "plays to win" weighs, and says so
