"""Outside review 17's minor findings N4, N5 and N3, driven headless through the real window.

* N4: the grenade's scatter dice and their legend stayed on the map through the facing prompts and
  into the Space Bears' turn; they go when the next group's turn begins (the log keeps them).
"""

from __future__ import annotations

import pygame

from tactics.ui.app import App

from test_ui_grenade_overlays import resolve_throw, round_one, throw_at  # noqa: F401  (the fixture)
from ui_driver import drawn_marks, key


def scatter_legend_shown(app: App) -> bool:
    return any(m.kind == "text" and m.label.startswith("scatter d10s: ") for m in drawn_marks(app))


def test_n4_the_scatter_dice_go_when_the_next_group_acts(round_one):  # noqa: F811
    app = round_one
    throw_at(app, (22, 6))
    resolve_throw(app)
    assert scatter_legend_shown(app), "the throw's dice show with its result"
    enc = app.battle.encounter
    for _ in range(8):  # End turn, then the facings as they are (Enter), until the bears act
        group = enc.state.combat.acting_group()
        if group is not None and not group.key.startswith("party"):
            break
        key(app, pygame.K_e)
        key(app, pygame.K_RETURN)
    group = enc.state.combat.acting_group()
    assert group is not None and not group.key.startswith("party"), f"the next group acts, not {group}"
    assert not scatter_legend_shown(app), "the scatter dice went when the next group's turn began"
