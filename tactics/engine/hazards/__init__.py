"""Grenades, traps and facing as commands and events (R-GREN, R-TRAP, R-FACE).
"""
