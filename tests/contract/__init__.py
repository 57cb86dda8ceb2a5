"""The conformance suite: the game contract (docs/writing-a-game.md), checked over every game.

The games come from the registry, never from a list here: a game joins the suite the day it
joins the registry. For each it plays random games at every player count (and rules variants
drawn from the options that have choices) and games of its own bots, and checks that

- every card dealt is somewhere after every move (the State's `all_cards()`, which a game
  adds for the suite: the multiset of its cards in hands, piles and on the table);
- no view and no private event shows a reader a card it has not seen, judged against worlds
  drawn by `determinize`, which must keep what the seat knows and re-deal the rest;
- records replay event for event; actions, views, events and records are JSON; ids name the
  same actions as their JSON; refused moves change nothing;
- the research adapters pass PettingZoo's, Gymnasium's and OpenSpiel's own checkers, for each
  game with an observation encoder.

Each game's folder under tests/games keeps the tests of its own rules.
"""
