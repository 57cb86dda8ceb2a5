"""Beggar kernel against the acinnes/bmn C++ deal explorer, side by side, per CPU second.

The peer is Andrew Innes's Beggar-My-Neighbour deal explorer (github.com/acinnes/bmn): hands in
64-slot ring buffers, a nested-loop player, and a search that makes each new deal by one swap of
an incremental Fisher-Yates shuffle driven by `std::mt19937_64`. Two ways to time it:

- `--bmn PATH`, a checkout of that repository: its current CPU program, `PATH/playbmn.cpp`, is
  built with `g++ -O3 -DNDEBUG -pthread -include cstring` (its README builds with MSVC's
  `cl /O2`, the compiler's maximum-speed level, and gives no g++ line; GCC's counterpart is taken
  here, and `<cstring>` is named because the file relies on MSVC pulling it in) and run
  unchanged in its single-thread mode (the default seed). That program never stops: it plays
  batches of 100,000 deals, then reads the process clock and, after each CPU second, prints how
  many deals it has played. Its output is read as it comes (through `stdbuf -o0`, since it
  never flushes), the program's CPU time is read from /proc at each progress line, and the rate
  is the deals between the first and the last line read over the CPU time between them; the
  program is stopped once it has played the round's deals. Between two deals it swaps two
  positions of the deck (51 swaps a pass) and skips a swap of two equal cards (no new deal).
- without `--bmn` (nothing fetched, the benchmark runs offline): the program below, a
  transcription of the repository's older CPU program, `playbmn_cpu.cpp` (same data structure,
  play loop and deal order: 50 swaps a pass, a deal played after every swap), built with
  `g++ -O2 -DNDEBUG` when the machine has g++. Two modes are timed:
  - `published`: `playbmn_cpu.cpp`'s search loop as published, which reads the process clock
    after every deal (for its progress line) and compares the deal with the best so far;
  - `lean`: the same swaps and play loop with that bookkeeping removed.
  The current `playbmn.cpp` reads the clock once per 100,000 deals instead, which `--bmn` times.

Parlour's side is `kernel.play_random`: random two-player deals made inside the kernel (16
penalty cards placed by a SplitMix64 partial shuffle, nothing reused between deals) and played
with the exact counting, on one thread. Both sides run on one core; rounds alternate (Parlour,
then the peer's modes, Parlour, ...) so a change of machine load hits both alike. Rates are
deals per CPU second: `time.thread_time` for Parlour, the child's user+system time for the peer.

    python benchmarks/beggar_peer.py                       # 3 rounds of 2,000,000 deals a side
    python benchmarks/beggar_peer.py --deals 5000000 --rounds 5 --json peer.json
    python benchmarks/beggar_peer.py --bmn ~/src/bmn       # the real playbmn.cpp (Linux)

`run()` returns the figures as a dict, for a benchmark that gathers several peers.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

PEER = "acinnes/bmn playbmn_cpu.cpp, transcribed (C++, g++ -O2 -DNDEBUG)"
# The real program as --bmn builds it: -O3 is GCC's nearest level to the README's MSVC /O2, and
# the file calls strlen and std::memcmp without including <cstring>, which MSVC pulls in anyway.
BMN_FLAGS = ["-O3", "-DNDEBUG", "-pthread", "-include", "cstring"]
# Its progress line: printf("\r%g seconds, %llu deals tested (%g per second)", ...).
PROGRESS = re.compile(rb"\r([0-9.e+-]+) seconds, ([0-9]+) deals tested \(")

# A transcription of the older CPU deal explorer of acinnes/bmn (playbmn_cpu.cpp), with a main()
# that plays a given number of deals and prints how many cards were laid in all (a checksum that
# keeps the compiler from skipping the games).
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


class PeerError(Exception):
    """The real peer could not be built or run; the message says why, in one line."""


def build_bmn(checkout: Path, directory: Path) -> Path:
    """`checkout`'s own playbmn.cpp, compiled with g++ into `directory`."""
    source = checkout / "playbmn.cpp"
    if not source.is_file():
        raise PeerError(f"{checkout} has no playbmn.cpp: give a checkout of acinnes/bmn")
    compiler = shutil.which("g++")
    if compiler is None:
        raise PeerError("--bmn needs g++ to build playbmn.cpp")
    binary = directory / "playbmn"
    done = subprocess.run(
        [compiler, *BMN_FLAGS, "-o", str(binary), str(source)], capture_output=True, text=True
    )
    if done.returncode != 0:
        errors = [line for line in done.stderr.splitlines() if "error" in line]
        raise PeerError(f"g++ could not build {source}: {(errors or ['no message'])[0]}")
    return binary


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a running process, from /proc (Linux)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat.rsplit(")", 1)[1].split()  # after the command name, which may hold spaces
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def time_bmn(binary: Path, deals: int, limit: float = 600.0) -> tuple[float, int]:
    """(deals per CPU second, deals timed) of the real program, stopped after `deals` deals.

    The program counts its deals, at each of its progress lines; the process's CPU time is read
    as each line arrives. The rate runs from the first line to the first one `deals` later, so
    the start-up and the time after the last line are left out.
    """
    stdbuf = shutil.which("stdbuf")
    if stdbuf is None or not Path("/proc/self/stat").exists():
        raise PeerError("--bmn needs Linux's /proc and stdbuf (GNU coreutils) to read playbmn")
    process = subprocess.Popen(
        [stdbuf, "-o0", str(binary)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    assert process.stdout is not None
    first: tuple[int, float] | None = None
    pending = b""
    deadline = time.monotonic() + limit
    try:
        while (left := deadline - time.monotonic()) > 0:
            if not select.select([process.stdout], [], [], left)[0]:
                break
            chunk = os.read(process.stdout.fileno(), 1 << 16)
            if not chunk:
                raise PeerError(f"playbmn stopped with status {process.wait()} before the end")
            cpu = cpu_seconds(process.pid)
            pending += chunk
            end = 0
            for match in PROGRESS.finditer(pending):
                played = int(match.group(2))
                end = match.end()
                if first is None:
                    first = (played, cpu)
                elif played - first[0] >= deals:
                    return (played - first[0]) / (cpu - first[1]), played - first[0]
            pending = pending[end:]
        raise PeerError(f"playbmn played fewer than {deals:,} deals in {limit:.0f} s")
    finally:
        process.kill()
        process.wait()


def time_parlour(deals: int, seed: int) -> tuple[float, float]:
    """(deals per CPU second, mean cards laid) of the kernel on the calling thread."""
    from parlour.games.beggar import kernel

    cpu = time.thread_time()
    results = kernel.play_random(2, deals, seed, threads=1)
    cpu = time.thread_time() - cpu
    return deals / cpu, float(results.cards.mean())


def run(
    deals: int = 2_000_000, rounds: int = 3, seed: int = 1, bmn: Path | None = None
) -> dict[str, Any]:
    """Alternate Parlour and the peer `rounds` times; the figures as a dict.

    Keys: `parlour` and the peer's modes, each with the per-round rates (deals per CPU second),
    their median and mean cards per deal (None for the real program, which does not report
    them): with `bmn` (a checkout of acinnes/bmn) `peer_bmn`, and `ratio_bmn`; without it, when
    g++ is present, `peer_published` and `peer_lean`, and `ratio` and `ratio_lean` (Parlour's
    median over the peer's); or `peer_missing` with the reason.
    """
    from parlour.games.beggar import kernel

    modes = ["bmn"] if bmn is not None else ["published", "lean"]
    rates: dict[str, list[float]] = {"parlour": [], **{f"peer_{mode}": [] for mode in modes}}
    cards: dict[str, float | None] = {}
    with tempfile.TemporaryDirectory() as tmp:
        # The peer first: a checkout without playbmn.cpp is refused before any long wait.
        binary = build_bmn(bmn, Path(tmp)) if bmn is not None else build_peer(Path(tmp))
        kernel.warm_up()  # compiled or loaded from the cache before anything is timed
        for r in range(rounds):
            rate, mean = time_parlour(deals, seed + r)
            rates["parlour"].append(rate)
            cards["parlour"] = mean
            if binary is None:
                continue
            for mode in modes:
                if mode == "bmn":
                    rate, _timed = time_bmn(binary, deals)
                    cards["peer_bmn"] = None
                else:
                    rate, cards[f"peer_{mode}"] = time_peer(binary, deals, mode)
                rates[f"peer_{mode}"].append(rate)
    out: dict[str, Any] = {
        "deals_per_round": deals,
        "rounds": rounds,
        "cpus": os.cpu_count(),
        "peer": PEER,
    }
    if bmn is not None:
        out["peer"] = f"acinnes/bmn playbmn.cpp from {bmn} (C++, g++ {' '.join(BMN_FLAGS)})"
    for name, values in rates.items():
        if values:
            out[name] = {
                "rates": values,
                "median": statistics.median(values),
                "mean_cards": cards[name],
            }
    if binary is None:
        out["peer_missing"] = "no g++ on this machine: only Parlour was timed"
    elif bmn is not None:
        out["ratio_bmn"] = out["parlour"]["median"] / out["peer_bmn"]["median"]
    else:
        out["ratio"] = out["parlour"]["median"] / out["peer_published"]["median"]
        out["ratio_lean"] = out["parlour"]["median"] / out["peer_lean"]["median"]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2_000_000, help="deals a side per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument(
        "--bmn", type=Path, help="a checkout of acinnes/bmn: build and time its playbmn.cpp"
    )
    args = parser.parse_args()
    try:
        figures = run(args.deals, args.rounds, args.seed, args.bmn)
    except PeerError as err:
        print(f"beggar_peer.py: {err}", file=sys.stderr)
        return 2
    print(
        f"{args.rounds} alternating rounds of {args.deals:,} random 2-player deals a side, one core"
    )
    print(f"peer: {figures['peer']}")
    for name in ("parlour", "peer_bmn", "peer_published", "peer_lean"):
        if name in figures:
            f = figures[name]
            each = ", ".join(f"{v:,.0f}" for v in f["rates"])
            mean = "" if f["mean_cards"] is None else f"; mean {f['mean_cards']:.1f} cards a deal"
            print(
                f"{name:15s} median {f['median']:>12,.0f} deals per CPU second "
                f"(rounds: {each}{mean})"
            )
    if "ratio_bmn" in figures:
        print(f"Parlour / playbmn.cpp:       {figures['ratio_bmn']:.2f}x")
    elif "ratio" in figures:
        print(f"Parlour / peer as published: {figures['ratio']:.2f}x")
        print(f"Parlour / peer lean:         {figures['ratio_lean']:.2f}x")
    else:
        print(figures["peer_missing"])
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
