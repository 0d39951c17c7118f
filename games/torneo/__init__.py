"""Torneo (Wordle Tournament): 8 players, 3 lives, rounds of 1v1 Wordle duels on a shared board."""
