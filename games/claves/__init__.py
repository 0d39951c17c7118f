"""Claves a Dúo: the cooperative clue game for a pair (engine, clue rules, room spec)."""
