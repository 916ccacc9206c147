"""Every bundled rules file is checked when an encounter opens, so a bad house-ruled copy of any of
them is the one-line error at start, never a traceback in the middle of a fight (review 9: a bad
``common_actions.toml`` started silently and crashed the window at the first click on a combatant,
because the start's sweep did not list the new file: tactics/rules/catalogue.py)."""

from __future__ import annotations

import pytest

from tactics.rules import catalogue, data
from tactics.rules.data import DataError, bundled_data_path

RULES_FILES = sorted(p.name for p in bundled_data_path().glob("*.toml"))


def test_the_bundled_rules_files_are_the_ones_this_test_knows():
    assert "common_actions.toml" in RULES_FILES and "weapons.toml" in RULES_FILES and len(RULES_FILES) >= 14


@pytest.mark.parametrize("name", RULES_FILES)
def test_a_broken_copy_of_any_rules_file_is_refused_by_the_start_check(name, tmp_path, fresh_sweep):
    (tmp_path / name).write_text("this is = = not toml\n")  # only this file house-ruled, and broken
    data.use_folder(tmp_path)
    catalogue.forget()
    with pytest.raises(DataError) as refused:
        catalogue.checked_rules_data()
    assert name in str(refused.value)
