"""The pure engine kit: what every game's rules are written with, apart from the runtime that stores and
serves them (issue 32).

Pure Python: no Django, no clock, no randomness of its own, no file reading. The services (the only code
that writes game state) call an engine with the time (`now`, an aware UTC datetime), a seeded
`random.Random` and the word lists it needs, and store what it returns. See docs/engine-interface.md.

- `contract`: the engine and bots interfaces, the defaults of the hooks a game may omit
- `errors`, `outcome`, `words`, `moments`: the "no"s, the result, word lists, instants
- `codec`, `rerun`: a state's JSON, and a match replayed from its log
- `wordle`, `wordle_bots`, `wordle_analysis`: the Wordle rules Duelo and Torneo share
"""
