"""Write ``keyharvest/cli/plain.json``, the table by which ``keyharvest.cli.plain`` reads a
plain command line of ``validate`` or ``selfplay`` without Typer, from the one declaration
of the command line (``commands.py``):

    python -m keyharvest.cli.makeplain           # write it
    python -m keyharvest.cli.makeplain --check   # exit 1 if it is not today's

Run it after an option of ``validate`` or ``selfplay`` changes (``tests/test_cli_plain.py``
says when it is due); until then every command line goes to Typer, which is correct but
slower to start. The table is made from what Typer itself builds of the declaration: the
Click command (``typer.main.get_command``: each option's names, whether it is a flag, its
default) and the declared types and bounds (the parameters' annotations, ``typer.Option``'s
``min`` and ``max``).
"""

from __future__ import annotations

import json
import sys
from enum import Enum
from typing import Any, get_args, get_origin, get_type_hints

from .plain import CHOICE, FLAG, TABLE_FORMAT, TEXT, WHOLE, declaration_digest, load, table_path

#: The commands read without Typer, and their bodies in ``keyharvest.cli.bodies``.
COMMANDS = {"validate": "run_validate", "selfplay": "run_selfplay"}


def _kind(hint: Any, info: Any, flag: bool) -> tuple[str, Any] | None:
    """The table's kind of an option of type ``hint`` (``Annotated``'s base), declared by
    ``info`` (the ``typer.Option`` of its annotation), or None for one Typer alone reads."""
    if flag:
        return FLAG, None
    args = [a for a in get_args(hint) if a is not type(None)] if get_origin(hint) else [hint]
    if len(args) != 1:
        return None
    base = args[0]
    if isinstance(base, type) and issubclass(base, Enum):
        return CHOICE, [[str(m.value) for m in base], base.__name__]
    if base is int and not getattr(info, "clamp", False):
        return WHOLE, [getattr(info, "min", None), getattr(info, "max", None)]
    if base is str:
        return TEXT, None
    return None


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def commands_table() -> dict[str, Any]:
    """The ``commands`` of the table, from the declaration."""
    import typer.main

    from . import commands

    group = typer.main.get_command(commands.app)
    out: dict[str, Any] = {}
    for name, body in COMMANDS.items():
        command = group.commands[name]  # type: ignore[attr-defined]
        declared = getattr(commands, name)
        hints = get_type_hints(declared, include_extras=True)
        options: dict[str, Any] = {}
        defaults: dict[str, Any] = {}
        argument = None
        for param in command.params:
            if param.name is None or param.name == "help":
                continue
            if param.param_type_name == "argument":
                argument = param.name
                continue
            defaults[param.name] = _plain(param.default)
            hint = hints[param.name]
            base, *extras = get_args(hint) or (hint,)
            info = next((e for e in extras if type(e).__name__ == "OptionInfo"), None)
            kind = _kind(base, info, bool(getattr(param, "is_flag", False)))
            if kind is None or param.secondary_opts or param.multiple or param.nargs != 1:
                continue  # Typer reads it
            for opt in param.opts:
                options[opt] = [param.name, kind[0], kind[1]]
        out[name] = {"body": body, "argument": argument, "options": options,
                     "defaults": defaults}
    return out


def dump() -> str:
    document = {"format": TABLE_FORMAT, "declaration_sha256": declaration_digest(),
                "commands": commands_table()}
    return json.dumps(document, indent=1, sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = table_path()
    if args == ["--check"]:
        try:
            current = path.read_text(encoding="utf-8")
        except OSError:
            current = ""
        if load(current) is None or current != dump():
            print(f"{path} is not today's: run python -m keyharvest.cli.makeplain",
                  file=sys.stderr)
            return 1
        print(f"{path} is today's")
        return 0
    if args:
        print("usage: python -m keyharvest.cli.makeplain [--check]", file=sys.stderr)
        return 2
    path.write_text(dump(), encoding="utf-8")
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
