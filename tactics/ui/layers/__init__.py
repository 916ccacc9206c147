"""Board layers that belong to one subject each (traps and grenades: :mod:`.hazards`)."""
