"""Train a small Flip 7 agent on CPU with Parlour's Gymnasium environment, numpy only.

A two-layer policy network (observation -> 64 tanh units -> one logit per action id) learns by
REINFORCE: it plays whole games against `random` bots, and each game's moves are pushed towards
(or away from) what they led to, `Outcome.returns` for the learner, less the batch's mean. The
action mask removes illegal ids from the softmax, so the agent only ever plays legal moves.

After `--minutes` of training it reports its win share (ties shared, 95% Wilson interval)
against `random` and against the best Parlour bot, seats drawn at random, on fresh seeds.

    python examples/train_flip7.py --minutes 3
    python examples/train_flip7.py --game familles --best memory --players 2
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass, field

import numpy as np

from parlour.rl.gym_env import ParlourGymEnv

Z95 = 1.959963984540054


@dataclass
class Policy:
    """A masked-softmax MLP with Adam, in numpy."""

    inputs: int
    actions: int
    hidden: int = 64
    lr: float = 3e-3
    rng: np.random.Generator = field(default_factory=lambda: np.random.default_rng(0))

    def __post_init__(self) -> None:
        scale1 = 1.0 / math.sqrt(self.inputs)
        scale2 = 1.0 / math.sqrt(self.hidden)
        self.params = {
            "w1": self.rng.normal(0, scale1, (self.inputs, self.hidden)),
            "b1": np.zeros(self.hidden),
            "w2": self.rng.normal(0, scale2 * 0.1, (self.hidden, self.actions)),
            "b2": np.zeros(self.actions),
        }
        self.m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.t = 0

    def probabilities(self, obs: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Action probabilities (rows of `obs`) and the hidden layer, for the gradient."""
        h = np.tanh(obs @ self.params["w1"] + self.params["b1"])
        logits = h @ self.params["w2"] + self.params["b2"]
        logits = np.where(mask > 0, logits, -1e9)
        logits -= logits.max(axis=-1, keepdims=True)
        p = np.exp(logits) * (mask > 0)
        return p / p.sum(axis=-1, keepdims=True), h

    def act(self, obs: np.ndarray, mask: np.ndarray, greedy: bool = False) -> int:
        p, _ = self.probabilities(obs[None, :], mask[None, :])
        if greedy:
            return int(np.argmax(p[0]))
        return int(self.rng.choice(len(p[0]), p=p[0]))

    def update(
        self, obs: np.ndarray, masks: np.ndarray, actions: np.ndarray, advantages: np.ndarray
    ) -> None:
        """One ascent step on sum(advantage * log pi(action)), averaged over the moves."""
        p, h = self.probabilities(obs, masks)
        dlogits = -p
        dlogits[np.arange(len(actions)), actions] += 1.0
        dlogits *= advantages[:, None] / len(actions)
        grads = {"w2": h.T @ dlogits, "b2": dlogits.sum(axis=0)}
        dh = (dlogits @ self.params["w2"].T) * (1 - h * h)
        grads["w1"] = obs.T @ dh
        grads["b1"] = dh.sum(axis=0)
        self.t += 1
        for k, g in grads.items():  # Adam, ascending
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m_hat = self.m[k] / (1 - 0.9**self.t)
            v_hat = self.v[k] / (1 - 0.999**self.t)
            self.params[k] += self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def play_episode(env: ParlourGymEnv, policy: Policy, seed: int, greedy: bool = False):
    obs, info = env.reset(seed=seed)
    trace_obs, trace_masks, trace_actions = [], [], []
    done, reward = False, 0.0
    while not done:
        mask = info["action_mask"]
        action = policy.act(obs, mask, greedy)
        trace_obs.append(obs)
        trace_masks.append(mask)
        trace_actions.append(action)
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    return trace_obs, trace_masks, trace_actions, reward, info["outcome"]


def train(env: ParlourGymEnv, policy: Policy, minutes: float, batch: int) -> int:
    deadline = time.perf_counter() + 60 * minutes
    episodes, recent = 0, []
    while time.perf_counter() < deadline:
        obs, masks, actions, returns = [], [], [], []
        for _ in range(batch):
            o, m, a, reward, _ = play_episode(env, policy, seed=1_000_000 + episodes)
            episodes += 1
            obs += o
            masks += m
            actions += a
            returns += [reward] * len(a)
            recent.append(reward)
        advantages = np.array(returns) - np.mean(recent[-batch:])
        policy.update(np.array(obs), np.array(masks), np.array(actions), advantages)
        if episodes % (batch * 20) == 0:
            print(f"  {episodes} games, mean return of the last 500: {np.mean(recent[-500:]):+.3f}")
    return episodes


def win_share(env: ParlourGymEnv, policy: Policy, games: int) -> tuple[float, float, float]:
    wins = 0.0
    for index in range(games):
        *_, outcome = play_episode(env, policy, seed=index)
        if env.seat in outcome["winners"]:
            wins += 1.0 / len(outcome["winners"])
    p = wins / games
    denominator = 1 + Z95**2 / games
    centre = (p + Z95**2 / (2 * games)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / games + Z95**2 / (4 * games**2)) / denominator
    return p, max(0.0, centre - half), min(1.0, centre + half)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="flip7")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=3.0, help="training time")
    parser.add_argument("--batch", type=int, default=16, help="games per update")
    parser.add_argument("--best", default="strong", help="the Parlour bot to measure against")
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--eval-best-games", type=int, default=100)
    args = parser.parse_args()

    others = args.players - 1
    env = ParlourGymEnv(args.game, opponents=["random"] * others)
    policy = Policy(env.observation_space.shape[0], env.action_space.n)
    print(f"Training on {args.game} ({args.players} players) against random for {args.minutes} min")
    episodes = train(env, policy, args.minutes, args.batch)
    print(f"Trained on {episodes} games.")
    for name, games in (("random", args.eval_games), (args.best, args.eval_best_games)):
        test_env = ParlourGymEnv(args.game, opponents=[name] * others)
        share, low, high = win_share(test_env, policy, games)
        fair = 1 / args.players
        print(
            f"Win share against {name}: {share:.3f} (95% {low:.3f}-{high:.3f}) over {games} "
            f"games; an even match gives {fair:.3f}"
        )


if __name__ == "__main__":
    main()
