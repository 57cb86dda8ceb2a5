"""Parlour against the engines a researcher would otherwise pick, side by side in one run.

    python benchmarks/peers.py                      # 5 rounds of about 1 s a side
    python benchmarks/peers.py --seconds 2 --rounds 7 --beggar

Workloads, each timed in alternating rounds (peer, Parlour, peer, ...) so that a change of
machine load hits both alike; rates are per second of this process's CPU time
(time.process_time); the median of the rounds is reported, with Parlour's ratio to the peer.

- Flip 7, full 2-player games, threshold bots (23 and 20), against two plain-Python peers:
  `flip7_tournament_peer.py`, the design of Bernstern/flipped_seven's engine written down in
  this project's code (card objects, immutable tableaus replaced on each change, time-stamped
  events, a decision context and a sandboxed call per bot decision; the package itself is not
  installed here), which is the peer ratios are quoted against; and a lean engine below (lists
  of ints, no events, no checks), the fastest plain Python we could write, for scale. Parlour is
  timed three ways: the reference engine through the public API (`play_bots`, the game's own
  `ThresholdBot`s) and the compiled kernel (`parlour simulate`'s bulk path), called directly and
  through the game's public `bulk_play`.
- The 7 familles (random bots) against OpenSpiel's C++ go_fish with as many players (2 and 3 by
  default, `--familles-players`; uniformly random legal play from Python, chance nodes sampled
  without NumPy), when `pyspiel` imports. Parlour is timed the same ways: the reference engine
  through the public API, and the compiled kernel (`parlour simulate`'s bulk path for a table of
  `random` bots) called directly and through the game's public `bulk_play(rules, seeds,
  tables)` (the bots named as `simulate` names them, outcomes returned as Python tuples). A
  lean plain-Python 7 familles (`LeanFamilles`: lists of ints, no events, views or checks) is
  timed beside them for scale: the most any CPython engine of the game can do.
- Every registered game that names its peer (the `peer` capability: the same game in OpenSpiel,
  with the same rules), random play on both sides, Parlour through its public `bulk_play`; at
  the `--familles-players` counts. `--no-same-game` skips them.
- The RL loop (`--games vector`): OpenSpiel's go_fish stepped from Python with its observation
  tensor at every decision, against the vector env (`parlour.rl.vector_env`, N = 1024 games,
  self-play: every seat played from Python, a random legal action per game from the mask, the
  observations built) of every game that offers a step kernel (Go Fish, the 7 familles, ...),
  at the `--familles-players` counts; decision steps per CPU second.
- Beggar, with `--beggar`: `beggar_peer.run()` (acinnes/bmn's older `playbmn_cpu.cpp`, as
  written down there, built with g++), when present.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from flip7_tournament_peer import TournamentGame

# ----- the plain-Python Flip 7 peer -----------------------------------------------------------
PEER_DECK = (
    [0] + [n for n in range(1, 13) for _ in range(n)]
    + ["+2", "+4", "+6", "+8", "+10", "x2"] + ["freeze", "flip3", "second"] * 3
)  # fmt: skip


class PeerPlayer:
    def __init__(self, threshold: int) -> None:
        self.threshold = threshold
        self.total = 0
        self.reset()

    def reset(self) -> None:
        self.numbers: list[int] = []
        self.mods: list[str] = []
        self.second = False
        self.out = False
        self.bust = False

    def wants_hit(self) -> bool:
        return sum(self.numbers) < self.threshold

    def score(self) -> int:
        if self.bust:
            return 0
        s = sum(self.numbers) * (2 if "x2" in self.mods else 1)
        s += sum(int(m[1:]) for m in self.mods if m[0] == "+")
        return s + (15 if len(self.numbers) == 7 else 0)


class PeerGame:
    """One game: rounds until someone reaches 200 alone; Freeze and Flip Three on the opponent."""

    def __init__(self, thresholds: list[int], rng: random.Random) -> None:
        self.rng = rng
        self.players = [PeerPlayer(t) for t in thresholds]
        self.deck = list(PEER_DECK)
        rng.shuffle(self.deck)
        self.discard: list[Any] = []

    def draw(self) -> Any:
        if not self.deck:
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
        return self.deck.pop() if self.deck else None

    def give(self, p: PeerPlayer, card: Any) -> bool:
        """Apply a card; True when the round ends on a Flip 7."""
        if isinstance(card, int):
            if card in p.numbers:
                if p.second:
                    p.second = False
                    self.discard += [card, "second"]
                else:
                    p.bust = p.out = True
                    self.discard.append(card)
                return False
            p.numbers.append(card)
            return len(p.numbers) == 7
        if card == "second":
            if p.second:
                self.discard.append(card)
            p.second = True
            return False
        if card in ("freeze", "flip3"):
            others = [q for q in self.players if not q.out and q is not p]
            victim = min(others, key=PeerPlayer.score) if others else p
            self.discard.append(card)
            if card == "freeze":
                victim.out = True
                return False
            for _ in range(3):
                if victim.out:
                    break
                nxt = self.draw()
                if nxt is None:
                    break
                if self.give(victim, nxt):
                    return True
            return False
        p.mods.append(card)
        return False

    def play(self) -> int:
        while True:
            for p in self.players:
                p.reset()
            flip7 = False
            while not flip7 and any(not p.out for p in self.players):
                for p in self.players:
                    if p.out:
                        continue
                    if p.numbers and not p.wants_hit():
                        p.out = True
                        continue
                    card = self.draw()
                    if card is None or self.give(p, card):
                        flip7 = True
                        break
            for p in self.players:
                p.total += p.score()
                self.discard += p.numbers + p.mods + (["second"] if p.second else [])
            best = max(p.total for p in self.players)
            if best >= 200 and sum(p.total == best for p in self.players) == 1:
                return next(i for i, p in enumerate(self.players) if p.total == best)


# ----- timed workloads ------------------------------------------------------------------------
def rate(work: Callable[[int], int], seconds: float) -> float:
    """Games per CPU second of `work(i)` (one game each) over about `seconds`."""
    done = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        done += work(done)
    return done / (time.process_time() - started)


def flip7_workloads() -> dict[str, Callable[[int], int]]:
    from parlour.bots.base import make_bot
    from parlour.core.game import Seat
    from parlour.games.flip7 import kernel
    from parlour.games.flip7.game import GAME
    from parlour.play.runner import play_bots

    seats = [Seat("a"), Seat("b")]

    def peer(i: int) -> int:
        PeerGame([23, 20], random.Random(i)).play()
        return 1

    def tournament_peer(i: int) -> int:
        TournamentGame([23, 20], seed=i).play()
        return 1

    def engine(i: int) -> int:
        state = GAME.new_state(seats, seed=i)
        play_bots(state, [make_bot(GAME, "threshold:23"), make_bot(GAME, "threshold:20")])
        return 1

    kernel.run([0], [[23, 20]])  # compiled or loaded from the cache before any timing

    def bulk(i: int) -> int:
        kernel.run(range(i, i + 2000), [[23, 20]] * 2000)
        return 2000

    def public_bulk(i: int) -> int:
        GAME.bulk_play(None, range(i, i + 2000), [("threshold:23", "threshold:20")])
        return 2000

    return {
        "peer (flipped_seven's shape)": tournament_peer,
        "peer (lean plain Python)": peer,
        "Parlour engine": engine,
        "Parlour kernel": bulk,
        "Parlour Game.bulk_play": public_bulk,
    }


def _sample(outcomes: list[tuple[int, float]], r: float) -> int:
    """The outcome that `r` (uniform in [0, 1)) falls on, by a running sum of probabilities."""
    for action, probability in outcomes:
        r -= probability
        if r < 0:
            return action
    return outcomes[-1][0]


def go_fish_game(players: int) -> Callable[[int], int]:
    """One uniformly random game of OpenSpiel's go_fish at `players` (see `openspiel_game`)."""
    return openspiel_game("go_fish", {"players": players})


def openspiel_game(name: str, params: dict[str, Any]) -> Callable[[int], int]:
    """One uniformly random game of OpenSpiel's `name(params)`, as lean as we can drive it.

    Chance nodes (the draws) are sampled from their own probabilities by one `random()` and a
    running sum, and a move is one index into the legal actions: no NumPy call per node, which
    would make the peer several times slower than OpenSpiel itself.
    """
    import pyspiel

    spiel_game = pyspiel.load_game(name, dict(params))

    def peer(i: int) -> int:
        rng = random.Random(i)
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(_sample(state.chance_outcomes(), rng.random()))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
        return 1

    return peer


class LeanFamilles:
    """The 7 familles at its leanest in plain Python, for scale: random asks, no events, no
    views, no checks. 42 cards in 7 families of 6, hands of 6 (`hand_size`'s default), the
    asked player plays after a miss, a Bonne pioche replays, an empty hand draws.

    It shows what any engine written in CPython can reach: the reference engine does this
    and also emits every event, filters them for each seat and checks every move.
    """

    def __init__(self, players: int, rng: random.Random) -> None:
        self.rng = rng
        deck = list(range(42))
        rng.shuffle(deck)
        self.holder = [-1] * 42  # the seat holding each card, -1: the pile or laid
        self.counts = [[0] * 7 for _ in range(players)]
        self.sizes = [0] * players
        for seat in range(players):
            for card in deck[seat * 6 : (seat + 1) * 6]:
                self._receive(seat, card)
        self.pile = deck[players * 6 :]
        self.laid = 0
        self.players = players

    def _receive(self, seat: int, card: int) -> None:
        self.holder[card] = seat
        self.sizes[seat] += 1
        family = card // 6
        counts = self.counts[seat]
        counts[family] += 1
        if counts[family] == 6:  # a family complete is laid at once
            counts[family] = 0
            self.sizes[seat] -= 6
            for c in range(family * 6, family * 6 + 6):
                self.holder[c] = -1
            self.laid += 1

    def play(self) -> int:
        rng, holder, counts, sizes, n = self.rng, self.holder, self.counts, self.sizes, self.players
        turn = asks = 0
        while self.laid < 7:
            if sizes[turn] == 0:
                if self.pile:
                    self._receive(turn, self.pile.pop())
                else:
                    turn = (turn + 1) % n
                continue
            targets = [t for t in range(n) if t != turn and sizes[t]]
            if not targets:
                turn = (turn + 1) % n
                continue
            mine = counts[turn]
            wanted = [
                c for f in range(7) if mine[f] for c in range(f * 6, f * 6 + 6) if holder[c] != turn
            ]
            target, card = rng.choice(targets), rng.choice(wanted)
            asks += 1
            if holder[card] == target:
                sizes[target] -= 1
                counts[target][card // 6] -= 1
                self._receive(turn, card)
            elif self.pile:
                drawn = self.pile.pop()
                self._receive(turn, drawn)
                if drawn != card:
                    turn = target
            else:
                turn = target
        return asks


def familles_workloads(players: int) -> dict[str, Callable[[int], int]]:
    from parlour.bots.base import make_bot
    from parlour.core.registry import get_game
    from parlour.play.runner import play_bots

    out: dict[str, Callable[[int], int]] = {}
    try:
        out[f"peer (OpenSpiel go_fish, {players}p)"] = go_fish_game(players)
    except ImportError:
        print("OpenSpiel (pyspiel) is not installed: the go_fish peer is skipped")
    game = get_game("familles")

    def lean(i: int) -> int:
        LeanFamilles(players, random.Random(i)).play()
        return 1

    out[f"lean plain Python ({players}p)"] = lean

    def engine(i: int) -> int:
        state = game.new_state(players, seed=i)
        master = random.Random(i)
        bots = [make_bot(game, "random", random.Random(master.random())) for _ in range(players)]
        play_bots(state, bots)
        return 1

    out[f"Parlour engine ({players}p)"] = engine
    from parlour.games.familles import kernel

    kernel.run([0], players)  # compiled or loaded from the cache before any timing

    def bulk(i: int) -> int:
        kernel.run(range(i, i + 2000), players)
        return 2000

    out[f"Parlour kernel ({players}p)"] = bulk

    def public_bulk(i: int) -> int:
        game.bulk_play(None, range(i, i + 2000), [("random",) * players])
        return 2000

    out[f"Parlour Game.bulk_play ({players}p)"] = public_bulk
    return out


def same_game_workloads(name: str, players: int) -> dict[str, Callable[[int], int]] | None:
    """A registered game that names its peer (its `peer` capability: the same game in
    OpenSpiel) against that peer, random play on both sides, Parlour through the public
    `Game.bulk_play`. None when the game names no peer or cannot bulk-play random bots."""
    from parlour.core.registry import get_game

    game = get_game(name)
    peer = game.peer(players)
    table = [("random",) * players]
    if peer is None or game.bulk_play(None, [], table) is None:
        return None
    try:  # first: without OpenSpiel there is nothing to compare, so nothing is compiled
        peer_game = openspiel_game(peer.openspiel_name, dict(peer.params))
    except ImportError:
        print(f"OpenSpiel (pyspiel) is not installed: {name}'s peer is skipped")
        return None

    def public_bulk(i: int) -> int:
        game.bulk_play(None, range(i, i + 2000), table)
        return 2000

    public_bulk(0)  # compiled or loaded from the cache before any timing
    return {
        f"peer (OpenSpiel {peer.openspiel_name}, {players}p)": peer_game,
        f"Parlour Game.bulk_play ({players}p)": public_bulk,
    }


def go_fish_steps(players: int) -> Callable[[int], int]:
    """OpenSpiel's go_fish as an RL loop drives it from Python: at every decision the
    observation tensor of the player to move (`state.observation_tensor()`), its legal actions
    and a uniformly random one applied; the draws sampled as `openspiel_game` samples them.
    Counts decision steps."""
    import pyspiel

    spiel_game = pyspiel.load_game("go_fish", {"players": players})

    def steps(i: int) -> int:
        rng = random.Random(i)
        state = spiel_game.new_initial_state()
        done = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(_sample(state.chance_outcomes(), rng.random()))
                continue
            state.observation_tensor()
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            done += 1
        return done

    return steps


def vector_env_steps(name: str, players: int, num_envs: int = 1024) -> Callable[[int], int]:
    """`num_envs` games of `name` in the vector env (`parlour.rl.vector_env`), every seat
    played from Python as go_fish's are (self-play): a uniformly random legal action per game
    from `info["action_mask"]`, the observations built at every step. Counts decision steps
    (a step that only resets a finished game is not one)."""
    from parlour.rl.vector_env import ParlourVectorEnv

    envs = ParlourVectorEnv(name, num_envs=num_envs, opponents=None, num_players=players)
    _, info = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    last = {"info": info, "ended": np.zeros(num_envs, bool)}
    rows = np.arange(num_envs)
    ones = np.ones(envs.num_actions, np.float32)

    def steps(i: int) -> int:
        # The mask's 0s and 1s read as booleans, which NumPy finds faster (the same picks as
        # from the int8 array); each row's count as a product with ones (exact for such small
        # counts, and half the time of `count_nonzero(axis=1)` on rows this short).
        mask = last["info"]["action_mask"]
        counts = (mask.astype(np.float32) @ ones).astype(np.int64)
        # Row i's k-th legal id, k uniform below its count: every legal id in row order, then
        # one index per row into them (a finished game's row has none; its action is unused).
        mask = mask.view(np.bool_)
        legal = np.flatnonzero(mask)
        pick = np.cumsum(counts) - counts + (rng.random(num_envs) * counts).astype(np.int64)
        ids = legal[np.minimum(pick, legal.size - 1)] - rows * mask.shape[1]
        actions = np.where(counts > 0, ids, 0)
        _, _, terminated, truncated, last["info"] = envs.step(actions)
        decided = num_envs - int(last["ended"].sum())
        last["ended"] = terminated | truncated
        return decided

    steps(0)  # compiled or loaded from the cache before any timing
    return steps


def vector_workloads(players: int) -> dict[str, Callable[[int], int]]:
    """go_fish's RL loop against the vector env of every game with a step kernel."""
    from parlour.core.capabilities import offers
    from parlour.core.registry import game_names, get_game

    out: dict[str, Callable[[int], int]] = {}
    try:
        out[f"peer (OpenSpiel go_fish, {players}p)"] = go_fish_steps(players)
    except ImportError:
        print("OpenSpiel (pyspiel) is not installed: the go_fish peer is skipped")
    for name in ("gofish", "familles", "flip7", *game_names()):
        label = f"vector env {name} ({players}p)"
        if label in out or name not in game_names() or not offers(get_game(name), "step_kernel"):
            continue
        try:
            out[label] = vector_env_steps(name, players)
        except Exception as err:  # a table the game cannot seat: say so, time the others
            print(f"{name} at {players} players: {err}")
    return out


def compare(
    name: str,
    works: dict[str, Callable[[int], int]],
    seconds: float,
    rounds: int,
    unit: str = "games",
) -> None:
    rates: dict[str, list[float]] = {label: [] for label in works}
    for _ in range(rounds):
        for label, work in works.items():
            rates[label].append(rate(work, seconds))
    medians = {label: statistics.median(r) for label, r in rates.items()}
    peer_rounds = next(iter(rates.values()))
    peer = next(iter(medians.values()))
    print(f"\n{name} (median of {rounds} rounds, {unit} per CPU second)")
    print("  x: the ratio of the medians; paired: the median (and range) of each round's ratio")
    print("  to the peer's round next to it, which saw the same load")
    for label, value in medians.items():
        paired = sorted(r / p for r, p in zip(rates[label], peer_rounds, strict=True))
        print(
            f"  {label:28s} {value:12,.0f}   x{value / peer:6.2f}   paired x"
            f"{statistics.median(paired):5.2f} ({paired[0]:.2f}-{paired[-1]:.2f})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--games",
        nargs="+",
        choices=["flip7", "familles", "vector"],
        default=["flip7", "familles", "vector"],
    )
    parser.add_argument("--familles-players", type=int, nargs="+", default=[2, 3])
    parser.add_argument("--beggar", action="store_true", help="also run beggar_peer.run()")
    parser.add_argument(
        "--no-same-game",
        dest="same_game",
        action="store_false",
        help="skip the games that name their OpenSpiel peer (the same game on both sides)",
    )
    args = parser.parse_args()
    if "flip7" in args.games:
        compare("Flip 7, 2 players, threshold:23 v threshold:20", flip7_workloads(), args.seconds,
                args.rounds)  # fmt: skip
    for players in args.familles_players if "familles" in args.games else []:
        compare(f"7 familles v go_fish, {players} players, random play",
                familles_workloads(players), args.seconds, args.rounds)  # fmt: skip
    for players in args.familles_players if "vector" in args.games else []:
        compare(f"RL loop v go_fish, {players} players, random legal actions with observations",
                vector_workloads(players), args.seconds, args.rounds, "steps")  # fmt: skip
    # Every game that names its peer: the same game on both sides.
    from parlour.core.registry import game_names

    for name in game_names() if args.same_game else []:
        for players in args.familles_players:
            works = same_game_workloads(name, players)
            if works is not None:
                compare(f"{name} v its OpenSpiel peer, {players} players, random play", works,
                        args.seconds, args.rounds)  # fmt: skip
    if args.beggar and (Path(__file__).parent / "beggar_peer.py").exists():
        import sys

        sys.path.insert(0, str(Path(__file__).parent))
        import beggar_peer

        print("\nBeggar:", beggar_peer.run(deals=500_000, rounds=args.rounds))


if __name__ == "__main__":
    main()
