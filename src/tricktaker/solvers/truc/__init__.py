"""Le Truc for two solved: the compact deal game (``model``) the CFR solver walks."""
