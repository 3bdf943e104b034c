"""Write ``keyharvest/cli/plain.json``, the table by which ``keyharvest.cli.plain`` reads a
plain command line of ``validate`` or ``selfplay`` without Typer, and ``complete.answer``
answers a Tab, from the one declaration of the command line (``commands.py``):

    python -m keyharvest.cli.makeplain           # write it
    python -m keyharvest.cli.makeplain --check   # exit 1 if it is not today's

Run it after a declaration in ``commands.py`` changes (an option added, say: one line on
stderr says it is due, and so do ``tests/test_cli_plain.py`` and CI). Each part of the
table is keyed to the declaration it is made from (``plain.declaration_digest``); until it
is written again, the command lines and Tabs of the parts that do not fit go to Typer,
which is correct but slower to start; a comment or a new layout changes no key.

The table is made from what Typer itself builds of the declaration: the Click command
(``typer.main.get_command``: each option's names, whether it is a flag, its default) and
the declared types and bounds (the parameters' annotations, ``typer.Option``'s ``min`` and
``max``); for completion, what each parameter's ``shell_complete`` offers.
"""

from __future__ import annotations

import json
import sys
from enum import Enum
from typing import Any, get_args, get_origin, get_type_hints

from .plain import (
    CHOICE,
    COMPLETION,
    FLAG,
    TABLE_FORMAT,
    TEXT,
    WHOLE,
    declaration_digest,
    load,
    table_path,
)

#: The commands read without Typer.
COMMANDS = ("validate", "selfplay")


def _kind(hint: Any, info: Any, flag: bool) -> tuple[str, Any] | None:
    """The table's kind of an option of type ``hint`` (``Annotated``'s base), declared by
    ``info`` (the ``typer.Option`` of its annotation), or None for one Typer alone reads."""
    if flag:
        return FLAG, None
    args = [a for a in get_args(hint) if a is not type(None)] if get_origin(hint) else [hint]
    if len(args) != 1:
        return None
    base = args[0]
    if isinstance(base, type) and issubclass(base, Enum):  # declared in cli/inputs.py
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
    for name in COMMANDS:
        body = commands.BODIES[name]
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
        out[name] = {"body": f"{body.__module__.rpartition('.')[2]}:{body.__name__}",
                     "declared": declaration_digest(name), "argument": argument, "options": options,
                     "defaults": defaults}
    return out


def _values(param: Any, ctx: Any, function: Any) -> list[Any]:
    """How the value of ``param`` completes: ``["function", NAME]`` (a function of
    ``complete``, which Typer calls with what has been typed), ``["choices", [...],
    case_sensitive]``, or ``["none"]``: what ``param.shell_complete`` does, told by asking
    it."""
    from . import complete

    if function is not None:
        name = function.__name__
        if getattr(complete, name, None) is not function:
            raise SystemExit(f"{param.name}: its autocompletion must be a function of "
                             "keyharvest.cli.complete")
        return ["function", name]
    offered = [item.value for item in param.shell_complete(ctx, "")]
    if offered:
        if not all(isinstance(v, str) for v in offered):
            raise SystemExit(f"{param.name}: its choices complete as text only")
        # a choice that reads in either case completes what was typed in the other case
        probe = next((v[0].swapcase() for v in offered if v[:1].swapcase() != v[:1]), None)
        sensitive = probe is None or not param.shell_complete(ctx, probe)
        return ["choices", offered, sensitive]
    if param.shell_complete(ctx, "x"):  # a file, say: declare what completes it
        raise SystemExit(f"{param.name}: declare its autocompletion (keyharvest.cli.complete)")
    return ["none"]


def _params(command: Any, ctx: Any, declared: Any) -> list[dict[str, Any]]:
    """The parameters of ``command`` as shell completion sees them, in their order."""
    hints = get_type_hints(declared, include_extras=True) if declared is not None else {}
    out = []
    for param in command.get_params(ctx):
        function = None
        if param.name in hints:
            _, *extras = get_args(hints[param.name]) or (None,)
            info = next((e for e in extras if hasattr(e, "autocompletion")), None)
            function = getattr(info, "autocompletion", None)
        option = param.param_type_name == "option"
        flag = option and bool(param.is_flag or param.count)
        if param.nargs not in ((1, -1) if not option else (1,)):
            raise SystemExit(f"{param.name}: complete.answer reads nargs 1 (and -1 for an "
                             "argument) only")
        opts = list(param.opts)
        if set(opts) == set(ctx.help_option_names):  # Click lists them from a set: any order
            opts = list(ctx.help_option_names)
        # an option is known by its first name, an argument by its name (the help option's
        # name is Typer's own, which changes with its version; an argument's help is not
        # shown by completion)
        out.append({
            "kind": param.param_type_name, "opts": opts,
            "name": opts[0] if option else param.name, "secondary": list(param.secondary_opts),
            "help": getattr(param, "help", None) if option else None,
            "hidden": bool(getattr(param, "hidden", False)), "flag": flag,
            "nargs": param.nargs, "multiple": bool(param.multiple),
            "values": ["none"] if flag else _values(param, ctx, function)})
    arguments = [p["nargs"] for p in out if p["kind"] == "argument"]
    if -1 in arguments[:-1]:
        raise SystemExit("complete.answer reads an argument of nargs -1 only as the last")
    return out


def completion_table() -> dict[str, Any]:
    """What shell completion (``complete.answer``) needs of the command line: the group's
    parameters, and each visible command's one-line help and parameters, as the Click
    command Typer builds of the declaration has them."""
    import typer.main

    from . import commands

    group = typer.main.get_command(commands.app)
    with group.make_context("keyharvest", [], resilient_parsing=True) as ctx:
        table: dict[str, Any] = {
            "params": _params(group, ctx, commands.app.registered_callback.callback),  # type: ignore[union-attr]
            "commands": {}, "order": []}
        for name in group.list_commands(ctx):  # type: ignore[attr-defined]
            command = group.get_command(ctx, name)  # type: ignore[attr-defined]
            if command is None or command.hidden:
                continue
            table["order"].append(name)  # as Typer lists them
            with command.make_context(name, [], parent=ctx, resilient_parsing=True) as sub:
                declared = getattr(commands, getattr(command.callback, "__name__", ""), None)
                table["commands"][name] = {"help": command.get_short_help_str(),
                                           "params": _params(command, sub, declared)}
    return table


def dump() -> str:
    document = {"format": TABLE_FORMAT, "commands": commands_table(),
                COMPLETION: {**completion_table(), "declared": declaration_digest(COMPLETION)}}
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
