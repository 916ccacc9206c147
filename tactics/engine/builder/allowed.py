"""What setting up a fight allows: the team colours offered, token picture sizes, when set-up may change.

Why it is apart from :mod:`~tactics.engine.builder.commands` (issue 12: start time): the window
reads these at every start (the default teams' colours, the token pictures' size check, whether
the Set up panel is shown), while the builder's commands, events and file writer are needed only
once the GM changes the set-up or saves it (:data:`tactics.engine.features.PARTS` loads that part
on first use). Importing this module costs nothing else; the commands import their limits from here.
"""

from __future__ import annotations

from tactics.engine.core.state import EncounterState

#: Colours offered for a new team, by name (the first four are the app's defaults).
TEAM_COLOURS: dict[str, tuple[int, int, int]] = {
    "Blue": (70, 140, 230),
    "Red": (220, 80, 60),
    "Green": (90, 190, 110),
    "Amber": (230, 180, 60),
    "Purple": (160, 110, 220),
    "Teal": (60, 190, 190),
    "Pink": (230, 110, 170),
    "Grey": (150, 156, 170),
}
#: Token pictures larger than this are refused: a token is drawn at most a few hundred pixels wide.
ART_MAX_SIDE = 8192
ART_MAX_PIXELS = 40_000_000
MAX_HP = 10_000
MAX_COPIES = 20


def fight_under_way(state: EncounterState) -> bool:
    """Whether a fight has started and not ended (then the set-up may not change)."""
    combat = state.combat
    return combat is not None and getattr(combat, "phase", "ended") != "ended"


#: The turn rules as the Set up panel and the log name them.
MODE_WORDS = {"team": "team rounds", "individual": "individual turns"}


def why_not_change_mode(state: EncounterState) -> str | None:
    """Why the encounter's turn rules (``mode``) cannot change now, in words for a greyed button
    (None: they may). They are chosen before a fight: once one runs, its procedure is the one
    the rules text of that mode lays out (R-INIT / R-TURN), and its state would not fit the other."""
    if fight_under_way(state):
        return ("the fight is under way: end it (or undo Start combat) to choose "
                "team rounds or individual turns")
    return None


__all__ = ["ART_MAX_PIXELS", "ART_MAX_SIDE", "MAX_COPIES", "MAX_HP", "MODE_WORDS", "TEAM_COLOURS", "fight_under_way",
           "why_not_change_mode"]
