"""Ratings per game, their history and leaderboards."""
