"""Trap tags give way to tokens, their names and each other; the pointer's name to condition words.

Why: at the zoom the window opens with, a hidden trap's tag "hidden: Simple mechanical trap DC
10" ran under "Bear 4" and "Art", "Bear 1" sat on a spotted trap's tag, and the pointer's name
"James" covered his own "Shaken 1" (review 9, finding 7). Foundry and Owlbear keep a label off
the tokens and the other labels where there is room.
What is tested, on the bundled individual-turns Space Bears drawn with the layout probe on (every
text the board drew, with its rectangle): a hidden trap right above James and a known one beside
it get their tags at 1600x900 and 1920x1080, neither tag covers a token's square, a token's name
or condition words, or the other tag; on the players' view (F2) the hidden trap has no tag, and a
creature hidden from the players moves no tag there (its square is nothing to them: reading
R-TRAP-6 and the players' view's own rule, nothing hidden shows); the pointer's name of a token
with no room for its own covers none of the words the tokens layer drew.
Expected: no overlap; the tags' texts as listed.
"""

from __future__ import annotations

import pygame
import pytest

from tactics.assets import bundled
from tactics.engine.combat.gm import Hide
from tactics.engine.core.encounter import load_encounter
from tactics.engine.hazards.traps import PlaceTrap
from tactics.ui import layout_probe as probe
from tactics.ui.app import App
from tactics.ui.layers.hazards import trap_tags
from tactics.ui.render import DrawContext

from ui_driver import app_session, key

pytestmark = pytest.mark.usefixtures("data_dir")


def staged(size: tuple[int, int]):
    app = App(load_encounter(bundled("space-bears-individual.encounter.toml"), seed=3), size=size)
    enc = app.battle.encounter
    x, y = enc.state.combatants["james"].cell
    enc.submit(PlaceTrap("simple_mechanical", (x, y - 1), trap_id="over-james"))  # hidden: the GM's only
    enc.submit(PlaceTrap("simple_mechanical", (x + 1, y - 1), trap_id="beside", hidden=False))
    return app


def drawn(app: App) -> list[probe.Mark]:
    rec = probe.start()
    try:
        app.draw()
    finally:
        probe.stop()
    return [m for m in rec.on(pygame.display.get_surface()) if m.kind == "text"]


def squares(app: App) -> list[pygame.Rect]:
    view = app.battle
    return [pygame.Rect(view.camera.cell_rect(c.cell)) for c in view.state.on_map() if view.visible(c)]


@pytest.mark.parametrize("size", [(1600, 900), (1920, 1080)])
def test_trap_tags_cover_no_token_no_name_and_no_other_tag(size) -> None:  # reading: R-TRAP-6
    for app in app_session(staged(size)):
        assert app.battle.camera.cell_px >= 24  # the zoom at which tags are drawn
        marks = drawn(app)
        tags = [m for m in marks if m.role == "map-label"]
        assert len(tags) == 2 and sum(m.label.startswith("hidden") for m in tags) == 1, [m.label for m in tags]
        assert any(m.label.startswith("Simple mechanical") for m in tags)  # (or its short form)
        words = [m.rect for m in marks if m.panel == "map" and m.role != "map-label"]  # names, conditions, initials
        for tag in tags:
            assert tag.rect.collidelist(squares(app)) < 0, f"{tag.label!r} covers a token"
            assert tag.rect.collidelist(words) < 0, f"{tag.label!r} covers a name or word"
        assert not tags[0].rect.colliderect(tags[1].rect), "the two tags cover each other"


def test_the_players_view_gets_no_hidden_tag_and_no_tag_moved_by_a_hidden_creature() -> None:  # R-TRAP-6
    for app in app_session(staged((1920, 1080))):
        enc = app.battle.encounter
        x, y = enc.state.combatants["james"].cell
        key(app, pygame.K_F2)  # the players' view
        view = app.battle
        assert view.viewer != "gm"
        surface = pygame.display.get_surface()

        def tags(view=view, surface=surface) -> dict:
            ctx = DrawContext(surface, view.camera, view.state, view.viewer, surface.get_rect(), view.renderer, view=view)
            return {tid: (rect, text) for tid, (_, rect, text) in trap_tags(ctx).items()}

        bear = enc.state.combatants["bear1"]
        enc.submit(Hide("bear1", 30))  # hidden first: where it stood is nothing to the players either
        assert view.state.hidden_from_players(bear)
        before = tags()
        assert set(before) == {"beside"}  # the hidden trap: nothing of it
        # the bear hidden from the players now on the square where the tag sits: the players' tag stays
        bear.cell = view.camera.cell_at(before["beside"][0].center)  # (where it stands is all that matters)
        assert tags() == before


def test_the_pointers_name_goes_clear_of_the_tokens_own_condition_words() -> None:
    """The name the pointer shows for a token with no room for its own went just above the square,
    where its condition words sit ("James" over "Shaken 1" at 1280x720, review 9)."""
    from tactics.engine.combat.gm import ApplyCondition
    from tactics.ui import draw
    from tactics.ui.placement import hover_name_rect

    for app in app_session(staged((1920, 1080))):
        app.battle.encounter.submit(ApplyCondition("james", "Shaken", 1))
        marks = drawn(app)
        view = app.battle
        cell = pygame.Rect(view.camera.cell_rect(view.state.combatants["james"].cell))
        words = [m.rect for m in marks if m.panel == "map" and m.role != "initials"]
        assert any(m.label.startswith("Shaken") for m in marks)
        size = draw.pill("James", draw.label_size(view.camera.cell_px)).get_size()
        old = pygame.Rect((0, 0), size)
        old.midbottom = (cell.centerx, cell.top - 4)  # where it went: on the words
        assert old.collidelist(words) >= 0
        tags = [m.rect for m in marks if m.role == "map-label"]
        rect = hover_name_rect(view, size, cell, pygame.display.get_surface().get_rect(), tags)
        assert rect.collidelist(words) < 0 and rect.collidelist(squares(app)) < 0


def test_a_hidden_trap_the_foes_found_says_who_knows_it_on_the_gms_tag() -> None:
    """Review 13 F11: a hidden trap the pirates had found still read "hidden: Simple mechanical
    trap DC 10" on the GM's map: nothing said who knew of it."""
    from tactics.engine.hazards.traps import DetectTrap

    for app in app_session(staged((1920, 1080)), closing=True):
        enc = app.battle.encounter
        bear = next(c for c in enc.state.combatants.values() if c.team == "bears")
        enc.submit(DetectTrap("over-james", bear.id))
        app.battle.invalidate()
        texts = [m.label for m in drawn(app)]
        team = enc.state.teams["bears"].name
        assert any(t.startswith("hidden") and t.endswith(f"known to {team}") for t in texts), texts
