"""The game contract shared by every game and every layer (see DESIGN.md)."""

from parlour.core.errors import IllegalAction, ParlourError, RecordError, RulesError
from parlour.core.events import Event
from parlour.core.game import Action, Game, Outcome, Seat, State

__all__ = [
    "Action",
    "Event",
    "Game",
    "IllegalAction",
    "Outcome",
    "ParlourError",
    "RecordError",
    "RulesError",
    "Seat",
    "State",
]
