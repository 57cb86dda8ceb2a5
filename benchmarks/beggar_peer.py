"""Beggar kernel against the acinnes/bmn C++ deal explorer, side by side, per CPU second.

The peer is Andrew Innes's `playbmn.cpp` (github.com/acinnes/bmn, the CPU version of his
Beggar-My-Neighbour deal explorer): hands in 64-slot ring buffers, a nested-loop player, and a
search that makes each new deal by one swap of an incremental Fisher-Yates shuffle driven by
`std::mt19937_64`. Nothing is fetched: the program below is a transcription of that algorithm
(same data structure, same play loop, same deal order), written here so the benchmark runs
offline, and built with g++ when the machine has it. Two peer modes are timed:

- `published`: the search loop as published, which also reads the process clock after every
  deal (for its progress line) and compares the deal with the best so far;
- `lean`: the same swaps and play loop with that bookkeeping removed, the peer at its fastest.

Parlour's side is `kernel.play_random`: random two-player deals made inside the kernel (16
penalty cards placed by a SplitMix64 partial shuffle, nothing reused between deals) and played
with the exact counting, on one thread. Both sides run on one core; rounds alternate (Parlour,
peer published, peer lean, Parlour, ...) so a change of machine load hits both alike. Rates are
deals per CPU second: `time.thread_time` for Parlour, the child's user+system time for the peer.

    python benchmarks/beggar_peer.py                       # 3 rounds of 2,000,000 deals a side
    python benchmarks/beggar_peer.py --deals 5000000 --rounds 5 --json peer.json

`run()` returns the figures as a dict, for a benchmark that gathers several peers.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

PEER = "acinnes/bmn playbmn.cpp (C++, g++ -O2 -DNDEBUG)"

# A transcription of the CPU deal explorer of acinnes/bmn (playbmn.cpp), with a main() that plays
# a given number of deals and prints how many cards were laid in all (a checksum that keeps the
# compiler from skipping the games).
PEER_SOURCE = r"""
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <random>
#include <utility>

enum Card { numeral = 0, jack = 1, queen = 2, king = 3, ace = 4 };

struct StackOfCards {
    unsigned first = 0;
    unsigned insert = 0;
    Card cards[64];
    static const unsigned mask = 63;

    void set_full_deck() {
        unsigned n = 0;
        for (int suit = 0; suit < 4; suit++) {
            cards[n++] = ace; cards[n++] = king; cards[n++] = queen; cards[n++] = jack;
            for (int k = 0; k < 9; k++) cards[n++] = numeral;
        }
        first = 0;
        insert = n;
    }
    void swap(unsigned i, unsigned j) {
        std::swap(cards[(first + i) & mask], cards[(first + j) & mask]);
    }
    Card pop() { return cards[(first++) & mask]; }
    void append(Card c) { cards[(insert++) & mask] = c; }
    void pick_up(StackOfCards& s) {
        for (unsigned i = s.first; i < s.insert; i++) append(s.cards[i & mask]);
        s.insert = s.first;
    }
    unsigned num_cards() const { return insert - first; }
    bool not_empty() const { return insert != first; }
    void set_hands(StackOfCards& a, StackOfCards& b) const {
        for (int i = 0; i < 26; i++) a.cards[i] = cards[i];
        a.first = 0; a.insert = 26;
        for (int i = 0; i < 26; i++) b.cards[i] = cards[i + 26];
        b.first = 0; b.insert = 26;
    }
};

static void play(const StackOfCards& deal, unsigned& turns, unsigned& tricks) {
    turns = 0;
    tricks = 0;
    StackOfCards hands[2];
    StackOfCards pile;
    deal.set_hands(hands[0], hands[1]);
    unsigned player = 0;
    while (hands[0].not_empty() && hands[1].not_empty()) {
        bool battle = false;
        unsigned to_play = 1;
        while (to_play > 0) {
            Card c;
            if (hands[player].not_empty()) c = hands[player].pop(); else break;
            turns++;
            pile.append(c);
            if (c == numeral) {
                if (battle) to_play--; else player ^= 1;
            } else {
                battle = true;
                to_play = (unsigned)c;
                player ^= 1;
            }
        }
        tricks++;
        player ^= 1;
        hands[player].pick_up(pile);
    }
}

int main(int argc, char** argv) {
    if (argc < 3) { std::fprintf(stderr, "usage: peer DEALS published|lean\n"); return 2; }
    unsigned long deals = std::strtoul(argv[1], nullptr, 10);
    bool published = std::strcmp(argv[2], "published") == 0;
    StackOfCards deck;
    deck.set_full_deck();
    std::mt19937_64 rng;  // the published single-thread mode: the default seed
    unsigned best_turns = 0, best_tricks = 0;
    unsigned long total = 0, done = 0;
    clock_t last_print = clock();
    unsigned n = deck.num_cards();
    while (done < deals) {
        for (unsigned i = 0; i < 50 && done < deals; i++) {
            std::uniform_int_distribution<unsigned> u(0, n - i - 1);
            deck.swap(i, i + u(rng));
            unsigned turns, tricks;
            play(deck, turns, tricks);
            total += turns;
            done++;
            if (published) {  // the bookkeeping of track_best_deal()
                clock_t now = clock();
                if ((now - last_print) / CLOCKS_PER_SEC >= 1) last_print = now;
                if (turns > best_turns) best_turns = turns;
                if (tricks > best_tricks) best_tricks = tricks;
            }
        }
    }
    std::printf("%lu %lu %u\n", done, total, best_turns);
    return 0;
}
"""


def build_peer(directory: Path) -> Path | None:
    """Compile the peer with g++; None when there is no g++."""
    compiler = shutil.which("g++")
    if compiler is None:
        return None
    source = directory / "playbmn_peer.cpp"
    binary = directory / "playbmn_peer"
    source.write_text(PEER_SOURCE, encoding="utf-8")
    subprocess.run(
        [compiler, "-O2", "-DNDEBUG", "-o", str(binary), str(source)],
        check=True,
        capture_output=True,
    )
    return binary


def time_peer(binary: Path, deals: int, mode: str) -> tuple[float, float]:
    """(deals per CPU second, mean cards laid) of one peer run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [str(binary), str(deals), mode], check=True, capture_output=True, text=True
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    played, cards, _best = (int(x) for x in done.stdout.split())
    return played / cpu, cards / played


def time_parlour(deals: int, seed: int) -> tuple[float, float]:
    """(deals per CPU second, mean cards laid) of the kernel on the calling thread."""
    from parlour.games.beggar import kernel

    cpu = time.thread_time()
    results = kernel.play_random(2, deals, seed, threads=1)
    cpu = time.thread_time() - cpu
    return deals / cpu, float(results.cards.mean())


def run(deals: int = 2_000_000, rounds: int = 3, seed: int = 1) -> dict[str, Any]:
    """Alternate Parlour and the peer `rounds` times; the figures as a dict.

    Keys: `parlour` and, when g++ is present, `peer_published` and `peer_lean`, each with the
    per-round rates (deals per CPU second), their median and mean cards per deal; `ratio` and
    `ratio_lean` (Parlour's median over the peer's), or `peer_missing` with the reason.
    """
    from parlour.games.beggar import kernel

    kernel.warm_up()  # compiled or loaded from the cache before anything is timed
    rates: dict[str, list[float]] = {"parlour": [], "peer_published": [], "peer_lean": []}
    cards: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        binary = build_peer(Path(tmp))
        for r in range(rounds):
            rate, mean = time_parlour(deals, seed + r)
            rates["parlour"].append(rate)
            cards["parlour"] = mean
            if binary is not None:
                for mode in ("published", "lean"):
                    rate, mean = time_peer(binary, deals, mode)
                    rates[f"peer_{mode}"].append(rate)
                    cards[f"peer_{mode}"] = mean
    out: dict[str, Any] = {
        "deals_per_round": deals,
        "rounds": rounds,
        "cpus": os.cpu_count(),
        "peer": PEER,
    }
    for name, values in rates.items():
        if values:
            out[name] = {
                "rates": values,
                "median": statistics.median(values),
                "mean_cards": cards[name],
            }
    if binary is None:
        out["peer_missing"] = "no g++ on this machine: only Parlour was timed"
    else:
        out["ratio"] = out["parlour"]["median"] / out["peer_published"]["median"]
        out["ratio_lean"] = out["parlour"]["median"] / out["peer_lean"]["median"]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2_000_000, help="deals a side per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    figures = run(args.deals, args.rounds, args.seed)
    print(
        f"{args.rounds} alternating rounds of {args.deals:,} random 2-player deals a side, one core"
    )
    for name in ("parlour", "peer_published", "peer_lean"):
        if name in figures:
            f = figures[name]
            each = ", ".join(f"{v:,.0f}" for v in f["rates"])
            print(
                f"{name:15s} median {f['median']:>12,.0f} deals per CPU second "
                f"(rounds: {each}; mean {f['mean_cards']:.1f} cards a deal)"
            )
    if "ratio" in figures:
        print(f"Parlour / peer as published: {figures['ratio']:.2f}x")
        print(f"Parlour / peer lean:         {figures['ratio_lean']:.2f}x")
    else:
        print(figures["peer_missing"])
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
