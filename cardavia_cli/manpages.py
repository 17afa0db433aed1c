"""Man pages generated from the command tree of the Typer app: ``cardavia.1`` (the root, with
the commands that are not groups: run, resume, arena) and ``cardavia-GROUP.1`` for each command
group (every game, saves, scores). Every registered command is documented with no per-command
code; regenerate after adding one:

    python -m cardavia_cli.manpages man/

The pages hold no date, so the same tree gives the same files (a test compares them).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from cardavia_cli import __version__
from cardavia_cli.commands.plainhelp import plain, walk

#: The manual's section.
SECTION = "1"


def _roff(text: str) -> str:
    """``text`` escaped for roff: backslashes, and a leading ``.`` or ``'`` of a line."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    lines = []
    for line in text.splitlines():
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def _paragraphs(text: str) -> list[str]:
    """The paragraphs of a help text (blank-line separated), each on one line."""
    out = []
    for block in plain(text).replace("\b", "").split("\n\n"):
        joined = " ".join(block.split())
        if joined:
            out.append(joined)
    return out


def _usage(command: Any, path: tuple[str, ...]) -> str:
    pieces = ["cardavia", *path]
    import typer

    ctx = typer.Context(command, info_name=" ".join(pieces))
    tail = " ".join(command.collect_usage_pieces(ctx))
    return " ".join([*pieces, tail]).strip()


def _params(command: Any) -> list[str]:
    """``.TP`` entries for the arguments and options of ``command``."""
    out: list[str] = []
    for param in command.params:
        if getattr(param, "hidden", False):
            continue
        if param.param_type_name == "argument":
            name = (param.metavar or param.name or "").upper()
            names = f"\\fI{_roff(name)}\\fR"
        else:
            opts = [*param.opts, *param.secondary_opts]
            names = ", ".join(f"\\fB{_roff(o)}\\fR" for o in opts)
            if not param.is_flag and param.metavar:
                names += f" \\fI{_roff(param.metavar)}\\fR"
            elif not param.is_flag:
                names += f" \\fI{_roff((param.name or '').upper())}\\fR"
        help_text = " ".join(plain(getattr(param, "help", "") or "").split())
        default = param.default
        if (
            param.param_type_name == "option"
            and not param.is_flag
            and default is not None
            and not callable(default)
            and default != []
        ):
            value = getattr(default, "value", default)
            help_text += f" (default: {value})"
        out.append(f".TP\n{names}\n{_roff(help_text)}")
    out.append(".TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nShow the help and exit.")
    return out


def _command_section(command: Any, path: tuple[str, ...], level: str = ".SS") -> list[str]:
    out = [f"{level} {_roff(' '.join(path))}", ".PP", f"\\fB{_roff(_usage(command, path))}\\fR"]
    for para in _paragraphs(command.help or ""):
        out += [".PP", _roff(para)]
    params = _params(command)
    if params:
        out += [".PP", "Options and arguments:", ".RS", *params, ".RE"]
    return out


def _header(name: str, summary: str) -> list[str]:
    return [
        f'.TH {name.upper()} {SECTION} "" "cardavia {__version__}" "cardavia manual"',
        ".SH NAME",
        f"{_roff(name)} \\- {_roff(summary)}",
    ]


def _first_sentence(text: str) -> str:
    paras = _paragraphs(text)
    return paras[0].split(". ")[0].rstrip(".") if paras else ""


def pages(root: Any | None = None) -> dict[str, str]:
    """The man pages of the command tree ``root`` (default: cardavia's), by file name."""
    if root is None:
        import typer

        from cardavia_cli.app import app

        root = typer.main.get_command(app)
    tops = [(p, c) for p, c in walk(root) if len(p) == 1]
    groups = [(p, c) for p, c in tops if getattr(c, "commands", None)]
    plain_commands = [(p, c) for p, c in tops if not getattr(c, "commands", None)]
    out: dict[str, str] = {}

    lines = _header("cardavia", _first_sentence(root.help or ""))
    lines += [".SH SYNOPSIS", "\\fBcardavia\\fR [\\fIOPTIONS\\fR] [\\fICOMMAND\\fR] ..."]
    lines += [".SH DESCRIPTION"]
    for para in _paragraphs(root.help or ""):
        lines += [".PP", _roff(para)]
    lines += [".SH OPTIONS", ".RS", *_params(root), ".RE"]
    lines += [".SH COMMANDS"]
    for path, cmd in plain_commands:
        lines += _command_section(cmd, path)
    lines += [".SH COMMAND GROUPS"]
    for path, cmd in groups:
        summary = _first_sentence(cmd.help or "")
        lines += [
            ".TP",
            f"\\fBcardavia {path[0]}\\fR",
            f"{_roff(summary)}; see \\fBcardavia\\-{path[0]}\\fR(1).",
        ]
    lines += _footer([f"cardavia-{p[0]}" for p, _ in groups])
    out["cardavia.1"] = "\n".join(lines) + "\n"

    for path, group in groups:
        name = f"cardavia-{path[0]}"
        lines = _header(name, _first_sentence(group.help or ""))
        lines += [
            ".SH SYNOPSIS",
            f"\\fBcardavia {path[0]}\\fR \\fICOMMAND\\fR [\\fIOPTIONS\\fR] ...",
        ]
        lines += [".SH DESCRIPTION"]
        for para in _paragraphs(group.help or ""):
            lines += [".PP", _roff(para)]
        lines += [".SH COMMANDS"]
        for sub_path, sub in walk(group, path):
            if sub_path != path:
                lines += _command_section(sub, sub_path)
        lines += _footer(["cardavia"])
        out[f"{name}.1"] = "\n".join(lines) + "\n"
    return out


def _footer(see: list[str]) -> list[str]:
    refs = ", ".join(f"\\fB{_roff(s)}\\fR(1)" for s in see)
    return [
        ".SH ENVIRONMENT",
        ".TP",
        "\\fBCARDAVIA_HOME\\fR",
        "The folder of the saves, the history and the scores ledger.",
        ".TP",
        "\\fBNO_COLOR\\fR, \\fBTERM=dumb\\fR",
        "No colours.",
        ".TP",
        "\\fBCARDAVIA_ASCII\\fR",
        "Only ASCII characters in the output (as \\fB\\-\\-ascii\\fR).",
        ".TP",
        "\\fBCARDAVIA_PACE\\fR",
        "The pause in seconds between the lines of a long run of computer plays on a terminal "
        "(default 0.3; 0 for none; the REPL's set pace changes it).",
        ".SH SEE ALSO",
        refs,
    ]


def write(folder: Path) -> list[Path]:
    """Write every page into ``folder`` (created if needed), and remove the pages of commands
    that are gone; returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    made = pages()
    for old in folder.glob("cardavia*.1"):
        if old.name not in made:
            old.unlink()
    written = []
    for name, text in made.items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """``python -m cardavia_cli.manpages FOLDER``: write the man pages there."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        sys.stderr.write("usage: python -m cardavia_cli.manpages FOLDER\n")
        return 2
    for path in write(Path(args[0])):
        sys.stdout.write(f"{path}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
