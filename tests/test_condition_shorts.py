"""Every condition's badge on a crowded token is its own (R-COND-1; review 18 of the badge key).

The short forms were the names' first two letters: "Sh1" was Shaken 1 or Shocked 1, "Fl"
Flat-footed or Fled, and the key beside the map listed both words for one badge. A condition's
``short`` in ``conditions.toml`` now names its badge; one without takes its name's first two
letters, or letters of its own where another condition has those; two the same given in a file
are a data error naming the file and the field.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tactics.rules.conditions import default_conditions, load_conditions, short_of
from tactics.rules.data import DataError
from tactics.ui.tokens import condition_pill_text

REQUIRED = '''
[condition.Shaken]
label = "Shaken"
[condition.Stunned]
label = "Stunned"
[condition.Flat-footed]
label = "Flat-footed"
'''


def test_the_bundled_conditions_each_have_a_badge_of_their_own() -> None:
    shorts = {name: short_of(name) for name in default_conditions()}
    assert len(set(map(str.casefold, shorts.values()))) == len(shorts), shorts
    assert (shorts["Shaken"], shorts["Shocked"], shorts["Flat-footed"], shorts["Fled"]) == ("Sh", "Sk", "Fl", "Fd")
    assert condition_pill_text("Shocked", 2) == "Sk2" and condition_pill_text("Shaken", 2) == "Sh2"
    assert condition_pill_text("On fire", None) == "On", "a GM's own note: its first two letters"


def test_a_house_condition_without_a_short_gets_letters_no_other_has(tmp_path: Path) -> None:
    path = tmp_path / "conditions.toml"
    path.write_text(REQUIRED + '[condition.Shielded]\nlabel = "Shielded"\n[condition.Flaming]\nlabel = "Flaming"\n')
    rules = load_conditions(path)
    assert short_of("Shielded", rules) == "Si", "Sh is Shaken's: S and the first later letter that is free"
    assert short_of("Flaming", rules) == "Fa", "Fl is Flat-footed's"
    assert len({short_of(n, rules) for n in rules}) == len(rules)


def test_two_conditions_given_one_short_is_an_error_naming_the_file_and_field(tmp_path: Path) -> None:
    path = tmp_path / "conditions.toml"
    path.write_text(REQUIRED + '[condition.Shocked]\nlabel = "Shocked"\nshort = "St"\n')
    rules = load_conditions(path)  # Stunned has no short given: it gives way ("Su"), Shocked keeps its own
    assert short_of("Shocked", rules) == "St" and short_of("Stunned", rules) != "St"
    path.write_text(REQUIRED.replace('label = "Stunned"', 'label = "Stunned"\nshort = "St"')
                    + '[condition.Shocked]\nlabel = "Shocked"\nshort = "st"\n')
    with pytest.raises(DataError) as err:
        load_conditions(path)
    assert "conditions.toml" in str(err.value) and "condition.Shocked.short" in str(err.value)
    assert "Stunned's short form too" in str(err.value)


@pytest.mark.parametrize("bad", ['"S1"', '"Shak"', '"S h"', '"\\u0000"'])
def test_a_short_of_digits_or_too_many_letters_is_refused(tmp_path: Path, bad: str) -> None:
    path = tmp_path / "conditions.toml"
    path.write_text(REQUIRED + f'[condition.Shocked]\nlabel = "Shocked"\nshort = {bad}\n')
    with pytest.raises(DataError, match=r"condition\.Shocked"):
        load_conditions(path)
