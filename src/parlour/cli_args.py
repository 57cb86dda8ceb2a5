"""Moved to `parlour.cli.args`; this name stays for the commands of outside packages."""

from parlour.cli.args import GAME_HELP, GameArg, LangOption, OptionalGameArg, check_game, out_json

__all__ = ["GAME_HELP", "GameArg", "LangOption", "OptionalGameArg", "check_game", "out_json"]
