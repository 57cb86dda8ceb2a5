"""Game-agnostic players and the bot registry (bots are named like `threshold:23`)."""

from parlour.bots.base import Bot, Decision, make_bot, parse_bot_spec

__all__ = ["Bot", "Decision", "make_bot", "parse_bot_spec"]
