"""The players' window's type and cards scale with its size: at 560x360 nothing overlaps or is cut.

At 560x360 the players' window kept the type of 1280x720 (the main window's UI scale stops at 0.75):
a banner a quarter of its height, 24 px names of which four found no place, and the "Last roll" card
over "Bear 2". What is tested, through the real app headless with the players' window open at
560x360: in an individual turn after a thrown grenade (names, the roll's card, the fuse card) and in
the Advantages Phase (the in-force card, condition words), every text the frame draws (the layout
probe's record: the banner, the order strip, the names, the cards) lies inside the window, none is
cut, and no two overlap; every token has its name; the type is smaller than at 1280x720. From
1280x720 up the window's scale is the main window's as before: at 1920x1080 its banner, order
strip and names are the sizes they were (1.25 times those of 1280x720).
"""

from __future__ import annotations

import pygame
import pytest

from tactics.engine.combat.individual.actions import TakeAction, TurnAction
from tactics.ui import layout_probe as probe
from tactics.ui import theme
from tactics.ui.app import App
from tactics.ui.panels.hotseat import turn_banner
from tactics.ui.players import style

from test_turns import current, started
from test_ui_combat import explosion, press, space_bears
from ui_driver import app_session, players_window_drawn

SMALL = (560, 360)


def after_a_grenade():
    enc = started()
    enc.submit(TakeAction(current(enc.state), TurnAction("use-item", item="grenade", target_cell=(9, 6),
                                                         options={"grenade": "frag"})), typed=[5, 5])
    return enc


def in_the_advantages_phase(app: App) -> None:
    press(app, "start")
    app.step()
    assert app.battle.state.combat.phase == "advantages"


def scene_app(name: str, size: tuple[int, int]):
    """The app in scene ``name`` with the players' window open at ``size``; (its generator, the app)."""
    if name == "grenade":
        enc = after_a_grenade()
    else:
        enc = space_bears()
        explosion(enc)
    gen = app_session(App(enc, size=(1280, 720)), closing=True)
    app = next(gen)
    app.players.open(size=size)
    if name == "advantages":
        in_the_advantages_phase(app)
    app.step()
    return gen, app


def texts_of(marks) -> list:
    return [m for m in marks if m.kind == "text"]


def overlapping(texts) -> list[str]:
    out = []
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            clip = a.rect.clip(b.rect)
            if clip.width > probe.TOLERANCE and clip.height > probe.TOLERANCE:
                out.append(f"{a.label!r} {tuple(a.rect)} overlaps {b.label!r} {tuple(b.rect)}")
    return out


@pytest.mark.parametrize("scene", ["grenade", "advantages"])
def test_at_560x360_no_text_overlaps_another_or_leaves_the_window(scene):
    gen, app = scene_app(scene, SMALL)
    try:
        pw = app.players.window
        surface, marks = players_window_drawn(app)
        texts = texts_of(marks)
        window = pygame.Rect((0, 0), SMALL)
        assert texts
        outside = [f"{m.label!r} {tuple(m.rect)}" for m in texts if not window.contains(m.rect)]
        assert not outside, f"texts outside the 560x360 window: {outside}"
        assert not [m.label for m in texts if m.clipped], "a text is cut"
        assert not overlapping(texts)
        rec = probe.Recorder()
        rec.marks[id(surface)] = marks
        assert not probe.problems(rec, surface)
        assert not pw.renderer.tokens.unnamed, f"tokens with no name: {sorted(pw.renderer.tokens.unnamed)}"
        labels = {m.label for m in texts}
        banner = turn_banner(pw.seen_state(), for_players=True)
        assert banner.title in labels and (banner.detail in labels or banner.short in labels)  # both its lines
        assert {who.name for who in pw.drawn_state.on_map()} <= labels  # every token's name is drawn
        cards = pw.cards.rects
        assert cards and all(window.contains(r) for r in cards)
        assert not any(a.colliderect(b) for i, a in enumerate(cards) for b in cards[i + 1:])
        if scene == "advantages":
            assert any(label.startswith("Round 1: in") for label in labels)  # the in-force card's title
        else:
            assert "Last roll" in labels
    finally:
        gen.close()


def banner_title_height(app: App) -> int:
    _, marks = players_window_drawn(app)
    banner = turn_banner(app.players.window.seen_state(), for_players=True)
    (mark,) = [m for m in marks if m.kind == "text" and m.label == banner.title]
    return mark.rect.height


def test_the_type_is_smaller_at_560x360_than_at_1280x720():
    heights = {}
    for size in (SMALL, (1280, 720)):
        gen, app = scene_app("grenade", size)
        try:
            heights[size] = banner_title_height(app)
            pw = app.players.window
            if size == SMALL:
                assert pw.banner_h() < style.BANNER_H
        finally:
            gen.close()
    assert heights[SMALL] < heights[(1280, 720)] * 0.8


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1600, 900), (1920, 1080), (3840, 2160)])
def test_from_1280x720_up_the_players_window_is_scaled_as_before(size):
    assert style.window_scale(size) == theme.scale_for(size)  # the main window's, as before
    s = theme.scale_for(size)
    assert style.type_scale(style.window_scale(size)) == max(1.0, 1.25 * s)


def test_at_1920x1080_the_banner_strip_and_names_are_their_sizes():
    gen, app = scene_app("grenade", (1920, 1080))
    try:
        pw = app.players.window
        assert pw.type_scale() == 1.25
        assert pw.banner_h() == round(style.BANNER_H * 1.25)  # 120 px, as before
        assert pw.board_rect().top == 120 + 70  # the banner and the 56 px strip at 1.25
        old = theme.set_scale(style.window_scale(pw.size))
        try:
            assert style.shrunk() == 1.0
            assert style.room_label_size(20) == 24  # names at least 24 px, as before
            assert style.RoomTokenPainter().initials_px(20) == 11  # min(24, 20 * 0.55)
        finally:
            theme.set_scale(old)
        heights = banner_title_height(app)
        assert heights >= 50  # the title at 2/5 of the 108 px banner (44 px type)
    finally:
        gen.close()


def test_at_560x360_the_space_battle_s_picture_has_no_text_over_another():
    """With the GM on the starship screen the players' window draws the space battle: at 560x360 its
    title ran under the crew posts ("Space combat beg") and its ship's line over its scale bar."""
    from tactics.assets import bundled
    from tactics.engine.core.encounter import load_encounter
    from tactics.engine.starship.commands import StartSpaceCombat
    from ui_driver import key

    enc = load_encounter(bundled("pirate-corvette.encounter.toml"), seed=11)
    enc.submit(StartSpaceCombat())
    gen = app_session(App(enc, size=(1280, 720)), closing=True)
    app = next(gen)
    try:
        app.players.open(size=SMALL)
        key(app, pygame.K_TAB)
        app.step()
        surface, marks = players_window_drawn(app)
        assert app.players.window.showing == "starship"
        rec = probe.Recorder()
        rec.marks[id(surface)] = marks
        assert not probe.problems(rec, surface)
        assert "Space combat begins" in {m.label for m in texts_of(marks)}
    finally:
        gen.close()
