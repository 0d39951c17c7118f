"""Duelo de Palabras: 2-6 seats chase the same hidden 5-letter word at once, over 1, 3 or 5 rounds."""
