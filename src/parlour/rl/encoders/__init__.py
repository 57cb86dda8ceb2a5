"""One observation encoder per game, each reading only the acting seat's view."""
