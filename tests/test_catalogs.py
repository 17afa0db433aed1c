"""The message catalogs are complete (issue: Turkish and Arabic): every template holds exactly
what the source marks, every language translates every message with the same placeholders and
markup, and every compiled ``.mo`` is its ``.po``. The steps that make them:
``python tools/catalogs.py`` (extract, update, compile)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

catalogs = pytest.importorskip("catalogs")
from babel.messages.pofile import read_po  # noqa: E402

_FIELD = re.compile(r"(?<!\{)\{([^{}]*)\}(?!\})")
_MARKUP = re.compile(r"\[/?[a-z][a-z0-9 ._#-]*\]")
DOMAINS = tuple(catalogs.domains())


def _ids(catalog) -> set[tuple[str | None, str]]:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}


def _read(path: Path, lang: str | None = None):
    with path.open("rb") as fh:
        return read_po(fh, locale=lang)


def fields(text: str) -> set[str]:
    """The ``str.format`` fields of ``text``: ``{seat}`` -> ``seat``."""
    return set(_FIELD.findall(text))


def test_fields_reads_placeholders_and_not_doubled_braces():
    assert fields("{Seat} passes {n} {{x}}") == {"Seat", "n"}


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_template_holds_what_the_source_marks(domain):
    fresh = _ids(catalogs.template(domain))
    kept = _ids(_read(catalogs.pot_path(domain)))
    assert sorted(fresh - kept, key=str) == [], "run: python tools/catalogs.py"
    assert sorted(kept - fresh, key=str) == [], "run: python tools/catalogs.py"


@pytest.mark.parametrize("lang", catalogs.LANGS)
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_is_translated_with_the_same_placeholders(domain, lang):
    template = _read(catalogs.pot_path(domain))
    catalog = _read(catalogs.po_path(lang, domain), lang)
    assert _ids(catalog) == _ids(template), "run: python tools/catalogs.py update"
    problems = []
    for m in catalog:
        if not m.id:
            continue
        ids = (m.id,) if isinstance(m.id, str) else tuple(m.id)
        strs = (m.string,) if isinstance(m.string, str) else tuple(m.string)
        where = f"{domain} {lang} {ids[0]!r}"
        if m.fuzzy:
            problems.append(f"{where}: fuzzy")
        if not all(strs) or len(strs) != (1 if len(ids) == 1 else catalog.num_plurals):
            problems.append(f"{where}: not translated (every plural form)")
            continue
        wanted = set().union(*(fields(t) for t in ids))
        found = [fields(t) for t in strs]
        if len(ids) == 1 and found[0] != wanted:
            problems.append(f"{where}: placeholders {sorted(found[0])} for {sorted(wanted)}")
        if len(ids) > 1 and (set().union(*found) != wanted or not all(f <= wanted for f in found)):
            problems.append(f"{where}: placeholders {[sorted(f) for f in found]}")
        marks = sorted(_MARKUP.findall(ids[0]))
        if any(sorted(_MARKUP.findall(t)) != marks for t in strs):
            problems.append(f"{where}: markup {marks} not kept")
    assert problems == []


@pytest.mark.parametrize("lang", catalogs.LANGS)
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_compiled_catalog_is_its_source(domain, lang):
    mo = catalogs.po_path(lang, domain).with_suffix(".mo")
    assert mo.read_bytes() == catalogs.compiled(lang, domain), "run: python tools/catalogs.py"


def _shadowing(source: str) -> list[str]:
    """The functions of ``source`` that bind the name ``_`` (``head, _, rest = ...``) and also
    call ``_()``, the translation: there the call would use the bound value."""
    import ast

    found = []

    def stores(node: ast.AST) -> bool:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.comprehension | ast.Lambda):
                continue  # their names are their own
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if isinstance(child, ast.Name) and child.id == "_" and isinstance(child.ctx, ast.Store):
                return True
            if stores(child):
                return True
        return False

    for fn in ast.walk(ast.parse(source)):
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef) and stores(fn):
            calls = any(
                isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "_"
                for n in ast.walk(fn)
            )
            if calls:
                found.append(fn.name)
    return found


def test_shadowing_finds_a_function_that_binds_the_translation():
    assert _shadowing("def f(t):\n    a, _, b = t\n    return _('x')\n") == ["f"]
    assert _shadowing("def f(t):\n    return [_('x') for _ in t]\n") == []


def test_no_function_binds_the_name_of_the_translation():
    bad = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in sorted((ROOT / "cardavia_cli").rglob("*.py"))
        for name in _shadowing(path.read_text("utf-8"))
    ]
    assert bad == []


@pytest.mark.parametrize("lang", catalogs.LANGS)
def test_a_message_of_several_domains_has_one_translation(lang):
    """The catalogs are searched as one chain, so a message (and context) that two domains
    share must read the same in both, or the one found first would speak for the other."""
    seen: dict[tuple[object, object], tuple[str, object]] = {}
    conflicts = []
    for domain in DOMAINS:
        for m in _read(catalogs.po_path(lang, domain), lang):
            if not m.id:
                continue
            key = (m.context, m.id if isinstance(m.id, str) else tuple(m.id))
            value = m.string if isinstance(m.string, str) else tuple(m.string)
            first = seen.setdefault(key, (domain, value))
            if first[1] != value:
                conflicts.append(f"{key[1]!r}: {first[0]} {first[1]!r}, {domain} {value!r}")
    assert conflicts == []


#: A citation of the rules as the English writes it ("rules 7.3", "rules 6, 7").
_ENGLISH_CITATION = re.compile(r"\brules [0-9]")
#: A citation in another form than the other games' (Turkish "kural 7.3", Arabic "القاعدة 7.3"
#: and "القواعد 6، 7"); the typed command "kurallar 7.3" is no citation.
_CITATION = {
    "tr": re.compile(r"\(kurallar [0-9]"),
    "ar": re.compile(r"\(القواعد [0-9]+(?:\.[0-9]+)*\.?(?![0-9.]*(?:، |, | و)[0-9])"),
}


@pytest.mark.parametrize("lang", catalogs.LANGS)
@pytest.mark.parametrize("domain", DOMAINS)
def test_rule_citations_are_said_in_the_language(domain, lang):
    """Every game cites its rules alike: "kural 7.3" in Turkish (not "rules 7.3", nor
    Minchiate's "kurallar 7.3"), "القاعدة 7.3" in Arabic, "القواعد" before two numbers or
    more (not "rules 7.3")."""
    catalog = _read(catalogs.po_path(lang, domain), lang)
    wrong = []
    for m in catalog:
        if not m.id:
            continue
        for text in (m.string,) if isinstance(m.string, str) else m.string:
            if _ENGLISH_CITATION.search(text) or _CITATION[lang].search(text):
                wrong.append(text)
    assert wrong == []
