"""Wordgrid: two players grow words on a 5x5 grid from SHEEP, one letter and one traced word per move."""
