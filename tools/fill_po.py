"""Fill translations into a catalog from a TOML or JSON table (msgid -> msgstr, or for a
plural message a list of forms; a message with a context is keyed ``"CONTEXT\\x04MSGID"``).

    python tools/fill_po.py tr engine translations.json
    python tools/fill_po.py --todo tr engine        # the messages still untranslated

Only messages of the catalog are filled (an unknown key is reported); the file is rewritten
as ``tools/catalogs.py update`` writes it. Compile afterwards: ``python tools/catalogs.py
compile``.
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import catalogs  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402


def _key(message) -> str:
    first = message.id if isinstance(message.id, str) else message.id[0]
    return f"{message.context}\x04{first}" if message.context else first


def main(argv: list[str]) -> int:
    todo = argv[:1] == ["--todo"]
    if todo:
        argv = argv[1:]
    lang, domain = argv[0], argv[1]
    path = catalogs.po_path(lang, domain)
    with path.open("rb") as fh:
        catalog = read_po(fh, locale=lang)
    if todo:
        for m in catalog:
            strs = (m.string,) if isinstance(m.string, str) else tuple(m.string)
            if m.id and not all(strs):
                print(
                    json.dumps(m.id if isinstance(m.id, str) else list(m.id), ensure_ascii=False)
                    + (f"  (context {m.context})" if m.context else "")
                )
        return 0
    source = Path(argv[2])
    table = (
        tomllib.loads(source.read_text("utf-8"))
        if source.suffix == ".toml"
        else json.loads(source.read_text("utf-8"))
    )
    by_key = {_key(m): m for m in catalog if m.id}
    unknown = [k for k in table if k not in by_key]
    for key, value in table.items():
        m = by_key.get(key)
        if m is None:
            continue
        if isinstance(m.id, str):
            if not isinstance(value, str):
                print(f"not a text for {key!r}", file=sys.stderr)
                continue
            m.string = value
        else:
            forms = [value] * catalog.num_plurals if isinstance(value, str) else list(value)
            if len(forms) != catalog.num_plurals:
                print(
                    f"{key!r}: {len(forms)} forms, {lang} has {catalog.num_plurals}",
                    file=sys.stderr,
                )
                continue
            m.string = tuple(forms)
        m.flags.discard("fuzzy")
    catalogs._write(catalog, path, ignore_obsolete=True)
    for key in unknown:
        print(f"no such message: {key!r}", file=sys.stderr)
    return 1 if unknown else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
