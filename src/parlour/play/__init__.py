"""The runner that seats bots and humans at a game (no face, no I/O): above `core` and `bots`."""
