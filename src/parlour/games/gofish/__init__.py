"""Go Fish (Va pêcher), OpenSpiel's `go_fish` on the shared ask-and-draw engine.

`rules` the options and the state (OpenSpiel's deal, turn order and ends), `game` the entry
point and its capabilities, `bots` memory, search and first, `texts` French and English,
`terminal` and `web.js` its tables, `encoder` its observation for the research adapters.
"""
