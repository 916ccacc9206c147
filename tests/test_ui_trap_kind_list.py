"""The Traps tool's kind list opens upwards, every kind in view at once, at 1280x720 and 1600x900.

Why (review10prep, finding 5): the drop-down sits at the bottom of the board and opened
downwards into the ~40 px above the status bar: half a row, two kinds and a scroll bar. What is
tested, through real clicks: P, a click on the box; the expanded list lies inside the window,
above the box, with every kind of traps.toml listed and no scroll bar; a click on the last kind
chooses it.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.rules import traps as tr
from tactics.ui.app import App
from tactics.ui.opening import open_path

from tactics.assets import bundled
from ui_driver import click_settled as click, key_settled as key


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (3840, 2160)])
def test_the_kind_list_opens_upwards_with_every_kind_visible(size) -> None:
    app = App(open_path(bundled("space-bears.json"), seed=1), size=size)
    try:
        app.step()
        key(app, pygame.K_p)
        tool = app.battle.tool
        assert tool.name == "traps" and tool.dropdown is not None
        box = tool.dropdown.rect.copy()
        click(app, box.center)
        listing = tool.dropdown.current_state.options_selection_list
        assert listing is not None and listing.alive(), "the list did not open"
        window = pygame.Rect((0, 0), size)
        assert window.contains(listing.rect), (listing.rect, size)
        assert listing.rect.bottom <= box.top + 4  # above the box (its border shared), not into the status bar
        assert listing.scroll_bar is None  # every row in view: nothing to scroll
        rows = [item["button_element"] for item in listing.item_list]
        assert len(rows) == len(tr.default_trap_kinds())
        assert all(row is not None and listing.rect.contains(row.rect) for row in rows)
        last = tool.kinds[-1]
        click(app, rows[-1].rect.center)
        assert tool.current_kind() == last
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_every_kind_name_fits_its_box_at_every_size(size, monkeypatch) -> None:
    """At 3840x2160 the box stayed 280 px while its type doubled: "1  Simple mechani". The box
    grows with the UI scale, and wider still for a house-ruled long kind name."""
    app = App(open_path(bundled("space-bears.json"), seed=1), size=size)
    try:
        app.step()
        key(app, pygame.K_p)
        tool = app.battle.tool

        def fits() -> bool:
            shown = tool.dropdown.current_state.selected_option_button
            widest = max(shown.font.size(label)[0] for label, _ in tool._options())
            return widest + 16 <= shown.rect.width and app.battle.board_rect().contains(tool.dropdown.rect)

        assert fits()
        long = [(label + " of the Long Forgotten Deep Vaults", key_) for label, key_ in tool._options()]
        monkeypatch.setattr(tool, "_options", lambda: long)
        tool._make_dropdown()
        assert fits()
    finally:
        pygame.quit()
