"""Letras Cruzadas: the Turkish crossword tile game (rules, engine, AI)."""
