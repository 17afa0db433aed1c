"""A player's rules text as numbered sections, and the lookup of ``rules TOPIC``.

A rules text is Markdown: a ``#`` title, then sections under headings of two to six ``#``,
most of them numbered (``## 7. Tribute and return``, ``### 7.5 The return``). The command
``cardavia GAME rules TOPIC`` and the REPL's ``rules TOPIC`` both call :func:`find_section`:
a topic is a section number (``9.3``) or words of a section's title, case-insensitive, each a
whole word, another form of it (a singular for a plural, ``resto`` for ``Resti``; accents left
out) or the start of one (``tribute``, ``bombs``, ``wild``).

The rules are written in each language cardavia speaks (``player_rules.tr.md``): numbers are
the same in every language, title words are those of the language spoken (folded as that
language writes capitals: Turkish ``I`` is ``ı``, ``İ`` is ``i``; Arabic without its short
vowels and article), and the English title words still find a section in every language
(``rules tribute`` in Turkish), as do Turkish words typed without their accents (``harac``).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass

from cardavia_cli.engine.errors import CardaviaError
from cardavia_cli.engine.i18n import _, language, pgettext
from cardavia_cli.engine.words import lower

_HEADING = re.compile(r"^(#{2,6})\s+(?:(\d+(?:\.\d+)*)\.?\s+)?(.+?)\s*$")
_NUMBER = re.compile(r"^[0-9]+(?:\.[0-9]+)*\.?$")
#: A word: letters and digits of any script (no underscore).
_WORD = re.compile(r"[^\W_]+")
#: Arabic-Indic digits (both forms) and the Arabic decimal separator, as typed numbers.
_DIGITS = str.maketrans("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹٫", "01234567890123456789.")
#: Arabic short vowels, shadda, sukun, the dagger alef and the tatweel: left out of a word.
_ARABIC_MARKS = re.compile("[\u064b-\u0652\u0670\u0640]")
#: Arabic letters written in several ways: each folded to one.
_ARABIC_LETTERS = str.maketrans("أإآٱىة", "اااايه")
#: The Arabic article, alone or after "and", "with", "so", "as", taken off a word's start.
_ARABIC_ARTICLE = re.compile(r"^(?:[وبفك]?ال)(?=\w\w)")
#: Turkish letters as a keyboard without them types them (``harac`` for ``haraç``).
_PLAIN_LATIN = str.maketrans("çğıöşüâîû", "cgiosuaiu")
#: Words a topic may carry or leave out without changing what it asks for.
_SMALL_WORDS = frozenset(
    {"a", "an", "the", "of", "and", "to"}  # English
    | {"ve", "ile", "bir", "veya", "ya", "da", "de"}  # Turkish
    | {"في", "من", "علي", "عن", "الي", "او", "ثم", "و", "مع"}  # Arabic, as fold() writes them
)
#: How many sections an unknown topic's message names.
NEARBY = 4


class UnknownTopicError(CardaviaError):
    """A topic that names no section; ``nearby`` holds the names of sections it may have
    meant (``"7.5 The return"``), closest first, at most :data:`NEARBY`."""

    def __init__(self, message: str, topic: str, nearby: tuple[str, ...]) -> None:
        super().__init__(message)
        self.topic = topic
        self.nearby = nearby


@dataclass(frozen=True, slots=True)
class Section:
    """One section of a rules text: its ``number`` (``"7.5"``; ``""`` when unnumbered), its
    ``title`` (``"The return"``), its heading ``level`` (2 for ``##``) and its ``text``: the
    heading line and everything under it, subsections included, up to the next heading of the
    same or a higher level."""

    number: str
    title: str
    level: int
    text: str
    body: str

    @property
    def name(self) -> str:
        """The number and the title as the heading writes them: ``"7.5 The return"``,
        ``"7. Tribute and return"`` (a top number keeps its dot), ``"Examples"``."""
        if not self.number:
            return self.title
        dot = "" if "." in self.number else "."
        return f"{self.number}{dot} {self.title}"


def sections(text: str) -> tuple[Section, ...]:
    """Every section of the Markdown ``text`` under a heading of level 2 to 6, in order of
    appearance; a heading's number loses its final dot (``## 7. Tribute`` is ``"7"``).
    ``body`` is the section's own text, without its heading and its subsections."""
    lines = text.splitlines()
    heads: list[tuple[int, int, str, str]] = []
    fenced = False
    for i, line in enumerate(lines):
        if line.startswith("```"):
            fenced = not fenced
        m = None if fenced else _HEADING.match(line)
        if m:
            heads.append((i, len(m.group(1)), m.group(2) or "", m.group(3)))
    out: list[Section] = []
    for k, (i, level, number, title) in enumerate(heads):
        end = next((j for j, lv, _, _ in heads[k + 1 :] if lv <= level), len(lines))
        own_end = heads[k + 1][0] if k + 1 < len(heads) else len(lines)
        out.append(
            Section(
                number=number,
                title=title,
                level=level,
                text="\n".join(lines[i:end]).strip(),
                body="\n".join(lines[i + 1 : own_end]).strip(),
            )
        )
    return tuple(out)


def fold(text: str, lang: str = "en") -> str:
    """``text`` in lower case as the language ``lang`` writes it, for comparing words: Turkish
    ``I`` is ``ı`` and ``İ`` is ``i``; Arabic loses its short vowels and tatweel, and its
    alef, alef maqsura and ta marbuta forms are each folded to one; Arabic-Indic digits are
    digits. ``lang="plain"`` also writes Turkish letters without their accents.

    >>> fold("IŞIK İADE", "tr"), fold("IŞIK İADE", "plain"), fold("BOMB")
    ('ışık iade', 'isik iade', 'bomb')
    >>> fold("الإِرْجاع", "ar") == "الارجاع"
    True
    """
    text = text.translate(_DIGITS)
    if lang == "plain":
        text = text.replace("İ", "i")
    text = lower(text, lang)
    if lang == "plain":
        text = text.translate(_PLAIN_LATIN)
    return _ARABIC_MARKS.sub("", text).translate(_ARABIC_LETTERS)


def _words(text: str, lang: str = "en") -> list[str]:
    """The words of ``text`` folded for ``lang`` (:func:`fold`), an Arabic article left out."""
    return [_ARABIC_ARTICLE.sub("", w) for w in _WORD.findall(fold(text, lang))]


#: Endings of a plural: English, Turkish.
_PLURALS = ("s", "es", "ler", "lar")
#: A Turkish word's last letter as it softens before an ending: ``öncelik``, ``önceliği``.
_SOFTENED = {"k": "ğ", "g": "ğ", "ç": "c"}
#: Endings that make another form of one word, longest first: English and Turkish plurals,
#: and the vowel that ends an Italian noun of the games (``resto``, ``resti``; ``versicola``,
#: ``versicole``).
_FORM_ENDINGS = ("ies", "es", "ler", "lar", "s", "o", "i", "a", "e")


def _form(word: str) -> str:
    """What the forms of one word share, for comparing them loosely: the word without the
    accents of its Latin letters (``cucù`` is ``cucu``) and without one ending of
    :data:`_FORM_ENDINGS` where at least three letters stay (``resti`` and ``resto`` are
    ``rest``, ``bombs`` is ``bomb``, ``tricks`` ``trick``).

    >>> _form("Resti".lower()), _form("resto"), _form("cucù"), _form("bombs"), _form("tubes")
    ('rest', 'rest', 'cucu', 'bomb', 'tub')
    """
    kept: list[str] = []
    for ch in unicodedata.normalize("NFD", word):
        if unicodedata.combining(ch) and kept and kept[-1].isascii():
            continue
        kept.append(ch)
    plain = unicodedata.normalize("NFC", "".join(kept))
    for end in _FORM_ENDINGS:
        if plain.endswith(end) and len(plain) - len(end) >= 3:
            return plain[: -len(end)]
    return plain


def _fits(word: str, title_word: str) -> int:
    """2 when ``word`` is ``title_word`` or another form of it (a plural, a singular, an
    accent left out: :func:`_form`), 1 when it starts it (its last letter softened, as Turkish
    does before an ending: ``haraç`` starts ``haracın``), 0 otherwise."""
    if word == title_word or any(word == title_word + end for end in _PLURALS):
        return 2
    if len(word) >= 3 and _form(word) == _form(title_word):
        return 2
    if len(word) >= 2 and title_word.startswith(word):
        return 1
    soft = _SOFTENED.get(word[-1:])
    if soft and len(word) >= 3 and title_word.startswith(word[:-1] + soft):
        return 1
    return 0


def _score(topic: list[str], section: Section, lang: str) -> tuple[int, int]:
    """How well the topic's words name ``section`` (small words like "the" aside): first 3
    for its whole title, 2 for whole words of the title, 1 for words or starts of words of
    it, 0 for not at all; then minus the number of title words the topic leaves out."""
    title = [w for w in _words(section.title, lang) if w not in _SMALL_WORDS]
    wanted = [w for w in topic if w not in _SMALL_WORDS] or topic
    if not wanted or not title:
        return (0, 0)
    if wanted == title:
        return (3, 0)
    fits = [max((_fits(w, t) for t in title), default=0) for w in wanted]
    left_out = sum(1 for t in title if not any(_fits(w, t) for w in wanted))
    return (min(fits), -left_out)


def _number_key(number: str) -> tuple[int, ...]:
    return tuple(int(p) for p in number.split("."))


def _nearby_numbers(all_sections: tuple[Section, ...], number: str) -> list[Section]:
    """Sections beside a number that is not there: its siblings under the nearest parent
    that exists, else the top-level sections, closest number first."""
    numbered = [s for s in all_sections if s.number]
    parts = _number_key(number)
    for cut in range(len(parts) - 1, -1, -1):
        parent = parts[:cut]
        if cut and not any(_number_key(s.number) == parent for s in numbered):
            continue
        kids = [s for s in numbered if _number_key(s.number)[:-1] == parent]
        if kids:
            target = parts[cut]
            return sorted(kids, key=lambda s: abs(_number_key(s.number)[-1] - target))
    return []


def _by_title(all_sections: tuple[Section, ...], topic: str, lang: str) -> int | None:
    """The place in ``all_sections`` of the section whose title the words of ``topic``
    (folded for ``lang``) name best (:func:`find_section`), or ``None``."""
    words = _words(topic, lang)
    scored = [(*_score(words, s, lang), -i) for i, s in enumerate(all_sections)]
    best = max(scored, default=None)
    return -best[2] if best is not None and best[0] > 0 else None


def _nearby_names(all_sections: tuple[Section, ...], topic: list[str], lang: str) -> list[Section]:
    """Sections a misspelt or unknown topic may have meant: titles with a word close to one of
    the topic's (a typo), then sections whose own text uses the topic's words most."""
    close: list[tuple[float, int, Section]] = []
    for i, s in enumerate(all_sections):
        ratio = max(
            (
                difflib.SequenceMatcher(None, w, t).ratio()
                for w in topic
                for t in _words(s.title, lang)
                if t not in _SMALL_WORDS
            ),
            default=0.0,
        )
        if ratio >= 0.75:
            close.append((-ratio, i, s))
    found = [s for _, _, s in sorted(close, key=lambda c: c[:2])]
    used: list[tuple[int, int, Section]] = []
    for i, s in enumerate(all_sections):
        words = _words(s.body, lang)
        count = sum(1 for w in words for t in topic if t not in _SMALL_WORDS and _fits(t, w) == 2)
        if count:
            used.append((-count, i, s))
    found += [s for _, _, s in sorted(used, key=lambda c: c[:2]) if s not in found]
    return found


def find_section(text: str, topic: str, english: str | None = None) -> Section:
    """The section of the rules ``text`` (written in the language spoken now) that ``topic``
    names: a number (``"9.3"``, ``"7."``, Arabic-Indic digits too) is that section exactly;
    words are matched against the titles (the whole title first, then whole words, then starts
    of words; then the title with the fewest words left out; among equals the first in the
    text, so a section comes before its subsections). When the titles of ``text`` have no
    such words, the titles of the English rules ``english`` (the same sections in the same
    order) are tried, then those of ``text`` with Turkish letters typed plain. Raises
    :class:`UnknownTopicError` naming nearby sections of ``text``.

    >>> rules = "# G\\n## 7. Tribute and return\\nx\\n### 7.5 The return\\ny\\n## 8. Bombs\\nz"
    >>> find_section(rules, "7.5").name, find_section(rules, "TRIB").name
    ('7.5 The return', '7. Tribute and return')
    >>> find_section(rules, "return").name, find_section(rules, "bomb").name
    ('7.5 The return', '8. Bombs')
    """
    wanted = topic.strip()
    all_sections = sections(text)
    lang = language()
    number = wanted.translate(_DIGITS)
    if _NUMBER.match(number):
        number = number.rstrip(".")
        for s in all_sections:
            if s.number == number:
                return s
        nearby = _nearby_numbers(all_sections, number)
    else:
        # the English sections stand for these when they are the same sections, in order
        base = all_sections if english is None else sections(english)
        same = [b.number for b in base] == [s.number for s in all_sections]
        found = _by_title(all_sections, wanted, lang)
        if found is None and lang != "en" and same:
            found = _by_title(base, wanted, "en")
        if found is None and lang != "en":
            found = _by_title(all_sections, wanted, "plain")
        if found is not None:
            return all_sections[found]
        words = _words(wanted, lang)
        nearby = _nearby_names(all_sections, words, lang) if words else []
        if not nearby and lang != "en" and same and base is not all_sections:
            where = {id(b): i for i, b in enumerate(base)}
            close = _nearby_names(base, _words(wanted), "en")
            nearby = [all_sections[where[id(b)]] for b in close]
    if not nearby:
        nearby = [s for s in all_sections if s.level == 2]
    names = tuple(s.name for s in nearby[:NEARBY])
    if names:
        # TRANSLATORS: {topic} is what the player typed, quoted; {sections} lists the names
        # of sections ("7.5 The return"), joined by the list separator below.
        message = _("the rules have no section {topic}; nearby: {sections}").format(
            topic=repr(wanted),
            # TRANSLATORS: between two items of a list ("7.5 The return, 8. Bombs").
            sections=pgettext("list separator", ", ").join(names),
        )
    else:
        message = _("the rules have no section {topic}").format(topic=repr(wanted))
    raise UnknownTopicError(message, wanted, names)
