"""The five games and the runtime they share (rooms, matches, timers, bots)."""
