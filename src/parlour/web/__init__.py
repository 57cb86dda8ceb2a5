"""The web table: an ASGI server (Starlette, Uvicorn), its storage and its static page."""
