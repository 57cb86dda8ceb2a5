"""Tournaments of Panoplies bots: the familles tournament script, with losses counted.

    python benchmarks/panoplies_tournament.py --bots memory,random,random,random --games 5000
    python benchmarks/panoplies_tournament.py --bots search:10,memory --games 1000 --workers 2

Besides the win share (the player who laid another's outfit), each bot gets its loss share
with a Wilson 95% interval; the fair share of losses in an n-player game is (decided games)/n.
"""

from __future__ import annotations

from familles_tournament import main

if __name__ == "__main__":
    main(default_game="panoplies")
