"""Open-hand (double-dummy) search of Tetka endings: the valued seat against the other
three (:mod:`.solve`, over the compiled search in :mod:`._kernel`), and a sampled world
solved and played through the engine for the search bots (:mod:`.world`). Import from
those modules: this one imports nothing, so asking :mod:`.world` how far a world is from
its end loads no numba."""
