"""House rules for a script: one process compares the book with a table's folder (review 7 lib, finding 6).

:func:`tactics.rules.data.use_folder` switches the rules folder and clears every cached
loader, so the numbers, the engine's commands and the folder summary agree (before, the
second folder was named "in force" while the first table's cached numbers were used).
R-GREN-3: the scatter table decides where a thrown grenade comes down. Seed 7 fixed.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Iterator

import pytest

from tactics.assets import bundled
from tactics.engine.combat import team
from tactics.engine.combat.actions import Action, Declare, ResolveNext
from tactics.engine.core.encounter import load_encounter
from tactics.engine.hazards.events import GrenadeThrown
from tactics.rules import explosives as ex
from tactics.rules.data import DATA_ENV, DataError, use_folder
from tactics.rules.table_folder import read_table_folder

NEVER_SCATTERS = "[scatter]\nacross = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]\nalong = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]\n"


@pytest.fixture
def book(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv(DATA_ENV, raising=False)
    use_folder(None)
    yield
    use_folder(None)  # the other tests of this process read the book again


def _brandon_throws() -> GrenadeThrown:
    enc = load_encounter(bundled("space-bears.encounter.toml"), seed=7)
    enc.submit(team.StartCombat())
    enc.submit(team.BeginActions())
    enc.submit(Declare("brandon", Action("use-item", item="grenade", target_cell=(21, 5), grenade="frag")))
    return next(e for e in enc.submit(ResolveNext(others_pass=True)).events if isinstance(e, GrenadeThrown))


def test_the_book_and_a_house_table_in_one_process(book: None, tmp_path: Path) -> None:  # R-GREN-3
    (tmp_path / "scatter.toml").write_text(NEVER_SCATTERS)
    assert ex.scatter_odds()[(0, 0)] == Fraction(1, 4)  # the book's table, now cached
    thrown = _brandon_throws()
    assert (thrown.dice, thrown.scatter, thrown.cell) == ([6, 1], (0, -3), (18, 2))

    folder = use_folder(tmp_path)
    assert folder is not None and folder.replaced == ["scatter.toml"]
    assert read_table_folder().summary() == f"House rules from {tmp_path.resolve()}: scatter.toml."
    assert ex.scatter_odds()[(0, 0)] == 1  # the house numbers, not the cached book's
    thrown = _brandon_throws()  # the same dice, the house table: it lands on the square aimed at
    assert (thrown.dice, thrown.scatter, thrown.cell) == ([6, 1], (0, 0), (21, 5))

    assert use_folder(None) is None
    assert ex.scatter_odds()[(0, 0)] == Fraction(1, 4)


def test_a_folder_that_is_not_one_is_refused(book: None, tmp_path: Path) -> None:
    with pytest.raises(DataError, match="not a folder"):
        use_folder(tmp_path / "nowhere")
    assert ex.scatter_odds()[(0, 0)] == Fraction(1, 4)
