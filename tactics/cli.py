"""The ``tactics`` command line (placeholder until the window lands)."""

from __future__ import annotations

import argparse


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tactics", description="Tactics battle map")
    parser.add_argument("map", nargs="?", help="map or encounter file to open")
    parser.parse_args(argv)
    return 0
