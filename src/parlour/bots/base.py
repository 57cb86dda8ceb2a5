"""The bot contract: a bot sees what a human in its seat sees, nothing more.

Where bots come from, by name: the game's own `BOTS` table and the generic ones, then the
`parlour.bots` entry-point group of installed packages (`GAME.NAME = "pkg.module:Factory"` for
one game, `NAME = ...` for every game), and, only where the caller allows it (the command line
and the Python API, never the web table), an import path `pkg.module:Factory[:params]`.

A bot gets a `Decision`: its seat, its view, its filtered events, the legal actions, and
`determinize` for search. It never receives the state itself: a decision holds no path to it
(no reference, no closure), so a bot cannot read hidden cards, the seed or the game's random
generator. Its `determinize` starts from a *world*, a state already drawn from what the seat
knows, so re-dealing from it gives the same worlds as re-dealing from the real state would.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import random
from collections.abc import Callable, Mapping, Sequence
from importlib.metadata import EntryPoint, entry_points
from typing import Any, ClassVar, NamedTuple

from parlour.core.errors import ParlourError
from parlour.core.events import Event
from parlour.core.game import Game, State


class UnreadView(dict[str, Any]):
    """The view of a decision made for a bot that reads none (`reads_table = False`).

    Building a view and filtering events is most of the cost of a decision in bulk play, and
    random bots read only the legal actions. Any read or write of this view is a bug of the
    bot's declaration, so it fails loudly instead of looking like an empty table.
    """

    def __missing__(self, key: str) -> Any:
        raise ParlourError(
            f"this decision was made without a view (the bot's `reads_table` or `wants_view` "
            f"said so) but view[{key!r}] was read"
        )

    def __setitem__(self, key: str, value: Any) -> None:
        raise ParlourError("a decision's view is read-only")


NO_VIEW = UnreadView()


class _DecisionFields(NamedTuple):
    game: Game
    rules: Any
    seat: int
    # Built before the bot is called: a view built on first use would need the real state
    # within the decision's reach, and a decision must hold no path to it.
    view: dict[str, Any]
    events: Sequence[Event]
    legal_actions: list[Any]
    # A state drawn from the seat's knowledge, never the real one (None: not asked for).
    world: State | None = None


class Decision(_DecisionFields):
    """Everything a seat may use to choose its move.

    An immutable tuple of its fields (one decision a move: a tuple is made in one C call, a
    frozen dataclass field by field at twice the cost).
    """

    __slots__ = ()

    def determinize(self, rng: random.Random) -> State:
        """A full state drawn from what this seat knows (hidden cards re-dealt)."""
        if self.world is None:
            raise ParlourError(
                "this decision was made without worlds to search: a bot that determinizes "
                "sets `searches = True`"
            )
        return self.world.determinize(self.seat, rng)


class Bot:
    """A player program. Subclasses override `act`; `name` is its spec string."""

    name = "bot"
    # Whether `act` calls `decision.determinize`: the runner then draws a world per decision.
    searches: ClassVar[bool] = False
    # Whether `act` reads the view and the events; bots that read only the legal actions say
    # False and the runner builds neither (their decisions get `NO_VIEW` and no events).
    reads_table: ClassVar[bool] = True

    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng

    @property
    def rng(self) -> random.Random:
        """The bot's generator; without one given, a fresh one made on first use (seeding
        from the system's entropy costs more than a whole decision, and most bots made for
        bulk play either get a seeded generator or never draw)."""
        if self._rng is None:
            self._rng = random.Random()
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value

    @property
    def timed(self) -> bool:
        """Whether the bot thinks for a time rather than a count (`search` with its default
        `0.2` s): its moves then hang on the machine's speed and load, so a seed does not
        fix its games. The commands that promise reproducible runs say so."""
        return False

    def wants_view(self, legal_actions: list[Any]) -> bool:
        """Whether the decision with these legal actions needs its view (asked before the view
        is built). A bot that can decide some moves from its events alone says False for
        them and gets `NO_VIEW`; the default is always True."""
        return True

    def act(self, decision: Decision) -> Any:
        raise ParlourError(f"bot {self.name} cannot play")

    def __repr__(self) -> str:
        return self.name


class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    name = "random"
    reads_table = False

    def act(self, decision: Decision) -> Any:
        return self.rng.choice(decision.legal_actions)


class FirstBot(Bot):
    """Plays the first legal action: a fast baseline for games without real decisions."""

    name = "first"
    reads_table = False

    def act(self, decision: Decision) -> Any:
        return decision.legal_actions[0]


GENERIC_BOTS: Mapping[str, Callable[..., Bot]] = {"random": RandomBot, "first": FirstBot}


def parse_bot_spec(spec: str) -> tuple[str, list[str]]:
    """`threshold:23` -> ("threshold", ["23"]); `search:200:0.5` -> ("search", ["200", "0.5"])."""
    text = spec.strip()
    if not text:
        raise ParlourError("empty bot name")
    name, *params = text.split(":")
    return name.lower(), params


@functools.cache  # bulk play makes bots for every game: reading a signature costs more than most
def _parameter_names(factory: Callable[..., Bot]) -> tuple[str, ...] | None:
    """The parameters a bot spec may give after its name (all but `rng`); None if unknown."""
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):
        return None
    names = []
    for parameter in signature.parameters.values():
        if parameter.kind is parameter.VAR_POSITIONAL:
            return None
        if parameter.name != "rng" and parameter.kind is not parameter.VAR_KEYWORD:
            names.append(parameter.name)
    return tuple(names)


ENTRY_POINT_GROUP = "parlour.bots"


@functools.cache  # read once per process: a bot is made for every game of a bulk run
def _declared_bots() -> dict[str | None, dict[str, EntryPoint]]:
    """The group's entry points by game (None: for every game), then by bot name.

    `flip7.expert = "pkg.bots:Expert"` declares a Flip 7 bot; `expert = ...` one for every
    game. The first distribution that declares a name keeps it.
    """
    found: dict[str | None, dict[str, EntryPoint]] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        game, dot, bot = point.name.strip().lower().rpartition(".")
        found.setdefault(game if dot else None, {}).setdefault(bot, point)
    return found


def forget_declared_bots() -> None:
    """Read the entry-point group again on next use (after installing a package, in tests)."""
    _declared_bots.cache_clear()
    _load_declared.cache_clear()


@functools.cache
def _load_declared(point: EntryPoint) -> Callable[..., Bot] | None:
    try:
        factory: Callable[..., Bot] = point.load()
    except Exception:  # a broken or half-installed package must not hide the other bots
        return None
    return factory


def _declared_for(game: Game) -> dict[str, EntryPoint]:
    """The entry points of this game's bots: for every game, then (taking precedence) its own."""
    declared = _declared_bots()
    return {**declared.get(None, {}), **declared.get(game.name.lower(), {})}


def _load_error(game: Game, name: str) -> str | None:
    """Why a declared bot does not load (None: it is not declared for this game)."""
    point = _declared_for(game).get(name)
    if point is None:
        return None
    try:
        point.load()
    except Exception as err:
        return f"{type(err).__name__}: {err}"
    return None


def installed_bots(game: Game) -> dict[str, Callable[..., Bot]]:
    """The bots declared by installed packages for this game; shipped names always win."""
    out: dict[str, Callable[..., Bot]] = {}
    for name, point in _declared_for(game).items():
        factory = _load_declared(point)
        if factory is not None:
            out[name] = factory
    return out


def available_bots(game: Game) -> dict[str, Callable[..., Bot]]:
    """Every bot that may play this game by name: generic, the game's own, then installed.

    A name already taken keeps its first meaning, so an installed package can neither replace
    a shipped bot nor change what a game's bulk path (which reads names) plays.
    """
    bots: dict[str, Callable[..., Bot]] = dict(GENERIC_BOTS)
    bots.update(game.bots())
    for name, factory in installed_bots(game).items():
        bots.setdefault(name, factory)
    return bots


def looks_like_import_path(spec: str) -> bool:
    """`pkg.module:Attr[:params]` or `module:Attr`: a module path, then a Python name (a bot
    name's parameters are numbers, `threshold:23`, so they never read as one)."""
    module, _, rest = spec.strip().partition(":")
    attr = rest.split(":")[0]
    return (
        bool(module)
        and all(part.isidentifier() for part in module.split("."))
        and bool(attr)
        and all(part.isidentifier() for part in attr.split("."))
    )


def _import_factory(spec: str) -> tuple[Callable[..., Bot], list[str]]:
    """The factory an import path names, and the parameters after it; one clear line when
    the module does not import, the name is missing or it is not a bot."""
    module_name, _, rest = spec.strip().partition(":")
    attr, *params = rest.split(":")
    try:
        target: Any = importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        raise ParlourError(
            f"bot {spec!r}: cannot import module {module_name!r} ({err}); is its folder on "
            f"PYTHONPATH or its package installed?"
        ) from None
    except Exception as err:  # the module itself is broken: say how, not where in Parlour
        raise ParlourError(
            f"bot {spec!r}: importing module {module_name!r} failed: {type(err).__name__}: {err}"
        ) from None
    for part in attr.split("."):
        if not hasattr(target, part):
            raise ParlourError(f"bot {spec!r}: module {module_name!r} has no attribute {attr!r}")
        target = getattr(target, part)
    is_bot_class = isinstance(target, type) and issubclass(target, Bot)
    if not is_bot_class and (isinstance(target, type) or not callable(target)):
        raise ParlourError(
            f"bot {spec!r}: {module_name}:{attr} is not a bot (a {type(target).__name__}); "
            f"name a subclass of parlour.bots.Bot or a function that returns one"
        )
    return target, params


@functools.cache
def _accepts_rng(factory: Callable[..., Bot]) -> bool:
    """Whether the factory takes `rng=`: an outside bot whose `__init__` does not still gets
    the seeded generator, set after it is made."""
    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return True
    return any(p.name == "rng" or p.kind is p.VAR_KEYWORD for p in parameters)


def make_bot(
    game: Game,
    spec: str,
    rng: random.Random | None = None,
    *,
    import_paths: bool = False,
) -> Bot:
    """Build a bot from its spec string, with a clear error for an unknown bot or parameter.

    `import_paths=True` lets `pkg.module:Factory[:params]` name a bot that is not installed.
    It is off by default, so that no caller imports a module named by someone else without
    saying so: the command line, `simulate`, `tournament` and the Gymnasium env pass it, a
    server never does (it would import and run any module a visitor names).
    """
    name, params = parse_bot_spec(spec)
    # The shipped bots first: making one (once a game in bulk play) loads no outside package.
    # A game's own bot of a generic name (the familles' `first`) is the one that plays.
    shipped = game.bots().get(name) or GENERIC_BOTS.get(name)
    bots = {} if shipped is not None else available_bots(game)
    if shipped is not None:
        factory = shipped
    elif name in bots:
        factory = bots[name]
    elif (broken := _load_error(game, name)) is not None:
        raise ParlourError(
            f"bot {spec!r} is declared by an installed package but does not load: {broken}"
        )
    elif looks_like_import_path(spec):
        if not import_paths:
            raise ParlourError(
                f"bot {spec!r} is an import path; only installed bots play here: "
                f"{', '.join(sorted(bots))}"
            )
        factory, params = _import_factory(spec)
        name = ":".join(spec.strip().split(":")[:2])  # the path, without its parameters
    else:
        raise ParlourError(
            f"unknown bot {spec!r} for {game.name}; bots are: {', '.join(sorted(bots))} "
            f"(or an import path, package.module:Class)"
        )
    accepted = _parameter_names(factory)
    if accepted is not None and len(params) > len(accepted):
        takes = ", ".join(accepted) if accepted else "no parameter"
        raise ParlourError(f"bad parameters for bot {spec!r}: {name} takes {takes}")
    try:
        if _accepts_rng(factory):
            # None: the bot makes its generator when it first draws
            bot = factory(*params, rng=rng)
        else:
            bot = factory(*params)
            if rng is not None and isinstance(bot, Bot):
                bot.rng = rng
    except ParlourError as err:  # the bot says itself what is wrong, in a user's words
        raise ParlourError(f"bad parameters for bot {spec!r}: {err}") from None
    except (TypeError, ValueError):
        # The bot's own message speaks Python ("invalid literal for int()"): say what it wants.
        wanted = ", ".join(accepted or []) or "other values"
        given = ":".join(params)
        raise ParlourError(
            f"bad parameters for bot {spec!r}: {name} takes {wanted} (numbers), not {given!r}"
        ) from None
    if not isinstance(bot, Bot):
        raise ParlourError(
            f"bot {spec!r} is not a bot: {name} made a {type(bot).__name__}, not a parlour.bots.Bot"
        )
    bot.name = spec.strip()
    return bot


# Preferred opponents when nobody names one: a fair game for a newcomer, quick to answer (a
# game's first bot is often its simplest, below the ladder's `easy`: the ask games' `first`).
PREFERRED_BOTS = ("strong", "memory")


def default_bot(game: Game) -> str:
    """A preferred bot of the game, else its first bot that needs no parameter, else `random`:
    the bot a seat gets when nobody names one, in the terminal and at the web table."""
    names = list(game.bots())
    ordered = [n for n in PREFERRED_BOTS if n in names] + names
    for name in ordered:
        try:
            make_bot(game, name)
        except ParlourError:
            continue
        return name
    return "random"


def needs_copies(bot: object) -> bool:
    """Whether a bot is shown copies of the events (`SeatFeed(copies=True)`): a bot from
    outside Parlour may change what it is shown, which must change neither the game's log nor
    what the others see; so may a Parlour bot that calls code from outside (a `SearchBot` given
    another game's `candidates`). Parlour's own bots only read (tests/core/test_bot_event_copies
    plays each of them against the log); copying every event for every bot cost a Flip 7 game
    a third of its time."""
    if not _ours(type(bot)):
        return True
    held = getattr(bot, "__dict__", {}).values()
    return any(callable(value) and not _ours(value) for value in held)


def _ours(thing: object) -> bool:
    module = getattr(thing, "__module__", None) or ""
    return module == "parlour" or module.startswith("parlour.")
