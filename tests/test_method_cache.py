"""The dataclass methods kept between starts (tactics/method_cache.py, issue 12: start time).

What a user would notice if it broke: a class made from kept methods that behaves unlike the
class Python would make (a wrong default, equality or frozen check), a damaged or hostile cache
file that stops the app from starting, or a start that compiles everything again every time.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tactics import method_cache

# A child that imports part of the app, reports how many texts it compiled and how its classes behave.
_CHILD = r"""
import json, sys
import tactics
from tactics import method_cache
from tactics.rules.actions import Limits  # a frozen dataclass of the rules core
from tactics.engine.core.state import EncounterState  # hundreds of the engine's
a, b = Limits(no_bonus=True, reason="Stunned"), Limits(no_bonus=True, reason="Stunned")
try:
    a.reason = ""
    frozen = False
except Exception as exc:
    frozen = type(exc).__name__
method_cache.save()
print(json.dumps({"new": method_cache.compiled_here(), "kept": len(method_cache._code),
                  "repr": repr(a), "eq": a == b, "hash": hash(a) == hash(b), "frozen": frozen}))
"""


def _child(cache: Path) -> dict:
    env = dict(os.environ, TACTICS_CACHE_DIR=str(cache))
    out = subprocess.run([sys.executable, "-c", _CHILD], env=env, capture_output=True, text=True, check=True)
    assert "owned" not in out.stdout
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_second_start_compiles_no_dataclass_method_and_makes_the_same_classes(tmp_path: Path) -> None:
    first = _child(tmp_path)
    second = _child(tmp_path)
    assert first["new"] > 50  # the engine's dataclasses: dozens of methods compiled from text
    assert second["new"] == 0  # all kept from the first start
    assert second["kept"] == first["kept"]
    assert {k: v for k, v in first.items() if k not in ("new", "kept")} == \
        {k: v for k, v in second.items() if k not in ("new", "kept")}
    assert second["eq"] and second["hash"] and second["frozen"] == "FrozenInstanceError"


@pytest.mark.parametrize("damage", ["garbage", "not a dict", "wrong values", "folder", "fifo", "empty"])
def test_a_damaged_cache_file_is_ignored_and_replaced(tmp_path: Path, damage: str) -> None:
    import marshal

    path = tmp_path / method_cache.cache_file_name()
    if damage == "garbage":
        path.write_bytes(b"\x00\xffnot marshal at all" * 100)
    elif damage == "not a dict":
        path.write_bytes(marshal.dumps([1, 2, 3]))
    elif damage == "wrong values":  # the real texts, mapped to something that is not code: never run
        _child(tmp_path)
        texts = marshal.loads(path.read_bytes())
        path.write_bytes(marshal.dumps({text: "print('owned')" for text in texts}))
    elif damage == "folder":
        path.mkdir()
    elif damage == "fifo":
        os.mkfifo(path)
    else:
        path.write_bytes(b"")
    report = _child(tmp_path)
    assert report["new"] > 50 and report["eq"] and report["frozen"] == "FrozenInstanceError"
    if damage not in ("folder", "fifo"):  # written again, whole, where a file can be
        assert _child(tmp_path)["new"] == 0


def test_classes_whose_texts_match_still_get_their_own_defaults() -> None:
    # Two classes with the same fields make the same method texts; their defaults differ and
    # come in as the function's locals, never from the kept code.
    @dataclasses.dataclass(frozen=True)
    class Near:
        reach_ft: int = 30
        name: str = dataclasses.field(default_factory=lambda: "near")

    @dataclasses.dataclass(frozen=True)
    class Far:
        reach_ft: int = 120
        name: str = dataclasses.field(default_factory=lambda: "far")

    assert (Near().reach_ft, Near().name, Far().reach_ft, Far().name) == (30, "near", 120, "far")
    assert Near() != Far() and repr(Far()) == "test_classes_whose_texts_match_still_get_their_own_defaults." \
        "<locals>.Far(reach_ft=120, name='far')"
    assert Near.__init__.__code__ is Far.__init__.__code__  # one compiled text, used twice


def test_kept_methods_are_the_code_dataclasses_compiles_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    def make() -> type:
        @dataclasses.dataclass(frozen=True, order=True)
        class Probe:
            square: tuple[int, int]
            tags: tuple[str, ...] = ()
            log: list[str] = dataclasses.field(default_factory=list)

        return Probe

    kept = make()
    monkeypatch.delattr(dataclasses, "exec")  # dataclasses' own exec: the builtin, compiling the text
    plain = make()
    for name in ("__init__", "__repr__", "__eq__", "__lt__", "__setattr__", "__delattr__", "__hash__"):
        assert inspect.unwrap(getattr(kept, name)).__code__ == inspect.unwrap(getattr(plain, name)).__code__, name
    assert kept((1, 2)) == kept((1, 2)) and kept((1, 2)) < kept((1, 3)) and repr(kept((0, 0))).endswith(
        "Probe(square=(0, 0), tags=(), log=[])")


def test_a_cache_folder_that_cannot_be_written_is_skipped(tmp_path: Path) -> None:
    blocker = tmp_path / "a file, not a folder"
    blocker.write_text("x")
    env = dict(os.environ, TACTICS_CACHE_DIR=str(blocker / "cache"))
    out = subprocess.run([sys.executable, "-c", _CHILD], env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.strip().splitlines()[-1])["frozen"] == "FrozenInstanceError"
