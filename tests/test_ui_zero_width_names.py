"""Names that draw nothing (issue 12's bad input: review 11 found them closing the window).

A name made only of zero-width joiners or direction marks (U+200D, U+200F, U+202E) passed the
name checks (they refuse control characters, not Unicode's format class) and SDL_ttf refused to
draw it ("Text has zero width"): the window closed on the first frame, and a save holding such a
name closed it every time it was opened. Now such a text draws as nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tactics.assets import bundled
from tactics.cli import main


@pytest.mark.parametrize("name", ["\u200d", "\u200f\u200f", "\u202e", "\u200d\u200d\u200d"])
def test_an_encounter_whose_names_draw_nothing_opens_and_draws(tmp_path: Path, name: str, data_dir: Path) -> None:
    source = bundled("space-bears.encounter.toml")
    text = Path(source).read_text(encoding="utf-8")
    text = text.replace('name = "Space Bears"', f'name = "{name}"', 1).replace('name = "Bear 1"', f'name = "{name}"')
    encounter = tmp_path / "odd.encounter.toml"
    encounter.write_text(text, encoding="utf-8")
    for asset in Path(source).parent.glob("space-bears.*"):
        if asset.name != encounter.name and not asset.name.endswith(".encounter.toml"):
            (tmp_path / asset.name).write_bytes(asset.read_bytes())
    out = tmp_path / "shot.png"
    assert main([str(encounter), "--screenshot", str(out), "--size", "1280x720"]) in (0, None)
    assert out.stat().st_size > 10_000  # the map was drawn, not a blank or no picture
