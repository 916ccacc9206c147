"""Outside review 17's minor findings N4, N5 and N3, driven headless through the real window.

* N4: the grenade's scatter dice and their legend stayed on the map through the facing prompts and
  into the Space Bears' turn; they go when the next group's turn begins (the log keeps them).
* N5: while Brandon's facing was still asked at the end of the party's turn, the top banner and the
  Declare panel already said "Space Bears Vanguard acts" (bottom banner: choose Brandon's facing
  first). The turn is not over until the facing is answered (READING.md N-FACE-2): they say so.
* N3: with typed dice the panel said "Type the rest of Art's dice" while the status line said "1 typed
  die was not needed", Resolve stayed lit while dice were missing, and nobody could know how many
  damage dice to type before the d20 said Hit or Major Hit. Now the panel says the d20 comes first
  and why, then exactly what the engine still owes (or how many are too many), and Resolve is
  greyed while dice it needs are missing (R-ROLL-1).
"""

from __future__ import annotations

import pygame

from tactics.ui.app import App

from test_ui_grenade_overlays import resolve_throw, round_one, throw_at  # noqa: F401  (the fixture)
from ui_driver import drawn_marks, drawn_texts, key


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


def test_n5_the_top_banner_and_declare_panel_wait_for_the_facing(round_one):  # noqa: F811
    from tactics.ui.hazards import hazards_of

    app = round_one
    throw_at(app, (22, 6))
    resolve_throw(app)
    key(app, pygame.K_e)  # End turn: Brandon's facing is asked
    prompt = hazards_of(app.battle).prompt
    assert prompt.current() is not None and prompt.current().id == "brandon"
    texts = drawn_texts(app)
    assert not [t for t in texts if t.endswith("Space Bears Vanguard acts") or t == "Space Bears Vanguard acts."], \
        f"a banner says the bears act while Brandon's facing is asked: {texts}"
    assert any("Space Bears Vanguard acts next" in t for t in texts), "the top banner says who acts next"
    assert " ".join(texts).lower().count("once brandon's facing is chosen") >= 2, \
        f"the top banner and the Declare panel say what is waited for: {texts}"
    key(app, pygame.K_RETURN)  # leave it as it is
    assert prompt.current() is None
    texts = drawn_texts(app)
    assert any(t.endswith("Space Bears Vanguard acts") for t in texts), "then the bears' turn is told"
    assert not any("once Brandon's facing" in t for t in texts)


def test_n3_typed_dice_words_agree_and_resolve_waits_greyed():  # R-ROLL-1
    from tactics.engine.combat.actions import ResolveNext
    from tactics.engine.core.table import dice_beyond_typed
    from test_ui_combat import declare_typed_shot, space_bears, type_faces
    from ui_driver import app_session, post

    for app in app_session(App(space_bears(), size=(1280, 720))):
        declare_typed_shot(app)
        shown = " ".join(drawn_texts(app))
        assert "Type the d20 first" in shown and "Major Hit" in shown, f"the box says what comes first and why: {shown}"
        texts = drawn_texts(app)
        assert "Resolve next  (Enter)" not in texts and "Waiting for Brandon's dice" in texts, \
            "Resolve is greyed while every die is missing"
        type_faces(app, "17 1")  # the d20 and the -d2 (not proficient): a hit, its damage not typed
        more = dice_beyond_typed(app.battle.encounter.journal, ResolveNext(), [17, 1])
        assert more and set(more) == {8}, more
        texts = drawn_texts(app)
        assert "Waiting for Brandon's dice" in texts, "still greyed while the damage is missing"
        want = f"{len(more)} more {'die' if len(more) == 1 else 'dice'} ({', '.join('d8' for _ in more)})"
        assert any(want in t for t in texts), f"the panel says what is still owed ({want}): {texts}"
        entry = app.battle.combat.resolve.entry
        for ch in " 5" * (len(more) + 1):  # one die too many, not yet Enter
            post(app, pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.step()
        texts = drawn_texts(app)
        assert entry.get_text().strip().count(" ") == 2 + len(more)
        assert not [t for t in texts if t.startswith("Type the rest")], f"no die is missing now: {texts}"
        assert any("1 typed die too many" in t for t in texts), f"the panel says one is too many: {texts}"
        key(app, pygame.K_RETURN)
        app.step()
        said = app.battle.message[0] if app.battle.message else ""
        texts = drawn_texts(app)
        assert "not needed" in said and any("1 typed die too many" in t for t in texts), (said, texts)
        assert not [t for t in texts if t.startswith("Type the rest")], texts


def grenade_pixels(app: App, cell, grown: int = 0) -> int:
    """How many pixels of the grenade marker's body colour the window shows on ``cell`` (grown by
    ``grown`` pixels each way)."""
    from tactics.ui import theme

    app.draw()
    surface = pygame.display.get_surface()
    square = pygame.Rect(app.battle.camera.cell_rect(cell)).inflate(2 * grown, 2 * grown).clip(surface.get_rect())
    return sum(1 for x in range(square.left, square.right) for y in range(square.top, square.bottom)
               if max(abs(a - b) for a, b in zip(surface.get_at((x, y))[:3], theme.GRENADE_BODY)) <= 10)


def test_n4_the_landed_grenade_shows_with_a_token_on_its_square(round_one):  # noqa: F811
    """N4: the grenade came down under Brandon's token, and the map no longer showed where it lay."""
    from tactics.engine.board import Place

    app = round_one
    throw_at(app, (22, 6))
    resolve_throw(app)
    grenade = next(iter(app.battle.state.grenades.values()))
    px = app.battle.camera.cell_px
    assert grenade_pixels(app, grenade.cell) >= px // 2, "the marker shows on its empty square"
    app.battle.encounter.submit(Place("james", grenade.cell))  # a token stands on it
    app.step()
    assert app.battle.state.combatants["james"].cell == tuple(grenade.cell)
    # (its corner marker may sit just outside the square, off James's name and badges: the leftover test below)
    assert grenade_pixels(app, grenade.cell, px // 3) >= px // 2, "the marker still shows with James on its square"
