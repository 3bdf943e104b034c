"""The ``--help`` pages, written by keyharvest itself from the Click parameters Typer builds,
so that they read as words and are the same under every Typer the project declares.

Typer formats help in its own way and changes it between releases (0.19 showed a literal
``\\[required]``; later releases print each parameter's Python type, ``PATH <list[str]>``,
``-j, --jobs <int range>``). The command class here (``HelpCommand``, given to each
command as ``cls=``) and the group class (``HelpGroup``, the app's ``cls=``) write the
usage line, the arguments and the options from the public attributes of Click's
parameters (names, ``metavar``, ``help``, ``default``, ``show_default``, ``required``, the
type's range or choices) and leave the rest to Click (the text, the layout and wrapping of
``HelpFormatter``):

- a value's metavar is the one declared (``FILE``, ``POINT``), else ``N`` for a number,
  the choices joined by ``|`` for a choice, else the option's name in capitals;
- an argument taking several values ends in ``...`` (``FILE...``); an optional one is in
  brackets;
- after the help, in brackets: ``default: X`` (where the option shows one), the range in
  words (``at least 1``, ``2 to 4``) and ``required``;
- the page ends with the command's examples (``Examples:``, a command line a line, never
  rewrapped: they are pasted as written).

The commands list of ``keyharvest --help`` gives each command's ``short_help`` whole.
tests/golden/help/ holds every page as written (tests/test_help_pages.py), checked under
the newest and the lowest declared Typer (``.ci/min-versions.sh``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Annotated, Any, get_args, get_origin, get_type_hints

import typer.core

# The parameters, contexts and formatters are Click's (or, in later Typers, those of the
# Click that Typer carries inside it): they are read through Click's public attributes
# (``param_type_name``, ``opts``, ``metavar``, ``help``, ``default``, ``show_default``,
# ``required``, ``is_flag``), which both have. What Typer derives from the types differs
# between its releases, so a value's kind and range are read from the declaration itself
# (``declared``), as cli/makeplain.py reads them.
Param = Any


def declared(function: Any) -> dict[str, tuple[Any, Any]]:
    """The parameters of a command's function (its ``callback``: Typer's wrapper of the
    function ``cli/commands.py`` declares, whose annotations it keeps) as declared: for
    each, the type (``Annotated``'s base, ``X | None`` as ``X``) and the ``typer.Option``
    or ``typer.Argument`` of its annotation (None for a parameter without one)."""
    if not callable(function):
        return {}
    out: dict[str, tuple[Any, Any]] = {}
    for param, hint in get_type_hints(function, include_extras=True).items():
        base, *extras = get_args(hint) if get_origin(hint) is Annotated else (hint,)
        info = next((e for e in extras if type(e).__name__ in ("OptionInfo", "ArgumentInfo")),
                    None)
        args = [a for a in get_args(base) if a is not type(None)] if get_origin(base) else [base]
        out[param] = (args[0] if len(args) == 1 else base, info)
    return out


def _metavar(param: Param, kind: tuple[Any, Any] | None) -> str:
    if param.metavar:
        return str(param.metavar)
    base = kind[0] if kind else None
    if isinstance(base, type) and issubclass(base, enum.Enum):
        return "|".join(str(m.value) for m in base)
    if base in (int, float):
        return "N"
    return str(param.name or "value").upper()


def _range(kind: tuple[Any, Any] | None) -> str | None:
    info = kind[1] if kind else None
    low, high = getattr(info, "min", None), getattr(info, "max", None)
    if low is not None and high is not None:
        return f"{low} to {high}"
    if low is not None:
        return f"at least {low}"
    if high is not None:
        return f"at most {high}"
    return None


def _default(option: Param) -> str | None:
    if option.show_default is False or option.default is None or option.is_flag:
        return None
    value = option.default
    if isinstance(value, enum.Enum):
        value = value.value
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value)) if value else None
    return str(value)


def argument_usage(argument: Param, kind: tuple[Any, Any] | None = None) -> str:
    """An argument as the usage line and the arguments list write it: ``FILE...``,
    ``[FILE]``."""
    word = _metavar(argument, kind)
    if argument.nargs != 1:
        word += "..."
    return word if argument.required else f"[{word}]"


def option_record(option: Param, kind: tuple[Any, Any] | None = None) -> tuple[str, str]:
    """An option's line in the options list: its names (short first) and metavar, and its
    help followed by ``[default: …; range; required]``."""
    names = ", ".join(sorted(option.opts, key=lambda o: (o.startswith("--"), o)))
    if option.secondary_opts:
        names += " / " + ", ".join(option.secondary_opts)
    if not option.is_flag and not option.count:
        names += " " + _metavar(option, kind)
    extra = [f"default: {d}" for d in [_default(option)] if d is not None]
    extra += [r for r in [_range(kind)] if r is not None]
    if option.required:
        extra.append("required")
    text = option.help or ""
    if extra:
        text = f"{text}  [{'; '.join(extra)}]" if text else f"[{'; '.join(extra)}]"
    return names, text


def _sections(params: Iterable[Param], kinds: dict[str, tuple[Any, Any]]
              ) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    arguments: list[tuple[str, str]] = []
    options: list[tuple[str, str]] = []
    for param in params:
        if getattr(param, "hidden", False):
            continue
        if param.param_type_name == "argument":
            kind = kinds.get(param.name)  # an argument's help is in its declaration
            help_text = getattr(kind[1] if kind else None, "help", None) or ""
            if param.required:
                help_text = f"{help_text}  [required]" if help_text else "[required]"
            arguments.append((argument_usage(param, kinds.get(param.name)), help_text))
        elif param.param_type_name == "option":
            options.append(option_record(param, kinds.get(param.name)))
    return arguments, options


def _write(formatter: Any, title: str, rows: list[tuple[str, str]]) -> None:
    if rows:
        with formatter.section(title):
            formatter.write_dl(rows)


def _page(command: Any, ctx: Any, formatter: Any) -> None:
    """The page: usage, the text, the arguments and options (and commands), the epilog."""
    command.format_usage(ctx, formatter)
    command.format_help_text(ctx, formatter)
    command.format_options(ctx, formatter)
    command.format_epilog(ctx, formatter)


class HelpCommand(typer.core.TyperCommand):
    """A command whose help page keyharvest writes (see the module's docstring)."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        kinds = declared(self.callback)
        pieces += [argument_usage(p, kinds.get(p.name)) for p in self.get_params(ctx)
                   if p.param_type_name == "argument"]
        return pieces

    def format_options(self, ctx: Any, formatter: Any) -> None:
        arguments, options = _sections(self.get_params(ctx), declared(self.callback))
        _write(formatter, "Arguments", arguments)
        _write(formatter, "Options", options)

    def format_epilog(self, ctx: Any, formatter: Any) -> None:
        """The examples (the epilog ``commands.command`` gives: a command line a line),
        each on a line of its own as written, never rewrapped: they are pasted."""
        if self.epilog:
            with formatter.section("Examples"):
                for line in self.epilog.splitlines():
                    formatter.write(f"{'':>{formatter.current_indent}}{line}\n")

    def format_help(self, ctx: Any, formatter: Any) -> None:
        _page(self, ctx, formatter)


class HelpGroup(typer.core.TyperGroup):
    """The app's group: its options and the commands, each with its ``short_help`` whole."""

    def format_options(self, ctx: Any, formatter: Any) -> None:
        _write(formatter, "Options", _sections(self.get_params(ctx), {})[1])
        self.format_commands(ctx, formatter)

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.short_help or command.get_short_help_str(200)))
        _write(formatter, "Commands", rows)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        _page(self, ctx, formatter)
