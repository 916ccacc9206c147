"""``help()`` and ``inspect.signature`` of a typed event show its fields (review 7 lib, finding 8).

A script reads an attack from its event by field (the README promises typed events);
before, every event class showed ``(*args, **kwargs)`` (the metaclass that keeps
``Event("token.moved", {...})`` working) and no word on its nested lists.
"""

from __future__ import annotations

import dataclasses
import inspect
import pydoc

import pytest

from tactics.engine import features
from tactics.engine.combat.events import AttackRolled, DamageRolled
from tactics.engine.core.events import KINDS, Event
from tactics.engine.hazards.events import GrenadeThrown


def _every_kind() -> list[type[Event]]:
    features.load_all()
    return sorted(KINDS.values(), key=lambda cls: cls.kind)


@pytest.mark.parametrize("cls", _every_kind(), ids=lambda cls: cls.kind)
def test_every_event_class_signature_is_its_fields(cls: type[Event]) -> None:
    params = inspect.signature(cls).parameters
    assert list(params) == [f.name for f in dataclasses.fields(cls) if f.init]
    assert "args" not in params and "kwargs" not in params


def test_help_lists_the_fields_and_explains_the_nested_lists() -> None:
    page = pydoc.render_doc(AttackRolled, renderer=pydoc.plaintext)
    assert "AttackRolled(*, action: 'int | None' = None, attacker: 'str'" in page
    for words in ("``extra``: the advantage die as ``[sides, face, sign]``", "``modifiers``: ``[label, value]``",
                  "``odds``: each outcome's chance"):
        assert words in page
    assert "one ``[faces, total]`` pair per" in pydoc.render_doc(DamageRolled, renderer=pydoc.plaintext)
    assert "``dice``: the two scatter d10s" in (GrenadeThrown.__doc__ or "")


def test_the_saved_style_spelling_still_builds_an_event() -> None:
    event = Event("token.moved", {"combatant": "ann", "path": [[1, 0]], "feet": 5})
    assert event.to_dict() == {"kind": "token.moved", "data": {"combatant": "ann", "path": [[1, 0]], "feet": 5}}
    assert list(inspect.signature(Event).parameters) == ["kind", "data"]
