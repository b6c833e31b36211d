"""Preferans' open-hand (double-dummy) solver: every hand seen, the tricks each side can
force from any position in play (:mod:`.position`, over the compiled search in
:mod:`._kernel`), and a sampled world solved and played through the engine for the
search bots (:mod:`.world`). Import from those modules: this one imports nothing."""
