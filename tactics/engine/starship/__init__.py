"""Space combat: crew posts, the Support/Action/Response phases, Battle Damage (R-SHIP).
"""
