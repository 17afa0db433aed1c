"""Tab completion: the verbs offered now, then the words that fit (cli.md "The REPL").

:func:`complete_line` is plain logic over the session (tested directly); :class:`ReplCompleter`
adapts it to prompt_toolkit. The first word completes to the legal action verbs and the
interface commands offered now, each with a few words saying what it does; later words ask the
command's completer, which for a game action asks the game's UI (e.g. after ``claim`` only the
cards that meld with the public card). A completed word is followed by a space, ready for the
next one (``c`` Tab gives ``claim ``). In a language with its own words for the commands
(:attr:`~.commands.Command.word`), the first word completes to those too, each before its
English verb (Turkish ``pa`` Tab offers ``pas`` and ``pass``), with the menu words translated.
"""

from __future__ import annotations

from collections.abc import Iterable

from prompt_toolkit.completion import CompleteEvent, Completer
from prompt_toolkit.completion import Completion as PTCompletion
from prompt_toolkit.document import Document

from cardavia_cli.engine.interface import Completion
from cardavia_cli.repl.commands import Shell, names_of
from cardavia_cli.repl.words import fold


def complete_line(session: Shell, text: str) -> tuple[str, list[Completion]]:
    """The word being completed at the end of ``text`` and its candidates, in order.

    Matching ignores case (``rr`` completes to ``rR``; a command's word as :func:`~.words.
    fold` compares it); each candidate appears once.
    """
    words = text.split()
    if text and not text[-1].isspace() and words:
        prefix = words.pop()
    else:
        prefix = ""
    if not words:
        candidates: Iterable[Completion] = [
            Completion(name, cmd.meta)
            for cmd in session.offered_commands()
            for name in names_of(cmd)
        ]
    else:
        cmd = session.registry.lookup(words[0])
        if cmd is None or cmd.complete is None:
            return prefix, []
        try:
            candidates = list(cmd.complete(session, words[1:]))
        except Exception:  # noqa: BLE001 - completion must never break the prompt
            return prefix, []
    low, folded = prefix.lower(), fold(prefix)
    seen: set[str] = set()
    out: list[Completion] = []
    for cand in candidates:
        fits = cand.text.lower().startswith(low) or fold(cand.text).startswith(folded)
        if fits and cand.text not in seen:
            seen.add(cand.text)
            out.append(cand)
    return prefix, out


class ReplCompleter(Completer):
    """prompt_toolkit completer over :func:`complete_line`."""

    def __init__(self, session: Shell) -> None:
        self.session = session

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[PTCompletion]:
        prefix, candidates = complete_line(self.session, document.text_before_cursor)
        for cand in candidates:
            yield PTCompletion(
                cand.text + " ",
                start_position=-len(prefix),
                display=cand.text,
                display_meta=cand.meta or None,
            )
