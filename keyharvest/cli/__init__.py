"""The command line: the Typer app (``app``), the contract support and the text/JSON shapes.

The console script is ``keyharvest = keyharvest.cli:main`` (``entry``); every command is
declared once, in ``commands``, and read by Typer. Importing this package imports no Typer:
``app`` is loaded when asked for.
"""

from typing import Any

from .entry import main


def __getattr__(name: str) -> Any:
    if name == "app":
        from .commands import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["app", "main"]
