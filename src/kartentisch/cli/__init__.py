"""The terminal face: a Typer app (``kartentisch``) with Rich rendering."""
