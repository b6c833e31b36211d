"""One package per game; each registers through the ``tricktaker.games`` entry points."""
