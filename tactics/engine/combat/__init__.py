"""Ground combat: sheets, attacks, moves, the GM's overrides and the two turn structures
(:mod:`.team` for the first text's team rounds, :mod:`.individual` for the second text's turns).
"""
