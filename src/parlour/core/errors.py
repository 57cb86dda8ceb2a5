"""Errors that every layer can show to a user as one clear line."""


class ParlourError(Exception):
    """Base of every error Parlour reports to a user (never shown as a traceback).

    `exit_code` is the command line's exit status for it: 2 (a usage error: the arguments are
    at fault) unless a subclass says the command failed while running (1).
    """

    exit_code = 2


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

    exit_code = 1


class FileProblem(ParlourError):
    """A file or folder that cannot be read or written while a command runs."""

    exit_code = 1
