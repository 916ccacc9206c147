"""Review 16 F16b, the rest: a visible key of the short condition badges, driven headless.

What is tested, in the bundled Space Bears fight just after Start combat (the explosion: the party
Shaken, Bear 1 Stunned, the unaware Flat-footed), at 1280x720 and 1920x1080:

* the crowded tokens' badges and the tracker's chips read "Sh1", "Fl", "St1"; only the pointer
  said them in words, and a GM projecting the map cannot hover. A card ("Badge key") now lists
  exactly the short forms on screen, each with its words from the conditions data (the labels of
  ``conditions.toml``: a table's own label shows in the key);
* the card covers no token's square, name or badge and no other card;
* with no short form on screen there is no key;
* the players' window shows short badges too: it gets the key, and a creature hidden from the
  players (Bear 1, the only one Stunned) leaves no trace in it, while the GM's key lists it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from tactics.assets import bundled
from tactics.engine.combat.gm import Hide
from tactics.rules import data
from tactics.rules.conditions import default_conditions
from tactics.ui.app import App
from tactics.ui.badge_key import TITLE, key_entries
from tactics.ui.opening import open_path
from tactics.ui.tokens import condition_pill_text, condition_word

from test_review16_panels import press
from ui_driver import app_session, drawn_marks, key, players_window_frame

SIZES = [(1280, 720), (1920, 1080)]


def started(size: tuple[int, int], *, players: bool = False):
    """The bundled fight at ``size`` after Start combat (the players' window open if asked)."""
    opened = App(open_path(bundled("space-bears.encounter.toml"), seed=3), size=size)
    for app in app_session(opened, closing=players):
        if players:
            app.players.open(size=size)
        press(app, "start")
        app.step()
        yield app


def shorts_shown(app: App, marks: list, outside: pygame.Rect | None) -> set[tuple[str, str]]:
    """The short forms the frame shows outside the key card (on the map and in the tracker), each
    with the words the conditions data gives it (worked out here from the state and the data)."""
    labels = default_conditions()
    texts = {m.label for m in marks if m.kind == "text" and (outside is None or not outside.colliderect(m.rect))}
    out = set()
    for who in app.battle.state.combatants.values():
        shown = [(c.name, c.rounds) for c in who.conditions]
        if who.hidden and "Hidden" not in [name for name, _ in shown]:
            shown.append(("Hidden", None))  # (the tracker's row of a hidden one says so: review 20 m2)
        for name, rounds in shown:
            short = condition_pill_text(name, rounds)
            if short in texts and short != condition_word(name, rounds):
                words = labels[name].label + (f" {rounds}" if rounds is not None else "")
                out.add((short, words))
    return out


def key_listed(marks: list, card: pygame.Rect) -> set[tuple[str, str]]:
    """The (short form, words) pairs the key card shows: each badge and the words right of it."""
    inside = sorted((m for m in marks if m.kind == "text" and card.contains(m.rect) and m.label != TITLE),
                    key=lambda m: (m.rect.centery, m.rect.x))
    return {(a.label, b.label) for a, b in zip(inside[::2], inside[1::2])}


@pytest.mark.parametrize("size", SIZES)
def test_the_key_lists_exactly_the_short_forms_on_screen_with_the_data_s_words(size):
    for app in started(size):
        marks = drawn_marks(app)
        drawn = app.battle.badge_key_drawn
        assert drawn is not None, "short badges show (Sh1, Fl, St1): so does their key"
        entries, card = drawn
        assert any(m.kind == "text" and m.label == TITLE and card.contains(m.rect) for m in marks)
        shown = shorts_shown(app, marks, card)
        assert {("Sh1", "Shaken 1"), ("Fl", "Flat-footed"), ("St1", "Stunned 1")} <= shown
        assert key_listed(marks, card) == shown, "the key lists the short forms on screen, no more, no fewer"
        assert {(short, words) for short, words, _ in entries} == shown


@pytest.mark.parametrize("size", SIZES)
def test_the_key_covers_no_token_name_badge_or_card(size):
    for app in started(size):
        view = app.battle
        marks = drawn_marks(app)
        assert view.badge_key_drawn is not None
        card = view.badge_key_drawn[1]
        assert view.board_rect().contains(card) and pygame.display.get_surface().get_rect().contains(card)
        badges, names = view.renderer.tokens.drawn_labels()
        squares = [(who.name, pygame.Rect(view.camera.cell_rect(who.cell))) for who in view.state.on_map()]
        met = ([f"{text!r}" for _, r, text in names if card.colliderect(r)]
               + [f"{cid}'s badge" for cid, r in badges if card.colliderect(r)]
               + [f"{name}'s square" for name, r in squares if card.colliderect(r)])
        assert not met, f"the key lies on {met}"
        cards = [m for m in marks if m.kind == "panel" and m.label != TITLE and card.colliderect(m.rect)]
        assert not cards, f"the key lies on the cards {[m.label for m in cards]}"


def test_no_short_form_no_key():
    for app in app_session(App(open_path(bundled("space-bears.encounter.toml"), seed=3), size=(1920, 1080))):
        assert not any(c.conditions for c in app.battle.state.combatants.values()), "before the explosion"
        texts = [m.label for m in drawn_marks(app) if m.kind == "text"]
        assert app.battle.badge_key_drawn is None and TITLE not in texts


def test_the_key_reads_the_table_s_own_labels(tmp_path: Path):
    """A table that calls Flat-footed "Caught off guard" in its conditions.toml sees that word in
    the key (the short form stays the name's "Fl")."""
    folder = tmp_path / "house"
    shutil.copytree(Path(data.data_path("conditions.toml")).parent, folder)
    toml = folder / "conditions.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('label = "Flat-footed"', 'label = "Caught off guard"'),
                    encoding="utf-8")
    data.use_folder(folder)
    try:
        assert key_entries([("Flat-footed", None)]) == (("Fl", "Caught off guard", "Flat-footed"),)
        for app in started((1280, 720)):
            assert app.battle.badge_key_drawn is not None
            words = {words for short, words, _ in app.battle.badge_key_drawn[0] if short == "Fl"}
            assert words == {"Caught off guard"}
    finally:
        data.use_folder(None)


@pytest.mark.parametrize("size", SIZES)
def test_the_players_window_has_the_key_and_no_hidden_creature_in_it(size):
    for app in started(size, players=True):
        cards = app.players.window.cards
        _, texts = players_window_frame(app)
        listed = {(short, words) for short, words, _ in cards.badge_key}
        assert ("St1", "Stunned 1") in listed and "St1" in texts, "Bear 1's Stunned shows short, and in the key"
        assert TITLE in texts
        app.battle.encounter.submit(Hide("bear1", 30))  # Bear 1, the only one Stunned, hidden from the players
        app.step()
        _, texts = players_window_frame(app)
        listed = {(short, words) for short, words, _ in cards.badge_key}
        assert listed, "the others' short badges still have their key"
        assert not [e for e in listed if e[0] == "St1"] and "St1" not in texts and "Stunned 1" not in texts, \
            f"nothing of the hidden Bear 1 on the players' window: {listed}"
        app.draw()
        gm = app.battle.badge_key_drawn
        assert gm is not None and ("St1", "Stunned 1") in {(s, w) for s, w, _ in gm[0]}, "the GM's key lists it"
        key(app, pygame.K_F2)  # the GM's preview of the players' view: as the players' window
        assert app.battle.viewer == "players"
        app.draw()
        preview = app.battle.badge_key_drawn
        assert preview is not None, "the others' short badges have their key in the preview too"
        assert not [e for e in preview[0] if e[0] == "St1"], f"F2 lists the hidden Bear 1: {preview}"


def test_a_long_tracker_leaves_the_key_its_room():
    """Eleven a side at 1280x720: the tracker's list is longer than its column, and the key still
    shows under it (the tracker leaves it the room and scrolls), off the tracker card."""
    from tactics.engine.combat.gm import ApplyCondition
    from tactics.engine.combat.team import BeginActions, StartCombat
    from tactics.engine.core.encounter import Encounter
    from tactics.maps.battlemap import BattleMap

    people = [{"id": f"p{i}", "name": f"Trooper {i}", "team": "party", "cell": [2 + i, 4], "hp": 20} for i in range(11)]
    people += [{"id": f"b{i}", "name": f"Bear {i}", "team": "bears", "cell": [2 + i, 5], "hp": 30} for i in range(11)]
    definition = {"name": "Crowd", "teams": {"party": {"name": "The Party", "players": True}, "bears": {"name": "Bears"}},
                  "combatants": people}
    enc = Encounter(definition, BattleMap.from_text("\n".join(["." * 16] * 10), name="Room"), seed=1)
    for who in people:
        enc.submit(ApplyCondition(who["id"], "Shaken", 2, source="test"))
        enc.submit(ApplyCondition(who["id"], "Flat-footed", None, source="test"))
    enc.submit(StartCombat())
    enc.submit(BeginActions())
    for app in app_session(App(enc, size=(1280, 720))):
        app.step()
        view = app.battle
        marks = drawn_marks(app)
        tracker = view.combat.tracker
        assert tracker.content_h > tracker.rect.height, "the tracker's list is longer than its card (it scrolls)"
        assert view.badge_key_drawn is not None, "the key shows"
        entries, card = view.badge_key_drawn
        assert not card.colliderect(tracker.rect) and card.top >= tracker.rect.bottom
        assert key_listed(marks, card) == shorts_shown(app, marks, card) == {("Sh2", "Shaken 2"), ("Fl", "Flat-footed")}
