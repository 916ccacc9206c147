"""Typed events: one class per kind, saved exactly as before, read by field everywhere.

What a user would notice: a save or autosave written before this change opens the same
and writes back the same JSON; a hand-edited event is refused naming its field, whatever
its kind; the window never shows a KeyError because a reducer, a log line or a panel read
a string key that was not there (they read typed fields, which mypy and this file check).
"""

from __future__ import annotations

import inspect
import json
from dataclasses import FrozenInstanceError, fields, is_dataclass, replace
from pathlib import Path

import pytest

import test_builder_engine
import test_ground_flow
import test_hazards
import test_hazards_grenades
import test_soak_ground
import test_soak_turns
import test_turns
import test_turns_shots
from ai_fights import space_fight
from tactics.engine.core import journal as journal_module
from tactics.engine.core.board_events import TokenMoved, TokenPlaced
from tactics.ui.opening import open_path
from tactics.engine.core.events import KINDS, Event, EventDataError, from_dict, register
from tactics.engine.features import ENCOUNTER_REDUCER, load_all
from tactics.engine.hazards.events import GrenadeThrown

ROOT = Path(__file__).resolve().parents[1]


def test_every_kind_is_one_frozen_class_with_one_reducer():
    load_all()  # the parts imported on first use too (features.LATER)
    assert len(KINDS) >= 100
    assert set(KINDS) == set(ENCOUNTER_REDUCER.handlers), "a kind without a reducer (or the reverse)"
    for kind, cls in KINDS.items():
        assert cls.kind == kind and issubclass(cls, Event) and is_dataclass(cls)
        with pytest.raises(FrozenInstanceError):  # a journal's events never change (Event: frozen by hand)
            cls.__new__(cls).kind = "other"  # type: ignore[misc]
    with pytest.raises(ValueError, match="registered twice"):
        register(type("Other", (TokenMoved,), {"kind": "token.placed"}))


def test_an_event_is_immutable_and_equal_by_its_fields():
    """What ``@dataclass(frozen=True)`` gave each kind, now :class:`Event`'s own methods (start time)."""
    moved = TokenMoved(combatant="ann", path=[(1, 0)], feet=5)
    for change in (lambda: setattr(moved, "feet", 10), lambda: setattr(moved, "note", "x"),
                   lambda: delattr(moved, "feet")):
        with pytest.raises(FrozenInstanceError):
            change()
    assert moved.feet == 5 and moved == TokenMoved(combatant="ann", path=[(1, 0)], feet=5)
    assert moved != replace(moved, feet=10) and moved != "token.moved"
    assert repr(moved) == "TokenMoved(combatant='ann', path=[(1, 0)], feet=5)"
    assert hash(TokenPlaced(combatant="ann", cell=(1, 2))) == hash(TokenPlaced(combatant="ann", cell=(1, 2)))


def test_the_json_is_what_saves_have_always_held():
    """docs/save-format.md's example entry, and keys only some producers write, come back as they were."""
    moved = {"kind": "token.moved", "data": {"combatant": "brandon", "path": [[1, 0]], "feet": 5}}
    event = from_dict(moved)
    assert event == TokenMoved(combatant="brandon", path=[(1, 0)], feet=5) and event.to_dict() == moved
    cooked_in_hand = {"id": "g1", "kind": "frag", "label": "Frag grenade", "thrower": "ann", "team": "party",
                      "from_cell": [1, 1], "target_cell": [4, 1], "cell": [1, 1], "facing": "E", "target": None,
                      "fuse": None, "fuse_text": "explodes in the thrower's hand", "cooked": True, "status": "live",
                      "cloud_cells": [], "cloud_rounds": 0, "dice": [], "scatter": [0, 0], "aimed": [1, 1],
                      "flight": [], "stopped": False}  # no heights, flight_ms, bounces: that throw never flew
    thrown = from_dict({"kind": "grenade.thrown", "data": cooked_in_hand})
    assert isinstance(thrown, GrenadeThrown) and thrown.grenade_kind == "frag" and thrown.cell == (1, 1)
    assert thrown.to_dict() == {"kind": "grenade.thrown", "data": cooked_in_hand}
    kept = from_dict({"kind": "token.placed", "data": {"combatant": "ursa", "cell": [6, 0], "faces": [3, 17]}})
    assert kept == TokenPlaced(combatant="ursa", cell=(6, 0)) and kept.to_dict()["data"]["faces"] == [3, 17]


@pytest.mark.parametrize("raw, where, problem", [
    ({"kind": "nope", "data": {}}, "", "unknown event kind 'nope'"),
    ({"kind": "token.moved", "data": {"combatant": "a", "path": []}}, "path", "at least 1"),
    ({"kind": "turns.skipped", "data": {"round": "2", "combatant": "a", "held_lost": False}}, "round", "integer"),
    ({"kind": "space.moved", "data": {"ship": "s", "ship_name": "S", "source": "", "x": 1, "y": 2, "facing": 0,
                                      "target": "t", "target_name": "T"}}, "amount", "missing"),
    ({"kind": "action.declared", "data": {"id": 1, "combatant": "a", "kind": 7, "params": {}, "needs_roll": True}},
     "kind", "string"),
])
def test_a_bad_event_of_any_kind_names_its_field(raw, where, problem):
    with pytest.raises(EventDataError) as caught:
        from_dict(raw)
    assert caught.value.where == where and problem in caught.value.problem


@pytest.fixture
def committed(monkeypatch):
    """Every event committed to any journal while the test runs."""
    seen: list[Event] = []
    commit = journal_module.Journal.commit

    def spy(self, entry):
        seen.extend(entry.events)
        return commit(self, entry)

    monkeypatch.setattr(journal_module.Journal, "commit", spy)
    return seen


def test_every_kind_played_round_trips_to_json_and_back_equal(committed, tmp_path):
    test_soak_ground.soak(2, 6)  # (seeds whose short soak still undoes and redoes)
    test_soak_turns.soak(1, 6)
    space_fight(4, "pirates", "win", other="win", rounds=3)
    for module in (test_hazards_grenades, test_hazards, test_ground_flow, test_turns, test_turns_shots):
        for name, fn in inspect.getmembers(module, inspect.isfunction):
            if name.startswith("test_") and not inspect.signature(fn).parameters:
                fn()  # grenades, traps, facing, fights, turns, reloads: each test plays its own small scene
    (tmp_path / "room.txt").write_text(test_builder_engine.ROOM)
    test_builder_engine.test_edit_and_remove_are_undoable(open_path(tmp_path / "room.txt", seed=1))
    kinds = {e.kind for e in committed}
    assert len(kinds) >= 85, " ".join(sorted(set(KINDS) - kinds))
    for event in committed:
        assert type(event) is KINDS[event.kind], event
        saved = json.loads(json.dumps(event.to_dict(), allow_nan=False))
        assert saved == event.to_dict()
        back = from_dict(saved)
        assert back == event and type(back) is type(event), (event, back)


def test_kind_fields_do_not_shadow_the_event_kind():
    """``kind`` names the event; an action's or a grenade's own kind is saved as "kind" under another name."""
    for cls in KINDS.values():
        assert "kind" not in {f.name for f in fields(cls)}, cls
