"""Cuenta: a throwaway sixth game (tests/games/test_sixth_game.py). Two players take turns adding 1 or 2 to a
count that starts at 0; who brings it to TARGET wins. It exists to show that a game is its folder."""
