"""A wheel install (``pip install .``, not -e) finds its maps and font and opens the default encounter.

Why: the bundled maps and the font used to sit outside the package, so only the
editable install of a source checkout could start. Here the wheel is built,
installed into a fresh virtual environment (reusing this environment's
dependencies, without the project), and started headless from a folder that is
not the checkout.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import zipfile
from pathlib import Path

import pygame

from child_bytecode import as_set_for_the_run

ROOT = Path(__file__).resolve().parents[1]


def _run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    # the wheel's own bytecode (pip compiles it) and pip's, not the tests' shared folder
    done = subprocess.run(cmd, cwd=cwd, env=as_set_for_the_run(os.environ if env is None else env),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{' '.join(cmd)}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    return done


#: builds the wheel of the project in the current folder into the folder named by the first argument
_BUILD_WHEEL = ("import sys, tomllib, importlib;"
                "backend = tomllib.load(open('pyproject.toml', 'rb'))['build-system']['build-backend'];"
                "importlib.import_module(backend).build_wheel(sys.argv[1])")


def test_wheel_holds_the_bundled_files_and_opens_the_default_encounter(tmp_path):
    # build from a clean copy: a build/ folder left in the checkout would leak stale files into the wheel
    source = tmp_path / "source"
    junk = shutil.ignore_patterns(".git", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis",
                                  ".mypy_cache", ".ruff_cache")
    shutil.copytree(ROOT, source, ignore=junk)
    wheels = tmp_path / "wheels"
    # the build backend's PEP 517 hook, as ``pip wheel --no-deps --no-build-isolation`` calls it in this environment
    # (pip's own start and its checks took half of the build's 1 s of CPU)
    _run([sys.executable, "-c", _BUILD_WHEEL, str(wheels)], source)
    (wheel,) = wheels.glob("tactics-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in (
        "tactics/assets/maps/space-bears.encounter.toml",
        "tactics/assets/maps/space-bears.json",
        "tactics/assets/maps/space-bears.png",
        "tactics/assets/fonts/Inter-Regular.otf",
        "tactics/data/weapons.toml",
        "tactics/py.typed",  # PEP 561: a script's mypy reads the hints of the installed package
    ):
        assert needed in names, f"{needed} is missing from the wheel"

    venv = tmp_path / "venv"
    # no pip of its own (setting one up is most of this test's time): this environment's pip installs into it
    _run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(venv)], tmp_path)
    python = venv / "bin" / "python"
    # this environment's dependencies (pygame-ce, pydantic ...), also when it is itself a venv: --system-site-packages
    # alone sees only the base interpreter's packages. Paths a .pth file adds come after the new venv's own, and
    # .pth files inside them are not run, so the checkout's editable install stays out.
    inner_site = _run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], tmp_path).stdout.strip()
    Path(inner_site).mkdir(parents=True, exist_ok=True)
    (Path(inner_site) / "outer-environment.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", "--no-index", str(wheel)], tmp_path)

    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    away = tmp_path / "elsewhere"
    away.mkdir()
    where = _run([str(python), "-c", "import tactics; print(tactics.__file__)"], away, env).stdout.strip()
    assert Path(where).is_relative_to(venv), f"the test imported {where}, not the wheel"

    shot = away / "default.png"
    _run([str(venv / "bin" / "tactics"), "--screenshot", str(shot), "--size", "800x600"], away, env)
    assert pygame.image.load(str(shot)).get_size() == (800, 600)
    # the bundled encounter by name, as the README says, from a folder that is not the checkout
    shot2 = away / "corvette.png"
    _run([str(venv / "bin" / "tactics"), "pirate-corvette.encounter.toml", "--screenshot", str(shot2), "--size", "800x600"], away, env)
    assert shot2.exists()
