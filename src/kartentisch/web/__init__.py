"""The browser table: FastAPI app (:func:`create_app`), storage, live tables and the static front end."""

from .app import create_app

__all__ = ["create_app"]
