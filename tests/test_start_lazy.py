"""What the window's start leaves for later (issue 12: start time; the figure is the bench's ``start_ms``).

Design properties the start relies on, checked in a fresh process after the first frame: the
app-controlled opponent (``tactics.ai``) is loaded only once the app plays a team or a ship
side, the players' window module only once it opens, and a pydantic model builds its
validator only when it first validates (the saves', the ships', the opponents' and the
grenades' models are not needed to show the first frame; the grenade tool reads its kinds
when first used), and a later start builds none (the data it validated before is rebuilt
from what the first start remembered). The engine parts loaded on first use (``features.LATER``: the starship,
individual turns) and the windows, panels and forms shown only later are not imported at
all (nor pygame_gui: the toolbar is drawn by the app), and Python's cycle collector is back
on its usual schedule once the frame is shown, with what the start made frozen out of its walks.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from first_start import copy_of, first_frame
from tactics.rules import remembered


@pytest.fixture(scope="module")
def starts(first_start: tuple[Path, dict], tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, dict, dict]:
    """What three starts showed, with a cache folder of their own: the first checks every rules
    file and remembers them validated (:mod:`tactics.rules.remembered`), as a user's first
    start after an install does (conftest's ``first_start``, shared); the second is every later
    start; the third had its check remembered but not the validated data (each model then
    validates when first used)."""
    first_cache, first = first_start
    cache = copy_of(first_cache, tmp_path_factory.mktemp("start-cache"))
    later = first_frame(str(cache))
    (cache / remembered.CACHE_FILE).unlink()
    return first, later, first_frame(str(cache))


@pytest.fixture(scope="module")
def seen(starts: tuple[dict, dict, dict]) -> dict:
    return starts[1]


#: Imported by the first frame of the default (team-turn, ground) encounter: none of these.
NOT_AT_START = (
    "tactics.engine.starship.",  # the starship: an encounter with a [space] table, the Tab screen
    "tactics.engine.combat.individual.",  # individual turns: their encounters, their events in a save
    "tactics.rules.starship",  # (the ship rules and data)
    "tactics.rules.turns",  # the individual-turn numbers, an equipped shield's AC
    "tactics.ui.panels.turns",  # the individual turns' panel
    "tactics.ui.starship.",  # the starship screen
    "tactics.ui.builder.forms",  # the Set up tool's add and edit forms
    "tactics.ui.tools.shot",
    "tactics.engine.saves.document",  # reading and writing saves: the first save, autosave or restore
    "tactics.engine.saves.replay",
    "tactics.rules.common_actions",  # drawing, reloading, Treat Injury: the rules of a fight under way
    "tactics.ui.panels.help",  # the F1 card
    "tactics.ui.file_dialogs",  # Ctrl+O, the Set up tool's token picture and Save as
    "tactics.ui.players.names",  # names placed again all in one size: tokens crowding in view
    "tactics.rules.physics",  # a grenade's flight: the first throw or landing heatmap
)


def test_the_first_frame_imports_no_part_it_does_not_show(seen):
    imported = [m for m in seen["modules"] if m.startswith(NOT_AT_START)]
    assert imported == [], imported
    assert "tactics.engine.combat.team" in seen["modules"]  # (the check sees the engine's own modules)
    assert seen["gc_threshold"][0] < 10_000  # the cycle collector's usual schedule after the first frame
    assert seen["gc_frozen"] > 10_000  # and what the start made is not walked again by it
    assert seen["collected_before_first_frame"] == []  # nor walked while it was being made


def test_the_first_frame_needs_no_pygame_gui(seen):
    """The toolbar is the app's own; pygame_gui (and what it imports) waits for a text box or dialog."""
    assert seen["pygame_gui"] == []


def test_the_first_frame_loads_no_openssl(seen):
    """The rules data's fingerprints and the autosaves' names use CPython's own SHA-256 and SHA-1
    (tactics/digest.py): hashlib would load OpenSSL (2.5-5 ms of the start)."""
    assert seen["openssl"] == []


def test_the_first_frame_imports_no_datetime(seen):
    """The time is read when something is written (an autosave, a save, an exported log) or a restore
    offered, never for the first frame: the ``datetime`` module was 1 ms of every start (issue 12)."""
    assert seen["datetime"] == []


def test_the_first_frame_imports_no_asyncio(seen):
    """pydantic 2.13 imported asyncio (with ssl, sockets, subprocess) for its deprecated methods;
    the pinned 2.14 does not: the start pays for none of it."""
    assert seen["asyncio"] == []


def test_the_first_frame_loads_no_opponent_and_builds_only_the_validators_it_uses(starts):
    seen, not_remembered = starts[1], starts[2]
    assert seen["ai"] == [] and seen["players_window"] is False
    assert seen["models"] > 20  # (the starship's and the saves' models are not even imported: NOT_AT_START)
    built = not_remembered["built"]
    assert "tactics.engine.core.definition.EncounterDefinition" in built  # the encounter file was validated
    assert "tactics.rules.sheets.Sheet" in built  # and the sheets the panels show
    for unused in ("tactics.engine.saves.", "tactics.rules.starship_data.", "tactics.ai.",
                   "tactics.rules.explosives.GrenadeKind"):
        assert not [name for name in built if name.startswith(unused)], built
    own = [name for name in built if not name.rsplit(".", 1)[1].startswith("_")]  # (a base: built with its models)
    assert len(own) <= seen["models"] * 2 // 3


def test_a_later_start_validates_nothing_it_validated_before(starts):
    """The rules files and the encounter file passed at the first start and are rebuilt from what
    was remembered (tactics/rules/remembered.py): no pydantic validator is built, no TOML parsed,
    and pydantic's plugin search (which imports ``importlib.metadata`` and the email package)
    never runs."""
    first, seen, _ = starts
    assert first["metadata"] is True and "tomllib" in first["parsers"]  # (the check sees them: the first start)
    assert seen["built"] == [] and seen["metadata"] is False
    assert seen["parsers"] == []  # nor is a TOML file parsed again (nor the email package: the plugin search's)


def test_a_later_start_does_not_import_pydantic(starts):
    """The data models are plain classes until one validates (tactics/rules/plain_model.py): a later
    start, which validates nothing, never imports pydantic (its import and model classes cost more
    than a bare window's whole start); the first start validates, so it does."""
    first, seen, _ = starts
    assert "pydantic" in first["pydantic"]  # (the check sees it)
    assert seen["pydantic"] == []


def test_the_models_the_first_frame_makes_give_pydantic_their_annotations_as_objects(seen):
    """pydantic compiled and evaluated every field's annotation string (``from __future__ import
    annotations``) of the 32 models the start makes (1.4% of its instructions); the modules
    defining them keep their annotations as objects."""
    assert seen["models"] > 20 and seen["string_annotations"] == []


def test_event_kinds_are_made_without_generated_methods_and_still_check_their_fields():
    """Issue 12: ``dataclass`` compiled an ``__init__`` (and a docstring from its signature) for
    each of the 106 kinds at every start; now :class:`Event`'s own ``__init__`` takes the fields,
    refusing a missing or unknown one as the generated one did, and ``help()`` still shows them."""
    import inspect

    from tactics.engine import features
    from tactics.engine.core.board_events import TokenMoved
    from tactics.engine.core.events import KINDS

    features.load_all()
    assert [cls.__name__ for cls in KINDS.values() if "__init__" in vars(cls)] == []
    moved = TokenMoved(combatant="ann", path=[(1, 0)])
    assert moved.feet == 0 and moved.to_dict()["data"] == {"combatant": "ann", "path": [[1, 0]], "feet": 0}
    with pytest.raises(TypeError, match="missing 1 required keyword-only argument: 'path'"):
        TokenMoved(combatant="ann")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected keyword argument 'speed'"):
        TokenMoved(combatant="ann", path=[(1, 0)], speed=5)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        TokenMoved("ann", [(1, 0)])  # type: ignore[misc]  (keywords only, as before)
    assert str(inspect.signature(TokenMoved)) == "(*, combatant: 'str', path: 'Annotated[list[Square], Field(min_length=1)]', feet: 'int' = 0)"


DEFAULT_PICTURE_FIRST = """
import json, sys
from tactics.ui import decode_ahead

ENGINE = ("tactics.engine.core.encounter", "tactics.engine.features", "tactics.rules.data", "tactics.maps.battlemap")
seen = {}
real_start = decode_ahead.Decoding.start

def start(self):
    seen.setdefault("engine_when_decoding", sorted(m for m in ENGINE if m in sys.modules))
    real_start(self)

decode_ahead.Decoding.start = start
from tactics.ui.opening import open_default
seen["engine_with_opening"] = sorted(m for m in ENGINE if m in sys.modules)
encounter = open_default(seed=1)
seen["decoded"] = [key[0].rsplit("/", 1)[-1] for key in decode_ahead.DECODING]
print(json.dumps(seen))
"""


def test_the_default_maps_picture_decodes_before_the_engine_imports():
    """Issue 12: the bundled picture's decode and conversion (26 ms) ran beside the window's
    imports only, and the first frame waited for what was left; now opening the default starts
    it before the engine's modules import (``tactics.ui.opening`` imports them when a file is opened)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", DEFAULT_PICTURE_FIRST], capture_output=True, text=True,
                          timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["engine_with_opening"] == [] and seen["engine_when_decoding"] == []
    assert seen["decoded"] == ["space-bears.png"]  # (taken by the first frame; here none is drawn)


UNDOCUMENTED_DATACLASSES = """
import dataclasses, json

made = []
real = dataclasses._process_class

def process(cls, *args, **kwargs):
    if cls.__module__.startswith("tactics.") and cls.__dict__.get("__doc__") is None:
        made.append(f"{cls.__module__}.{cls.__qualname__}")
    return real(cls, *args, **kwargs)

dataclasses._process_class = process
from tactics.ui.opening import open_default
encounter = open_default(seed=1)
from tactics.ui.app import App
App(encounter, size=(640, 400)).step()
print(json.dumps(made))
"""


def test_the_first_frames_dataclasses_have_docstrings_of_their_own():
    """``dataclass`` writes a class's missing docstring from ``inspect.signature`` at every start
    (23 classes of the first frame did: about 60 us each, under load)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", UNDOCUMENTED_DATACLASSES], capture_output=True, text=True,
                          timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []


REPLACED = """
import gc, json, weakref
from tactics.ui.opening import open_default
from tactics.ui.app import App

app = App(open_default(seed=1), size=(640, 400))
app.step()
frozen = gc.get_freeze_count()
first = weakref.ref(app.battle)
app.use_encounter(open_default(seed=2), "Opened.")
app.step()
gc.collect()
print(json.dumps({"frozen": frozen, "after": gc.get_freeze_count(), "first_view_alive": first() is not None}))
"""


def test_the_start_frozen_out_of_the_collector_is_given_back_when_another_encounter_opens(tmp_path):
    """What the first frame froze (tactics.started) is unfrozen once the first encounter's view
    is replaced: the closed view (cycles holding window-sized surfaces) is freed, not kept."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "TACTICS_CACHE_DIR": str(tmp_path / "cache"), "TACTICS_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-c", REPLACED], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["frozen"] > 10_000
    assert seen["after"] == 0
    assert not seen["first_view_alive"]
