"""The Initiative panel shows every condition of a row, or counts what it cannot show.

Why: a row drew at most three chips and silently stopped at the first that did
not fit, so Bear 1 was "Stunned" on the map and not in the panel (an outside
reviewer's finding).
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.core.state import Combatant, Condition
from tactics.ui import theme
from tactics.ui.panels.tracker import condition_chips


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    theme.reset_caches()  # fonts cached by an earlier test's pygame session are gone
    old = theme.set_scale(1.0)  # the widths below are at scale 1; an earlier test's window may have left 0.75
    yield
    theme.set_scale(old)
    pygame.quit()


def bear(*conditions: tuple[str, int | None]) -> Combatant:
    return Combatant("bear1", "Bear 1", "bears", (1, 1), conditions=[Condition(n, r) for n, r in conditions])


def shown_count(labels: list[str]) -> int:
    """Conditions a row's chips stand for: one each, and a "+N" chip N."""
    return sum(int(label[1:]) if label.startswith("+") else 1 for label in labels)


@pytest.mark.parametrize("room", [20, 60, 90, 140, 220, 400, 800])
def test_every_condition_is_shown_or_counted(room):
    who = bear(("Stunned", 1), ("Flat-footed", None), ("Shaken", 2), ("Prone", None))
    labels = condition_chips(who, room)
    assert shown_count(labels) in (0, 4)  # all four, or no room even for the count
    if room >= 60:
        assert labels, "a count fits in 60 px"


def test_words_when_they_fit_short_forms_before_dropping_any():
    who = bear(("Stunned", 1), ("Flat-footed", None))
    assert condition_chips(who, 800) == ["Flat-footed", "Stunned 1"]  # drawn right to left: read "Stunned 1 Flat-footed"
    short = condition_chips(who, 90)
    assert short == ["Fl", "St1"]
