"""Replay random deals with the pure-Python engine; one line of results per deal on stdout.

Imports nothing but the NumPy-free modules `deals` and `fast`, so it runs under PyPy too:

    PYTHONPATH=src pypy3 benchmarks/beggar_replay.py PLAYERS SEED FIRST COUNT NEXT_PAYS \
        JOKERS BEGGAR
"""

from __future__ import annotations

import sys

from parlour.games.beggar.deals import random_deal
from parlour.games.beggar.fast import play_codes


def main(argv: list[str]) -> None:
    players, seed, first, count, next_pays, jokers, beggar = (int(a) for a in argv)
    out = []
    for index in range(first, first + count):
        hands = random_deal(players, seed, index, jokers, bool(beggar))
        out.append("%d %d %d %d" % play_codes(hands, bool(next_pays)))  # noqa: UP031
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
