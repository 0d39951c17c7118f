"""How close two ratings must be for rated play to pair them (200 points: the lobby's matchmaking, its offers
"near me only", the rated quick match). One number, read by the lobby and by every page that states the rule
(the `rating_window` template tag), so the rule and its wording never part."""

RATING_WINDOW = 200
