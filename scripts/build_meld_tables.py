"""Write the Si Se Pai meld tables that ship with the package (rules/sisepai.md 10, 13).

The win check looks answers up in per-group tables (see ``cardavia_cli.games.sisepai.melds``);
building them by exhaustive search takes about 0.1 s, so they are shipped precomputed in
``cardavia_cli/games/sisepai/meld_tables.json``. Run this after any change to the meld rules or
to the search, from the checkout's root::

    python scripts/build_meld_tables.py          # rewrite the file
    python scripts/build_meld_tables.py --check  # exit 1 if the file differs from a fresh build

``tests/test_sisepai_check.py`` fails while the shipped file differs from a fresh build.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cardavia_cli.games.sisepai import melds


def main(argv: list[str] | None = None) -> int:
    """Rewrite the table file (or, with ``--check``, compare it); returns the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare, write nothing")
    args = parser.parse_args(argv)
    path = Path(melds.__file__).with_name(melds.TABLES_FILE)
    text = melds.tables_json(melds.build_tables())
    if args.check:
        same = path.is_file() and path.read_text(encoding="utf-8") == text
        print(f"{path.name}: {'up to date' if same else 'differs from a fresh build'}")
        return 0 if same else 1
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    print(f"{path.name}: written ({len(text)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
