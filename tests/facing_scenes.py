"""Crowded facing-prompt scenes for the UI tests (outside review 17, N1): a token asked its
facing beside other tokens, beside a live grenade's fuse card and among long names.

Why it exists: the arrows were pushed up to two squares out from the token wherever a neighbour,
a name or the fuse card was near, and no longer read as that token's. Each scene builds a small
encounter, lets Ann act (one square down) and ends the party's turn: the prompt asks Ann.
Tests import it as ``from facing_scenes import scene`` (``tests/`` is on the path).
"""

from __future__ import annotations

from typing import Any

from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.combat.gm import ApplyCondition
from tactics.engine.combat.team import Advance, StartCombat
from tactics.engine.core.encounter import Encounter
from tactics.engine.hazards.commands import ThrowGrenade
from tactics.maps import BattleMap
from tactics.ui.app import App
from tactics.ui.hazards import hazards_of

from ui_driver import fighter

#: The scenes: who stands where (Ann is asked at (7, 4) after stepping down from (7, 3)).
SCENES = ("neighbours", "fuse", "names", "all")
ROOM = "\n".join(["." * 24] * 14)
#: The "grenade" scene (not one of :data:`SCENES`): as "fuse", the grenade two squares south of
#: Ann, where the label of her front arc goes first (she faces S)
GRENADE_AT = (7, 6)


def _named(cid: str, team: str, cell: tuple[int, int], name: str) -> dict:
    return dict(fighter(cid, team, cell), name=name)


def _combatants(which: str) -> list[dict]:
    ann = fighter("ann", "party", (7, 3), modifiers={"DEX": 5})
    if which == "neighbours":  # a bear east of her, one south-west, Bob two squares below
        return [ann, fighter("bob", "party", (7, 6)), _named("bear", "bears", (8, 4), "Bear 1"),
                _named("bear2", "bears", (6, 5), "Bear 2"), _named("bear3", "bears", (6, 3), "Bear 3")]
    if which in ("fuse", "grenade"):  # a live grenade two squares east (or south): its fuse card beside her
        return [ann, fighter("bob", "party", (4, 8)), _named("bear", "bears", (14, 4), "Bear 1")]
    if which == "names":  # long names two squares round her: their pills reach into her ring
        return [ann, _named("bob", "party", (7, 6), "Bartholomew the Bold"),
                _named("bear", "bears", (9, 4), "Grizzled Mountain Bear"),
                _named("bear2", "bears", (5, 5), "Bear Cub Twelve"),
                _named("bear3", "bears", (7, 2), "Old Ironhide Bear")]
    # all: neighbours, long names and the fuse card at once
    return [ann, _named("bob", "party", (7, 6), "Bartholomew the Bold"),
            _named("bear", "bears", (8, 5), "Grizzled Mountain Bear"),
            _named("bear2", "bears", (6, 5), "Bear Cub Twelve"),
            _named("bear3", "bears", (5, 3), "Old Ironhide Bear")]


def scene(which: str, size: tuple[int, int]) -> App:
    """An app whose facing prompt asks Ann, in scene ``which`` (one of :data:`SCENES`)."""
    definition: dict[str, Any] = {
        "name": f"Facing: {which}",
        "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
        "combatants": _combatants(which),
    }
    app = App(Encounter(definition, BattleMap.from_text(ROOM), seed=9), size=size)
    app.step()
    enc = app.battle.encounter
    cids = [c["id"] for c in definition["combatants"]]
    for cid in cids:
        enc.submit(ApplyCondition(cid, "Shaken", 2, source="test"))
    if "bear" in cids:
        enc.submit(ApplyCondition("bear", "Flat-footed", None, source="test"))
    if which in ("fuse", "all", "grenade"):
        aim = {"fuse": (9, 3), "all": (9, 4), "grenade": GRENADE_AT}[which]
        enc.submit(ThrowGrenade("ann", aim), typed=[5, 5])
        hazards_of(app.battle).finish()
    enc.submit(StartCombat())
    enc.submit(Advance())
    enc.submit(Declare("ann", Action("standard-move", path=[(7, 4)])))
    enc.submit(ResolveNext())
    enc.submit(Advance())  # the party's group ends: Ann is asked
    app.step()
    return app
