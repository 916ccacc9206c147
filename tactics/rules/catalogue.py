"""Every rules data file, validated at once when an encounter is opened.

Why: most data files are read the first time a rule needs them (the grenade
tool reads ``grenades.toml`` and ``scatter.toml``, the Counter Phase
``conditions.toml`` ...). A bad value found there surfaced as a traceback in
the middle of play. :func:`checked_rules_data` reads them all (each loader is
cached, so this costs one read per file per run) when an encounter is built:
a bad file is then one :class:`~tactics.rules.data.DataError` line at the start
("tactics: error: .../grenades.toml: grenade.frag.radius_ft: ..."), and no
tool can meet it later.

A check that passed is remembered by the fingerprint of the files and the code
(:mod:`tactics.rules.checked_cache`): the next start with the same files skips
the sweep (each file is still validated by its loader when first needed), and
any edited, added or house-ruled file is checked at start again.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable


def _loaders() -> list[Callable[[], object]]:
    from tactics.rules.common_actions import default_common_actions
    from tactics.rules.conditions import default_conditions
    from tactics.rules.explosives import default_grenades, default_scatter, grenade_rules
    from tactics.rules.facing import default_facing_options
    from tactics.rules.sheets import default_arms_rules, default_armoury, sheet_defaults, sheet_rules
    from tactics.rules.starship_data import bundled_ship, chart, default_actions, known_ships, space_rules
    from tactics.rules.skills import default_skill_rules
    from tactics.rules.terrain import default_terrain
    from tactics.rules.traps import default_trap_kinds, default_trap_rules
    from tactics.rules.turns import default_turn_rules

    from tactics.ai.settings import opponent_rules  # (the app-played side's weights are a table's data too)

    ships = [lambda ship=ship: bundled_ship(ship) for ship in known_ships()]
    return [default_terrain, default_skill_rules, sheet_defaults, sheet_rules, default_arms_rules, default_armoury, grenade_rules, default_conditions, default_grenades, default_scatter,
            default_facing_options, default_trap_kinds, default_trap_rules, default_turn_rules,
            default_common_actions, opponent_rules, default_actions, space_rules, chart, *ships]


_checked = False
_trust_cache = True


def checked_rules_data() -> None:
    """Load (and so validate) every rules data file; DataError for the first bad one.

    Skipped when files with the same fingerprint passed before (see the module's docstring).
    """
    global _checked
    if _checked:
        return
    from tactics.rules import checked_cache
    from tactics.rules.data import DATA_ENV, bundled_data_path

    own = os.environ.get(DATA_ENV)
    folders = [bundled_data_path(), *([Path(own).expanduser()] if own else [])]
    mark = checked_cache.fingerprint(folders)
    if mark is not None and _trust_cache and checked_cache.passed(mark):
        _checked = True
        return
    from tactics.rules import remembered

    with remembered.batch():  # every file parsed and validated is remembered in one write
        for load in _loaders():
            load()
    _checked = True
    if mark is not None:
        checked_cache.remember(mark)


def forget() -> None:
    """Check again on the next call, every file (tests that edit data files or swap a loader)."""
    global _checked, _trust_cache
    _checked = False
    _trust_cache = False


def folder_changed() -> None:
    """The rules folder changed (:func:`tactics.rules.data.use_folder`): sweep again on the next call."""
    global _checked
    _checked = False


__all__ = ["checked_rules_data", "folder_changed", "forget"]
