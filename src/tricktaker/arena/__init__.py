"""Self-play, duplicate tournaments and benchmarks."""
