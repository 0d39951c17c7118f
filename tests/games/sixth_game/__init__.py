"""Not a package of tests: a folder the throwaway sixth game's test adds to `games.__path__`, so that the
catalogue finds `cuenta` as it finds the real games (tests/games/test_sixth_game.py)."""
