"""The ``keyharvest`` command line (Typer). Thin: parse arguments, call the library, format,
pick an exit code (0 ok, 1 invalid input, 2 usage error, 3 internal error)."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="keyharvest",
    help="Rules engine and tools for records of the board game Key Harvest.",
    no_args_is_help=True,
    add_completion=False,
)


def _version(value: bool) -> None:
    if value:
        from . import __version__

        typer.echo(f"keyharvest {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
) -> None:
    """Rules engine and tools for records of the board game Key Harvest."""


@app.command()
def board() -> None:
    """Describe the standard board: spaces, crops and starting pairs."""
    from .boardfile import standard_board

    b = standard_board()
    typer.echo(f"{b.name}: {len(b.references)} spaces; starting pairs "
               + ", ".join("-".join(p) for p in b.starting_pairs))


def main() -> None:
    app()
