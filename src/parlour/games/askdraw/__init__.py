"""The ask-and-draw engine shared by the 7 familles, Panoplies and Go Fish.

`engine` holds the rules machinery (asks, gives, draws, laying a group down), `tracker` what a
seat knows of the hidden hands from the public asks and answers, `deals` the consistent re-deals
that `determinize` and the search bots draw from, and `encoder` the observation these games share.
Each game brings its grouping (families, characters, ranks) and its own consequences.
"""
