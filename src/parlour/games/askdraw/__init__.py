"""The ask-and-draw engine shared by the 7 familles, Panoplies and Go Fish.

`engine` holds the rules machinery (asks for a card, gives, draws, laying a group down), `groups`
the asks for a whole group (Go Fish's ranks), `tracker` what a seat knows of the hidden hands
from the public asks and answers, `deals` the consistent re-deals that `determinize` and the
search bots draw from, `bots` the tracking bot these games' bots build on, and `encoder` the
observation they share. Each game brings its grouping (families, characters, ranks) and its own
consequences.
"""
