"""The Daily Five (issue 35): a puzzle a day in every game, streaks, the archive, sharing, the commitment."""
