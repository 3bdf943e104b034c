"""The command line: the Typer app (``app``), the contract support and the text/JSON shapes.

The console script is ``keyharvest = keyharvest.cli:main``.
"""

from .commands import app, main

__all__ = ["app", "main"]
