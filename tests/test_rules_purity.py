"""The rules core and the engine must never import pygame (the brief's first rule)."""

import subprocess
import sys
import pkgutil

import tactics.engine
import tactics.rules


def _modules(package) -> list[str]:
    return [m.name for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]


def test_rules_and_engine_import_no_pygame():
    names = _modules(tactics.rules) + _modules(tactics.engine) + ["tactics.maps"]
    code = (
        "import sys, importlib\n"
        f"for n in {names!r}: importlib.import_module(n)\n"
        "bad = [m for m in sys.modules if m == 'pygame' or m.startswith('pygame.') or m.startswith('pygame_gui')]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"pygame imported by the rules core: {out.stdout}"
    assert len(names) >= 5
