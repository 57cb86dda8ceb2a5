"""Errors that every layer can show to a user as one clear line."""


class ParlourError(Exception):
    """Base of every error Parlour reports to a user (never shown as a traceback)."""


class RulesError(ParlourError):
    """An invalid rules option or combination of options, or an impossible setup."""


class IllegalAction(ParlourError):
    """An action the rules forbid; `rule` names the rule it breaks.

    Raised before anything changes, so the state is left untouched.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message

    def to_json(self) -> dict[str, str]:
        return {"rule": self.rule, "message": self.message}


class RecordError(ParlourError):
    """A game record that cannot be read or replayed."""
