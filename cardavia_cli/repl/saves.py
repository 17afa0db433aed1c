"""Where saves go, and what is already there (cli.md "The REPL"; ``--save NAME``).

A save name without a slash is a save in the saves folder: ``evening`` (or ``evening.toml``)
is ``<saves folder>/evening.toml``. Anything with a slash is a path: it must end in ``.toml``
and its folder must already exist (no folders are created outside the saves folder). Only the
saves folder itself is created, by :func:`prepare_folder`, just before writing.

:func:`existing_save` describes a file that a save would overwrite, so the REPL and ``--save``
can refuse to replace another game's save without asking.
"""

from __future__ import annotations

import os
from pathlib import Path

from cardavia_cli.engine.errors import CardaviaError


class SaveTargetError(CardaviaError):
    """A save name or path that cannot be used (empty, no ``.toml``, a missing folder), or a
    save that already exists where a new one was asked for."""


def saves_folder() -> Path:
    """The folder of named saves."""
    from cardavia_cli.commands.common import saves_dir

    return saves_dir()


def _has_slash(name: str) -> bool:
    return any(sep and sep in name for sep in ("/", os.sep, os.altsep))


def save_target(name: str) -> Path:
    """Where a save called ``name`` is written.

    ``name`` without a slash: ``<saves folder>/NAME.toml`` (a trailing ``.toml`` is not
    doubled). With a slash: the path itself, which must end in ``.toml`` and lie in a folder
    that exists. Raises :class:`SaveTargetError` otherwise, or for an empty name.

    >>> save_target("evening.toml").name
    'evening.toml'
    """
    text = name.strip()
    if not text:
        raise SaveTargetError("empty save name: give a name, e.g. evening")
    if _has_slash(text):
        if not text.endswith(".toml") or text.endswith("/.toml"):
            raise SaveTargetError(
                f"{text!r}: a save path must end in .toml "
                "(a name without a slash is saved in the saves folder)"
            )
        path = Path(text).expanduser()
        if not path.parent.is_dir():
            raise SaveTargetError(f"{text!r}: there is no folder {path.parent}")
        return path
    stem = text[: -len(".toml")] if text.endswith(".toml") else text
    if not stem or stem.startswith("."):
        raise SaveTargetError(f"{text!r} is not a save name: use letters, digits, - or _")
    return saves_folder() / f"{stem}.toml"


def prepare_folder(path: Path) -> None:
    """Make sure ``path`` can be written: create the saves folder if ``path`` is a save in
    it; any other folder must exist already (raises :class:`SaveTargetError`)."""
    folder = saves_folder()
    if path.parent == folder:
        folder.mkdir(parents=True, exist_ok=True)
    elif not path.parent.is_dir():
        raise SaveTargetError(f"there is no folder {path.parent}")


def same_file(a: Path | None, b: Path | None) -> bool:
    """Whether ``a`` and ``b`` name the same file (both may not exist yet)."""
    if a is None or b is None:
        return False
    try:
        return a.expanduser().resolve() == b.expanduser().resolve()
    except OSError:
        return a == b


def resume_name(path: Path) -> str:
    """What to type after ``cardavia resume`` for the save at ``path``: its name for a save in
    the saves folder, else the path."""
    try:
        if path.parent.resolve() == saves_folder().resolve():
            return path.stem
    except OSError:
        pass
    return str(path)


def existing_save(path: Path, game: str | None = None) -> str | None:
    """A short description of the file at ``path`` (``"seed 2, 14 actions"``, with the game's
    name first when it is not ``game``), or ``None`` when there is no file there."""
    if not path.exists():
        return None
    from cardavia_cli.engine.dealfile import load_deal

    try:
        deal = load_deal(path)
    except (CardaviaError, OSError, ValueError):
        return "not a readable save"
    n = len(deal.actions)
    origin = "a given deck" if deal.deck is not None else f"seed {deal.seed}"
    what = f"{origin}, {n} action{'' if n == 1 else 's'}"
    return what if deal.game == game else f"{deal.game}, {what}"
