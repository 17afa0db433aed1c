"""The words a person types, in English and in the language spoken now.

Every command may be typed with its English verb or with its word in the language,
``pgettext("verb", VERB)`` (:func:`said_word`; the ``verbs`` catalog, :mod:`.verbs`). The few
fixed words typed after a command (``auto all``, ``log raw``, ``set pace``, ``restart yes``,
``on``/``off``: :data:`ARGUMENT_WORDS`) have a word in the language too,
``pgettext("word", WORD)``. Typed words are compared :func:`fold`-ed. What a game reads and a
save records is always the English word.
"""

from __future__ import annotations

import re
import unicodedata

from cardavia_cli.engine.i18n import NP_, pgettext
from cardavia_cli.engine.words import lower

#: The marks written above Arabic letters (short vowels, shadda, sukun) and the tatweel,
#: left out when a typed word is compared; and the forms of alef read as a bare alef.
_ARABIC_MARKS = re.compile("[\u064b-\u065f\u0670\u0640]")
_ALEF = str.maketrans(
    {"\u0623": "\u0627", "\u0625": "\u0627", "\u0622": "\u0627", "\u0671": "\u0627"}
)

#: The invisible marks of bidirectional text (LRM, RLM, ALM, the embeddings, overrides and
#: isolates) and the zero-width no-break space: a right-to-left keyboard or a paste puts them
#: in a line, and no command has them.
_DIRECTION_MARKS = re.compile("[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069\ufeff]")


def typed_line(line: str) -> str:
    """A line as typed at a prompt, without the marks of bidirectional text anywhere in it
    and without the white space around it.

    >>> typed_line("\u200fpass "), typed_line("play \u2066rK\u2069")
    ('pass', 'play rK')
    """
    return _DIRECTION_MARKS.sub("", line).strip()


#: The fixed words typed after a command (each may have a word in the language).
ARGUMENT_WORDS: tuple[str, ...] = (
    # TRANSLATORS: typed after auto: "auto all" plays on for you to the end of the deal or round.
    NP_("word", "all"),
    # TRANSLATORS: typed after auto: "auto match" plays on for you to the end of the match,
    # deal after deal.
    NP_("word", "match"),
    # TRANSLATORS: typed after log: "log raw" shows the canonical event lines.
    NP_("word", "raw"),
    # TRANSLATORS: typed after set: "set pace 0.5", the pause between computer plays.
    NP_("word", "pace"),
    # TRANSLATORS: typed after restart: "restart yes" does not ask first.
    NP_("word", "yes"),
    # TRANSLATORS: typed after a setting's name: turn it on.
    NP_("word", "on"),
    # TRANSLATORS: typed after a setting's name: turn it off.
    NP_("word", "off"),
)


def fold(word: str) -> str:
    """``word`` as typed words are compared: lower case (in Turkish, ``I`` is ``ı`` and ``İ``
    is ``i``), in NFC, Arabic without its vowel marks and tatweel and with every alef form as
    a bare alef (``إلغاء`` and ``الغاء`` are one word).

    >>> fold("Pass"), fold("إلغاء") == fold("الغاء")
    ('pass', True)
    """
    word = lower(unicodedata.normalize("NFC", word))
    return _ARABIC_MARKS.sub("", word).translate(_ALEF)


def lower_first(text: str) -> str:
    """``text`` with its first letter in lower case (a sentence's start inside another), in
    Turkish ``İ`` as ``i`` and ``I`` as ``ı``.

    >>> lower_first("Show the table")
    'show the table'
    """
    return lower(text[:1]) + text[1:]


def said_word(verb: str) -> str | None:
    """The word of the language spoken now for the typed command ``verb`` (``pgettext("verb",
    VERB)``), or ``None`` when it has none besides the English one."""
    word = pgettext("verb", verb)
    return None if not word or word == verb else word


def argument_word(word: str) -> str | None:
    """The word of the language spoken now for the fixed argument ``word`` (one of
    :data:`ARGUMENT_WORDS`), or ``None`` when it has none besides the English one."""
    said = pgettext("word", word)
    return None if not said or said == word else said


def is_word(typed: str, word: str) -> bool:
    """Whether ``typed`` is the fixed argument ``word``: in English (any case) or in the
    language spoken now.

    >>> is_word("ALL", "all"), is_word("raw", "all")
    (True, False)
    """
    if typed.lower() == word:
        return True
    said = argument_word(word)
    return said is not None and fold(typed) == fold(said)


def argument_words(word: str) -> list[str]:
    """The words that complete to the fixed argument ``word``: the language's, then the
    English one."""
    said = argument_word(word)
    return [said, word] if said is not None else [word]
