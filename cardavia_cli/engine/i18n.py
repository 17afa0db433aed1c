"""The language cardavia speaks to a player: message catalogs through :mod:`gettext`.

Every word said to a player is marked in the source: ``_("Your turn.")``, ``ngettext("{n}
card", "{n} cards", n).format(n=n)``, ``pgettext("verb", "pass")``; a text fixed at import
time (a module constant) is marked with :func:`N_` and translated where it is shown
(``_(LABEL)``). Placeholders are ``str.format`` fields (``{seat}``), the same in every
language. Card codes, the action words of saves and deal files, ``--json`` output and exit
codes never pass through a catalog: a save made in Turkish replays in English.

The catalogs are one gettext domain per part of the program (:data:`DOMAINS`), compiled
``.mo`` files under ``cardavia_cli/locale/LANG/LC_MESSAGES/DOMAIN.mo`` (``tools/catalogs.py``
extracts, updates and compiles them with Babel). :func:`set_language` loads every domain of
a language into one chain; a message no catalog holds is said in English.

The language is, first found: ``--lang``, ``$CARDAVIA_LANG``, ``language`` in the settings
file, then the locale (``$LC_ALL``, ``$LC_MESSAGES``, ``$LANG``); English when none names a
language cardavia speaks (:func:`resolve_language`).

Arabic is written right to left (:func:`is_rtl`): lines stay in logical order and every run of
Latin letters, digits and card codes in them is wrapped as a left-to-right isolate
(:func:`isolate_ltr`), so that a terminal with bidirectional text keeps ``9H 9D`` as written.

>>> set_language("en"); _("pass"), language(), is_rtl()
('pass', 'en', False)
>>> isolate_ltr("لعب 9H 9D", rtl=True) == "لعب \\u20669H 9D\\u2069"
True
"""

from __future__ import annotations

import gettext as _gettext
import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from cardavia_cli.engine import errors
from cardavia_cli.engine.errors import CardaviaError

#: The languages cardavia speaks: code -> its own name for itself.
LANGUAGES: Mapping[str, str] = {"en": "English", "tr": "Türkçe", "ar": "العربية"}
#: The languages written right to left.
RTL_LANGUAGES = frozenset({"ar"})
#: The language of the source texts (no catalog needed).
SOURCE_LANGUAGE = "en"
#: The environment variable that chooses the language (below ``--lang``).
LANG_ENV = "CARDAVIA_LANG"
#: One gettext domain per part of the program, searched in this order.
DOMAINS: tuple[str, ...] = (
    "display",
    "rulebook",
    "engine",
    "repl",
    "cli",
    "help",
    "verbs",
    "sisepai",
    "cucu",
    "guandan",
    "minchiate",
)
#: Where the compiled catalogs are: ``LOCALE_DIR/LANG/LC_MESSAGES/DOMAIN.mo``.
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


class UnknownLanguageError(CardaviaError):
    """A language cardavia does not speak, asked for by ``--lang``, ``$CARDAVIA_LANG`` or the
    settings file."""


_current: _gettext.NullTranslations = _gettext.NullTranslations()
_language = SOURCE_LANGUAGE


def _chain(lang: str) -> _gettext.NullTranslations:
    if lang == SOURCE_LANGUAGE:
        return _gettext.NullTranslations()
    first: _gettext.NullTranslations | None = None
    for domain in DOMAINS:
        found = _gettext.translation(domain, str(LOCALE_DIR), [lang], fallback=True)
        if type(found) is _gettext.NullTranslations:
            continue
        if first is None:
            first = found
        else:
            first.add_fallback(found)
    return first or _gettext.NullTranslations()


def set_language(lang: str) -> None:
    """Speak ``lang`` (a key of :data:`LANGUAGES`) from now on. Raises
    :class:`UnknownLanguageError` for any other code."""
    global _current, _language
    code = normal_code(lang)
    if code is None:
        raise UnknownLanguageError(
            f"unknown language {lang!r}: cardavia speaks {', '.join(LANGUAGES)}"
        )
    _current = _chain(code)
    _language = code


def language() -> str:
    """The code of the language spoken now (``en``, ``tr``, ``ar``)."""
    return _language


def is_rtl(lang: str | None = None) -> bool:
    """Whether ``lang`` (default: the language spoken now) is written right to left."""
    return (lang or _language) in RTL_LANGUAGES


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Speak ``lang`` for the time of a ``with`` block, then the language before it (``--json``
    output runs in English: ``with speaking("en"): ...``)."""
    global _current, _language
    saved = (_current, _language)
    set_language(lang)
    try:
        yield
    finally:
        _current, _language = saved


def normal_code(text: str) -> str | None:
    """The language code in a ``--lang`` value or a locale name (``tr``, ``TR``,
    ``tr_TR.UTF-8``, ``ar_EG@latin``, ``en-GB``), or ``None`` when cardavia does not speak it.

    >>> normal_code("tr_TR.UTF-8"), normal_code("AR"), normal_code("C"), normal_code("de")
    ('tr', 'ar', None, None)
    """
    code = re.split(r"[_.@-]", text.strip(), maxsplit=1)[0].lower()
    return code if code in LANGUAGES else None


def locale_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the locale asks for (the first of ``$LC_ALL``, ``$LC_MESSAGES``, ``$LANG``
    that is set), when cardavia speaks it; ``None`` otherwise (``C``, ``POSIX``, ``de_DE``)."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            return normal_code(value)
    return None


def resolve_language(
    flag: str | None = None,
    settings_language: str | None = None,
    environ: Mapping[str, str] | None = None,
) -> str:
    """The language to speak: ``flag`` (``--lang``), else ``$CARDAVIA_LANG``, else the
    settings file's ``settings_language``, else the locale, else English. An unknown code in
    any of the first three raises :class:`UnknownLanguageError` naming where it came from
    (an unknown locale is simply not used).

    >>> resolve_language(None, "tr", {"LANG": "ar_EG.UTF-8"})
    'tr'
    >>> resolve_language(None, None, {"LANG": "ar_EG.UTF-8", "CARDAVIA_LANG": "en"})
    'en'
    >>> resolve_language(None, None, {"LANG": "de_DE.UTF-8"})
    'en'
    """
    env = os.environ if environ is None else environ
    for where, value in (
        ("--lang", flag),
        (LANG_ENV, env.get(LANG_ENV) or None),
        ("the settings file's language", settings_language),
    ):
        if value is not None:
            code = normal_code(value)
            if code is None:
                raise UnknownLanguageError(
                    f"{where}: unknown language {value!r}: cardavia speaks {', '.join(LANGUAGES)}"
                )
            return code
    return locale_language(env) or SOURCE_LANGUAGE


def _(message: str) -> str:
    """``message`` in the language spoken now."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for the count ``n`` in the language spoken now
    (Arabic has six); format the count in yourself: ``ngettext("{n} card", "{n} cards",
    n).format(n=n)``."""
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the ``context`` (``verb``: a typed command word)."""
    return _current.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` in a ``context``."""
    return _current.npgettext(context, singular, plural, n)


def _phase_name(phase: str) -> str:
    return _current.pgettext("phase", phase)


errors.phase_name = _phase_name


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it (a constant made at import
    time, translated where it is shown with ``_(CONSTANT)``)."""
    return message


def NP_(context: str, message: str) -> str:
    """:func:`N_` with a context; returns ``message``."""
    return message


#: An ASCII word holding a Latin letter or a digit (``9H``, ``(seat``, ``+12``, ``50%``), and any
#: ASCII word (signs alone: ``-``, ``/``).
# (Latin letters with accents count as Latin: "Cucù" is one run)
_LTR_WORD = r"[\x21-\x7e\u00c0-\u024f]*[A-Za-z0-9\u00c0-\u024f][\x21-\x7e\u00c0-\u024f]*"
_ASCII_WORD = r"[\x21-\x7e\u00c0-\u024f]+"
#: A run of left-to-right text in a line: words holding a Latin letter or a digit, with the
#: ASCII words between them, one space apart (``you (seat 0)``, ``9H - 9D``). Two spaces or
#: more part two runs: that is the gap between two cells of a table (``41   101``: two
#: numbers in two columns, each in its own isolate, so that each stays under its heading
#: in a line shown right to left).
_LTR_RUN = re.compile(rf"{_LTR_WORD}(?: (?:{_ASCII_WORD} )*?{_LTR_WORD})*")
#: A terminal's control sequence (colour): inside a run it stays inside, at its edges outside.
_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
#: The brackets a run keeps only with their pairs, and the signs that may follow a closing one.
_OPENING = {"(": ")", "[": "]", "{": "}"}
_CLOSING = {v: k for k, v in _OPENING.items()}
_CLOSED = re.compile(r"[)\]}][.,:;!?]*$")
LRI, PDI = "\u2066", "\u2069"


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    """The run ``text[start:end]`` less a bracket whose pair is outside it, and the signs
    after such a closing bracket: ``9.3`` of ``(القواعد 9.3).``, so that the right-to-left
    line shows its own brackets mirrored as a pair."""
    while True:
        run = text[start:end]
        closed = _CLOSED.search(run)
        if closed is not None:
            bracket = run[closed.start()]
            head = run[: closed.start() + 1]
            if head.count(bracket) > head.count(_CLOSING[bracket]):
                end = start + closed.start()
                continue
        first = run[0]
        if first in _OPENING and run.count(first) > run.count(_OPENING[first]):
            start += 1
            continue
        return start, end


def isolate_ltr(text: str, rtl: bool | None = None) -> str:
    """``text`` with every left-to-right run wrapped in a left-to-right isolate (U+2066 ..
    U+2069) when the language is written right to left (``rtl``, default :func:`is_rtl`);
    unchanged otherwise. A run is a sequence of ASCII words one space apart of which at
    least one holds a Latin letter or a digit, with the brackets and signs between and around
    them (``9H 9D``, ``(seat 0)``, ``+12``, ``[1]``, ``50%``, ``9D.``); never an Arabic letter
    or the Arabic comma, nor a bracket whose pair is outside it (with the signs after it), nor
    two spaces or more (the gap between two cells of a table: each cell keeps its own
    isolates, ``41   101`` is two). Control
    sequences (colours) are left as they are: inside a run they stay inside its isolate, so
    that ``9H 9D`` in two colours is one run.

    >>> isolate_ltr("العب 9H 9D الآن", rtl=True) == "العب \\u20669H 9D\\u2069 الآن"
    True
    >>> isolate_ltr("أنت (seat 0)، ثم (المقعد 2).", rtl=True) == (
    ...     "أنت \\u2066(seat 0)\\u2069، ثم (المقعد \\u20662\\u2069).")
    True
    >>> isolate_ltr("play 9H", rtl=False)
    'play 9H'
    """
    if not (is_rtl() if rtl is None else rtl):
        return text
    pieces = _ESCAPE.split(text)
    codes = _ESCAPE.findall(text)
    plain = "".join(pieces)
    escapes: dict[int, list[str]] = {}
    at = 0
    for piece, code in zip(pieces, codes, strict=False):
        at += len(piece)
        escapes.setdefault(at, []).append(code)
    starts: set[int] = set()
    ends: set[int] = set()
    for match in _LTR_RUN.finditer(plain):
        start, end = _trimmed(plain, match.start(), match.end())
        starts.add(start)
        ends.add(end)
    out: list[str] = []
    for i in range(len(plain) + 1):
        if i in ends:
            out.append(PDI)
        out.extend(escapes.get(i, ()))
        if i in starts:
            out.append(LRI)
        if i < len(plain):
            out.append(plain[i])
    return "".join(out)
