"""The interactive REPL, written once for every game (cli.md "The REPL", design.md rule 7).

* :mod:`.session` is the loop: it lets the computer players and the forced answers run, asks
  the person at seat 0 for a command, and keeps saves;
* :mod:`.commands` is the one command registry (a decorator with verb, aliases, usage and
  help); help text, completion and the toolbar are generated from it;
* :mod:`.hooks` is what a game package provides for the REPL (its ``repl`` module's ``UI``):
  rendering a seat's view, the prompt, card completion, safeguards and narration;
* :mod:`.completion` completes verbs and the cards that fit;
* :mod:`.reader` reads commands: prompt_toolkit on a terminal, a plain line reader for pipes;
* :mod:`.output` holds the values handlers return and :mod:`.render` is the one place that
  prints them.

Nothing here knows the rules of a particular game.
"""
