"""Terminal play: `parlour play GAME`, a full-screen Textual interface over the game contract.

The package is split so that start-up stays light: `cli.py` and `config.py` import no Textual,
`session.py` drives a game without any screen (and is what the tests reason about), `tables/`
turns a seat's view into text, and `app.py` / `screens.py` are the Textual faces.
"""

# Here rather than in config.py: `parlour play --pace` needs it as its default, and every command
# builds that option, while config.py (the dataclasses, the game contract) loads only for `play`.
DEFAULT_PACE_MS = 700
