"""The runtime every game shares: the pure engine interface; rooms, matches, timers and bots."""
