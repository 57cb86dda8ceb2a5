"""Every Parlour game as an OpenSpiel Python game (`pip install parlour[openspiel]`).

    import pyspiel
    from parlour.rl.openspiel_game import register_all
    register_all()
    game = pyspiel.load_game("parlour_familles", {"players": 4})
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)

Chance, as OpenSpiel expects it: the Parlour engine draws every random event (shuffles, draws,
re-shuffles) from its own seeded generator, so a game is a deterministic function of its seed and
the players' actions. The adapter therefore opens every game with explicit chance nodes that draw
that seed, `SEED_NODES` uniform bytes, and then lets the engine run: it is the same as shuffling
everything before play, and no player ever observes the seed. An OpenSpiel history (seed bytes,
then action ids) replays a game exactly, so states serialise through their history.

Information: the observation string is the seat's `view(seat)` as JSON; the information state
string adds the seat's record of the game (every move with its player, and the events that seat
saw, its own private ones included: the card it drew, in the order it drew it, so that two
histories it can tell apart never share an information state); both tensors are the game's
`ViewEncoder` array of the view. `resample_from_infostate` and `resampler` give a
state drawn from what the seat knows through `State.determinize`, which re-deals only hidden
cards; a resampled state keeps the public record and the resampling seat's own events (not
the other seats' private ones: their cards are re-dealt in the world) but has no seed and no
OpenSpiel history (the seed bytes would give the real deal away), so nothing hidden can leak
through them.
"""

from __future__ import annotations

import inspect
import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from parlour.core.events import Event
from parlour.core.game import Game, State
from parlour.core.registry import game_names
from parlour.rl.encoding import (
    ViewEncoder,
    check_table,
    make_encoder,
    resolve_game,
    resolve_rules,
    with_turn_cap,
)

SEED_NODES = 4
SEED_OUTCOMES = 256


# Cap on player moves when the rules set none, so that OpenSpiel's max_game_length is honest;
# reaching it ends the game as a draw ("capped"), as the engine's own max_turns does.
def short_name(game_name: str) -> str:
    return f"parlour_{game_name}"


def game_type(game: Game) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"Parlour {game.title['en']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": max(2, game.min_players),
            # Options as "k:v;k:v": OpenSpiel's game strings reserve "=" and ",".
            "rules": "",
            # 0: the game's own cap for its rules (`research_max_turns`), named in the game
            # string once the game is made; any other number is the cap asked for.
            "max_turns": 0,
        },
    )


def research_cap(game: Game, rules: Any) -> int:
    """The game's default turn cap for `rules`; a game written before the hook took the rules
    (`research_max_turns(self)`) is asked without them."""
    cap = game.research_max_turns
    if len(inspect.signature(cap).parameters) == 0:
        return int(cap())
    return int(cap(rules))


class ParlourSpielGame(pyspiel.Game):
    """A Parlour game with fixed rules and player count, seen by OpenSpiel."""

    def __init__(self, game: Game, params: Mapping[str, Any] | None = None) -> None:
        kind = game_type(game)
        values = {**kind.parameter_specification, **(params or {})}
        asked = resolve_rules(game, rules_from_param(str(values["rules"])))
        if int(values["max_turns"]) <= 0:
            # The default cap grows with the match or the target (Panoplies' `games`, Flip 7's
            # `target`): a fixed one made every game of a long match a capped draw. It goes
            # into the parameters, so the game string loads this same game again.
            values["max_turns"] = research_cap(game, asked)
        rules = with_turn_cap(asked, int(values["max_turns"]))
        players = int(values["players"])
        check_table(game, rules, players)
        cap = getattr(rules, "max_turns", None) or int(values["max_turns"])
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions(rules, players),
            max_chance_outcomes=SEED_OUTCOMES,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=SEED_NODES + cap,
        )
        super().__init__(kind, info, dict(values))
        # Python attributes only once the pybind11 base class is initialised.
        self.parlour_game = game
        self.parlour_rules = rules
        self.players = players
        self.encoder = make_encoder(game, rules, players)

    def new_initial_state(self) -> ParlourSpielState:
        return ParlourSpielState(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> ParlourSpielGame:
        return self  # immutable: states share their game

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> ParlourObserver:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        return ParlourObserver(
            self.encoder, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        )

    def engine_state(self, seed: int) -> State:
        return self.parlour_game.new_state(self.players, seed=seed, rules=self.parlour_rules)


class _Core:
    """The Python fields of a state, with the copy OpenSpiel's clone() uses.

    OpenSpiel clones a Python state by deep-copying its attributes; routing that through the
    engine's own `clone()` is much cheaper, and the game object (immutable) is shared, not copied.
    """

    def __init__(self, game: ParlourSpielGame, engine: State | None) -> None:
        self.game = game
        self.engine = engine
        self.seed_bytes: list[int] = []
        # The record: each move with its player and all its events, private ones included;
        # each seat's information state reads the part it saw (`visible_to`).
        self.record: list[tuple[int, str, tuple[Event, ...]]] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        twin = _Core(self.game, None if self.engine is None else self.engine.clone())
        twin.seed_bytes = list(self.seed_bytes)
        twin.record = list(self.record)  # entries are immutable
        return twin


class ParlourSpielState(pyspiel.State):
    """An OpenSpiel state over a Parlour engine state (None until the seed is drawn)."""

    def __init__(self, game: ParlourSpielGame, engine: State | None = None) -> None:
        super().__init__(game)
        self._core = _Core(game, engine)

    @property
    def engine(self) -> State | None:
        return self._core.engine

    @property
    def _spiel_game(self) -> ParlourSpielGame:
        return self._core.game

    # ----- OpenSpiel's hooks ------------------------------------------------------------------
    def current_player(self) -> int:
        engine = self.engine
        if engine is None:
            return pyspiel.PlayerId.CHANCE
        mover = engine.to_move
        return pyspiel.PlayerId.TERMINAL if mover is None else mover

    def _legal_actions(self, player: int) -> list[int]:
        engine = self.engine
        if engine is None or engine.to_move != player:
            return []
        return sorted(action.id for action in engine.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / SEED_OUTCOMES
        return [(byte, p) for byte in range(SEED_OUTCOMES)]

    def _apply_action(self, action: int) -> None:
        core = self._core
        if core.engine is None:
            core.seed_bytes.append(int(action))
            if len(core.seed_bytes) == SEED_NODES:
                seed = int.from_bytes(bytes(core.seed_bytes), "big")
                core.engine = core.game.engine_state(seed)
                opening = tuple(core.engine.log)
                core.record.append((-1, "deal", opening))  # -1: no player moved
            return
        game = core.game
        move = game.parlour_game.action_from_id(int(action), game.parlour_rules, game.players)
        engine = core.engine
        mover = engine.to_move
        assert mover is not None
        start = len(engine.log)
        engine.apply(move, mover)
        events = tuple(engine.log[start:])
        core.record.append((mover, json.dumps(move.to_json(), sort_keys=True), events))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        game = self._spiel_game
        move = game.parlour_game.action_from_id(int(action), game.parlour_rules, game.players)
        return json.dumps(move.to_json(), sort_keys=True)

    def is_terminal(self) -> bool:
        return self.engine is not None and self.engine.is_over

    def returns(self) -> list[float]:
        outcome = self.engine.outcome if self.engine is not None else None
        if outcome is None:
            return [0.0] * self._spiel_game.players
        return [float(r) for r in outcome.returns]

    def __str__(self) -> str:
        if self.engine is None:
            return f"dealing (seed bytes {self._core.seed_bytes})"
        return json.dumps(self.engine.view(None), sort_keys=True, ensure_ascii=False)

    # ----- resampling ---------------------------------------------------------------------------
    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any
    ) -> ParlourSpielState:
        """A state drawn from what `player_id` knows (OpenSpiel's name for determinisation)."""
        draw = probability_sampler() if callable(probability_sampler) else random.random()
        return resample(self, player_id, random.Random(int(draw * 2**53)))


def resample(state: ParlourSpielState, player: int, rng: random.Random) -> ParlourSpielState:
    """`State.determinize` seen from OpenSpiel: hidden cards re-dealt, the seed forgotten."""
    if state.engine is None:
        raise ValueError("no information state before the deal")
    world = state.engine.determinize(player, rng)
    # Whatever a game's `determinize` keeps, the real seed or explicit deal would rebuild the
    # hidden cards from the public moves: the world has neither (as the bots' worlds).
    world.seed = None
    world.deal = None
    twin = ParlourSpielState(state._spiel_game, world)
    # What `player` saw is the same in every world; the others' private events are not kept,
    # since the world re-deals their cards.
    twin._core.record = [
        (mover, move, tuple(e for e in events if e.public or player in (e.audience or ())))
        for mover, move, events in state._core.record
    ]
    return twin


def resampler(seed: int | None = None) -> Any:
    """A callback for OpenSpiel's ISMCTSBot.set_resampler, with its own generator."""
    rng = random.Random(seed)

    def callback(state: ParlourSpielState, player: int) -> ParlourSpielState:
        return resample(state, player, rng)

    return callback


class ParlourObserver:
    """OpenSpiel's Python observer: tensors and strings from the seat's view only."""

    def __init__(self, encoder: ViewEncoder, iig_obs_type: pyspiel.IIGObservationType) -> None:
        self.encoder = encoder
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        private = iig_obs_type.private_info
        # Without the seat's private information, what remains is a spectator's view.
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.tensor = np.zeros(encoder.size, np.float32)
        self.dict = {seg.name: self.tensor[seg.start : seg.stop] for seg in encoder.layout}

    def _view(self, engine: State, player: int) -> dict[str, Any]:
        return engine.view(None if self.public_only else player)

    def set_from(self, state: ParlourSpielState, player: int) -> None:
        engine = state.engine
        if engine is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = self.encoder.encode(self._view(engine, player), player)

    def string_from(self, state: ParlourSpielState, player: int) -> str:
        engine = state.engine
        if engine is None:
            return "dealing"
        view = json.dumps(self._view(engine, player), sort_keys=True, ensure_ascii=False)
        if not self.perfect_recall:
            return view
        reader = None if self.public_only else player
        history = []
        for mover, move, table in state._core.record:
            history.append(f"{mover} {move}")
            history += [
                json.dumps(event.to_json(), sort_keys=True, ensure_ascii=False)
                for event in table
                if event.visible_to(reader)
            ]
        return "\n".join([*history, view])


_REGISTERED: set[str] = set()


def register(game: Game | str) -> str:
    """Register one Parlour game with OpenSpiel; returns its short name."""
    parlour_game = resolve_game(game)
    name = short_name(parlour_game.name)
    if name not in _REGISTERED:
        # OpenSpiel keeps the Python side of a game alive only when the creator is a class.
        def __init__(self: ParlourSpielGame, params: Mapping[str, Any] | None = None) -> None:
            ParlourSpielGame.__init__(self, parlour_game, params)

        class_name = f"ParlourSpielGame_{parlour_game.name}"
        creator = type(class_name, (ParlourSpielGame,), {"__init__": __init__})
        globals()[class_name] = creator  # found by name when a game is pickled
        pyspiel.register_game(game_type(parlour_game), creator)
        _REGISTERED.add(name)
    return name


def register_all() -> list[str]:
    """Register every game installed in Parlour; returns their OpenSpiel short names."""
    return [register(name) for name in game_names()]


def rules_param(rules: str) -> str:
    """`"k=v;k=v"` (the command line's form) as OpenSpiel's parameter form `"k:v;k:v"`."""
    parts = [part.strip() for part in rules.split(";") if part.strip()]
    return ";".join(part.replace("=", ":", 1) for part in parts)


def rules_from_param(param: str) -> str | None:
    """The parameter form back to `"k=v;k=v"` (None: the default rules)."""
    parts = [part.strip() for part in param.split(";") if part.strip()]
    return (
        ";".join(part.replace(":", "=", 1) if "=" not in part else part for part in parts) or None
    )


def load(game: Game | str, **params: Any) -> ParlourSpielGame:
    """`pyspiel.load_game` for a Parlour game, registering it first.

    `rules` may be given in either form, `"hand_size=7;next_after_miss=left"` or with colons.
    """
    if "rules" in params:
        params["rules"] = rules_param(str(params["rules"]))
    game_obj: ParlourSpielGame = pyspiel.load_game(register(game), params)
    return game_obj
