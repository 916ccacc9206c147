"""A very long text shortened to a width (review 11: a 10,000-character label took minutes a frame)."""

from __future__ import annotations

import pygame

from tactics.ui import theme, widgets


def test_a_long_label_is_shortened_with_few_measurements_and_still_fits(monkeypatch) -> None:
    pygame.display.init()
    pygame.font.init()
    widgets.measured_cache_clear()
    value = "Gravity-well sapper " * 500  # 10,000 characters
    font = theme.font(widgets.fs(15), "semibold")
    calls = []
    real = type(font).size
    monkeypatch.setattr(type(font), "size", lambda self, text: calls.append(text) or real(self, text))
    shown = widgets.fit_line(value, 15, 200)[0]
    assert shown.endswith(widgets.ELLIPSIS) and value.startswith(shown[:-1].rstrip())
    assert real(font, shown)[0] <= 200
    assert len(calls) < 40  # halving: about log2(10,000) measurements, not 10,000
