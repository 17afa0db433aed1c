"""Extract, update and compile cardavia's message catalogs (Babel).

    python tools/catalogs.py            # all three steps, for every domain and language
    python tools/catalogs.py extract    # the templates: cardavia_cli/locale/DOMAIN.pot
    python tools/catalogs.py update     # each LANG/LC_MESSAGES/DOMAIN.po from its template
    python tools/catalogs.py compile    # each .po to its .mo (what the program reads)
    python tools/catalogs.py --domain guandan     # the three steps for one domain only

A domain's messages are what its source files mark (``_``, ``N_``, ``ngettext``,
``pgettext``, ``npgettext``, ``NP_``; :mod:`cardavia_cli.engine.i18n`) or, for the two made
from data, what its module's ``messages()`` lists: ``help`` (the command-line help) and
``verbs`` (the REPL's command words). ``tests/test_catalogs.py`` checks that every template is
up to date, every language translates every message with the same placeholders, and every
``.mo`` is compiled from its ``.po``.
"""

from __future__ import annotations

import importlib
import io
import sys
from collections.abc import Iterable
from datetime import UTC
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "cardavia_cli"
LOCALE = PACKAGE / "locale"
LANGS = ("tr", "ar")
HEADER = "# cardavia's messages to players, one domain of them (tools/catalogs.py)."

#: Each domain's source files (globs under the package), or the module whose ``messages()``
#: lists its messages (``str`` or ``(context, message)``). A file belongs to the first domain
#: here that names it (``display`` takes its files out of ``cli`` and ``repl``).
SOURCES: dict[str, tuple[str, ...]] = {
    "display": ("commands/settings.py", "repl/theme.py", "engine/display.py"),
    "rulebook": ("games/rulebook.py",),
    "engine": ("engine/*.py",),
    "repl": ("repl/*.py",),
    "cli": ("commands/*.py", "app.py", "games/*.py"),
    "sisepai": ("games/sisepai/*.py",),
    "cucu": ("games/cucu/*.py",),
    "guandan": ("games/guandan/*.py",),
    "minchiate": ("games/minchiate/*.py",),
}
GENERATED: dict[str, str] = {
    "help": "cardavia_cli.commands.helptext",
    "verbs": "cardavia_cli.repl.verbs",
}
KEYWORDS = {
    "_": None,
    "N_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "NP_": ((1, "c"), 2),
}


def _files(domain: str) -> list[Path]:
    claimed: set[Path] = set()
    for name, patterns in SOURCES.items():
        found = {p for pattern in patterns for p in PACKAGE.glob(pattern)} - claimed
        if name == domain:
            return sorted(found)
        claimed |= found
    raise KeyError(domain)


def template(domain: str) -> Catalog:
    """The template of ``domain``: every message its sources mark (or its module lists)."""
    catalog = Catalog(
        project="cardavia",
        header_comment=HEADER,
        copyright_holder="cardavia",
        msgid_bugs_address="",
        fuzzy=False,
    )
    if domain in GENERATED:
        sys.path.insert(0, str(ROOT))
        try:
            module = importlib.import_module(GENERATED[domain])
        except ModuleNotFoundError:
            return catalog
        for item in module.messages():
            if isinstance(item, tuple):
                context, message = item
                catalog.add(message, context=context, locations=[(GENERATED[domain], 0)])
            else:
                catalog.add(item, locations=[(GENERATED[domain], 0)])
        return catalog
    for path in _files(domain):
        rel = path.relative_to(ROOT).as_posix()
        for lineno, message, comments, context in extract_from_file(
            "python", str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
        ):
            flags = ("python-brace-format",) if _has_field(message) else ()
            catalog.add(
                message,
                locations=[(rel, lineno)],
                auto_comments=comments,
                context=context,
                flags=flags,
            )
    return catalog


def _has_field(message: str | tuple[str, ...]) -> bool:
    texts = (message,) if isinstance(message, str) else message
    return any("{" in t for t in texts)


def domains() -> Iterable[str]:
    return (*SOURCES, *GENERATED)


def pot_path(domain: str) -> Path:
    return LOCALE / f"{domain}.pot"


def po_path(lang: str, domain: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def _write(catalog: Catalog, path: Path, **options: object) -> None:
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, include_lineno=False, **options)  # type: ignore[arg-type]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buf.getvalue())


#: The domains the steps work on (all, or those named with ``--domain``).
CHOSEN: list[str] = []


def _chosen() -> Iterable[str]:
    return CHOSEN or domains()


def extract() -> None:
    for domain in _chosen():
        catalog = template(domain)
        catalog.creation_date = catalog.revision_date = _EPOCH
        _write(catalog, pot_path(domain))


def update() -> None:
    for domain in _chosen():
        with pot_path(domain).open("rb") as fh:
            tmpl = read_po(fh)
        for lang in LANGS:
            path = po_path(lang, domain)
            if path.exists():
                with path.open("rb") as fh:
                    catalog = read_po(fh, locale=lang)
            else:
                catalog = Catalog(
                    locale=lang, project="cardavia", header_comment=HEADER, fuzzy=False
                )
            catalog.update(tmpl, no_fuzzy_matching=True, update_header_comment=False)
            catalog.creation_date = catalog.revision_date = _EPOCH
            catalog.fuzzy = False
            _write(catalog, path, ignore_obsolete=True)


def compiled(lang: str, domain: str) -> bytes:
    """The ``.mo`` bytes of ``lang``'s ``domain`` catalog."""
    with po_path(lang, domain).open("rb") as fh:
        catalog = read_po(fh, locale=lang)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def compile_all() -> None:
    for domain in _chosen():
        for lang in LANGS:
            if po_path(lang, domain).exists():
                po_path(lang, domain).with_suffix(".mo").write_bytes(compiled(lang, domain))


def _epoch():  # a fixed date in the headers, so that a catalog changes only with its messages
    from datetime import datetime

    return datetime(2026, 1, 1, tzinfo=UTC)


_EPOCH = _epoch()


def main(argv: list[str]) -> int:
    while "--domain" in argv:
        i = argv.index("--domain")
        CHOSEN.append(argv[i + 1])
        del argv[i : i + 2]
    steps = argv or ["extract", "update", "compile"]
    for step in steps:
        {"extract": extract, "update": update, "compile": compile_all}[step]()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
