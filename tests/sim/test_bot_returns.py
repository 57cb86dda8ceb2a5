"""What a bot returns: something that is no action is named as such, with the bot; an action
that breaks a rule keeps the game's own reason."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.bots import Bot, Decision
from parlour.games.flip7.actions import Target
from parlour.sim import SimulationFailed, simulate

HERE = __name__


class ReturnsJson(Bot):
    """Returns the JSON form of an action instead of the action."""

    def act(self, decision: Decision) -> Any:
        return decision.legal_actions[0].to_json()


class ReturnsNone(Bot):
    def act(self, decision: Decision) -> Any:
        return None


class TargetsAlways(Bot):
    """Returns a real Flip 7 action, but one the turn does not allow (a target, not hit/stay)."""

    def act(self, decision: Decision) -> Any:
        return Target(0)


@pytest.mark.parametrize(
    ("bot", "returned"), [("ReturnsJson", "{'type': 'hit'}"), ("ReturnsNone", "None")]
)
def test_a_bot_returning_no_action_is_named_with_what_it_returned(bot: str, returned: str) -> None:
    # The game's rule text ("on your turn you hit or stay") once stood alone, as if the bot
    # had chosen a wrong move.
    spec = f"{HERE}:{bot}"
    with pytest.raises(SimulationFailed) as caught:
        simulate("flip7", [spec, "random"], 2, seed=1, workers=1)
    message = str(caught.value)
    assert f"bot {spec!r} returned {returned}, not an action" in message
    assert "decision.legal_actions" in message


def test_a_real_action_that_breaks_a_rule_keeps_the_games_reason() -> None:
    spec = f"{HERE}:TargetsAlways"
    with pytest.raises(SimulationFailed) as caught:
        simulate("flip7", [spec, "random"], 2, seed=1, workers=1)
    message = str(caught.value)
    assert "IllegalAction" in message
    assert "not an action" not in message
