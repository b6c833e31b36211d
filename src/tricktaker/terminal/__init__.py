"""Terminal play (textual)."""
