"""Heavy numeric work: equilibrium solving and the compact game models it walks."""
