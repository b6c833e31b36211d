"""Bots: they see views, never states."""
