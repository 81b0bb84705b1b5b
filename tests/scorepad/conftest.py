"""The score-pad tests reuse the web engineer's fixtures (app on a temp SQLite file, live server)."""

from tests.web.conftest import app_options, client, db_url, live_server  # noqa: F401  (pytest fixtures)
