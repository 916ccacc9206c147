"""Token pictures from untrusted files: never a crash, never a decompression bomb decoded.

What is tested: whatever bytes a "picture" holds (a PNG signature followed by
anything, a header claiming 60000 x 60000 pixels, text), loading it for a token
gives either a round picture of the size asked for or None with one message
(the token keeps its initials); a good picture is cropped round (transparent
corners) from its middle.
"""

from __future__ import annotations

import struct
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tactics.ui import token_art

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=200), st.booleans())
def test_any_bytes_give_a_picture_or_initials(tmp_path: Path, data: bytes, signed: bool) -> None:
    path = tmp_path / "token.png"
    path.write_bytes((PNG if signed else b"") + data)
    token_art.forget()
    picture = token_art.round_picture(str(path), 40)
    assert picture is None or picture.get_size() == (40, 40)
    if picture is None:
        assert len(token_art.take_problems()) == 1


def test_a_bomb_header_is_refused_before_decoding(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.png"
    bomb.write_bytes(PNG + struct.pack(">I", 13) + b"IHDR" + struct.pack(">IIBBBBB", 60000, 60000, 8, 2, 0, 0, 0))
    token_art.forget()
    assert token_art.round_picture(str(bomb), 64) is None
    problems = token_art.take_problems()
    assert len(problems) == 1 and "bomb.png" in problems[0] and "initials" in problems[0]


def test_a_picture_is_cropped_round_from_its_middle(tmp_path: Path) -> None:
    image = pygame.Surface((120, 60))
    image.fill((200, 30, 30))
    pygame.draw.rect(image, (30, 200, 30), (30, 0, 60, 60))  # the middle square is green
    path = tmp_path / "wide.png"
    pygame.image.save(image, str(path))
    token_art.forget()
    picture = token_art.round_picture(str(path), 50)
    assert picture is not None
    assert picture.get_at((25, 25))[:3] == pytest.approx((30, 200, 30), abs=4)  # the middle, not the red sides
    assert picture.get_at((1, 1))[3] == 0  # corners transparent: a disc
    assert token_art.take_problems() == []
